//! Frontier runs: Grundy sequences of octal codes far past memory (to
//! `2^40`), in bounded memory, resumable across processes, publishing what
//! lets others re-check them.
//!
//! A run keeps every value in a values file, one or two bytes each, and
//! only a window of them resident ([`crate::heap::rc::Window`]): it first
//! computes `G(0..prefix)`, then searches each heap first among the pairs
//! of the prefix and the last `recent` values, reading the rest of the
//! file only for the few heaps those do not settle. Its figures
//! ([`Records`]: frequencies at every power of two, block checksums, the
//! rare positions, the largest value) are kept as it goes, repetitions
//! longer than the window are looked for by hashing ([`Repeats`]), and a
//! checkpoint holds the kept values and the figures, so that the next
//! process goes on from there ([`checkpoint`]).
//!
//! ```
//! use grundy::heap::frontier::{run, Plan};
//! let rule = "0.167".parse().unwrap();
//! let plan = Plan { prefix: 1 << 16, recent: 1 << 17, ..Plan::new(400_000) };
//! // With no values file named, one in the temporary directory, removed
//! // at the end.
//! let out = run(&rule, "0.167", &plan, None, &mut |_| true).unwrap();
//! assert_eq!(out.records.done, Some(400_000));
//! assert!(out.windowed);
//! ```

pub mod checkpoint;
mod records;
mod repeat;
mod report;
#[cfg(test)]
mod tests;

pub use records::{Block, Frequencies, Records};
pub use repeat::{Repeats, Repetition, SPAN};
pub use report::{report, text, FrontierReport};

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::heap::code::TakeBreak;
use crate::heap::rc::{Cells, RcEngine, RcError, RcStats, Snapshot, StoredValue, Window};

/// Heaps computed between two looks at the run (progress, interruption,
/// checkpoints).
pub const CHUNK: u64 = 1 << 20;

/// How a frontier run goes.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The last heap.
    pub to: u64,
    /// Heaps kept from the start.
    pub prefix: usize,
    /// Recent values kept.
    pub recent: usize,
    /// Heaps per block checksum.
    pub block_len: u64,
    /// Values hashed at once by the repetition check (at most a quarter of
    /// `recent`).
    pub span: u64,
    /// Where the checkpoint goes, and how often.
    pub checkpoint: Option<(PathBuf, Duration)>,
    /// Where the records go (rewritten at each checkpoint and at the end).
    pub records: Option<PathBuf>,
    /// The values file: every value, one or two bytes each, so that a heap
    /// the window does not settle (a new rare value, far from the start)
    /// is settled from it. `None`: next to the checkpoint (its name with
    /// `.values` added), else a file in the temporary directory removed
    /// at the end of the run.
    pub values: Option<PathBuf>,
}

impl Plan {
    /// To heap `to`, with the default window (2^25 values at each end), blocks of
    /// 2^24 heaps, no files.
    pub fn new(to: u64) -> Plan {
        Plan {
            to,
            prefix: DEFAULT_WINDOW,
            recent: DEFAULT_WINDOW,
            block_len: 1 << 24,
            span: SPAN,
            checkpoint: None,
            records: None,
            values: None,
        }
    }

    /// The values file, and whether it is the run's own temporary one.
    pub fn values_path(&self) -> (PathBuf, bool) {
        match (&self.values, &self.checkpoint) {
            (Some(v), _) => (v.clone(), false),
            (None, Some((c, _))) => {
                let mut name = c.clone().into_os_string();
                name.push(".values");
                (name.into(), false)
            }
            (None, None) => {
                static NEXT: std::sync::atomic::AtomicUsize =
                    std::sync::atomic::AtomicUsize::new(0);
                let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let name = format!("grundy-frontier-{}-{k}.values", std::process::id());
                (std::env::temp_dir().join(name), true)
            }
        }
    }

    /// An empty values file at `path` (a new run, or a run widened to
    /// other cells).
    fn cells<V: StoredValue>(&self, path: &std::path::Path) -> Result<Cells<V>, FrontierError> {
        Cells::kept(path, self.trim_windows(), TRIM_EVERY, None)
            .map_err(|e| FrontierError::Io(format!("values file {}: {e}", path.display())))
    }

    /// The stretches of a values file kept in memory: the prefix and the
    /// recent values with two chunks to spare.
    pub(crate) fn trim_windows(&self) -> (usize, usize, usize) {
        (self.prefix, 0, self.recent + 2 * CHUNK as usize)
    }

    /// The bytes a run keeps resident at most, for values of `cell` bytes:
    /// the two ends of the window, the repetition check's anchors (a slot
    /// of 16 bytes per `span` heaps, at most half full) and the engine's
    /// tables.
    pub fn resident(&self, cell: usize) -> u64 {
        let window = (self.prefix + self.recent) as u64 * cell as u64;
        let anchors = 32 * (self.to / self.span.max(1) + 64);
        window + anchors + TABLES
    }
}

/// How often the pages of a values file outside the window are handed
/// back to the kernel.
pub const TRIM_EVERY: Duration = Duration::from_secs(1);

/// The default length of each end of the window.
pub const DEFAULT_WINDOW: usize = 1 << 25;

/// The engine's tables and the program, bytes.
pub const TABLES: u64 = 48 << 20;

/// Where a run stands, shown to its observer after every [`CHUNK`].
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The last heap computed.
    pub done: u64,
    /// The last heap of the run.
    pub to: u64,
    /// Heaps computed by this process.
    pub computed: u64,
    /// Time this process has run.
    pub elapsed: Duration,
}

impl Progress {
    /// The time left at the rate of this process so far.
    pub fn remaining(&self) -> Option<Duration> {
        if self.computed == 0 {
            return None;
        }
        let rate = self.computed as f64 / self.elapsed.as_secs_f64().max(1e-9);
        Some(Duration::from_secs_f64((self.to - self.done) as f64 / rate))
    }
}

/// How a run ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The figures, up to the last heap computed.
    pub records: Records,
    /// The rare/common engine's figures.
    pub stats: RcStats,
    /// `G(done)`.
    pub value: u32,
    /// Whether the run went past its prefix in a window.
    pub windowed: bool,
    /// The window, once entered.
    pub window: Option<Window>,
    /// The repetition seen most often, if any.
    pub repetition: Option<Repetition>,
    /// Whether the run reached its last heap (not stopped by the observer).
    pub complete: bool,
    /// Heaps this process computed.
    pub computed: u64,
}

/// Why a frontier run failed.
#[derive(Debug, thiserror::Error)]
pub enum FrontierError {
    /// The engine (a heap the window cannot settle, a rule it does not take).
    #[error("{0}")]
    Engine(#[from] RcError),
    /// A checkpoint or a records file.
    #[error("{0}")]
    Io(String),
    /// A value past 16 bits (the checksums of grundy's sequence files take
    /// such values as two words; a frontier run does not).
    #[error("G({0}) needs more than 16 bits; frontier runs take values below 65536")]
    Wide(u64),
}

/// The engine in the cells the values need.
enum Cellular {
    Byte(RcEngine<u8>),
    Narrow(RcEngine<u16>),
}

macro_rules! each {
    ($e:expr, $x:ident => $body:expr) => {
        match $e {
            Cellular::Byte($x) => $body,
            Cellular::Narrow($x) => $body,
        }
    };
}

impl Cellular {
    fn last(&self) -> usize {
        each!(self, e => e.last())
    }

    fn value(&self, n: usize) -> u32 {
        each!(self, e => e.value(n))
    }

    /// Computes up to `n`, into wider cells when a value needs them.
    fn extend_to(
        &mut self,
        rule: &TakeBreak,
        n: usize,
        values: &std::path::Path,
        plan: &Plan,
    ) -> Result<(), FrontierError> {
        loop {
            let r = each!(self, e => e.extend_to(n));
            match r {
                Ok(()) => return Ok(()),
                Err(RcError::Overflow { position, .. }) => {
                    *self = match self {
                        Cellular::Byte(e) => {
                            Cellular::Narrow(widen(e, rule, position, values, plan)?)
                        }
                        Cellular::Narrow(_) => return Err(FrontierError::Wide(position as u64)),
                    };
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    fn snapshot(&self) -> Option<Snapshot> {
        each!(self, e => e.snapshot())
    }

    fn stats(&self) -> RcStats {
        each!(self, e => e.stats())
    }

    fn window(&self) -> Option<Window> {
        each!(self, e => e.window())
    }

    fn enter_window(&mut self, w: Window) -> Result<(), RcError> {
        each!(self, e => e.enter_window(w))
    }
}

/// `e` in 16-bit cells, values up to `position - 1`: the values file is
/// written anew beside the old one, then renamed onto it.
fn widen(
    e: &RcEngine<u8>,
    rule: &TakeBreak,
    position: usize,
    values: &std::path::Path,
    plan: &Plan,
) -> Result<RcEngine<u16>, FrontierError> {
    debug_assert_eq!(e.last() + 1, position);
    let tmp = crate::heap::store::temporary(values);
    let cells = plan.cells::<u16>(&tmp)?;
    let wide = match e.window() {
        Some(_) => e.widen::<u16>(rule, cells)?,
        None => RcEngine::<u16>::from_values_in(rule, e.cells().iter().map(|&c| c as u32), cells)?,
    };
    std::fs::rename(&tmp, values)
        .map_err(|err| FrontierError::Io(format!("values file {}: {err}", values.display())))?;
    Ok(wide)
}

/// Runs `rule` (written `label`) as `plan` says, from the checkpoint
/// `resume` if given, showing `observe` where it stands after every
/// [`CHUNK`] heaps; the run stops (with a checkpoint, if the plan has one)
/// when `observe` returns `false`.
pub fn run(
    rule: &TakeBreak,
    label: &str,
    plan: &Plan,
    resume: Option<checkpoint::Resumed>,
    observe: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Outcome, FrontierError> {
    if usize::try_from(plan.to).is_err() {
        return Err(FrontierError::Io(format!(
            "heap {} is past this machine's address space",
            plan.to
        )));
    }
    let (values, temporary) = plan.values_path();
    let out = run_with(rule, label, plan, resume, observe, &values);
    if temporary {
        let _ = std::fs::remove_file(&values);
    }
    out
}

fn run_with(
    rule: &TakeBreak,
    label: &str,
    plan: &Plan,
    resume: Option<checkpoint::Resumed>,
    observe: &mut dyn FnMut(&Progress) -> bool,
    values: &std::path::Path,
) -> Result<Outcome, FrontierError> {
    // The values of a chunk are read back to `span` heaps before it, so
    // the span is at most a quarter of the recent values.
    let span = plan.span.min(plan.recent as u64 / 4).max(1);
    let (mut engine, mut records, mut repeats) = match resume {
        Some(r) => {
            let engine = match r.engine {
                checkpoint::Cells::Byte(e) => Cellular::Byte(e),
                checkpoint::Cells::Narrow(e) => Cellular::Narrow(e),
            };
            (engine, r.records, r.repeats)
        }
        None => {
            let e = RcEngine::<u8>::with_cells(rule, plan.cells(values)?)?;
            let mut records = Records::new(label, plan.block_len);
            records.push(0, 0);
            (Cellular::Byte(e), records, Repeats::new(span))
        }
    };
    let start = Instant::now();
    let first = engine.last() as u64;
    let mut saved = Instant::now();
    let mut complete = true;
    while (engine.last() as u64) < plan.to {
        let last = engine.last();
        if engine.window().is_none() && last + 1 == plan.prefix && (plan.to as usize) > plan.prefix
        {
            let w = Window {
                prefix: plan.prefix,
                recent: plan.recent,
            };
            engine.enter_window(w)?;
        }
        // Stop at the prefix, at the next chunk, at the end. The values of
        // a chunk are read once it is done, back to `span` heaps before
        // it: a chunk of a quarter of the window keeps them all recent.
        let chunk = CHUNK.min(plan.recent as u64 / 4).max(1);
        let mut next = ((last as u64 / chunk + 1) * chunk).min(plan.to);
        if engine.window().is_none() && last < plan.prefix - 1 {
            next = next.min(plan.prefix as u64 - 1);
        }
        engine.extend_to(rule, next as usize, values, plan)?;
        for n in last + 1..=next as usize {
            let v = engine.value(n);
            records.push(n as u64, v);
            let span = repeats.span() as usize;
            let old = (n >= span).then(|| engine.value(n - span));
            repeats.push(n as u64, v, old);
        }
        let progress = Progress {
            done: next,
            to: plan.to,
            computed: next - first,
            elapsed: start.elapsed(),
        };
        let go_on = observe(&progress);
        let due = plan
            .checkpoint
            .as_ref()
            .is_some_and(|(_, every)| saved.elapsed() >= *every);
        if !go_on || due {
            save(&engine, &mut records, &repeats, plan, values)?;
            saved = Instant::now();
        }
        if !go_on {
            complete = next >= plan.to;
            break;
        }
    }
    let stats = engine.stats();
    records.rare = rare_of(&engine, &stats);
    records.settle();
    if let Some(dir) = &plan.records {
        records
            .write(dir)
            .map_err(|e| FrontierError::Io(format!("{}: {e}", dir.display())))?;
    }
    if complete && plan.checkpoint.is_some() {
        save(&engine, &mut records, &repeats, plan, values)?;
    }
    let done = engine.last();
    Ok(Outcome {
        value: engine.value(done),
        windowed: engine.window().is_some(),
        window: engine.window(),
        repetition: repeats.best(),
        complete,
        computed: done as u64 - first,
        records,
        stats,
    })
}

fn rare_of(engine: &Cellular, stats: &RcStats) -> Vec<(u64, u32)> {
    if let Some(s) = engine.snapshot() {
        return s.rare.iter().map(|&(r, v)| (r as u64, v)).collect();
    }
    // Before the window: the rare positions under the mask, if one.
    if stats.split.is_none() {
        return Vec::new();
    }
    each!(engine, e => rare_in_memory(e))
}

fn rare_in_memory<V: StoredValue>(e: &RcEngine<V>) -> Vec<(u64, u32)> {
    e.rare_positions()
        .into_iter()
        .map(|r| (r as u64, e.value(r)))
        .collect()
}

/// Writes the checkpoint and the records the plan asks for.
fn save(
    engine: &Cellular,
    records: &mut Records,
    repeats: &Repeats,
    plan: &Plan,
    values: &std::path::Path,
) -> Result<(), FrontierError> {
    let stats = engine.stats();
    records.rare = rare_of(engine, &stats);
    records.settle();
    if let Some((path, _)) = &plan.checkpoint {
        let r = match engine {
            Cellular::Byte(e) => checkpoint::write(path, plan, values, e, records, repeats),
            Cellular::Narrow(e) => checkpoint::write(path, plan, values, e, records, repeats),
        };
        r.map_err(|e| FrontierError::Io(format!("checkpoint {}: {e}", path.display())))?;
    }
    if let Some(dir) = &plan.records {
        records
            .write(dir)
            .map_err(|e| FrontierError::Io(format!("{}: {e}", dir.display())))?;
    }
    Ok(())
}
