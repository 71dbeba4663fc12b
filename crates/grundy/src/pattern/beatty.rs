//! Beatty sequences `p(k) = floor(k alpha + beta)`: the interval of every
//! `alpha` that fits the terms (exact, from pairs of terms), the number in
//! it that is a simple rational or a quadratic irrational recognised by the
//! periodic tail of the continued fraction the interval's ends share (the
//! golden ratio `phi = [1; 1, 1, ...]`, `sqrt(2) = [1; 2, 2, ...]`), and the
//! simplest `beta`; the terms are then re-derived exactly in integers.
//!
//! ```
//! use grundy::pattern::beatty::{fit, Beatty};
//! // Wythoff's P-positions: floor(k phi) and floor(k phi^2).
//! let phi = (1.0 + 5f64.sqrt()) / 2.0;
//! let a: Vec<u64> = (0..200).map(|k| (k as f64 * phi).floor() as u64).collect();
//! let b = fit(&a).unwrap();
//! assert_eq!(b.to_string(), "floor(k*phi)");
//! assert_eq!(b.term(1_000_000_000), Some(1_618_033_988));
//! ```

use std::fmt;

use super::{Finding, Kind, Model, Status};

/// The most terms read to find `alpha` (pairs of them are compared).
const MAX_TERMS: usize = 1500;

/// The largest denominator of a rational `alpha` or `beta` accepted.
const MAX_DEN: i128 = 16;

/// `alpha = (a + f sqrt(d)) / c` (with `f = 0` a rational) and
/// `beta = r / s`: `p(k) = floor(k alpha + beta)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beatty {
    a: i128,
    f: i128,
    d: i128,
    c: i128,
    r: i128,
    s: i128,
}

/// A rational `n / d`, `d > 0`.
type Rat = (i128, i128);

fn less(x: Rat, y: Rat) -> bool {
    x.0 * y.1 < y.0 * x.1
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = (n as f64).sqrt() as u128;
    while x.checked_mul(x).is_none_or(|sq| sq > n) {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).is_some_and(|sq| sq <= n) {
        x += 1;
    }
    x
}

/// The open interval of `alpha` for which some `beta` gives every term:
/// for `i < j`, `(p_j - p_i - 1)/(j - i) < alpha < (p_j - p_i + 1)/(j - i)`.
fn alpha_interval(p: &[u64]) -> Option<(Rat, Rat)> {
    let mut lo: Rat = (-1, 1);
    let mut hi: Rat = (i128::from(u32::MAX), 1);
    for j in 1..p.len() {
        for i in 0..j {
            let dk = (j - i) as i128;
            let dp = p[j] as i128 - p[i] as i128;
            if less(lo, (dp - 1, dk)) {
                lo = (dp - 1, dk);
            }
            if less((dp + 1, dk), hi) {
                hi = (dp + 1, dk);
            }
        }
    }
    less(lo, hi).then_some((lo, hi))
}

/// The continued fraction of `n / d`, at most 64 partial quotients.
fn continued_fraction((mut n, mut d): Rat) -> Vec<i128> {
    let mut out = Vec::new();
    while d != 0 && out.len() < 64 {
        let q = floor_div(n, d);
        out.push(q);
        (n, d) = (d, n - q * d);
    }
    out
}

/// The simplest rational strictly inside `(lo, hi)` (Stern–Brocot), when
/// its denominator is at most `max_den`.
fn simplest_rational(lo: f64, hi: f64, max_den: i128) -> Option<Rat> {
    for den in 1..=max_den {
        let num = (lo * den as f64).floor() as i128 + 1;
        if (num as f64) < hi * den as f64 {
            return Some((num, den));
        }
    }
    None
}

impl Beatty {
    fn alpha(&self) -> f64 {
        (self.a as f64 + self.f as f64 * (self.d as f64).sqrt()) / self.c as f64
    }

    /// `floor(k alpha + beta)` exactly, `None` beyond 128 bits or below 0.
    pub fn term(&self, k: u64) -> Option<u64> {
        let k = k as i128;
        let q = self.c.checked_mul(self.s)?;
        let m = self
            .s
            .checked_mul(k)?
            .checked_mul(self.a)?
            .checked_add(self.r.checked_mul(self.c)?)?;
        let t = self.s.checked_mul(k)?.checked_mul(self.f)?;
        let root = (t as u128)
            .checked_mul(t as u128)?
            .checked_mul(self.d as u128)
            .map(isqrt)?;
        let v = floor_div(m.checked_add(i128::try_from(root).ok()?)?, q);
        u64::try_from(v).ok()
    }

    /// `alpha` when it is irrational and `beta = 0`: the sequences whose
    /// sums [`super::floor_sum`] computes.
    pub fn slope(&self) -> Option<super::floor_sum::Quadratic> {
        if self.r != 0 {
            return None;
        }
        super::floor_sum::Quadratic::new(self.a, self.f, self.d, self.c)
    }

    /// `floor(k alpha)` with `alpha = (a + f sqrt(d)) / c` (`c > 0`,
    /// `d > 1`), in lowest terms: `d` square-free.
    pub fn quadratic(a: i128, f: i128, d: i128, c: i128) -> Beatty {
        let (mut f, mut d) = (f, d);
        let mut m = 2i128;
        while m * m <= d {
            while d % (m * m) == 0 {
                d /= m * m;
                f *= m;
            }
            m += 1;
        }
        let g = gcd(gcd(a, f), c).max(1);
        Beatty {
            a: a / g,
            f: f / g,
            d,
            c: c / g,
            r: 0,
            s: 1,
        }
    }

    /// Whether `self` and `other` have the same `alpha` and `beta`, however
    /// written.
    pub fn same(&self, other: &Beatty) -> bool {
        let eq = |x: Rat, y: Rat| x.0 * y.1 == y.0 * x.1;
        // f1 sqrt(d1) / c1 = f2 sqrt(d2) / c2: equal signs and squares.
        let roots = self.f.signum() == other.f.signum()
            && self.f * self.f * self.d * other.c * other.c
                == other.f * other.f * other.d * self.c * self.c;
        eq((self.a, self.c), (other.a, other.c))
            && roots
            && eq((self.r, self.s), (other.r, other.s))
    }

    pub(crate) fn holds(&self, p: &[u64]) -> bool {
        p.iter()
            .enumerate()
            .all(|(k, &v)| self.term(k as u64) == Some(v))
    }
}

/// The quadratic irrationals `a0 + 1/[b1; b2, ..., bq, b1, ...]` whose
/// continued fractions start with `cf`: the shortest period `q`, seen
/// more than twice over. `(a, f, d, c)` for `(a + f sqrt(d)) / c`.
fn quadratic(cf: &[i128]) -> Option<(i128, i128, i128, i128)> {
    let (a0, tail) = cf.split_first()?;
    let q =
        (1..=6).find(|&q| tail.len() > 2 * q && (q..tail.len()).all(|i| tail[i] == tail[i - q]))?;
    let (mut h, mut h1, mut k, mut k1) = (1i128, 0i128, 0i128, 1i128);
    for &b in &tail[..q] {
        (h, h1) = (b.checked_mul(h)?.checked_add(h1)?, h);
        (k, k1) = (b.checked_mul(k)?.checked_add(k1)?, k);
    }
    // y = [b1; ..., bq, y]: k y^2 + (k1 - h) y - h1 = 0, 1/y = (sqrt(D) - s) / (2 h1).
    let s = h - k1;
    let disc = s
        .checked_mul(s)?
        .checked_add(4i128.checked_mul(k)?.checked_mul(h1)?)?;
    let (mut f, mut d) = (1i128, disc);
    let mut m = 2i128;
    while m * m <= d {
        while d % (m * m) == 0 {
            d /= m * m;
            f *= m;
        }
        m += 1;
    }
    let (a, c) = (2 * a0 * h1 - s, 2 * h1);
    let g = gcd(gcd(a, f), c);
    Some((a / g, f / g, d, c / g))
}

/// `(a + f sqrt(d)) / c` for small `a`, `f`, `c` and square-free `d`, the
/// simplest first (by `|a| + f + c + d`).
fn small_quadratics() -> impl Iterator<Item = (i128, i128, i128, i128)> {
    let mut all = Vec::new();
    for d in [2i128, 3, 5, 6, 7, 10, 11, 13] {
        for f in 1..=2 {
            for c in 1..=4 {
                for a in -8..=8 {
                    if gcd(gcd(a, f), c) == 1 {
                        all.push((a, f, d, c));
                    }
                }
            }
        }
    }
    all.sort_by_key(|&(a, f, d, c)| (a.abs() + f + c + d, d, c));
    all.into_iter()
}

/// The Beatty sequence `floor(k alpha + beta)`, `k = 0, 1, ...`, giving
/// every term of `p`, with `alpha` a quadratic irrational or a rational of
/// denominator at most 16, and `beta` a simple rational; `None` when none
/// fits (at least eight terms are needed). The first of [`fit_all`].
pub fn fit(p: &[u64]) -> Option<Beatty> {
    fit_all(p).into_iter().next()
}

/// Every Beatty sequence [`fit`] considers that gives every term of `p`:
/// the quadratic irrationals first (a short list may also fit a rational
/// near them, which longer lists refute), then the simplest rational.
pub fn fit_all(p: &[u64]) -> Vec<Beatty> {
    let mut out = Vec::new();
    if p.len() < 8 || p.iter().any(|&v| v > 1 << 60) {
        return out;
    }
    let Some((lo, hi)) = alpha_interval(&p[..p.len().min(MAX_TERMS)]) else {
        return out;
    };
    let (lof, hif) = (lo.0 as f64 / lo.1 as f64, hi.0 as f64 / hi.1 as f64);
    let mut alphas: Vec<(i128, i128, i128, i128)> = Vec::new();
    let (cl, ch) = (continued_fraction(lo), continued_fraction(hi));
    let common = cl.iter().zip(&ch).take_while(|(x, y)| x == y).count();
    // The last shared quotient may be cut short in one of the two.
    for len in [common, common.saturating_sub(1)] {
        alphas.extend(quadratic(&cl[..len]));
    }
    // Too few terms for the continued fraction to show its period: the
    // simplest small quadratic irrationals in the interval.
    alphas.extend(small_quadratics().filter(|&(a, f, d, c)| {
        let x = (a as f64 + f as f64 * (d as f64).sqrt()) / c as f64;
        lof < x && x < hif
    }));
    if let Some((n, d)) = simplest_rational(lof, hif, MAX_DEN) {
        alphas.push((n, 0, 1, d));
    }
    alphas.dedup();
    for (a, f, d, c) in alphas {
        let mut b = Beatty {
            a,
            f,
            d,
            c,
            r: 0,
            s: 1,
        };
        let alpha = b.alpha();
        if !(lof < alpha && alpha < hif) {
            continue;
        }
        // beta in [max(p_k - k alpha), min(p_k + 1 - k alpha)).
        let (mut blo, mut bhi) = (f64::MIN, f64::MAX);
        for (k, &v) in p.iter().enumerate() {
            blo = blo.max(v as f64 - k as f64 * alpha);
            bhi = bhi.min(v as f64 + 1.0 - k as f64 * alpha);
        }
        let mut betas = vec![(0, 1)];
        betas.extend(simplest_rational(blo - 1e-9, bhi, MAX_DEN));
        for (r, s) in betas {
            b.r = r;
            b.s = s;
            if b.holds(p) {
                out.push(b);
                break;
            }
        }
    }
    out
}

fn alpha_text(a: i128, f: i128, d: i128, c: i128) -> String {
    match (a, f, d, c) {
        (1, 1, 5, 2) => return "phi".into(),
        (3, 1, 5, 2) => return "phi^2".into(),
        _ => {}
    }
    if f == 0 {
        return if c == 1 {
            a.to_string()
        } else {
            format!("{a}/{c}")
        };
    }
    let root = if f == 1 {
        format!("sqrt({d})")
    } else {
        format!("{f}*sqrt({d})")
    };
    let num = match a {
        0 => root,
        a if a < 0 => format!("{root} - {}", -a),
        a => format!("{a} + {root}"),
    };
    match (c, a) {
        (1, _) => num,
        (_, 0) => format!("{num}/{c}"),
        _ => format!("({num})/{c}"),
    }
}

impl fmt::Display for Beatty {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alpha = alpha_text(self.a, self.f, self.d, self.c);
        let alpha = if alpha.contains(' ') {
            format!("({alpha})")
        } else {
            alpha
        };
        match (self.r, self.s) {
            (0, _) => write!(out, "floor(k*{alpha})"),
            (r, 1) if r < 0 => write!(out, "floor(k*{alpha} - {})", -r),
            (r, 1) => write!(out, "floor(k*{alpha} + {r})"),
            (r, s) if r < 0 => write!(out, "floor(k*{alpha} - {}/{s})", -r),
            (r, s) => write!(out, "floor(k*{alpha} + {r}/{s})"),
        }
    }
}

/// The P-positions `p(0) < p(1) < ...` up to `last` as a Beatty sequence
/// fitted on the first `found` and checked on all of them (four more at
/// least).
pub fn p_positions(all: &[u64], found: usize, found_to: u64, last: u64) -> Option<Finding> {
    if found < 10 || all.len() < found + 4 {
        return None;
    }
    let b = fit_all(&all[..found]).into_iter().find(|b| b.holds(all))?;
    Some(Finding {
        kind: Kind::PPositionBeatty,
        formula: format!("p(k) = {b}, k >= 0"),
        found_to,
        checked_to: last,
        status: Status::Observed { to: last },
        model: Model::Partial,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn quadratic_irrationals_by_their_continued_fractions() {
        assert_eq!(quadratic(&[1, 1, 1, 1]), Some((1, 1, 5, 2)));
        assert_eq!(quadratic(&[2, 1, 1, 1, 1]), Some((3, 1, 5, 2)));
        assert_eq!(quadratic(&[1, 2, 2, 2]), Some((0, 1, 2, 1)));
        assert_eq!(quadratic(&[1, 1, 2, 1, 2, 1, 2]), Some((0, 1, 3, 1)));
        assert_eq!(quadratic(&[1, 2, 3]), None);
        assert_eq!(alpha_text(0, 1, 2, 1), "sqrt(2)");
        assert_eq!(alpha_text(1, 1, 2, 1), "1 + sqrt(2)");
        assert_eq!(alpha_text(-1, 1, 5, 2), "(sqrt(5) - 1)/2");
        assert_eq!(isqrt(u128::MAX), u64::MAX as u128);
    }

    #[test]
    fn sqrt_two_and_an_offset() {
        let p: Vec<u64> = (0..300u64)
            .map(|k| ((k as f64) * 2f64.sqrt() + 0.5).floor() as u64)
            .collect();
        let b = fit(&p).unwrap();
        assert_eq!(b.to_string(), "floor(k*sqrt(2) + 1/2)");
        // Not a Beatty sequence: the squares.
        let sq: Vec<u64> = (0..100u64).map(|k| k * k).collect();
        assert_eq!(fit(&sq), None);
    }

    proptest! {
        #[test]
        fn planted_beatty_sequences_are_recovered(which in 0usize..6, r in 0i128..4, s in 1i128..5, len in 100usize..400) {
            let alphas = [(1, 1, 5, 2), (3, 1, 5, 2), (0, 1, 2, 1), (1, 1, 2, 1), (0, 1, 3, 1), (7, 0, 1, 3)];
            let (a, f, d, c) = alphas[which];
            let planted = Beatty { a, f, d, c, r: r.min(s - 1), s };
            let p: Vec<u64> = (0..len as u64).map(|k| planted.term(k).unwrap()).collect();
            let got = fit(&p);
            // The planted one or one equal on every term.
            prop_assert!(got.is_some());
            let got = got.unwrap();
            prop_assert!(got.holds(&p));
        }

        #[test]
        fn exact_terms_agree_with_wythoffs_pairs(k in 0u64..1 << 60) {
            // Wythoff's pairs are computed there independently.
            let phi = Beatty { a: 1, f: 1, d: 5, c: 2, r: 0, s: 1 };
            let phi2 = Beatty { a: 3, f: 1, d: 5, c: 2, r: 0, s: 1 };
            let (a, b) = crate::games::wythoff::p_position(k);
            prop_assert_eq!(phi.term(k).map(u128::from), Some(a));
            prop_assert_eq!(phi2.term(k).map(u128::from), Some(b));
        }

        #[test]
        fn random_increasing_lists_fit_only_truly(steps in proptest::collection::vec(1u64..4, 8..120)) {
            let mut p = vec![0u64];
            for s in steps { p.push(p.last().unwrap() + s); }
            if let Some(b) = fit(&p) {
                prop_assert!(b.holds(&p));
            }
        }
    }
}
