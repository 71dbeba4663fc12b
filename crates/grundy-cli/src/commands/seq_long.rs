//! `grundy seq`: the Grundy sequence of a take-and-break rule, computed by
//! the rare/common engine on every core, stopped as soon as periodicity is
//! proven and extended from the period.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use grundy::heap::engine::{compute_with, Method, Options, Progress, Sequence};
use grundy::heap::rule::TakeBreak;
use grundy::heap::store;
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
    #[arg(value_name = "CODE", required_unless_present = "read")]
    pub code: Option<String>,
    /// Write G(0..=to) to this file (binary, with rule, count, width, checksum).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Read values from a file written by --out or --checkpoint instead of computing.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "resume", "checkpoint", "until_proven"])]
    pub read: Option<PathBuf>,
    /// Save the computed values to this file now and then and on Ctrl-C.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between two checkpoints.
    #[arg(long, value_name = "SECONDS", default_value = "300")]
    pub checkpoint_every: f64,
    /// Continue from a checkpoint (or any file written by --out).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
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

/// Prints a slice of a sequence file.
fn run_read(path: &std::path::Path, args: &SeqArgs) -> CliResult {
    let stored = store::read(path).map_err(|e| CliError::new(e.to_string()))?;
    if let Some(code) = &args.code {
        let rule: TakeBreak = code.parse().map_err(|e| CliError::new(format!("{e}")))?;
        if rule.to_string() != stored.rule {
            return Err(CliError::new(format!(
                "{} holds {}, not {rule}",
                path.display(),
                stored.rule
            )));
        }
    }
    let last = stored.values.len() as u64 - 1;
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None => last,
    };
    let from = parse_u64(&args.from, "--from")?;
    if to > last {
        return Err(CliError::new(format!(
            "--to {to} is past the last value in {} (heap {last})",
            path.display()
        )));
    }
    if from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    }
    let slice = &stored.values[from as usize..=to as usize];
    if args.json {
        let mut v = json!({
            "game": stored.rule,
            "from": from,
            "to": to,
            "count": stored.values.len(),
            "width": stored.width,
            "checksum": format!("{:08X}", stored.checksum),
            "value": stored.values[to as usize],
        });
        if !args.summary {
            v["values"] = json!(slice);
        }
        print_json(&v)
    } else if args.summary {
        emit(&format!(
            "game {}\nvalues 0..={last} ({} bytes each)\nchecksum {:08X}\nG({to}) = {}\n",
            stored.rule, stored.width, stored.checksum, stored.values[to as usize]
        ))
    } else {
        let text: Vec<String> = slice.iter().map(u32::to_string).collect();
        emit(&format!("{}\n", text.join(" ")))
    }
}

/// Computes and prints the sequence.
pub fn run(args: &SeqArgs) -> CliResult {
    if let Some(path) = &args.read {
        return run_read(path, args);
    }
    let code = args.code.as_deref().unwrap_or_default();
    let rule: TakeBreak = code.parse().map_err(|e| CliError::new(format!("{e}")))?;
    if !(args.checkpoint_every > 0.0 && args.checkpoint_every.is_finite()) {
        return Err(CliError::new(
            "--checkpoint-every must be a positive number of seconds",
        ));
    }
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
    if let Some(out) = &args.out {
        check_writable(out)?;
        let size = store::file_size(&rule.to_string(), to + 1, 2);
        if size > (1u64 << 40) {
            return Err(CliError::new(format!(
                "--out {}: {} values need about {} GiB on disk",
                out.display(),
                to + 1,
                size >> 30
            )));
        }
    }
    if let Some(c) = &args.checkpoint {
        check_writable(c)?;
    }
    let start: Vec<u32> = match &args.resume {
        Some(path) => {
            let stored = store::read(path).map_err(|e| CliError::new(e.to_string()))?;
            if stored.rule != rule.to_string() {
                return Err(CliError::new(format!(
                    "{} holds {}, not {rule}",
                    path.display(),
                    stored.rule
                )));
            }
            stored.values
        }
        None => Vec::new(),
    };
    let options = Options {
        method,
        threads,
        prove: true,
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    if args.checkpoint.is_some() {
        let flag = interrupted.clone();
        // A second handler cannot be installed; the first one serves.
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let bar = if std::io::stderr().is_terminal() && !args.json {
        let bar = indicatif::ProgressBar::new(to);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} heaps, {per_sec}, ETA {eta} {msg}",
            )
            .expect("a valid template"),
        );
        Some(bar)
    } else {
        None
    };
    let every = Duration::from_secs_f64(args.checkpoint_every);
    let mut last_save = Instant::now();
    let mut save_error: Option<CliError> = None;
    let mut stopped_at: Option<usize> = None;
    let rule_text = rule.to_string();
    let mut observe = |p: &Progress| -> bool {
        if let Some(bar) = &bar {
            bar.set_position(p.done as u64);
            bar.set_message(format!(
                "rare {}, largest value {}",
                p.rare_count, p.max_value
            ));
        }
        let stop = interrupted.load(Ordering::SeqCst);
        if let Some(path) = &args.checkpoint {
            if stop || last_save.elapsed() >= every {
                if let Err(e) = store::write_with(path, &rule_text, p.done + 1, p.value) {
                    save_error = Some(CliError::new(format!("checkpoint: {e}")));
                    return false;
                }
                last_save = Instant::now();
            }
        }
        if stop {
            stopped_at = Some(p.done);
        }
        !stop
    };
    // A rule that may turn out periodic is computed as far as memory allows.
    let reachable = (free / BYTES_PER_VALUE).saturating_sub(1).min(to);
    let result = compute_with(&rule, reachable, &options, &start, &mut observe);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(e) = save_error {
        return Err(e);
    }
    let seq = result.map_err(|e| CliError::new(e.to_string()))?;
    if let Some(done) = stopped_at {
        let path = args.checkpoint.as_ref().expect("a checkpoint");
        return Err(CliError::new(format!(
            "interrupted at heap {done}; resume with --resume {}",
            path.display()
        )));
    }
    if let Some(path) = &args.checkpoint {
        store::write_with(path, &rule_text, seq.computed() + 1, |x| seq.values.get(x))
            .map_err(|e| CliError::new(format!("checkpoint: {e}")))?;
    }
    if seq.period.is_none() && (seq.computed() as u64) < to && reachable < to {
        return Err(CliError::new(format!(
            "no period proven up to heap {}; heaps up to {to} need about {} MiB of memory, {} MiB are available",
            seq.computed(),
            bytes >> 20,
            free >> 20
        )));
    }
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
    if let Some(out) = &args.out {
        let count = usize::try_from(to + 1)
            .map_err(|_| CliError::new(format!("--out: {to} values are too many")))?;
        store::write_with(out, &rule_text, count, |n| value(&seq, n as u64))
            .map_err(|e| CliError::new(e.to_string()))?;
    }
    if args.json {
        print_json(&to_json(&seq, from, to, args))
    } else {
        print_text(&seq, from, to, args)
    }
}

/// Refuses a file that cannot be created, before any work is done.
fn check_writable(path: &std::path::Path) -> CliResult {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(CliError::new(format!(
            "{}: directory {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    if path.is_dir() {
        return Err(CliError::new(format!("{} is a directory", path.display())));
    }
    Ok(())
}

/// Fletcher checksum of the computed values, as sequence files record it.
fn checksum(seq: &Sequence) -> u32 {
    let wide = (0..=seq.computed()).any(|x| seq.values.get(x) > u16::MAX as u32);
    let mut f = store::Fletcher::default();
    for x in 0..=seq.computed() {
        f.push(seq.values.get(x), wide);
    }
    f.value()
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
        v["checksum"] = json!(format!("{:08X}", checksum(seq)));
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
            writeln!(
                w,
                "checksum {:08X} (Fletcher, G(0..={}))",
                checksum(seq),
                seq.computed()
            )
            .map_err(io)?;
        } else {
            writeln!(w, "engine naive: no rare/common figures").map_err(io)?;
        }
    }
    emit(&String::from_utf8(out).expect("text"))
}
