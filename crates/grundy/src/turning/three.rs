//! Coin values of codes that turn at most three coins, any coins (`1-3`
//! Mock Turtles, `3` Triplets, `2-3`, `1,3`), for millions of coins.
//!
//! A move at coin `n` turns `n` and zero, one or two earlier coins, so the
//! options of coin `n` are `0`, the earlier values, and the nim-sums of two
//! earlier coins. These sets only grow from coin to coin, and so does their
//! mex: a candidate that is an option once stays one, and is never looked at
//! again. The expensive question is whether `x` is a nim-sum of two earlier
//! values. The parity of the number of 1 bits is additive under nim-sum
//! (odious ⊕ odious and evil ⊕ evil are evil, evil ⊕ odious is odious), so:
//!
//! - an odious `x` is a sum of one evil and one odious value, and it is
//!   enough to go through the rarer of the two classes;
//! - an evil `x` is a sum of two values of the same class; both are gone
//!   through, stopping at the first partner found.
//!
//! In these games nearly every value has the same parity (Mock Turtles'
//! values are the odious numbers, Winning Ways ch. 14), so the rare class
//! is small and evil candidates are met at once: with `b` the lowest bit
//! of `x`, `x ⊕ 2^b` is a smaller value. Each check is exact; only its
//! speed rests on that structure, and the work stays counted.
//!
//! ```
//! use grundy::turning::three::values;
//! // Mock Turtles: turn one, two or three coins; the odious numbers.
//! assert_eq!(values([true, true, true], 8, 1 << 20).unwrap(), [0, 1, 2, 4, 7, 8, 11, 13, 14]);
//! ```

/// The most bytes of nim-sum tables for elements without modifiers, here
/// and in [`super::values`].
pub const TABLE_LIMIT: u64 = 1 << 28;

/// Why the values were not computed: the coin reached and the limit passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Over {
    /// The coin whose value was being computed.
    pub coin: u64,
    /// The limit passed (`work` steps or [`TABLE_LIMIT`] bytes).
    pub limit: u64,
}

/// Whether `x` has an odd number of 1 bits.
fn odious(x: u64) -> bool {
    x.count_ones() % 2 == 1
}

/// The values of coins `1..=last` (index 0 holds 0) when a move may turn
/// `k` coins for the `k` in `1..=3` with `turn[k - 1]` set, in at most
/// `limit` elementary steps.
pub fn values(turn: [bool; 3], last: u64, limit: u64) -> Result<Vec<u64>, Over> {
    let n = last as usize;
    let [one, two, three] = turn;
    let mut g = vec![0u64; n + 1];
    // How many coins hold each value, capped at 2 (a value held twice
    // makes 0 a sum of two coins).
    let mut held: Vec<u8> = Vec::new();
    let mut twice = false;
    let (mut evil, mut odd): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    let mut work = 0u64;
    let mut mex = 0u64;
    for (c, value) in g.iter_mut().enumerate().skip(1) {
        let has = |held: &[u8], v: u64| held.get(v as usize).is_some_and(|&k| k > 0);
        loop {
            let x = mex;
            let covered = (one && x == 0)
                || (two && has(&held, x))
                || (three && {
                    if x == 0 {
                        twice
                    } else if odious(x) {
                        let rare = if evil.len() <= odd.len() { &evil } else { &odd };
                        let hit = rare.iter().position(|&u| has(&held, x ^ u));
                        work += hit.map_or(rare.len(), |i| i + 1) as u64;
                        hit.is_some()
                    } else {
                        let mut found = false;
                        for list in [&evil, &odd] {
                            if let Some(i) = list.iter().position(|&u| has(&held, x ^ u)) {
                                work += i as u64 + 1;
                                found = true;
                                break;
                            }
                            work += list.len() as u64;
                        }
                        found
                    }
                });
            if !covered {
                break;
            }
            mex += 1;
            work += 1;
            if work > limit {
                return Err(Over {
                    coin: c as u64,
                    limit,
                });
            }
        }
        *value = mex;
        let v = mex as usize;
        if v >= held.len() {
            let size = (v + 1).next_power_of_two();
            if size as u64 > TABLE_LIMIT {
                return Err(Over {
                    coin: c as u64,
                    limit: TABLE_LIMIT,
                });
            }
            held.resize(size, 0);
        }
        if held[v] == 0 {
            if odious(mex) {
                odd.push(mex);
            } else {
                evil.push(mex);
            }
        } else {
            twice = true;
        }
        held[v] = held[v].saturating_add(1).min(2);
    }
    Ok(g)
}
