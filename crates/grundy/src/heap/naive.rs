//! The reference sequence engine: G(n) as the mex of the values of every
//! option of a heap of n, straight from the definition.
//!
//! One speed-up keeps it sound: with `2^b` above every value computed so
//! far, every option value (a nim-sum of earlier values) is below `2^b`, so
//! once all of `0..2^b` is marked the mex is `2^b` and the scan of the
//! remaining options of n can stop. For Kayles and Grundy's game this makes
//! G(0..10^5) a matter of seconds instead of hours.
//!
//! ```
//! use grundy::heap::naive::NaiveEngine;
//! let kayles = "0.77".parse().unwrap();
//! let mut e = NaiveEngine::new(&kayles);
//! e.extend_to(12);
//! assert_eq!(e.values(), &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
//! ```

use super::code::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use super::predicate::{Predicate, Takes};
use super::rule::{HeapRule, RuleKind};
use std::sync::atomic::{AtomicBool, Ordering};

/// Computes G(0), G(1), ... of a rule's underlying heap game in order
/// (a named game's scale is not applied here; see [`super::sequence`]).
#[derive(Clone, Debug)]
pub struct NaiveEngine {
    kind: RuleKind,
    moves: CodeMoves,
    /// The amounts a predicate rule may take, and those from the heap now.
    takes: Takes,
    now: Vec<u32>,
    values: Vec<u32>,
    marks: Vec<u32>,
    stamp: u32,
    max: u32,
}

/// A code's removals sorted by what they may leave, extended as heaps grow
/// (a code with a repeated block has removals of every size).
#[derive(Clone, Debug, Default)]
struct CodeMoves {
    /// Removals listed so far: every `k < next`.
    next: u64,
    /// Removals that may take a whole heap.
    none: Vec<u32>,
    /// Removals that may leave one heap.
    one: Vec<u32>,
    /// Removals that may leave two heaps, with their `!`.
    two: Vec<(u32, bool)>,
    /// Removals that may leave three heaps, with their `!`.
    three: Vec<(u32, bool)>,
}

impl CodeMoves {
    /// Lists the removals up to `n` (and never past the code's last digit).
    fn extend_to(&mut self, code: &super::code::TakeBreak, n: u32) {
        let top = code
            .max_removal()
            .map_or(n as u64, |t| (t as u64).min(n as u64));
        while self.next <= top {
            let k = self.next as u32;
            let d = code.digit(k as usize);
            if k >= 1 && d.bits & LEAVE_NONE != 0 {
                self.none.push(k);
            }
            if k >= 1 && d.bits & LEAVE_ONE != 0 {
                self.one.push(k);
            }
            if d.bits & LEAVE_TWO != 0 {
                self.two.push((k, d.unequal));
            }
            if d.bits & LEAVE_THREE != 0 {
                self.three.push((k, d.unequal));
            }
            self.next += 1;
        }
    }
}

/// About how many options the engine looks at to compute G(0..=top): the
/// cost of asking, for refusing heaps that would take too long.
///
/// ```
/// use grundy::heap::naive::work_estimate;
/// let kayles = "0.77".parse().unwrap();
/// assert!(work_estimate(&kayles, 100_000) < 1e10);
/// assert!(work_estimate(&"nim".parse().unwrap(), 10_000_000) > 1e13);
/// ```
pub fn work_estimate(rule: &HeapRule, top: u64) -> f64 {
    let n = top as f64;
    match rule.kind() {
        RuleKind::Code(code) => {
            let has = |bit: u8, digits: &[super::code::Digit]| {
                digits.iter().filter(|d| d.bits & bit != 0).count() as f64
            };
            match code.repeat_from {
                Some(r) if code.max_removal().is_none() => {
                    let block = &code.digits[r..];
                    let head = &code.digits[..r];
                    let share = |bit| has(bit, block) / block.len() as f64;
                    n * n / 2.0
                        + (share(LEAVE_TWO) * n.powi(3) / 12.0)
                        + (share(LEAVE_THREE) * n.powi(4) / 144.0)
                        + has(LEAVE_TWO, head) * n * n / 4.0
                        + has(LEAVE_THREE, head) * n.powi(3) / 36.0
                }
                _ => {
                    let digits = &code.digits;
                    n * digits.len() as f64
                        + has(LEAVE_TWO, digits) * n * n / 4.0
                        + has(LEAVE_THREE, digits) * n.powi(3) / 36.0
                }
            }
        }
        RuleKind::Subtract(s) => n * s.len() as f64,
        RuleKind::AllBut(_) => n * n / 2.0,
        RuleKind::Take { min, max } => n * ((max - min + 1) as f64).min(n),
        RuleKind::Ranges(r) => r
            .iter()
            .take(top as usize)
            .map(|&(lo, hi)| (hi - lo + 1) as f64)
            .sum(),
        // The options per heap near the top, times the heaps.
        RuleKind::Predicate(p) => {
            let per = match p {
                Predicate::Squares => n.sqrt(),
                Predicate::Cubes => n.cbrt(),
                Predicate::Primes => n / n.max(2.0).ln(),
                Predicate::Powers2 | Predicate::Fibonacci => n.max(2.0).log2() * 1.5,
                Predicate::Triangular => (2.0 * n).sqrt(),
                // Trial division up to the root.
                Predicate::Divisors | Predicate::ProperDivisors => n.sqrt(),
            };
            n * per
        }
    }
}

/// G(0..=n) of a take-and-break code, from the definition: the reference
/// the fast engines are checked against.
///
/// ```
/// use grundy::heap::naive::code_sequence;
/// let dawson = "0.07".parse().unwrap();
/// assert_eq!(code_sequence(&dawson, 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
/// ```
pub fn code_sequence(code: &TakeBreak, n: usize) -> Vec<u32> {
    let mut e = NaiveEngine::new(&HeapRule::new(RuleKind::Code(code.clone())));
    e.extend_to(u32::try_from(n).expect("heaps are counted in 32 bits"));
    e.into_values()
}

/// Marks seen option values for one heap and knows when every value below
/// the bound is present.
struct Marker<'a> {
    marks: &'a mut [u32],
    stamp: u32,
    count: usize,
}

impl Marker<'_> {
    /// Marks `v`; true when every value below the bound is now marked.
    #[inline]
    fn mark(&mut self, v: u32) -> bool {
        let slot = &mut self.marks[v as usize];
        if *slot != self.stamp {
            *slot = self.stamp;
            self.count += 1;
            return self.count == self.marks.len();
        }
        false
    }
}

impl NaiveEngine {
    /// An engine with nothing computed yet.
    pub fn new(rule: &HeapRule) -> NaiveEngine {
        NaiveEngine {
            kind: rule.kind().clone(),
            moves: CodeMoves::default(),
            takes: Takes::default(),
            now: Vec::new(),
            values: Vec::new(),
            marks: Vec::new(),
            stamp: 0,
            max: 0,
        }
    }

    /// An engine holding the trusted values `G(0..values.len())` of the
    /// underlying heaps (a resumed run).
    pub fn from_values(rule: &HeapRule, values: &[u32]) -> NaiveEngine {
        let mut e = NaiveEngine::new(rule);
        e.values = values.to_vec();
        e.max = values.iter().copied().max().unwrap_or(0);
        e
    }

    /// G(0), ..., G(len - 1) computed so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The computed values, giving up the engine.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// Makes room for every value up to G(n) at once.
    pub fn reserve(&mut self, n: u32) {
        let want = n as usize + 1;
        self.values
            .reserve_exact(want.saturating_sub(self.values.len()));
    }

    /// Computes every value up to G(n).
    pub fn extend_to(&mut self, n: u32) {
        self.extend_until(n, None);
    }

    /// Computes every value up to G(n), or fewer when `stop` is raised:
    /// false then. One heap can take seconds (a three-way split of a heap
    /// of 10^5 has 10^9 options), so the flag is read within its work too,
    /// every few thousand options: a stop is seen within milliseconds, at
    /// the cost of one relaxed load per few thousand options.
    pub fn extend_until(&mut self, n: u32, stop: Option<&AtomicBool>) -> bool {
        let want = n as usize + 1;
        self.values.reserve(want.saturating_sub(self.values.len()));
        while self.values.len() < want {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return false;
            }
            let Some(g) = self.next_value(stop) else {
                return false;
            };
            self.max = self.max.max(g);
            self.values.push(g);
        }
        true
    }

    /// The value of the next heap; `None` when `stop` was raised during it.
    fn next_value(&mut self, stop: Option<&AtomicBool>) -> Option<u32> {
        let n = self.values.len() as u32;
        let bound = (self.max as u64 + 1).next_power_of_two() as usize;
        if self.marks.len() < bound {
            self.marks.resize(bound, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        if let RuleKind::Code(code) = &self.kind {
            self.moves.extend_to(code, n);
        }
        let mut m = Marker {
            marks: &mut self.marks[..bound],
            stamp: self.stamp,
            count: 0,
        };
        if let RuleKind::Predicate(p) = &self.kind {
            self.takes.fill(*p, n, &mut self.now);
        }
        let complete = scan(
            &self.kind,
            &self.moves,
            &self.now,
            n,
            &self.values,
            &mut m,
            stop,
        )?;
        if complete {
            return Some(bound as u32);
        }
        let stamp = m.stamp;
        Some(
            m.marks
                .iter()
                .position(|&s| s != stamp)
                .expect("not every value is marked") as u32,
        )
    }
}

/// Marks the value of every option of a heap of `n`; stops early and
/// returns true once every value below the bound is marked. `None` when
/// `stop` was raised: it is read every few rows of splits (at most about
/// 8 n options apart, a millisecond or so).
fn scan(
    kind: &RuleKind,
    moves: &CodeMoves,
    takes: &[u32],
    n: u32,
    g: &[u32],
    m: &mut Marker<'_>,
    stop: Option<&AtomicBool>,
) -> Option<bool> {
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    Some(match kind {
        RuleKind::Code(_) => {
            if moves.none.binary_search(&n).is_ok() && m.mark(0) {
                return Some(true);
            }
            for &k in moves.one.iter().take_while(|&&k| k < n) {
                if m.mark(g[(n - k) as usize]) {
                    return Some(true);
                }
            }
            for &(k, unequal) in moves.two.iter().take_while(|&&(k, _)| k + 2 <= n) {
                if stopped() {
                    return None;
                }
                // Pairs (a, r - a) for a = 1..=r/2, without the equal pair
                // under `!`.
                let r = (n - k) as usize;
                let mut half = r / 2;
                if unequal && r.is_multiple_of(2) {
                    half -= 1;
                }
                let small = &g[1..=half];
                let large = &g[r - half..r];
                for (x, y) in small.iter().zip(large.iter().rev()) {
                    if m.mark(x ^ y) {
                        return Some(true);
                    }
                }
            }
            for &(k, unequal) in moves.three.iter().take_while(|&&(k, _)| k + 3 <= n) {
                let r = n - k;
                for a in 1..=r / 3 {
                    // Every 16th row: at most 8 r options apart.
                    if a % 16 == 1 && stopped() {
                        return None;
                    }
                    for b in a..=(r - a) / 2 {
                        let c = r - a - b;
                        if unequal && (a == b || b == c) {
                            continue;
                        }
                        if m.mark(g[a as usize] ^ g[b as usize] ^ g[c as usize]) {
                            return Some(true);
                        }
                    }
                }
            }
            false
        }
        RuleKind::Subtract(set) => {
            for &k in set.iter().take_while(|&&k| k <= n) {
                if m.mark(g[(n - k) as usize]) {
                    return Some(true);
                }
            }
            false
        }
        RuleKind::Predicate(_) => {
            for &k in takes {
                if m.mark(g[(n - k) as usize]) {
                    return Some(true);
                }
            }
            false
        }
        RuleKind::AllBut(set) => {
            let mut skip = set.iter().peekable();
            for k in 1..=n {
                while skip.peek().is_some_and(|&&s| s < k) {
                    skip.next();
                }
                if skip.peek() == Some(&&k) {
                    continue;
                }
                if m.mark(g[(n - k) as usize]) {
                    return Some(true);
                }
            }
            false
        }
        RuleKind::Take { min, max } => {
            for k in *min..=(*max).min(n) {
                if m.mark(g[(n - k) as usize]) {
                    return Some(true);
                }
            }
            false
        }
        RuleKind::Ranges(r) => {
            if n >= 1 {
                if let Some(&(lo, hi)) = r.get(n as usize - 1) {
                    for k in lo..=hi.min(n) {
                        if m.mark(g[(n - k) as usize]) {
                            return Some(true);
                        }
                    }
                }
            }
            false
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(rule: &str, n: u32) -> Vec<u32> {
        let mut e = NaiveEngine::new(&rule.parse().unwrap());
        e.extend_to(n);
        e.into_values()
    }

    #[test]
    fn closed_forms() {
        assert_eq!(seq("nim", 20), (0..=20).collect::<Vec<_>>());
        assert_eq!(
            seq("take-1-3", 20),
            (0..=20).map(|n| n % 4).collect::<Vec<_>>()
        );
        let split = seq("split", 30);
        for (n, &v) in split.iter().enumerate() {
            let expect = if n >= 2 && n.is_multiple_of(2) { 1 } else { 0 };
            assert_eq!(v, expect, "n = {n}");
        }
        let lasker = seq("lasker", 40);
        for (n, &v) in lasker.iter().enumerate().skip(1) {
            let n = n as u32;
            let expect = match n % 4 {
                1 | 2 => n,
                3 => n + 1,
                _ => n - 1,
            };
            assert_eq!(v, expect, "n = {n}");
        }
        assert_eq!(seq("allbut:1", 6), vec![0, 0, 1, 1, 2, 2, 3]);
        assert_eq!(seq("ranges:1..1,1..2,1..1", 3), vec![0, 1, 2, 0]);
    }

    #[test]
    fn classical_codes() {
        let seq = |code: &str, n| code_sequence(&code.parse().unwrap(), n);
        // Dawson's Kayles (0.07), Grundy's game (4!.0), Lasker's Nim (4.[3]).
        assert_eq!(seq("0.07", 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
        assert_eq!(
            seq("4!.0", 16),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3]
        );
        assert_eq!(seq("4.[3]", 8), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        assert_eq!(seq("0.[3]", 5), [0, 1, 2, 3, 4, 5]);
        // Three heaps: 0.8 splits n - 1 into three non-empty heaps.
        assert_eq!(&seq("0.8", 7)[..5], [0, 0, 0, 0, 1]);
    }
}
