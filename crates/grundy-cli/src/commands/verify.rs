//! `grundy verify FILE`: re-derives every value of a sequence file from the
//! stored values of smaller heaps, optionally one shard of the range only,
//! checks the file's checksum and its claim of periodicity, if it carries
//! one ([`grundy::job::verify`]). `--merge` makes one report of the JSON
//! reports of the shards of a file. Exit status 0 when clean, 1 when a
//! value is wrong, the checksum does not match or the claim does not hold,
//! 2 for a malformed file, reports or arguments, 130 when interrupted.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use grundy::job::verify::{self, merged, parse_shard, Outcome, Report, VerifyRequest};

use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// Arguments of `grundy verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// A sequence file written by `grundy seq --out` (or `--checkpoint`).
    #[arg(required_unless_present = "merge")]
    pub file: Option<PathBuf>,
    /// Make one report of the JSON reports (`--json`) of shards of one file.
    #[arg(long, value_name = "REPORT", num_args = 1.., conflicts_with_all = ["file", "shard", "from", "to", "threads"])]
    pub merge: Vec<PathBuf>,
    /// Check only the I-th of N equal contiguous parts of the range (1/4 ... 4/4).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// First heap of the range (default 0).
    #[arg(long, value_name = "A")]
    pub from: Option<String>,
    /// Last heap of the range (default: the file's last).
    #[arg(long, value_name = "B")]
    pub to: Option<String>,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "N")]
    pub threads: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Verifies the file (or merges reports) and prints the report.
pub fn run(args: &VerifyArgs) -> CliResult {
    let Some(path) = &args.file else {
        let reports = args.merge.iter().map(|p| read_report(p));
        return show(&merged(reports.collect::<Result<_, _>>()?)?, args.json);
    };
    let request = VerifyRequest {
        path: path.clone(),
        from: args
            .from
            .as_deref()
            .map(|t| parse_u64(t, "--from"))
            .transpose()?,
        to: args
            .to
            .as_deref()
            .map(|t| parse_u64(t, "--to"))
            .transpose()?,
        shard: args.shard.as_deref().map(parse_shard).transpose()?,
        threads: grundy::job::parse_threads(
            args.threads.as_deref(),
            "--threads",
            " threads",
            grundy::job::cores(),
        )?,
    };
    let job = request.prepare()?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let flag = stop.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        if !args.json {
            scope.spawn(|| show_progress(&done, &finished, job.total()));
        }
        let r = job.run(&stop, &done);
        finished.store(true, Ordering::SeqCst);
        r
    })?;
    match outcome {
        Outcome::Done(report) => show(&report, args.json),
        Outcome::Interrupted { checked, total } => {
            eprintln!("grundy: interrupted after {checked} of {total} heaps; nothing is certified");
            std::process::exit(130);
        }
    }
}

/// Prints a report, exiting with status 1 when it is not clean.
fn show(report: &Report, json: bool) -> CliResult {
    if json {
        print_json(report)?;
    } else {
        emit(&verify::text(report))?;
    }
    if !report.clean {
        std::process::exit(1);
    }
    Ok(())
}

/// Reads a report written by `grundy verify --json`.
fn read_report(path: &Path) -> CliResult<Report> {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::new(format!("--merge {}: {e}", path.display())))?;
    serde_json::from_slice(&bytes).map_err(|e| {
        CliError::new(format!(
            "--merge {}: not a report of grundy verify --json ({e})",
            path.display()
        ))
    })
}

/// A progress bar on a terminal, else a line every 30 seconds, until
/// `finished`.
fn show_progress(done: &AtomicU64, finished: &AtomicBool, total: u64) {
    use std::io::IsTerminal;
    let terminal = std::io::stderr().is_terminal();
    let bar = terminal.then(|| {
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} heaps checked | ETA {eta}",
            )
            .expect("a valid template"),
        );
        bar
    });
    let began = Instant::now();
    let mut last_line = began;
    while !finished.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(100));
        let d = done.load(Ordering::Relaxed);
        if let Some(bar) = &bar {
            bar.set_position(d);
        } else if last_line.elapsed() >= Duration::from_secs(30) {
            last_line = Instant::now();
            eprintln!(
                "grundy: {d} of {total} heaps checked after {:.0} s",
                began.elapsed().as_secs_f64()
            );
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}
