//! The inner loops over pairs of heaps: the cell types that hold Grundy
//! values, the comparison of many options with the values still missing
//! (16-bit lanes, compiled for AVX2 where the processor has it, written in
//! WebAssembly's 128-bit SIMD where the module is built with it, portable
//! elsewhere), and the marking of options a byte at a time.

/// How the engine stores a Grundy value: `u8` while values stay below 256,
/// `u16` while they fit 16 bits (a half and a quarter of the memory and
/// cache traffic), `u32` otherwise.
pub trait StoredValue: Copy + Default + Send + Sync + 'static {
    /// The largest value the cell holds.
    const LIMIT: u32;
    /// The stored value.
    fn get(self) -> u32;
    /// Stores `v`, which is at most [`StoredValue::LIMIT`].
    fn put(v: u32) -> Self;
    /// Which of the values `want` are among `xs[i] ^ ys[len - 1 - i]` (the
    /// options of the splits that pair `xs` with `ys` read backwards): bit
    /// `j` is set when `want[j]` is.
    #[inline]
    fn hits(xs: &[Self], ys: &[Self], want: &[u32; WANTED]) -> u32 {
        let mut found = [false; WANTED];
        for (x, y) in xs.iter().zip(ys.iter().rev()) {
            let o = x.get() ^ y.get();
            for (f, &w) in found.iter_mut().zip(want) {
                *f |= o == w;
            }
        }
        found
            .iter()
            .enumerate()
            .map(|(j, &f)| (f as u32) << j)
            .sum()
    }
}

/// Values the plain search looks for by comparison rather than by marking.
pub const WANTED: usize = 8;

impl StoredValue for u16 {
    const LIMIT: u32 = u16::MAX as u32;
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Self {
        v as u16
    }
    #[inline]
    fn hits(xs: &[u16], ys: &[u16], want: &[u32; WANTED]) -> u32 {
        let want = want.map(|w| w as u16);
        // Fewer distinct values, fewer comparisons: the padding repeats the
        // last one.
        let four = want[3..].iter().all(|&w| w == want[WANTED - 1]);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe {
                if four {
                    hits16_avx2::<4>(xs, ys, &want)
                } else {
                    hits16_avx2::<WANTED>(xs, ys, &want)
                }
            };
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        return if four {
            hits16_simd128::<4>(xs, ys, &want)
        } else {
            hits16_simd128::<WANTED>(xs, ys, &want)
        };
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        if four {
            hits16::<4>(xs, ys, &want)
        } else {
            hits16::<WANTED>(xs, ys, &want)
        }
    }
}

/// [`StoredValue::hits`] in 16-bit lanes, kept out of line so that the loop is
/// compiled on its own, to vector instructions.
// A module built with SIMD calls the `_simd128` kernel instead.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(never)]
pub(super) fn hits16<const K: usize>(xs: &[u16], ys: &[u16], want: &[u16; WANTED]) -> u32 {
    hits16_lanes::<K>(xs, ys, want)
}

/// [`hits16`] compiled for AVX2 (16 lanes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
pub(super) unsafe fn hits16_avx2<const K: usize>(
    xs: &[u16],
    ys: &[u16],
    want: &[u16; WANTED],
) -> u32 {
    hits16_lanes::<K>(xs, ys, want)
}

/// [`hits16`] in WebAssembly's 128-bit SIMD: eight options at a time, the
/// partners read backwards by one lane shuffle ([`scan_simd128`]).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(never)]
pub(super) fn hits16_simd128<const K: usize>(xs: &[u16], ys: &[u16], want: &[u16; WANTED]) -> u32 {
    use std::arch::wasm32::{i16x8_shuffle, u16x8_eq, u16x8_splat};
    let wants = std::array::from_fn(|j| u16x8_splat(want[j]));
    let (bits, (xs, ys)) = scan_simd128::<u16, K, 8>(
        xs,
        ys,
        &wants,
        |y| i16x8_shuffle::<7, 6, 5, 4, 3, 2, 1, 0>(y, y),
        |a, b| u16x8_eq(a, b),
    );
    pad_bits::<K>(bits | hits16_lanes::<K>(xs, ys, want))
}

/// The SIMD part of [`hits16_simd128`] and [`hits8_simd128`]: `LANES`
/// options at a time (`xs[i..i + LANES]` with the partners
/// `ys[n - LANES - i..n - i]` turned around by `reverse`), two vectors a
/// round so that the comparisons of one overlap the loads of the next.
/// Bit `j` of the answer: some option equals `wants[j]`'s lanes; the rest
/// is the options left for the scalar loop (fewer than `LANES`).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
#[allow(clippy::type_complexity)]
fn scan_simd128<'a, T: Copy, const K: usize, const LANES: usize>(
    xs: &'a [T],
    ys: &'a [T],
    wants: &[std::arch::wasm32::v128; K],
    reverse: impl Fn(std::arch::wasm32::v128) -> std::arch::wasm32::v128,
    eq: impl Fn(std::arch::wasm32::v128, std::arch::wasm32::v128) -> std::arch::wasm32::v128,
) -> (u32, (&'a [T], &'a [T])) {
    use std::arch::wasm32::{u8x16_splat, v128, v128_load, v128_or, v128_xor};
    debug_assert_eq!(LANES * std::mem::size_of::<T>(), 16);
    let n = xs.len().min(ys.len());
    let (xs, ys) = (&xs[..n], &ys[ys.len() - n..]);
    let mut found: [v128; K] = [u8x16_splat(0); K];
    let options = |i: usize| {
        debug_assert!(i + LANES <= n);
        // SAFETY: both ranges lie in the slices (i + LANES <= n), each 16
        // bytes; wasm loads need no alignment.
        let (x, y) = unsafe {
            (
                v128_load(xs.as_ptr().add(i).cast()),
                v128_load(ys.as_ptr().add(n - LANES - i).cast()),
            )
        };
        v128_xor(x, reverse(y))
    };
    let mut i = 0;
    while i + 2 * LANES <= n {
        let (a, b) = (options(i), options(i + LANES));
        for j in 0..K {
            found[j] = v128_or(found[j], v128_or(eq(a, wants[j]), eq(b, wants[j])));
        }
        i += 2 * LANES;
    }
    if i + LANES <= n {
        let a = options(i);
        for j in 0..K {
            found[j] = v128_or(found[j], eq(a, wants[j]));
        }
        i += LANES;
    }
    (lanes_found(&found), (&xs[i..], &ys[..n - i]))
}

/// Which of the vectors `found` has a lane set: bit `j` for `found[j]`.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn lanes_found<const K: usize>(found: &[std::arch::wasm32::v128; K]) -> u32 {
    let mut bits = 0;
    for (j, &f) in found.iter().enumerate() {
        bits |= (std::arch::wasm32::v128_any_true(f) as u32) << j;
    }
    bits
}

/// `bits` for the first `K` values wanted, with the bits of the padding
/// (which repeats `want[K - 1]`) set when that value's is.
#[inline(always)]
fn pad_bits<const K: usize>(mut bits: u32) -> u32 {
    if K < WANTED && bits >> (K - 1) & 1 == 1 {
        bits |= ((1 << WANTED) - 1) & !((1 << K) - 1);
    }
    bits
}

/// [`StoredValue::hits`] for the first `K` values of `want`; the others repeat
/// `want[K - 1]`.
#[inline(always)]
fn hits16_lanes<const K: usize>(xs: &[u16], ys: &[u16], want: &[u16; WANTED]) -> u32 {
    let n = xs.len().min(ys.len());
    let (xs, ys) = (&xs[..n], &ys[ys.len() - n..]);
    let mut found = [0u16; K];
    for i in 0..n {
        let o = xs[i] ^ ys[n - 1 - i];
        for j in 0..K {
            found[j] |= (o == want[j]) as u16;
        }
    }
    let mut bits = 0;
    for (j, &f) in found.iter().enumerate() {
        bits |= ((f != 0) as u32) << j;
    }
    pad_bits::<K>(bits)
}

impl StoredValue for u8 {
    const LIMIT: u32 = u8::MAX as u32;
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Self {
        v as u8
    }
    #[inline]
    fn hits(xs: &[u8], ys: &[u8], want: &[u32; WANTED]) -> u32 {
        // The values wanted fit the cells (the search asks only then).
        let want = want.map(|w| w as u8);
        let four = want[3..].iter().all(|&w| w == want[WANTED - 1]);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe {
                if four {
                    hits8_avx2::<4>(xs, ys, &want)
                } else {
                    hits8_avx2::<WANTED>(xs, ys, &want)
                }
            };
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        return if four {
            hits8_simd128::<4>(xs, ys, &want)
        } else {
            hits8_simd128::<WANTED>(xs, ys, &want)
        };
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        if four {
            hits8::<4>(xs, ys, &want)
        } else {
            hits8::<WANTED>(xs, ys, &want)
        }
    }
}

/// [`StoredValue::hits`] in 8-bit lanes, out of line like [`hits16`].
// A module built with SIMD calls the `_simd128` kernel instead.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(never)]
pub(super) fn hits8<const K: usize>(xs: &[u8], ys: &[u8], want: &[u8; WANTED]) -> u32 {
    hits8_lanes::<K>(xs, ys, want)
}

/// [`hits8`] compiled for AVX2 (32 lanes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
pub(super) unsafe fn hits8_avx2<const K: usize>(xs: &[u8], ys: &[u8], want: &[u8; WANTED]) -> u32 {
    hits8_lanes::<K>(xs, ys, want)
}

/// [`hits8`] in WebAssembly's 128-bit SIMD: sixteen options at a time, as
/// [`hits16_simd128`] does.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(never)]
pub(super) fn hits8_simd128<const K: usize>(xs: &[u8], ys: &[u8], want: &[u8; WANTED]) -> u32 {
    use std::arch::wasm32::{i8x16_shuffle, u8x16_eq, u8x16_splat};
    let wants = std::array::from_fn(|j| u8x16_splat(want[j]));
    let (bits, (xs, ys)) = scan_simd128::<u8, K, 16>(
        xs,
        ys,
        &wants,
        |y| i8x16_shuffle::<15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0>(y, y),
        |a, b| u8x16_eq(a, b),
    );
    pad_bits::<K>(bits | hits8_lanes::<K>(xs, ys, want))
}

/// [`hits16_lanes`] for 8-bit cells.
#[inline(always)]
fn hits8_lanes<const K: usize>(xs: &[u8], ys: &[u8], want: &[u8; WANTED]) -> u32 {
    let n = xs.len().min(ys.len());
    let (xs, ys) = (&xs[..n], &ys[ys.len() - n..]);
    let mut found = [0u8; K];
    for i in 0..n {
        let o = xs[i] ^ ys[n - 1 - i];
        for j in 0..K {
            found[j] |= (o == want[j]) as u8;
        }
    }
    let mut bits = 0;
    for (j, &f) in found.iter().enumerate() {
        bits |= ((f != 0) as u32) << j;
    }
    pad_bits::<K>(bits)
}

impl StoredValue for u32 {
    const LIMIT: u32 = u32::MAX;
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn put(v: u32) -> Self {
        v
    }
}

/// The stamps as a table with room for every 16-bit value, when the cells
/// hold 16 bits (options are then 16-bit too, and indexing needs no check).
#[inline]
pub(super) fn short_table<V: StoredValue>(stamp: &mut [u32]) -> Option<&mut [u32; 1 << 16]> {
    if V::LIMIT <= 0xFFFF {
        stamp.get_mut(..1 << 16).and_then(|t| t.try_into().ok())
    } else {
        None
    }
}

/// Sets `seen[G(r) ^ G(s - r)]` for the rare positions `r` (with values
/// `rare_g`), all below `s`. Every option is below `seen.len()`, a power of
/// two.
#[inline(never)]
pub(super) fn mark_bytes<V: StoredValue, R: StoredValue>(
    seen: &mut [u8],
    g: &[V],
    s: usize,
    rare: &[usize],
    rare_g: &[R],
) {
    macro_rules! fixed {
        ($($w:literal)*) => {
            match seen.len() {
                $($w => return mark_fixed::<V, R, $w>(
                    seen.try_into().expect("the length just matched"),
                    g, s, rare, rare_g,
                ),)*
                _ => {}
            }
        };
    }
    fixed!(64 128 256 512 1024 2048 4096);
    let top = seen.len() - 1;
    for (&r, &gr) in rare.iter().zip(rare_g) {
        seen[(gr.get() ^ g[s - r].get()) as usize & top] = 1;
    }
}

/// [`mark_bytes`] for a table of `W` bytes, indexed without a check.
#[inline(always)]
fn mark_fixed<V: StoredValue, R: StoredValue, const W: usize>(
    seen: &mut [u8; W],
    g: &[V],
    s: usize,
    rare: &[usize],
    rare_g: &[R],
) {
    for (&r, &gr) in rare.iter().zip(rare_g) {
        seen[(gr.get() ^ g[s - r].get()) as usize & (W - 1)] = 1;
    }
}

/// Packs bytes that are 0 or 1 into bits, adding to what `bits` holds: byte
/// `i` sets bit `i % 64` of word `i / 64`.
pub(super) fn pack_bits(bytes: &[u8], bits: &mut [u64]) {
    for (word, chunk) in bits.iter_mut().zip(bytes.chunks_exact(64)) {
        let mut w = 0u64;
        for (i, eight) in chunk.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            // Multiplying gathers the low bit of byte i into bit 56 + i.
            w |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        }
        *word |= w;
    }
}
