//! The one place that computes Grundy sequences: G(0..=n) of any heap rule,
//! whatever engine runs, stopping as soon as a periodicity theorem proves
//! the period and answering every later heap from the period.
//!
//! Engines: finite codes leaving at most two heaps run on the rare/common
//! engine ([`crate::heap::rc`]) in 16-bit cells, moved to 32-bit cells if a
//! value ever needs them; per-size windows ([`crate::heap::ranges`]) and
//! subtraction sets of [`LARGE_SET`] amounts or more
//! ([`crate::heap::subtraction`]) are computed in one go; everything else
//! by the reference engine ([`crate::heap::naive`]).
//!
//! When a theorem of [`crate::heap::periodicity`] covers the rule, the
//! proof is looked for at lengths growing by half from [`FIRST_LOOK`], so
//! the checks cost a constant times one linear scan. Once it holds,
//! computing stops: [`Sequence::value`] folds any later heap onto the
//! computed prefix, and [`Sequence::figures`] counts values over
//! `0..=to` from the preperiod and the period, without listing them.
//!
//! A named game's heap is counted the way its players count (a `triomino`
//! heap of n is a 2 x n board), so its sequence is the underlying sequence
//! read at multiples of the scale.
//!
//! ```
//! use grundy::heap::sequence::{compute, compute_with, Options};
//! let rule = "0.77".parse().unwrap();
//! let g = compute(&rule, 12, &Options::default()).unwrap();
//! assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
//! let t = compute(&"triomino".parse().unwrap(), 3, &Options::default()).unwrap();
//! assert_eq!(t, [0, 0, 1, 2]); // 2 x 0, 2 x 1, 2 x 2 and 2 x 3 boards
//!
//! // Dawson's Kayles to 10^9: period 34 from 53, proven after a few hundred heaps.
//! let dawson = "0.07".parse().unwrap();
//! let s = compute_with(&dawson, 1_000_000_000, &Options::default(), &[], &mut |_| true).unwrap();
//! let p = s.period.unwrap();
//! assert_eq!((p.preperiod, p.period), (53, 34));
//! assert_eq!(s.value(1_000_000_000), s.value(53 + (1_000_000_000 - 53) % 34));
//! assert!(s.computed() < 1000);
//! ```

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

use super::code::TakeBreak;
use super::naive::NaiveEngine;
use super::periodicity::{analyze_with, Periodicity, Status, Window};
use super::rc::{Cells, RcEngine, RcError, RcStats, Spill, StoredValue};
use super::rule::{HeapRule, RuleKind};
use super::store::Fletcher;

/// Which engine computes the sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// The rare/common engine when it applies (finite codes leaving at most
    /// two heaps), the one-go engines for windows and large subtraction
    /// sets, else the naive one.
    #[default]
    Auto,
    /// The mex over every option ([`NaiveEngine`]): O(n) options per heap
    /// for octal codes, O(n^2) for three-heap codes.
    Naive,
    /// The rare/common engine ([`crate::heap::rc`]); rules it cannot run
    /// fall back to the naive engine.
    Rc,
}

/// The engine that actually computed a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// The mex over every option.
    Naive,
    /// The rare/common ("sparse space") engine.
    Rc,
    /// The window sweep of [`crate::heap::ranges`].
    Ranges,
    /// The shifted bit sets of [`crate::heap::subtraction`].
    Subtraction,
    /// None: the values were read back from a file.
    Read,
}

/// Subtraction sets from this many amounts up go to the bit-set engine.
pub const LARGE_SET: usize = 64;

/// First heap at which the proof of periodicity is looked for; later looks
/// are half as far again each time.
pub const FIRST_LOOK: usize = 256;

/// Heaps computed between two calls of the observer of [`compute_with`].
pub const CHUNK: usize = 1 << 16;

/// The engine behind [`compute_with`], holding `G(0..=last())` of the
/// underlying heaps.
enum Engine {
    Naive(NaiveEngine),
    /// Rare/common in 16-bit cells; the code (and where the values go) is
    /// kept to move to 32 bits.
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
    fn engine<V: StoredValue>(
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
    fn values(self) -> Result<Vec<u32>, SequenceError> {
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
    fn new(
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
                    let narrow = match spill {
                        Some(s) => Cells::spill(s).map_err(store)?,
                        None => Cells::in_memory(),
                    };
                    match start.engine::<u16>(&code, narrow)? {
                        Ok(e) => return Ok(Engine::Narrow(Box::new(e), code, spill.cloned())),
                        Err(RcError::Overflow { .. }) => {
                            let wide = match spill {
                                Some(s) => Cells::spill(s).map_err(store)?,
                                None => Cells::in_memory(),
                            };
                            let e = start
                                .engine::<u32>(&code, wide)?
                                .expect("32-bit cells hold every value");
                            return Ok(Engine::Wide(Box::new(e)));
                        }
                        Err(RcError::Unsupported(_)) => {}
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
        let mut e = NaiveEngine::from_values(rule, &start.values()?);
        e.extend_to(0);
        Ok(Engine::Naive(e))
    }

    fn kind(&self) -> EngineKind {
        match self {
            Engine::Naive(_) => EngineKind::Naive,
            Engine::Narrow(..) | Engine::Wide(_) => EngineKind::Rc,
            Engine::Ranges { .. } => EngineKind::Ranges,
            Engine::Subtract { .. } => EngineKind::Subtraction,
        }
    }

    /// The last heap computed.
    fn last(&self) -> usize {
        match self {
            Engine::Naive(e) => e.values().len() - 1,
            Engine::Narrow(e, ..) => e.last(),
            Engine::Wide(e) => e.last(),
            Engine::Ranges { values, .. } | Engine::Subtract { values, .. } => values.len() - 1,
        }
    }

    /// Whether [`Engine::extend_to`] computes everything in one go.
    fn whole(&self) -> bool {
        matches!(self, Engine::Ranges { .. } | Engine::Subtract { .. })
    }

    #[inline]
    fn value(&self, n: usize) -> u32 {
        match self {
            Engine::Naive(e) => e.values()[n],
            Engine::Narrow(e, ..) => e.value(n),
            Engine::Wide(e) => e.value(n),
            Engine::Ranges { values, .. } | Engine::Subtract { values, .. } => values[n],
        }
    }

    fn stats(&self) -> Option<RcStats> {
        match self {
            Engine::Narrow(e, ..) => Some(e.stats()),
            Engine::Wide(e) => Some(e.stats()),
            _ => None,
        }
    }

    /// The rare/common engine's figures over the heaps `0..=heaps` only
    /// (see [`RcEngine::stats_over`]).
    fn stats_over(&self, heaps: usize, scale: usize) -> Option<RcStats> {
        match self {
            Engine::Narrow(e, ..) => Some(e.stats_over(heaps, scale)),
            Engine::Wide(e) => Some(e.stats_over(heaps, scale)),
            _ => None,
        }
    }

    /// Makes room for every heap up to `n` at once.
    fn reserve(&mut self, n: usize) {
        match self {
            Engine::Naive(e) => e.reserve(n as u32),
            Engine::Narrow(e, ..) => e.reserve(n),
            Engine::Wide(e) => e.reserve(n),
            _ => {}
        }
    }

    /// Computes every heap up to `n` (the caller has checked the rule
    /// defines them), or fewer once `stop` is raised (the naive engine,
    /// whose single heaps may take seconds, reads it as it goes).
    fn extend_to(&mut self, n: usize, threads: usize, stop: Option<&AtomicBool>) {
        if n <= self.last() {
            return;
        }
        match self {
            Engine::Naive(e) => {
                e.extend_until(n as u32, stop);
            }
            Engine::Narrow(e, code, spill) => {
                if let Err(RcError::Overflow { position, .. }) = e.extend_to_threads(n, threads) {
                    let cells = e.cells();
                    let known: Vec<u32> = cells[..position.min(cells.len())]
                        .iter()
                        .map(|&c| c as u32)
                        .collect();
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
    fn into_values(self, scale: usize, upto: usize) -> Values {
        let keep = upto + 1;
        if scale == 1 {
            return match self {
                Engine::Naive(e) => Values::Wide(truncated(e.into_values(), keep)),
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

fn truncated<T>(mut v: Vec<T>, len: usize) -> Vec<T> {
    v.truncate(len);
    v
}

/// How to compute a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The engine.
    pub method: Method,
    /// Worker threads of the rare/common engine (1 = sequential; the
    /// values do not depend on it).
    pub threads: usize,
    /// Stop as soon as a periodicity theorem proves the period; the result
    /// is then G(0..m) for the least `m` that carries the proof.
    pub until_proven: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            method: Method::Auto,
            threads: 1,
            until_proven: false,
        }
    }
}

/// Why a sequence was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// The underlying heaps are past what the rule's engine counts: 32 bits
    /// for most, [`RC_HEAPS`] for the rare/common engine.
    #[error("heap {to} is too large: this rule's engine counts heaps up to {limit}")]
    TooLarge {
        /// The heap asked for.
        to: u64,
        /// The largest heap the rule allows.
        limit: u64,
    },
    /// A run told to stop at a proof found the values growing by a saltus,
    /// which no theorem here proves, so it would never stop.
    #[error("G(n + {period}) = G(n) + {saltus} from n = {preperiod} up to heap {at} (arithmetic periodicity, observed); no theorem here proves arithmetic periodicity, so a run until the proof would not end")]
    Unprovable {
        /// Where the arithmetic periodicity starts.
        preperiod: u64,
        /// Its period.
        period: u64,
        /// Its saltus.
        saltus: i64,
        /// The last heap computed.
        at: u64,
    },
    /// The file-backed value store could not be made, or the file a run
    /// resumes from could not be read.
    #[error("{0}")]
    Store(String),
    /// A per-size `ranges` rule does not define heaps that large.
    #[error("the ranges define heaps 1 to {defined} only, not {to}")]
    RangesTooShort {
        /// The heap asked for.
        to: u64,
        /// The last heap the ranges define.
        defined: u64,
    },
}

/// A proven period: `G(x + period) = G(x)` for every `x >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProvenPeriod {
    /// The first heap from which the sequence repeats.
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
    /// The last heap that had to be computed for the proof.
    pub proven_at: usize,
}

impl ProvenPeriod {
    /// The heap in the first period (or the preperiod) with the same value
    /// as `n`.
    ///
    /// ```
    /// use grundy::heap::sequence::ProvenPeriod;
    /// let p = ProvenPeriod { preperiod: 71, period: 12, proven_at: 167 };
    /// assert_eq!(p.fold(1000), 71 + (1000 - 71) % 12);
    /// assert_eq!(p.fold(50), 50);
    /// ```
    pub fn fold(&self, n: u64) -> usize {
        let (i, p) = (self.preperiod as u64, self.period as u64);
        if n < i + p {
            n as usize
        } else {
            (i + (n - i) % p) as usize
        }
    }
}

/// The computed prefix of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Values below 2^16, as the rare/common engine keeps them.
    Narrow(Vec<u16>),
    /// Any value.
    Wide(Vec<u32>),
    /// Values below 2^16 in a file-backed store (a run longer than memory).
    NarrowFile(Cells<u16>),
    /// Any value, in a file-backed store.
    WideFile(Cells<u32>),
}

impl Values {
    /// `G(n)`.
    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::Narrow(v) => v[n] as u32,
            Values::Wide(v) => v[n],
            Values::NarrowFile(v) => v[n] as u32,
            Values::WideFile(v) => v[n],
        }
    }

    /// Number of values, `G(0)` included.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
            Values::NarrowFile(v) => v.len(),
            Values::WideFile(v) => v.len(),
        }
    }

    /// Whether there is no value at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A sequence `G(0..=to)`: the computed prefix, and the period when it is
/// proven (then the prefix may stop well before `to`).
#[derive(Clone, Debug)]
pub struct Sequence {
    /// The rule.
    pub rule: HeapRule,
    /// The last heap the sequence is asked to answer.
    pub to: u64,
    /// `G(0..=computed())`.
    pub values: Values,
    /// The proven period; every heap past the prefix follows from it.
    pub period: Option<ProvenPeriod>,
    /// The engine that ran.
    pub engine: EngineKind,
    /// Figures of the rare/common engine over `G(0..=computed())`, when it
    /// ran (the engine may have computed further).
    pub stats: Option<RcStats>,
}

/// Value counts and the like over `G(0..=to)` of a [`Sequence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The largest value.
    pub max_value: u32,
    /// The first heap holding it.
    pub max_value_at: u64,
    /// How many heaps have each value, by value.
    pub value_counts: Vec<(u32, u64)>,
    /// How many heaps are P-positions (value 0).
    pub p_count: u64,
    /// Fletcher's checksum of the values, as [`crate::heap::store`] records
    /// it in a file holding them.
    pub checksum: u32,
}

impl Sequence {
    /// A sequence of known values `G(0..=values.len() - 1)` (read back from
    /// a file), without a proven period.
    pub fn from_values(rule: HeapRule, values: Vec<u32>) -> Sequence {
        Sequence {
            rule,
            to: values.len().saturating_sub(1) as u64,
            values: Values::Wide(values),
            period: None,
            engine: EngineKind::Read,
            stats: None,
        }
    }

    /// The last heap actually computed.
    pub fn computed(&self) -> usize {
        self.values.len() - 1
    }

    /// Whether every heap up to [`Sequence::to`] is answered (false for a
    /// run stopped by its observer).
    pub fn is_complete(&self) -> bool {
        self.period.is_some() || self.computed() as u64 >= self.to
    }

    /// `G(n)`, from the computed values or the proven period; `None` past
    /// the computed prefix of a sequence not proven periodic.
    pub fn value(&self, n: u64) -> Option<u32> {
        if n <= self.computed() as u64 {
            return Some(self.values.get(n as usize));
        }
        self.period.map(|p| self.values.get(p.fold(n)))
    }

    /// `G(0..=to)` in full.
    pub fn to_vec(&self) -> Vec<u32> {
        (0..=self.to).map_while(|n| self.value(n)).collect()
    }

    /// Preperiod, period, saltus and status, from the computed prefix under
    /// the theorem that fits the rule (a proven period is found again).
    pub fn periodicity(&self) -> Periodicity {
        let len = self.values.len().min(self.to as usize + 1);
        analyze_with(
            len,
            |n| self.values.get(n),
            Window::for_rule(&self.rule),
            true,
        )
    }

    /// Largest value, value counts, P-positions and checksum over
    /// `G(0..=to)` (or the computed prefix of an incomplete sequence). A
    /// proven period is counted as whole repetitions plus a remainder, so
    /// the cost is the prefix, not `to`.
    pub fn figures(&self) -> Figures {
        let end = match self.period {
            Some(_) => self.to,
            None => self.to.min(self.computed() as u64),
        };
        // 0..direct once each; then the block n0..n0+p `reps` times and
        // its first `rest` values once more.
        let (direct, n0, p, reps, rest) = match self.period {
            Some(pp) if end >= (pp.preperiod + pp.period) as u64 => {
                let (n0, p) = (pp.preperiod as u64, pp.period as u64);
                let total = end + 1 - n0;
                (n0, n0, p, total / p, total % p)
            }
            _ => (end + 1, 0, 0, 0, 0),
        };
        let times = |i: u64| reps + u64::from(i < rest);
        let mut small = vec![0u64; 1 << 16];
        let mut large: BTreeMap<u32, u64> = BTreeMap::new();
        let mut count = |v: u32, c: u64| match small.get_mut(v as usize) {
            Some(slot) => *slot += c,
            None => *large.entry(v).or_default() += c,
        };
        let (mut max_value, mut max_value_at) = (0, 0);
        let mut seen_max = |n: u64, v: u32| {
            if v > max_value {
                (max_value, max_value_at) = (v, n);
            }
        };
        for n in 0..direct {
            let v = self.values.get(n as usize);
            count(v, 1);
            seen_max(n, v);
        }
        for i in 0..p {
            let v = self.values.get((n0 + i) as usize);
            if times(i) > 0 {
                count(v, times(i));
                seen_max(n0 + i, v);
            }
        }
        let value_counts: Vec<(u32, u64)> = small
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .chain(large)
            .collect();
        let p_count = small[0];
        let wide = max_value > u16::MAX as u32;
        let mut f = Fletcher::default();
        for n in 0..direct {
            f.push(self.values.get(n as usize), wide);
        }
        if p > 0 {
            let block: Vec<u32> = (n0..n0 + p).map(|n| self.values.get(n as usize)).collect();
            f.push_repeated(&block, wide, reps);
            for &v in &block[..rest as usize] {
                f.push(v, wide);
            }
        }
        Figures {
            max_value,
            max_value_at,
            value_counts,
            p_count,
            checksum: f.value(),
        }
    }
}

/// The last underlying heap the rare/common engine computes: its cells
/// are addressed in 64 bits (in the address width of the machine), and
/// 2^40 values fill 2 TiB, 32 times the longest published run of Grundy's
/// game (2^35).
pub const RC_HEAPS: u64 = (1 << 40) - 1;

/// The largest heap (as the user counts it) whose sequence can be asked
/// for with `method`: [`RC_HEAPS`] underlying heaps on the rare/common
/// engine, `2^32 - 1` on the others (as in every analysis of a position).
///
/// ```
/// use grundy::heap::sequence::{max_heap, Method};
/// let grundy = "4!.0".parse().unwrap();
/// assert!(max_heap(&grundy, Method::Auto) >= 1 << 35);
/// assert_eq!(max_heap(&grundy, Method::Naive), u32::MAX as u64);
/// assert_eq!(max_heap(&"sub:1,2".parse().unwrap(), Method::Auto), u32::MAX as u64);
/// ```
pub fn max_heap(rule: &HeapRule, method: Method) -> u64 {
    let heaps = match runs_rc(rule, method) {
        true => RC_HEAPS.min(usize::MAX as u64),
        false => u32::MAX as u64,
    };
    heaps / rule.scale() as u64
}

/// Whether `method` runs `rule` on the rare/common engine.
fn runs_rc(rule: &HeapRule, method: Method) -> bool {
    method != Method::Naive
        && matches!(rule.kind(), RuleKind::Code(c) if RcEngine::<u16>::new(c).is_ok())
}

/// Bytes per heap of the full periodicity check of `values` values: the
/// prefix function (of the values, then of their first differences), in
/// 32-bit cells while every entry fits and 64-bit ones beyond.
fn analysis_bytes(values: u64) -> u64 {
    if values <= 1 << 32 {
        4
    } else {
        8
    }
}

/// Bytes the light periodicity check holds, whatever the length: a few
/// words (a rolling hash over two streams of the values).
const LIGHT_BYTES: u64 = 4096;

/// Bytes the computation of all of G(0..=to) needs, for refusing up front
/// what would not fit in memory: the engine's values of the underlying
/// heaps (2 bytes each on the rare/common engine while they fit 16 bits,
/// else 4) and the periodicity check over the result.
pub fn memory_estimate(rule: &HeapRule, to: u64, method: Method) -> u64 {
    let base = to.saturating_mul(rule.scale() as u64).saturating_add(1);
    let cell = if runs_rc(rule, method) { 2 } else { 4 };
    base.saturating_mul(cell).saturating_add(
        to.saturating_add(1)
            .saturating_mul(analysis_bytes(to.saturating_add(1))),
    )
}

/// Bytes a run whose values go to a file ([`compute_spilled`]) still
/// needs in memory besides the store's hot windows: the periodicity check
/// over the result, a few words where only a convincing tail counts (no
/// theorem, a million values or more: the irregular sequences such runs are
/// for), four bytes a value otherwise (eight past 2^32 values). `None` when
/// the rule does not run on the rare/common engine, the only one whose
/// values can go to a file.
///
/// ```
/// use grundy::heap::sequence::{spilled_estimate, Method};
/// let grundy = "4!.0".parse().unwrap();
/// assert_eq!(spilled_estimate(&grundy, 1 << 35, Method::Auto), Some(4096));
/// let dawson = "0.07".parse().unwrap();
/// assert_eq!(spilled_estimate(&dawson, (1 << 30) - 1, Method::Auto), Some(1 << 32));
/// assert_eq!(spilled_estimate(&"sub:1,2".parse().unwrap(), 100, Method::Auto), None);
/// ```
pub fn spilled_estimate(rule: &HeapRule, to: u64, method: Method) -> Option<u64> {
    if !runs_rc(rule, method) {
        return None;
    }
    let values = to.saturating_add(1);
    let light = Window::for_rule(rule) == Window::Unknown
        && values >= super::periodicity::LIGHT_FROM as u64;
    Some(match light {
        true => LIGHT_BYTES,
        false => values.saturating_mul(analysis_bytes(values)),
    })
}

/// Checks that G(0..=to) can be asked for at all with `method`.
pub fn check(rule: &HeapRule, to: u64, method: Method) -> Result<(), SequenceError> {
    let limit = max_heap(rule, method);
    if to > limit {
        return Err(SequenceError::TooLarge { to, limit });
    }
    if let RuleKind::Ranges(r) = rule.kind() {
        if to > r.len() as u64 {
            return Err(SequenceError::RangesTooShort {
                to,
                defined: r.len() as u64,
            });
        }
    }
    Ok(())
}

/// Where a run stands, as shown to the observer of [`compute_with`]
/// between chunks.
pub struct Progress<'a> {
    /// The last heap computed.
    pub done: usize,
    /// The heap the run is heading for.
    pub target: u64,
    /// Figures of the rare/common engine, when it runs.
    pub stats: Option<RcStats>,
    /// `G(n)` for `n <= done`.
    pub value: &'a dyn Fn(usize) -> u32,
}

/// G(0), ..., G(to) of `rule` (or fewer with `until_proven`).
pub fn compute(rule: &HeapRule, to: u64, options: &Options) -> Result<Vec<u32>, SequenceError> {
    Ok(compute_with(rule, to, options, &[], &mut |_| true)?.to_vec())
}

/// Computes `G(0..=to)` of `rule`, stopping as soon as the period is proven
/// (with `until_proven`, the sequence then ends at the least heap that
/// carries the proof). `start = G(0..m)` are known values to continue from
/// (a resumed run; they are trusted). `observe` is called every [`CHUNK`]
/// heaps (once per computation for engines that work in one go); when it
/// returns `false` the run stops there and the sequence computed so far is
/// returned, not [complete](Sequence::is_complete).
pub fn compute_with(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    start: &[u32],
    observe: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Sequence, SequenceError> {
    compute_spilled(rule, to, options, None, Start::Values(start), observe)
}

/// [`compute_with`] for a caller that stops a run from another thread (an
/// interpreter's Ctrl-C): once `stop` is raised the run ends within
/// milliseconds, even in the middle of a heap of the naive engine, and
/// `observe` is asked at once (it should then return `false`). Between
/// chunks the other engines stop as [`compute_with`] does.
pub fn compute_stoppable(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    observe: &mut dyn FnMut(&Progress) -> bool,
    stop: &AtomicBool,
) -> Result<Sequence, SequenceError> {
    compute_from(
        rule,
        to,
        options,
        None,
        Start::Values(&[]),
        observe,
        Some(stop),
    )
}

/// [`compute_with`], the rare/common engine keeping its values in a file
/// with only the hot part resident when `spill` is given (see
/// [`crate::heap::rc::Cells`]); the values are the same. The other engines
/// keep theirs in memory.
pub fn compute_spilled(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    spill: Option<&Spill>,
    start: Start,
    observe: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Sequence, SequenceError> {
    compute_from(rule, to, options, spill, start, observe, None)
}

/// [`compute_spilled`], stopping early once `stop` is raised.
fn compute_from(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    spill: Option<&Spill>,
    start: Start,
    observe: &mut dyn FnMut(&Progress) -> bool,
    stop: Option<&AtomicBool>,
) -> Result<Sequence, SequenceError> {
    check(rule, to, options.method)?;
    let scale = rule.scale() as usize;
    let window = Window::for_rule(rule);
    let to_heap = to as usize;
    // The values of a scaled rule are not its engine's; such runs start over.
    let start = if scale == 1 {
        start
    } else {
        Start::Values(&[])
    };
    let mut engine = Engine::new(rule, options.method, start, spill)?;
    let mut look = FIRST_LOOK;
    let mut period = None;
    loop {
        let target = if window == Window::Unknown {
            to_heap
        } else {
            look.min(to_heap)
        };
        if !advance(
            &mut engine,
            target,
            scale,
            to,
            options.threads,
            observe,
            stop,
        ) {
            break;
        }
        if window != Window::Unknown {
            period = prove(|n| engine.value(n), target, window);
            if period.is_some() {
                break;
            }
            if options.until_proven && Window::saltus_possible(rule) {
                growing(|n| engine.value(n), target)?;
            }
        }
        if target >= to_heap {
            break;
        }
        look = look.saturating_add(look / 2);
    }
    // The engine may have gone past both `to` and the least heap carrying
    // the proof (it works a block at a time): the values and the figures
    // end where the sequence does.
    let mut computed = (engine.last() / scale).min(to_heap);
    let mut to = to;
    if options.until_proven && period.is_some() {
        if let Some((last, p)) = proof_point(|n| engine.value(n * scale), computed, window) {
            (computed, to, period) = (last, last as u64, Some(p));
        }
    }
    Ok(Sequence {
        rule: rule.clone(),
        to,
        stats: engine.stats_over(computed, scale),
        engine: engine.kind(),
        values: engine.into_values(scale, computed),
        period,
    })
}

/// Computes heaps up to `target` (as the user counts them) chunk by chunk,
/// calling `observe` after each; false when it asked to stop.
fn advance(
    engine: &mut Engine,
    target: usize,
    scale: usize,
    to: u64,
    threads: usize,
    observe: &mut dyn FnMut(&Progress) -> bool,
    stop: Option<&AtomicBool>,
) -> bool {
    let goal = target * scale;
    engine.reserve(goal);
    while engine.last() < goal {
        let next = if engine.whole() {
            goal
        } else {
            ((engine.last() / CHUNK + 1) * CHUNK).min(goal)
        };
        engine.extend_to(next, threads, stop);
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return false;
        }
        let e = &*engine;
        let progress = Progress {
            done: e.last() / scale,
            target: to,
            stats: e.stats(),
            value: &|n| e.value(n * scale),
        };
        if !observe(&progress) {
            return false;
        }
    }
    true
}

/// The periodicity theorem's proof over `g(0..=last)`, if it holds.
fn prove(g: impl Fn(usize) -> u32, last: usize, window: Window) -> Option<ProvenPeriod> {
    let p = analyze_with(last + 1, g, window, false);
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::Proven, Some(i), Some(p), Some(0)) => Some(ProvenPeriod {
            preperiod: i as usize,
            period: p as usize,
            proven_at: last,
        }),
        _ => None,
    }
}

/// Values a run looking for a proof computes before it calls growing
/// values a saltus rather than a passing stretch.
const GROWING_FROM: usize = 1000;

/// Refuses to go on looking for a proof over `g(0..=last)` when the values
/// grow by a saltus over at least half of them, at least [`GROWING_FROM`]
/// values in: a period would never be proven, and no theorem here proves
/// arithmetic periodicity.
fn growing(g: impl Fn(usize) -> u32, last: usize) -> Result<(), SequenceError> {
    if last < GROWING_FROM {
        return Ok(());
    }
    let p = analyze_with(last + 1, g, Window::Unknown, true);
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::Observed, Some(preperiod), Some(period), Some(saltus))
            if saltus != 0 && 2 * preperiod <= last as u64 =>
        {
            Err(SequenceError::Unprovable {
                preperiod,
                period,
                saltus,
                at: last as u64,
            })
        }
        _ => Ok(()),
    }
}

/// The least heap that carries the proof of the period of `g(0..=last)`
/// and the proof there, when it comes before `last`: where a run with
/// `until_proven` ends its sequence.
fn proof_point(
    g: impl Fn(usize) -> u32 + Copy,
    last: usize,
    window: Window,
) -> Option<(usize, ProvenPeriod)> {
    let need = analyze_with(last + 1, g, window, true).values_for_proof? as usize;
    if need == 0 || need > last {
        return None;
    }
    prove(g, need - 1, window).map(|p| (need - 1, p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::code_sequence;
    use proptest::prelude::*;

    #[test]
    fn proven_periods_extend_to_the_same_values() {
        for code in ["0.07", "0.77", "0.137", "0.16", "0.51", "0.3"] {
            let rule: HeapRule = code.parse().unwrap();
            let fast = compute(&rule, 20_000, &Options::default()).unwrap();
            let mut plain = NaiveEngine::new(&rule);
            plain.extend_to(20_000);
            assert_eq!(fast, plain.into_values(), "{code}");
        }
    }

    /// A stop raised from another thread ends a naive run within its
    /// heaps (each of the last has some 10^8 options), and the run is
    /// returned incomplete.
    #[test]
    fn a_raised_stop_ends_a_naive_run_at_once() {
        let rule: HeapRule = "0.8".parse().unwrap();
        let stop = AtomicBool::new(false);
        let options = Options {
            method: Method::Naive,
            ..Options::default()
        };
        let t = std::time::Instant::now();
        let s = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(300));
                stop.store(true, Ordering::Relaxed);
            });
            let mut observe = |_: &Progress| !stop.load(Ordering::Relaxed);
            compute_stoppable(&rule, 100_000, &options, &mut observe, &stop).unwrap()
        });
        assert!(!s.is_complete() && s.computed() < 100_000);
        // The whole run takes hours; a stop is seen within milliseconds.
        assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
    }

    #[test]
    fn until_proven_stops_at_the_proof() {
        let k: HeapRule = "kayles".parse().unwrap();
        let opts = Options {
            until_proven: true,
            ..Options::default()
        };
        let g = compute(&k, 100_000, &opts).unwrap();
        // Proof for period 12 from 71: n < 2*71 + 12 + 2 = 156, values to 167.
        assert_eq!(g.len(), 168);
        let full = compute(&k, 167, &Options::default()).unwrap();
        assert_eq!(g, full);
    }

    #[test]
    fn until_proven_refuses_growing_values() {
        // 0.8: G(n + 3) = G(n) + 1 from n = 1; no period can be proven.
        let opts = Options {
            until_proven: true,
            ..Options::default()
        };
        let e = compute(&"0.8".parse().unwrap(), 1_000_000, &opts).unwrap_err();
        assert_eq!(
            e,
            SequenceError::Unprovable {
                preperiod: 1,
                period: 3,
                saltus: 1,
                at: 1296
            }
        );
        // Without --until-proven the run goes to the end and sees the saltus.
        let s = compute_with(
            &"0.8".parse().unwrap(),
            60,
            &Options::default(),
            &[],
            &mut |_| true,
        )
        .unwrap();
        let p = s.periodicity();
        assert_eq!(p.status, Status::Observed);
        assert_eq!(
            (p.preperiod, p.period, p.saltus),
            (Some(1), Some(3), Some(1))
        );
        // So does 0.3f (period 6, saltus 3); a hexadecimal code with a
        // period (0.a: 0, then 0 1 repeated) is still proven.
        let e = compute(&"0.3f".parse().unwrap(), 1_000_000, &opts).unwrap_err();
        assert!(
            matches!(
                e,
                SequenceError::Unprovable {
                    period: 6,
                    saltus: 3,
                    ..
                }
            ),
            "{e:?}"
        );
        let s = compute_with(&"0.a".parse().unwrap(), 100_000, &opts, &[], &mut |_| true).unwrap();
        assert!(s.period.is_some());
    }

    #[test]
    fn periodic_games_stop_early() {
        let rule: HeapRule = "0.16".parse().unwrap();
        let s = compute_with(&rule, 4_000_000_000, &Options::default(), &[], &mut |_| {
            true
        })
        .unwrap();
        let p = s.period.unwrap();
        assert_eq!((p.preperiod, p.period), (105351, 149459));
        assert!(s.computed() < 1_000_000);
        assert_eq!(s.engine, EngineKind::Rc);
    }

    #[test]
    fn figures_of_a_period_are_the_counted_ones() {
        let rule: HeapRule = "0.07".parse().unwrap();
        let s = compute_with(&rule, 100_000, &Options::default(), &[], &mut |_| true).unwrap();
        assert!(s.computed() < 1000);
        let all = s.to_vec();
        assert_eq!(all, code_sequence(&"0.07".parse().unwrap(), 100_000));
        let full = Sequence::from_values(rule, all.clone());
        let (a, b) = (s.figures(), full.figures());
        assert_eq!(a, b);
        assert_eq!(a.checksum, crate::heap::store::fletcher(&all));
        assert_eq!(a.p_count, all.iter().filter(|&&v| v == 0).count() as u64);
    }

    #[test]
    fn stopped_and_resumed_runs_give_the_same_values() {
        let rule: HeapRule = "4!.0".parse().unwrap();
        let o = Options::default();
        let whole = compute(&rule, 300_000, &o).unwrap();
        let mut calls = 0;
        let part = compute_with(&rule, 300_000, &o, &[], &mut |p| {
            calls += 1;
            p.done < 2 * CHUNK
        })
        .unwrap();
        assert_eq!(part.computed(), 2 * CHUNK);
        assert!(!part.is_complete());
        let start: Vec<u32> = (0..=part.computed()).map(|x| part.values.get(x)).collect();
        let resumed = compute_with(&rule, 300_000, &o, &start, &mut |_| true).unwrap();
        assert_eq!(resumed.to_vec(), whole);
        assert!(calls >= 2);
        let naive = Options {
            method: Method::Naive,
            ..o
        };
        let resumed = compute_with(&rule, 5000, &naive, &start[..3000], &mut |_| true).unwrap();
        assert_eq!(resumed.to_vec(), whole[..=5000]);
    }

    /// A run resumed from a file read value by value, into memory or into
    /// a file, gives the values of a run from the start.
    #[cfg(feature = "files")]
    #[test]
    fn runs_resume_from_a_file() {
        let rule: HeapRule = "4!.0".parse().unwrap();
        let o = Options::default();
        let whole = compute(&rule, 300_000, &o).unwrap();
        let start = &whole[..=2 * CHUNK];
        let dir = std::env::temp_dir().join(format!("grundy-start-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("part.gsq");
        crate::heap::store::write(&file, "4!.0", start).unwrap();
        let spill = Spill {
            dir: dir.clone(),
            resident: 1 << 20,
            every: std::time::Duration::from_millis(10),
        };
        for (method, spill) in [
            (Method::Auto, None),
            (Method::Auto, Some(&spill)),
            (Method::Naive, None),
        ] {
            let o = Options { method, ..o };
            let to = if method == Method::Naive {
                140_000
            } else {
                300_000
            };
            let resumed =
                compute_spilled(&rule, to, &o, spill, Start::File(&file), &mut |_| true).unwrap();
            assert_eq!(resumed.to_vec(), whole[..=to as usize]);
        }
        // A file that cannot be read is an error, not a shorter start.
        let gone = dir.join("gone.gsq");
        let e = compute_spilled(&rule, 10, &o, None, Start::File(&gone), &mut |_| true);
        assert!(matches!(e, Err(SequenceError::Store(m)) if m.contains("gone.gsq")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn engines_agree() {
        let big: Vec<String> = (1..=80).map(|s| (s * 7 % 97 + 1).to_string()).collect();
        let big = format!("sub:{}", big.join(","));
        let windows: Vec<String> = (1..=700)
            .map(|i| format!("{}..{}", (i + 1) / 2, i))
            .collect();
        let windows = format!("ranges:{}", windows.join(","));
        for code in [
            "0.6", "0.376", "4!.0", "0.8", "0.[3]", "triomino", &big, &windows,
        ] {
            let r: HeapRule = code.parse().unwrap();
            let by = |method| {
                let o = Options {
                    method,
                    ..Options::default()
                };
                compute(&r, 700, &o).unwrap()
            };
            assert_eq!(by(Method::Naive), by(Method::Rc), "{code}");
            assert_eq!(by(Method::Naive), by(Method::Auto), "{code}");
            let threaded = Options {
                threads: 3,
                ..Options::default()
            };
            assert_eq!(
                by(Method::Naive),
                compute(&r, 700, &threaded).unwrap(),
                "{code}"
            );
        }
    }

    #[test]
    fn refusals() {
        let k: HeapRule = "kayles".parse().unwrap();
        assert!(matches!(
            compute(&k, 1 << 40, &Options::default()),
            Err(SequenceError::TooLarge { .. })
        ));
        let t: HeapRule = "triomino".parse().unwrap();
        assert_eq!(max_heap(&t, Method::Naive), u32::MAX as u64 / 2);
        assert_eq!(max_heap(&t, Method::Auto), RC_HEAPS / 2);
        let sub: HeapRule = "sub:1,2".parse().unwrap();
        assert!(matches!(
            compute(&sub, 1 << 32, &Options::default()),
            Err(SequenceError::TooLarge { limit, .. }) if limit == u32::MAX as u64
        ));
        // The same bound as a single heap's analysis.
        let s = compute_with(&k, u32::MAX as u64, &Options::default(), &[], &mut |_| true).unwrap();
        assert_eq!(
            s.value(u32::MAX as u64),
            Some(s.value(u32::MAX as u64 - 12).unwrap())
        );
        let r: HeapRule = "ranges:1..1,1..2".parse().unwrap();
        assert!(matches!(
            compute(&r, 3, &Options::default()),
            Err(SequenceError::RangesTooShort { defined: 2, .. })
        ));
        assert_eq!(memory_estimate(&k, 1000, Method::Auto), 1001 * 6);
        assert_eq!(memory_estimate(&k, 1000, Method::Naive), 1001 * 8);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        #[test]
        fn extrapolated_values_are_the_values(d in proptest::collection::vec(0u8..8, 1..4), n in 300usize..1500) {
            let code = format!("0.{}", d.iter().map(|x| x.to_string()).collect::<String>());
            let rule: HeapRule = code.parse().unwrap();
            let s = compute_with(&rule, 20 * n as u64, &Options::default(), &[], &mut |_| true).unwrap();
            let g = code_sequence(&code.parse().unwrap(), n);
            for (x, &v) in g.iter().enumerate() {
                prop_assert_eq!(s.value(x as u64), Some(v), "{} at {}", code, x);
            }
            if s.period.is_some() {
                let full = Sequence::from_values(rule, s.to_vec());
                prop_assert_eq!(s.figures(), full.figures(), "{}", code);
            }
        }
    }
}
