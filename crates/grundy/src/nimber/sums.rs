//! Whole numbers with a given ordinary sum and a given nim-sum: how many,
//! and the first ones, without trying them all. This is what the splits
//! of a huge heap under an arithmetic period come to: the parts' high
//! values grow by one per period, so a split `b + c` of fixed total is a
//! pair `u + v = M` whose nim-sum must be `T`.
//!
//! For two numbers, `u + v = (u xor v) + 2 (u and v)`, so `u xor v = T`
//! and `u + v = M` force `u and v = A = (M - T) / 2`, with `A` and `T`
//! sharing no bit; the solutions are `u = A + S` for the submasks `S` of
//! `T`. For three, the count runs over the bits with the carry (0, 1 or 2)
//! as the only state.
//!
//! ```
//! use grundy::nimber::sums::{pairs_in, triples};
//! // u + v = 10, u xor v = 10: u & v = 0, u in {0, 2, 8, 10}.
//! assert_eq!(pairs_in(10, 10, 0, 10), 4);
//! assert_eq!(pairs_in(10, 10, 1, 8), 2);
//! // u xor v = 6 would need u & v = 2, which shares a bit with 6: none.
//! assert_eq!(pairs_in(10, 6, 0, 10), 0);
//! // u + v + w = 4 with nim-sum 0: (2, 2, 0) three ways, (2, 1, 1) never.
//! assert_eq!(triples(4, 0), 3);
//! ```

/// The common part `A = u and v` of every pair with `u + v = m` and
/// `u xor v = t`, when there is one.
fn common(m: u64, t: u64) -> Option<u64> {
    let rest = m.checked_sub(t)?;
    let a = rest / 2;
    (rest % 2 == 0 && a & t == 0).then_some(a)
}

/// How many submasks of `t` are at most `x`.
fn submasks_at_most(t: u64, x: u64) -> u128 {
    let mut count = 0u128;
    for bit in (0..64).rev() {
        let below = t & ((1u64 << bit) - 1);
        let (in_t, in_x) = (t >> bit & 1 == 1, x >> bit & 1 == 1);
        match (in_t, in_x) {
            // A 0 here leaves every lower submask below x; a 1 follows x.
            (true, true) => count += 1u128 << below.count_ones(),
            (false, true) => return count + (1u128 << below.count_ones()),
            _ => {}
        }
    }
    count + 1
}

/// How many `u` in `lo..=hi` have `u <= m` and `u xor (m - u) = t`.
pub fn pairs_in(m: u64, t: u64, lo: u64, hi: u64) -> u128 {
    let Some(a) = common(m, t) else { return 0 };
    let hi = hi.min(m);
    if lo > hi || hi < a {
        return 0;
    }
    let at_most = |x: u64| submasks_at_most(t, x);
    let upper = at_most(hi - a);
    match lo.checked_sub(a).and_then(|l| l.checked_sub(1)) {
        Some(below) => upper - at_most(below),
        None => upper,
    }
}

/// The least submask of `t` that is at least `x`.
fn least_submask_from(t: u64, x: u64) -> Option<u64> {
    if x & !t == 0 {
        return Some(x);
    }
    (0..64).find_map(|bit| {
        let above = x & !(2u64 << bit).wrapping_sub(1);
        let ok = t >> bit & 1 == 1 && x >> bit & 1 == 0 && above & !t == 0;
        ok.then_some(above | 1u64 << bit)
    })
}

/// The first `want` values `u` of [`pairs_in`], in increasing order.
pub fn first_pairs(m: u64, t: u64, lo: u64, hi: u64, want: usize) -> Vec<u64> {
    let mut out = Vec::new();
    let Some(a) = common(m, t) else { return out };
    let hi = hi.min(m);
    if lo > hi || hi < a {
        return out;
    }
    let mut next = least_submask_from(t, lo.saturating_sub(a));
    while let Some(sub) = next {
        if out.len() >= want || a + sub > hi {
            break;
        }
        out.push(a + sub);
        // The next submask of t above sub.
        next = match sub == t {
            true => None,
            false => Some(((sub | !t).wrapping_add(1)) & t),
        };
    }
    out
}

/// How many ordered triples `(u, v, w)` of whole numbers have
/// `u + v + w = m` and `u xor v xor w = t`.
pub fn triples(m: u64, t: u64) -> u128 {
    // ways[carry] over the bits done so far.
    let mut ways = [1u128, 0, 0];
    for bit in 0..64 {
        let (tb, mb) = ((t >> bit & 1) as u32, (m >> bit & 1) as u32);
        let mut next = [0u128; 3];
        for (carry, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            // Ones among the three bits: parity tb; 0/2 or 1/3 of them.
            for (ones, choices) in [(0u32, 1u128), (1, 3), (2, 3), (3, 1)] {
                if ones % 2 != tb {
                    continue;
                }
                let total = ones + carry as u32;
                if total % 2 == mb {
                    next[(total / 2) as usize] += w * choices;
                }
            }
        }
        ways = next;
    }
    ways[0]
}

/// [`triples`] with lower bounds: `u >= lb[0]`, `v >= lb[1]`,
/// `w >= lb[2]`. The bounds are meant small (the few values below them are
/// taken out one by one, by inclusion and exclusion).
pub fn triples_from(m: u64, t: u64, lb: [u64; 3]) -> u128 {
    let mut total: i128 = 0;
    for below in 0u8..8 {
        let low: Vec<usize> = (0..3).filter(|i| below >> i & 1 == 1).collect();
        let n: u128 = match low.as_slice() {
            [] => triples(m, t),
            [i] => (0..lb[*i].min(m + 1))
                .map(|u| pairs_in(m - u, t ^ u, 0, m - u))
                .sum(),
            [i, j] => {
                let mut n = 0;
                for u in 0..lb[*i] {
                    for v in 0..lb[*j] {
                        n += u128::from(u + v <= m && u ^ v ^ (m - u - v) == t);
                    }
                }
                n
            }
            _ => {
                let mut n = 0;
                for u in 0..lb[0] {
                    for v in 0..lb[1] {
                        for w in 0..lb[2] {
                            n += u128::from(u + v + w == m && u ^ v ^ w == t);
                        }
                    }
                }
                n
            }
        };
        total += if low.len().is_multiple_of(2) {
            n as i128
        } else {
            -(n as i128)
        };
    }
    total as u128
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn pairs_agree_with_trying_them(m in 0u64..300, t in 0u64..300, lo in 0u64..300, hi in 0u64..300) {
            let all: Vec<u64> = (lo..=hi.min(m)).filter(|&u| u ^ (m - u) == t).collect();
            prop_assert_eq!(pairs_in(m, t, lo, hi), all.len() as u128);
            prop_assert_eq!(first_pairs(m, t, lo, hi, 5), all.iter().copied().take(5).collect::<Vec<_>>());
        }

        #[test]
        fn triples_agree_with_trying_them(m in 0u64..90, t in 0u64..128) {
            let mut n = 0u128;
            for u in 0..=m {
                for v in 0..=m - u {
                    n += u128::from(u ^ v ^ (m - u - v) == t);
                }
            }
            prop_assert_eq!(triples(m, t), n);
        }

        #[test]
        fn bounded_triples_agree_with_trying_them(m in 0u64..60, t in 0u64..64, lb in proptest::array::uniform3(0u64..4)) {
            let mut n = 0u128;
            for u in lb[0]..=m {
                for v in lb[1]..=m - u {
                    let w = m - u - v;
                    n += u128::from(w >= lb[2] && u ^ v ^ w == t);
                }
            }
            prop_assert_eq!(triples_from(m, t, lb), n);
        }

        #[test]
        fn huge_sums_count_without_overflow(m in any::<u64>(), t in any::<u64>()) {
            // Every pair is one submask: at most 2^popcount(t) of them.
            prop_assert!(pairs_in(m, t, 0, u64::MAX) <= 1u128 << t.count_ones());
            let first = first_pairs(m, t, 0, u64::MAX, 3);
            for &u in &first {
                prop_assert_eq!(u ^ (m - u), t);
            }
        }
    }
}
