//! `grundy seq`: the Grundy sequence of a take-and-break rule, computed by
//! the rare/common engine on every core, stopped as soon as periodicity is
//! proven and extended from the period.

use std::io::Write;

use clap::{Args, ValueEnum};
use grundy::heap::engine::{compute, Method, Options, Sequence};
use grundy::heap::rule::TakeBreak;
use serde_json::{json, Value};

use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// The engine to use.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MethodArg {
    /// Rare/common when the rule allows it, else naive.
    Auto,
    /// Every split of every heap (the reference).
    Naive,
    /// Rare/common ("sparse space").
    Rc,
}

/// Grundy values G(from..=to) of an octal or hexadecimal code.
#[derive(Args, Debug)]
pub struct SeqArgs {
    /// The rule, e.g. 0.6, 0.376, 4!.0 (Grundy's game).
    #[arg(value_name = "CODE")]
    pub code: String,
    /// Last heap size.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: Option<String>,
    /// First heap size listed.
    #[arg(
        long,
        value_name = "A",
        default_value = "0",
        allow_negative_numbers = true
    )]
    pub from: String,
    /// Engine: auto, naive or rc.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Worker threads for the rare/common engine (default 1).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<String>,
    /// Stop as soon as periodicity is proven (up to --to, default 10^9).
    #[arg(long)]
    pub until_proven: bool,
    /// Print the summary only, not the values.
    #[arg(long)]
    pub summary: bool,
    /// Print the engine's figures: rare mask, rare positions, largest value.
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Most heaps `--until-proven` computes without an explicit `--to`.
const PROVE_LIMIT: u64 = 1_000_000_000;

/// Bytes per computed value held in memory (16-bit cells), plus the
/// periodicity check's 32-bit table.
const BYTES_PER_VALUE: u64 = 6;

fn available_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|k| k.parse::<u64>().ok())
        })
        .map(|kib| kib * 1024)
        .unwrap_or(8 << 30)
}

/// Computes and prints the sequence.
pub fn run(args: &SeqArgs) -> CliResult {
    let rule: TakeBreak = args
        .code
        .parse()
        .map_err(|e| CliError::new(format!("{e}")))?;
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None if args.until_proven => PROVE_LIMIT,
        None => return Err(CliError::new("give the last heap size with --to N")),
    };
    let from = parse_u64(&args.from, "--from")?;
    if from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    }
    let threads = match &args.threads {
        Some(t) => {
            let n = parse_u64(t, "--threads")?;
            if n == 0 || n > 1024 {
                return Err(CliError::new(format!(
                    "--threads {n}: give between 1 and 1024 threads"
                )));
            }
            n as usize
        }
        None => 1,
    };
    let method = match args.method {
        MethodArg::Auto => Method::Auto,
        MethodArg::Naive => Method::Naive,
        MethodArg::Rc => Method::Rc,
    };
    let bytes = to.saturating_add(1).saturating_mul(BYTES_PER_VALUE);
    let free = available_memory();
    let periodic_rule = !rule.digits.iter().any(|d| d.unequal) && rule.max_removal().is_some();
    if bytes > free && !periodic_rule {
        return Err(CliError::new(format!(
            "heaps up to {to} need about {} MiB of memory, {} MiB are available",
            bytes >> 20,
            free >> 20
        )));
    }
    let listed = if args.summary { 0 } else { to - from + 1 };
    if listed > 100_000_000 {
        return Err(CliError::new(format!(
            "listing {listed} values is too much output; add --summary or narrow --from/--to"
        )));
    }
    let options = Options {
        method,
        threads,
        prove: true,
    };
    let seq = compute(&rule, to, &options).map_err(|e| CliError::new(e.to_string()))?;
    if !args.until_proven && seq.period.is_none() && (seq.computed() as u64) < to {
        return Err(CliError::new("the sequence stopped short"));
    }
    if args.until_proven && seq.period.is_none() {
        return Err(CliError::new(format!(
            "{rule}: no period proven up to heap {}",
            seq.computed()
        )));
    }
    let to = if args.until_proven && args.to.is_none() {
        seq.computed() as u64
    } else {
        to
    };
    let from = from.min(to);
    if args.json {
        print_json(&to_json(&seq, from, to, args))
    } else {
        print_text(&seq, from, to, args)
    }
}

fn value(seq: &Sequence, n: u64) -> u32 {
    seq.value(n).expect("computed or proven periodic")
}

fn to_json(seq: &Sequence, from: u64, to: u64, args: &SeqArgs) -> Value {
    let mut v = json!({
        "game": seq.rule.to_string(),
        "from": from,
        "to": to,
        "method": seq.method,
        "computed": seq.computed(),
        "value": value(seq, to),
        "period": seq.period,
    });
    if !args.summary {
        let values: Vec<u32> = (from..=to).map(|n| value(seq, n)).collect();
        v["values"] = json!(values);
    }
    if args.stats {
        v["stats"] = json!(seq.stats);
    }
    v
}

fn print_text(seq: &Sequence, from: u64, to: u64, args: &SeqArgs) -> CliResult {
    let mut out: Vec<u8> = Vec::new();
    let w = &mut out;
    let io = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    if !args.summary {
        let mut line = String::new();
        for n in from..=to {
            if n > from {
                line.push(' ');
            }
            line.push_str(&value(seq, n).to_string());
        }
        writeln!(w, "{line}").map_err(io)?;
    }
    if args.summary || args.stats || seq.period.is_some() {
        writeln!(w, "game {}", seq.rule).map_err(io)?;
        writeln!(w, "G({to}) = {}", value(seq, to)).map_err(io)?;
        writeln!(w, "computed heaps 0..={}", seq.computed()).map_err(io)?;
        match seq.period {
            Some(p) => writeln!(
                w,
                "periodic: preperiod {}, period {} (proven at heap {})",
                p.preperiod, p.period, p.proven_at
            )
            .map_err(io)?,
            None => writeln!(w, "no period proven").map_err(io)?,
        }
    }
    if args.stats {
        if let Some(s) = &seq.stats {
            match s.split {
                Some(sp) => writeln!(
                    w,
                    "rare mask {:#x}{}",
                    sp.mask,
                    if sp.domain { " (with heap parity)" } else { "" }
                )
                .map_err(io)?,
                None => writeln!(w, "rare mask none").map_err(io)?,
            }
            writeln!(w, "rare positions {}", s.rare_count).map_err(io)?;
            match s.last_rare {
                Some(r) => writeln!(w, "last rare position {r}").map_err(io)?,
                None => writeln!(w, "last rare position none").map_err(io)?,
            }
            writeln!(w, "largest value {} at heap {}", s.max_value, s.max_at).map_err(io)?;
            writeln!(w, "pairs examined {}", s.pairs).map_err(io)?;
        } else {
            writeln!(w, "engine naive: no rare/common figures").map_err(io)?;
        }
    }
    emit(&String::from_utf8(out).expect("text"))
}
