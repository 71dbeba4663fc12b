//! G(n) for any heap up to `2^64 - 1` once a rule's period is proven.
//!
//! For a rule that a periodicity theorem covers (see
//! [`super::periodicity::Window`]), the values are computed only
//! until the theorem's window is checked; after that
//! `G(n) = G(n0 + (n - n0) mod p)` for every `n >= n0`.
//!
//! ```
//! use grundy::heap::periodic::PeriodicValues;
//! // Kayles: period 12 from n = 71, proven with 168 values.
//! let k = PeriodicValues::prove(&"kayles".parse().unwrap()).unwrap();
//! assert_eq!((k.preperiod(), k.period()), (71, 12));
//! assert_eq!(k.value(1_000_000_000_000_000_000), k.value(1_000_000_000_000_000_000 - 12));
//! ```

use super::naive::{work_estimate, NaiveEngine};
use super::periodicity::{analyze_with, Status, Window};
use super::rule::HeapRule;

/// The most values computed while looking for a proof.
pub const PROOF_VALUES: u32 = 1 << 20;

/// The most options tried while looking for a proof (well under a second).
pub const PROOF_WORK: f64 = 3e8;

/// A rule's values with a proven period: `G(n)` for any `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicValues {
    values: Vec<u32>,
    preperiod: u64,
    period: u64,
}

impl PeriodicValues {
    /// Computes the values of `rule` (underlying heaps) until a
    /// periodicity theorem proves the period, within [`PROOF_VALUES`]
    /// values and [`PROOF_WORK`] options; `None` when no theorem applies or
    /// no proof was reached.
    pub fn prove(rule: &HeapRule) -> Option<PeriodicValues> {
        let base = rule.base();
        let window = Window::for_rule(&base);
        if window == Window::Unknown {
            return None;
        }
        let mut engine = NaiveEngine::new(&base);
        let mut len: u32 = 256;
        loop {
            if work_estimate(&base, len as u64) > PROOF_WORK {
                return None;
            }
            engine.extend_to(len - 1);
            let g = engine.values();
            let p = analyze_with(g.len(), |n| g[n], window, false);
            if p.status == Status::Proven {
                let (n0, period) = (p.preperiod?, p.period?);
                let mut values = engine.into_values();
                values.truncate((n0 + period) as usize);
                return Some(PeriodicValues {
                    values,
                    preperiod: n0,
                    period,
                });
            }
            if len >= PROOF_VALUES {
                return None;
            }
            len *= 2;
        }
    }

    /// The first index of the periodic part.
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// The period.
    pub fn period(&self) -> u64 {
        self.period
    }

    /// G(n), for any `n`.
    pub fn value(&self, n: u64) -> u32 {
        if n < self.preperiod {
            self.values[n as usize]
        } else {
            self.values[(self.preperiod + (n - self.preperiod) % self.period) as usize]
        }
    }

    /// One period of values: `G(n0), ..., G(n0 + p - 1)`.
    pub fn cycle(&self) -> &[u32] {
        &self.values[self.preperiod as usize..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const RULES: &[&str] = &[
        "kayles",
        "0.07",
        "0.137",
        "0.6",
        "4.07",
        "0.51",
        "sub:1,3,4",
        "take:2..5",
        "0.3f",
    ];

    #[test]
    fn published_periods() {
        // Kayles: 71 and 12; Dawson's Kayles: 53 and 34 (Winning Ways, ch. 4).
        let k = PeriodicValues::prove(&"kayles".parse().unwrap()).unwrap();
        assert_eq!((k.preperiod(), k.period()), (71, 12));
        let d = PeriodicValues::prove(&"0.07".parse().unwrap()).unwrap();
        assert_eq!((d.preperiod(), d.period()), (53, 34));
        // No theorem for Grundy's game, nor for `!` codes.
        assert!(PeriodicValues::prove(&"grundy".parse().unwrap()).is_none());
    }

    proptest! {
        #[test]
        fn agrees_with_the_mex(i in 0..RULES.len(), n in 0u32..3000) {
            let rule: HeapRule = RULES[i].parse().unwrap();
            if let Some(pv) = PeriodicValues::prove(&rule) {
                let mut e = NaiveEngine::new(&rule);
                e.extend_to(n);
                prop_assert_eq!(pv.value(n as u64), e.values()[n as usize]);
            }
        }
    }
}
