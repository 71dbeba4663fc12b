//! `grundy verify FILE`: re-derives every value of a sequence file from the
//! stored values of smaller heaps ([`grundy::heap::verify`]), in parallel
//! blocks, optionally one shard of the range only, checks the file's
//! checksum, and checks the file's claim of periodicity, if it carries one,
//! from the values ([`grundy::heap::certificate`]). `--merge` makes one
//! report of the JSON reports of the shards of a file. Exit status 0 when
//! clean, 1 when a value is wrong, the checksum does not match or the claim
//! does not hold, 2 for a malformed file, reports or arguments, 130 when
//! interrupted.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use grundy::heap::certificate::{self, ClaimCheck};
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence;
use grundy::heap::store;
use grundy::heap::verify::{self, Method, Verification};
use grundy::survey::shard::Shard;
use serde::{Deserialize, Serialize};

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

/// Most worker threads `--threads` accepts.
const MAX_THREADS: u64 = 1024;

/// The report, as printed with `--json` (and read back by `--merge`).
#[derive(Serialize, Deserialize)]
struct Report {
    file: String,
    rule: String,
    /// Values in the file, `G(0)` included.
    count: u64,
    /// `[i, n]` for `--shard i/n`; `null` for a whole file or a merge.
    shard: Option<[u64; 2]>,
    #[serde(flatten)]
    verification: Verification,
    checksum: Checksum,
    /// The check of the file's claim of periodicity (`null` when the file
    /// carries none, or a range was given).
    claim: Option<ClaimCheck>,
    /// What the check of the claim proved, or why not, in one sentence.
    proven: Option<String>,
    /// No wrong value, a matching checksum, and the claim (if checked)
    /// holding.
    clean: bool,
    /// Clean, over every value of the file and, when it carries a claim,
    /// the claim's whole window.
    certified: bool,
}

#[derive(Serialize, Deserialize)]
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

/// Verifies the file (or merges reports) and prints the report.
pub fn run(args: &VerifyArgs) -> CliResult {
    let Some(path) = &args.file else {
        return merge(&args.merge, args.json);
    };
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
    // The claim is checked with the whole file or a shard of it: shard
    // `i/n` checks the `i`-th of `n` parts of the claim's window too.
    let whole = args.from.is_none() && args.to.is_none();
    let claim_part = match (header.claim, whole) {
        (Some(c), true) => Some(match shard {
            Some((i, n)) => {
                let len = c.window_end.saturating_sub(c.preperiod) as u128;
                let at = |k: u64| c.preperiod + (len * k as u128 / n as u128) as u64;
                Some((at(i - 1), at(i)))
            }
            None => None,
        }),
        _ => None,
    };
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
    let claim = match (header.claim, claim_part) {
        (Some(c), Some(part)) if !result.interrupted => Some(match mapped.values() {
            store::MappedValues::Narrow(g) => certificate::check_claim(&rule, g, &c, part),
            store::MappedValues::Wide(g) => certificate::check_claim(&rule, g, &c, part),
        }),
        _ => None,
    };
    if result.interrupted {
        eprintln!(
            "grundy: interrupted after {} of {} heaps; nothing is certified",
            result.checked,
            to - from + 1
        );
        std::process::exit(130);
    }
    let matches = scanned.computed == header.checksum;
    let report = finish(Report {
        file: path.display().to_string(),
        rule: header.rule.clone(),
        count: header.count,
        shard: shard.map(|(i, n)| [i, n]),
        verification: result,
        checksum: Checksum {
            header: format!("{:08X}", header.checksum),
            values: format!("{:08X}", scanned.computed),
            matches,
        },
        claim,
        proven: None,
        clean: false,
        certified: false,
    });
    show(&report, args.json)
}

/// Fills in what a report concludes from its checks.
fn finish(mut r: Report) -> Report {
    let v = &r.verification;
    let claim_holds = r.claim.as_ref().is_none_or(|c| c.holds);
    r.clean = r.checksum.matches && v.first_wrong.is_none() && !v.interrupted && claim_holds;
    r.proven = r.claim.as_ref().map(certificate::statement);
    let every_value = v.from == 0 && v.to + 1 == r.count && v.checked == r.count;
    let whole_window = r
        .claim
        .as_ref()
        .is_none_or(|c| (c.from, c.end) == (c.claim.preperiod, c.claim.window_end));
    r.certified = r.clean && r.shard.is_none() && every_value && whole_window;
    r
}

/// Prints a report, exiting with status 1 when it is not clean.
fn show(report: &Report, json: bool) -> CliResult {
    let path = Path::new(&report.file);
    if json {
        print_json(report)?;
    } else {
        emit(&text(report, path))?;
    }
    if !report.clean {
        std::process::exit(1);
    }
    Ok(())
}

/// The report as text.
fn text(r: &Report, path: &Path) -> String {
    let v = &r.verification;
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
    if let (Some(c), Some(proven)) = (&r.claim, &r.proven) {
        let (n0, p) = (c.claim.preperiod, c.claim.period);
        out.push_str(&format!(
            "claim: G(n + {p}) = G(n) for n >= {n0}, window {n0} <= n < {}\n",
            c.claim.window_end
        ));
        let label = if c.holds { "proven" } else { "claim" };
        match proven.strip_prefix("claim ") {
            Some(rest) => out.push_str(&format!("{label}: {rest}\n")),
            None => out.push_str(&format!("{label}: {proven}\n")),
        }
    }
    if r.certified {
        out.push_str("certified: every value");
        if r.claim.is_some() {
            out.push_str(" and the claim");
        }
        out.push('\n');
    }
    out
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

/// Merges the reports of shards of one file into the report of the whole.
fn merge(paths: &[PathBuf], json: bool) -> CliResult {
    let reports: Vec<Report> = paths
        .iter()
        .map(|p| read_report(p))
        .collect::<Result<_, _>>()?;
    let merged = merged(reports)?;
    show(&merged, json)
}

/// The report of the whole file from those of its parts, which must be of
/// one file and cover its values (and its claim's window) exactly once.
fn merged(mut reports: Vec<Report>) -> CliResult<Report> {
    let err = |m: String| CliError::new(format!("--merge: {m}"));
    if reports.is_empty() {
        return Err(err("no report given".into()));
    }
    reports.sort_by_key(|r| r.verification.from);
    let first = &reports[0];
    for r in &reports[1..] {
        if (&r.rule, r.count, &r.checksum.header)
            != (&first.rule, first.count, &first.checksum.header)
        {
            return Err(err(format!(
                "{} and {} are reports of different files ({} with {} values, checksum {}; {} with {}, checksum {})",
                first.file, r.file, first.rule, first.count, first.checksum.header, r.rule, r.count, r.checksum.header
            )));
        }
        if r.claim.is_some() != first.claim.is_some() {
            return Err(err(format!(
                "{} checks a claim and {} does not",
                if r.claim.is_some() {
                    &r.file
                } else {
                    &first.file
                },
                if r.claim.is_some() {
                    &first.file
                } else {
                    &r.file
                },
            )));
        }
    }
    let mut next = 0u64;
    for r in &reports {
        let v = &r.verification;
        if v.from != next {
            return Err(err(match v.from < next {
                true => format!("the ranges overlap at heap {}", v.from),
                false => format!("heaps {next}..={} are in no report", v.from - 1),
            }));
        }
        next = v.to + 1;
    }
    if next != first.count {
        return Err(err(format!(
            "heaps {next}..={} are in no report",
            first.count - 1
        )));
    }
    let claim = match first.claim {
        Some(_) => {
            let parts: Vec<ClaimCheck> = reports.iter().filter_map(|r| r.claim.clone()).collect();
            Some(certificate::merge_checks(&parts).map_err(err)?)
        }
        None => None,
    };
    let last = &reports[reports.len() - 1].verification;
    let first_wrong = reports.iter().find_map(|r| r.verification.first_wrong);
    // Heaps past a wrong value or an interruption were not all checked.
    let checked = reports.iter().map(|r| r.verification.checked).sum();
    let verification = Verification {
        from: 0,
        to: first.count - 1,
        checked,
        first_wrong,
        method: first.verification.method,
        rare_mask: last.rare_mask,
        rare_count: last.rare_count,
        interrupted: reports.iter().any(|r| r.verification.interrupted),
    };
    let matches = reports.iter().all(|r| r.checksum.matches);
    let files: Vec<&str> = reports.iter().map(|r| r.file.as_str()).collect();
    let mut files = files;
    files.dedup();
    Ok(finish(Report {
        file: files.join(", "),
        rule: first.rule.clone(),
        count: first.count,
        shard: None,
        verification,
        checksum: Checksum {
            header: first.checksum.header.clone(),
            values: first.checksum.values.clone(),
            matches,
        },
        claim,
        proven: None,
        clean: false,
        certified: false,
    }))
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
