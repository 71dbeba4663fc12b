//! A heap rule as a [`Game`] on one heap, so that the generic solvers
//! search sums of heaps, and a bound on how many positions such a search
//! can meet.
//!
//! Both serve the exhaustive misère search of the heap games
//! ([`crate::games::heap`]) and the misère engines that learn quotients and
//! genera ([`crate::misere`]); they live with the rules, below both, so
//! that neither of those depends on the other for them.

use crate::game::Game;

use super::rule::HeapRule;

/// A heap rule as a [`Game`] on one heap, for the generic solvers.
#[derive(Clone, Copy, Debug)]
pub struct HeapGame<'r> {
    /// The rule (its scale is ignored: heaps are underlying tokens).
    pub rule: &'r HeapRule,
}

impl Game for HeapGame<'_> {
    type Position = u32;
    fn options(&self, &n: &u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        self.rule
            .for_each_move(n, |_, parts| out.push(parts.to_vec()));
        out
    }
}

/// An upper bound on the positions a misère search from `heaps` can meet:
/// for rules that split, the multisets of heaps with at most the total
/// number of tokens (sum of the partition numbers); otherwise the product
/// of `h + 1` over the heaps.
///
/// ```
/// use grundy::heap::sums::misere_positions_bound;
/// let kayles = "kayles".parse().unwrap();
/// assert_eq!(misere_positions_bound(&kayles, &[2, 2]), 1.0 + 1.0 + 2.0 + 3.0 + 5.0);
/// let sub = "sub:1,2".parse().unwrap();
/// assert_eq!(misere_positions_bound(&sub, &[3, 4]), 20.0);
/// ```
pub fn misere_positions_bound(rule: &HeapRule, heaps: &[u32]) -> f64 {
    if rule.max_parts() >= 2 {
        let total: u64 = heaps.iter().map(|&h| h as u64).sum();
        if total > 5_000 {
            return f64::INFINITY;
        }
        // p(m) by the usual dynamic programme over part sizes.
        let t = total as usize;
        let mut p = vec![0f64; t + 1];
        p[0] = 1.0;
        for part in 1..=t {
            for m in part..=t {
                p[m] += p[m - part];
            }
        }
        p.iter().sum()
    } else {
        heaps.iter().map(|&h| h as f64 + 1.0).product()
    }
}
