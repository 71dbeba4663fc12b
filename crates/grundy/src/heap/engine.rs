//! Long take-and-break sequences: picks an engine, stops once periodicity is
//! proven and answers every later heap from the period.
//!
//! [`Method::Auto`] runs the rare/common engine ([`crate::heap::rc`]) when
//! the rule allows it and the reference engine ([`crate::heap::naive`])
//! otherwise; periodicity is proven by [`crate::heap::periodicity`]. Values
//! are kept in 16-bit cells and the run restarts in 32-bit cells if one
//! ever overflows.
//!
//! ```
//! use grundy::heap::engine::{compute, Method, Options};
//! let rule = "0.07".parse().unwrap();
//! let s = compute(&rule, 1_000_000_000, &Options::default()).unwrap();
//! let p = s.period.unwrap();
//! assert_eq!((p.preperiod, p.period), (53, 34));
//! assert_eq!(s.value(1_000_000_000), s.value(53 + (1_000_000_000 - 53) % 34));
//! assert!(s.computed() < 1000);
//! ```

use crate::heap::naive::code_sequence;
use crate::heap::notation::{HeapRule, RuleKind};
use crate::heap::periodicity::{analyze_with, Status, Window};
use crate::heap::rc::{Cell, RcEngine, RcError, RcStats};
use crate::heap::rule::TakeBreak;

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
    /// The heap in the computed prefix with the same value as `n`.
    ///
    /// ```
    /// use grundy::heap::engine::ProvenPeriod;
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

/// The periodicity theorem's proof over `g(0..=last)`, if it holds.
fn prove(g: impl Fn(usize) -> u32, last: usize, window: Window) -> Option<ProvenPeriod> {
    let p = analyze_with(last + 1, g, window, false);
    match (p.status, p.preperiod, p.period) {
        (Status::Proven, Some(i), Some(p)) => Some(ProvenPeriod {
            preperiod: i as usize,
            period: p as usize,
            proven_at: last,
        }),
        _ => None,
    }
}

/// Which engine computes the sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Rare/common when the rule allows it, else the reference engine.
    #[default]
    Auto,
    /// The reference engine: the mex over every option.
    Naive,
    /// The rare/common ("sparse space") engine.
    Rc,
}

/// How to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The engine.
    pub method: Method,
    /// Worker threads for the rare/common engine (1 = sequential).
    pub threads: usize,
    /// Look for a proof of periodicity and stop computing once found.
    pub prove: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            method: Method::Auto,
            threads: 1,
            prove: true,
        }
    }
}

/// The computed prefix of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Values below 2^16.
    Narrow(Vec<u16>),
    /// Any value.
    Wide(Vec<u32>),
}

impl Values {
    /// `G(n)`.
    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::Narrow(v) => v[n] as u32,
            Values::Wide(v) => v[n],
        }
    }

    /// Number of values, `G(0)` included.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// Whether there is no value at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A sequence: the computed prefix, and the period when it is proven.
#[derive(Clone, Debug)]
pub struct Sequence {
    /// The rule.
    pub rule: TakeBreak,
    /// `G(0..=computed())`.
    pub values: Values,
    /// Proven periodicity; every later value follows from it.
    pub period: Option<ProvenPeriod>,
    /// The engine that ran.
    pub method: Method,
    /// Figures of the rare/common engine, when it ran.
    pub stats: Option<RcStats>,
}

impl Sequence {
    /// The last heap actually computed.
    pub fn computed(&self) -> usize {
        self.values.len() - 1
    }

    /// `G(n)`, from the computed values or the proven period; `None` past
    /// the computed prefix of a sequence not proven periodic.
    pub fn value(&self, n: u64) -> Option<u32> {
        if n <= self.computed() as u64 {
            return Some(self.values.get(n as usize));
        }
        self.period.map(|p| self.values.get(p.fold(n)))
    }
}

/// Why a sequence could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The forced engine cannot run this rule.
    #[error(transparent)]
    Rc(#[from] RcError),
}

/// The periodicity theorem that applies to a code, if any.
fn provable(rule: &TakeBreak) -> Option<Window> {
    match Window::for_rule(&HeapRule::new(RuleKind::Code(rule.clone()))) {
        Window::Unknown => None,
        w => Some(w),
    }
}

/// First heap at which periodicity is looked for, and growth between looks
/// (a geometric schedule keeps the total cost linear).
const FIRST_LOOK: usize = 256;

/// Where a long run stands, as shown to an observer between chunks.
pub struct Progress<'a> {
    /// The last heap computed.
    pub done: usize,
    /// The heap the run is heading for.
    pub target: u64,
    /// Rare positions so far.
    pub rare_count: usize,
    /// The largest value so far.
    pub max_value: u32,
    /// `G(n)` for `n <= done`.
    pub value: &'a dyn Fn(usize) -> u32,
}

/// Heaps computed between two calls of the observer.
pub const CHUNK: usize = 1 << 16;

/// Computes `G(0..=to)`, or less when periodicity is proven first (then
/// [`Sequence::value`] answers every heap).
pub fn compute(rule: &TakeBreak, to: u64, options: &Options) -> Result<Sequence, EngineError> {
    compute_with(rule, to, options, &[], &mut |_| true)
}

/// [`compute`], starting from known values `start = G(0..m)` (a resumed
/// run; they are trusted) and calling `observe` every [`CHUNK`] heaps; when
/// it returns `false` the run stops there and the sequence computed so far
/// is returned.
pub fn compute_with(
    rule: &TakeBreak,
    to: u64,
    options: &Options,
    start: &[u32],
    observe: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Sequence, EngineError> {
    let rc_ok = RcEngine::<u16>::new(rule);
    let method = match (options.method, &rc_ok) {
        (Method::Naive, _) | (Method::Auto, Err(_)) => Method::Naive,
        (Method::Rc, Err(e)) => return Err(e.clone().into()),
        _ => Method::Rc,
    };
    match run::<u16>(rule, to, options, method, start, observe) {
        Ok(s) => Ok(s),
        Err(RcError::Overflow { .. }) => Ok(run::<u32>(rule, to, options, method, start, observe)?),
        Err(e) => Err(e.into()),
    }
}

fn run<V: Cell>(
    rule: &TakeBreak,
    to: u64,
    options: &Options,
    method: Method,
    start: &[u32],
    observe: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Sequence, RcError> {
    let t = if options.prove { provable(rule) } else { None };
    let to = usize::try_from(to).unwrap_or(usize::MAX);
    let mut look = FIRST_LOOK.max(start.len() + start.len() / 2);
    let mut engine = match method {
        Method::Naive => None,
        _ => Some(RcEngine::<V>::from_values(rule, start)?),
    };
    let mut naive: Vec<u32> = Vec::new();
    let mut period = None;
    'run: loop {
        let target = if t.is_some() { look.min(to) } else { to };
        match engine.as_mut() {
            Some(e) => {
                while e.last() < target {
                    let next = (e.last() / CHUNK + 1) * CHUNK;
                    e.extend_to_threads(next.min(target), options.threads)?;
                    let stats = e.stats();
                    let progress = Progress {
                        done: e.last(),
                        target: to as u64,
                        rare_count: stats.rare_count,
                        max_value: stats.max_value,
                        value: &|x| e.value(x),
                    };
                    if !observe(&progress) {
                        break 'run;
                    }
                }
            }
            None => naive = code_sequence(rule, target),
        }
        if let Some(t) = t {
            period = match engine.as_ref() {
                Some(e) => prove(|x| e.value(x), target, t),
                None => prove(|x| naive[x], target, t),
            };
        }
        if period.is_some() || target >= to {
            break;
        }
        look = look.saturating_add(look / 2);
    }
    let (values, stats) = match engine {
        Some(e) => {
            let stats = e.stats();
            let cells = e.into_cells();
            (widen(cells), Some(stats))
        }
        None => (Values::Wide(naive), None),
    };
    Ok(Sequence {
        rule: rule.clone(),
        values,
        period,
        method,
        stats,
    })
}

fn widen<V: Cell>(cells: Vec<V>) -> Values {
    if V::LIMIT <= u16::MAX as u32 {
        Values::Narrow(cells.into_iter().map(|c| c.get() as u16).collect())
    } else {
        Values::Wide(cells.into_iter().map(|c| c.get()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn periodic_games_stop_early() {
        let rule: TakeBreak = "0.16".parse().unwrap();
        let s = compute(&rule, 10_000_000_000, &Options::default()).unwrap();
        let p = s.period.unwrap();
        assert_eq!((p.preperiod, p.period), (105351, 149459));
        assert!(s.computed() < 1_000_000);
    }

    #[test]
    fn stopped_and_resumed_runs_give_the_same_values() {
        let rule: TakeBreak = "0.376".parse().unwrap();
        let o = Options {
            prove: false,
            ..Options::default()
        };
        let whole = compute(&rule, 300_000, &o).unwrap();
        let mut calls = 0;
        let part = compute_with(&rule, 300_000, &o, &[], &mut |p| {
            calls += 1;
            p.done < 2 * CHUNK
        })
        .unwrap();
        assert_eq!(part.computed(), 2 * CHUNK);
        let start: Vec<u32> = (0..=part.computed()).map(|x| part.values.get(x)).collect();
        let resumed = compute_with(&rule, 300_000, &o, &start, &mut |_| true).unwrap();
        assert_eq!(resumed.values, whole.values);
        assert!(calls >= 2);
    }

    #[test]
    fn forced_rc_refuses_what_it_cannot_do() {
        let rule: TakeBreak = "0.[3]".parse().unwrap();
        let o = Options {
            method: Method::Rc,
            ..Options::default()
        };
        assert!(compute(&rule, 10, &o).is_err());
        let s = compute(&rule, 10, &Options::default()).unwrap();
        assert_eq!(s.method, Method::Naive);
        assert_eq!(s.value(10), Some(10));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        #[test]
        fn extrapolated_values_are_the_values(d in proptest::collection::vec(0u8..8, 1..4), n in 300usize..1500) {
            let code = format!("0.{}", d.iter().map(|x| x.to_string()).collect::<String>());
            let rule: TakeBreak = code.parse().unwrap();
            let s = compute(&rule, n as u64, &Options::default()).unwrap();
            let g = code_sequence(&rule, n);
            for (x, &v) in g.iter().enumerate() {
                prop_assert_eq!(s.value(x as u64), Some(v), "{} at {}", code, x);
            }
        }
    }
}
