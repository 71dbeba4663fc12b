//! The nim product by carry-less multiplication (x86-64 PCLMULQDQ).
//!
//! GF(2^64) is unique up to isomorphism, so the nimbers below `2^64` are
//! also GF(2)[x]/(p) for the sparse irreducible `p = x^64 + x^4 + x^3 + x + 1`.
//! An isomorphism sends `x` to a root [`ROOT`] of `p` among the nimbers
//! (found by [`poly::find_root`](super::poly::find_root)); it is GF(2)-linear,
//! so both it and its inverse are 64 x 64 bit matrices, applied here one
//! byte at a time from eight 256-entry tables. A product is then: two basis
//! changes, one carry-less 64 x 64 -> 128-bit multiplication, a reduction
//! modulo `p` (two folds by shifts, as `p` is sparse), and a basis change
//! back. Nim-sum is XOR in both bases.
//!
//! The path is chosen at run time: [`Clmul::detect`] gives a multiplier only
//! when the CPU has the instruction.
//!
//! ```
//! use grundy::nimber::clmul::Clmul;
//! if let Some(m) = Clmul::detect() {
//!     assert_eq!(m.mul(16, 16), 24);
//! }
//! ```

use std::sync::LazyLock;

use super::linear::{apply, byte_tables, invert, ByteTables};
use super::portable;

/// The low terms of the modulus `p = x^64 + x^4 + x^3 + x + 1`.
pub const MODULUS_LOW: u64 = 0x1b;

/// A root of `p` among the nimbers: `ROOT^64 + ROOT^4 + ROOT^3 + ROOT + 1 = 0`
/// in nim arithmetic. The tests recompute it with
/// [`poly::find_root`](super::poly::find_root) and check that it has degree
/// 64 over GF(2), which also proves `p` irreducible.
pub const ROOT: u64 = 0x61ca_6f79_e880_db76;

struct Tables {
    /// Nimber -> polynomial coordinates.
    to_poly: Box<ByteTables>,
    /// Polynomial coordinates -> nimber.
    from_poly: Box<ByteTables>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut powers = [0u64; 64];
    let mut g = 1u64;
    for p in powers.iter_mut() {
        *p = g;
        g = portable::nim_mul(g, ROOT);
    }
    let inverse = invert(&powers).expect("ROOT has degree 64");
    Tables {
        to_poly: byte_tables(&inverse),
        from_poly: byte_tables(&powers),
    }
});

/// Reduces the 128-bit carry-less product `hi x^64 + lo` modulo `p`.
#[inline(always)]
fn reduce(lo: u64, hi: u64) -> u64 {
    // x^64 = x^4 + x^3 + x + 1: fold hi down, then the few bits pushed past
    // x^63 by the fold.
    let over = (hi >> 63) ^ (hi >> 61) ^ (hi >> 60);
    let lo = lo ^ hi ^ (hi << 1) ^ (hi << 3) ^ (hi << 4);
    lo ^ over ^ (over << 1) ^ (over << 3) ^ (over << 4)
}

/// Carry-less product of two 64-bit polynomials without the instruction,
/// one bit at a time: the plain definition the fast one is checked against.
pub fn clmul_plain(a: u64, b: u64) -> (u64, u64) {
    let (mut lo, mut hi) = (0u64, 0u64);
    for i in 0..64 {
        if b >> i & 1 == 1 {
            lo ^= a << i;
            if i > 0 {
                hi ^= a >> (64 - i);
            }
        }
    }
    (lo, hi)
}

/// The nim product through the polynomial basis with a bitwise carry-less
/// multiplication: the same algorithm as [`Clmul::mul`] on any CPU, slowly.
pub fn nim_mul_plain(a: u64, b: u64) -> u64 {
    let t = &*TABLES;
    let (lo, hi) = clmul_plain(apply(&t.to_poly, a), apply(&t.to_poly, b));
    apply(&t.from_poly, reduce(lo, hi))
}

/// The nimber field as GF(2)[x]/(p): a nimber's coordinates on the basis
/// `1, ROOT, ROOT^2, ..., ROOT^63`.
///
/// ```
/// use grundy::nimber::clmul::{from_polynomial, to_polynomial, ROOT};
/// assert_eq!(to_polynomial(ROOT), 0b10);
/// assert_eq!(from_polynomial(to_polynomial(12345)), 12345);
/// ```
pub fn to_polynomial(a: u64) -> u64 {
    apply(&TABLES.to_poly, a)
}

/// The nimber with coordinates `c` on the basis `1, ROOT, ..., ROOT^63`.
pub fn from_polynomial(c: u64) -> u64 {
    apply(&TABLES.from_poly, c)
}

/// A nim multiplier using PCLMULQDQ; exists only on CPUs that have it.
#[derive(Clone, Copy)]
pub struct Clmul {
    tables: &'static Tables,
}

/// All multipliers are the same: there is one set of tables.
impl PartialEq for Clmul {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Clmul {}

impl std::fmt::Debug for Clmul {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clmul")
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{
        _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_cvtsi64_si128, _mm_unpackhi_epi64,
    };

    use super::{apply, reduce, Tables};

    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    pub(super) fn mul(t: &Tables, a: u64, b: u64) -> u64 {
        let pa = apply(&t.to_poly, a);
        let pb = apply(&t.to_poly, b);
        let prod = _mm_clmulepi64_si128(
            _mm_cvtsi64_si128(pa as i64),
            _mm_cvtsi64_si128(pb as i64),
            0,
        );
        let lo = _mm_cvtsi128_si64(prod) as u64;
        let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(prod, prod)) as u64;
        apply(&t.from_poly, reduce(lo, hi))
    }

    #[target_feature(enable = "pclmulqdq")]
    pub(super) fn mul_slices(t: &Tables, a: &[u64], b: &[u64], out: &mut [u64]) {
        for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
            *o = mul(t, x, y);
        }
    }
}

impl Clmul {
    /// A multiplier when the CPU has PCLMULQDQ, else `None`.
    pub fn detect() -> Option<Clmul> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("pclmulqdq") {
                return Some(Clmul { tables: &TABLES });
            }
        }
        None
    }

    /// Nim product of `a` and `b`.
    #[inline]
    pub fn mul(self, a: u64, b: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Clmul` is only made by `detect`, after the CPU was
            // found to have PCLMULQDQ.
            unsafe { x86::mul(self.tables, a, b) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = self.tables;
            nim_mul_plain(a, b)
        }
    }

    /// Nim products of `a[i]` and `b[i]` into `out[i]`, for the shortest
    /// length.
    pub fn mul_slices(self, a: &[u64], b: &[u64], out: &mut [u64]) {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: as in `mul`.
            unsafe { x86::mul_slices(self.tables, a, b, out) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                *o = self.mul(x, y);
            }
        }
    }
}
