//! The engines behind a run, held as one: the rare/common engine in 8-bit
//! cells (moved to 16-bit, then 32-bit cells when a value needs them: one
//! byte a value while the values stay below 256), in memory
//! or in a file; the one-go engines for per-size windows and large
//! subtraction sets; and the reference engine for everything else. Also
//! where a resumed run's values come from ([`Start`]).
//!
//! [`super::compute_with`] drives it a chunk at a time and asks it for
//! values; which engine runs is chosen once, from the rule and the
//! [`Method`].

use std::sync::atomic::AtomicBool;

use super::prefix::Values;
use super::{EngineKind, Method, SequenceError, LARGE_SET};
use crate::heap::code::TakeBreak;
use crate::heap::naive::NaiveEngine;
use crate::heap::rc::{Cells, RcEngine, RcError, RcStats, Spill, StoredValue};
use crate::heap::rule::{HeapRule, RuleKind};

/// The engine behind [`compute_with`](super::compute_with), holding
/// `G(0..=last())` of the underlying heaps.
pub(super) enum Engine {
    Naive(NaiveEngine),
    /// Rare/common in 8-bit cells; the code (and where the values go) is
    /// kept to move to wider cells.
    Byte(Box<RcEngine<u8>>, TakeBreak, Option<Spill>),
    /// Rare/common in 16-bit cells, likewise.
    Narrow(Box<RcEngine<u16>>, TakeBreak, Option<Spill>),
    Wide(Box<RcEngine<u32>>),
    /// Per-size windows, redone in one go when asked for more; `lo` and
    /// `hi` are indexed by heap (entry 0 unused).
    Ranges {
        lo: Vec<usize>,
        hi: Vec<usize>,
        values: Vec<u32>,
    },
    /// A large subtraction set, redone in one go when asked for more.
    Subtract {
        set: Vec<usize>,
        values: Vec<u32>,
        /// A predicate whose members up to the last heap form the set.
        grow: Option<crate::heap::predicate::Predicate>,
    },
}

/// The values a run continues from (a resumed run): `G(0..m)`, trusted.
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    /// Held in memory (empty for a fresh run).
    Values(&'a [u32]),
    /// Every value of a sequence file, read in order as the engine takes
    /// them, so that a run whose values go to a file resumes without ever
    /// holding them all (the file is checked beforehand: see
    /// [`crate::heap::store::scan`]).
    #[cfg(feature = "files")]
    File(&'a std::path::Path),
}

impl Start<'_> {
    /// The rare/common engine holding these values in `cells`.
    pub(super) fn engine<V: StoredValue>(
        self,
        code: &TakeBreak,
        cells: Cells<V>,
    ) -> Result<Result<RcEngine<V>, RcError>, SequenceError> {
        match self {
            Start::Values(v) => Ok(RcEngine::from_values_in(code, v.iter().copied(), cells)),
            #[cfg(feature = "files")]
            Start::File(path) => {
                let mut failed = None;
                let (_, values) = crate::heap::store::Values::open(path)
                    .map_err(|e| SequenceError::Store(e.to_string()))?;
                let values = values.map_while(|v| v.map_err(|e| failed = Some(e)).ok());
                let e = RcEngine::from_values_in(code, values, cells);
                match failed {
                    Some(why) => Err(SequenceError::Store(why.to_string())),
                    None => Ok(e),
                }
            }
        }
    }

    /// The values in memory.
    pub(super) fn values(self) -> Result<Vec<u32>, SequenceError> {
        match self {
            Start::Values(v) => Ok(v.to_vec()),
            #[cfg(feature = "files")]
            Start::File(path) => crate::heap::store::Values::open(path)
                .and_then(|(_, values)| values.collect())
                .map_err(|e| SequenceError::Store(e.to_string())),
        }
    }
}

impl Engine {
    /// The engine for `rule`, holding at least `G(0)` and, when `start` is
    /// not empty, the trusted values `start = G(0..m)` (a resumed run; the
    /// one-go engines start over).
    pub(super) fn new(
        rule: &HeapRule,
        method: Method,
        start: Start,
        spill: Option<&Spill>,
    ) -> Result<Engine, SequenceError> {
        let store = |why: std::io::Error| {
            let dir = spill.map(|s| s.dir.display().to_string());
            SequenceError::Store(format!("values file in {}: {why}", dir.unwrap_or_default()))
        };
        if method != Method::Naive {
            match rule.kind() {
                RuleKind::Code(code) => {
                    let code = code.clone();
                    fn cells<V: Copy>(spill: Option<&Spill>) -> std::io::Result<Cells<V>> {
                        match spill {
                            Some(s) => Cells::spill(s),
                            None => Ok(Cells::in_memory()),
                        }
                    }
                    let keep = spill.cloned();
                    match start.engine::<u8>(&code, cells(spill).map_err(store)?)? {
                        Ok(e) => return Ok(Engine::Byte(Box::new(e), code, keep)),
                        Err(RcError::Overflow { .. }) => {}
                        Err(RcError::Unsupported(_)) => return naive(rule, start),
                        Err(e @ RcError::NoWindow(_)) => {
                            unreachable!("a run in memory keeps every value: {e}")
                        }
                    }
                    match start.engine::<u16>(&code, cells(spill).map_err(store)?)? {
                        Ok(e) => return Ok(Engine::Narrow(Box::new(e), code, keep)),
                        Err(RcError::Overflow { .. }) => {
                            let e = start
                                .engine::<u32>(&code, cells(spill).map_err(store)?)?
                                .expect("32-bit cells hold every value");
                            return Ok(Engine::Wide(Box::new(e)));
                        }
                        Err(RcError::Unsupported(_)) => {}
                        Err(e @ RcError::NoWindow(_)) => {
                            unreachable!("a run in memory keeps every value: {e}")
                        }
                    }
                }
                RuleKind::Ranges(r) if method == Method::Auto => {
                    let lo = std::iter::once(0).chain(r.iter().map(|p| p.0 as usize));
                    let hi = std::iter::once(0).chain(r.iter().map(|p| p.1 as usize));
                    return Ok(Engine::Ranges {
                        lo: lo.collect(),
                        hi: hi.collect(),
                        values: vec![0],
                    });
                }
                RuleKind::Subtract(set) if method == Method::Auto && set.len() >= LARGE_SET => {
                    let set = set.iter().map(|&s| s as usize).collect();
                    return Ok(Engine::Subtract {
                        set,
                        values: vec![0],
                        grow: None,
                    });
                }
                RuleKind::Predicate(p) if method == Method::Auto && p.is_fixed() => {
                    return Ok(Engine::Subtract {
                        set: Vec::new(),
                        values: vec![0],
                        grow: Some(*p),
                    });
                }
                _ => {}
            }
        }
        naive(rule, start)
    }

    pub(super) fn kind(&self) -> EngineKind {
        match self {
            Engine::Naive(_) => EngineKind::Naive,
            Engine::Byte(..) | Engine::Narrow(..) | Engine::Wide(_) => EngineKind::Rc,
            Engine::Ranges { .. } => EngineKind::Ranges,
            Engine::Subtract { .. } => EngineKind::Subtraction,
        }
    }

    /// The last heap computed.
    pub(super) fn last(&self) -> usize {
        match self {
            Engine::Naive(e) => e.values().len() - 1,
            Engine::Byte(e, ..) => e.last(),
            Engine::Narrow(e, ..) => e.last(),
            Engine::Wide(e) => e.last(),
            Engine::Ranges { values, .. } | Engine::Subtract { values, .. } => values.len() - 1,
        }
    }

    /// Whether [`Engine::extend_to`] computes everything in one go.
    pub(super) fn whole(&self) -> bool {
        matches!(self, Engine::Ranges { .. } | Engine::Subtract { .. })
    }

    #[inline]
    pub(super) fn value(&self, n: usize) -> u32 {
        match self {
            Engine::Naive(e) => e.values()[n],
            Engine::Byte(e, ..) => e.value(n),
            Engine::Narrow(e, ..) => e.value(n),
            Engine::Wide(e) => e.value(n),
            Engine::Ranges { values, .. } | Engine::Subtract { values, .. } => values[n],
        }
    }

    pub(super) fn stats(&self) -> Option<RcStats> {
        match self {
            Engine::Byte(e, ..) => Some(e.stats()),
            Engine::Narrow(e, ..) => Some(e.stats()),
            Engine::Wide(e) => Some(e.stats()),
            _ => None,
        }
    }

    /// The rare/common engine's figures over the heaps `0..=heaps` only
    /// (see [`RcEngine::stats_over`]).
    pub(super) fn stats_over(&self, heaps: usize, scale: usize) -> Option<RcStats> {
        match self {
            Engine::Byte(e, ..) => Some(e.stats_over(heaps, scale)),
            Engine::Narrow(e, ..) => Some(e.stats_over(heaps, scale)),
            Engine::Wide(e) => Some(e.stats_over(heaps, scale)),
            _ => None,
        }
    }

    /// Makes room for every heap up to `n` at once.
    pub(super) fn reserve(&mut self, n: usize) {
        match self {
            Engine::Naive(e) => e.reserve(n as u32),
            Engine::Byte(e, ..) => e.reserve(n),
            Engine::Narrow(e, ..) => e.reserve(n),
            Engine::Wide(e) => e.reserve(n),
            _ => {}
        }
    }

    /// Computes every heap up to `n` (the caller has checked the rule
    /// defines them), or fewer once `stop` is raised (the naive engine,
    /// whose single heaps may take seconds, reads it as it goes).
    pub(super) fn extend_to(&mut self, n: usize, threads: usize, stop: Option<&AtomicBool>) {
        if n <= self.last() {
            return;
        }
        match self {
            Engine::Naive(e) => {
                e.extend_until(n as u32, stop);
            }
            Engine::Byte(e, code, spill) => {
                if let Err(RcError::Overflow { position, .. }) = e.extend_to_threads(n, threads) {
                    // Into 16-bit cells, value by value (no copy of them
                    // all), and on from there.
                    let cells = e.cells();
                    let known = cells[..position.min(cells.len())].iter().map(|&c| c as u32);
                    let wider = spill
                        .as_ref()
                        .and_then(|s| Cells::spill(s).ok())
                        .unwrap_or_else(Cells::in_memory);
                    let narrow = RcEngine::<u16>::from_values_in(code, known, wider)
                        .expect("the code ran in 8-bit cells");
                    *self = Engine::Narrow(Box::new(narrow), code.clone(), spill.clone());
                    self.extend_to(n, threads, stop);
                }
            }
            Engine::Narrow(e, code, spill) => {
                if let Err(RcError::Overflow { position, .. }) = e.extend_to_threads(n, threads) {
                    let cells = e.cells();
                    let known = cells[..position.min(cells.len())].iter().map(|&c| c as u32);
                    let cells = spill
                        .as_ref()
                        .and_then(|s| Cells::spill(s).ok())
                        .unwrap_or_else(Cells::in_memory);
                    let mut wide = RcEngine::<u32>::from_values_in(code, known, cells)
                        .expect("the code ran in 16-bit cells");
                    wide.extend_to_threads(n, threads)
                        .expect("32-bit cells hold every value");
                    *self = Engine::Wide(Box::new(wide));
                }
            }
            Engine::Wide(e) => e
                .extend_to_threads(n, threads)
                .expect("32-bit cells hold every value"),
            Engine::Ranges { lo, hi, values } => {
                *values = crate::heap::ranges::sequence(&lo[..=n], &hi[..=n])
                    .expect("windows checked by the rule parser");
            }
            Engine::Subtract { set, values, grow } => {
                if let Some(p) = grow {
                    *set = p
                        .members(n as u32)
                        .into_iter()
                        .map(|s| s as usize)
                        .collect();
                }
                // Sparse sets (a square, a power of two) are cheaper by the
                // plain mex, which looks only at the members.
                let sparse = grow.is_some() && set.len() * 64 < n;
                let bits = if sparse {
                    None
                } else {
                    crate::heap::subtraction::sequence(set, n).ok()
                };
                match bits {
                    Some(v) => *values = v,
                    None => {
                        // Bit sets too large for memory: the plain mex needs none.
                        let rule = match grow {
                            Some(p) => HeapRule::new(RuleKind::Predicate(*p)),
                            None => HeapRule::new(RuleKind::Subtract(
                                set.iter().map(|&s| s as u32).collect(),
                            )),
                        };
                        let mut e = NaiveEngine::from_values(&rule, values);
                        e.extend_until(n as u32, stop);
                        *self = Engine::Naive(e);
                    }
                }
            }
        }
    }

    /// The values `G(0), G(scale), ..., G(upto * scale)`.
    pub(super) fn into_values(self, scale: usize, upto: usize) -> Values {
        let keep = upto + 1;
        if scale == 1 {
            return match self {
                Engine::Naive(e) => Values::Wide(truncated(e.into_values(), keep)),
                Engine::Byte(e, ..) => {
                    let mut cells = e.into_cells();
                    cells.truncate(keep);
                    match cells.is_file() {
                        true => Values::ByteFile(cells),
                        false => Values::Byte(cells.into_vec()),
                    }
                }
                Engine::Narrow(e, ..) => {
                    let mut cells = e.into_cells();
                    cells.truncate(keep);
                    match cells.is_file() {
                        true => Values::NarrowFile(cells),
                        false => Values::Narrow(cells.into_vec()),
                    }
                }
                Engine::Wide(e) => {
                    let mut cells = e.into_cells();
                    cells.truncate(keep);
                    match cells.is_file() {
                        true => Values::WideFile(cells),
                        false => Values::Wide(cells.into_vec()),
                    }
                }
                Engine::Ranges { values, .. } | Engine::Subtract { values, .. } => {
                    Values::Wide(truncated(values, keep))
                }
            };
        }
        Values::Wide((0..keep).map(|n| self.value(n * scale)).collect())
    }
}

/// The reference engine, holding `start`.
fn naive(rule: &HeapRule, start: Start) -> Result<Engine, SequenceError> {
    let mut e = NaiveEngine::from_values(rule, &start.values()?);
    e.extend_to(0);
    Ok(Engine::Naive(e))
}

fn truncated<T>(mut v: Vec<T>, len: usize) -> Vec<T> {
    v.truncate(len);
    v
}
