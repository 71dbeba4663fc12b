//! The nimbers below `2^64` as the field GF(2^64): powers, inverses,
//! division, squares and square roots.
//!
//! Inverses go down the tower of subfields: with `F = 2^32`, the conjugate
//! of `x = a1 F + a0` over GF(2^32) is `a1 F + (a0 + a1)` (`F` and `F + 1`
//! are the two roots of `X^2 + X + F/2`), the norm `x * conj(x)` lies in
//! GF(2^32), and `1/x = conj(x) / norm`; the same step halves again to
//! GF(2^16), where logarithm tables give the inverse. Squaring (the
//! Frobenius map) is linear over GF(2), so it and its inverse, the square
//! root `x^(2^63)`, are applied from byte tables.
//!
//! ```
//! use grundy::nimber::Nimber;
//! let x = Nimber(123_456_789);
//! let inv = x.inverse().unwrap();
//! assert_eq!(x * inv, Nimber::ONE);
//! assert_eq!(x.sqrt().square(), x);
//! assert_eq!(Nimber(2).pow(3), Nimber(1)); // 2 has order 3 in GF(4)
//! assert_eq!(Nimber(8).checked_div(Nimber(0)), None);
//! ```

use std::ops::{Div, DivAssign};
use std::sync::LazyLock;

use super::linear::{apply, byte_tables, ByteTables};
use super::{nim_mul, portable, Nimber};

struct Frobenius {
    square: Box<ByteTables>,
    sqrt: Box<ByteTables>,
}

static FROBENIUS: LazyLock<Frobenius> = LazyLock::new(|| {
    let squares: [u64; 64] = std::array::from_fn(|i| nim_mul(1 << i, 1 << i));
    // sqrt(x) = x^(2^63): 63 squarings of each unit bit.
    let roots: [u64; 64] = std::array::from_fn(|i| {
        let mut r = 1u64 << i;
        for _ in 0..63 {
            r = nim_mul(r, r);
        }
        r
    });
    Frobenius {
        square: byte_tables(&squares),
        sqrt: byte_tables(&roots),
    }
});

/// Inverse in GF(2^(2 * half)) of a nonzero `x` below `2^(2 * half)`.
fn inverse_tower(x: u64, half: u32) -> u64 {
    if half == 8 {
        return portable::inverse16(x as u16) as u64;
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (x >> half, x & mask);
    if a1 == 0 {
        return inverse_tower(a0, half / 2);
    }
    let conj = (a1 << half) | (a0 ^ a1);
    let norm = portable::nim_mul(x, conj);
    debug_assert!(norm >> half == 0, "the norm lies in the subfield");
    portable::nim_mul(conj, inverse_tower(norm, half / 2))
}

impl Nimber {
    /// `self * self`.
    pub fn square(self) -> Nimber {
        Nimber(apply(&FROBENIUS.square, self.0))
    }

    /// The square root: the unique `r` with `r * r = self`, which is
    /// `self^(2^63)` since the Frobenius map has order 64.
    ///
    /// ```
    /// use grundy::nimber::Nimber;
    /// assert_eq!(Nimber(3).sqrt(), Nimber(2)); // 2 * 2 = 3
    /// ```
    pub fn sqrt(self) -> Nimber {
        Nimber(apply(&FROBENIUS.sqrt, self.0))
    }

    /// `self` to the power `e` (`0^0 = 1`).
    pub fn pow(self, mut e: u64) -> Nimber {
        let mut base = self;
        let mut r = Nimber::ONE;
        while e > 0 {
            if e & 1 == 1 {
                r *= base;
            }
            base = base.square();
            e >>= 1;
        }
        r
    }

    /// The multiplicative inverse; `None` for `*0`.
    pub fn inverse(self) -> Option<Nimber> {
        if self.0 == 0 {
            None
        } else {
            Some(Nimber(inverse_tower(self.0, 32)))
        }
    }

    /// `self / rhs`; `None` when `rhs` is `*0`.
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        rhs.inverse().map(|inv| self * inv)
    }
}

/// Division in the nimber field.
///
/// # Panics
///
/// On division by `*0`, as integer division does; use
/// [`Nimber::checked_div`] to get `None` instead.
impl Div for Nimber {
    type Output = Nimber;
    fn div(self, rhs: Nimber) -> Nimber {
        self.checked_div(rhs).expect("nimber division by zero")
    }
}

impl DivAssign for Nimber {
    fn div_assign(&mut self, rhs: Nimber) {
        *self = *self / rhs;
    }
}
