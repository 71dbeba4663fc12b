//! `grundy seq`: the Grundy sequence G(0..=N) of a heap rule with its
//! periodicity, largest value, value counts and P-positions; for long runs
//! also sequence files, checkpoints, resumed runs and the rare/common
//! engine's figures.
//!
//! The flow is: read the arguments, refuse what would not fit (memory,
//! disk, output), compute ([`grundy::heap::sequence::compute_with`], which
//! stops once the period is proven) while the `--out` file takes the values
//! as they come ([`store::Writer`]), end that file with the values that
//! follow from the period, summarise from the preperiod and the period
//! ([`Sequence::figures`]), print. `--read` takes
//! the values from a file instead and prints the same report.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use grundy::heap::periodicity::{Status, Window};
use grundy::heap::rc::RcStats;
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{
    self, EngineKind, Method, Options, Progress, ProvenPeriod, Sequence, Start,
};
use grundy::heap::store;
use serde::Serialize;

use crate::commands::heap::{parse_rule, rule_label};
use crate::commands::memory;
use crate::error::{CliError, CliResult};
use crate::listing;
use crate::report::{emit, parse_u64, print_json};

/// The engine, as named on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MethodArg {
    /// Rare/common when the rule allows it, else naive.
    Auto,
    /// The mex over every option (the reference).
    Naive,
    /// Rare/common ("sparse space"); rules it cannot run use naive.
    Rc,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Naive => Method::Naive,
            MethodArg::Rc => Method::Rc,
        }
    }
}

/// Most worker threads `--threads` accepts.
const MAX_THREADS: u64 = 1024;

/// Last heap `--until-proven` goes to without `--to`.
const PROVE_LIMIT: u64 = 1_000_000_000;

/// Bytes of text per listed value (digits, separator, the index of CSV
/// lines) counted when refusing a listing that would not fit in memory.
const TEXT_BYTES: u64 = 12;

/// Grundy values G(0..=N) of a heap rule, with preperiod, period and the
/// status of the periodicity (proven, observed or none).
#[derive(Args, Debug)]
pub struct SeqArgs {
    /// The rule: a code (0.77, 4!.0, 0.[3]), sub:1,3,4, sub:squares (a predicate), allbut:1,2,
    /// take:2..5, ranges:FILE or a name (see `grundy rules --list`).
    /// Optional with --read.
    #[arg(value_name = "RULE", required_unless_present = "read")]
    pub rule: Option<String>,
    /// The last heap size N (with --until-proven, default 10^9; with
    /// --read, the last value in the file).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: Option<String>,
    /// The first heap size listed (default 0).
    #[arg(long, value_name = "A", allow_negative_numbers = true)]
    pub from: Option<String>,
    /// Stop as soon as the periodicity is proven.
    #[arg(long)]
    pub until_proven: bool,
    /// Engine: auto, naive or rc (the values are the same).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Threads of the rare/common engine: 1 runs in order, 2 or more lets a
    /// second thread work one block ahead (default: 2 when the machine has
    /// two cores).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub threads: Option<String>,
    /// Print the values as CSV lines `n,g` (the values only: not with
    /// --summary).
    #[arg(long, conflicts_with_all = ["json", "summary"])]
    pub csv: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Leave out the values and the P-positions (for long runs).
    #[arg(long)]
    pub summary: bool,
    /// Also draw the sequence (value against n) into this PNG file.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write G(0..=N) to this binary file (rule, count, width, checksum,
    /// values) while they are computed, whole or not at all.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Read the values from a file written by --out or --checkpoint
    /// instead of computing them.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "resume", "checkpoint", "until_proven", "threads", "method"])]
    pub read: Option<PathBuf>,
    /// Save the values computed so far to this file now and then, and on
    /// Ctrl-C.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between two checkpoints (default 300; at least nine times
    /// what writing the last one took, so that a long run spends at most a
    /// tenth of its time on them).
    #[arg(
        long,
        value_name = "SECONDS",
        requires = "checkpoint",
        allow_negative_numbers = true
    )]
    pub checkpoint_every: Option<String>,
    /// Continue from a checkpoint (or any file written by --out).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Most memory the run may keep resident, such as 2G or 512M; past
    /// what the values need in memory they go to a file with only the hot
    /// part resident (default: the memory available).
    #[arg(long, value_name = "LIMIT")]
    pub memory: Option<String>,
    /// Keep the values in a file in this directory, whatever their size
    /// (a run past --memory does so in the directory of --out, else the
    /// temporary one); the file is removed at once and leaves nothing
    /// behind.
    #[arg(long, value_name = "DIR")]
    pub spill: Option<PathBuf>,
    /// Also print the engine's figures (rare mask, rare positions, largest
    /// value, pairs) and the checksum of the values.
    #[arg(long)]
    pub stats: bool,
    /// List each heap's misère genus (CGSuite's displayed form, the full
    /// sequence, tame or not) instead of the normal-play report.
    #[arg(long)]
    pub genus: bool,
}

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

/// Bytes of memory the machine has available, when it says.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Available memory, or 8 GiB when the machine does not say.
pub(crate) fn memory() -> u64 {
    available_memory().unwrap_or(8 << 30)
}

/// `bytes` in bytes and GiB, for messages.
pub(crate) fn size(bytes: u64) -> String {
    format!(
        "{bytes} bytes ({:.1} GiB)",
        bytes as f64 / (1u64 << 30) as f64
    )
}

/// The file a sequence file named `path` ends up as, refused up front when
/// it cannot be created: a sequence file is written under a temporary
/// name next to its target and renamed over it, so the target must be a
/// regular file (through any symbolic link) or not exist yet.
fn target(path: &Path, what: &str) -> CliResult<PathBuf> {
    let err = |why: String| CliError::new(format!("{what} {}: {why}", path.display()));
    let dir = parent(path);
    if !dir.is_dir() {
        return Err(err(format!("directory {} does not exist", dir.display())));
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(err("it is a directory".into())),
        Ok(m) if m.is_file() => std::fs::canonicalize(path).map_err(|e| err(e.to_string())),
        Ok(_) => Err(err(
            "not a regular file (sequence files are written whole, then renamed)".into(),
        )),
        Err(_) if std::fs::symlink_metadata(path).is_ok() => {
            Err(err("a symbolic link to nothing".into()))
        }
        Err(_) => Ok(path.to_path_buf()),
    }
}

/// `path` with its directory resolved, to tell whether two names mean one
/// file.
fn identity(path: &Path) -> PathBuf {
    let dir = parent(path);
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    dir.join(path.file_name().unwrap_or_default())
}

fn parent(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Refuses a sequence file that would not fit on the disk holding it.
fn check_disk(path: &Path, rule: &str, count: u64, width: u8) -> CliResult {
    let need = store::file_size(rule, count, width);
    let dir = parent(path);
    if let Ok(have) = fs4::available_space(&dir) {
        // Replacing a file frees its space only after the rename.
        if need > have {
            return Err(CliError::new(format!(
                "--out {}: {count} values need {} on disk, {} are available there",
                path.display(),
                size(need),
                size(have)
            )));
        }
    }
    Ok(())
}

/// Refuses a directory where a sequence file is read.
fn not_a_directory(path: &Path) -> CliResult {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(CliError::new(format!(
            "{} is a directory, not a sequence file",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Reads a sequence file's header and checks its checksum, holding none of
/// its values.
fn scan_store(path: &Path) -> CliResult<store::Scanned> {
    not_a_directory(path)?;
    let scanned = store::scan(path, 0).map_err(|e| CliError::new(e.to_string()))?;
    if scanned.computed != scanned.header.checksum {
        return Err(CliError::new(format!(
            "{}: checksum {:08X} does not match the values ({:08X})",
            path.display(),
            scanned.header.checksum,
            scanned.computed
        )));
    }
    Ok(scanned)
}

/// Reads a sequence file, refusing up front one whose values would not fit
/// in memory.
fn read_store(path: &Path) -> CliResult<store::StoredSequence> {
    not_a_directory(path)?;
    if let Ok(m) = std::fs::metadata(path) {
        // Four bytes per value once read, whatever the width in the file.
        let need = m.len().saturating_mul(2);
        let have = memory();
        if need > have {
            return Err(CliError::new(format!(
                "{}: its values need about {} of memory, more than the {} available",
                path.display(),
                size(need),
                size(have)
            )));
        }
    }
    store::read(path).map_err(|e| CliError::new(e.to_string()))
}

/// The checked `--threads`.
fn threads(args: &SeqArgs) -> CliResult<usize> {
    Ok(match &args.threads {
        Some(t) => match parse_u64(t, "--threads")? {
            n @ 1..=MAX_THREADS => n as usize,
            n => {
                return Err(CliError::new(format!(
                    "--threads {n}: give between 1 and {MAX_THREADS} threads"
                )))
            }
        },
        None => std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
    })
}

/// The checked `--checkpoint-every`.
fn checkpoint_every(args: &SeqArgs) -> CliResult<Duration> {
    let Some(text) = &args.checkpoint_every else {
        return Ok(Duration::from_secs(300));
    };
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(CliError::new(format!(
            "--checkpoint-every '{text}': give a positive number of seconds"
        ))),
    }
}

/// Refuses a listing past the cap, and `--from` past `--to`.
fn check_listing(args: &SeqArgs, from: u64, to: u64) -> CliResult {
    if from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    }
    if !args.summary || args.png.is_some() {
        listing::check_values((to - from).saturating_add(1))?;
    }
    Ok(())
}

/// Computes (or reads) and prints the sequence.
pub fn run(args: &SeqArgs) -> CliResult {
    if args.genus {
        return crate::commands::genus::run(args);
    }
    if let Some(path) = &args.read {
        return run_read(path, args);
    }
    if let Some(code) = args
        .rule
        .as_deref()
        .and_then(|r| r.trim().strip_prefix("turning:"))
    {
        return crate::commands::turning::run_seq(code, args);
    }
    let rule = parse_rule(args.rule.as_deref().unwrap_or_default())?;
    let to = match &args.to {
        Some(t) => memory::parse_count(t, "--to")?,
        None if args.until_proven => {
            if Window::for_rule(&rule) == Window::Unknown {
                return Err(CliError::new(format!(
                    "no periodicity theorem covers {rule}, so --until-proven needs --to N"
                )));
            }
            PROVE_LIMIT.min(sequence::max_heap(&rule, args.method.into()))
        }
        None => return Err(CliError::new("give the last heap size with --to N")),
    };
    let from = match &args.from {
        Some(f) => parse_u64(f, "--from")?,
        None => 0,
    };
    let threads = threads(args)?;
    let every = checkpoint_every(args)?;
    let method: Method = args.method.into();
    // Past what the engine counts, values can only come from a proven
    // period: a rule a theorem may prove periodic runs as far as the engine
    // counts, and says so if no period is proven by then.
    let provable = Window::for_rule(&rule) != Window::Unknown;
    let engine_to = if provable {
        to.min(sequence::max_heap(&rule, method))
    } else {
        to
    };
    sequence::check(&rule, engine_to, method)
        .map_err(|e| CliError::new(format!("--to {to}: {e}")))?;
    let listed = to.saturating_sub(from).saturating_add(1);
    // With --until-proven the sequence usually ends long before --to: what
    // it lists is checked once its length is known, before any output.
    let later = args.until_proven && Window::for_rule(&rule) != Window::Unknown;
    // Listed values are held as text; a picture holds them as numbers.
    let mut extra = 0u64;
    if !args.summary && !later {
        extra = extra.saturating_add(listed.saturating_mul(TEXT_BYTES));
    }
    if args.png.is_some() && !later {
        extra = extra.saturating_add(listed.saturating_mul(4));
    }
    let limit = match &args.memory {
        Some(m) => Some(memory::parse_size(m, "--memory")?),
        None => None,
    };
    let dir = memory::spill_dir(args.spill.as_deref(), args.out.as_deref());
    if args.spill.is_some() && !dir.is_dir() {
        return Err(CliError::new(format!(
            "--spill {}: not a directory",
            dir.display()
        )));
    }
    let disk = fs4::available_space(&dir).ok();
    if later && from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    } else if !later {
        check_listing(args, from, to)?;
    }
    let plan = memory::plan(&memory::Request {
        rule: &rule,
        to: engine_to,
        method,
        extra,
        limit,
        forced: args.spill.is_some(),
        dir: &dir,
        have: memory(),
        disk,
    })?;
    let reach = plan.reach;
    let rule_text = rule.to_string();
    let out = match &args.out {
        Some(path) => {
            let out = target(path, "--out")?;
            check_disk(&out, &rule_text, to.saturating_add(1), 2)?;
            Some(out)
        }
        None => None,
    };
    let checkpoint = match &args.checkpoint {
        Some(path) => Some(target(path, "--checkpoint")?),
        None => None,
    };
    // The values file, --out and the checkpoint (there twice while it is
    // replaced) may share a disk.
    let file = store::file_size(&rule_text, reach.saturating_add(1), 2);
    let mut needs = Vec::new();
    if let Some(spill) = &plan.spill {
        needs.push(memory::Need {
            dir: spill.dir.clone(),
            bytes: file,
            what: "the values file",
        });
    }
    if let Some(o) = &out {
        needs.push(memory::Need {
            dir: parent(o),
            bytes: file,
            what: "--out",
        });
    }
    if let Some(c) = &checkpoint {
        let old = std::fs::metadata(c).map_or(0, |m| m.len());
        needs.push(memory::Need {
            dir: parent(c),
            bytes: file.saturating_mul(2).saturating_sub(old),
            what: "--checkpoint",
        });
    }
    memory::check_disks(to, &needs, |d| fs4::available_space(d).ok(), memory::device)?;
    if let (Some(o), Some(c)) = (&out, &checkpoint) {
        // The --out file grows under its temporary name during the run,
        // the very name a checkpoint is saved under.
        if identity(o) == identity(c) {
            return Err(CliError::new(format!(
                "--out and --checkpoint name the same file {}; give two files",
                o.display()
            )));
        }
    }
    // A run whose values go to a file reads the one it resumes from in
    // order as the engine takes them, holding none of it; others read it
    // into memory first.
    let mut start: Vec<u32> = Vec::new();
    let resume = match &args.resume {
        Some(path) => {
            let (held_rule, held) = match plan.spill {
                Some(_) => {
                    let scanned = scan_store(path)?;
                    (scanned.header.rule, scanned.header.count)
                }
                None => {
                    let stored = read_store(path)?;
                    let held = stored.values.len() as u64;
                    start = stored.values;
                    (stored.rule, held)
                }
            };
            if held_rule != rule_text {
                return Err(CliError::new(format!(
                    "{} holds {held_rule}, not {rule_text}",
                    path.display(),
                )));
            }
            if let Some(o) = &out {
                if identity(o) == identity(path) && to.saturating_add(1) < held {
                    return Err(CliError::new(format!(
                        "--out {} is the file resumed from, which holds G(0..={}); --to {to} would cut it short: give --to {} or more, or another --out",
                        path.display(),
                        held - 1,
                        held - 1
                    )));
                }
            }
            plan.spill.as_ref().map(|_| path.as_path())
        }
        None => None,
    };
    let start = match resume {
        Some(path) => Start::File(path),
        None => Start::Values(&start),
    };
    let options = Options {
        method,
        threads,
        until_proven: args.until_proven,
    };
    // Every check is done: the run starts.
    if let Some(note) = &plan.note {
        eprintln!("{note}");
    }
    let interrupted = on_ctrl_c(checkpoint.is_some(), out.as_deref());
    let mut writer = match &out {
        Some(path) => Some(store::Writer::create(path, &rule_text).map_err(out_err)?),
        None => None,
    };
    let mut s = compute(
        args,
        plan.spill.as_ref(),
        checkpoint.as_deref(),
        writer.as_mut(),
        &interrupted,
        &rule,
        reach,
        &options,
        start,
        every,
    )?;
    if s.period.is_some() {
        if !args.until_proven {
            s.to = to;
        }
    } else if s.to < to {
        return Err(CliError::new(format!(
            "no period proven up to heap {}; all of G(0..={to}) needs about {} of memory, more than the {} available",
            s.computed(),
            size(sequence::memory_estimate(&rule, to, method)),
            size(memory())
        )));
    }
    if later {
        check_listing(args, from.min(s.to), s.to)?;
    }
    let figures = s.figures();
    if let Some(mut w) = writer {
        // A proven period ends the run early: the rest comes from it.
        let next = w.len();
        w.append((next..=s.to).map(|n| s.value(n).expect("a complete sequence")))
            .map_err(out_err)?;
        w.finish(s.to + 1).map_err(out_err)?;
    }
    print(args, &s, from.min(s.to), figures)
}

/// A failed write of the `--out` file, as the user sees it.
fn out_err(e: store::StoreError) -> CliError {
    CliError::new(format!("--out {e}"))
}

/// What Ctrl-C does during a run. With a checkpoint it raises the flag
/// returned, and the run saves the checkpoint and stops at its next
/// progress report. Otherwise, with an `--out` file on its way, it removes
/// the unfinished file and exits at once, as an interrupted run would have
/// without the file. Without either, the default (the process ends).
fn on_ctrl_c(checkpoint: bool, out: Option<&Path>) -> Arc<AtomicBool> {
    let interrupted = Arc::new(AtomicBool::new(false));
    // Only one handler can be installed; the first one serves.
    if checkpoint {
        let flag = interrupted.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    } else if let Some(out) = out {
        let (tmp, shown) = (store::temporary(out), out.display().to_string());
        let _ = ctrlc::set_handler(move || {
            let _ = std::fs::remove_file(&tmp);
            crate::error::exit_with(&format!("interrupted; --out {shown} was not written"));
        });
    }
    interrupted
}

/// Runs the engine with the progress bar, the checkpoints and Ctrl-C,
/// appending the values to `writer` as they come.
#[allow(clippy::too_many_arguments)]
fn compute(
    args: &SeqArgs,
    spill: Option<&grundy::heap::rc::Spill>,
    checkpoint: Option<&Path>,
    mut writer: Option<&mut store::Writer>,
    interrupted: &AtomicBool,
    rule: &HeapRule,
    to: u64,
    options: &Options,
    start: Start,
    every: Duration,
) -> CliResult<Sequence> {
    let bar = progress_bar(args, to);
    let plain = !std::io::IsTerminal::is_terminal(&std::io::stderr());
    let began = Instant::now();
    let mut last_line = began;
    let rule_text = rule.to_string();
    let mut last_save = Instant::now();
    let mut last_write = Duration::ZERO;
    let mut save_error: Option<CliError> = None;
    let mut stopped_at: Option<usize> = None;
    let mut observe = |p: &Progress| -> bool {
        if let Some(bar) = &bar {
            bar.set_position(p.done as u64);
            if let Some(st) = &p.stats {
                bar.set_message(format!(
                    "rare {} | largest value {}",
                    indicatif::HumanCount(st.rare_count as u64),
                    st.max_value
                ));
            }
        }
        if plain && last_line.elapsed() >= PROGRESS_EVERY {
            last_line = Instant::now();
            eprintln!("{}", progress_line(p, began.elapsed()));
        }
        if let Some(w) = writer.as_deref_mut() {
            let next = w.len();
            if let Err(e) = w.append((next..=p.done as u64).map(|n| (p.value)(n as usize))) {
                save_error = Some(out_err(e));
                return false;
            }
        }
        let stop = interrupted.load(Ordering::SeqCst);
        if let Some(path) = checkpoint {
            // A checkpoint of a long run takes a while to write: the run
            // spends at most a tenth of its time on them.
            if stop || last_save.elapsed() >= every.max(last_write * 9) {
                let began = Instant::now();
                if let Err(e) = store::write_with(path, &rule_text, p.done + 1, p.value) {
                    save_error = Some(CliError::new(format!("checkpoint: {e}")));
                    return false;
                }
                last_write = began.elapsed();
                last_save = Instant::now();
            }
        }
        if stop {
            stopped_at = Some(p.done);
        }
        !stop
    };
    let result = sequence::compute_spilled(rule, to, options, spill, start, &mut observe);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(e) = save_error {
        return Err(e);
    }
    let s = result.map_err(|e| match e {
        sequence::SequenceError::Unprovable { .. } => {
            CliError::new(format!("{rule}: {e}; give --to N to compute a fixed range"))
        }
        e => CliError::new(format!("--to {to}: {e}")),
    })?;
    if let Some(done) = stopped_at {
        let path = args.checkpoint.as_ref().expect("a checkpoint");
        return Err(CliError::new(format!(
            "interrupted at heap {done}; resume with --resume {}",
            path.display()
        )));
    }
    if let Some(path) = checkpoint {
        store::write_with(path, &rule_text, s.computed() + 1, |n| s.values.get(n))
            .map_err(|e| CliError::new(format!("checkpoint: {e}")))?;
    }
    Ok(s)
}

/// How often a run whose standard error is not a terminal (a log, a batch
/// job) reports its progress, one line at a time.
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// One line of progress for a log: where the run stands and how fast it
/// goes.
fn progress_line(p: &Progress, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-3);
    let mut line = format!(
        "grundy: heap {} of {} after {:.0} s ({:.0} heaps/s)",
        p.done,
        p.target,
        secs,
        p.done as f64 / secs
    );
    if let Some(st) = &p.stats {
        let _ = write!(
            line,
            ", rare {}, largest value {}",
            st.rare_count, st.max_value
        );
    }
    line
}

/// A progress bar (heaps per second, ETA, rare count, largest value) when
/// standard error is a terminal and the output is not JSON.
fn progress_bar(args: &SeqArgs, to: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || args.json {
        return None;
    }
    let bar = indicatif::ProgressBar::new(to);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} heaps | {rate} | ETA {eta} | {msg}",
        )
        .expect("a valid template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            },
        ),
    );
    Some(bar)
}

/// Heaps per second as a whole number with thousands separators.
fn rate(per_sec: f64) -> String {
    let n = if per_sec.is_finite() && per_sec > 0.0 {
        per_sec.round() as u64
    } else {
        0
    };
    format!("{} heaps/s", indicatif::HumanCount(n))
}

/// Prints a slice of a sequence file, with the report of a computed run.
fn run_read(path: &Path, args: &SeqArgs) -> CliResult {
    let given = match &args.rule {
        Some(r) => Some(parse_rule(r)?),
        None => None,
    };
    let to = match &args.to {
        Some(t) => Some(parse_u64(t, "--to")?),
        None => None,
    };
    let from = match &args.from {
        Some(f) => parse_u64(f, "--from")?,
        None => 0,
    };
    let stored = read_store(path)?;
    if let Some(rule) = &given {
        if rule.to_string() != stored.rule {
            return Err(CliError::new(format!(
                "{} holds {}, not {rule}",
                path.display(),
                stored.rule
            )));
        }
    }
    let rule: HeapRule = match given {
        Some(r) => r,
        None => stored.rule.parse().map_err(|e| {
            CliError::new(format!(
                "{}: rule '{}' in the header: {e}",
                path.display(),
                stored.rule
            ))
        })?,
    };
    let Some(last) = (stored.values.len() as u64).checked_sub(1) else {
        return Err(CliError::new(format!("{} holds no values", path.display())));
    };
    let to = to.unwrap_or(last);
    if to > last {
        return Err(CliError::new(format!(
            "--to {to} is past the last value in {} (heap {last})",
            path.display()
        )));
    }
    check_listing(args, from, to)?;
    let mut s = Sequence::from_values(rule, stored.values);
    s.to = to;
    let figures = s.figures();
    print(args, &s, from, figures)
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

fn print(args: &SeqArgs, s: &Sequence, from: u64, f: sequence::Figures) -> CliResult {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_whole_numbers() {
        assert_eq!(rate(1_234_567.89), "1,234,568 heaps/s");
        assert_eq!(rate(0.4), "0 heaps/s");
        assert_eq!(rate(f64::NAN), "0 heaps/s");
    }

    #[test]
    fn files_that_cannot_be_written_are_refused_up_front() {
        let f = std::env::temp_dir().join(format!("grundy-seq-disk-{}.gsq", std::process::id()));
        let e = check_disk(&f, "0.07", u64::MAX / 4, 2).unwrap_err();
        assert!(e.0.contains("values need 9223372036854775839 bytes"), "{e}");
        assert!(e.0.contains("on disk"), "{e}");
        assert!(check_disk(&f, "0.07", 1000, 2).is_ok());
        let e = target(Path::new("/dev/null"), "--out").unwrap_err();
        assert!(e.0.contains("not a regular file"), "{e}");
        assert_eq!(target(&f, "--out").unwrap(), f);
        let e = target(&f.join("x.gsq"), "--checkpoint").unwrap_err();
        assert!(e.0.contains("does not exist"), "{e}");
    }

    #[test]
    fn progress_lines_say_where_the_run_stands() {
        let p = Progress {
            done: 65536,
            target: 1_000_000,
            stats: None,
            value: &|_| 0,
        };
        assert_eq!(
            progress_line(&p, Duration::from_secs(2)),
            "grundy: heap 65536 of 1000000 after 2 s (32768 heaps/s)"
        );
    }

    #[test]
    fn sizes_in_bytes_and_gib() {
        assert_eq!(size(3 << 30), "3221225472 bytes (3.0 GiB)");
    }
}
