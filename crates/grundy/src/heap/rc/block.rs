//! The pairs of the old rare positions for a block of heaps at once.
//!
//! Heap by heap, the partners `s - r` of the rare positions `r` are spread
//! over a window as long as the last rare position (tens of thousands of
//! heaps for Grundy's game), one cache line per pair, and every heap walks
//! the whole window again. For a block of consecutive heaps and one rare
//! position the partners are consecutive instead: the loop runs over the
//! rare positions outside and the heaps of the block inside, so each pair
//! costs a load from a line already in the cache and one byte store into
//! that heap's table, and the window is walked once per block.

use super::StoredValue;

/// Marks, for the heaps `x0 + j` (`j < tables.len() / width`) and the
/// splitting removal `k` (`unequal` when the two heaps left must differ),
/// the options `G(r) ^ G(s - r)` (`s = x0 + j - k`) of the rare positions
/// `r` (values `rare_g`) below `s` whose partner `s - r` lies in
/// `partners`: byte `v` of table `j` (`tables[j * width..][..width]`) is set
/// for every such option `v`. `g` must hold the partners; every value is
/// below `width`, a power of two of at least 64. Returns the pairs marked.
pub(super) fn mark_block<V: StoredValue, R: StoredValue>(
    tables: &mut [u8],
    width: usize,
    g: &[V],
    x0: usize,
    (k, unequal): (usize, bool),
    partners: std::ops::Range<usize>,
    (rare, rare_g): (&[usize], &[R]),
) -> u64 {
    let len = tables.len() / width;
    let mut pairs = 0u64;
    // Only rare positions below the last `s` have a partner in the block.
    let last_s = (x0 + len).saturating_sub(k + 1);
    let end = rare.partition_point(|&r| r < last_s);
    for (&r, &gr) in rare[..end].iter().zip(rare_g) {
        // `r + max(1, start) <= s < r + end`, with `s = x0 + j - k`.
        let lo = (r + k + partners.start.max(1)).saturating_sub(x0);
        let hi = (r + k + partners.end).saturating_sub(x0).min(len);
        if lo >= hi {
            continue;
        }
        // An unequal split cannot leave `r` twice: heap `2r + k` is left out.
        let equal = (2 * r + k).checked_sub(x0).filter(|&j| unequal && j < hi);
        let runs = match equal {
            Some(j) if j >= lo => [(lo, j), (j + 1, hi)],
            _ => [(lo, hi), (hi, hi)],
        };
        for (lo, hi) in runs {
            if lo >= hi {
                continue;
            }
            pairs += (hi - lo) as u64;
            let first = x0 + lo - k - r;
            let ys = &g[first..first + (hi - lo)];
            mark_run(&mut tables[lo * width..hi * width], width, gr.get(), ys);
        }
    }
    pairs
}

/// Sets byte `u ^ ys[j]` of table `j` (`tables[j * width..][..width]`) for
/// every `j`.
#[inline]
fn mark_run<V: StoredValue>(tables: &mut [u8], width: usize, u: u32, ys: &[V]) {
    macro_rules! fixed {
        ($($w:literal)*) => {
            match width {
                $($w => {
                    let (rows, _) = tables.as_chunks_mut::<$w>();
                    for (row, y) in rows.iter_mut().zip(ys) {
                        row[(u ^ y.get()) as usize & ($w - 1)] = 1;
                    }
                    return;
                })*
                _ => {}
            }
        };
    }
    fixed!(64 128 256 512 1024 2048 4096);
    for (row, y) in tables.chunks_exact_mut(width).zip(ys) {
        row[(u ^ y.get()) as usize & (width - 1)] = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The same marks, pair by pair from the definition.
    fn plain(
        width: usize,
        len: usize,
        g: &[u32],
        x0: usize,
        (k, unequal): (usize, bool),
        partners: std::ops::Range<usize>,
        rare: &[usize],
    ) -> (Vec<u8>, u64) {
        let mut tables = vec![0u8; len * width];
        let mut pairs = 0;
        for j in 0..len {
            let Some(s) = (x0 + j).checked_sub(k) else {
                continue;
            };
            for &r in rare {
                if r < s && partners.contains(&(s - r)) && !(unequal && 2 * r == s) {
                    tables[j * width + (g[r] ^ g[s - r]) as usize] = 1;
                    pairs += 1;
                }
            }
        }
        (tables, pairs)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn marks_what_the_pairs_give(
            values in proptest::collection::vec(0u32..200, 2..300),
            picks in proptest::collection::vec(any::<bool>(), 300),
            wide in any::<bool>(),
            k in 0usize..4,
            unequal in any::<bool>(),
            known_back in 0usize..40,
            from in 0usize..30,
            x_ahead in 0usize..40,
            len in 1usize..50,
        ) {
            let width = if wide { 256 } else { 64 };
            let g: Vec<u32> = values.iter().map(|&v| v % width as u32).collect();
            let known = g.len().saturating_sub(known_back).max(1);
            let x0 = known + x_ahead;
            let rare: Vec<usize> = (1..g.len()).filter(|&r| picks[r]).collect();
            let rare_g: Vec<u32> = rare.iter().map(|&r| g[r]).collect();
            let partners = from.min(known)..known;
            let (expected, pairs) = plain(width, len, &g, x0, (k, unequal), partners.clone(), &rare);
            let mut tables = vec![0u8; len * width];
            let got = mark_block(&mut tables, width, &g[..known], x0, (k, unequal), partners.clone(), (&rare, &rare_g));
            prop_assert_eq!(got, pairs);
            prop_assert_eq!(&tables, &expected);
            let g16: Vec<u16> = g.iter().map(|&v| v as u16).collect();
            let mut tables = vec![0u8; len * width];
            mark_block(&mut tables, width, &g16[..known], x0, (k, unequal), partners, (&rare, &rare_g));
            prop_assert_eq!(&tables, &expected);
        }
    }
}
