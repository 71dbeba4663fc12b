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

use super::notation::{HeapRule, RuleKind};
use super::rule::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};

/// Computes G(0), G(1), ... of a rule's underlying heap game in order
/// (a named game's scale is not applied here; see [`super::sequence`]).
#[derive(Clone, Debug)]
pub struct NaiveEngine {
    kind: RuleKind,
    values: Vec<u32>,
    marks: Vec<u32>,
    stamp: u32,
    max: u32,
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
            values: Vec::new(),
            marks: Vec::new(),
            stamp: 0,
            max: 0,
        }
    }

    /// G(0), ..., G(len - 1) computed so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The computed values, giving up the engine.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// Computes every value up to G(n).
    pub fn extend_to(&mut self, n: u32) {
        let want = n as usize + 1;
        self.values.reserve(want.saturating_sub(self.values.len()));
        while self.values.len() < want {
            let g = self.next_value();
            self.max = self.max.max(g);
            self.values.push(g);
        }
    }

    fn next_value(&mut self) -> u32 {
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
        let mut m = Marker {
            marks: &mut self.marks[..bound],
            stamp: self.stamp,
            count: 0,
        };
        let g = &self.values;
        let complete = scan(&self.kind, n, g, &mut m);
        if complete {
            return bound as u32;
        }
        let stamp = m.stamp;
        m.marks
            .iter()
            .position(|&s| s != stamp)
            .expect("not every value is marked") as u32
    }
}

/// Marks the value of every option of a heap of `n`; stops early and
/// returns true once every value below the bound is marked.
fn scan(kind: &RuleKind, n: u32, g: &[u32], m: &mut Marker<'_>) -> bool {
    match kind {
        RuleKind::Code(code) => {
            let top = code
                .max_removal()
                .map_or(n, |t| (t as u64).min(n as u64) as u32);
            for k in 0..=top {
                let d = code.digit(k as usize);
                let r = n - k;
                if k >= 1 && r == 0 && d.bits & LEAVE_NONE != 0 && m.mark(0) {
                    return true;
                }
                if k >= 1 && r >= 1 && d.bits & LEAVE_ONE != 0 && m.mark(g[r as usize]) {
                    return true;
                }
            }
            for k in 0..=top {
                let d = code.digit(k as usize);
                let r = n - k;
                if r >= 2 && d.bits & LEAVE_TWO != 0 {
                    // Pairs (a, r - a) for a = 1..=r/2, without the equal
                    // pair under `!`.
                    let r = r as usize;
                    let mut half = r / 2;
                    if d.unequal && r.is_multiple_of(2) {
                        half -= 1;
                    }
                    let small = &g[1..=half];
                    let large = &g[r - half..r];
                    for (x, y) in small.iter().zip(large.iter().rev()) {
                        if m.mark(x ^ y) {
                            return true;
                        }
                    }
                }
            }
            for k in 0..=top {
                let d = code.digit(k as usize);
                let r = n - k;
                if r >= 3 && d.bits & LEAVE_THREE != 0 {
                    for a in 1..=r / 3 {
                        for b in a..=(r - a) / 2 {
                            let c = r - a - b;
                            if d.unequal && (a == b || b == c) {
                                continue;
                            }
                            if m.mark(g[a as usize] ^ g[b as usize] ^ g[c as usize]) {
                                return true;
                            }
                        }
                    }
                }
            }
            false
        }
        RuleKind::Subtract(set) => {
            for &k in set.iter().take_while(|&&k| k <= n) {
                if m.mark(g[(n - k) as usize]) {
                    return true;
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
                    return true;
                }
            }
            false
        }
        RuleKind::Take { min, max } => {
            for k in *min..=(*max).min(n) {
                if m.mark(g[(n - k) as usize]) {
                    return true;
                }
            }
            false
        }
        RuleKind::Ranges(r) => {
            if n >= 1 {
                if let Some(&(lo, hi)) = r.get(n as usize - 1) {
                    for k in lo..=hi.min(n) {
                        if m.mark(g[(n - k) as usize]) {
                            return true;
                        }
                    }
                }
            }
            false
        }
    }
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
            let expect = if n >= 2 && n % 2 == 0 { 1 } else { 0 };
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
}
