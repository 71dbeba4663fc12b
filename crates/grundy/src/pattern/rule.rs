//! Patterns of a heap rule's Grundy sequence, with proofs where a theorem
//! gives them: a period checked on the window of the octal periodicity
//! theorem (Guy and Smith; for finite subtraction sets one window of
//! `max(S)` values) is *proven*, for every heap; everything else is
//! observed on the values computed.
//!
//! ```
//! use grundy::pattern::{rule::find_rule, Status};
//! let found = find_rule(&"kayles".parse().unwrap(), 400).unwrap();
//! assert_eq!(found[0].formula, "G(n + 12) = G(n) for n >= 71");
//! assert!(matches!(found[0].status, Status::Proven { .. }));
//! ```

use super::catalogue::{self, Itself};
pub use super::values::{values, MAX_VALUES, MAX_WORK};
use super::{find_sequence, period, Finding, Status};
use crate::heap::periodic::PeriodicValues;
use crate::heap::periodicity::{analyze, Status as PStatus, Window};
use crate::heap::rule::HeapRule;

/// The theorem that proves period `p` from `n0` under `window`, with the
/// range of heaps its check covers.
pub fn theorem(window: Window, n0: u64, p: u64) -> Option<String> {
    let end = window.end(n0, p)?;
    Some(match window {
        Window::Octal { parts, .. } if parts >= 3 => format!(
            "periodicity theorem for codes leaving up to {parts} heaps (Guy-Smith argument): G(n + {p}) = G(n) checked for {n0} <= n < {end}"
        ),
        Window::Octal { .. } => format!(
            "octal periodicity theorem (Guy-Smith): G(n + {p}) = G(n) checked for {n0} <= n < {end}"
        ),
        Window::Subtraction { .. } => format!(
            "periodicity of finite subtraction games: G(n + {p}) = G(n) checked for {n0} <= n < {end}"
        ),
        Window::Unknown => return None,
    })
}

/// Patterns of `rule`'s values `G(0..=to)` (underlying heaps): the period
/// proven by a theorem when one applies, within the values computed or
/// within [`PeriodicValues::prove`]'s budget; otherwise what
/// [`find_sequence`] finds, observed. Then the other known games it
/// equals ([`catalogue::sequence`]).
pub fn find_rule(rule: &HeapRule, to: u32) -> Result<Vec<Finding>, String> {
    let g = values(rule, to)?;
    let mut found = patterns(rule, to, &g);
    found.extend(catalogue::sequence(0, &g, Some(Itself::Rule(rule))));
    Ok(found)
}

fn patterns(rule: &HeapRule, to: u32, g: &[u64]) -> Vec<Finding> {
    let base = rule.base();
    let window = Window::for_rule(&base);
    let g32: Vec<u32> = g.iter().map(|&v| v as u32).collect();
    let p = analyze(&g32, window, false);
    let last = u64::from(to);
    if p.status == PStatus::Proven {
        let (n0, per) = (p.preperiod.unwrap_or(0), p.period.unwrap_or(1));
        if let Some(t) = theorem(window, n0, per) {
            let found_to = window.end(n0, per).unwrap_or(last) + per - 1;
            return vec![period::finding(
                0,
                g,
                (n0, per, 0),
                found_to.min(last),
                Status::Proven { theorem: t },
            )];
        }
    }
    if let Some(pv) = PeriodicValues::prove(&base).filter(|pv| pv.saltus() > 0) {
        let proof = pv
            .arithmetic_proof()
            .expect("a saltus comes with its proof");
        let (n0, per, s) = (pv.preperiod(), pv.period(), pv.saltus());
        let longer: Vec<u64> = (0..(n0 + per).max(g.len() as u64))
            .map(|n| pv.value(n))
            .collect();
        let mut f = period::finding(
            0,
            &longer,
            (n0, per, s as i64),
            proof.window_end.saturating_sub(1).max(last),
            Status::Proven {
                theorem: proof.statement(),
            },
        );
        f.checked_to = f.found_to;
        return vec![f];
    }
    if window != Window::Unknown {
        if let Some(pv) = PeriodicValues::prove(&base) {
            let (n0, per) = (pv.preperiod(), pv.period());
            let t = theorem(window, n0, per).expect("a proof has a window");
            let longer: Vec<u64> = (0..n0 + per).map(|n| pv.value(n)).collect();
            let mut f = period::finding(
                0,
                &longer,
                (n0, per, 0),
                window.end(n0, per).unwrap_or(0) + per - 1,
                Status::Proven { theorem: t },
            );
            f.checked_to = f.found_to;
            return vec![f];
        }
    }
    find_sequence(0, g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::NaiveEngine;
    use crate::pattern::Kind;

    fn proven(rule: &str, to: u32) -> (u64, u64) {
        let found = find_rule(&rule.parse().unwrap(), to).unwrap();
        let f = &found[0];
        assert!(matches!(f.status, Status::Proven { .. }), "{rule}: {f:?}");
        match f.model {
            crate::pattern::Model::Periodic {
                preperiod, period, ..
            } => (preperiod, period),
            _ => panic!("{rule}: not periodic"),
        }
    }

    #[test]
    fn published_periods_are_proven() {
        // Winning Ways, ch. 4: Kayles 12 from 71, Dawson's Kayles 34 from
        // 53, Dawson's chess (0.137, counted one less) 34 from 52.
        assert_eq!(proven("kayles", 300), (71, 12));
        assert_eq!(proven("0.07", 300), (53, 34));
        assert_eq!(proven("0.137", 300), (52, 34));
        // Too few values computed: the proof is reached all the same.
        assert_eq!(proven("0.77", 100), (71, 12));
        assert_eq!(proven("sub:1,3,4", 50), (0, 7));
    }

    #[test]
    fn subtract_a_square_has_no_formula() {
        let found = find_rule(&"sub:squares".parse().unwrap(), 4000).unwrap();
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn patterns_agree_with_the_mex() {
        for rule in ["kayles", "0.07", "sub:1,3,4", "lasker", "0.8", "take:2..5"] {
            let rule: HeapRule = rule.parse().unwrap();
            let found = find_rule(&rule, 300).unwrap();
            let f = found.iter().find(|f| f.is_complete()).unwrap();
            let mut e = NaiveEngine::new(&rule);
            e.extend_to(1500);
            for (n, &v) in e.values().iter().enumerate() {
                assert_eq!(f.value(n as u64), Some(u64::from(v)), "{rule} at {n}");
            }
        }
    }

    #[test]
    fn arithmetic_periods_are_proven() {
        let found = find_rule(&"lasker".parse().unwrap(), 300).unwrap();
        assert_eq!(found[0].kind, Kind::ArithmeticPeriod);
        assert_eq!(found[0].formula, "G(n + 4) = G(n) + 4 for n >= 1");
        assert!(
            matches!(&found[0].status, Status::Proven { theorem } if theorem.contains("Lasker"))
        );
        assert_eq!(found[0].value(1_000_000_000_000), Some(999_999_999_999));
        let found = find_rule(&"0.8".parse().unwrap(), 300).unwrap();
        assert_eq!(found[0].formula, "G(n + 3) = G(n) + 1 for n >= 1");
        assert!(
            matches!(&found[0].status, Status::Proven { theorem } if theorem.contains("levels"))
        );
    }
}
