//! Heap positions with heaps up to `2^64 - 1`, under a rule whose period is
//! proven ([`PeriodicValues`]): the value at once, and the winning moves
//! counted without trying every split.
//!
//! A split of `r` into `a + b` (`a <= b`) is tried one by one only for
//! `a < n0` (the preperiod). For `n0 <= a <= r / 2` both parts are in the
//! periodic part, so `G(a) xor G(r - a)` depends only on `a mod p`: each of
//! the `p` classes is checked once and its members counted. Splits into
//! three heaps are counted the same way, by the classes of their two smaller
//! parts.
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
use crate::nimber::{sums, Nimber};

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
pub(crate) fn leaves(rule: &HeapRule, k: u64) -> u8 {
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
        self.list(heap, from, take, 1, std::iter::once(parts));
    }

    /// The splits `r = b + c` with `min <= b <= c` and `G(b) ^ G(c) == t`:
    /// how many there are, and the first `want` parts `b` in increasing
    /// order. A `b` in the preperiod is tried alone; past it both parts
    /// are periodic, so the value depends only on `b mod p` and each class
    /// is checked once and counted.
    fn pair_splits(&self, r: u64, t: u64, min: u64, want: usize) -> (u128, Vec<u64>) {
        let g = |n| self.pv.value(n);
        let half = r / 2;
        let (n0, p) = (self.pv.preperiod(), self.pv.period());
        let lo = n0.max(1);
        let mut count = 0u128;
        let mut first = Vec::new();
        for b in min..=half.min(lo.saturating_sub(1)) {
            if g(b) ^ g(r - b) == t {
                count += 1;
                if first.len() < want {
                    first.push(b);
                }
            }
        }
        let start = lo.max(min);
        if half < start {
            return (count, first);
        }
        if self.pv.saltus() > 0 {
            let (n, more) = self.pair_classes(r, t, start, want.saturating_sub(first.len()));
            first.extend(more);
            return (count + n, first);
        }
        // b = start + j + i p: the class j decides the value of the split.
        let m = half - start + 1;
        let classes: Vec<u64> = (0..p.min(m))
            .filter(|&j| g(start + j) ^ g(r - start - j) == t)
            .collect();
        for &j in &classes {
            count += ((m - 1 - j) / p + 1) as u128;
        }
        let mut i = 0u64;
        'list: while first.len() < want && !classes.is_empty() {
            for &j in &classes {
                let b = start + j + i * p;
                if b > half || first.len() >= want {
                    break 'list;
                }
                first.push(b);
            }
            i += 1;
        }
        (count, first)
    }

    /// `G(n)` as `(high, low)`: the quotient and remainder by the saltus
    /// (a power of two), so that past the preperiod `high` grows by one a
    /// period and `low` depends only on the class.
    fn high_low(&self, n: u64) -> (u64, u64) {
        let (v, s) = (self.pv.value(n), self.pv.saltus());
        (v >> s.trailing_zeros(), v & (s - 1))
    }

    /// The takes `k >= k0` of a heap of `h` (a code that removes any number
    /// of tokens, leaving one heap or none), under an arithmetic period:
    /// the heaps `r` with `G(r) = t` are at most one a class past the
    /// preperiod, so they are found directly and listed by increasing take.
    fn tail(&mut self, rule: &HeapRule, heap: usize, h: u64, k0: u64, t: u64) {
        let Some(top) = h.checked_sub(k0) else { return };
        let (n0, p, s) = (self.pv.preperiod(), self.pv.period(), self.pv.saltus());
        let (th, tl) = (t >> s.trailing_zeros(), t & (s - 1));
        let mut rests: Vec<u64> = (1..n0.min(top + 1))
            .filter(|&r| self.pv.value(r) == t)
            .collect();
        for g in 0..p {
            let (hg, lg) = self.high_low(n0 + g);
            if lg != tl || th < hg {
                continue;
            }
            if let Some(r) = (th - hg).checked_mul(p).and_then(|x| x.checked_add(n0 + g)) {
                if r >= 1.max(n0) && r <= top {
                    rests.push(r);
                }
            }
        }
        rests.sort_unstable_by(|a, b| b.cmp(a));
        rests.dedup();
        for r in rests {
            if leaves(rule, h - r) & LEAVE_ONE != 0 {
                self.found(heap, h, h - r, vec![r]);
            }
        }
        if t == 0 && leaves(rule, h) & LEAVE_NONE != 0 {
            self.found(heap, h, h, Vec::new());
        }
    }

    /// [`Self::pair_splits`] past the preperiod under an arithmetic period:
    /// in the class of `b0 = start + j`, `b = b0 + x p` and `c = r - b`
    /// have high values `hb + x` and `hc - x` of fixed sum, so the splits
    /// that work are the pairs of [`sums::pairs_in`].
    fn pair_classes(&self, r: u64, t: u64, start: u64, want: usize) -> (u128, Vec<u64>) {
        let (p, s) = (self.pv.period(), self.pv.saltus());
        let (th, tl) = (t >> s.trailing_zeros(), t & (s - 1));
        let half = r / 2;
        let (mut count, mut first) = (0u128, Vec::new());
        for j in 0..p.min(half - start + 1) {
            let b0 = start + j;
            let ((hb, lb), (hc, lc)) = (self.high_low(b0), self.high_low(r - b0));
            if lb ^ lc != tl {
                continue;
            }
            let top = hb + (half - b0) / p;
            count += sums::pairs_in(hb + hc, th, hb, top);
            let found = sums::first_pairs(hb + hc, th, hb, top, want);
            first.extend(found.into_iter().map(|u| b0 + (u - hb) * p));
        }
        first.sort_unstable();
        first.truncate(want);
        (count, first)
    }

    /// Three-heap splits with every part past the preperiod, under an
    /// arithmetic period: the ordered triples are counted class by class
    /// ([`sums::triples_from`]); the unordered ones follow by Burnside's
    /// lemma, `(ordered + 3 (a = b) + 2 (a = b = c)) / 6`. The first moves
    /// are listed by increasing `a` over a stretch of `a`, and one is
    /// built when that stretch has none.
    fn three_growing(&mut self, heap: usize, from: u64, take: u64, r: u64, t: u64) {
        let (n0, p, s) = (self.pv.preperiod(), self.pv.period(), self.pv.saltus());
        let lo = n0.max(1);
        let (th, tl) = (t >> s.trailing_zeros(), t & (s - 1));
        // (high, low, least high) of each class; a part 0 is no part.
        let class: Vec<(u64, u64, u64)> = (0..p)
            .map(|a| {
                let (h, l) = self.high_low(n0 + a);
                (h, l, h + u64::from(n0 + a < lo))
            })
            .collect();
        let (mut ordered, mut built) = (0u128, None);
        for a in 0..p {
            for b in 0..p {
                let base = 3 * n0 + a + b;
                let Some(left) = r.checked_sub(base) else {
                    continue;
                };
                let c = left % p;
                let Some(x) = left.checked_sub(c).map(|l| l / p) else {
                    continue;
                };
                let (ca, cb, cc) = (class[a as usize], class[b as usize], class[c as usize]);
                if ca.1 ^ cb.1 ^ cc.1 != tl {
                    continue;
                }
                let m = x + ca.0 + cb.0 + cc.0;
                let n = sums::triples_from(m, th, [ca.2, cb.2, cc.2]);
                ordered += n;
                if n > 0 && built.is_none() {
                    built = one_triple(m, th, [ca, cb, cc]).map(|u| {
                        let mut parts: Vec<u64> =
                            [(a, u[0], ca.0), (b, u[1], cb.0), (c, u[2], cc.0)]
                                .iter()
                                .map(|&(cl, u, h)| n0 + cl + p * (u - h))
                                .collect();
                        parts.sort_unstable();
                        parts
                    });
                }
            }
        }
        let twins = (0..p)
            .filter(|&g| {
                let (h, l, _) = class[g as usize];
                let c = (l == tl && th >= h)
                    .then(|| (th - h).checked_mul(p).and_then(|x| x.checked_add(n0 + g)))
                    .flatten();
                c.is_some_and(|c| c >= lo && r >= c + 2 * lo && (r - c).is_multiple_of(2))
            })
            .count() as u128;
        let triplet = u128::from(r.is_multiple_of(3) && r / 3 >= lo && self.pv.value(r / 3) == t);
        self.total += (ordered + 3 * twins + 2 * triplet) / 6;
        let before = self.moves.len();
        let third = r / 3;
        let mut a = lo;
        while self.moves.len() < self.limit && a <= third && a < lo + LISTED_STRETCH {
            let want = self.limit - self.moves.len();
            let (_, first) = self.pair_splits(r - a, t ^ self.pv.value(a), a, want);
            let parts = first.into_iter().map(|b| vec![a, b, r - a - b]);
            self.list(heap, from, take, 0, parts);
            a += 1;
        }
        if self.moves.len() == before {
            self.list(heap, from, take, 0, built.into_iter());
        }
    }

    /// Splits of `r` into two heaps whose values XOR to `t`.
    fn two(&mut self, heap: usize, from: u64, take: u64, r: u64, t: u64) {
        let want = self.limit.saturating_sub(self.moves.len());
        let (count, first) = self.pair_splits(r, t, 1, want);
        self.list(
            heap,
            from,
            take,
            count,
            first.into_iter().map(|b| vec![b, r - b]),
        );
    }

    /// Counts `count` winning moves and lists `parts` while the list has room.
    fn list(
        &mut self,
        heap: usize,
        from: u64,
        take: u64,
        count: u128,
        parts: impl Iterator<Item = Vec<u64>>,
    ) {
        self.total += count;
        for parts in parts {
            if self.moves.len() >= self.limit {
                break;
            }
            let mv = HugeMove {
                heap,
                from,
                take,
                parts,
            };
            self.moves.push(WinningMove { mv, to: () });
        }
    }

    /// Splits of `r` into three heaps `a <= b <= c` whose values XOR to `t`.
    /// A smallest part `a` in the preperiod leaves a two-heap split of
    /// `r - a` with `b >= a`. Past the preperiod all three parts are
    /// periodic, so the value depends only on the classes of `a` and `b`
    /// mod `p` (that of `c` follows); the members of each pair of classes
    /// are counted in closed form ([`class_triples`]), and the first moves
    /// are listed by increasing `a`, then `b`.
    fn three(&mut self, heap: usize, from: u64, take: u64, r: u64, t: u64) {
        let g = |n| self.pv.value(n);
        let (n0, p) = (self.pv.preperiod(), self.pv.period());
        let lo = n0.max(1);
        let third = r / 3;
        for a in 1..=third.min(lo - 1) {
            let want = self.limit.saturating_sub(self.moves.len());
            let (count, first) = self.pair_splits(r - a, t ^ g(a), a, want);
            let parts = first.into_iter().map(|b| vec![a, b, r - a - b]);
            self.list(heap, from, take, count, parts);
        }
        if third < lo {
            return;
        }
        if self.pv.saltus() > 0 {
            return self.three_growing(heap, from, take, r, t);
        }
        // Every pair of classes, counted.
        for a0 in lo..lo + p {
            for b0 in lo..lo + p {
                // The class of c = r - a - b, taken at or past lo.
                let residue = (r % p + 2 * p - a0 % p - b0 % p) % p;
                let c0 = lo + (residue + p - lo % p) % p;
                if g(a0) ^ g(b0) ^ g(c0) == t {
                    self.total += class_triples(r, p, a0, b0);
                }
            }
        }
        // The first moves, by increasing a, until p values of a in a row
        // give nothing (the classes repeat and the ranges only shrink).
        let mut empty = 0;
        let mut a = lo;
        while self.moves.len() < self.limit && a <= third && empty < p {
            let want = self.limit - self.moves.len();
            let (_, first) = self.pair_splits(r - a, t ^ g(a), a, want);
            empty = if first.is_empty() { empty + 1 } else { 0 };
            let parts = first.into_iter().map(|b| vec![a, b, r - a - b]);
            self.list(heap, from, take, 0, parts);
            a += 1;
        }
    }
}

/// For a code that removes any number of tokens: the first take `k0` past
/// its written digits, when the digits it repeats from there never split
/// (Lasker's Nim, `4.[3]`: every take leaves one heap or none).
pub(crate) fn removal_tail(rule: &HeapRule) -> Option<u64> {
    let RuleKind::Code(code) = rule.kind() else {
        return None;
    };
    let from = code.repeat_from?;
    let splits = code.digits[from..]
        .iter()
        .any(|d| d.bits & (LEAVE_TWO | LEAVE_THREE) != 0);
    (!splits && code.max_removal().is_none()).then_some(code.digits.len() as u64)
}

/// The smallest parts `a` tried one by one for the first three-heap
/// moves under an arithmetic period.
const LISTED_STRETCH: u64 = 4096;

/// One ordered triple of high values, each at least its class's least,
/// with sum `m` and nim-sum `t`: `t` and twice `(m - t) / 2`, in some
/// order (`v xor w xor w = v`).
fn one_triple(m: u64, t: u64, class: [(u64, u64, u64); 3]) -> Option<[u64; 3]> {
    let d = m.checked_sub(t).filter(|r| r % 2 == 0)? / 2;
    [[t, d, d], [d, t, d], [d, d, t]]
        .into_iter()
        .find(|u| (0..3).all(|i| u[i] >= class[i].2))
}

/// How many `(a, b)` with `a = a0 + x p`, `b = b0 + y p` (`x, y >= 0`)
/// satisfy `a <= b <= r - a - b`. With `d = 1` when `a0 > b0` (else 0),
/// `y` runs from `x + d` to `(R - x p) / 2p` for `R = r - a0 - 2 b0`, which
/// is not empty while `x <= (R - 2 d p) / 3p`; the sum of the floors splits
/// by the parity of `x` into two arithmetic series.
fn class_triples(r: u64, p: u64, a0: u64, b0: u64) -> u128 {
    let d: i128 = (a0 > b0).into();
    let (r, p) = (r as i128, p as i128);
    let big_r = r - a0 as i128 - 2 * b0 as i128;
    if big_r < 2 * d * p {
        return 0;
    }
    let x_max = (big_r - 2 * d * p) / (3 * p);
    let evens = x_max / 2 + 1;
    let odds = (x_max + 1) / 2;
    let floors = evens * (big_r / (2 * p)) - evens * (evens - 1) / 2
        + odds * ((big_r - p) / (2 * p))
        - odds * (odds - 1) / 2;
    let n = x_max + 1;
    (floors - n * (n - 1) / 2 - (d - 1) * n) as u128
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
    let tail = removal_tail(rule);
    let max_take = match (rule.max_removal(), tail) {
        (Some(k), _) => u64::from(k),
        (None, Some(k0)) if pv.saltus() > 0 => k0 - 1,
        _ => {
            return Err(HeapError::TooLarge(format!(
                "the moves of {rule} at a huge heap are not derived: it removes any number of tokens and splits"
            )))
        }
    };
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
                    s.three(i, h, k, r, t);
                }
            }
            if let (None, Some(k0)) = (rule.max_removal(), tail) {
                s.tail(rule, i, h, k0, t);
            }
        }
    }
    let value = Nimber(total);
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
        "lasker",
        "0.8",
        "0.88",
        "0.48",
        "8.0",
        "0.c",
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

    /// Rules that split into three heaps and whose period is proven.
    const THREE: &[&str] = &["0.a", "0.b", "0.f", "0.8", "0.c", "0.2b", "0.3f8", "4.b"];

    fn proven_three() -> Vec<(HeapRule, PeriodicValues)> {
        let found: Vec<_> = THREE
            .iter()
            .filter_map(|r| {
                let rule = r.parse::<HeapRule>().unwrap().base();
                PeriodicValues::prove(&rule).map(|pv| (rule, pv))
            })
            .collect();
        assert!(found.len() >= 3, "too few proven three-part rules");
        found
    }

    #[test]
    fn three_part_splits_are_counted_as_by_trying_them() {
        // Heaps past the preperiod by several periods, where every class
        // pair occurs, against trying every split a <= b <= c.
        for (rule, pv) in proven_three() {
            let top = (pv.preperiod() + 6 * pv.period() + 40).min(600);
            for h in (1..=top).step_by(7) {
                for other in [0u64, 1, 2, 5] {
                    let heaps = [h, other];
                    let (a, total) = analyze(&rule, &pv, &heaps, usize::MAX).unwrap();
                    let g = |n: u64| pv.value(n);
                    let t0 = g(h) ^ g(other);
                    let mut want = Vec::new();
                    if t0 != 0 {
                        for (i, &x) in heaps.iter().enumerate() {
                            let t = t0 ^ g(x);
                            for k in 0..=rule.max_removal().map_or(0, u64::from).min(x) {
                                let bits = leaves(&rule, k);
                                let r = x - k;
                                if r >= 3 && bits & LEAVE_THREE != 0 {
                                    for p in 1..=r / 3 {
                                        for q in p..=(r - p) / 2 {
                                            if g(p) ^ g(q) ^ g(r - p - q) == t {
                                                want.push(format!("{i}:{k}:{p}+{q}+{}", r - p - q));
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    let got: Vec<String> = a
                        .winning_moves
                        .iter()
                        .filter(|w| w.mv.parts.len() == 3)
                        .map(|w| {
                            let m = &w.mv;
                            format!(
                                "{}:{}:{}+{}+{}",
                                m.heap, m.take, m.parts[0], m.parts[1], m.parts[2]
                            )
                        })
                        .collect();
                    assert_eq!(got, want, "{rule} heaps {heaps:?}");
                    let others = a.winning_moves.len() - got.len();
                    assert_eq!(
                        total,
                        (want.len() + others) as u128,
                        "{rule} heaps {heaps:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn huge_heaps_of_three_part_rules_are_answered() {
        for (rule, pv) in proven_three() {
            for h in [1u64 << 40, u64::MAX - 7, 10u64.pow(18) + 3] {
                let (a, total) = analyze(&rule, &pv, &[h, 1], 5).unwrap();
                assert_eq!(a.outcome == Outcome::N, total > 0, "{rule}");
                for w in &a.winning_moves {
                    let to = apply(&[h, 1], &w.mv);
                    assert_eq!(to.iter().fold(0, |x, &n| x ^ pv.value(n)), 0, "{rule}");
                }
            }
        }
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
