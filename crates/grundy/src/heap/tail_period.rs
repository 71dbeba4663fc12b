//! Proving that a long octal sequence is periodic, in linear time.
//!
//! The Guy–Smith periodicity theorem: for a finite code whose largest
//! removal is `t`, if `G(x + p) = G(x)` for every `x` with
//! `i <= x < 2i + p + t`, then it holds for every `x >= i`. One pass of the
//! prefix function over the reversed sequence gives, for every suffix, its
//! smallest period; each suffix is one candidate `(i, p)` checked against the
//! window. So a check costs `O(n)` whatever the period, tens of millions
//! included.
//!
//! ```
//! use grundy::heap::tail_period::prove;
//! // Dawson's Kayles (0.07): period 34 from heap 53 on.
//! let g = grundy::heap::plain::sequence(&"0.07".parse().unwrap(), 200);
//! let p = prove(|x| g[x], g.len() - 1, 2).unwrap();
//! assert_eq!((p.preperiod, p.period), (53, 34));
//! ```

/// A proven period: `G(x + period) = G(x)` for every `x >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Periodicity {
    /// The first heap from which the sequence repeats.
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
    /// The last heap that had to be computed for the proof.
    pub proven_at: usize,
}

impl Periodicity {
    /// The position in the computed prefix with the same value as `n`.
    pub fn fold(&self, n: u64) -> usize {
        let (i, p) = (self.preperiod as u64, self.period as u64);
        if n < i + p {
            n as usize
        } else {
            (i + (n - i) % p) as usize
        }
    }
}

/// Looks for the smallest period the values `g(0..=n)` prove, for a code
/// whose largest removal is `t`. `None` when no window is satisfied yet.
pub fn prove<F: Fn(usize) -> u32>(g: F, n: usize, t: usize) -> Option<Periodicity> {
    // Reversed sequence r[j] = g(n - j); pi[j] = longest proper border of r[0..=j].
    let len = n + 1;
    let mut pi = vec![0u32; len];
    let mut best: Option<(usize, usize)> = None;
    for j in 1..len {
        let mut k = pi[j - 1] as usize;
        let c = g(n - j);
        while k > 0 && g(n - k) != c {
            k = pi[k - 1] as usize;
        }
        if g(n - k) == c {
            k += 1;
        }
        pi[j] = k as u32;
        // The suffix g(i..=n), i = n - j, has smallest period p.
        let l = j + 1;
        let p = l - k;
        if p == l {
            continue;
        }
        let i = n - j;
        if n + 1 >= 2 * i + 2 * p + t && best.is_none_or(|(_, bp)| p < bp) {
            best = Some((i, p));
        }
    }
    let (mut i, p) = best?;
    while i > 0 && g(i - 1) == g(i - 1 + p) {
        i -= 1;
    }
    Some(Periodicity {
        preperiod: i,
        period: p,
        proven_at: n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::sequence;
    use proptest::prelude::*;

    #[test]
    fn known_periods() {
        // Kayles: period 12 from heap 71 (last exceptional value at 70).
        let g = sequence(&"0.77".parse().unwrap(), 400);
        let p = prove(|x| g[x], 400, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        // Too short to prove.
        assert!(prove(|x| g[x], 150, 2).is_none());
    }

    /// Smallest period (and its preperiod) whose window fits in the data and
    /// agrees with every computed value, by brute force.
    fn brute(g: &[u32], t: usize) -> Option<(usize, usize)> {
        let n = g.len() - 1;
        for p in 1..=n {
            for i in 0..=n {
                if 2 * i + 2 * p + t > n + 1 {
                    break;
                }
                if (i..=n - p).all(|x| g[x] == g[x + p]) {
                    let mut i0 = i;
                    while i0 > 0 && g[i0 - 1] == g[i0 - 1 + p] {
                        i0 -= 1;
                    }
                    return Some((p, i0));
                }
            }
        }
        None
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn agrees_with_brute_force(g in proptest::collection::vec(0u32..3, 1..120), t in 0usize..4) {
            let got = prove(|x| g[x], g.len() - 1, t).map(|p| (p.period, p.preperiod));
            prop_assert_eq!(got, brute(&g, t));
        }

        #[test]
        fn agrees_on_periodic_words(pre in proptest::collection::vec(0u32..4, 0..20),
                                    block in proptest::collection::vec(0u32..4, 1..15),
                                    len in 40usize..200, t in 0usize..4) {
            let mut g = pre.clone();
            while g.len() < len { g.push(block[(g.len() - pre.len()) % block.len()]); }
            let got = prove(|x| g[x], g.len() - 1, t).map(|p| (p.period, p.preperiod));
            prop_assert_eq!(got, brute(&g, t));
        }
    }
}
