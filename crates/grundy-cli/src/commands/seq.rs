//! `grundy seq`: the Grundy sequence G(0..=N) of a heap rule with its
//! periodicity, largest value, value counts and P-positions.
//!
//! The flow is: read the arguments, refuse what would not fit, compute
//! ([`grundy::heap::sequence::compute`]), summarise ([`Summary`]), print.

use std::collections::BTreeMap;
use std::fmt::Write;

use clap::{Args, ValueEnum};
use grundy::heap::notation::HeapRule;
use grundy::heap::periodicity::{analyze_rule, Periodicity, Status};
use grundy::heap::sequence::{self, Method, Options};
use serde::Serialize;

use crate::commands::heap::parse_rule;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// The engine, as named on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MethodArg {
    /// Rare/common when the rule allows it, else naive.
    Auto,
    /// The mex over every option (the reference).
    Naive,
    /// Rare/common ("sparse space"); rules it cannot run use naive.
    Rc,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Naive => Method::Naive,
            MethodArg::Rc => Method::Rc,
        }
    }
}

/// Most worker threads `--threads` accepts.
const MAX_THREADS: u64 = 1024;

/// Grundy values G(0..=N) of a heap rule, with preperiod, period and the
/// status of the periodicity (proven, observed or none).
#[derive(Args, Debug)]
pub struct SeqArgs {
    /// The rule: a code (0.77, 4!.0, 0.[3]), sub:1,3,4, allbut:1,2,
    /// take:2..5, ranges:FILE or a name (see `grundy rules --list`).
    #[arg(value_name = "RULE")]
    pub rule: String,
    /// The last heap size N.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: String,
    /// Stop as soon as the periodicity is proven.
    #[arg(long)]
    pub until_proven: bool,
    /// Engine: auto, naive or rc (the values are the same).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Worker threads of the rare/common engine (default 1).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<String>,
    /// Print the values as CSV lines `n,g`.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Leave out the values and the P-positions (for long runs).
    #[arg(long)]
    pub summary: bool,
    /// Also draw the sequence (value against n) into this PNG file.
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,
}

/// The periodicity as printed.
#[derive(Serialize, Debug)]
pub struct PeriodicityReport {
    /// `proven`, `observed` or `none`.
    pub status: Status,
    /// First index of the periodic part.
    pub preperiod: Option<u64>,
    /// The period.
    pub period: Option<u64>,
    /// `G(n + period) - G(n)` in the periodic part.
    pub saltus: Option<i64>,
    /// How many values a proof needs, when a theorem applies.
    #[serde(skip)]
    pub values_for_proof: Option<u64>,
}

/// What `grundy seq --json` prints; `values` and `p_positions` are left out
/// with `--summary`.
#[derive(Serialize, Debug)]
pub struct Summary {
    /// The rule's canonical form.
    pub rule: String,
    /// The last heap computed.
    pub to: u64,
    /// G(0), ..., G(to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u32>>,
    /// Preperiod, period, status, saltus.
    pub periodicity: PeriodicityReport,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// How many heaps have each value, as `[value, count]` by value.
    pub value_counts: Vec<[u64; 2]>,
    /// How many heaps are P-positions.
    pub p_count: u64,
    /// Heaps with value 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_positions: Option<Vec<u64>>,
}

/// Bytes of memory the machine has available, when it says.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
}

/// Refuses up front a sequence that cannot be computed or would not fit.
pub fn check_size(rule: &HeapRule, to: u64, json_or_text: bool) -> CliResult {
    sequence::check(rule, to).map_err(|e| CliError::new(format!("--to {to}: {e}")))?;
    // The values, plus their printed form (up to 11 bytes each).
    let printed = if json_or_text {
        to.saturating_mul(11)
    } else {
        0
    };
    let need = sequence::memory_estimate(rule, to).saturating_add(printed);
    let have = available_memory().unwrap_or(8 << 30);
    if need > have {
        return Err(CliError::new(format!(
            "--to {to} needs about {} of memory, more than the {} available",
            gib(need),
            gib(have)
        )));
    }
    Ok(())
}

/// Summarises a computed sequence.
pub fn summarize(rule: &HeapRule, values: Vec<u32>, with_values: bool) -> Summary {
    let p: Periodicity = analyze_rule(rule, &values);
    let mut max_value = 0;
    let mut max_value_at = 0;
    let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
    for (n, &v) in values.iter().enumerate() {
        if v > max_value {
            max_value = v;
            max_value_at = n as u64;
        }
        *counts.entry(v).or_default() += 1;
    }
    let p_count = counts.get(&0).copied().unwrap_or(0);
    let p_positions = with_values.then(|| {
        values
            .iter()
            .enumerate()
            .filter(|(_, &v)| v == 0)
            .map(|(n, _)| n as u64)
            .collect()
    });
    Summary {
        rule: rule.to_string(),
        to: values.len().saturating_sub(1) as u64,
        periodicity: PeriodicityReport {
            status: p.status,
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            values_for_proof: p.values_for_proof,
        },
        max_value,
        max_value_at,
        value_counts: counts.into_iter().map(|(v, c)| [v as u64, c]).collect(),
        p_count,
        p_positions,
        values: with_values.then_some(values),
    }
}

/// The periodicity in words.
pub fn periodicity_words(p: &PeriodicityReport) -> String {
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::None, ..) => "none found".to_string(),
        (status, Some(n0), Some(per), Some(s)) => {
            let what = match (status, p.values_for_proof) {
                (Status::Proven, _) => {
                    "proven (the periodicity theorem's window has been checked)".to_string()
                }
                (_, Some(v)) => format!(
                    "observed (not proven: the periodicity theorem needs G(0..={}))",
                    v - 1
                ),
                (_, None) => "observed (no periodicity theorem covers this rule)".to_string(),
            };
            if s == 0 {
                format!("period {per} from n = {n0} (preperiod {n0}), {what}")
            } else {
                format!("G(n + {per}) = G(n) + {s} from n = {n0} (arithmetic periodicity, saltus {s}), {what}")
            }
        }
        _ => "none found".to_string(),
    }
}

fn text_report(s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: G(0..={})", s.rule, s.to);
    if let Some(v) = &s.values {
        for (i, chunk) in v.chunks(20).enumerate() {
            let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
            let _ = writeln!(out, "{:>8}: {}", i * 20, line.join(" "));
        }
    }
    let _ = writeln!(out, "periodicity: {}", periodicity_words(&s.periodicity));
    let _ = writeln!(
        out,
        "largest value: {} (first at n = {})",
        s.max_value, s.max_value_at
    );
    const SHOWN: usize = 32;
    let counts: Vec<String> = s
        .value_counts
        .iter()
        .take(SHOWN)
        .map(|[v, c]| format!("{v}: {c}"))
        .collect();
    let more = match s.value_counts.len() {
        n if n > SHOWN => format!(" ... ({n} distinct values; --json lists them all)"),
        _ => String::new(),
    };
    let _ = writeln!(out, "value counts: {}{more}", counts.join(", "));
    match &s.p_positions {
        Some(p) => {
            let list: Vec<String> = p.iter().map(u64::to_string).collect();
            let _ = writeln!(out, "P-positions ({}): {}", p.len(), list.join(" "));
        }
        None => {
            let _ = writeln!(out, "P-positions: {}", s.p_count);
        }
    }
    out
}

/// Computes and prints the sequence.
pub fn run(args: &SeqArgs) -> CliResult {
    let rule = parse_rule(&args.rule)?;
    let to = parse_u64(&args.to, "--to")?;
    let threads = match &args.threads {
        Some(t) => match parse_u64(t, "--threads")? {
            n @ 1..=MAX_THREADS => n as usize,
            n => {
                return Err(CliError::new(format!(
                    "--threads {n}: give between 1 and {MAX_THREADS} threads"
                )))
            }
        },
        None => 1,
    };
    check_size(&rule, to, !args.summary)?;
    let options = Options {
        method: args.method.into(),
        threads,
        until_proven: args.until_proven,
    };
    let values = sequence::compute(&rule, to, &options)
        .map_err(|e| CliError::new(format!("--to {to}: {e}")))?;
    if let Some(path) = &args.png {
        crate::plot::sequence_png(&values, path)?;
    }
    if args.csv {
        let mut out = String::with_capacity(values.len() * 8);
        out.push_str("n,g\n");
        for (n, v) in values.iter().enumerate() {
            let _ = writeln!(out, "{n},{v}");
        }
        return emit(&out);
    }
    let summary = summarize(&rule, values, !args.summary);
    if args.json {
        print_json(&summary)
    } else {
        emit(&text_report(&summary))
    }
}
