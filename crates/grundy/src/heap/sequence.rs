//! The one entry point for Grundy sequences: G(0..=n) of any heap rule,
//! whatever engine computes it.
//!
//! Values are `u32`. A named game's heap is counted the way its players
//! count (a `triomino` heap of n is a 2 x n board), so its sequence is the
//! underlying sequence read at multiples of the scale.
//!
//! ```
//! use grundy::heap::sequence::{compute, Options};
//! let rule = "0.77".parse().unwrap();
//! let g = compute(&rule, 12, &Options::default()).unwrap();
//! assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
//! let t = compute(&"triomino".parse().unwrap(), 3, &Options::default()).unwrap();
//! assert_eq!(t, [0, 0, 1, 2]); // 2 x 0, 2 x 1, 2 x 2 and 2 x 3 boards
//! ```

use super::naive::NaiveEngine;
use super::notation::{HeapRule, RuleKind};
use super::periodicity::{analyze_rule, Status};
use super::rc::RcEngine;

/// Which engine computes the sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// The rare/common engine when it applies (finite codes leaving at most
    /// two heaps), else the naive one.
    #[default]
    Auto,
    /// The mex over every option ([`NaiveEngine`]): O(n) options per heap
    /// for octal codes, O(n^2) for three-heap codes.
    Naive,
    /// The rare/common engine ([`crate::heap::rc`]); codes it cannot run
    /// fall back to the naive engine.
    Rc,
}

/// The engine behind [`compute`].
enum Engine {
    Naive(NaiveEngine),
    Rc(Box<RcEngine<u32>>),
    /// Per-size windows or large subtraction sets: computed in one go by
    /// [`crate::heap::ranges`] or [`crate::heap::subtraction`], redone
    /// when asked for more.
    Whole(WholeKind, Vec<u32>),
}

/// A family computed in one go.
enum WholeKind {
    Ranges(Vec<usize>, Vec<usize>),
    Subtract(Vec<usize>),
}

/// Subtraction sets from this many amounts up go to the bit-set engine.
const LARGE_SET: usize = 64;

impl Engine {
    fn new(rule: &HeapRule, method: Method) -> Engine {
        if method != Method::Naive {
            match rule.kind() {
                RuleKind::Code(code) => {
                    if let Ok(e) = RcEngine::new(code) {
                        return Engine::Rc(Box::new(e));
                    }
                }
                RuleKind::Ranges(r) if method == Method::Auto => {
                    let lo = std::iter::once(0).chain(r.iter().map(|p| p.0 as usize));
                    let hi = std::iter::once(0).chain(r.iter().map(|p| p.1 as usize));
                    return Engine::Whole(WholeKind::Ranges(lo.collect(), hi.collect()), vec![0]);
                }
                RuleKind::Subtract(set) if method == Method::Auto && set.len() >= LARGE_SET => {
                    let set = set.iter().map(|&s| s as usize).collect();
                    return Engine::Whole(WholeKind::Subtract(set), vec![0]);
                }
                _ => {}
            }
        }
        Engine::Naive(NaiveEngine::new(rule))
    }

    fn extend_to(&mut self, n: u32, threads: usize) {
        match self {
            Engine::Naive(e) => e.extend_to(n),
            Engine::Rc(e) => e
                .extend_to_threads(n as usize, threads)
                .expect("32-bit cells hold every value"),
            Engine::Whole(kind, values) => {
                let n = n as usize;
                if n < values.len() {
                    return;
                }
                *values = match kind {
                    WholeKind::Ranges(lo, hi) => {
                        crate::heap::ranges::sequence(&lo[..=n], &hi[..=n])
                            .expect("windows checked by the rule parser")
                    }
                    WholeKind::Subtract(set) => crate::heap::subtraction::sequence(set, n)
                        .expect("a positive set whose bit sets fit"),
                };
            }
        }
    }

    fn values(&self) -> &[u32] {
        match self {
            Engine::Naive(e) => e.values(),
            Engine::Rc(e) => e.cells(),
            Engine::Whole(_, values) => values,
        }
    }

    fn into_values(self) -> Vec<u32> {
        match self {
            Engine::Naive(e) => e.into_values(),
            Engine::Rc(e) => e.into_cells(),
            Engine::Whole(_, values) => values,
        }
    }
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
    /// The underlying heaps would not fit in `u32`.
    #[error("heap {to} is too large: heaps are counted in 32 bits (at most {limit})")]
    TooLarge {
        /// The heap asked for.
        to: u64,
        /// The largest heap the rule allows.
        limit: u64,
    },
    /// A per-size `ranges` rule does not define heaps that large.
    #[error("the ranges define heaps 1 to {defined} only, not {to}")]
    RangesTooShort {
        /// The heap asked for.
        to: u64,
        /// The last heap the ranges define.
        defined: u64,
    },
}

/// The largest heap (as the user counts it) whose sequence can be asked for.
pub fn max_heap(rule: &HeapRule) -> u64 {
    (u32::MAX as u64 - 1) / rule.scale() as u64
}

/// Bytes the computation of G(0..=to) needs, for refusing up front what
/// would not fit in memory: the values of the underlying heaps plus, for the
/// caller, one copy of the result.
pub fn memory_estimate(rule: &HeapRule, to: u64) -> u64 {
    let base = to.saturating_mul(rule.scale() as u64).saturating_add(1);
    base.saturating_mul(4)
        .saturating_add(to.saturating_add(1).saturating_mul(4))
}

/// Checks that G(0..=to) can be asked for at all.
pub fn check(rule: &HeapRule, to: u64) -> Result<(), SequenceError> {
    let limit = max_heap(rule);
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

/// Extends `values` to `G(0..=to)` by a period that holds from some
/// preperiod below `values.len() - period`.
fn extend_periodic(mut values: Vec<u32>, period: usize, to: usize) -> Vec<u32> {
    values.reserve(to + 1 - values.len());
    for n in values.len()..=to {
        values.push(values[n - period]);
    }
    values
}

/// G(0), ..., G(to) of `rule` (or fewer with `until_proven`).
pub fn compute(rule: &HeapRule, to: u64, options: &Options) -> Result<Vec<u32>, SequenceError> {
    check(rule, to)?;
    let scale = rule.scale() as u64;
    let mut engine = Engine::new(rule, options.method);
    let read = |base: &[u32], upto: u64| -> Vec<u32> {
        (0..=upto).map(|n| base[(n * scale) as usize]).collect()
    };
    if !options.until_proven {
        // Engines that extend step by step stop once the period is proven:
        // the rest of the sequence follows from the period (a proven
        // period has saltus 0). The proof is checked at doubling lengths,
        // so the checks cost at most twice one linear scan of the result.
        if !matches!(engine, Engine::Whole(..)) {
            let mut upto = to.min(255);
            while upto < to {
                engine.extend_to((upto * scale) as u32, options.threads);
                let values = read(engine.values(), upto);
                let p = analyze_rule(rule, &values);
                if let (Status::Proven, Some(period), Some(0)) = (p.status, p.period, p.saltus) {
                    return Ok(extend_periodic(values, period as usize, to as usize));
                }
                upto = to.min(upto.saturating_mul(2));
            }
        }
        engine.extend_to((to * scale) as u32, options.threads);
        return Ok(if scale == 1 {
            engine.into_values()
        } else {
            read(engine.values(), to)
        });
    }
    let mut upto = to.min(255);
    loop {
        engine.extend_to((upto * scale) as u32, options.threads);
        let values = read(engine.values(), upto);
        let p = analyze_rule(rule, &values);
        if p.status == Status::Proven {
            let need = p.values_for_proof.expect("a proof has a window") as usize;
            let mut shorter = values[..need.min(values.len())].to_vec();
            if analyze_rule(rule, &shorter).status != Status::Proven {
                shorter = values;
            }
            return Ok(shorter);
        }
        if upto == to {
            return Ok(values);
        }
        upto = to.min(upto + upto / 4 + 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(max_heap(&t), (u32::MAX as u64 - 1) / 2);
        let r: HeapRule = "ranges:1..1,1..2".parse().unwrap();
        assert!(matches!(
            compute(&r, 3, &Options::default()),
            Err(SequenceError::RangesTooShort { defined: 2, .. })
        ));
        assert!(memory_estimate(&k, 1000) >= 4004);
    }
}
