//! `grundy misere RULE --to N`: the misère quotient of the heaps 0..=N
//! with its presentation, P-portion and pretending function.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use grundy::heap::rule::HeapRule;
use grundy::job::platform::available_memory;
use grundy::misere::checkpoint::{Checkpoint, Start};
use grundy::misere::quotient::Quotient;
use grundy::misere::report::{quotient_from, QuotientRequest};
use grundy::misere::solver::Limits;

use crate::commands::heap::parse_rule;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// The misère quotient of a heap rule's heaps 0..=N: presentation, |Q|,
/// |P|, P-portion, Φ(n) for every heap.
#[derive(Args, Debug)]
pub struct MisereArgs {
    /// The rule: a code (0.77, 4!.0), sub:1,3,4, or a name.
    #[arg(value_name = "RULE")]
    pub rule: String,
    /// The last heap size N.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: Option<String>,
    /// Stop at the first heap where the misère periodicity theorem proves
    /// Φ periodic (up to --to N, or heaps of 10000).
    #[arg(long)]
    pub until_proven: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The largest quotient tried, |Q| (default 4096; its table takes |Q|²
    /// entries).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_order: Option<String>,
    /// The most elements of a candidate monoid that extension and
    /// recalibration label (default 400000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_candidate: Option<String>,
    /// The most positions the exhaustive misère search behind the first
    /// heaps stores (default 4000000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_search: Option<String>,
    /// The most (product, winning contexts) pairs a proof visits (default
    /// 2000000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_proof: Option<String>,
    /// Stop after this many seconds, with the quotient of the last heap
    /// proven.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub seconds: Option<String>,
    /// Save the quotient of the heaps proven so far to this file every
    /// minute, at the end, and on Ctrl-C or SIGTERM (which then stop the
    /// run).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Go on from a file written by --checkpoint (proven again as it is
    /// read) instead of starting at heap 0.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
}

/// The largest checkpoint read (|Q| = 4096 takes about 100 MB).
const MAX_CHECKPOINT: u64 = 1 << 30;

/// How often a run saves its checkpoint.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

/// The limits the options give, checked against the memory available.
fn limits(args: &MisereArgs) -> CliResult<Limits> {
    let count =
        |v: &Option<String>, name: &str| v.as_deref().map(|t| parse_u64(t, name)).transpose();
    let seconds = match &args.seconds {
        None => None,
        Some(t) => Some(t.trim().parse::<f64>().map_err(|_| {
            CliError::new(format!(
                "--seconds '{t}': give a positive number of seconds"
            ))
        })?),
    };
    let counts = [
        count(&args.max_order, "--max-order")?,
        count(&args.max_candidate, "--max-candidate")?,
        count(&args.max_search, "--max-search")?,
        count(&args.max_proof, "--max-proof")?,
    ];
    Limits::given(counts, seconds, available_memory()).map_err(CliError::new)
}

/// Runs `grundy misere`.
pub fn run(args: &MisereArgs) -> CliResult {
    let rule = parse_rule(&args.rule)?;
    let request = QuotientRequest {
        to: args
            .to
            .as_deref()
            .map(|t| parse_u64(t, "--to"))
            .transpose()?,
        until_proven: args.until_proven,
        limits: limits(args)?,
    };
    let start = match &args.resume {
        Some(path) => Some(read_checkpoint(path, &rule, request.limits)?),
        None => None,
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    if args.checkpoint.is_some() {
        let flag = interrupted.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let bar = progress_bar(args.json);
    let mut saved = (start.as_ref().map_or(0, |(q, _)| q.top), Instant::now());
    let mut save_error = None;
    let mut last: Option<(Quotient, Vec<usize>)> = None;
    let result = quotient_from(&rule, &request, start, &mut |q, orders, to| {
        if let Some(bar) = &bar {
            bar.set_length(to);
            bar.set_position(u64::from(q.top));
            bar.set_message(format!("|Q| = {}", q.order));
        }
        let stop = interrupted.load(Ordering::SeqCst);
        if let Some(path) = &args.checkpoint {
            if stop || (q.top > saved.0 && saved.1.elapsed() >= CHECKPOINT_EVERY) {
                if let Err(e) = save(path, &rule, q, orders) {
                    save_error = Some(e);
                    return false;
                }
                saved = (q.top, Instant::now());
            }
            if last.as_ref().is_none_or(|(l, _)| l.top != q.top) {
                last = Some((q.clone(), orders.to_vec()));
            }
        }
        !stop
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(e) = save_error {
        return Err(e);
    }
    if result.is_err() && interrupted.load(Ordering::SeqCst) {
        let path = args
            .checkpoint
            .as_deref()
            .map_or_else(String::new, |p| p.display().to_string());
        return Err(CliError::new(format!(
            "interrupted at heap {}: the quotient of heaps 0..={} is saved in {path}; resume with --resume {path}",
            saved.0 + 1,
            saved.0
        )));
    }
    let report = result.map_err(CliError::new)?;
    if let Some(path) = &args.checkpoint {
        // The run's last quotient, for a later run that goes further.
        if let Some((q, orders)) = last.filter(|(q, _)| q.top == report.top) {
            save(path, &rule, &q, &orders)?;
        }
    }
    if args.json {
        print_json(&report)
    } else {
        emit(&report.text())
    }
}

/// A checkpoint file read back for `rule` and proven again.
fn read_checkpoint(path: &Path, rule: &HeapRule, limits: Limits) -> CliResult<Start> {
    let name = path.display().to_string();
    let text = crate::input::read_text(&name, &format!("the checkpoint '{name}'"), MAX_CHECKPOINT)?;
    Checkpoint::parse(&text, rule, limits)
        .map_err(|e| CliError::new(format!("--resume {name}: {e}")))
}

/// Writes the checkpoint of `q`, whole or not at all.
fn save(path: &Path, rule: &HeapRule, q: &Quotient, orders: &[usize]) -> CliResult {
    crate::output::write_file(path, Checkpoint::new(rule, q, orders).to_json().as_bytes())
}

/// A progress bar (heap, |Q|) when standard error is a terminal and the
/// output is not JSON.
fn progress_bar(json: bool) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || json {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} heap {pos}/{len} | {msg} | {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}
