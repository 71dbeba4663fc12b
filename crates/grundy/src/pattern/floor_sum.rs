//! Floor sums of a quadratic irrational slope, exactly and in `O(log n)`
//! steps: for `alpha = (a + f sqrt(d)) / c > 0` and `u(k) = floor(k alpha)`,
//! the sums `F = sum u(k)`, `G = sum k u(k)` and `H = sum u(k)^2` over
//! `k = 1..=n`, in big integers (`H` passes 128 bits for `n` near `10^13`).
//!
//! The method is Euclid's algorithm on the slope, as for lattice points
//! under a line. With `alpha = q + alpha'`, `q = floor(alpha)`, each term is
//! `q k + u'(k)`, which moves `q` into sums of powers of `k`. With
//! `0 < alpha < 1` the count is turned around: `u(k) >= j` exactly when
//! `k > v(j) = floor(j / alpha)` (`j / alpha` is irrational, never whole),
//! so with `m = u(n)`
//!
//! - `F = n m - sum v(j)`,
//! - `G = m n(n + 1)/2 - (sum v(j)^2 + sum v(j)) / 2`,
//! - `H = n m^2 - 2 sum j v(j) + sum v(j)`,
//!
//! the sums over `j = 1..=m` of the slope `1/alpha > 1`. The slopes met
//! are the complete quotients of `alpha`'s continued fraction (for the
//! golden ratio, always `phi` again), and `n` shrinks by a factor `alpha`
//! every two steps. Each `floor(k alpha)` is exact: `floor((k a + k f
//! sqrt(d)) / c)` with the integer square root of `k^2 f^2 d`, never a
//! float.
//!
//! ```
//! use grundy::pattern::floor_sum::{floor_sums, Quadratic};
//! let phi = Quadratic::new(1, 1, 5, 2).unwrap();
//! // floor(k phi) for k = 1..=4: 1, 3, 4, 6.
//! let s = floor_sums(&phi, 4u32.into());
//! assert_eq!((s.f, s.g, s.h), (14.into(), 43.into(), 62.into()));
//! assert_eq!(phi.floor_times(&10u32.into()), 16.into());
//! ```

use num_bigint::{BigInt, Sign};

/// A positive quadratic irrational `(a + f sqrt(d)) / c`: `c > 0`, `f != 0`,
/// `d > 1` square-free.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadratic {
    a: BigInt,
    f: BigInt,
    d: BigInt,
    c: BigInt,
}

/// `floor(x / y)`, `y > 0`.
fn floor_div(x: &BigInt, y: &BigInt) -> BigInt {
    let q = x / y;
    if x.sign() == Sign::Minus && &q * y != *x {
        q - 1
    } else {
        q
    }
}

fn gcd(x: &BigInt, y: &BigInt) -> BigInt {
    let (mut x, mut y) = (x.magnitude().clone(), y.magnitude().clone());
    while y != 0u32.into() {
        let r = &x % &y;
        (x, y) = (y, r);
    }
    x.into()
}

/// Whether `d` is a square.
fn is_square(d: i128) -> bool {
    let d = BigInt::from(d);
    let r = d.sqrt();
    &r * &r == d
}

impl Quadratic {
    /// `(a + f sqrt(d)) / c` when it is a positive irrational number with
    /// `c > 0` and `d` not a square (`d` square-free is not needed).
    pub fn new(a: i128, f: i128, d: i128, c: i128) -> Option<Quadratic> {
        if c <= 0 || f == 0 || d < 2 || is_square(d) {
            return None;
        }
        // a + f sqrt(d) > 0, compared in integers.
        let (aa, ff) = (BigInt::from(a) * a, BigInt::from(f) * f * d);
        let positive = match (a >= 0, f > 0) {
            (true, true) => true,
            (false, false) => false,
            (true, false) => aa > ff,
            (false, true) => ff > aa,
        };
        positive.then(|| Quadratic {
            a: a.into(),
            f: f.into(),
            d: d.into(),
            c: c.into(),
        })
    }

    /// `floor(k alpha)`, exactly, for `k >= 0`.
    pub fn floor_times(&self, k: &BigInt) -> BigInt {
        let p = &self.a * k;
        let q = &self.f * k;
        let root: BigInt = (&q * &q * &self.d).sqrt();
        // floor(q sqrt(d)): q^2 d is no square for q != 0.
        let qd = match q.sign() {
            Sign::Minus => -(root + BigInt::from(1u8)),
            _ => root,
        };
        floor_div(&(p + qd), &self.c)
    }

    /// `alpha - other` when it is a whole number.
    pub fn whole_above(&self, other: &Quadratic) -> Option<BigInt> {
        // Equal irrational parts: f1 sqrt(d1) / c1 = f2 sqrt(d2) / c2.
        let roots = self.f.sign() == other.f.sign()
            && &self.f * &self.f * &self.d * &other.c * &other.c
                == &other.f * &other.f * &other.d * &self.c * &self.c;
        let num = &self.a * &other.c - &other.a * &self.c;
        let den = &self.c * &other.c;
        (roots && (&num % &den) == BigInt::ZERO).then(|| num / den)
    }

    /// `floor(alpha)`.
    pub fn floor(&self) -> BigInt {
        self.floor_times(&BigInt::from(1u8))
    }

    /// `alpha - q`.
    fn minus(&self, q: &BigInt) -> Quadratic {
        Quadratic {
            a: &self.a - q * &self.c,
            ..self.clone()
        }
    }

    /// `1 / alpha = c (a - f sqrt(d)) / (a^2 - f^2 d)`, in lowest terms.
    pub fn recip(&self) -> Quadratic {
        let den = &self.a * &self.a - &self.f * &self.f * &self.d;
        let (mut a, mut f, mut c) = (&self.c * &self.a, -(&self.c * &self.f), den);
        if c.sign() == Sign::Minus {
            (a, f, c) = (-a, -f, -c);
        }
        let g = gcd(&gcd(&a, &f), &c);
        Quadratic {
            a: a / &g,
            f: f / &g,
            d: self.d.clone(),
            c: c / &g,
        }
    }
}

/// `sum u(k)`, `sum k u(k)` and `sum u(k)^2` over `k = 1..=n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloorSums {
    /// `sum u(k)`.
    pub f: BigInt,
    /// `sum k u(k)`.
    pub g: BigInt,
    /// `sum u(k)^2`.
    pub h: BigInt,
}

/// `n (n + 1) / 2`.
pub fn triangle(n: &BigInt) -> BigInt {
    n * (n + 1) / 2
}

/// `n (n + 1) (2n + 1) / 6`, the sum of the squares up to `n`.
pub fn squares(n: &BigInt) -> BigInt {
    n * (n + 1) * (2 * n + 1) / 6
}

/// The floor sums of `alpha` over `k = 1..=n` (see the module).
pub fn floor_sums(alpha: &Quadratic, n: BigInt) -> FloorSums {
    if n.sign() != Sign::Plus {
        return FloorSums {
            f: BigInt::ZERO,
            g: BigInt::ZERO,
            h: BigInt::ZERO,
        };
    }
    let q = alpha.floor();
    if q > BigInt::ZERO {
        let r = floor_sums(&alpha.minus(&q), n.clone());
        let (t1, t2) = (triangle(&n), squares(&n));
        return FloorSums {
            f: &q * t1 + &r.f,
            g: &q * &t2 + &r.g,
            h: &q * &q * t2 + 2 * &q * &r.g + r.h,
        };
    }
    let m = alpha.floor_times(&n);
    let s = floor_sums(&alpha.recip(), m.clone());
    FloorSums {
        f: &n * &m - &s.f,
        g: &m * triangle(&n) - (&s.h + &s.f) / 2,
        h: &n * &m * &m - 2 * &s.g + s.f,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn plain(alpha: &Quadratic, n: u64) -> FloorSums {
        let mut s = floor_sums(alpha, BigInt::ZERO);
        for k in 1..=n {
            let u = alpha.floor_times(&k.into());
            s.f += &u;
            s.g += &u * k;
            s.h += &u * &u;
        }
        s
    }

    #[test]
    fn slopes_are_positive_irrationals() {
        assert!(Quadratic::new(1, 1, 5, 2).is_some());
        assert!(Quadratic::new(-1, 1, 5, 2).is_some()); // 1/phi
        assert!(Quadratic::new(-3, 1, 5, 2).is_none()); // negative
        assert!(Quadratic::new(1, 1, 4, 2).is_none()); // rational
        assert!(Quadratic::new(1, 0, 5, 2).is_none());
        let phi = Quadratic::new(1, 1, 5, 2).unwrap();
        assert_eq!(phi.minus(&1.into()).recip(), phi);
        let phi2 = Quadratic::new(3, 1, 5, 2).unwrap();
        assert_eq!(phi2.whole_above(&phi), Some(1.into()));
        let sqrt2 = Quadratic::new(0, 1, 2, 1).unwrap();
        assert_eq!(
            Quadratic::new(4, 1, 8, 2).unwrap().whole_above(&sqrt2),
            Some(2.into())
        );
        assert_eq!(phi.whole_above(&sqrt2), None);
        assert_eq!(Quadratic::new(2, 1, 5, 2).unwrap().whole_above(&phi), None);
        let big = BigInt::from(10u8).pow(30);
        // floor(10^30 phi) = 1618033988749894848204586834365...
        let want: BigInt = "1618033988749894848204586834365".parse().unwrap();
        assert_eq!(phi.floor_times(&big), want);
    }

    proptest! {
        #[test]
        fn the_fast_sums_are_the_plain_sums(
            which in 0usize..8, n in 0u64..400,
        ) {
            let slopes = [(1, 1, 5, 2), (3, 1, 5, 2), (-1, 1, 5, 2), (0, 1, 2, 1), (0, 1, 3, 1), (0, 1, 2, 4), (7, 3, 13, 5), (-2, 1, 7, 1)];
            let (a, f, d, c) = slopes[which];
            let alpha = Quadratic::new(a, f, d, c).unwrap();
            prop_assert_eq!(floor_sums(&alpha, n.into()), plain(&alpha, n));
        }
    }
}
