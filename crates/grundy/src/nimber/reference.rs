//! The nim product by its plain recursion on Fermat 2-powers: slow, short,
//! and easy to check by hand. The fast paths are tested against it.
//!
//! With `F = 2^(2^k)` and `x = x1 F + x0`, `y = y1 F + y0` (all halves below
//! `F`), `F * F = F + F/2` gives
//! `x * y = (x1 y1 + x1 y0 + x0 y1) F + (x0 y0 + x1 y1 (F/2))`,
//! and the middle coefficient costs one product by Karatsuba:
//! `(x1 + x0)(y1 + y0) + x0 y0`.
//!
//! ```
//! use grundy::nimber::reference::nim_mul;
//! assert_eq!(nim_mul(16, 16), 24);
//! assert_eq!(nim_mul(5, 8), 3);
//! ```

/// Nim product of `a` and `b`, both below `2^bits` (`bits` a power of two,
/// at most 64).
pub fn nim_mul_bits(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let lo = nim_mul_bits(a0, b0, h);
    let hi = nim_mul_bits(a1, b1, h);
    let mid = nim_mul_bits(a1 ^ a0, b1 ^ b0, h) ^ lo;
    let half = nim_mul_bits(hi, 1u64 << (h - 1), h);
    (mid << h) | (lo ^ half)
}

/// Nim product of two 64-bit values by the plain recursion.
pub fn nim_mul(a: u64, b: u64) -> u64 {
    nim_mul_bits(a, b, 64)
}
