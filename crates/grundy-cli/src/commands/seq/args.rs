//! The arguments of `grundy seq` as clap reads them, and the checks of
//! those that need more than their type: the thread count and the time
//! between checkpoints.
//!
//! They are shared by the commands `grundy seq` hands over to (the genus
//! of each heap, the values of a coin-turning game), which read the same
//! arguments.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use grundy::heap::sequence::Method;

use grundy::job::seq::CHECKPOINT_EVERY;

use crate::error::{CliError, CliResult};

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

/// The checked `--threads`.
pub(super) fn threads(args: &SeqArgs) -> CliResult<usize> {
    let two = grundy::job::cores().min(2);
    Ok(grundy::job::parse_threads(
        args.threads.as_deref(),
        "--threads",
        " threads",
        two,
    )?)
}

/// The checked `--checkpoint-every`.
pub(super) fn checkpoint_every(args: &SeqArgs) -> CliResult<Duration> {
    let Some(text) = &args.checkpoint_every else {
        return Ok(CHECKPOINT_EVERY);
    };
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(CliError::new(format!(
            "--checkpoint-every '{text}': give a positive number of seconds"
        ))),
    }
}
