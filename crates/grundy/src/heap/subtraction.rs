//! Subtraction games with large sets: take `s` tokens for some `s` in `S`.
//! `G(n) = mex{ G(n - s) : s in S, s <= n }`.
//!
//! The plain recurrence costs `O(n |S|)`. Here each value `v` owns a bit set
//! over the next `max S` heaps: once `G(j) = v` is known, `S` shifted by `j`
//! is or-ed into it (the heaps `j + s` that can move to a heap of value
//! `v`), word by word. `G(n)` is then the first value whose set misses bit
//! `n`. Cost `O(n (max S / 64 + values))`, whatever the density of `S`.
//!
//! ```
//! use grundy::heap::subtraction::sequence;
//! // S = {1, 3, 4}: period 7, values 0 1 0 1 2 3 2.
//! assert_eq!(sequence(&[1, 3, 4], 13).unwrap(), [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
//! ```

/// A subtraction set that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubtractionError {
    /// Removing 0 tokens is not a move.
    #[error("the subtraction set may not contain 0")]
    Zero,
    /// The bit sets would not fit in memory.
    #[error("the bit sets need about {0} MiB")]
    TooLarge(u64),
}

/// Most memory the bit sets may take.
const LIMIT_BYTES: u64 = 4 << 30;

/// `G(0..=n)` of the subtraction game with set `set` (any order,
/// duplicates allowed).
pub fn sequence(set: &[usize], n: usize) -> Result<Vec<u32>, SubtractionError> {
    if set.contains(&0) {
        return Err(SubtractionError::Zero);
    }
    let mut g = vec![0u32; n + 1];
    let Some(&max) = set.iter().max() else {
        return Ok(g);
    };
    // A circular window of `bits` heaps, a power of two above max S.
    let bits = (max + 1).next_power_of_two().max(64);
    let words = bits / 64;
    // G(n) <= |S|, so at most |S| + 1 values own a set.
    let values = set.len() + 1;
    let bytes = (values as u64) * (words as u64) * 8;
    if bytes > LIMIT_BYTES {
        return Err(SubtractionError::TooLarge(bytes >> 20));
    }
    let mut pattern = vec![0u64; words];
    for &s in set {
        pattern[s / 64] |= 1 << (s % 64);
    }
    let mut reach: Vec<Vec<u64>> = Vec::new();
    for (j, gj) in g.iter_mut().enumerate() {
        let slot = j & (bits - 1);
        let (w, b) = (slot / 64, slot % 64);
        let v = (0..reach.len())
            .find(|&v| reach[v][w] >> b & 1 == 0)
            .unwrap_or(reach.len());
        *gj = v as u32;
        for r in reach.iter_mut() {
            r[w] &= !(1u64 << b);
        }
        if v == reach.len() {
            reach.push(vec![0u64; words]);
        }
        // Or S shifted by j (circularly) into the set of value v.
        let target = &mut reach[v];
        let (ws, bs) = (slot / 64, (slot % 64) as u32);
        if bs == 0 {
            for (i, &p) in pattern.iter().enumerate() {
                target[(i + ws) & (words - 1)] |= p;
            }
        } else {
            for (i, &p) in pattern.iter().enumerate() {
                if p != 0 {
                    target[(i + ws) & (words - 1)] |= p << bs;
                    target[(i + ws + 1) & (words - 1)] |= p >> (64 - bs);
                }
            }
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn plain(set: &[usize], n: usize) -> Vec<u32> {
        let mut g = vec![0u32; n + 1];
        for x in 1..=n {
            let seen: Vec<u32> = set.iter().filter(|&&s| s <= x).map(|&s| g[x - s]).collect();
            g[x] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    #[test]
    fn nim_and_refusals() {
        let all: Vec<usize> = (1..=300).collect();
        let g = sequence(&all, 250).unwrap();
        assert!(g.iter().enumerate().all(|(i, &v)| v as usize == i));
        assert_eq!(sequence(&[0, 1], 5), Err(SubtractionError::Zero));
        assert_eq!(sequence(&[], 3).unwrap(), [0, 0, 0, 0]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_plain_mex(set in proptest::collection::vec(1usize..200, 1..40), n in 0usize..600) {
            prop_assert_eq!(sequence(&set, n).unwrap(), plain(&set, n));
        }
    }
}
