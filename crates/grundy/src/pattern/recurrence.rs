//! Linear recurrences with integer coefficients, found by the
//! Berlekamp–Massey algorithm over the rationals (exact, in 128-bit
//! fractions; an overflow gives no recurrence rather than a wrong one),
//! and the P-positions described by one: periodic differences
//! (`p(k + c) = p(k) + D`) first, any recurrence next.
//!
//! ```
//! use grundy::pattern::recurrence::find;
//! // 1, 2, 5, 12, 29, ...: a(k) = 2 a(k-1) + a(k-2) (Pell numbers), after a 7.
//! let mut a: Vec<i128> = vec![7, 1, 2];
//! while a.len() < 30 { let k = a.len(); a.push(2 * a[k - 1] + a[k - 2]); }
//! let r = find(&a, 15).unwrap();
//! assert_eq!((r.from, r.coeffs.clone()), (1, vec![2, 1]));
//! assert_eq!(r.text("a"), "a(k) = 2 a(k-1) + a(k-2) for k >= 3");
//! ```

use super::{Finding, Kind, Model, Status};
use crate::heap::periodicity::{analyze_with, Status as PStatus, Window};

/// A linear recurrence `a(k) = c1 a(k-1) + ... + cd a(k-d)`, holding for
/// every `k >= from + d`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recurrence {
    /// The first index the recurrence reads.
    pub from: usize,
    /// `c1, ..., cd`.
    pub coeffs: Vec<i128>,
}

/// The most terms Berlekamp–Massey reads (the rest are only checked).
const MAX_TERMS: usize = 400;

/// The most P-positions listed before their differences repeat.
const MAX_HEAD: usize = 40;

/// The most starting indices tried.
const MAX_FROM: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frac(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i128
}

impl Frac {
    fn new(n: i128, d: i128) -> Option<Frac> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d).max(1);
        let (n, d) = (n / g, d / g);
        if d < 0 {
            Some(Frac(n.checked_neg()?, d.checked_neg()?))
        } else {
            Some(Frac(n, d))
        }
    }
    fn int(n: i128) -> Frac {
        Frac(n, 1)
    }
    fn add(self, o: Frac) -> Option<Frac> {
        let n = self
            .0
            .checked_mul(o.1)?
            .checked_add(o.0.checked_mul(self.1)?)?;
        Frac::new(n, self.1.checked_mul(o.1)?)
    }
    fn mul(self, o: Frac) -> Option<Frac> {
        let g1 = gcd(self.0, o.1).max(1);
        let g2 = gcd(o.0, self.1).max(1);
        Frac::new(
            (self.0 / g1).checked_mul(o.0 / g2)?,
            (self.1 / g2).checked_mul(o.1 / g1)?,
        )
    }
    fn neg(self) -> Option<Frac> {
        Some(Frac(self.0.checked_neg()?, self.1))
    }
    fn div(self, o: Frac) -> Option<Frac> {
        self.mul(Frac::new(o.1, o.0)?)
    }
}

/// The shortest linear recurrence generating `s` (Berlekamp–Massey over
/// the rationals): `c` with `s[i] = sum c[j] s[i - 1 - j]` for every
/// `i >= c.len()`; `None` on an overflow.
pub fn berlekamp_massey(s: &[i128]) -> Option<Vec<(i128, i128)>> {
    let mut c = vec![Frac::int(1)];
    let mut b = vec![Frac::int(1)];
    let mut l = 0usize;
    let mut m = 1usize;
    let mut bd = Frac::int(1);
    for i in 0..s.len() {
        let mut d = Frac::int(s[i]);
        for j in 1..c.len().min(i + 1) {
            d = d.add(c[j].mul(Frac::int(s[i - j]))?)?;
        }
        if d.0 == 0 {
            m += 1;
            continue;
        }
        let coef = d.div(bd)?;
        let t = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, Frac::int(0));
        }
        for (j, &bj) in b.iter().enumerate() {
            c[j + m] = c[j + m].add(coef.mul(bj)?.neg()?)?;
        }
        if 2 * l <= i {
            l = i + 1 - l;
            b = t;
            bd = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, Frac::int(0));
    c[1..].iter().map(|f| Some((f.neg()?.0, f.1))).collect()
}

impl Recurrence {
    /// The term at `k` from the `d` before it, `None` on an overflow.
    fn next(&self, before: &[i128]) -> Option<i128> {
        let d = self.coeffs.len();
        let mut sum: i128 = 0;
        for (j, &c) in self.coeffs.iter().enumerate() {
            sum = sum.checked_add(c.checked_mul(before[d - 1 - j])?)?;
        }
        Some(sum)
    }

    /// Whether the recurrence holds on all of `seq`.
    pub fn holds(&self, seq: &[i128]) -> bool {
        let d = self.coeffs.len();
        (self.from + d..seq.len()).all(|k| self.next(&seq[k - d..k]) == Some(seq[k]))
    }

    /// The recurrence in words, the sequence named `name`.
    pub fn text(&self, name: &str) -> String {
        let mut out = format!("{name}(k) =");
        let mut first = true;
        for (j, &c) in self.coeffs.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let sign = match (first, c < 0) {
                (true, false) => " ",
                (true, true) => " -",
                (false, false) => " + ",
                (false, true) => " - ",
            };
            let a = c.unsigned_abs();
            let coef = if a == 1 {
                String::new()
            } else {
                format!("{a} ")
            };
            out.push_str(&format!("{sign}{coef}{name}(k-{})", j + 1));
            first = false;
        }
        if first {
            out.push_str(" 0");
        }
        format!("{out} for k >= {}", self.from + self.coeffs.len())
    }
}

/// The shortest linear recurrence with integer coefficients that
/// Berlekamp–Massey finds on `seq[from..found]` for a small `from`, with
/// at least three terms to spare (`2d + 3` terms for order `d`), that then
/// holds on all of `seq`; the lowest order first, then the earliest start.
pub fn find(seq: &[i128], found: usize) -> Option<Recurrence> {
    let found = found.min(seq.len());
    let mut best: Option<Recurrence> = None;
    for from in 0..=MAX_FROM.min(found / 4) {
        let part = &seq[from..found.min(from + MAX_TERMS)];
        let Some(c) = berlekamp_massey(part) else {
            continue;
        };
        let d = c.len();
        if d == 0 || part.len() < 2 * d + 3 || c.iter().any(|&(_, den)| den != 1) {
            continue;
        }
        if best.as_ref().is_some_and(|b| b.coeffs.len() <= d) {
            continue;
        }
        let r = Recurrence {
            from,
            coeffs: c.iter().map(|&(n, _)| n).collect(),
        };
        if r.holds(seq) {
            best = Some(r);
        }
    }
    best
}

/// The P-positions `p(0) < p(1) < ...` (all of them up to `last`, the
/// first `found` of them at most `found_to`) described by periodic
/// differences (repeating after at most 40 P-positions) or by a linear
/// recurrence, when there are at least ten to find it on and four more to
/// check it on.
pub fn p_positions(all: &[u64], found: usize, found_to: u64, last: u64) -> Option<Finding> {
    if found < 10 || all.len() < found + 4 || all.iter().any(|&p| p > 1 << 62) {
        return None;
    }
    let observed = Status::Observed { to: last };
    let diffs: Vec<u64> = all.windows(2).map(|w| w[1] - w[0]).collect();
    let nd = found - 1;
    let p = analyze_with(nd, |i| diffs[i] as u32, Window::Unknown, false);
    if p.status != PStatus::None && diffs.iter().all(|&d| d <= u64::from(u32::MAX)) {
        let (k0, c) = (p.preperiod? as usize, p.period? as usize);
        // A long head of exceptions describes nothing.
        if k0 + c <= MAX_HEAD && (k0..diffs.len() - c).all(|i| diffs[i] == diffs[i + c]) {
            let jump: u64 = diffs[k0..k0 + c].iter().sum();
            let head: Vec<String> = all[..k0 + c].iter().map(u64::to_string).collect();
            return Some(Finding {
                kind: Kind::PPositionDifferences,
                formula: format!(
                    "p(k + {c}) = p(k) + {jump} for k >= {k0}; p(0..{}) = {}",
                    k0 + c - 1,
                    head.join(", ")
                ),
                found_to,
                checked_to: last,
                status: observed,
                model: Model::Partial,
            });
        }
    }
    let seq: Vec<i128> = all.iter().map(|&p| p as i128).collect();
    let r = find(&seq, found)?;
    let head: Vec<String> = all[..r.from + r.coeffs.len()]
        .iter()
        .map(u64::to_string)
        .collect();
    Some(Finding {
        kind: Kind::PPositionRecurrence,
        formula: format!("{}; p(0..) = {}", r.text("p"), head.join(", ")),
        found_to,
        checked_to: last,
        status: observed,
        model: Model::Partial,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fibonacci_and_its_shifts() {
        let mut f: Vec<i128> = vec![0, 1];
        for k in 2..40 {
            f.push(f[k - 1] + f[k - 2]);
        }
        assert_eq!(berlekamp_massey(&f), Some(vec![(1, 1), (1, 1)]));
        let r = find(&f, 20).unwrap();
        assert_eq!(r.text("F"), "F(k) = F(k-1) + F(k-2) for k >= 2");
        // A sequence with no short recurrence: none found.
        let squares_xor: Vec<i128> = (0..60i128).map(|k| (k * k) ^ (k * 7)).collect();
        assert_eq!(find(&squares_xor, 30), None);
    }

    proptest! {
        #[test]
        fn planted_recurrences_are_recovered(
            coeffs in proptest::collection::vec(-3i128..4, 1..4),
            init in proptest::collection::vec(-5i128..6, 4),
            pre in proptest::collection::vec(-9i128..10, 0..3),
        ) {
            let d = coeffs.len();
            let mut s = init[..d].to_vec();
            while s.len() < 26 {
                let k = s.len();
                s.push((0..d).map(|j| coeffs[j] * s[k - 1 - j]).sum());
            }
            let mut seq = pre.clone();
            seq.extend(&s);
            prop_assume!(seq.iter().all(|v| v.abs() < 1 << 60));
            // Found from the planted start at the latest, never longer than
            // the planted one, and true on every term.
            match find(&seq, 20) {
                Some(r) => {
                    prop_assert!(r.holds(&seq));
                    prop_assert!(r.coeffs.len() <= d);
                }
                None => prop_assert!(s.iter().all(|&v| v == 0)),
            }
        }
    }
}
