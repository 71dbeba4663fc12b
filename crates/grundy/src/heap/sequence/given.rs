//! A sequence of values given with no rule ([`Given`]): Grundy values
//! `G(0), G(1), ...` that a user worked out elsewhere (a game of their own,
//! a table in a paper), looked at as a computed [`Sequence`](super::Sequence)
//! is, the way `grundy pattern -` looks at numbers read from standard
//! input.
//!
//! With no rule there is no periodicity theorem to apply: a repetition is
//! only ever *observed* on the values given, plain or with a saltus, and
//! nothing is known of the values past the last one.
//!
//! ```
//! use grundy::heap::periodicity::Status;
//! use grundy::heap::sequence::{compute, Given, Options};
//! let kayles = compute(&"0.77".parse().unwrap(), 299, &Options::default()).unwrap();
//! let g = Given::new(kayles).unwrap();
//! let p = g.periodicity();
//! assert_eq!((p.preperiod, p.period, p.saltus), (Some(71), Some(12), Some(0)));
//! assert_eq!(p.status, Status::Observed); // the rule's own run proves it
//! assert_eq!(g.figures().max_value, 8);
//! assert!(Given::new(Vec::new()).is_err());
//! ```

use super::prefix::{figures_of, Figures};
use crate::heap::periodicity::{analyze, Periodicity, Window};

/// The values `G(0..=last)` of no known rule: at least one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    values: Vec<u32>,
}

impl Given {
    /// The sequence of `values` = `G(0), G(1), ...`; refused when there is
    /// none, as `grundy pattern -` refuses an input with no numbers.
    pub fn new(values: Vec<u32>) -> Result<Given, String> {
        if values.is_empty() {
            return Err("none given; a sequence holds at least G(0)".to_string());
        }
        Ok(Given { values })
    }

    /// `G(0..=last)`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The last position given.
    pub fn last(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// Preperiod, period and saltus of the longest tail of the values
    /// that holds at least two whole periods over at least a quarter of
    /// them (the least period of that tail), as a rule's sequence with no
    /// theorem gets them: [`Status::Observed`](crate::heap::periodicity::Status)
    /// at most, never proven. A saltus is looked for, as nothing rules one
    /// out.
    pub fn periodicity(&self) -> Periodicity {
        analyze(&self.values, Window::Unknown, true)
    }

    /// Largest value, value counts, P-positions and checksum of the values,
    /// as a computed sequence's.
    pub fn figures(&self) -> Figures {
        figures_of(|n| self.values[n], self.last(), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::periodicity::Status;
    use crate::heap::rule::HeapRule;
    use crate::heap::sequence::{compute_with, Options, Sequence};

    /// Values of a rule given without it: the same figures as the rule's
    /// sequence, the same period where the rule's run finds one, and
    /// never a proof.
    #[test]
    fn a_rules_values_given_without_it() {
        for code in ["0.07", "0.137", "sub:1,3,4", "0.8", "4!.0", "0.6"] {
            let rule: HeapRule = code.parse().unwrap();
            let s = compute_with(&rule, 1500, &Options::default(), &[], &mut |_| true).unwrap();
            let g = Given::new(s.to_vec()).unwrap();
            assert_eq!(g.figures(), s.figures(), "{code}");
            let (mine, theirs) = (g.periodicity(), s.periodicity());
            assert_ne!(mine.status, Status::Proven, "{code}");
            assert_eq!(mine.values_for_proof, None, "{code}");
            if theirs.status != Status::None {
                assert_eq!(
                    (mine.preperiod, mine.period, mine.saltus),
                    (theirs.preperiod, theirs.period, theirs.saltus),
                    "{code}"
                );
            }
            let read = Sequence::from_values(rule, g.values().to_vec());
            assert_eq!(read.figures(), g.figures(), "{code}");
        }
    }

    #[test]
    fn one_value_and_no_pattern() {
        let g = Given::new(vec![5]).unwrap();
        assert_eq!(g.last(), 0);
        assert_eq!(g.periodicity().status, Status::None);
        let f = g.figures();
        assert_eq!(
            (f.max_value, f.p_count, f.value_counts),
            (5, 0, vec![(5, 1)])
        );
    }
}
