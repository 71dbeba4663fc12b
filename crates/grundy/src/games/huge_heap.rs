//! Heap positions with heaps up to `2^64 - 1`, under a rule whose period is
//! proven ([`PeriodicValues`]): the value at once, and the winning moves
//! counted without trying every split.
//!
//! A split of `r` into `a + b` (`a <= b`) is tried one by one only for
//! `a < n0` (the preperiod). For `n0 <= a <= r / 2` both parts are in the
//! periodic part, so `G(a) xor G(r - a)` depends only on `a mod p`: each of
//! the `p` classes is checked once and its members counted. Splits into
//! three heaps are tried one by one, on heaps up to [`THREE_PARTS_LIMIT`].
//!
//! ```
//! use grundy::games::huge_heap;
//! use grundy::heap::periodic::PeriodicValues;
//! let kayles = "kayles".parse().unwrap();
//! let pv = PeriodicValues::prove(&kayles).unwrap();
//! let heaps = [1_000_000_000_000_000_000u64];
//! let (a, total) = huge_heap::analyze(&kayles, &pv, &heaps, 3).unwrap();
//! assert_eq!(a.value.unwrap().0, pv.value(heaps[0]) as u64);
//! assert_eq!(a.winning_moves.len(), 3);
//! assert!(total > 10u128.pow(15));
//! ```

use std::fmt::{self, Display};

use super::heap::HeapError;
use crate::game::{Analysis, Convention, Outcome, WinningMove};
use crate::heap::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::heap::periodic::PeriodicValues;
use crate::heap::rule::{HeapRule, RuleKind};
use crate::nimber::Nimber;

/// The largest heap whose splits into three heaps are tried one by one.
pub const THREE_PARTS_LIMIT: u64 = 20_000;

/// A move on one heap: take `take` tokens from heap `heap` (0-based) of
/// `from` tokens and leave `parts`; worded as [`super::heap::HeapMove`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HugeMove {
    /// 0-based index of the heap moved in.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Tokens removed (0 for a pure split).
    pub take: u64,
    /// The non-empty heaps left in its place.
    pub parts: Vec<u64>,
}

impl Display for HugeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::heap::write_move(f, self.take, self.from, &self.parts)
    }
}

/// The heaps left by `mv`: its parts stand where the heap stood.
pub fn apply(heaps: &[u64], mv: &HugeMove) -> Vec<u64> {
    let mut to = Vec::with_capacity(heaps.len() + mv.parts.len());
    to.extend_from_slice(&heaps[..mv.heap]);
    to.extend_from_slice(&mv.parts);
    to.extend_from_slice(&heaps[mv.heap + 1..]);
    to
}

/// What taking `k` tokens may leave (`LEAVE_*` bits), for the rules with
/// bounded removal that a periodicity theorem covers.
fn leaves(rule: &HeapRule, k: u64) -> u8 {
    let one = LEAVE_NONE | LEAVE_ONE;
    match rule.kind() {
        RuleKind::Code(code) => code.digit(k as usize).bits,
        RuleKind::Subtract(s) if u32::try_from(k).is_ok_and(|k| s.binary_search(&k).is_ok()) => one,
        RuleKind::Take { min, max } if (*min as u64..=*max as u64).contains(&k) => one,
        _ => 0,
    }
}

struct Search<'a> {
    pv: &'a PeriodicValues,
    limit: usize,
    moves: Vec<WinningMove<HugeMove, ()>>,
    total: u128,
}

impl Search<'_> {
    fn found(&mut self, heap: usize, from: u64, take: u64, parts: Vec<u64>) {
        self.total += 1;
        if self.moves.len() < self.limit {
            let mv = HugeMove {
                heap,
                from,
                take,
                parts,
            };
            self.moves.push(WinningMove { mv, to: () });
        }
    }

    /// Splits of `r` into two heaps whose values XOR to `t`.
    fn two(&mut self, heap: usize, from: u64, take: u64, r: u64, t: u32) {
        let g = |n| self.pv.value(n);
        let half = r / 2;
        let (n0, p) = (self.pv.preperiod(), self.pv.period());
        let lo = n0.max(1);
        for a in 1..=half.min(lo - 1) {
            if g(a) ^ g(r - a) == t {
                self.found(heap, from, take, vec![a, r - a]);
            }
        }
        if half < lo {
            return;
        }
        // a = lo + j + i p: the class of j decides the value of the split.
        let m = half - lo + 1;
        let classes: Vec<u64> = (0..p.min(m))
            .filter(|&j| g(lo + j) ^ g(r - lo - j) == t)
            .collect();
        for &j in &classes {
            self.total += ((m - 1 - j) / p + 1) as u128;
        }
        // The first members, in increasing a, are listed.
        let mut i = 0u64;
        while self.moves.len() < self.limit && !classes.is_empty() {
            for &j in &classes {
                let a = lo + j + i * p;
                if a > half || self.moves.len() >= self.limit {
                    return;
                }
                let mv = HugeMove {
                    heap,
                    from,
                    take,
                    parts: vec![a, r - a],
                };
                self.moves.push(WinningMove { mv, to: () });
            }
            i += 1;
        }
    }

    fn three(
        &mut self,
        heap: usize,
        from: u64,
        take: u64,
        r: u64,
        t: u32,
    ) -> Result<(), HeapError> {
        if r > THREE_PARTS_LIMIT {
            return Err(HeapError::TooLarge(format!(
                "heap {from}: its winning moves into three heaps are found by trying every split, \
                 which is done on heaps up to {THREE_PARTS_LIMIT} only (counting them from the \
                 period class by class is implemented for splits into two heaps, not three); \
                 its value is G({from}) = {}",
                self.pv.value(from)
            )));
        }
        let g = |n| self.pv.value(n);
        for a in 1..=r / 3 {
            for b in a..=(r - a) / 2 {
                let c = r - a - b;
                if g(a) ^ g(b) ^ g(c) == t {
                    self.found(heap, from, take, vec![a, b, c]);
                }
            }
        }
        Ok(())
    }
}

/// Value, outcome and the first `limit` winning moves (in the order of
/// [`super::heap::analyze_moves_normal`]) of the sum of `heaps` (underlying
/// tokens), with how many winning moves there are. `pv` holds the values of
/// `rule`.
pub fn analyze(
    rule: &HeapRule,
    pv: &PeriodicValues,
    heaps: &[u64],
    limit: usize,
) -> Result<(Analysis<HugeMove, ()>, u128), HeapError> {
    let total = heaps.iter().fold(0, |x, &h| x ^ pv.value(h));
    let mut s = Search {
        pv,
        limit,
        moves: Vec::new(),
        total: 0,
    };
    let max_take = rule.max_removal().map_or(0, u64::from);
    if total != 0 {
        for (i, &h) in heaps.iter().enumerate() {
            let t = total ^ pv.value(h);
            for k in 0..=max_take.min(h) {
                let bits = leaves(rule, k);
                let r = h - k;
                if k >= 1 && r == 0 && bits & LEAVE_NONE != 0 && t == 0 {
                    s.found(i, h, k, Vec::new());
                }
                if k >= 1 && r >= 1 && bits & LEAVE_ONE != 0 && pv.value(r) == t {
                    s.found(i, h, k, vec![r]);
                }
                if r >= 2 && bits & LEAVE_TWO != 0 {
                    s.two(i, h, k, r, t);
                }
                if r >= 3 && bits & LEAVE_THREE != 0 {
                    s.three(i, h, k, r, t)?;
                }
            }
        }
    }
    let value = Nimber(total as u64);
    let analysis = Analysis {
        convention: Convention::Normal,
        value: Some(value),
        outcome: Outcome::from_value(value),
        winning_moves: s.moves,
    };
    Ok((analysis, s.total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap;
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
        "0.4",
        "triomino",
    ];

    fn proven(i: usize) -> Option<(HeapRule, PeriodicValues)> {
        static ALL: std::sync::OnceLock<Vec<Option<(HeapRule, PeriodicValues)>>> =
            std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            RULES
                .iter()
                .map(|r| {
                    let rule = r.parse::<HeapRule>().unwrap().base();
                    PeriodicValues::prove(&rule).map(|pv| (rule, pv))
                })
                .collect()
        })[i]
            .clone()
    }

    #[test]
    fn three_part_splits_of_huge_heaps_are_refused_with_the_reason() {
        // 0.a: take one token, leave one heap or three; period 2 from 1.
        let rule: HeapRule = "0.a".parse().unwrap();
        let pv = PeriodicValues::prove(&rule).unwrap();
        let e = analyze(&rule, &pv, &[1 << 40, 1], 10)
            .unwrap_err()
            .to_string();
        assert!(e.contains("not three"), "{e}");
        assert!(
            e.contains(&format!("G({}) = {}", 1u64 << 40, pv.value(1 << 40))),
            "{e}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// The same moves, in the same order, as the plain search over
        /// every option, for heaps inside the computed range.
        #[test]
        fn agrees_with_every_option(
            i in 0..RULES.len(),
            heaps in prop::collection::vec(0u32..400, 1..4),
            limit in 0usize..50,
        ) {
            let Some((rule, pv)) = proven(i) else { return Ok(()) };
            let g = heap::values_for(&rule, &heaps).unwrap();
            let plain = heap::analyze_moves_normal(&rule, &heaps, &g);
            let wide: Vec<u64> = heaps.iter().map(|&h| h as u64).collect();
            let (a, total) = analyze(&rule, &pv, &wide, limit).unwrap();
            prop_assert_eq!(a.value, plain.value);
            prop_assert_eq!(total, plain.winning_moves.len() as u128);
            let want: Vec<String> =
                plain.winning_moves.iter().take(limit).map(|w| w.mv.to_string()).collect();
            let got: Vec<String> = a.winning_moves.iter().map(|w| w.mv.to_string()).collect();
            prop_assert_eq!(got, want);
        }

        /// On huge heaps, every listed move leaves value 0.
        #[test]
        fn huge_moves_win(i in 0..RULES.len(), h in (1u64 << 40)..u64::MAX, other in 0u64..1000) {
            let Some((rule, pv)) = proven(i) else { return Ok(()) };
            let heaps = [h, other];
            let Ok((a, total)) = analyze(&rule, &pv, &heaps, 20) else { return Ok(()) };
            prop_assert!(total >= a.winning_moves.len() as u128);
            prop_assert_eq!(a.outcome == Outcome::N, total > 0);
            for w in &a.winning_moves {
                let to = apply(&heaps, &w.mv);
                prop_assert_eq!(to.iter().fold(0, |x, &n| x ^ pv.value(n)), 0);
                prop_assert_eq!(to.iter().sum::<u64>() + w.mv.take, h + other);
            }
        }
    }
}
