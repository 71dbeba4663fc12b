//! GF(2)-linear maps of 64-bit words, applied a byte at a time.
//!
//! Nim-sum is XOR, so every map that respects it (a change of basis, the
//! Frobenius map `x -> x^2` and its inverse, the square root) is a 64 x 64
//! matrix over GF(2). Eight tables of 256 words, one per input byte, apply
//! it in eight reads and seven XORs.
//!
//! ```
//! use grundy::nimber::linear::{apply, byte_tables};
//! let mut images = [0u64; 64];
//! for (i, im) in images.iter_mut().enumerate() {
//!     *im = 1u64 << (63 - i); // bit reversal
//! }
//! let t = byte_tables(&images);
//! assert_eq!(apply(&t, 1), 1 << 63);
//! assert_eq!(apply(&t, 0b110), 0b011 << 61);
//! ```

/// A linear map as tables `[byte index][byte value]`.
pub type ByteTables = [[u64; 256]; 8];

/// Byte tables of the linear map sending unit bit `i` to `images[i]`.
pub fn byte_tables(images: &[u64; 64]) -> Box<ByteTables> {
    let mut t = Box::new([[0u64; 256]; 8]);
    for (k, table) in t.iter_mut().enumerate() {
        for v in 1..256usize {
            let low = v & v.wrapping_neg();
            let bit = low.trailing_zeros() as usize;
            table[v] = table[v ^ low] ^ images[8 * k + bit];
        }
    }
    t
}

/// The image of `x` under the map given by `t`.
#[inline(always)]
pub fn apply(t: &ByteTables, x: u64) -> u64 {
    let b = x.to_le_bytes();
    t[0][b[0] as usize]
        ^ t[1][b[1] as usize]
        ^ t[2][b[2] as usize]
        ^ t[3][b[3] as usize]
        ^ t[4][b[4] as usize]
        ^ t[5][b[5] as usize]
        ^ t[6][b[6] as usize]
        ^ t[7][b[7] as usize]
}

/// Inverts the map sending unit bit `i` to `images[i]`: the images of the
/// unit bits under the inverse, or `None` when the map is singular.
///
/// ```
/// use grundy::nimber::linear::invert;
/// let id: [u64; 64] = std::array::from_fn(|i| 1u64 << i);
/// assert_eq!(invert(&id), Some(id));
/// assert_eq!(invert(&[0u64; 64]), None);
/// ```
pub fn invert(images: &[u64; 64]) -> Option<[u64; 64]> {
    // Rows of the augmented system: (image, combination of unit bits).
    let mut rows: Vec<(u64, u64)> = (0..64).map(|i| (images[i], 1u64 << i)).collect();
    for bit in 0..64 {
        let pivot = (bit..64).find(|&r| rows[r].0 >> bit & 1 == 1)?;
        rows.swap(bit, pivot);
        let (pv, pc) = rows[bit];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != bit && row.0 >> bit & 1 == 1 {
                row.0 ^= pv;
                row.1 ^= pc;
            }
        }
    }
    let mut inv = [0u64; 64];
    for (bit, row) in rows.iter().enumerate() {
        inv[bit] = row.1;
    }
    Some(inv)
}

/// The map as 8 x 8 blocks of bit matrices, in the layout of the x86
/// GF2P8AFFINEQB instruction: `blocks[k][j]` sends input byte `k` to its
/// share of output byte `j`, and its byte `7 - i` is the row giving output
/// bit `i`.
pub fn affine_blocks(images: &[u64; 64]) -> [[u64; 8]; 8] {
    let mut blocks = [[0u64; 8]; 8];
    for (k, row) in blocks.iter_mut().enumerate() {
        for (j, block) in row.iter_mut().enumerate() {
            for i in 0..8 {
                let mut bits = 0u64;
                for c in 0..8 {
                    bits |= (images[8 * k + c] >> (8 * j + i) & 1) << c;
                }
                *block |= bits << (8 * (7 - i));
            }
        }
    }
    blocks
}

/// The map given by [`affine_blocks`], applied as the instruction would,
/// one bit at a time.
///
/// ```
/// use grundy::nimber::linear::{affine_blocks, apply_blocks};
/// let images: [u64; 64] = std::array::from_fn(|i| 1u64 << (63 - i));
/// assert_eq!(apply_blocks(&affine_blocks(&images), 0b110), 0b011 << 61);
/// ```
pub fn apply_blocks(blocks: &[[u64; 8]; 8], x: u64) -> u64 {
    let mut y = 0u64;
    for (k, row) in blocks.iter().enumerate() {
        let byte = x >> (8 * k) & 0xff;
        for (j, block) in row.iter().enumerate() {
            for i in 0..8 {
                let r = block >> (8 * (7 - i)) & 0xff;
                y ^= ((r & byte).count_ones() as u64 & 1) << (8 * j + i);
            }
        }
    }
    y
}
