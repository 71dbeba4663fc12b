//! The nim product by carry-less multiplication (x86-64 PCLMULQDQ).
//!
//! GF(2^64) is unique up to isomorphism, so the nimbers below `2^64` are
//! also `GF(2)[x]/(p)` for the sparse irreducible `p = x^64 + x^4 + x^3 + x + 1`.
//! An isomorphism sends `x` to a root [`ROOT`] of `p` among the nimbers
//! (found by [`poly::find_root`](super::poly::find_root)); it is GF(2)-linear,
//! so both it and its inverse are 64 x 64 bit matrices, applied here one
//! byte at a time from eight 256-entry tables. A product is then: two basis
//! changes, one carry-less 64 x 64 -> 128-bit multiplication, a reduction
//! modulo `p` (two folds by shifts, as `p` is sparse), and a basis change
//! back. Nim-sum is XOR in both bases.
//!
//! On CPUs with AVX-512 (VBMI, GFNI and VPCLMULQDQ), [`Clmul::mul_slices`]
//! does eight products at a time: the basis changes become eight
//! GF2P8AFFINEQB bit-matrix multiplications per eight words (the matrices
//! cut into 8 x 8 blocks, [`linear::affine_blocks`](super::linear::affine_blocks)),
//! and VPCLMULQDQ makes four carry-less products per instruction.
//!
//! The path is chosen at run time: [`Clmul::detect`] gives a multiplier only
//! when the CPU has the instruction, and uses the eight-wide variant when it
//! has those too.
//!
//! ```
//! use grundy::nimber::clmul::Clmul;
//! if let Some(m) = Clmul::detect() {
//!     assert_eq!(m.mul(16, 16), 24);
//! }
//! ```

use std::sync::LazyLock;

use super::linear::{affine_blocks, apply, apply_blocks, byte_tables, invert, ByteTables};
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
    /// The same two maps as blocks for GF2P8AFFINEQB.
    to_blocks: [[u64; 8]; 8],
    from_blocks: [[u64; 8]; 8],
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
        to_blocks: affine_blocks(&inverse),
        from_blocks: affine_blocks(&powers),
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

/// The same product with the basis changes done by the 8 x 8 bit-matrix
/// blocks the eight-wide path feeds to GF2P8AFFINEQB, emulated bit by bit:
/// checks that layout on any CPU.
pub fn nim_mul_blocks(a: u64, b: u64) -> u64 {
    let t = &*TABLES;
    let (lo, hi) = clmul_plain(apply_blocks(&t.to_blocks, a), apply_blocks(&t.to_blocks, b));
    apply_blocks(&t.from_blocks, reduce(lo, hi))
}

/// The nimber field as `GF(2)[x]/(p)`: a nimber's coordinates on the basis
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
    /// Whether the eight-wide AVX-512 variant can run too.
    wide: bool,
}

/// Multipliers differ only in whether they go eight at a time: there is one
/// set of tables.
impl PartialEq for Clmul {
    fn eq(&self, other: &Self) -> bool {
        self.wide == other.wide
    }
}

impl Eq for Clmul {}

impl std::fmt::Debug for Clmul {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clmul").field("wide", &self.wide).finish()
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

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

    /// Whether the CPU can run [`mul_slices_wide`].
    pub(super) fn has_wide() -> bool {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
            && std::arch::is_x86_feature_detected!("gfni")
            && std::arch::is_x86_feature_detected!("vpclmulqdq")
    }

    /// A 64 x 64 bit matrix applied to eight words at once. Lane `e` of
    /// `x` holds word `e`. For each input byte `k`, a byte permutation
    /// spreads byte `k` of the eight words to every lane (`D_k`, lane `j`,
    /// byte `e` = byte `k` of word `e`); GF2P8AFFINEQB multiplies lane `j`
    /// by block `(k, j)`; the XOR over `k` holds output byte `j` of word `e`
    /// at lane `j`, byte `e`, and one more permutation transposes it back.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
    #[inline]
    fn apply_wide(
        spread: &[__m512i; 8],
        transpose: __m512i,
        blocks: &[__m512i; 8],
        x: __m512i,
    ) -> __m512i {
        let mut r = _mm512_setzero_si512();
        for k in 0..8 {
            let d = _mm512_permutexvar_epi8(spread[k], x);
            r = _mm512_xor_si512(r, _mm512_gf2p8affine_epi64_epi8::<0>(d, blocks[k]));
        }
        _mm512_permutexvar_epi8(transpose, r)
    }

    /// Nim products eight at a time: VPCLMULQDQ for the carry-less
    /// products, GF2P8AFFINEQB for the basis changes; the tail goes one by
    /// one.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq,pclmulqdq")]
    pub(super) fn mul_slices_wide(t: &Tables, a: &[u64], b: &[u64], out: &mut [u64]) {
        let n = out.len().min(a.len()).min(b.len());
        let spread: [__m512i; 8] = std::array::from_fn(|k| {
            let idx: [u8; 64] = std::array::from_fn(|p| (8 * (p % 8) + k) as u8);
            // SAFETY: reading 64 bytes from a 64-byte array.
            unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) }
        });
        let transpose = {
            let idx: [u8; 64] = std::array::from_fn(|p| (8 * (p % 8) + p / 8) as u8);
            // SAFETY: as above.
            unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) }
        };
        let blocks = |m: &[[u64; 8]; 8]| -> [__m512i; 8] {
            std::array::from_fn(|k| {
                // SAFETY: reading 8 words from an array of 8.
                unsafe { _mm512_loadu_si512(m[k].as_ptr().cast()) }
            })
        };
        let (to, from) = (blocks(&t.to_blocks), blocks(&t.from_blocks));
        let mut i = 0;
        while i + 8 <= n {
            // SAFETY: i + 8 <= n, and n is at most each slice's length.
            let (x, y) = unsafe {
                (
                    _mm512_loadu_si512(a.as_ptr().add(i).cast()),
                    _mm512_loadu_si512(b.as_ptr().add(i).cast()),
                )
            };
            let px = apply_wide(&spread, transpose, &to, x);
            let py = apply_wide(&spread, transpose, &to, y);
            let even = _mm512_clmulepi64_epi128::<0x00>(px, py);
            let odd = _mm512_clmulepi64_epi128::<0x11>(px, py);
            let lo = _mm512_unpacklo_epi64(even, odd);
            let hi = _mm512_unpackhi_epi64(even, odd);
            // x^64 = x^4 + x^3 + x + 1, as in `reduce`.
            let over = _mm512_xor_si512(
                _mm512_xor_si512(_mm512_srli_epi64::<63>(hi), _mm512_srli_epi64::<61>(hi)),
                _mm512_srli_epi64::<60>(hi),
            );
            let fold = |v: __m512i| {
                _mm512_xor_si512(
                    _mm512_xor_si512(v, _mm512_slli_epi64::<1>(v)),
                    _mm512_xor_si512(_mm512_slli_epi64::<3>(v), _mm512_slli_epi64::<4>(v)),
                )
            };
            let r = _mm512_xor_si512(_mm512_xor_si512(lo, fold(hi)), fold(over));
            let z = apply_wide(&spread, transpose, &from, r);
            // SAFETY: as for the loads.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().add(i).cast(), z) };
            i += 8;
        }
        for j in i..n {
            out[j] = mul(t, a[j], b[j]);
        }
    }
}

impl Clmul {
    /// A multiplier when the CPU has PCLMULQDQ, else `None`.
    pub fn detect() -> Option<Clmul> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("pclmulqdq") {
                return Some(Clmul {
                    tables: &TABLES,
                    wide: x86::has_wide(),
                });
            }
        }
        None
    }

    /// The same multiplier without the eight-wide AVX-512 variant, so that
    /// [`Clmul::mul_slices`] uses one PCLMULQDQ per product.
    pub fn narrow(self) -> Clmul {
        Clmul {
            wide: false,
            ..self
        }
    }

    /// Whether [`Clmul::mul_slices`] runs eight products at a time
    /// (AVX-512 with VPCLMULQDQ, GFNI and VBMI).
    pub fn is_wide(self) -> bool {
        self.wide
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
            let _ = (self.tables, self.wide);
            nim_mul_plain(a, b)
        }
    }

    /// Nim products of `a[i]` and `b[i]` into `out[i]`, for the shortest
    /// length.
    pub fn mul_slices(self, a: &[u64], b: &[u64], out: &mut [u64]) {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: as in `mul`; the wide variant only when its features
            // were detected.
            unsafe {
                if self.wide {
                    x86::mul_slices_wide(self.tables, a, b, out)
                } else {
                    x86::mul_slices(self.tables, a, b, out)
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                *o = self.mul(x, y);
            }
        }
    }
}
