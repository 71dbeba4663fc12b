//! The light periodicity check: the convincing tail of a long sequence in
//! a few words of memory, for sequences with no periodicity theorem.
//!
//! A periodic tail, read backwards, is a long prefix of the reversed
//! sequence that occurs again a period further on. Its occurrences are
//! found by Rabin–Karp: a polynomial hash modulo a Mersenne prime, rolled
//! one value at a time over the sequence read in two forward streams (so
//! values kept in a memory-mapped file are read in order), and every match
//! is confirmed value by value, so that a hash collision costs time and
//! never changes the answer.
//!
//! ```
//! use grundy::heap::periodicity::{analyze_with, Status, Window};
//! // 2^20 values with no theorem: an irregular start, then period 5.
//! let len = 1 << 20;
//! let g = |n: usize| match n < 300_000 {
//!     true => (n * n % 1009) as u32,
//!     false => (n % 5) as u32 + 2000,
//! };
//! let p = analyze_with(len, g, Window::Unknown, false);
//! assert_eq!(p.status, Status::Observed);
//! assert_eq!((p.preperiod, p.period), (Some(300_000), Some(5)));
//! ```

use super::convincing;

/// Polynomial hashing modulo the Mersenne prime `2^BITS - 1` (`BITS` is 3,
/// 5, 7, 13, 17, 19, 31 or 61): 61 bits in use; the tests also use tiny
/// primes so that collisions are frequent.
#[derive(Clone, Copy)]
struct Mersenne<const BITS: u32>;

impl<const BITS: u32> Mersenne<BITS> {
    const M: u64 = (1 << BITS) - 1;
    /// A fixed base in `2..M - 1`: any base works for correctness, and a
    /// fixed one keeps every run repeatable.
    const BASE: u64 = 2 + 0x2F6B_1D5A_93C4_E871 % (Self::M - 3);

    /// `h * BASE + x`: the hash `h` of a string, with the residue `x`
    /// appended.
    fn push(self, h: u64, x: u64) -> u64 {
        self.add(self.mul(h, Self::BASE), x)
    }

    /// `x mod M` for `x < 2^(2 BITS)`: the high bits fold onto the low
    /// ones, as `2^BITS = 1 (mod M)`.
    fn fold(self, x: u128) -> u64 {
        let s = (x as u64 & Self::M) + (x >> BITS) as u64;
        let s = (s & Self::M) + (s >> BITS);
        if s >= Self::M {
            s - Self::M
        } else {
            s
        }
    }

    fn mul(self, a: u64, b: u64) -> u64 {
        self.fold(a as u128 * b as u128)
    }

    fn add(self, a: u64, b: u64) -> u64 {
        let s = a + b;
        if s >= Self::M {
            s - Self::M
        } else {
            s
        }
    }

    fn sub(self, a: u64, b: u64) -> u64 {
        if a >= b {
            a - b
        } else {
            a + Self::M - b
        }
    }

    /// A value as a residue: through the zigzag map (0, -1, 1, -2, ... to
    /// 0, 1, 2, 3, ...), so that values of either sign below `2^(BITS - 1)`
    /// in size get distinct residues.
    fn key(self, x: i64) -> u64 {
        let z = ((x << 1) ^ (x >> 63)) as u64;
        match 2 * BITS >= u64::BITS {
            true => self.fold(z as u128),
            false => z % Self::M,
        }
    }

    fn pow(self, mut b: u64, mut e: u64) -> u64 {
        let mut r = 1;
        while e > 0 {
            if e & 1 == 1 {
                r = self.mul(r, b);
            }
            b = self.mul(b, b);
            e >>= 1;
        }
        r
    }
}

/// What a scan may spend, and what it met.
struct Work {
    /// Values compared to confirm hash matches (and to find the period of
    /// the pattern).
    compare: usize,
    /// Values compared while extending occurrences.
    extend: usize,
    /// Hash matches that were not occurrences.
    false_matches: usize,
}

impl Work {
    fn new(len: usize) -> Work {
        Work {
            compare: 4 * len,
            extend: 2 * len,
            false_matches: 0,
        }
    }

    fn spend_compare(&mut self, n: usize) -> Result<(), ()> {
        self.compare = self.compare.checked_sub(n).ok_or(())?;
        Ok(())
    }
}

/// The longest suffix of `g(0..len)` holding two whole periods,
/// `(start, least period)`, when it is [convincing] (a quarter of the
/// sequence at least); `None` when there is none such. Returns `Err(())`
/// when the sequence is too regular for the shortcut (the caller then uses
/// the full prefix function). Memory: a few words, whatever `len`.
///
/// Read backwards (`at(j) = g(len - 1 - j)`), such a suffix of length `l`
/// with least period `q` repeats its first `l - q >= l / 2 >= len / 8`
/// values `q` further on, so `q` is an occurrence of the pattern
/// `P = at(0..m)`, `m = len / 8`, at a position up to `len / 2`. The hash of
/// the window `at(q..q + m)` is rolled along (it reads `at(q - 1)` and
/// `at(q + m - 1)`, two forward streams) and compared with that of `P`; a
/// match is confirmed by comparing values. Each occurrence is extended
/// value by value, except where an earlier extension already rules it out
/// (checked before the confirmation); the longest extension wins, the least
/// position among equals is the least period (Fine and Wilf).
///
/// The work is `O(len)` on every input:
/// - hashing costs a few multiplications per value;
/// - the least period `p` of `P` is found by the same hashes (the longest
///   border of `P` whose hashes agree and whose values do), once, when the
///   first occurrence closer than `m` to the last one comes;
/// - an occurrence at `q` after the last confirmed one at `o`, with
///   `d = q - o < m`, makes `d` a period of `P`. When `p` divides `d`, `P`
///   has period `d` and only the `d` values past `o + m` need comparing;
///   when it does not and `d < p` or `d + p <= m`, `d` is no period (Fine
///   and Wilf would make `gcd(d, p) < p` one) and the match is dropped
///   unread; otherwise `2d > m` and the `m` values cost under `2d`. A match
///   with `d >= m` costs `m <= d`. So the occurrences cost at most
///   `m + len` comparisons in all, however many there are: a constant
///   sequence, or a pattern recurring at every position of a long run,
///   pays one comparison per occurrence;
/// - a false match costs at most `m` comparisons, and with a 61-bit modulus
///   about one window in 2^61 is one (unless the sequence was built against
///   the fixed base); a budget of `4 len` comparisons, over twice what the
///   occurrences need, bounds a flood of them;
/// - extensions are stopped at `2 len` values: past that, the sequence is
///   regular enough that the full prefix function is the better tool.
pub(super) fn convincing_tail(
    len: usize,
    g: impl Fn(usize) -> i64,
) -> Result<Option<(usize, usize)>, ()> {
    scan::<61>(len, g, &mut Work::new(len))
}

/// [`convincing_tail`] with the hash modulo `2^BITS - 1`.
fn scan<const BITS: u32>(
    len: usize,
    g: impl Fn(usize) -> i64,
    work: &mut Work,
) -> Result<Option<(usize, usize)>, ()> {
    let h = Mersenne::<BITS>;
    let at = |j: usize| g(len - 1 - j);
    let key = |j: usize| h.key(at(j));
    let m = len / 8;
    if m == 0 {
        return Err(());
    }
    let pattern = (0..m).fold(0, |s, j| h.push(s, key(j)));
    // The weight of the first value of a window.
    let top = h.pow(Mersenne::<BITS>::BASE, m as u64 - 1);
    let mut search = Search::<BITS> {
        len,
        m,
        pattern,
        top,
        p: None,
        covered: 0,
        last: None,
        best: None,
    };
    // The weight a value loses on leaving the window.
    let gone = h.mul(top, Mersenne::<BITS>::BASE);
    let mut window = pattern;
    for q in 1..=len / 2 {
        let change = h.sub(key(q + m - 1), h.mul(key(q - 1), gone));
        window = h.add(h.mul(window, Mersenne::<BITS>::BASE), change);
        if window == pattern {
            search.visit(q, &at, work)?;
        }
    }
    Ok(search
        .best
        .filter(|&(l, q)| convincing(len, len - l, q))
        .map(|(l, q)| (len - l, q)))
}

/// The occurrences of the pattern `at(0..m)` met so far, in increasing
/// position.
struct Search<const BITS: u32> {
    len: usize,
    m: usize,
    /// The pattern's hash, and the weight of its first value.
    pattern: u64,
    top: u64,
    /// The least period of the pattern, once an occurrence closer than `m`
    /// to the last one needs it (an irregular sequence never does).
    p: Option<usize>,
    /// A prefix of length `l` with period `q` leaves nothing to find at the
    /// positions `q' <= l - q`: a longer run with period `q'` would give the
    /// prefix the period `gcd(q, q')` (Fine and Wilf) and carry the run with
    /// period `q` past `l`.
    covered: usize,
    /// The last confirmed occurrence.
    last: Option<usize>,
    /// The longest prefix `at(0..l)` with two whole periods `q`: `(l, q)`.
    best: Option<(usize, usize)>,
}

impl<const BITS: u32> Search<BITS> {
    /// The least period of the pattern, found the first time it is asked.
    fn period(&mut self, at: &impl Fn(usize) -> i64, work: &mut Work) -> Result<usize, ()> {
        if let Some(p) = self.p {
            return Ok(p);
        }
        let p = least_period::<BITS>(self.m, at, self.pattern, self.top, work)?;
        Ok(*self.p.insert(p))
    }

    /// Confirms and extends a hash match at `q`, unless it is covered.
    fn visit(&mut self, q: usize, at: &impl Fn(usize) -> i64, work: &mut Work) -> Result<(), ()> {
        let (len, m) = (self.len, self.m);
        if q <= self.covered {
            return Ok(());
        }
        let same = |from: usize| (from..m).all(|i| at(q + i) == at(i));
        let occurs = match self.last.map(|o| q - o) {
            Some(d) if d < m => {
                let p = self.period(at, work)?;
                if d % p == 0 {
                    work.spend_compare(d)?;
                    same(m - d)
                } else if d < p || d + p <= m {
                    false
                } else {
                    work.spend_compare(m)?;
                    same(0)
                }
            }
            _ => {
                work.spend_compare(m)?;
                same(0)
            }
        };
        if !occurs {
            work.false_matches += 1;
            return Ok(());
        }
        self.last = Some(q);
        let mut l = q + m;
        while l < len && at(l) == at(l - q) {
            l += 1;
        }
        work.extend = work.extend.checked_sub(l - q - m + 1).ok_or(())?;
        self.covered = self.covered.max(l - q);
        if l >= 2 * q && self.best.is_none_or(|(b, _)| l > b) {
            self.best = Some((l, q));
        }
        Ok(())
    }
}

/// The least period of `at(0..m)`, whose hash is `pattern` and whose first
/// value weighs `top = BASE^(m - 1)`: `m` less its longest proper border,
/// tried from the longest down by the hashes of the prefix and the suffix
/// of each length (both rolled in place), the first one whose values agree.
fn least_period<const BITS: u32>(
    m: usize,
    at: impl Fn(usize) -> i64,
    pattern: u64,
    top: u64,
    work: &mut Work,
) -> Result<usize, ()> {
    let h = Mersenne::<BITS>;
    let inverse = h.pow(Mersenne::<BITS>::BASE, Mersenne::<BITS>::M - 2);
    // The hashes of `at(0..k)` and `at(m - k..m)`, and `BASE^(k - 1)`, for
    // `k` from `m` down.
    let (mut prefix, mut suffix, mut weight) = (pattern, pattern, top);
    for k in (1..m).rev() {
        let dropped = h.sub(prefix, h.key(at(k)));
        prefix = h.mul(dropped, inverse);
        let first = h.mul(h.key(at(m - k - 1)), weight);
        suffix = h.sub(suffix, first);
        weight = h.mul(weight, inverse);
        if prefix == suffix {
            work.spend_compare(k)?;
            if (0..k).all(|i| at(i) == at(m - k + i)) {
                return Ok(m - k);
            }
            work.false_matches += 1;
        }
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::super::{analyze, prefix_function, tail_period, Status, Window, LIGHT_FROM};
    use super::*;
    use proptest::collection::vec;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    use std::cell::Cell;

    type Tail = Result<Option<(usize, usize)>, ()>;

    /// The check this module replaced, kept as the reference: the same
    /// search by Knuth–Morris–Pratt, with the prefix function of the
    /// pattern (four bytes per value of the pattern).
    fn convincing_tail_kmp(len: usize, g: impl Fn(usize) -> i64) -> Tail {
        let at = |j: usize| g(len - 1 - j);
        let m = len / 8;
        if m == 0 {
            return Err(());
        }
        let pi: Vec<u32> = prefix_function(m, at);
        let mut budget = 2 * len;
        let mut best: Option<(usize, usize)> = None;
        let mut covered = 0usize;
        let mut k = 0usize;
        for j in 1..(len / 2 + m).min(len) {
            let c = at(j);
            while k > 0 && c != at(k) {
                k = pi[k - 1] as usize;
            }
            if c == at(k) {
                k += 1;
            }
            if k < m {
                continue;
            }
            let q = j + 1 - m;
            k = pi[m - 1] as usize;
            if q <= covered {
                continue;
            }
            let mut l = q + m;
            while l < len && at(l) == at(l - q) {
                l += 1;
            }
            budget = budget.checked_sub(l - q - m + 1).ok_or(())?;
            covered = covered.max(l - q);
            if l >= 2 * q && best.is_none_or(|(b, _)| l > b) {
                best = Some((l, q));
            }
        }
        Ok(best
            .filter(|&(l, q)| convincing(len, len - l, q))
            .map(|(l, q)| (len - l, q)))
    }

    /// What [`convincing_tail`] stands for: the tail of the full prefix
    /// function, when convincing.
    fn convincing_by_prefix_function(g: &[i64]) -> Option<(usize, usize)> {
        tail_period(g).filter(|&(n0, p)| convincing(g.len(), n0, p))
    }

    /// An irregular start over a small alphabet (one letter: constant), a
    /// block repeated, cut short at the end, and a few values changed
    /// (near-periodic), so that patterns recur by chance and by design.
    fn sequences() -> impl Strategy<Value = Vec<i64>> {
        (
            vec(0i64..5, 0..200),
            vec(0i64..5, 1..30),
            0usize..60,
            0usize..30,
            1i64..6,
            vec((any::<prop::sample::Index>(), 0i64..5), 0..3),
        )
            .prop_map(|(pre, block, repeats, cut, alphabet, changes)| {
                let mut g: Vec<i64> = pre.iter().map(|v| v % alphabet).collect();
                for _ in 0..repeats {
                    g.extend(block.iter().map(|v| v % alphabet));
                }
                g.truncate(g.len().saturating_sub(cut.min(block.len() - 1)));
                if !g.is_empty() {
                    for (at, v) in changes {
                        let i = at.index(g.len());
                        g[i] = v % alphabet;
                    }
                }
                g
            })
    }

    /// Comparisons the occurrences may need (see [`convincing_tail`]): the
    /// period of the pattern, then `m + len`.
    fn compare_bound(len: usize) -> usize {
        len + 2 * (len / 8)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn rolling_hash_agrees_with_kmp(g in sequences()) {
            let mut work = Work::new(g.len());
            let got = scan::<61>(g.len(), |n| g[n], &mut work);
            prop_assert_eq!(got, convincing_tail_kmp(g.len(), |n| g[n]), "{:?}", g);
            prop_assert_eq!(work.false_matches, 0);
            prop_assert!(4 * g.len() - work.compare <= compare_bound(g.len()));
            if let Ok(t) = got {
                prop_assert_eq!(t, convincing_by_prefix_function(&g));
            }
        }

        #[test]
        fn the_light_tail_is_the_convincing_tail(g in sequences()) {
            match convincing_tail(g.len(), |n| g[n]) {
                Ok(t) => prop_assert_eq!(t, convincing_by_prefix_function(&g), "{:?}", g),
                // Too short, or too regular for the shortcut (only a
                // sequence with a periodic tail is).
                Err(()) => prop_assert!(g.len() < 8 || tail_period(&g).is_some()),
            }
        }
    }

    /// Runs `scan::<BITS>` on many random sequences against the reference:
    /// returns the number of cases with false matches, and of cases where
    /// the false matches exhausted the budget. With `parity`, each value
    /// is replaced by one the hash sees as its parity (so windows differing
    /// in one value collide).
    fn against_collisions<const BITS: u32>(parity: bool) -> (usize, usize) {
        let config = Config {
            failure_persistence: None,
            ..Config::with_cases(1000)
        };
        // A fixed seed: the counts below are figures of one sample, and a
        // random sample puts them near their bounds now and then.
        let rng = proptest::test_runner::TestRng::deterministic_rng(config.rng_algorithm);
        let mut runner = TestRunner::new_with_rng(config, rng);
        let (with_false, gave_up) = (Cell::new(0), Cell::new(0));
        let sequences = sequences().prop_map(move |g| match parity {
            true => g.iter().map(|&v| keyed::<BITS>(v, v % 2)).collect(),
            false => g,
        });
        runner
            .run(&sequences, |g: Vec<i64>| {
                let mut work = Work::new(g.len());
                let got = scan::<BITS>(g.len(), |n| g[n], &mut work);
                with_false.set(with_false.get() + usize::from(work.false_matches > 0));
                if got != convincing_tail_kmp(g.len(), |n| g[n]) {
                    // Only a flood of false matches may exhaust the budget.
                    prop_assert!(got.is_err() && work.false_matches > 0, "{:?}", g);
                    gave_up.set(gave_up.get() + 1);
                }
                Ok(())
            })
            .unwrap();
        (with_false.get(), gave_up.get())
    }

    /// A value `v >= 0` told apart from the others by `v` but hashed as
    /// the residue `key`: the zigzag image of `v M + key`.
    fn keyed<const BITS: u32>(v: i64, key: i64) -> i64 {
        let z = v as u64 * Mersenne::<BITS>::M + key as u64;
        (z >> 1) as i64 ^ -((z & 1) as i64)
    }

    #[test]
    fn collisions_are_rejected() {
        // Modulo 127, about one window in 127 matches the pattern's hash by
        // chance, and modulo 7 one in 7: every such match must be caught by
        // the comparison.
        let (with_false, gave_up) = against_collisions::<7>(false);
        assert!(with_false > 100 && gave_up < 10, "{with_false} {gave_up}");
        let (with_false, gave_up) = against_collisions::<3>(false);
        assert!(with_false > 500 && gave_up < 500, "{with_false} {gave_up}");
        let (with_false, gave_up) = against_collisions::<7>(true);
        assert!(with_false > 200 && gave_up < 50, "{with_false} {gave_up}");
    }

    #[test]
    fn a_pattern_recurring_everywhere_costs_one_comparison_per_occurrence() {
        // Read backwards: a^m c a^(7m - 1). The pattern a^m occurs at every
        // position past m, and no extension covers the next occurrence.
        let m = 4000;
        let len = 8 * m;
        let g: Vec<i64> = (0..len).map(|n| i64::from(n == len - 1 - m)).collect();
        let mut work = Work::new(len);
        let got = scan::<61>(len, |n| g[n], &mut work);
        assert_eq!(got, convincing_tail_kmp(len, |n| g[n]));
        assert_eq!(got, Ok(None));
        assert!(4 * len - work.compare <= compare_bound(len));
        // Constant, and periodic with a tiny period: one long extension.
        for p in [1, 2, 3] {
            let g: Vec<i64> = (0..len).map(|n| (n % p) as i64).collect();
            let mut work = Work::new(len);
            let got = scan::<61>(len, |n| g[n], &mut work);
            assert_eq!(got, Ok(Some((0, p))));
            assert!(4 * len - work.compare <= compare_bound(len));
        }
    }

    #[test]
    fn a_defect_the_hash_cannot_see_is_caught() {
        // Read backwards: period d, but the value at m + d is one the 61-bit
        // hash cannot tell from the right one. The pattern occurs at d (its
        // extension stops at the defect), and the hash matches again at the
        // first multiple q of d past m, where only the defect tells the
        // window from the pattern: the comparison of the values past
        // d + m must include it.
        let m = 41;
        let len = 8 * m;
        for d in 2..7 {
            let mut at: Vec<i64> = (0..len).map(|j| (j % d) as i64).collect();
            let h = Mersenne::<61>;
            at[m + d] = keyed::<61>(at[m] + 1, h.key(at[m]) as i64);
            assert_eq!(h.key(at[m + d]), h.key(at[m]));
            assert_ne!(at[m + d], at[m]);
            let g: Vec<i64> = at.iter().rev().copied().collect();
            let mut work = Work::new(len);
            let got = scan::<61>(len, |n| g[n], &mut work);
            assert_eq!(got, convincing_tail_kmp(len, |n| g[n]), "{d}");
            assert!(work.false_matches > 0, "{d}");
        }
    }

    /// [`least_period`] of `s`, hashed modulo `2^BITS - 1`.
    fn least_period_of<const BITS: u32>(s: &[i64]) -> usize {
        let h = Mersenne::<BITS>;
        let pattern = s.iter().fold(0, |a, &v| h.push(a, h.key(v)));
        let top = h.pow(Mersenne::<BITS>::BASE, s.len() as u64 - 1);
        let mut work = Work::new(s.len());
        // Modulo a tiny prime, false borders may cost up to `m^2`.
        work.compare = usize::MAX;
        least_period::<BITS>(s.len(), |i| s[i], pattern, top, &mut work).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn least_period_is_the_least_period(s in sequences()) {
            prop_assume!(!s.is_empty());
            let by_definition = (1..=s.len())
                .find(|&p| (p..s.len()).all(|i| s[i] == s[i - p]))
                .unwrap();
            prop_assert_eq!(least_period_of::<61>(&s), by_definition);
            prop_assert_eq!(least_period_of::<3>(&s), by_definition);
        }
    }

    #[test]
    fn periods_at_the_fine_and_wilf_bound() {
        // A prefix of the Fibonacci word of length 55 + 89 - 2 has the
        // periods 55 and 89 but not their gcd. Read backwards: that pattern,
        // a separator, and from m + 1 on the pattern continued with period
        // 89, so that it occurs at m + 1 and m + 90, closer than m. As
        // 55 + 89 > m, the second occurrence is no contradiction and must be
        // confirmed, not dropped.
        let m = 55 + 89 - 2;
        let (mut word, mut next) = (vec![0i64], vec![0i64, 1]);
        while word.len() < m {
            (word, next) = (next.clone(), [next, word].concat());
        }
        let pattern = &word[..m];
        assert_eq!(least_period_of::<61>(pattern), 55);
        assert!((89..m).all(|i| pattern[i] == pattern[i - 89]));
        let len = 8 * m;
        let mut at = pattern.to_vec();
        at.push(2);
        at.extend((0..m + 89).map(|i| pattern[i % 89]));
        at.resize(len, 3);
        let g: Vec<i64> = at.iter().rev().copied().collect();
        let mut work = Work::new(len);
        let got = scan::<61>(len, |n| g[n], &mut work);
        assert_eq!(got, convincing_tail_kmp(len, |n| g[n]));
        assert_eq!(work.false_matches, 0);
    }

    #[test]
    fn long_sequences_without_a_theorem_are_checked_in_a_few_words() {
        // Over LIGHT_FROM values: an irregular start, then period 7.
        let mut x: u64 = 99;
        let mut g: Vec<u32> = (0..LIGHT_FROM / 2)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                (x >> 60) as u32
            })
            .collect();
        let start = g.len();
        g.extend((0..LIGHT_FROM).map(|i| [3, 1, 4, 1, 5, 9, 2][i % 7]));
        let p = analyze(&g, Window::Unknown, false);
        assert_eq!(p.status, Status::Observed);
        assert_eq!((p.preperiod, p.period), (Some(start as u64), Some(7)));
        let tail = convincing_tail(g.len(), |n| g[n] as i64);
        assert_eq!(tail, Ok(Some((start, 7))));
        assert_eq!(tail, convincing_tail_kmp(g.len(), |n| g[n] as i64));
        // Irregular all along: nothing.
        g.truncate(start);
        g.extend(g.clone());
        g.push(7);
        assert_eq!(analyze(&g, Window::Unknown, false).status, Status::None);
    }
}
