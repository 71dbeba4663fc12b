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
use super::periodicity::arithmetic::{self, ArithmeticProof, Unproven};
use super::periodicity::{analyze_with, Status, Window};
use super::rule::{HeapRule, RuleKind};

/// The most values computed while looking for a proof.
pub const PROOF_VALUES: u32 = 1 << 20;

/// The most options tried while looking for a proof (well under a second).
pub const PROOF_WORK: f64 = 3e8;

/// A rule's values with a proven period: `G(n)` for any `n`. The period
/// may carry a saltus (`G(n + p) = G(n) + s`) when
/// [`arithmetic::test`] proves one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicValues {
    values: Vec<u32>,
    preperiod: u64,
    period: u64,
    saltus: u64,
    arithmetic: Option<ArithmeticProof>,
}

impl PeriodicValues {
    /// Computes the values of `rule` (underlying heaps) until a
    /// periodicity theorem proves the period, or [`arithmetic::test`] an
    /// arithmetic period, within [`PROOF_VALUES`] values and
    /// [`PROOF_WORK`] options; `None` when no theorem applies or no proof
    /// was reached.
    pub fn prove(rule: &HeapRule) -> Option<PeriodicValues> {
        let base = rule.base();
        let window = Window::for_rule(&base);
        let mut saltus = Window::saltus_possible(&base) && matches!(base.kind(), RuleKind::Code(_));
        if window == Window::Unknown && !saltus {
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
            let mut next = len.saturating_mul(2);
            if window != Window::Unknown {
                let p = analyze_with(g.len(), |n| g[n], window, false);
                if p.status == Status::Proven {
                    let (n0, period) = (p.preperiod?, p.period?);
                    let mut values = engine.into_values();
                    values.truncate((n0 + period) as usize);
                    return Some(PeriodicValues {
                        values,
                        preperiod: n0,
                        period,
                        saltus: 0,
                        arithmetic: None,
                    });
                }
            }
            if saltus {
                let seen = analyze_with(g.len(), |n| g[n], Window::Unknown, true);
                if let (Some(n0), Some(p), Some(s)) = (seen.preperiod, seen.period, seen.saltus) {
                    if s > 0 {
                        match arithmetic::test(&base, g.len(), |n| g[n], n0, p, s as u64) {
                            Ok(proof) => {
                                return Some(PeriodicValues::arithmetic(
                                    engine.into_values(),
                                    proof,
                                ))
                            }
                            Err(Unproven::NeedsValues(w)) => {
                                next = next.max(u32::try_from(w).unwrap_or(u32::MAX));
                            }
                            Err(Unproven::Contradicted(_)) => {}
                            Err(Unproven::Breaks(_) | Unproven::NotCovered(_)) => saltus = false,
                        }
                    }
                }
                if !saltus && window == Window::Unknown {
                    return None;
                }
            }
            if len >= PROOF_VALUES {
                return None;
            }
            len = next.min(PROOF_VALUES);
        }
    }

    fn arithmetic(mut values: Vec<u32>, proof: ArithmeticProof) -> PeriodicValues {
        values.truncate((proof.preperiod + proof.period) as usize);
        PeriodicValues {
            values,
            preperiod: proof.preperiod,
            period: proof.period,
            saltus: proof.saltus,
            arithmetic: Some(proof),
        }
    }

    /// `G(n + p) - G(n)` past the preperiod: 0 for a plain period.
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// The proof of an arithmetic period (`None` for a plain one).
    pub fn arithmetic_proof(&self) -> Option<&ArithmeticProof> {
        self.arithmetic.as_ref()
    }

    /// `G(n)`, or `None` when an arithmetic period makes it larger than
    /// `2^64 - 1`.
    pub fn checked_value(&self, n: u64) -> Option<u64> {
        if n < self.preperiod {
            return Some(u64::from(self.values[n as usize]));
        }
        let (q, j) = (
            (n - self.preperiod) / self.period,
            (n - self.preperiod) % self.period,
        );
        let low = u64::from(self.values[(self.preperiod + j) as usize]);
        q.checked_mul(self.saltus)?.checked_add(low)
    }

    /// The first index of the periodic part.
    pub fn preperiod(&self) -> u64 {
        self.preperiod
    }

    /// The period.
    pub fn period(&self) -> u64 {
        self.period
    }

    /// G(n), for any `n` whose value fits in 64 bits (every `n` for a
    /// plain period; see [`PeriodicValues::checked_value`]).
    pub fn value(&self, n: u64) -> u64 {
        self.checked_value(n).unwrap_or(u64::MAX)
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
        "0.8",
        "0.88",
        "lasker",
    ];

    #[test]
    fn arithmetic_periods() {
        let l = PeriodicValues::prove(&"lasker".parse().unwrap()).unwrap();
        assert_eq!((l.preperiod(), l.period(), l.saltus()), (1, 4, 4));
        // Lasker's solution at the HDU 3032 bound: 2^31 - 1 = 3 (mod 4).
        assert_eq!(l.value(2_147_483_647), 2_147_483_648);
        let h = PeriodicValues::prove(&"0.8".parse().unwrap()).unwrap();
        assert_eq!((h.preperiod(), h.period(), h.saltus()), (1, 3, 1));
        assert_eq!(h.value(3_000_000_001), 1_000_000_000);
        assert_eq!(h.checked_value(u64::MAX), Some((u64::MAX - 1) / 3));
    }

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
        fn agrees_with_the_mex(i in 0..RULES.len(), n in 0u32..1500) {
            let rule: HeapRule = RULES[i].parse().unwrap();
            if let Some(pv) = PeriodicValues::prove(&rule) {
                let mut e = NaiveEngine::new(&rule);
                e.extend_to(n);
                prop_assert_eq!(pv.value(n as u64), u64::from(e.values()[n as usize]));
            }
        }
    }
}
