//! `grundy verify FILE`: re-derives every value of a sequence file from the
//! stored values of smaller heaps ([`grundy::heap::verify`]), in parallel
//! blocks, optionally one shard of the range only, and checks the file's
//! checksum. Exit status 0 when clean, 1 when a value is wrong or the
//! checksum does not match, 2 for a malformed file or arguments, 130 when
//! interrupted.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence;
use grundy::heap::store;
use grundy::heap::verify::{self, Method, Verification};
use grundy::survey::shard::Shard;
use serde::Serialize;

use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// Arguments of `grundy verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// A sequence file written by `grundy seq --out` (or `--checkpoint`).
    pub file: PathBuf,
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

/// Most worker threads `--threads` accepts.
const MAX_THREADS: u64 = 1024;

/// The report, as printed with `--json`.
#[derive(Serialize)]
struct Report<'a> {
    file: String,
    rule: &'a str,
    /// Values in the file, `G(0)` included.
    count: u64,
    /// `[i, n]` for `--shard i/n`.
    shard: Option<[u64; 2]>,
    #[serde(flatten)]
    verification: &'a Verification,
    checksum: Checksum,
    /// No wrong value and a matching checksum.
    clean: bool,
}

#[derive(Serialize)]
struct Checksum {
    /// Recorded in the header, 8 hexadecimal digits.
    header: String,
    /// Computed from the values.
    values: String,
    matches: bool,
}

/// `i/n` of `--shard`.
fn parse_shard(text: &str) -> CliResult<(u64, u64)> {
    text.parse::<Shard>()
        .map(|s| (s.index, s.count))
        .map_err(|e| CliError::new(format!("--shard '{text}': {}", e.message)))
}

/// Verifies the file and prints the report.
pub fn run(args: &VerifyArgs) -> CliResult {
    let path = &args.file;
    if path.is_dir() {
        return Err(CliError::new(format!(
            "{} is a directory, not a sequence file",
            path.display()
        )));
    }
    let header = store::read_header(path).map_err(|e| CliError::new(e.to_string()))?;
    let rule: HeapRule = header.rule.parse().map_err(|e| {
        CliError::new(format!(
            "{}: rule '{}' in the header: {e}",
            path.display(),
            header.rule
        ))
    })?;
    let Some(last) = header.count.checked_sub(1) else {
        return Err(CliError::new(format!("{} holds no values", path.display())));
    };
    let from = match &args.from {
        Some(t) => parse_u64(t, "--from")?,
        None => 0,
    };
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None => last,
    };
    if to > last {
        return Err(CliError::new(format!(
            "--to {to}: {} holds G(0..={last})",
            path.display()
        )));
    }
    if from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let (from, to) = match shard {
        Some((index, count)) => Shard { index, count }.range(from, to).ok_or_else(|| {
            CliError::new(format!(
                "--shard {index}/{count}: the range {from}..={to} has only {} heaps",
                to - from + 1
            ))
        })?,
        None => (from, to),
    };
    // Heaps as far as the engine that writes such files counts them.
    sequence::check(&rule, to, sequence::Method::Auto).map_err(|_| {
        CliError::new(format!(
            "{}: --to {to}: verify checks heaps up to {}",
            path.display(),
            sequence::max_heap(&rule, sequence::Method::Auto)
        ))
    })?;
    if rule.scale() != 1 {
        return Err(CliError::new(format!(
            "{}: {}",
            path.display(),
            verify::VerifyError::Scaled(rule.to_string(), rule.scale())
        )));
    }
    let threads = match &args.threads {
        Some(t) => match parse_u64(t, "--threads")? {
            n @ 1..=MAX_THREADS => n as usize,
            n => {
                return Err(CliError::new(format!(
                    "--threads {n}: give between 1 and {MAX_THREADS} threads"
                )))
            }
        },
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // The checksum in one pass that holds nothing, then the values read in
    // place: a file larger than memory costs only the pages being read.
    let scanned = store::scan(path, 0).map_err(|e| CliError::new(e.to_string()))?;
    let mapped = store::Mapped::open(path).map_err(|e| CliError::new(e.to_string()))?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let flag = stop.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    let options = verify::Options {
        threads,
        stop: Some(&stop),
        done: Some(&done),
    };
    let result = std::thread::scope(|scope| {
        if !args.json {
            scope.spawn(|| show_progress(&done, &finished, to - from + 1));
        }
        let r = match mapped.values() {
            store::MappedValues::Narrow(g) => verify::verify(&rule, g, from..=to, &options),
            store::MappedValues::Wide(g) => verify::verify(&rule, g, from..=to, &options),
        };
        finished.store(true, Ordering::SeqCst);
        r
    })
    .map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
    if result.interrupted {
        eprintln!(
            "grundy: interrupted after {} of {} heaps; nothing is certified",
            result.checked,
            to - from + 1
        );
        std::process::exit(130);
    }
    let matches = scanned.computed == header.checksum;
    let report = Report {
        file: path.display().to_string(),
        rule: &header.rule,
        count: header.count,
        shard: shard.map(|(i, n)| [i, n]),
        verification: &result,
        checksum: Checksum {
            header: format!("{:08X}", header.checksum),
            values: format!("{:08X}", scanned.computed),
            matches,
        },
        clean: matches && result.first_wrong.is_none(),
    };
    if args.json {
        print_json(&report)?;
    } else {
        emit(&text(&report, path))?;
    }
    if !report.clean {
        std::process::exit(1);
    }
    Ok(())
}

/// The report as text.
fn text(r: &Report, path: &Path) -> String {
    let v = r.verification;
    let mut out = format!("{}: {}, G(0..={})\n", path.display(), r.rule, r.count - 1);
    out.push_str(&format!("range: heaps {}..={}", v.from, v.to));
    if let Some([i, n]) = r.shard {
        out.push_str(&format!(" (shard {i}/{n})"));
    }
    out.push('\n');
    match (v.method, v.rare_mask) {
        (Method::RareCommon, Some(m)) => out.push_str(&format!(
            "method: rare/common (mask {}{}, {} rare heaps up to {})\n",
            m.mask,
            if m.domain {
                " with the heap's parity"
            } else {
                ""
            },
            v.rare_count,
            v.to
        )),
        _ => out.push_str("method: the mex over every option\n"),
    }
    if r.checksum.matches {
        out.push_str(&format!(
            "checksum: {}, matches the values\n",
            r.checksum.header
        ));
    } else {
        out.push_str(&format!(
            "checksum: {} in the header, {} from the values: the file is damaged\n",
            r.checksum.header, r.checksum.values
        ));
    }
    match v.first_wrong {
        None => out.push_str(&format!("result: all {} values are right\n", v.checked)),
        Some(w) => {
            out.push_str(&format!(
                "result: G({}) is wrong: stored {}, derived {}",
                w.position, w.stored, w.derived
            ));
            if w.position > v.from {
                out.push_str(&format!(
                    " (heaps {}..={} are right)",
                    v.from,
                    w.position - 1
                ));
            }
            out.push('\n');
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_syntax() {
        assert_eq!(parse_shard("2/8").unwrap(), (2, 8));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
