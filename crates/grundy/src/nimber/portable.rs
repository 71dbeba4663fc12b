//! The nim product on any CPU: logarithms in the 16-bit subfield and
//! Karatsuba on halves above it.
//!
//! The nimbers below `2^16` form the field GF(2^16); its multiplicative group
//! is cyclic of order 65535, so with a generator `g` every product there is
//! `exp[log a + log b]`, two table reads and an addition. A 32-bit product
//! is three 16-bit products (Karatsuba over nim-sum, as in
//! [`reference`](mod@super::reference)) plus one product by the constant
//! `2^15`; a 64-bit product is three 32-bit ones plus a product by `2^31`,
//! which splits into two 16-bit products by constants. So 64 bits cost nine
//! general and four constant 16-bit products, all table reads, no branch.
//!
//! ```
//! use grundy::nimber::portable;
//! assert_eq!(portable::nim_mul(1 << 32, 1 << 32), 3 << 31);
//! assert_eq!(portable::inverse16(2), 3);
//! ```

use std::sync::LazyLock;

use super::reference;

/// Order of the multiplicative group of GF(2^16).
const ORDER: u32 = 65535;
/// `log[0]`: large enough that any sum involving it lands in the zero tail
/// of `exp`, so products by zero need no branch.
const LOG_ZERO: u32 = 2 * ORDER;

struct Tables {
    /// `log[a]` for `a < 2^16`; `log[0] = LOG_ZERO`.
    log: Box<[u32]>,
    /// `exp[i] = g^i` for `i < 2 * ORDER`, then zeros.
    exp: Box<[u16]>,
    /// `log(2^15)`.
    log_half16: u32,
    /// `log(2^15 * 2^15)`.
    log_half16_sq: u32,
}

/// The smallest generator of the multiplicative group of GF(2^16).
fn generator() -> u64 {
    // 65535 = 3 * 5 * 17 * 257: g generates iff g^(65535/q) != 1 for each q.
    let pow = |mut a: u64, mut e: u32| {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = reference::nim_mul_bits(r, a, 16);
            }
            a = reference::nim_mul_bits(a, a, 16);
            e >>= 1;
        }
        r
    };
    (2..65536u64)
        .find(|&g| [3, 5, 17, 257].iter().all(|q| pow(g, ORDER / q) != 1))
        .expect("GF(2^16)* is cyclic")
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let g = generator();
    // Multiplying by g is linear over GF(2): images of the 16 unit bits.
    let cols: Vec<u32> = (0..16)
        .map(|i| reference::nim_mul_bits(g, 1 << i, 16) as u32)
        .collect();
    let times_g = |x: u32| {
        let mut r = 0;
        for (i, c) in cols.iter().enumerate() {
            if x >> i & 1 == 1 {
                r ^= c;
            }
        }
        r
    };
    let mut log = vec![0u32; 1 << 16].into_boxed_slice();
    let mut exp = vec![0u16; (2 * LOG_ZERO + 1) as usize].into_boxed_slice();
    let mut x = 1u32;
    for i in 0..ORDER {
        exp[i as usize] = x as u16;
        exp[(i + ORDER) as usize] = x as u16;
        log[x as usize] = i;
        x = times_g(x);
    }
    log[0] = LOG_ZERO;
    let half = 1u64 << 15;
    let log_half16 = log[half as usize];
    let log_half16_sq = log[reference::nim_mul_bits(half, half, 16) as usize];
    Tables {
        log,
        exp,
        log_half16,
        log_half16_sq,
    }
});

impl Tables {
    #[inline(always)]
    fn log(&self, a: u32) -> u32 {
        self.log[a as usize]
    }

    #[inline(always)]
    fn mul16(&self, a: u32, b: u32) -> u32 {
        self.exp[(self.log(a) + self.log(b)) as usize] as u32
    }

    /// `a * c` where `log_c` is the logarithm of a nonzero constant `c`.
    #[inline(always)]
    fn mul16_log(&self, a: u32, log_c: u32) -> u32 {
        self.exp[(self.log(a) + log_c) as usize] as u32
    }

    #[inline(always)]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a1, a0) = (a >> 16, a & 0xffff);
        let (b1, b0) = (b >> 16, b & 0xffff);
        let lo = self.mul16(a0, b0);
        let hi = self.mul16(a1, b1);
        let mid = self.mul16(a1 ^ a0, b1 ^ b0) ^ lo;
        ((mid) << 16) | (lo ^ self.mul16_log(hi, self.log_half16))
    }

    #[inline(always)]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let (a1, a0) = ((a >> 32) as u32, a as u32);
        let (b1, b0) = ((b >> 32) as u32, b as u32);
        let lo = self.mul32(a0, b0);
        let hi = self.mul32(a1, b1);
        let mid = self.mul32(a1 ^ a0, b1 ^ b0) ^ lo;
        // hi * 2^31 with hi = h1 F + h0, F = 2^16, 2^31 = 2^15 F:
        // (h1 + h0) 2^15 F + h1 (2^15 * 2^15).
        let (h1, h0) = (hi >> 16, hi & 0xffff);
        let half = (self.mul16_log(h1 ^ h0, self.log_half16) << 16)
            | self.mul16_log(h1, self.log_half16_sq);
        ((mid as u64) << 32) | (lo ^ half) as u64
    }
}

/// Nim product of two 64-bit values by subfield logarithms.
#[inline]
pub fn nim_mul(a: u64, b: u64) -> u64 {
    TABLES.mul64(a, b)
}

/// Nim product of two values below `2^16` (the result is below `2^16`).
///
/// ```
/// assert_eq!(grundy::nimber::portable::nim_mul16(2, 3), 1);
/// ```
#[inline]
pub fn nim_mul16(a: u16, b: u16) -> u16 {
    TABLES.mul16(a as u32, b as u32) as u16
}

/// Inverse of a nonzero nimber below `2^16` in GF(2^16); `inverse16(0)` is 0.
#[inline]
pub fn inverse16(a: u16) -> u16 {
    if a == 0 {
        return 0;
    }
    let t = &*TABLES;
    t.exp[(ORDER - t.log(a as u32)) as usize]
}

/// Nim products of `a[i]` and `b[i]` into `out[i]`, for the shortest length.
pub fn nim_mul_slices(a: &[u64], b: &[u64], out: &mut [u64]) {
    let t = &*TABLES;
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = t.mul64(x, y);
    }
}
