//! Coin values by the heap representation: the value of coin `n` is the
//! mex, over the moves whose rightmost coin is `n`, of the nim-sum of the
//! values of the other coins turned.
//!
//! Three ways of finding those nim-sums, chosen per element of the code:
//! - blocks of consecutive coins (`C`, `blocks:`): with `P` the prefix
//!   nim-sum of the values, the block of length `k` ending at `n` gives
//!   `P(n-1) ⊕ P(n-k)`, one XOR per length;
//! - elements without modifiers turning at most three coins (`1-3`, `3`):
//!   a mex that only grows, with a parity argument ([`super::three`]);
//! - other elements without modifiers (`1-5`, `2+`): the sets of nim-sums of `j`
//!   distinct earlier coins, kept for every `j` below the largest count and
//!   extended by each new coin;
//! - everything else: the moves listed one by one
//!   ([`super::moves::for_each_move`]).

use std::ops::ControlFlow;

use super::code::{Counts, Element, TurningCode};
use super::moves::for_each_move;

/// The most coins whose values are computed at once (8 bytes each, twice).
pub const MAX_COINS: u64 = 20_000_000;

/// The most elementary steps (XORs, table entries) one computation may
/// take unless asked otherwise ([`coin_values_within`]); beyond it the
/// question is refused rather than left running. About a second.
pub const WORK_LIMIT: u64 = 400_000_000;

/// The most bytes of nim-sum tables for elements without modifiers (kept
/// with the engine for at most three coins, which [`coin_values`] calls).
pub use super::three::TABLE_LIMIT;

/// Why the values were not computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValuesError {
    /// More coins than [`MAX_COINS`].
    #[error(
        "{asked} coins asked for; at most {MAX_COINS} coin values are computed (16 bytes each)"
    )]
    TooManyCoins {
        /// The coins asked for.
        asked: u64,
    },
    /// The work passed [`WORK_LIMIT`] or the tables [`TABLE_LIMIT`].
    #[error(
        "the values of code {code} up to coin {coin} take more than {limit} steps or bytes; \
         ask for fewer coins or allow more steps"
    )]
    TooMuchWork {
        /// The code, as written back.
        code: String,
        /// The coin reached.
        coin: u64,
        /// The limit passed.
        limit: u64,
    },
}

/// The values of coins `1..=last` under `code`, with index 0 holding 0 (a
/// coin 0 that no move reaches), so that `values[n]` is coin `n`.
///
/// ```
/// use grundy::turning::{code::TurningCode, values::coin_values};
/// let ruler: TurningCode = "1+C".parse().unwrap();
/// assert_eq!(coin_values(&ruler, 8).unwrap(), [0, 1, 2, 1, 4, 1, 2, 1, 8]);
/// ```
pub fn coin_values(code: &TurningCode, last: u64) -> Result<Vec<u64>, ValuesError> {
    compute(code, last, true, WORK_LIMIT)
}

/// [`coin_values`] allowed `work` elementary steps instead of
/// [`WORK_LIMIT`] (the nim-sum tables stay within [`TABLE_LIMIT`]).
///
/// ```
/// use grundy::turning::{code::TurningCode, values::coin_values_within};
/// let squares: TurningCode = "blocks:squares".parse().unwrap();
/// assert!(coin_values_within(&squares, 5000, 1000).is_err());
/// assert_eq!(coin_values_within(&squares, 5000, 1 << 30).unwrap().len(), 5001);
/// ```
pub fn coin_values_within(
    code: &TurningCode,
    last: u64,
    work: u64,
) -> Result<Vec<u64>, ValuesError> {
    compute(code, last, true, work)
}

/// The values without the shortcut for codes of at most three coins: the
/// plain definition the shortcut is tested against.
#[cfg(test)]
pub(crate) fn coin_values_by_sets(code: &TurningCode, last: u64) -> Result<Vec<u64>, ValuesError> {
    compute(code, last, false, WORK_LIMIT)
}

fn compute(
    code: &TurningCode,
    last: u64,
    shortcut: bool,
    limit: u64,
) -> Result<Vec<u64>, ValuesError> {
    if last > MAX_COINS {
        return Err(ValuesError::TooManyCoins { asked: last });
    }
    let n = last as usize;
    if code.elements.iter().all(Element::is_blocks) {
        let mut lengths: Vec<u64> = code
            .elements
            .iter()
            .flat_map(|e| e.counts.up_to(last))
            .collect();
        lengths.sort_unstable();
        lengths.dedup();
        if lengths.len() == n {
            return any_block(code, n);
        }
    }
    let monotone = code.elements.iter().all(|e| e.is_plain());
    if shortcut
        && monotone
        && code
            .elements
            .iter()
            .all(|e| e.counts.max().is_some_and(|m| m <= 3))
    {
        let mut turn = [false; 3];
        for k in code.elements.iter().flat_map(|e| e.counts.up_to(3)) {
            turn[k as usize - 1] = true;
        }
        return super::three::values(turn, last, limit).map_err(|o| ValuesError::TooMuchWork {
            code: code.to_string(),
            coin: o.coin,
            limit: o.limit,
        });
    }
    let too_much = |coin: usize, limit: u64| ValuesError::TooMuchWork {
        code: code.to_string(),
        coin: coin as u64,
        limit,
    };
    let blocks: Vec<&Element> = code.elements.iter().filter(|e| e.is_blocks()).collect();
    let plain: Vec<&Element> = code
        .elements
        .iter()
        .filter(|e| !e.is_blocks() && e.is_plain())
        .collect();
    let other: Vec<TurningCode> = code
        .elements
        .iter()
        .filter(|e| !e.is_blocks() && !e.is_plain())
        .map(|e| TurningCode {
            elements: vec![e.clone()],
        })
        .collect();
    // The plain elements' counts, less one (the others joining coin n).
    let joined: Vec<Counts> = plain.iter().map(|e| e.counts.clone()).collect();
    let jmax = joined
        .iter()
        .map(|c| c.max().map_or(n, |m| m as usize).saturating_sub(1))
        .max()
        .unwrap_or(0)
        .min(n.saturating_sub(1));
    let mut reach: Vec<Vec<bool>> = if plain.is_empty() {
        Vec::new()
    } else {
        let mut r = vec![vec![false; 1]; jmax + 1];
        r[0][0] = true;
        r
    };
    let block_counts: Vec<Vec<u64>> = blocks.iter().map(|e| e.counts.up_to(last)).collect();

    let mut g = vec![0u64; n + 1];
    let mut prefix = vec![0u64; n + 1];
    let mut opts: Vec<u64> = Vec::new();
    let mut seen: Vec<u32> = Vec::new();
    let mut work: u64 = 0;
    for c in 1..=n {
        opts.clear();
        for ks in &block_counts {
            for &k in ks.iter().take_while(|&&k| k as usize <= c) {
                opts.push(prefix[c - 1] ^ prefix[c - k as usize]);
            }
        }
        for single in &other {
            let flow = for_each_move(single, c as u64, &mut |others| {
                work += others.len() as u64 + 1;
                opts.push(others.iter().fold(0, |a, &i| a ^ g[i as usize]));
                if work > limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if flow.is_break() {
                return Err(too_much(c, limit));
            }
        }
        work += opts.len() as u64;
        let width = reach.first().map_or(0, Vec::len);
        // The mex is at most the number of options, the plain ones (fewer
        // than `width` values) included.
        if seen.len() < opts.len() + width + 1 {
            seen.resize(opts.len() + width + 1, 0);
        }
        for &v in &opts {
            if let Some(s) = seen.get_mut(v as usize) {
                *s = c as u32;
            }
        }
        let mut js: Vec<usize> = joined
            .iter()
            .flat_map(|counts| counts.up_to(c as u64))
            .map(|k| k as usize - 1)
            .filter(|&j| j < reach.len())
            .collect();
        js.sort_unstable();
        js.dedup();
        let in_plain = |x: usize| x < width && js.iter().any(|&j| reach[j][x]);
        // With plain elements only, the options only grow from coin to
        // coin, and so does their mex.
        let start = if monotone { g[c - 1] as usize } else { 0 };
        let mut mex = start;
        while (mex < seen.len() && seen[mex] == c as u32) || in_plain(mex) {
            mex += 1;
        }
        work += (mex - start) as u64;
        g[c] = mex as u64;
        prefix[c] = prefix[c - 1] ^ g[c];
        if !reach.is_empty() {
            let mut width = reach[0].len();
            if mex >= width {
                width = (mex + 1).next_power_of_two();
                if width as u64 * (jmax as u64 + 1) > TABLE_LIMIT {
                    return Err(too_much(c, TABLE_LIMIT));
                }
                for r in &mut reach {
                    r.resize(width, false);
                }
            }
            let top = jmax.min(c);
            for j in (1..=top).rev() {
                if j == 1 {
                    // reach[0] is {0}.
                    reach[1][mex] = true;
                    continue;
                }
                let (low, high) = reach.split_at_mut(j);
                let (from, to) = (&low[j - 1], &mut high[0]);
                for (x, &on) in from.iter().enumerate() {
                    if on {
                        to[x ^ mex] = true;
                    }
                }
            }
            work += top.saturating_sub(1) as u64 * width as u64;
        }
        if work > limit {
            return Err(too_much(c, limit));
        }
    }
    Ok(g)
}

/// Values when every block length is allowed (Ruler): `g(n)` is the least
/// `x` with `x ⊕ P(n-1)` not among the prefix sums `P(0..n)`, found by
/// walking a binary tree of those prefix sums that counts how full each
/// subtree is.
fn any_block(code: &TurningCode, n: usize) -> Result<Vec<u64>, ValuesError> {
    // Every value is at most n (a mex over n options), so every prefix
    // sum is below 2^bits.
    let bits = 64 - (n as u64).leading_zeros();
    let nodes = 2usize << bits;
    if nodes as u64 * 4 > TABLE_LIMIT {
        return Err(ValuesError::TooMuchWork {
            code: code.to_string(),
            coin: n as u64,
            limit: TABLE_LIMIT,
        });
    }
    let mut count = vec![0u32; nodes];
    let leaf = 1usize << bits;
    let insert = |count: &mut Vec<u32>, v: u64| {
        let mut i = leaf + v as usize;
        if count[i] == 1 {
            return;
        }
        while i >= 1 {
            count[i] += 1;
            i /= 2;
        }
    };
    insert(&mut count, 0);
    let mut g = vec![0u64; n + 1];
    let mut p = 0u64;
    for value in g.iter_mut().skip(1) {
        let mut x = 0u64;
        let mut i = 1usize;
        for b in (0..bits).rev() {
            let want = (p >> b & 1) as usize;
            let child = 2 * i + want;
            if count[child] == 1 << b {
                x |= 1 << b;
                i = 2 * i + (1 - want);
            } else {
                i = child;
            }
            if count[i] == 0 {
                break;
            }
        }
        *value = x;
        p ^= x;
        insert(&mut count, p);
    }
    Ok(g)
}
