//! `grundy survey`: the Grundy sequences of a whole family of codes (a
//! pattern such as `0.??`, or a list), one JSON line per code, split into
//! shards for batch systems, resumed from its `--out` file; and
//! `grundy survey --merge`, which combines record files into one table.
//! The survey itself is [`grundy::survey`]; this is arguments, files and
//! printing.

use std::collections::HashSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use grundy::job::survey::{self, resume, Report, Source, Survey};
use grundy::job::Error;
use grundy::survey::merge;
use grundy::survey::pattern;
use grundy::survey::shard::Shard;
use grundy::survey::table::{abbreviated, csv, Merged};

use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{emit, parse_u64, print_json};

/// How often the codes under way are reported on standard error.
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// Surveys a family of codes: each code's period, preperiod and figures up
/// to heap N, one JSON line per code (or, with --merge, a table of record
/// files).
#[derive(Args, Debug)]
pub struct SurveyArgs {
    /// The codes: a pattern where each ? is an octal digit (0.??, 4.?, 0.?0?);
    /// with --merge, the record files to combine.
    #[arg(value_name = "PATTERN | FILES")]
    pub items: Vec<String>,
    /// The last heap of each code's sequence (codes stop earlier once their
    /// period is proven).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: Option<String>,
    /// Read the codes from this file (one per line, # comments) instead of
    /// a pattern; with --merge, the codes expected.
    #[arg(long, value_name = "FILE")]
    pub codes: Option<PathBuf>,
    /// Survey only shard I of N: the codes at positions I, I + N, ... of
    /// the sorted list (a job array's task, a GNU parallel job).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Append each finished code's line to this file; a rerun skips the
    /// codes already there.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Codes computed at once, one thread each (default: the cores).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<String>,
    /// Run a survey of more codes than are surveyed without it (about a
    /// million), whose list alone takes gigabytes of memory.
    #[arg(long)]
    pub large: bool,
    /// Combine record files into one table, refusing conflicting records.
    #[arg(long)]
    pub merge: bool,
    /// With --merge: the pattern the files should cover; its codes not in
    /// them are listed as missing.
    #[arg(long, value_name = "PATTERN", requires = "merge")]
    pub expect: Option<String>,
    /// With --merge: print one JSON object.
    #[arg(long, requires = "merge")]
    pub json: bool,
    /// With --merge: print CSV lines.
    #[arg(long, requires = "merge", conflicts_with = "json")]
    pub csv: bool,
}

/// Runs the survey, or the merge.
pub fn run(args: &SurveyArgs) -> CliResult {
    if args.merge {
        return run_merge(args);
    }
    for (given, name) in [(args.expect.is_some(), "--expect"), (args.json, "--json")] {
        if given {
            return Err(CliError::new(format!("{name} goes with --merge")));
        }
    }
    let source = match (&args.codes, args.items.as_slice()) {
        (None, [p]) => Ok(p),
        (Some(f), []) => Err(f),
        (None, []) => {
            return Err(CliError::new(
                "give a pattern such as 0.?? or --codes FILE",
            ))
        }
        (Some(_), _) => return Err(CliError::new("give a pattern or --codes FILE, not both")),
        (None, _) => {
            return Err(CliError::new(format!(
                "give one pattern, not {} (quote a pattern such as '0.??' for the shell; --merge combines files)",
                args.items.len()
            )))
        }
    };
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None => return Err(CliError::new("give the last heap size with --to N")),
    };
    let (codes, note) = match source {
        Ok(p) => survey::list(Source::Pattern(p), to, args.large)?,
        Err(f) => {
            let name = f.display().to_string();
            let codes = read_codes(f)?;
            survey::list(Source::List { name: &name, codes }, to, args.large)?
        }
    };
    if let Some(n) = note {
        eprintln!("{n}");
    }
    let shard = match &args.shard {
        Some(s) => s
            .parse::<Shard>()
            .map_err(|e| CliError::new(e.to_string()))?,
        None => Shard::ALL,
    };
    let threads = grundy::job::parse_threads(
        args.threads.as_deref(),
        "--threads",
        "",
        grundy::job::cores(),
    )?;
    let survey = Survey::new(&codes, args.codes.is_some(), shard, threads, to)?;
    let (mut out, done) = match &args.out {
        Some(path) => {
            let (file, done) = open_out(path, to)?;
            (Some((file, path)), done)
        }
        None => (None, HashSet::new()),
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = interrupted.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let kept = args.out.as_deref();
    Ok(
        survey.run(&done, kept, &interrupted, PROGRESS_EVERY, &mut |report| {
            match report {
                Report::Note(line) => eprintln!("{line}"),
                Report::Record(r) => {
                    let line = format!("{}\n", r.to_line());
                    match &mut out {
                        Some((f, path)) => f
                            .write_all(line.as_bytes())
                            .and_then(|_| f.flush())
                            .map_err(|e| Error::new(format!("--out {}: {e}", path.display())))?,
                        None => emit(&line).map_err(|e| Error::new(e.0))?,
                    }
                }
            }
            Ok(())
        })?,
    )
}

/// The largest list of codes read with `--codes` (a million codes fit
/// several times over).
const MAX_CODES_FILE: u64 = 64 << 20;

/// The largest record file read (`--merge`, or the `--out` file of a
/// resumed run): about three million records.
const MAX_RECORD_FILE: u64 = 1 << 30;

/// The codes listed in the `--codes` file.
fn read_codes(path: &Path) -> CliResult<Vec<String>> {
    let name = path.display().to_string();
    let what = format!("the list of codes '{name}'");
    Ok(pattern::read_list(&input::read_text(
        &name,
        &what,
        MAX_CODES_FILE,
    )?))
}

/// The `--out` file, opened for appending and locked against a second run
/// writing to it, with the codes it already holds. A torn last line (a
/// run killed while writing) is cut off first.
fn open_out(path: &Path, to: u64) -> CliResult<(std::fs::File, HashSet<String>)> {
    let err = |why: String| CliError::new(format!("--out {}: {why}", path.display()));
    if path.is_dir() {
        return Err(err("it is a directory".into()));
    }
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| err(e.to_string()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(err(
                "another survey is writing to it; give each run its own file".into(),
            ))
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(err(e.to_string())),
    }
    let bytes = input::read_file(&file, &format!("--out {}", path.display()), MAX_RECORD_FILE)?;
    let scan = resume(&bytes, to).map_err(|e| err(e.0))?;
    if scan.torn {
        eprintln!(
            "grundy: --out {}: cutting off a torn last line (a run stopped while writing it)",
            path.display()
        );
        file.set_len(scan.clean_len as u64)
            .map_err(|e| err(e.to_string()))?;
    } else if scan.unterminated {
        file.write_all(b"\n").map_err(|e| err(e.to_string()))?;
    }
    Ok((file, scan.done))
}

fn run_merge(args: &SurveyArgs) -> CliResult {
    if args.items.is_empty() {
        return Err(CliError::new("--merge: give the record files to combine"));
    }
    for (given, name) in [
        (args.to.is_some(), "--to"),
        (args.shard.is_some(), "--shard"),
        (args.out.is_some(), "--out"),
        (args.threads.is_some(), "--threads"),
    ] {
        if given {
            return Err(CliError::new(format!("{name} does not go with --merge")));
        }
    }
    let expected = match (&args.expect, &args.codes) {
        (Some(_), Some(_)) => {
            return Err(CliError::new(
                "give --expect PATTERN or --codes FILE, not both",
            ))
        }
        (Some(p), None) => Some(pattern::expand(p).map_err(|e| CliError::new(e.to_string()))?),
        (None, Some(f)) => Some(read_codes(f)?),
        (None, None) => None,
    };
    let mut sets = Vec::new();
    for name in &args.items {
        let what = format!("the record file '{name}'");
        let text = input::read_text(name, &what, MAX_RECORD_FILE)?;
        let s = merge::scan(&text).map_err(|e| CliError::new(format!("{name}: {e}")))?;
        if s.torn {
            eprintln!("grundy: {name}: ignoring a torn last line");
        }
        sets.push(s.records);
    }
    let records = merge::merge(sets).map_err(|e| CliError::new(e.to_string()))?;
    let missing = expected.map(|e| merge::missing(&e, &records));
    if let Some(m) = missing.as_ref().filter(|m| !m.is_empty()) {
        eprintln!("grundy: {} codes missing: {}", m.len(), abbreviated(m));
    }
    let merged = Merged { records, missing };
    if args.json {
        print_json(&merged)
    } else if args.csv {
        emit(&csv(&merged.records))
    } else {
        emit(&merged.text())
    }
}
