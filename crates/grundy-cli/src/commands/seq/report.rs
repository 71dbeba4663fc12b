//! What `grundy seq` prints of a sequence, computed or read: the values
//! (as text, CSV or JSON), the periodicity in words, the largest value,
//! the value counts, the P-positions, the checksum and the rare/common
//! engine's figures, and the values drawn into a PNG file.

use std::fmt::Write as _;

use grundy::heap::periodicity::Status;
use grundy::heap::rc::RcStats;
use grundy::heap::sequence::{self, EngineKind, ProvenPeriod, Sequence};
use serde::Serialize;

use super::args::SeqArgs;
use crate::commands::heap::rule_label;
use crate::error::CliResult;
use crate::report::{emit, print_json};

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

/// What `grundy seq --json` prints; `values` and `p_positions` (both over
/// `from..=to`) are left out with `--summary`, `stats` is there with
/// `--stats`. The counts are over `0..=to`.
#[derive(Serialize, Debug)]
pub struct Summary {
    /// The rule's canonical form (`ranges:FILE` as given).
    pub rule: String,
    /// The first heap listed.
    pub from: u64,
    /// The last heap.
    pub to: u64,
    /// G(to).
    pub value: u32,
    /// G(from), ..., G(to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u32>>,
    /// Preperiod, period, status, saltus.
    pub periodicity: PeriodicityReport,
    /// The last heap actually computed (or read); later ones follow from
    /// the proven period.
    pub computed: u64,
    /// The engine that computed the values (`read` for a file).
    pub engine: EngineKind,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// How many heaps have each value, as `[value, count]` by value.
    pub value_counts: Vec<[u64; 2]>,
    /// How many heaps are P-positions.
    pub p_count: u64,
    /// Heaps with value 0 in `from..=to`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_positions: Option<Vec<u64>>,
    /// Fletcher's checksum of G(0..=to), 8 hexadecimal digits, as a
    /// sequence file holding these values records it.
    pub checksum: String,
    /// The rare/common engine's figures (`null` for other engines).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<Option<RcStats>>,
}

/// The report of `G(0..=s.to)`, values listed from `from`.
fn summarize(args: &SeqArgs, s: &Sequence, from: u64, f: sequence::Figures) -> Summary {
    let p = s.periodicity();
    let value = |n: u64| s.value(n).expect("a complete sequence");
    let with_values = !args.summary;
    Summary {
        rule: match (&args.rule, &args.read) {
            (Some(text), None) => rule_label(text, &s.rule),
            _ => s.rule.to_string(),
        },
        from,
        to: s.to,
        value: value(s.to),
        values: with_values.then(|| (from..=s.to).map(value).collect()),
        periodicity: PeriodicityReport {
            status: p.status,
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            values_for_proof: p.values_for_proof,
        },
        computed: (s.computed() as u64).min(s.to),
        engine: s.engine,
        max_value: f.max_value,
        max_value_at: f.max_value_at,
        value_counts: f.value_counts.iter().map(|&(v, c)| [v as u64, c]).collect(),
        p_count: f.p_count,
        p_positions: with_values.then(|| (from..=s.to).filter(|&n| value(n) == 0).collect()),
        checksum: format!("{:08X}", f.checksum),
        stats: args.stats.then(|| s.stats.clone()),
    }
}

pub(super) fn print(args: &SeqArgs, s: &Sequence, from: u64, f: sequence::Figures) -> CliResult {
    let value = |n: u64| s.value(n).expect("a complete sequence");
    if let Some(path) = &args.png {
        let values: Vec<u32> = (from..=s.to).map(value).collect();
        let title = format!("G(n) of {}, n = {from} to {}", s.rule, s.to);
        let img = crate::plot::sequence_image(&values, from, &title);
        img.save(path)?;
        let wrote = format!(
            "wrote {} ({} x {} pixels: {title})",
            path.display(),
            img.width,
            img.height
        );
        // The machine-readable outputs stay as they are; the note goes aside.
        if args.csv || args.json {
            eprintln!("{wrote}");
        } else {
            emit(&format!("{wrote}\n"))?;
        }
    }
    if args.csv {
        let mut out = String::with_capacity((s.to - from + 1) as usize * 8);
        out.push_str("n,g\n");
        for n in from..=s.to {
            let _ = writeln!(out, "{n},{}", value(n));
        }
        return emit(&out);
    }
    let summary = summarize(args, s, from, f);
    if args.json {
        print_json(&summary)
    } else {
        emit(&text_report(&summary, s.period, args))
    }
}

/// The periodicity in words.
pub fn periodicity_words(p: &PeriodicityReport) -> String {
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::None, ..) => "none found".to_string(),
        (status, Some(n0), Some(per), Some(s)) => {
            let what = match (status, p.values_for_proof) {
                (Status::Observed, _) if s != 0 => {
                    "observed (no theorem here proves arithmetic periodicity)".to_string()
                }
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

fn text_report(s: &Summary, period: Option<ProvenPeriod>, args: &SeqArgs) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: G(0..={})", s.rule, s.to);
    if let Some(v) = &s.values {
        for (i, chunk) in v.chunks(20).enumerate() {
            let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
            let _ = writeln!(out, "{:>8}: {}", s.from + i as u64 * 20, line.join(" "));
        }
    }
    let _ = writeln!(out, "G({}) = {}", s.to, s.value);
    let _ = writeln!(out, "periodicity: {}", periodicity_words(&s.periodicity));
    if s.computed < s.to {
        let at = period.map_or(String::new(), |p| {
            format!(" (proven at heap {})", p.proven_at)
        });
        let _ = writeln!(
            out,
            "computed: G(0..={}){at}; the rest follows from the period",
            s.computed
        );
    }
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
            let range = match s.from {
                0 => String::new(),
                a => format!(" in {a}..={}", s.to),
            };
            let _ = writeln!(out, "P-positions{range} ({}): {}", p.len(), list.join(" "));
        }
        None => {
            let _ = writeln!(out, "P-positions: {}", s.p_count);
        }
    }
    if let Some(stats) = &s.stats {
        stats_text(&mut out, stats.as_ref(), s.engine);
    }
    if args.stats || args.read.is_some() || args.out.is_some() {
        let _ = writeln!(out, "checksum: {} (Fletcher, G(0..={}))", s.checksum, s.to);
    }
    out
}

fn stats_text(out: &mut String, stats: Option<&RcStats>, engine: EngineKind) {
    let Some(st) = stats else {
        let name = serde_json::to_value(engine).unwrap_or_default();
        let _ = writeln!(
            out,
            "engine: {}, no rare/common figures",
            name.as_str().unwrap_or("?")
        );
        return;
    };
    match st.split {
        Some(sp) => {
            let parity = if sp.domain { " (with heap parity)" } else { "" };
            let _ = writeln!(out, "rare mask: {:#x}{parity}", sp.mask);
        }
        None => {
            let _ = writeln!(out, "rare mask: none");
        }
    }
    let _ = writeln!(out, "rare positions: {}", st.rare_count);
    match st.last_rare {
        Some(r) => {
            let _ = writeln!(out, "last rare position: {r}");
        }
        None => {
            let _ = writeln!(out, "last rare position: none");
        }
    }
    let _ = writeln!(
        out,
        "largest value computed: {} at heap {}",
        st.max_value, st.max_at
    );
    let _ = writeln!(out, "pairs examined: {}", st.pairs);
}
