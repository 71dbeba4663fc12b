//! Per-size windows: from a heap of `i` tokens take between `L_i` and `R_i`
//! (`1 <= L_i <= R_i <= i`), so `G(i) = mex{ G(j) : i - R_i <= j <= i - L_i }`,
//! the mex of a window of the sequence itself.
//!
//! Computed in `O(n log n)`: sweep the right end `r` of the windows; a
//! segment tree over values keeps, for each value, the last position `<= r`
//! holding it, with minima on its nodes. The mex of a window `[l, r]` is the
//! smallest value whose last position is before `l`, found by one descent.
//! A heap `i` is answered when the sweep reaches `i - L_i < i`, before the
//! sweep needs its value at `r = i`.
//!
//! ```
//! use grundy::heap::ranges::sequence;
//! // Take 1 or 2 from every heap: G(i) = i mod 3.
//! let lo = vec![1; 10];
//! let hi: Vec<usize> = (0..10).map(|i: usize| i.clamp(1, 2)).collect();
//! assert_eq!(sequence(&lo, &hi).unwrap(), [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
//! ```

/// A window that breaks `1 <= L_i <= R_i <= i`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("heap {heap}: the window {lo}..{hi} must satisfy 1 <= L <= R <= {heap}")]
pub struct WindowError {
    /// The heap size.
    pub heap: usize,
    /// `L_i`.
    pub lo: usize,
    /// `R_i`.
    pub hi: usize,
}

/// `G(0..n)` for windows `lo[i]..=hi[i]` (entries at index 0 are ignored:
/// the empty heap has no move). `lo` and `hi` must have the same length.
pub fn sequence(lo: &[usize], hi: &[usize]) -> Result<Vec<u32>, WindowError> {
    assert_eq!(lo.len(), hi.len(), "one window per heap");
    let n = lo.len();
    for i in 1..n {
        if !(1 <= lo[i] && lo[i] <= hi[i] && hi[i] <= i) {
            return Err(WindowError {
                heap: i,
                lo: lo[i],
                hi: hi[i],
            });
        }
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    // Heaps answered when the sweep reaches r = i - L_i, in buckets by r.
    let mut head = vec![u32::MAX; n];
    let mut next = vec![u32::MAX; n];
    for i in (1..n).rev() {
        let r = i - lo[i];
        next[i] = head[r];
        head[r] = i as u32;
    }
    // A window of w heaps has mex at most w <= n.
    let size = (n + 1).next_power_of_two();
    // tree[size + v] = 1 + last position holding v (0: never), min on nodes.
    let mut tree = vec![0u32; 2 * size];
    let mut g = vec![0u32; n];
    for r in 0..n {
        let mut node = size + g[r] as usize;
        tree[node] = r as u32 + 1;
        while node > 1 {
            node /= 2;
            tree[node] = tree[2 * node].min(tree[2 * node + 1]);
        }
        let mut i = head[r];
        while i != u32::MAX {
            let heap = i as usize;
            let l = (heap - hi[heap]) as u32 + 1;
            // Smallest value whose last position + 1 is below l + 0, i.e. < l.
            let mut node = 1;
            while node < size {
                node = if tree[2 * node] < l {
                    2 * node
                } else {
                    2 * node + 1
                };
            }
            g[heap] = (node - size) as u32;
            i = next[heap];
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn plain(lo: &[usize], hi: &[usize]) -> Vec<u32> {
        let mut g = vec![0u32; lo.len()];
        for i in 1..lo.len() {
            let seen: Vec<u32> = (i - hi[i]..=i - lo[i]).map(|j| g[j]).collect();
            g[i] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    #[test]
    fn refuses_bad_windows() {
        assert_eq!(
            sequence(&[0, 1, 3], &[0, 1, 3]),
            Err(WindowError {
                heap: 2,
                lo: 3,
                hi: 3
            })
        );
        assert!(sequence(&[0, 0], &[0, 1]).is_err());
        assert!(sequence(&[0, 1], &[0, 2]).is_err());
        assert_eq!(sequence(&[], &[]), Ok(vec![]));
    }

    #[test]
    fn nim_is_the_identity() {
        let n = 1000;
        let lo = vec![1; n];
        let hi: Vec<usize> = (0..n).collect();
        let g = sequence(&lo, &hi).unwrap();
        assert!(g.iter().enumerate().all(|(i, &v)| v as usize == i));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_plain_mex(seeds in proptest::collection::vec((any::<u32>(), any::<u32>()), 1..300)) {
            let n = seeds.len();
            let mut lo = vec![0; n];
            let mut hi = vec![0; n];
            for i in 1..n {
                let (a, b) = seeds[i];
                let x = 1 + a as usize % i;
                let y = 1 + b as usize % i;
                lo[i] = x.min(y);
                hi[i] = x.max(y);
            }
            prop_assert_eq!(sequence(&lo, &hi).unwrap(), plain(&lo, &hi));
        }
    }
}
