//! Periodicity of Grundy sequences: preperiod, period, saltus, and whether
//! a periodicity theorem proves that the pattern goes on forever.
//!
//! **Detection** is linear in the length of the sequence. The prefix
//! function (KMP failure function) of the reversed sequence gives, for every
//! suffix, its least period; the preperiod is the start of the longest suffix
//! that holds at least two whole periods. No candidate period is tried one by
//! one. That costs four bytes per value; a long sequence with no theorem,
//! where only a tail over a quarter of the sequence counts, is checked in a
//! few words of memory instead, by a rolling hash (Rabin–Karp) whose every
//! match is confirmed value by value.
//!
//! **Proof.** The Octal Periodicity Theorem (Guy and Smith, 1956; Winning
//! Ways, ch. 4; Siegel, *Combinatorial Game Theory*, ch. IV): for a
//! take-and-break code whose moves remove at most `t` tokens and leave at
//! most two heaps, if `G(n + p) = G(n)` for all `n0 <= n < 2 n0 + p + t`
//! then `G(n + p) = G(n)` for all `n >= n0`. The proof pairs an option
//! `a + b` of `n + p` (with `b >= a`) with the option `a + (b - p)` of `n`,
//! which needs `b - p >= n0` and `b - p >= 1` (a part may not be empty), so
//! `n0` is replaced by `max(n0, 1)` in the bound. When a move may leave `k`
//! heaps, the largest part is only at least a `k`-th of the rest and the
//! same argument needs `n < k n0 + (k - 1) p + t`; for hexadecimal codes
//! (three heaps) that is `3 n0 + 2p + t`. A code that never splits is a
//! subtraction game (plus exact removals of the whole heap, which only
//! matter for `n <= t`): a repeated window `n0 <= n < max(n0, 1) + t`
//! suffices. A subtraction set `S` needs one repeated window of length
//! `max(S)`. Codes with `!` (unequal parts) are not covered by the theorem
//! (the pairing can make parts equal), nor are rules with unbounded
//! removal: for them a repetition is only *observed*.
//!
//! **Arithmetic periodicity** `G(n + p) = G(n) + s` (saltus `s`) is found the
//! same way on the first differences of the sequence, for every rule, and is
//! reported as observed unless [`arithmetic::test`] proves it (finite codes
//! with a saltus a power of two, and Lasker's Nim). Finite octal codes are
//! never arithmetic-periodic (Horrocks and Nowakowski, INTEGERS 3, 2003), so
//! for them a growing pattern is a stretch that will break; hexadecimal
//! codes (splits into three heaps) can be, e.g. 0.8 with
//! `G(n + 3) = G(n) + 1` from `n = 1`, and [`Window::saltus_possible`] says
//! for which rules a run looking for a proof should treat a saltus as a
//! reason to stop rather than a passing pattern.
//!
//! ```
//! use grundy::heap::periodicity::{analyze, Status, Window};
//! // take-1-3: G(n) = n mod 4, proven by one window of length 3.
//! let g: Vec<u32> = (0..40).map(|n| n % 4).collect();
//! let p = analyze(&g, Window::Subtraction { max: 3 }, false);
//! assert_eq!(p.status, Status::Proven);
//! assert_eq!((p.preperiod, p.period, p.saltus), (Some(0), Some(4), Some(0)));
//! ```

use serde::{Deserialize, Serialize};

use super::rule::{HeapRule, RuleKind};

pub mod arithmetic;
mod light;

/// How far the periodicity has been established.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A periodicity theorem's window has been checked: periodic forever.
    Proven,
    /// The values repeat, but no theorem's window has been reached.
    Observed,
    /// No repetition worth reporting.
    None,
}

/// What the sequence does, as far as it was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Periodicity {
    /// Proven, observed or none.
    pub status: Status,
    /// First index of the periodic part (`None` when none).
    pub preperiod: Option<u64>,
    /// The period (`None` when none).
    pub period: Option<u64>,
    /// `G(n + period) - G(n)` in the periodic part: 0 for plain periodicity.
    pub saltus: Option<i64>,
    /// How many values (from G(0)) the proof needs; `None` when no
    /// theorem applies.
    pub values_for_proof: Option<u64>,
}

impl Periodicity {
    const NONE: Periodicity = Periodicity {
        status: Status::None,
        preperiod: None,
        period: None,
        saltus: None,
        values_for_proof: None,
    };
}

/// Which periodicity theorem applies to a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// A take-and-break code removing at most `max_removal` tokens and
    /// leaving at most `parts` heaps, without `!`.
    Octal {
        /// The largest number of tokens a move removes (t).
        max_removal: u64,
        /// The most heaps a move leaves (1, 2 or 3).
        parts: u64,
    },
    /// A finite subtraction set with largest element `max`.
    Subtraction {
        /// The largest number of tokens a move takes.
        max: u64,
    },
    /// No theorem: repetitions can only be observed.
    Unknown,
}

impl Window {
    /// The theorem that applies to `rule` as the user counts its heaps.
    pub fn for_rule(rule: &HeapRule) -> Window {
        if rule.scale() != 1 {
            return Window::Unknown;
        }
        match rule.kind() {
            RuleKind::Code(code) => {
                if code.digits.iter().any(|d| d.unequal) {
                    return Window::Unknown;
                }
                match code.max_removal() {
                    Some(t) => Window::Octal {
                        max_removal: t as u64,
                        parts: rule.max_parts() as u64,
                    },
                    None => Window::Unknown,
                }
            }
            RuleKind::Subtract(s) => Window::Subtraction {
                max: *s.last().expect("a non-empty set") as u64,
            },
            RuleKind::Take { max, .. } => Window::Subtraction { max: *max as u64 },
            RuleKind::AllBut(_) | RuleKind::Ranges(_) | RuleKind::Predicate(_) => Window::Unknown,
        }
    }

    /// The end (exclusive) of the range of `n` on which `G(n + p) = G(n)`
    /// must be checked, for preperiod `n0` and period `p`.
    pub fn end(self, n0: u64, p: u64) -> Option<u64> {
        let n1 = n0.max(1);
        match self {
            Window::Octal { max_removal, parts } if parts >= 2 => {
                Some(parts * n1 + (parts - 1) * p + max_removal)
            }
            Window::Octal { max_removal, .. } => Some((n1 + max_removal).max(n0 + 1)),
            Window::Subtraction { max } => Some(n0 + max.max(1)),
            Window::Unknown => None,
        }
    }

    /// Whether a run until the proof may end for `rule`: a periodicity
    /// theorem covers it, or [`arithmetic::test`] may prove a saltus (a
    /// take-and-break code counted in single tokens that may leave three
    /// heaps or removes any number of tokens).
    pub fn may_prove(rule: &HeapRule) -> bool {
        Window::for_rule(rule) != Window::Unknown || arithmetic::covers(rule)
    }

    /// Whether the rule's sequence may be arithmetic-periodic for ever, as
    /// far as the theory here knows: every rule except the finite codes
    /// leaving at most two heaps, which never are (Horrocks and Nowakowski,
    /// INTEGERS 3, 2003), and finite subtraction sets (always periodic).
    pub fn saltus_possible(rule: &HeapRule) -> bool {
        !matches!(
            Window::for_rule(rule),
            Window::Octal { parts: 0..=2, .. } | Window::Subtraction { .. }
        )
    }
}

/// A cell of the prefix function: `u32` while the sequence's length fits
/// (four bytes per value), `u64` beyond, so that no entry is truncated.
trait Cell: Copy {
    fn new(k: usize) -> Self;
    fn get(self) -> usize;
}

impl Cell for u32 {
    fn new(k: usize) -> u32 {
        k as u32
    }
    fn get(self) -> usize {
        self as usize
    }
}

impl Cell for u64 {
    fn new(k: usize) -> u64 {
        k as u64
    }
    fn get(self) -> usize {
        self as usize
    }
}

/// The prefix function of `s(0..len)`: entry `j` is the length of the
/// longest proper border (a prefix that is also a suffix) of `s(0..=j)`.
/// Entries are below `len`, so the cell must hold `len - 1`.
fn prefix_function<C: Cell, T: PartialEq>(len: usize, s: impl Fn(usize) -> T) -> Vec<C> {
    let mut pi = vec![C::new(0); len];
    for j in 1..len {
        let mut k = pi[j - 1].get();
        let c = s(j);
        while k > 0 && c != s(k) {
            k = pi[k - 1].get();
        }
        if c == s(k) {
            k += 1;
        }
        pi[j] = C::new(k);
    }
    pi
}

/// The least period of every suffix of `g(0..len)`, from the prefix
/// function (KMP failure function) of the reversed sequence: `pi[j]` is the
/// longest proper border of the reversed prefix of length `j + 1`, i.e. of
/// the suffix of length `j + 1`. Four bytes per value up to `2^32` values,
/// eight beyond.
enum SuffixPeriods {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

impl SuffixPeriods {
    fn new<T: PartialEq>(len: usize, g: impl Fn(usize) -> T) -> SuffixPeriods {
        let reversed = |j: usize| g(len - 1 - j);
        match narrow_fits(len) {
            true => SuffixPeriods::Narrow(prefix_function(len, reversed)),
            false => SuffixPeriods::Wide(prefix_function(len, reversed)),
        }
    }

    /// The longest suffix holding at least two whole periods:
    /// `(start, period)`.
    fn tail(&self) -> Option<(usize, usize)> {
        match self {
            SuffixPeriods::Narrow(pi) => tail_of(pi),
            SuffixPeriods::Wide(pi) => tail_of(pi),
        }
    }

    /// The least `(period, start)` of a suffix, with its least period, for
    /// which `proves(start, period)`.
    fn least_proven(&self, proves: impl Fn(usize, usize) -> bool) -> Option<(usize, usize)> {
        match self {
            SuffixPeriods::Narrow(pi) => least_proven_of(pi, proves),
            SuffixPeriods::Wide(pi) => least_proven_of(pi, proves),
        }
    }
}

/// Whether `u32` cells hold a prefix function of length `len`, whose
/// entries are below `len`.
fn narrow_fits(len: usize) -> bool {
    u32::try_from(len.saturating_sub(1)).is_ok()
}

/// The least period of the suffix of length `l >= 1`.
fn period_of<C: Cell>(pi: &[C], l: usize) -> usize {
    l - pi[l - 1].get()
}

fn tail_of<C: Cell>(pi: &[C]) -> Option<(usize, usize)> {
    let len = pi.len();
    (2..=len)
        .rev()
        .find(|&l| l >= 2 * period_of(pi, l))
        .map(|l| (len - l, period_of(pi, l)))
}

fn least_proven_of<C: Cell>(
    pi: &[C],
    proves: impl Fn(usize, usize) -> bool,
) -> Option<(usize, usize)> {
    let len = pi.len();
    (1..=len)
        .map(|l| (period_of(pi, l), len - l))
        .filter(|&(p, n0)| proves(n0, p))
        .min()
}

/// The longest suffix holding at least two whole periods: `(start, period)`.
#[cfg(test)]
fn tail_period<T: PartialEq + Copy>(s: &[T]) -> Option<(usize, usize)> {
    SuffixPeriods::new(s.len(), |i| s[i]).tail()
}

/// Sequences at least this long are checked by the light check
/// ([`light`]) when no theorem applies: the convincing tail is found in a
/// few words of memory, where [`SuffixPeriods`] takes four bytes per value.
/// Below it, the full check costs little and the light one's constant
/// factor would not pay.
pub(crate) const LIGHT_FROM: usize = 1 << 20;

/// Whether the longest suffix holding two whole periods (the tail) settles
/// the proof under `window`, so that no other repetition need be looked
/// at: with no theorem (only a convincing tail is reported), and under the
/// theorem for codes whose moves may leave `k >= 2` heaps.
///
/// For the latter, a proof `(n0, p)` over `len` values needs
/// `len >= k max(n0, 1) + k p + t`, so the suffix `S` from `n0` is longer
/// than `len / 2 + p`. The tail `S'` (start `n0' <= n0`, least period `q`)
/// holds two periods, so `q <= len / 2 <= |S| - p`: `S` has the periods `p`
/// and `q` and is at least `p + q` long, hence (Fine and Wilf) the period
/// `gcd(p, q)`, which the last `q` values of `S'` carry over the whole of
/// `S'`; `q` being least, `q` divides `p`. With `n0' <= n0` and `q <= p`
/// the tail's window is no longer than the proof's: the tail is proven,
/// and it is the least period from the least preperiod. A theorem needing
/// less than two periods (one heap left, subtraction sets) has no such
/// bound.
pub(crate) fn tail_decides(window: Window) -> bool {
    match window {
        Window::Unknown => true,
        Window::Octal { parts, .. } => parts >= 2,
        Window::Subtraction { .. } => false,
    }
}

/// Whether a repetition found at `start` with period `p` is worth calling
/// observed: two whole periods, over at least a quarter of the sequence (a
/// short pattern at the very end of a long irregular sequence is chance).
fn convincing(len: usize, start: usize, p: usize) -> bool {
    let l = len - start;
    l >= 2 * p && 4 * l >= len
}

/// Periodicity of `values` = G(0), G(1), ... under the theorem `window`;
/// with `arithmetic`, a saltus is looked for when plain periodicity is not
/// proven, and reported when its repetition starts earlier than the plain
/// one.
///
/// ```
/// use grundy::heap::periodicity::{analyze, Status, Window};
/// // Lasker's Nim: G(n + 4) = G(n) + 4 from n = 1.
/// let g = [0u32, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16, 15];
/// let p = analyze(&g, Window::Unknown, true);
/// assert_eq!(p.status, Status::Observed);
/// assert_eq!((p.preperiod, p.period, p.saltus), (Some(1), Some(4), Some(4)));
/// ```
pub fn analyze(values: &[u32], window: Window, arithmetic: bool) -> Periodicity {
    analyze_with(values.len(), |n| values[n], window, arithmetic)
}

/// [`analyze`] of the `len` values `g(0), ..., g(len - 1)`, read through
/// `g` so that values kept in any cell width are checked without a copy.
/// The check costs `O(len)` time and four bytes per value (eight past
/// `2^32` values), whatever the period; a long sequence with no theorem
/// (`Window::Unknown`, from 2^20 values) is usually checked in a few words
/// of memory instead, read in order, so that `g` may read a file.
///
/// ```
/// use grundy::heap::periodicity::{analyze_with, Status, Window};
/// use grundy::heap::naive::NaiveEngine;
/// // Dawson's Kayles (0.07): period 34 from heap 53 on.
/// let mut e = NaiveEngine::new(&"0.07".parse().unwrap());
/// e.extend_to(200);
/// let g = e.values();
/// let octal = Window::Octal { max_removal: 2, parts: 2 };
/// let p = analyze_with(g.len(), |n| g[n] as u16, octal, false);
/// assert_eq!(p.status, Status::Proven);
/// assert_eq!((p.preperiod, p.period), (Some(53), Some(34)));
/// ```
pub fn analyze_with<T: PartialEq + Into<u32>>(
    len: usize,
    g: impl Fn(usize) -> T,
    window: Window,
    arithmetic: bool,
) -> Periodicity {
    let found = |status, n0: usize, p: usize| Periodicity {
        status,
        preperiod: Some(n0 as u64),
        period: Some(p as u64),
        saltus: Some(0),
        values_for_proof: window.end(n0 as u64, p as u64).map(|e| e + p as u64),
    };
    let proves = |n0: usize, p: usize| {
        window
            .end(n0 as u64, p as u64)
            .is_some_and(|e| len as u64 >= e + p as u64)
    };
    // With no theorem, only a convincing tail counts; under a theorem for
    // codes that split, every proof is one (see [`tail_decides`]): on long
    // sequences it is found in a few words of memory.
    let light = match tail_decides(window) && len >= LIGHT_FROM {
        true => light::convincing_tail(len, |n| i64::from(g(n).into())).ok(),
        false => None,
    };
    let (tail, per) = match light {
        Some(t) => (t, None),
        None => {
            let per = SuffixPeriods::new(len, &g);
            (per.tail(), Some(per))
        }
    };
    if let Some((n0, p)) = tail {
        if proves(n0, p) {
            return found(Status::Proven, n0, p);
        }
    }
    // A theorem may prove a repetition shorter than two whole periods (a
    // subtraction game needs only one window of max(S) values): take the
    // least proven period, then the least preperiod.
    if window != Window::Unknown {
        if let Some((p, n0)) = per.as_ref().and_then(|per| per.least_proven(proves)) {
            return found(Status::Proven, n0, p);
        }
    }
    let plain = tail.filter(|&(n0, p)| convincing(len, n0, p));
    drop(per);
    if arithmetic && len >= 2 && plain.is_none_or(|(m0, _)| m0 > 0) {
        // The first differences, read through `g` so that the check keeps
        // to the memory of its prefix function.
        let diff = |i: usize| g(i + 1).into() as i64 - g(i).into() as i64;
        // Only a convincing tail counts here, so on long sequences it is
        // found in a few words, as above.
        let light = match len > LIGHT_FROM {
            true => light::convincing_tail(len - 1, diff).ok(),
            false => None,
        };
        let tail = match light {
            Some(t) => t,
            None => SuffixPeriods::new(len - 1, diff).tail(),
        };
        if let Some((n0, p)) = tail {
            let saltus: i64 = g(n0 + p).into() as i64 - g(n0).into() as i64;
            // A plain tail starting later is a chance repetition inside
            // the arithmetic one (102 101 100 | 102 101 103 | 102 101 103
            // ...): the longer repetition is the pattern.
            let longer = plain.is_none_or(|(m0, _)| n0 < m0);
            if saltus != 0 && longer && convincing(len - 1, n0, p) {
                return Periodicity {
                    status: Status::Observed,
                    preperiod: Some(n0 as u64),
                    period: Some(p as u64),
                    saltus: Some(saltus),
                    values_for_proof: None,
                };
            }
        }
    }
    if let Some((n0, p)) = plain {
        return found(Status::Observed, n0, p);
    }
    Periodicity::NONE
}

/// Periodicity of a rule's sequence, with the theorem that fits the rule,
/// and its saltus when it has one.
pub fn analyze_rule(rule: &HeapRule, values: &[u32]) -> Periodicity {
    let p = analyze(values, Window::for_rule(rule), true);
    with_arithmetic_proof(rule, values.len(), |n| values[n], p)
}

/// `p` with its saltus proven when it is observed and
/// [`arithmetic::test`] proves it from the `len` values `g(0..len)`.
pub fn with_arithmetic_proof(
    rule: &HeapRule,
    len: usize,
    g: impl Fn(usize) -> u32,
    p: Periodicity,
) -> Periodicity {
    match arithmetic_proof(rule, len, g, &p) {
        Some(proof) => Periodicity {
            status: Status::Proven,
            values_for_proof: Some(proof.window_end),
            ..p
        },
        None => p,
    }
}

/// The proof of `p`'s saltus, when it is observed and [`arithmetic::test`]
/// proves it from the `len` values `g(0..len)`.
pub fn arithmetic_proof(
    rule: &HeapRule,
    len: usize,
    g: impl Fn(usize) -> u32,
    p: &Periodicity,
) -> Option<arithmetic::ArithmeticProof> {
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::Observed, Some(n0), Some(per), Some(s)) if s > 0 => {
            arithmetic::test(rule, len, g, n0, per, s as u64).ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_tail(s: &[u32]) -> Option<(usize, usize)> {
        // Longest suffix with two whole periods, by trying everything.
        for start in 0..s.len() {
            let l = s.len() - start;
            for p in 1..=l / 2 {
                if (start..s.len() - p).all(|i| s[i] == s[i + p]) {
                    return Some((start, p));
                }
            }
        }
        None
    }

    #[test]
    fn prefix_function_agrees_with_brute_force() {
        let mut x: u64 = 12345;
        for _ in 0..300 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (x >> 33) as usize % 40;
            let alphabet = 1 + (x >> 20) as u32 % 3;
            let s: Vec<u32> = (0..len)
                .map(|i| {
                    let y = x.wrapping_mul(i as u64 + 7).rotate_left(i as u32 % 61);
                    (y >> 40) as u32 % alphabet
                })
                .collect();
            assert_eq!(tail_period(&s), naive_tail(&s), "{s:?}");
        }
    }

    /// The longest suffix of `s` with `s(n + p) = s(n) + c` for a
    /// constant `c`, at least two periods long, by trying everything.
    fn naive_arithmetic(s: &[u32]) -> Option<(usize, usize, i64)> {
        for start in 0..s.len() {
            let l = s.len() - start;
            for p in 1..l {
                // Two whole periods of first differences.
                if l - 1 < 2 * p {
                    break;
                }
                let c = s[start + p] as i64 - s[start] as i64;
                if (start..s.len() - p).all(|i| s[i + p] as i64 - s[i] as i64 == c) {
                    return Some((start, p, c));
                }
            }
        }
        None
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn saltus_agrees_with_brute_force(
            pre in proptest::collection::vec(0u32..6, 0..12),
            block in proptest::collection::vec(0u32..4, 1..6),
            saltus in 0u32..4,
            repeats in 0usize..12,
        ) {
            // An irregular start, then a block growing by `saltus` each time.
            let mut g = pre.clone();
            for r in 0..repeats as u32 {
                g.extend(block.iter().map(|v| v + 8 + r * saltus));
            }
            let got = analyze(&g, Window::Unknown, true);
            let plain = tail_period(&g).filter(|&(a, q)| convincing(g.len(), a, q));
            match naive_arithmetic(&g) {
                Some((n0, p, c)) if c != 0 && convincing(g.len() - 1, n0, p)
                    && plain.is_none_or(|(a, _)| n0 < a) => {
                    prop_assert_eq!(got.status, Status::Observed);
                    prop_assert_eq!((got.preperiod, got.period, got.saltus),
                                    (Some(n0 as u64), Some(p as u64), Some(c)), "{:?}", g);
                }
                _ => match plain {
                    Some((a, q)) => prop_assert_eq!((got.preperiod, got.period, got.saltus),
                                                    (Some(a as u64), Some(q as u64), Some(0)), "{:?}", g),
                    None => prop_assert!(got.saltus.is_none_or(|s| s == 0), "{:?} {:?}", g, got),
                },
            }
        }
    }

    #[test]
    fn a_chance_plain_tail_does_not_hide_a_saltus() {
        // 0 0 0, then 2 1 0 2 1 growing by one a block: the last seven of
        // the first 28 values repeat 105 104 106 by chance.
        let g: Vec<u32> = (0..28)
            .map(|k| match k {
                0..3 => 0,
                k => 100 + [2, 1, 0, 2, 1][(k - 3) % 5] + (k as u32 - 3) / 5,
            })
            .collect();
        assert_eq!(tail_period(&g), Some((21, 3)));
        let got = analyze(&g, Window::Unknown, true);
        assert_eq!(
            (got.preperiod, got.period, got.saltus),
            (Some(3), Some(5), Some(1))
        );
    }

    #[test]
    fn hexadecimal_saltus_is_proven() {
        // 0.8: take one token and leave three heaps; G(n) = (n - 1) / 3.
        let g = crate::heap::naive::code_sequence(&"0.8".parse().unwrap(), 60);
        assert!((1..=60).all(|n| g[n] == (n as u32 - 1) / 3));
        let rule: HeapRule = "0.8".parse().unwrap();
        let p = analyze_rule(&rule, &g);
        // The levels test (arithmetic.rs) proves it from G(0..25).
        assert_eq!(p.status, Status::Proven);
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.values_for_proof),
            (Some(1), Some(3), Some(1), Some(25))
        );
        // The same values read as those of an octal code are only observed.
        let octal = analyze_rule(&"0.7".parse().unwrap(), &g);
        assert_eq!(octal.status, Status::Observed);
        assert!(Window::saltus_possible(&rule));
        assert!(!Window::saltus_possible(&"0.77".parse().unwrap()));
        assert!(Window::saltus_possible(&"4.[3]".parse().unwrap()));
    }

    #[test]
    fn windows() {
        let kayles = Window::Octal {
            max_removal: 2,
            parts: 2,
        };
        assert_eq!(kayles.end(71, 12), Some(156));
        assert_eq!(kayles.end(0, 12), Some(16));
        let hex = Window::Octal {
            max_removal: 1,
            parts: 3,
        };
        assert_eq!(hex.end(5, 4), Some(24));
        assert_eq!(Window::Subtraction { max: 4 }.end(3, 7), Some(7));
        assert_eq!(Window::Unknown.end(0, 1), None);
        let none = analyze(&[0, 1, 2, 3, 4, 5], Window::Unknown, false);
        assert_eq!(none.status, Status::None);
        assert_eq!(analyze(&[], Window::Unknown, true).status, Status::None);
    }

    #[test]
    fn proven_needs_the_whole_window() {
        // take-1-3 values up to the window's end exactly.
        let g: Vec<u32> = (0..7).map(|n| n % 4).collect();
        assert_eq!(
            analyze(&g, Window::Subtraction { max: 3 }, false).status,
            Status::Proven
        );
        let short: Vec<u32> = (0..6).map(|n| n % 4).collect();
        assert_ne!(
            analyze(&short, Window::Subtraction { max: 3 }, false).status,
            Status::Proven
        );
    }

    #[test]
    fn known_periods() {
        let kayles = Window::Octal {
            max_removal: 2,
            parts: 2,
        };
        let g = crate::heap::naive::code_sequence(&"0.77".parse().unwrap(), 400);
        // Kayles: period 12 from heap 71 (last exceptional value at 70).
        let p = analyze(&g, kayles, false);
        assert_eq!(p.status, Status::Proven);
        assert_eq!((p.preperiod, p.period), (Some(71), Some(12)));
        // Too short to prove.
        assert_ne!(analyze(&g[..151], kayles, false).status, Status::Proven);
        // Read through 16-bit cells, the answer is the same.
        let narrow = analyze_with(g.len(), |n| g[n] as u16, kayles, false);
        assert_eq!(narrow, p);
    }

    /// Whether `(n0, p)` satisfies the window's check on `g`.
    fn window_holds(g: &[u32], window: Window, n0: usize, p: usize) -> bool {
        window.end(n0 as u64, p as u64).is_some_and(|e| {
            g.len() as u64 >= e + p as u64 && (n0..g.len() - p).all(|x| g[x] == g[x + p])
        })
    }

    /// The least `(period, preperiod)` whose window holds, by trying them all.
    fn brute_proof(g: &[u32], window: Window) -> Option<(usize, usize)> {
        (1..=g.len())
            .flat_map(|p| (0..g.len()).map(move |n0| (p, n0)))
            .find(|&(p, n0)| window_holds(g, window, n0, p))
    }

    fn window_strategy() -> impl Strategy<Value = Window> {
        prop_oneof![
            (0u64..4, 1u64..4)
                .prop_map(|(max_removal, parts)| Window::Octal { max_removal, parts }),
            (1u64..6).prop_map(|max| Window::Subtraction { max }),
        ]
    }

    #[test]
    fn cells_widen_past_2_to_the_32_values() {
        assert!(narrow_fits(0) && narrow_fits(1000));
        #[cfg(target_pointer_width = "64")]
        {
            assert!(narrow_fits(1 << 32));
            assert!(!narrow_fits((1 << 32) + 1));
            assert!(!narrow_fits(1 << 40));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn wide_cells_agree_with_narrow_ones(g in proptest::collection::vec(0u32..3, 0..120),
                                             window in window_strategy()) {
            let narrow: Vec<u32> = prefix_function(g.len(), |j| g[j]);
            let wide: Vec<u64> = prefix_function(g.len(), |j| g[j]);
            prop_assert!(narrow.iter().zip(&wide).all(|(&a, &b)| a as u64 == b));
            prop_assert_eq!(tail_of(&narrow), tail_of(&wide));
            let proves = |n0: usize, p: usize| {
                window.end(n0 as u64, p as u64).is_some_and(|e| g.len() as u64 >= e + p as u64)
            };
            prop_assert_eq!(least_proven_of(&narrow, proves), least_proven_of(&wide, proves));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// The lemma behind [`tail_decides`]: whenever a theorem for codes
        /// that split proves a period, the tail is that proof, the least
        /// period from the least preperiod.
        #[test]
        fn the_tail_is_every_splitting_proof(
            pre in proptest::collection::vec(0u32..3, 0..12),
            block in proptest::collection::vec(0u32..3, 1..8),
            extra in 0usize..30,
            max_removal in 0u64..4,
            parts in 2u64..4,
        ) {
            let window = Window::Octal { max_removal, parts };
            let mut g = pre.clone();
            let (n0, p) = (pre.len() as u64, block.len() as u64);
            let len = window.end(n0, p).unwrap() + p + extra as u64;
            while (g.len() as u64) < len {
                g.push(block[(g.len() - pre.len()) % block.len()]);
            }
            let per = SuffixPeriods::new(g.len(), |i| g[i]);
            let proves = |n0: usize, p: usize| {
                window.end(n0 as u64, p as u64).is_some_and(|e| g.len() as u64 >= e + p as u64)
            };
            let (q, m0) = per.least_proven(proves).unwrap();
            prop_assert_eq!(per.tail(), Some((m0, q)));
            prop_assert_eq!(brute_proof(&g, window), Some((q, m0)));
        }
    }

    /// Past [`LIGHT_FROM`] values a splitting code's proof is found by the
    /// light check, with the answer of the full one.
    #[test]
    fn long_splitting_proofs_are_found_in_a_few_words() {
        let window = Window::Octal {
            max_removal: 4,
            parts: 2,
        };
        let (n0, p) = (300_001usize, 123_457usize);
        let g = |n: usize| match n < n0 {
            true => (n * n % 1009) as u32 + 1000,
            false => ((n - n0) % p % 251) as u32 ^ ((n - n0) % p / 251 % 7) as u32,
        };
        let need = window.end(n0 as u64, p as u64).unwrap() + p as u64;
        for len in [need - 1, need, need + 5000] {
            let len = len as usize;
            let light = analyze_with(len, g, window, false);
            let values: Vec<u32> = (0..len).map(g).collect();
            let per = SuffixPeriods::new(len, |i| values[i]);
            let proves = |a: usize, q: usize| {
                window
                    .end(a as u64, q as u64)
                    .is_some_and(|e| len as u64 >= e + q as u64)
            };
            assert_eq!(per.least_proven(proves).is_some(), len as u64 >= need);
            let status = if len as u64 >= need {
                Status::Proven
            } else {
                Status::Observed
            };
            assert_eq!(light.status, status);
            assert_eq!(
                (light.preperiod, light.period),
                (Some(n0 as u64), Some(p as u64))
            );
            assert_eq!(light.values_for_proof, Some(need));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn proofs_are_windows_that_hold(g in proptest::collection::vec(0u32..3, 0..120),
                                        window in window_strategy()) {
            let got = analyze(&g, window, false);
            match brute_proof(&g, window) {
                None => prop_assert_ne!(got.status, Status::Proven),
                Some(_) => {
                    prop_assert_eq!(got.status, Status::Proven);
                    let (n0, p) = (got.preperiod.unwrap() as usize, got.period.unwrap() as usize);
                    prop_assert!(window_holds(&g, window, n0, p), "{:?}", got);
                    prop_assert_eq!(got.values_for_proof, window.end(n0 as u64, p as u64).map(|e| e + p as u64));
                }
            }
        }

        #[test]
        fn eventually_periodic_words_are_proven(pre in proptest::collection::vec(0u32..4, 0..20),
                                                block in proptest::collection::vec(0u32..4, 1..15),
                                                window in window_strategy()) {
            let mut g = pre.clone();
            let n0 = pre.len() as u64;
            let p = block.len() as u64;
            let len = window.end(n0, p).unwrap() + p;
            while (g.len() as u64) < len {
                g.push(block[(g.len() - pre.len()) % block.len()]);
            }
            let got = analyze(&g, window, false);
            prop_assert_eq!(got.status, Status::Proven);
            // The proven period divides the block's, and starts no later.
            prop_assert!(got.preperiod.unwrap() <= n0 || got.period.unwrap() < p);
        }
    }
}
