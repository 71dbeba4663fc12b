//! `grundy frontier`: an octal code's Grundy sequence far past memory, in
//! a window of values, with checkpoints and the published records (see
//! [`grundy::heap::frontier`]). This is the arguments, the progress line,
//! Ctrl-C and printing.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use grundy::heap::frontier::{self, checkpoint, Plan};
use grundy::heap::rule::RuleKind;
use grundy::job::{parse_count, parse_size};

use crate::commands::heap::parse_rule;
use crate::error::{CliError, CliResult};
use crate::report::{emit, print_json};

/// G(0..=N) of an octal code in bounded memory: the first values and a
/// window of recent ones are kept, the rest forgotten; value frequencies at
/// every power of two, block checksums and the rare positions are written
/// as the run goes, and a checkpoint lets the next process go on.
#[derive(Args, Debug)]
pub struct FrontierArgs {
    /// The code (0.167, 4!.0, ...): a finite code leaving at most two heaps.
    #[arg(value_name = "CODE")]
    pub rule: String,
    /// The last heap, such as 2^34.
    #[arg(long, value_name = "N")]
    pub to: String,
    /// Heaps kept from the start, and recent values kept (default 2^25
    /// each, less when --memory asks for it).
    #[arg(long, value_name = "N")]
    pub window: Option<String>,
    /// Most memory the run may keep resident, such as 1G (default 1G).
    #[arg(long, value_name = "LIMIT")]
    pub memory: Option<String>,
    /// Heaps per block checksum (default 2^24).
    #[arg(long, value_name = "N")]
    pub block: Option<String>,
    /// Write the records here: a frequency table per power of two (named
    /// by it, lines `value count` over G(1..=N)), `blocks`, `rare` and
    /// `records.json`.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Save the run to this file now and then, on Ctrl-C and at the end;
    /// resumed from it when it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Keep every value in this file (one or two bytes each; default: next
    /// to the checkpoint, with `.values` added, else a file in the temporary
    /// directory removed at the end). Heaps that the window does not
    /// settle (a new rare value far from the start) are settled from it;
    /// its pages outside the window are handed back to the kernel every
    /// second.
    #[arg(long, value_name = "FILE")]
    pub values: Option<PathBuf>,
    /// Seconds between two checkpoints (default 600).
    #[arg(long, value_name = "SECONDS", requires = "checkpoint")]
    pub checkpoint_every: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs it.
pub fn run(args: &FrontierArgs) -> CliResult {
    let rule = parse_rule(&args.rule)?;
    let RuleKind::Code(code) = rule.kind() else {
        return Err(CliError::new(format!(
            "{}: frontier runs take finite octal codes leaving at most two heaps",
            args.rule.trim()
        )));
    };
    let label = args.rule.trim().to_string();
    let to = parse_count(&args.to, "--to")?;
    if to >= 1 << 40 {
        return Err(CliError::new(format!(
            "--to {to}: frontier runs go up to 2^40 - 1"
        )));
    }
    let memory = match &args.memory {
        Some(m) => parse_size(m, "--memory")?,
        None => 1 << 30,
    };
    let mut plan = Plan::new(to);
    if let Some(b) = &args.block {
        plan.block_len = parse_count(b, "--block")?.max(1);
    }
    let window = match &args.window {
        Some(w) => Some(parse_count(w, "--window")?),
        None => None,
    };
    // Each end of the window: as given, else the default within --memory
    // (two bytes a value, the most a frontier run uses).
    let side = match window {
        Some(w) => usize::try_from(w).unwrap_or(usize::MAX),
        None => {
            let room = memory.saturating_sub(frontier::TABLES + 32 * (to / plan.span + 64));
            (room / 4).min(frontier::DEFAULT_WINDOW as u64) as usize
        }
    };
    (plan.prefix, plan.recent) = (side, side);
    let need = plan.resident(2);
    if need > memory {
        return Err(CliError::new(format!(
            "--memory {memory} bytes ({:.1} GiB): a window of {side} values at each end needs {need} bytes ({:.1} GiB) resident",
            memory as f64 / (1u64 << 30) as f64,
            need as f64 / (1u64 << 30) as f64
        )));
    }
    if side < 1 << 17 {
        return Err(CliError::new(format!(
            "a window of {side} values is too short: give at least 2^17 (--window, --memory)"
        )));
    }
    let every = match &args.checkpoint_every {
        Some(t) => match t.trim().parse::<f64>() {
            Ok(s) if s > 0.0 && s <= 1e9 => Duration::from_secs_f64(s),
            _ => {
                return Err(CliError::new(format!(
                    "--checkpoint-every '{t}': give a positive number of seconds"
                )))
            }
        },
        None => Duration::from_secs(600),
    };
    plan.checkpoint = args.checkpoint.clone().map(|p| (p, every));
    plan.records = args.records.clone();
    plan.values = args.values.clone();
    let (values, _) = plan.values_path();
    let dir = values
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), |d| d.to_path_buf());
    let bytes = (to + 1).saturating_mul(2);
    if let Some(free) = grundy::job::platform::available_space(&dir) {
        if bytes > free && !args.checkpoint.as_ref().is_some_and(|c| c.exists()) {
            return Err(CliError::new(format!(
                "the values file needs up to {bytes} bytes ({:.1} GiB) in {}, which has {free} free ({:.1} GiB)",
                bytes as f64 / (1u64 << 30) as f64,
                dir.display(),
                free as f64 / (1u64 << 30) as f64
            )));
        }
    }
    let resumed = match &args.checkpoint {
        Some(path) if path.exists() => {
            let r = checkpoint::read(path, code, &label, to)
                .map_err(|e| CliError::new(e.to_string()))?;
            (plan.prefix, plan.recent) = r.window_given;
            plan.values = Some(r.values.clone());
            eprintln!(
                "grundy: resuming {label} at heap {} from {}",
                r.done,
                path.display()
            );
            Some(r)
        }
        _ => None,
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = interrupted.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let mut shown = Instant::now();
    let outcome = frontier::run(code, &label, &plan, resumed, &mut |p| {
        if shown.elapsed() >= Duration::from_secs(10) || p.done == p.to {
            shown = Instant::now();
            let left = p
                .remaining()
                .map_or("?".to_string(), |d| format!("{:.0} s", d.as_secs_f64()));
            let rate = p.computed as f64 / p.elapsed.as_secs_f64().max(1e-9);
            eprintln!(
                "grundy: {label}: heap {} of {} ({:.2} %), {:.0} heaps/s, about {left} left",
                p.done,
                p.to,
                100.0 * p.done as f64 / p.to.max(1) as f64,
                rate
            );
        }
        !interrupted.load(Ordering::SeqCst)
    })
    .map_err(|e| CliError::new(e.to_string()))?;
    let report = frontier::report(&outcome);
    if args.json {
        print_json(&report)?;
    } else {
        emit(&frontier::text(&report))?;
    }
    if !outcome.complete {
        return Err(CliError::new(match &args.checkpoint {
            Some(p) => format!(
                "interrupted at heap {}; the run goes on from {}",
                report.done,
                p.display()
            ),
            None => format!(
                "interrupted at heap {} (no --checkpoint to go on from)",
                report.done
            ),
        }));
    }
    Ok(())
}
