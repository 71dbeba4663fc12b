//! Checkpoints of frontier runs: the engine's state and the records, a few
//! kilobytes, in a file written under a temporary name and renamed, so
//! that a checkpoint present is whole; the values are in the run's values
//! file, flushed to disk first, whose length and last values' checksum
//! the checkpoint records. A run resumes from the two on any machine.
//!
//! The file is a line `grundy-frontier 1` and a line of JSON (the rule, the
//! cell width, the engine's [`Snapshot`], the values file, the [`Records`]
//! and the repetition check's state).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{Plan, Records, Repeats};
use crate::heap::code::TakeBreak;
use crate::heap::rc::{RcEngine, Snapshot, StoredValue};
use crate::heap::store::Fletcher;

const MAGIC: &str = "grundy-frontier 1";

/// The last values of a values file whose checksum a checkpoint records.
const TAIL: usize = 1 << 20;

#[derive(Serialize, Deserialize)]
struct Header {
    rule: String,
    /// The last heap the run that wrote it was heading for.
    to: u64,
    /// Bytes per value.
    cell: u8,
    /// The window's state; `None` before the window.
    snapshot: Option<Snapshot>,
    values_file: ValuesFile,
    records: Records,
    repeats: Repeats,
    /// The window the run was given.
    prefix: usize,
    recent: usize,
}

/// A run's values file as a checkpoint records it: its first `len` values
/// are the run's, and the last of them have a known checksum (checked on
/// resuming; the file's earlier values are trusted).
#[derive(Serialize, Deserialize)]
struct ValuesFile {
    path: PathBuf,
    len: usize,
    tail_from: usize,
    tail_checksum: String,
}

/// An engine rebuilt from a checkpoint, in its cells.
pub enum Cells {
    /// Values below 256.
    Byte(RcEngine<u8>),
    /// Values below 65536.
    Narrow(RcEngine<u16>),
}

/// What a checkpoint gives back.
pub struct Resumed {
    /// The engine.
    pub engine: Cells,
    /// The records so far.
    pub records: Records,
    /// The repetition check.
    pub repeats: Repeats,
    /// The last heap computed.
    pub done: u64,
    /// The values file of the run.
    pub values: PathBuf,
    /// The window the run was given, `(prefix, recent)`.
    pub window_given: (usize, usize),
}

/// Writes the checkpoint of `engine`, whose values are in `values`, to
/// `path`.
pub(super) fn write<V: StoredValue>(
    path: &Path,
    plan: &Plan,
    values: &Path,
    engine: &RcEngine<V>,
    records: &Records,
    repeats: &Repeats,
) -> std::io::Result<()> {
    let cells = engine.cells();
    cells.flush()?;
    let len = engine.last() + 1;
    let tail_from = len.saturating_sub(TAIL);
    let mut t = Fletcher::default();
    for v in &cells[tail_from..len] {
        t.push(v.get(), false);
    }
    let header = Header {
        rule: records.rule.clone(),
        to: plan.to,
        cell: std::mem::size_of::<V>() as u8,
        snapshot: engine.snapshot(),
        values_file: ValuesFile {
            path: values.to_path_buf(),
            len,
            tail_from,
            tail_checksum: format!("{:08X}", t.value()),
        },
        records: records.clone(),
        repeats: repeats.clone(),
        prefix: plan.prefix,
        recent: plan.recent,
    };
    let tmp = crate::heap::store::temporary(path);
    let mut file = std::fs::File::create(&tmp)?;
    let mut text = format!("{MAGIC}\n");
    text.push_str(&serde_json::to_string(&header).map_err(std::io::Error::other)?);
    text.push('\n');
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// Why a checkpoint cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading the file.
    #[error("checkpoint {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not a checkpoint of this run.
    #[error("checkpoint {path}: {message}")]
    Format {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// Reads the checkpoint at `path` of `rule` (written `label`), for a run to
/// heap `to`.
pub fn read(
    path: &Path,
    rule: &TakeBreak,
    label: &str,
    to: u64,
) -> Result<Resumed, CheckpointError> {
    let io = |source| CheckpointError::Io {
        path: path.display().to_string(),
        source,
    };
    let bad = |message: String| CheckpointError::Format {
        path: path.display().to_string(),
        message,
    };
    let mut input = BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut line = String::new();
    input.read_line(&mut line).map_err(io)?;
    if line.trim_end() != MAGIC {
        return Err(bad(
            "not a frontier checkpoint (its first line is not `grundy-frontier 1`)".into(),
        ));
    }
    line.clear();
    input.read_line(&mut line).map_err(io)?;
    let header: Header = serde_json::from_str(&line).map_err(|e| bad(format!("header: {e}")))?;
    if header.rule != label {
        return Err(bad(format!(
            "it is a run of {}, not of {label}",
            header.rule
        )));
    }
    let done = header.records.done.unwrap_or(0);
    if done > to {
        return Err(bad(format!("it is already at heap {done}, past {to}")));
    }
    if header.values_file.len as u64 != done + 1 {
        return Err(bad(format!(
            "its values file holds {} values, its records end at heap {done}",
            header.values_file.len
        )));
    }
    let engine = match header.cell {
        1 => Cells::Byte(rebuild::<u8>(&header, rule).map_err(bad)?),
        2 => Cells::Narrow(rebuild::<u16>(&header, rule).map_err(bad)?),
        c => return Err(bad(format!("cells of {c} bytes"))),
    };
    let last = match &engine {
        Cells::Byte(e) => e.last(),
        Cells::Narrow(e) => e.last(),
    };
    let mut repeats = header.repeats;
    let span = repeats.span() as usize;
    let tail = (last + 1).saturating_sub(span)..=last;
    match &engine {
        Cells::Byte(e) => repeats.rehash(tail.map(|n| e.value(n))),
        Cells::Narrow(e) => repeats.rehash(tail.map(|n| e.value(n))),
    }
    Ok(Resumed {
        engine,
        records: header.records,
        repeats,
        done,
        values: header.values_file.path,
        window_given: (header.prefix, header.recent),
    })
}

/// The engine of a run whose values are in its values file.
fn rebuild<V: StoredValue>(header: &Header, rule: &TakeBreak) -> Result<RcEngine<V>, String> {
    let vf = &header.values_file;
    let shown = vf.path.display();
    let plan = Plan {
        prefix: header.prefix,
        recent: header.recent,
        ..Plan::new(header.to)
    };
    let windows = plan.trim_windows();
    let cells =
        crate::heap::rc::Cells::<V>::kept(&vf.path, windows, super::TRIM_EVERY, Some(vf.len))
            .map_err(|e| format!("values file {shown}: {e}"))?;
    let mut t = Fletcher::default();
    for v in &cells[vf.tail_from.min(vf.len)..] {
        t.push(v.get(), false);
    }
    let got = format!("{:08X}", t.value());
    if got != vf.tail_checksum {
        return Err(format!(
            "values file {shown}: its values {}..{} have checksum {got}, the checkpoint says {}",
            vf.tail_from, vf.len, vf.tail_checksum
        ));
    }
    match &header.snapshot {
        Some(snap) => RcEngine::resume_in(rule, snap, cells).map_err(|e| e.to_string()),
        None => {
            // Before the window: every value again, into the file emptied.
            let values: Vec<u32> = cells.iter().map(|c| c.get()).collect();
            drop(cells);
            let cells =
                crate::heap::rc::Cells::<V>::kept(&vf.path, windows, super::TRIM_EVERY, None)
                    .map_err(|e| format!("values file {shown}: {e}"))?;
            RcEngine::<V>::from_values_in(rule, values, cells).map_err(|e| e.to_string())
        }
    }
}

impl Resumed {
    /// The window of the run, once entered.
    pub fn window(&self) -> Option<crate::heap::rc::Window> {
        match &self.engine {
            Cells::Byte(e) => e.window(),
            Cells::Narrow(e) => e.window(),
        }
    }
}
