//! `grundy survey`: the Grundy sequences of a whole family of codes (a
//! pattern such as `0.??`, or a list), one JSON line per code, split into
//! shards for batch systems, resumed from its `--out` file; and
//! `grundy survey --merge`, which combines record files into one table.
//! The survey itself is [`grundy::survey`]; this is arguments, files and
//! printing.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{self, Method};
use grundy::survey::merge;
use grundy::survey::run::{self, Event};
use grundy::survey::shard::Shard;
use grundy::survey::{pattern, Record};
use serde::Serialize;

use crate::commands::memory::{available_memory, size};
use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{emit, parse_u64, print_json};

/// Most codes surveyed at once.
const MAX_THREADS: u64 = 1024;

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
    let codes = match source {
        Ok(p) => {
            let count = pattern::count(p).map_err(|e| CliError::new(e.to_string()))?;
            let what = format!("pattern '{}' stands for", p.trim());
            let split = "fix a digit of the pattern to split it";
            check_size(&what, split, count, p.trim().len(), to, args.large)?;
            pattern::expand(p).map_err(|e| CliError::new(e.to_string()))?
        }
        Err(f) => {
            let codes = read_codes(f)?;
            let longest = codes.iter().map(String::len).max().unwrap_or(0);
            let what = format!("the list of codes '{}' holds", f.display());
            if codes.is_empty() {
                return Err(CliError::new(format!("{what} no code")));
            }
            let split = "split the list";
            check_size(&what, split, codes.len(), longest, to, args.large)?;
            codes
        }
    };
    let shard = match &args.shard {
        Some(s) => s
            .parse::<Shard>()
            .map_err(|e| CliError::new(e.to_string()))?,
        None => Shard::ALL,
    };
    let mine = shard.select(&codes);
    let threads = match &args.threads {
        Some(t) => match parse_u64(t, "--threads")? {
            n @ 1..=MAX_THREADS => n as usize,
            n => {
                return Err(CliError::new(format!(
                    "--threads {n}: give between 1 and {MAX_THREADS}"
                )))
            }
        },
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let workers = threads.min(mine.len()).max(1);
    check_memory(&mine, to, workers)?;
    let (mut out, done) = match &args.out {
        Some(path) => {
            let (file, done) = open_out(path, to)?;
            (Some(file), done)
        }
        None => (None, HashSet::new()),
    };
    let todo: Vec<String> = mine.into_iter().filter(|c| !done.contains(c)).collect();
    let label = match &args.out {
        Some(p) => format!(" ({} already in {})", done.len(), p.display()),
        None => String::new(),
    };
    let from_list = if args.codes.is_some() {
        " from the list"
    } else {
        ""
    };
    if todo.is_empty() {
        eprintln!(
            "grundy: survey of {} codes{from_list}, shard {shard}: none to compute{label}, to heap {to}",
            codes.len(),
        );
        return Ok(());
    }
    let workers = workers.min(todo.len());
    eprintln!(
        "grundy: survey of {} codes{from_list}, shard {shard}: {} to compute{label}, to heap {to}, {workers} at a time",
        codes.len(),
        todo.len(),
    );
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = interrupted.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let total = todo.len();
    let mut finished = 0usize;
    let mut failure: Option<CliError> = None;
    run::run(
        &todo,
        to,
        workers,
        &interrupted,
        PROGRESS_EVERY,
        &mut |event| match event {
            Event::Done(r) => {
                let line = format!("{}\n", r.to_line());
                let written = match &mut out {
                    Some(f) => f
                        .write_all(line.as_bytes())
                        .and_then(|_| f.flush())
                        .map_err(|e| {
                            CliError::new(format!(
                                "--out {}: {e}",
                                args.out.as_ref().expect("an out file").display()
                            ))
                        }),
                    None => emit(&line),
                };
                if let Err(e) = written {
                    failure = Some(e);
                    return false;
                }
                finished += 1;
                eprintln!("grundy: [{finished}/{total}] {}", progress_words(&r));
                true
            }
            Event::Running(codes) => {
                let list: Vec<String> = codes
                    .iter()
                    .map(|(c, n)| format!("{c} at heap {n}"))
                    .collect();
                eprintln!(
                    "grundy: [{finished}/{total}] under way: {}",
                    list.join(", ")
                );
                true
            }
        },
    );
    if let Some(e) = failure {
        return Err(e);
    }
    if finished < total {
        let again = match &args.out {
            Some(_) => "run the same command again to go on",
            None => "give --out FILE to keep finished codes across runs",
        };
        return Err(CliError::new(format!(
            "interrupted after {finished} of {total} codes; {again}"
        )));
    }
    Ok(())
}

/// One line of progress for a finished code.
fn progress_words(r: &Record) -> String {
    let mut s = format!("{} {}", r.code, r.status.word());
    if let (Some(n0), Some(p)) = (r.preperiod, r.period) {
        let _ = write!(s, ", period {p} from {n0}");
    }
    if let Some(e) = &r.error {
        let _ = write!(s, ": {}", crate::error::one_line(e));
    }
    let _ = write!(s, " ({:.2} s)", r.seconds);
    s
}

/// Most codes a survey takes without --large.
const LARGE_SURVEY: usize = 1 << 20;

/// Memory a listed code of `len` bytes takes while a survey starts: its
/// text with its allocation's overhead, and its place in the list, in the
/// shard's list and in the list of codes to compute.
fn list_bytes(len: usize) -> u64 {
    (len.next_multiple_of(16) as u64 + 16 + 3 * 24) + 2 * 8
}

/// Refuses, with the estimate, a survey of more than [`LARGE_SURVEY`]
/// codes unless `large` (--large) says to run it: listing its codes alone
/// takes gigabytes, and its work is up to `to + 1` heaps per code.
/// `what` names the pattern or the list with its verb ("pattern '0.??'
/// stands for"), `split` how to make it smaller, `len` the longest code.
fn check_size(
    what: &str,
    split: &str,
    count: usize,
    len: usize,
    to: u64,
    large: bool,
) -> CliResult {
    let memory = (count as u64).saturating_mul(list_bytes(len));
    if count <= LARGE_SURVEY {
        return Ok(());
    }
    let heaps = (count as u64).saturating_mul(to.saturating_add(1));
    if !large {
        return Err(CliError::new(format!(
            "{what} {count} codes, more than the {LARGE_SURVEY} surveyed without --large: \
             listing them needs about {} of memory, and surveying them up to {heaps} heaps \
             ({} per code until its period is proven); give --large to run it, or {split}",
            size(memory),
            to.saturating_add(1)
        )));
    }
    eprintln!(
        "grundy: listing {count} codes (about {} of memory)",
        size(memory)
    );
    Ok(())
}

/// Refuses a survey whose codes, `workers` at a time, would not fit in
/// memory if none of them were proven periodic early.
fn check_memory(codes: &[String], to: u64, workers: usize) -> CliResult {
    let need = codes
        .iter()
        .filter_map(|c| c.parse::<HeapRule>().ok())
        .filter(|r| sequence::check(r, to, Method::Auto).is_ok())
        .map(|r| sequence::memory_estimate(&r, to, Method::Auto))
        .max()
        .unwrap_or(0)
        .saturating_mul(workers as u64);
    let have = available_memory();
    if need > have {
        return Err(CliError::new(format!(
            "--to {to}: {workers} codes at a time need up to {} of memory, more than the {} available; give a smaller --to or fewer --threads",
            size(need),
            size(have)
        )));
    }
    Ok(())
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
    // Lossy: a torn last line may end inside a character.
    let text = String::from_utf8_lossy(&bytes);
    let scan = merge::scan(&text).map_err(|e| err(e.to_string()))?;
    if let Some(r) = scan.records.iter().find(|r| r.to != to) {
        return Err(err(format!(
            "it holds {} surveyed to heap {}, not {to}; give another --out or the same --to",
            r.code, r.to
        )));
    }
    if scan.torn {
        eprintln!(
            "grundy: --out {}: cutting off a torn last line (a run stopped while writing it)",
            path.display()
        );
        file.set_len(scan.clean_len as u64)
            .map_err(|e| err(e.to_string()))?;
    } else if !bytes.is_empty() && !bytes.ends_with(b"\n") {
        file.write_all(b"\n").map_err(|e| err(e.to_string()))?;
    }
    let done = scan.records.into_iter().map(|r| r.code).collect();
    Ok((file, done))
}

/// What `grundy survey --merge --json` prints.
#[derive(Serialize)]
struct Merged<'a> {
    /// Every code once, sorted.
    records: &'a [Record],
    /// The expected codes no file holds (`null` without --expect or --codes).
    missing: Option<Vec<String>>,
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
    if args.json {
        return print_json(&Merged {
            records: &records,
            missing,
        });
    }
    if args.csv {
        return emit(&csv(&records));
    }
    let mut text = table(&records);
    if let Some(m) = &missing {
        let _ = writeln!(
            text,
            "missing: {}",
            if m.is_empty() {
                "none".into()
            } else {
                format!("{} ({})", m.len(), m.join(" "))
            }
        );
    }
    emit(&text)
}

/// The first codes of a long list, for a one-line message.
fn abbreviated(codes: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut s = codes[..codes.len().min(SHOWN)].join(" ");
    if codes.len() > SHOWN {
        let _ = write!(s, " ... ({} more)", codes.len() - SHOWN);
    }
    s
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// The columns of the table and of the CSV lines, by name.
const COLUMNS: [&str; 16] = [
    "code",
    "status",
    "period",
    "preperiod",
    "saltus",
    "computed",
    "max_value",
    "engine",
    "rare_mask",
    "rare_parity",
    "rare_count",
    "last_rare",
    "checksum",
    "to",
    "error",
    "seconds",
];

fn cells(r: &Record, hex: bool) -> Vec<String> {
    vec![
        r.code.clone(),
        r.status.word().to_string(),
        opt(r.period),
        opt(r.preperiod),
        opt(r.saltus),
        opt(r.computed),
        opt(r.max_value),
        opt(r.engine.clone()),
        match (r.rare_mask, hex) {
            (Some(m), true) => format!("{m:#x}"),
            (m, _) => opt(m),
        },
        opt(r.rare_parity),
        opt(r.rare_count),
        opt(r.last_rare),
        opt(r.checksum.clone()),
        r.to.to_string(),
        opt(r.error.clone()),
        format!("{:.3}", r.seconds),
    ]
}

/// CSV lines: a header, then one line per code; `seconds` is the last
/// column, so the rest compares across runs.
fn csv(records: &[Record]) -> String {
    let quote = |s: String| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s
        }
    };
    let mut out = COLUMNS.join(",");
    out.push('\n');
    for r in records {
        let line: Vec<String> = cells(r, false).into_iter().map(quote).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// The records as aligned columns (the error, if any, at the end of its line).
fn table(records: &[Record]) -> String {
    let shown: Vec<usize> = (0..COLUMNS.len())
        .filter(|&i| COLUMNS[i] != "error")
        .collect();
    let rows: Vec<Vec<String>> = records.iter().map(|r| cells(r, true)).collect();
    let width = |i: usize| {
        rows.iter()
            .map(|row| row[i].chars().count())
            .chain(std::iter::once(COLUMNS[i].len()))
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..COLUMNS.len()).map(width).collect();
    let line = |cells: Vec<&str>| -> String {
        let mut s = shown
            .iter()
            .map(|&i| format!("{:<w$}", cells[i], w = widths[i]))
            .collect::<Vec<_>>()
            .join("  ");
        let error = cells[COLUMNS.len() - 2];
        if !error.is_empty() && error != "error" {
            let _ = write!(s, "  {}", crate::error::one_line(error));
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(COLUMNS.to_vec());
    for row in &rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    let _ = writeln!(out, "{} codes", records.len());
    out
}
