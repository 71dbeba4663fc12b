//! Wythoff's game: two heaps; a move takes any number of tokens from one
//! heap, or the same number from both. Whoever cannot move loses.
//!
//! The P-positions are `(a_n, b_n)` and `(b_n, a_n)` with `a_n = ⌊nφ⌋` and
//! `b_n = ⌊nφ²⌋ = a_n + n` (Wythoff 1907), so who wins and every winning move
//! come at once, for heaps of any size. The Grundy values have no closed
//! form; [`values`] computes a table row by row, finding each cell's mex from
//! bit sets of the values already in its row, its column and its diagonal.
//!
//! ```
//! use grundy::games::wythoff;
//! assert_eq!(wythoff::p_position(3), (4, 7));
//! assert_eq!(wythoff::partner(4), 7);
//! assert!(wythoff::is_p_position(7, 4));
//! assert_eq!(wythoff::winning_moves(4, 8), vec![wythoff::WythoffMove::One { heap: 1, take: 1 }]);
//! let t = wythoff::values(3, 3);
//! assert_eq!(t, vec![0, 1, 2, 1, 2, 0, 2, 0, 1]);
//! ```

use std::fmt;

use crate::game::Game;

/// A move of Wythoff's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WythoffMove {
    /// Take `take` tokens from heap `heap` (0 or 1).
    One {
        /// The heap, 0 (the first) or 1.
        heap: usize,
        /// Tokens taken, at least 1.
        take: u64,
    },
    /// Take `take` tokens from each heap.
    Both {
        /// Tokens taken from each, at least 1.
        take: u64,
    },
}

impl WythoffMove {
    /// The heaps after the move (`None` when it takes more than there is).
    pub fn apply(self, (x, y): (u64, u64)) -> Option<(u64, u64)> {
        match self {
            WythoffMove::One { heap: 0, take } => Some((x.checked_sub(take)?, y)),
            WythoffMove::One { take, .. } => Some((x, y.checked_sub(take)?)),
            WythoffMove::Both { take } => Some((x.checked_sub(take)?, y.checked_sub(take)?)),
        }
    }
}

impl fmt::Display for WythoffMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WythoffMove::One { heap, take } => write!(f, "take {take} from heap {}", heap + 1),
            WythoffMove::Both { take } => write!(f, "take {take} from both heaps"),
        }
    }
}

/// `⌊√n⌋`, exactly (Newton's iteration from above).
pub(crate) fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // Above the root (f64 is good to about 2^-52), so Newton's steps fall to it.
    let est = (n as f64).sqrt() as u128;
    let mut x = est + (est >> 40) + 2;
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            break;
        }
        x = y;
    }
    while x * x > n {
        x -= 1;
    }
    x
}

/// The largest heap the exact formulas take: `2^62`, so that `5n²` fits
/// in 128 bits.
pub const MAX_HEAP: u64 = 1 << 62;

/// `⌊nφ⌋`, exactly: `⌊(n + ⌊√(5n²)⌋) / 2⌋` (√5·n is irrational for n > 0,
/// so taking its floor first changes nothing). `n` is at most [`MAX_HEAP`].
pub fn lower(n: u64) -> u128 {
    let n = n.min(MAX_HEAP) as u128;
    (n + isqrt(5 * n * n)) / 2
}

/// The `n`-th P-position `(⌊nφ⌋, ⌊nφ²⌋)`, its smaller heap first; the
/// larger heap may pass `u64` for `n` past about 7·10^18.
pub fn p_position(n: u64) -> (u128, u128) {
    let a = lower(n);
    (a, a + n as u128)
}

/// Whether `(x, y)` is a P-position (heaps at most [`MAX_HEAP`]).
pub fn is_p_position(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    lower(b - a) == a as u128
}

/// The smallest `n` with `f(n) >= h`, for `f` increasing.
fn first_at_least(h: u128, f: impl Fn(u64) -> u128) -> u64 {
    let (mut lo, mut hi) = (0u64, MAX_HEAP);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if f(mid) >= h {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// The heap that makes a P-position with a heap of `h` (its partner in
/// Wythoff's pairs): every number is `a_n` or `b_n` for exactly one `n`
/// (Beatty's theorem), found by bisection. `h` is at most [`MAX_HEAP`].
pub fn partner(h: u64) -> u128 {
    let h = h as u128;
    let n = first_at_least(h, lower);
    if lower(n) == h {
        return h + n as u128;
    }
    let n = first_at_least(h, |n| lower(n) + n as u128);
    lower(n)
}

/// Every move from `(x, y)` to a P-position: at most one on each heap and
/// one on both (heaps at most [`MAX_HEAP`]).
pub fn winning_moves(x: u64, y: u64) -> Vec<WythoffMove> {
    if is_p_position(x, y) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let py = partner(x);
    if py < y as u128 {
        out.push(WythoffMove::One {
            heap: 1,
            take: y - py as u64,
        });
    }
    let px = partner(y);
    if px < x as u128 {
        out.push(WythoffMove::One {
            heap: 0,
            take: x - px as u64,
        });
    }
    let a = lower(x.abs_diff(y));
    let small = x.min(y);
    if a < small as u128 {
        out.push(WythoffMove::Both {
            take: small - a as u64,
        });
    }
    out
}

/// The number of legal moves from `(x, y)`.
pub fn move_count(x: u64, y: u64) -> u128 {
    x as u128 + y as u128 + x.min(y) as u128
}

/// Every legal move from `(x, y)`, with the heaps it leaves.
pub fn moves(x: u64, y: u64) -> Vec<(WythoffMove, (u64, u64))> {
    let mut out = Vec::new();
    for take in 1..=x {
        out.push((WythoffMove::One { heap: 0, take }, (x - take, y)));
    }
    for take in 1..=y {
        out.push((WythoffMove::One { heap: 1, take }, (x, y - take)));
    }
    for take in 1..=x.min(y) {
        out.push((WythoffMove::Both { take }, (x - take, y - take)));
    }
    out
}

/// Why `(x, y)` is won or lost, step by step.
pub fn explain(x: u64, y: u64) -> String {
    let mut out = String::from(
        "Wythoff's P-positions are the pairs (a_n, b_n) and (b_n, a_n) with a_n = floor(n * phi) and \
         b_n = a_n + n, phi = (1 + sqrt 5) / 2 (Wythoff 1907): (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), ... \
         Every number is in exactly one pair (Beatty's theorem), so no move joins two pairs, and from \
         any other position one move reaches a pair.\n",
    );
    let d = x.abs_diff(y);
    let a = lower(d);
    if a == x.min(y) as u128 {
        out.push_str(&format!(
            "The heaps differ by n = {d}, and a_{d} = {a} is the smaller heap: ({x}, {y}) is a pair, a P-position.\n"
        ));
        return out;
    }
    out.push_str(&format!(
        "The heaps differ by {d}, but a_{d} = {a}, not {}: ({x}, {y}) is no pair, an N-position.\n",
        x.min(y)
    ));
    for m in winning_moves(x, y) {
        if let Some((p, q)) = m.apply((x, y)) {
            out.push_str(&format!("{m} leaves ({p}, {q}), a pair.\n"));
        }
    }
    out
}

/// Sets of small numbers, a bit each.
#[derive(Clone, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn insert(&mut self, v: u32) {
        let w = v as usize / 64;
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (v % 64);
    }
    fn word(&self, w: usize) -> u64 {
        self.0.get(w).copied().unwrap_or(0)
    }
}

/// The Grundy values `G(x, y)` for `x < rows`, `y < cols`, row-major.
/// Each value is the smallest number in none of the bit sets of its row
/// (to the left), its column (above) and its diagonal (up-left), found a
/// word at a time; `G(x, y) ≤ x + y`, so a cell costs `(x + y) / 64` words.
pub fn values(rows: usize, cols: usize) -> Vec<u32> {
    let mut t = vec![0u32; rows * cols];
    let mut col: Vec<Bits> = vec![Bits::default(); cols];
    // Diagonal y - x + rows - 1.
    let mut diag: Vec<Bits> = vec![Bits::default(); rows + cols];
    for x in 0..rows {
        let mut row = Bits::default();
        for y in 0..cols {
            let d = y + rows - 1 - x;
            let mut w = 0;
            let v = loop {
                let seen = row.word(w) | col[y].word(w) | diag[d].word(w);
                if seen != u64::MAX {
                    break (w * 64) as u32 + (!seen).trailing_zeros();
                }
                w += 1;
            };
            t[x * cols + y] = v;
            row.insert(v);
            col[y].insert(v);
            diag[d].insert(v);
        }
    }
    t
}

/// Wythoff's game as a [`Game`], for the generic solvers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = (u64, u64);
    fn options(&self, &(x, y): &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
        moves(x, y).into_iter().map(|(_, q)| vec![q]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;
    use proptest::prelude::*;

    #[test]
    fn table_is_the_mex_of_the_moves() {
        let t = values(40, 33);
        let mut s = Solver::new(&Wythoff);
        for x in 0..40u64 {
            for y in 0..33u64 {
                assert_eq!(
                    t[x as usize * 33 + y as usize] as u64,
                    s.value(&(x, y)).unwrap().0
                );
            }
        }
    }

    /// OEIS A000201 (lower Wythoff) and A001950 (upper Wythoff).
    #[test]
    fn published_pairs() {
        let a = [
            0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30,
        ];
        let b = [
            0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49,
        ];
        for n in 0..20 {
            assert_eq!(p_position(n as u64), (a[n], b[n]));
        }
        assert_eq!(lower(MAX_HEAP), 7_461_864_723_258_187_525);
        // Far out: b_n - a_n = n, and the pairs are the P-positions.
        let (a, b) = p_position(1_000_000_000_000);
        assert_eq!(b - a, 1_000_000_000_000);
        assert_eq!(a, 1_618_033_988_749);
        assert!(is_p_position(b as u64, a as u64));
        assert_eq!(partner(a as u64), b);
        assert_eq!(partner(b as u64), a);
    }

    #[test]
    fn p_positions_are_the_zeros_of_the_table() {
        let n = 200;
        let t = values(n, n);
        for x in 0..n {
            for y in 0..n {
                assert_eq!(
                    t[x * n + y] == 0,
                    is_p_position(x as u64, y as u64),
                    "{x} {y}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn winning_moves_are_every_move_to_a_p_position(x in 0u64..300, y in 0u64..300) {
            let mut want: Vec<WythoffMove> = moves(x, y)
                .into_iter()
                .filter(|(_, (a, b))| is_p_position(*a, *b))
                .map(|(m, _)| m)
                .collect();
            let mut got = winning_moves(x, y);
            want.sort_by_key(|m| format!("{m}"));
            got.sort_by_key(|m| format!("{m}"));
            prop_assert_eq!(got, want);
        }

        #[test]
        fn isqrt_is_the_floor_of_the_root(n in 0u128..(5u128 << 124)) {
            let x = isqrt(n);
            prop_assert!(x * x <= n && (x + 1) * (x + 1) > n);
        }

        #[test]
        fn partners_pair_up(h in 0u64..=MAX_HEAP / 2) {
            let p = partner(h);
            if p <= u64::MAX as u128 {
                prop_assert_eq!(partner(p as u64), h as u128);
                prop_assert!(is_p_position(h, p as u64));
            }
        }
    }
}
