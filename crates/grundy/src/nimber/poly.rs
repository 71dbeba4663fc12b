//! Polynomials over the nimber field GF(2^64) and their roots there.
//!
//! A polynomial is its coefficient list, constant term first. The one
//! algorithm here is root finding by Berlekamp's trace splitting: the
//! distinct roots of `f` that lie in GF(2^64) are the roots of
//! `gcd(f, X^(2^64) + X)`; for a nimber `beta`, the trace
//! `Tr(beta X) = sum of (beta X)^(2^i), i < 64` takes only the values 0 and 1
//! on GF(2^64), so `gcd(f, Tr(beta X))` splits those roots into two sets,
//! usually both non-empty. Halving down to a linear factor gives a root.
//!
//! It is how the carry-less path finds its isomorphism: a root in the
//! nimbers of the sparse polynomial `x^64 + x^4 + x^3 + x + 1`.
//!
//! ```
//! use grundy::nimber::{poly, Nimber};
//! // x^2 + x + 1 has the roots 2 and 3 (2 * 2 = 3, 2 * 3 = 1).
//! let r = poly::find_root(&[1, 1, 1]).unwrap();
//! assert!(r == Nimber(2) || r == Nimber(3));
//! // X^2 + 2 has the root sqrt(2): every nimber has a square root.
//! let s = poly::find_root(&[2, 0, 1]).unwrap();
//! assert_eq!(s * s, Nimber(2));
//! ```

use super::portable::nim_mul;
use super::Nimber;

fn trim(mut p: Vec<u64>) -> Vec<u64> {
    while p.last() == Some(&0) {
        p.pop();
    }
    p
}

fn degree(p: &[u64]) -> usize {
    p.len().saturating_sub(1)
}

/// `p` scaled to leading coefficient 1 (`p` nonzero and trimmed).
fn monic(p: Vec<u64>) -> Vec<u64> {
    let lead = *p.last().expect("nonzero polynomial");
    let inv = Nimber(lead)
        .inverse()
        .expect("nonzero leading coefficient")
        .0;
    p.into_iter().map(|c| nim_mul(c, inv)).collect()
}

/// Remainder of `a` modulo the monic `f`.
fn rem(a: &[u64], f: &[u64]) -> Vec<u64> {
    let mut r = a.to_vec();
    let d = degree(f);
    while r.len() > d {
        let lead = r.pop().expect("non-empty");
        if lead != 0 {
            let shift = r.len() - d;
            for (i, &c) in f[..d].iter().enumerate() {
                r[shift + i] ^= nim_mul(lead, c);
            }
        }
    }
    trim(r)
}

/// Quotient of `a` by the monic `f`, which divides it.
fn quotient(a: &[u64], f: &[u64]) -> Vec<u64> {
    let mut r = a.to_vec();
    let d = degree(f);
    let mut q = vec![0u64; r.len().saturating_sub(d)];
    while r.len() > d {
        let lead = r.pop().expect("non-empty");
        let shift = r.len() - d;
        q[shift] = lead;
        if lead != 0 {
            for (i, &c) in f[..d].iter().enumerate() {
                r[shift + i] ^= nim_mul(lead, c);
            }
        }
    }
    trim(q)
}

/// Squaring in characteristic 2: `(sum c_i X^i)^2 = sum c_i^2 X^(2i)`.
fn square_mod(a: &[u64], f: &[u64]) -> Vec<u64> {
    let mut p = vec![0u64; (2 * a.len()).saturating_sub(1)];
    for (i, &c) in a.iter().enumerate() {
        p[2 * i] = nim_mul(c, c);
    }
    rem(&p, f)
}

/// Monic greatest common divisor; empty when both are zero.
fn gcd(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (mut a, mut b) = (trim(a.to_vec()), trim(b.to_vec()));
    while !b.is_empty() {
        let m = monic(b);
        let r = rem(&a, &m);
        a = m;
        b = r;
    }
    if a.is_empty() {
        a
    } else {
        monic(a)
    }
}

fn add(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut r = vec![0u64; a.len().max(b.len())];
    for (i, &c) in a.iter().enumerate() {
        r[i] ^= c;
    }
    for (i, &c) in b.iter().enumerate() {
        r[i] ^= c;
    }
    trim(r)
}

/// `x^(2^64) mod f`, by 64 squarings of `x`.
fn frobenius64_of_x(f: &[u64]) -> Vec<u64> {
    let mut t = rem(&[0, 1], f);
    for _ in 0..64 {
        t = square_mod(&t, f);
    }
    t
}

/// The value of `p` (constant term first) at `x`, by Horner's rule.
///
/// ```
/// use grundy::nimber::{poly, Nimber};
/// assert_eq!(poly::evaluate(&[1, 1, 1], Nimber(2)), Nimber(0));
/// ```
pub fn evaluate(p: &[u64], x: Nimber) -> Nimber {
    p.iter()
        .rev()
        .fold(Nimber::ZERO, |acc, &c| acc * x + Nimber(c))
}

/// A root in GF(2^64) of the polynomial with coefficients `coefficients`
/// (constant term first), or `None` when it has none (or is constant or
/// zero). Deterministic: the same input always gives the same root.
pub fn find_root(coefficients: &[u64]) -> Option<Nimber> {
    let f = trim(coefficients.to_vec());
    if f.len() < 2 {
        return None;
    }
    let f = monic(f);
    if f[0] == 0 {
        return Some(Nimber::ZERO);
    }
    // The product of the distinct linear factors of f over GF(2^64).
    let mut f = gcd(&f, &add(&frobenius64_of_x(&f), &[0, 1]));
    if f.len() < 2 {
        return None;
    }
    let mut beta = 0x9e37_79b9_7f4a_7c15u64;
    while degree(&f) > 1 {
        beta ^= beta << 13;
        beta ^= beta >> 7;
        beta ^= beta << 17;
        let mut term = rem(&[0, beta], &f);
        let mut trace = term.clone();
        for _ in 1..64 {
            term = square_mod(&term, &f);
            trace = add(&trace, &term);
        }
        let g = gcd(&f, &trace);
        if g.len() >= 2 && g.len() < f.len() {
            let other = quotient(&f, &g);
            f = if g.len() <= other.len() { g } else { other };
        }
    }
    Some(Nimber(f[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_are_roots() {
        for p in [
            vec![1u64, 1, 1],
            vec![2, 0, 1],
            vec![7, 5, 3, 1],
            vec![0x1234_5678_9abc, 99, 0, 0, 1],
        ] {
            let r = find_root(&p).expect("has a root");
            assert_eq!(evaluate(&p, r), Nimber::ZERO, "{p:?}");
        }
        assert_eq!(find_root(&[5]), None);
        assert_eq!(find_root(&[0, 3]), Some(Nimber::ZERO));
    }

    #[test]
    fn no_root_when_irreducible_over_the_field() {
        // X^2 + X + a has a root in GF(2^64) iff the absolute trace of a is
        // 0. The trace is linear and not zero, so some unit bit has trace 1
        // (none below 2^32: there it is an even multiple of a subfield trace).
        let trace = |a: Nimber| {
            let mut t = a;
            let mut s = a;
            for _ in 1..64 {
                t = t * t;
                s += t;
            }
            s
        };
        let a = (0..64)
            .map(|k| Nimber(1 << k))
            .find(|&a| trace(a) == Nimber::ONE)
            .unwrap();
        assert_eq!(find_root(&[a.0, 1, 1]), None);
        let b = (1..64)
            .map(|k| Nimber(1 << k))
            .find(|&b| trace(b) == Nimber::ZERO)
            .unwrap();
        let r = find_root(&[b.0, 1, 1]).unwrap();
        assert_eq!(r * r + r + b, Nimber::ZERO);
    }
}
