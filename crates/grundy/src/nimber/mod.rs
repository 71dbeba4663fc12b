//! Nimbers: the values of impartial games, with nim-sum, nim product and mex.
//!
//! The nimbers below 2^64 form a field: addition is bitwise XOR (nim-sum) and
//! multiplication is Conway's nim product, defined by
//! `a * b = mex{ a'*b + a*b' + a'*b' : a' < a, b' < b }`.
//!
//! Three implementations of the product, one file each, all tested against
//! each other and against the mex definition:
//! - [`reference`](mod@reference): the plain Fermat-power recursion (slow, obviously right);
//! - [`portable`]: logarithms in the 16-bit subfield and Karatsuba on halves;
//! - [`clmul`]: a change of basis to `GF(2)[x]/(x^64 + x^4 + x^3 + x + 1)` and
//!   one carry-less multiplication (PCLMULQDQ), chosen at run time.
//!
//! [`nim_mul`] uses the fastest one the CPU allows. [`field`] adds inverse,
//! division, powers and square roots; [`poly`] finds roots of polynomials
//! over the nimbers; [`mex`](mod@mex) and [`expr`] hold the mex and the
//! expression evaluator.
//!
//! ```
//! use grundy::nimber::Nimber;
//! let a = Nimber(2);
//! let b = Nimber(3);
//! assert_eq!(a + b, Nimber(1));
//! assert_eq!(a * b, Nimber(1)); // 2 * 3 = 1: 2 and 3 are inverses in GF(4)
//! assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
//! assert_eq!(Nimber(1) / Nimber(2), Nimber(3));
//! ```

use std::fmt;
use std::ops::{Add, AddAssign, Mul, MulAssign};
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

pub mod batch;
pub mod clmul;
pub mod expr;
pub mod field;
pub mod linear;
pub mod mex;
pub mod poly;
pub mod portable;
pub mod reference;
pub mod sums;

pub use expr::{eval, ExprError};
pub use mex::{mex, Mex};

/// A nimber `*n` for `n < 2^64`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `*0`: the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*1`, the multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The underlying integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `*0`.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Self {
        Nimber(v)
    }
}

/// Nim-sum is bitwise XOR.
impl Add for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(nim_mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        self.0 = nim_mul(self.0, rhs.0);
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

/// The implementation of the nim product [`nim_mul`] uses on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MulPath {
    /// Carry-less multiplication ([`clmul`]).
    Clmul(clmul::Clmul),
    /// Subfield logarithms ([`portable`]).
    Portable,
}

static PATH: LazyLock<MulPath> = LazyLock::new(|| match clmul::Clmul::detect() {
    Some(c) => MulPath::Clmul(c),
    None => MulPath::Portable,
});

impl MulPath {
    /// The fastest path on this CPU.
    pub fn fastest() -> MulPath {
        *PATH
    }

    /// A short name: `"clmul"` or `"portable"`.
    pub fn name(self) -> &'static str {
        match self {
            MulPath::Clmul(_) => "clmul",
            MulPath::Portable => "portable",
        }
    }

    /// Nim product of `a` and `b` by this path.
    #[inline]
    pub fn mul(self, a: u64, b: u64) -> u64 {
        match self {
            MulPath::Clmul(c) => c.mul(a, b),
            MulPath::Portable => portable::nim_mul(a, b),
        }
    }

    /// Nim products of `a[i]` and `b[i]` into `out[i]`, for the shortest
    /// length: the loop runs inside the path, so it is as fast as it gets.
    pub fn mul_slices(self, a: &[u64], b: &[u64], out: &mut [u64]) {
        match self {
            MulPath::Clmul(c) => c.mul_slices(a, b, out),
            MulPath::Portable => portable::nim_mul_slices(a, b, out),
        }
    }
}

/// Nim product of two 64-bit values, by the fastest path on this CPU.
///
/// ```
/// assert_eq!(grundy::nimber::nim_mul(5, 8), 3);
/// assert_eq!(grundy::nimber::nim_mul(16, 16), 24);
/// ```
#[inline]
pub fn nim_mul(a: u64, b: u64) -> u64 {
    PATH.mul(a, b)
}

/// Nim products of `a[i]` and `b[i]` into `out[i]` by the fastest path.
///
/// ```
/// let mut out = [0u64; 3];
/// grundy::nimber::nim_mul_slices(&[2, 4, 16], &[2, 4, 16], &mut out);
/// assert_eq!(out, [3, 6, 24]);
/// ```
pub fn nim_mul_slices(a: &[u64], b: &[u64], out: &mut [u64]) {
    PATH.mul_slices(a, b, out)
}

#[cfg(test)]
mod tests;
