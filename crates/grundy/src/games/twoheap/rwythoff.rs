//! r-Wythoff (Fraenkel 1982): two heaps; a move takes any number of tokens
//! from one heap, or `k` from the first and `l` from the second with
//! `k, l ≥ 1` and `|k − l| < r`. Wythoff's game is `r = 1`.
//!
//! The P-positions are `(A_n, B_n)` and `(B_n, A_n)` with `A_n = ⌊nα⌋` and
//! `B_n = ⌊nβ⌋ = A_n + rn`, where `α = (2 − r + √(r² + 4)) / 2` and
//! `β = α + r` (Fraenkel, "How to beat your Wythoff games' opponent on three
//! fronts", 1982). `1/α + 1/β = 1`, so every number is an `A` or a `B` for
//! exactly one `n` (Beatty's theorem). `A_n` is computed exactly in integer
//! arithmetic: `√(n²(r² + 4))` is irrational for `n > 0`, so its floor may
//! replace it.
//!
//! ```
//! use grundy::games::twoheap::rwythoff;
//! // r = 2: α = √2, so A_n = ⌊n√2⌋ and B_n = A_n + 2n.
//! assert_eq!(rwythoff::p_position(2, 3), (4, 10));
//! assert!(rwythoff::is_p_position(2, 10, 4));
//! assert_eq!(rwythoff::partner(2, 4), 10);
//! ```

use super::{Bits, TwoHeapMove};
use crate::games::wythoff::isqrt;

/// The largest band `r` taken.
pub const MAX_R: u64 = 10_000;

/// The largest heap taken: `2^48`, so that `n²(r² + 4)` fits in 128 bits.
pub const MAX_HEAP: u64 = 1 << 48;

/// `A_n = ⌊nα⌋`, exactly (`n ≤ MAX_HEAP`, `1 ≤ r ≤ MAX_R`).
pub fn lower(r: u64, n: u64) -> u64 {
    let (n, r) = (n as u128, r as u128);
    let root = isqrt(n * n * (r * r + 4)) as i128;
    // nα = (n(2 − r) + √(n²(r² + 4))) / 2 > 0.
    ((n as i128 * (2 - r as i128) + root).div_euclid(2)) as u64
}

/// The `n`-th P-position `(A_n, B_n)`, its smaller heap first.
pub fn p_position(r: u64, n: u64) -> (u64, u64) {
    let a = lower(r, n);
    (a, a + r * n)
}

/// Whether `(x, y)` is a P-position.
pub fn is_p_position(r: u64, x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    let d = b - a;
    d % r == 0 && lower(r, d / r) == a
}

/// The smallest `n ≤ h` with `f(n) ≥ h`, for `f` increasing with `f(h) ≥ h`.
fn first_at_least(h: u64, f: impl Fn(u64) -> u64) -> u64 {
    let (mut lo, mut hi) = (0u64, h);
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

/// The heap that makes a P-position with a heap of `h`.
pub fn partner(r: u64, h: u64) -> u64 {
    // A_n ≥ n, so the n with A_n = h (or B_n = h) is at most h.
    let n = first_at_least(h, |n| lower(r, n));
    if lower(r, n) == h {
        return h + r * n;
    }
    let n = first_at_least(h, |n| lower(r, n) + r * n);
    lower(r, n)
}

/// Whether taking `k` and `l` is a legal move shape (not yet checked
/// against the heaps).
fn legal(r: u64, k: u64, l: u64) -> bool {
    (k > 0 || l > 0) && (k == 0 || l == 0 || k.abs_diff(l) < r)
}

/// Every move from `(x, y)` to a P-position.
pub fn winning_moves(r: u64, x: u64, y: u64) -> Vec<TwoHeapMove> {
    if is_p_position(r, x, y) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let p = partner(r, y);
    if p < x {
        out.push(TwoHeapMove::Take(x - p, 0));
    }
    let p = partner(r, x);
    if p < y {
        out.push(TwoHeapMove::Take(0, y - p));
    }
    // A move on both heaps changes y − x by less than r: only the pairs
    // whose difference rn is within r of |y − x| can be reached.
    for d in [y.saturating_sub(x), x.saturating_sub(y)] {
        let q = d / r;
        for n in q.saturating_sub(1)..=q + 1 {
            let (a, b) = p_position(r, n);
            for (tx, ty) in [(a, b), (b, a)] {
                if tx < x && ty < y && legal(r, x - tx, y - ty) {
                    let m = TwoHeapMove::Take(x - tx, y - ty);
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
    }
    out
}

/// The number of legal moves from `(x, y)`, without listing them.
pub fn move_count(r: u64, x: u64, y: u64) -> u128 {
    let (x, y, s) = (x.min(y) as u128, x.max(y) as u128, r as u128 - 1);
    // Σ_{k=1..x} (min(y, k + s) − max(1, k − s) + 1).
    let t = y.saturating_sub(s).min(x);
    let upper = t * (t + 1) / 2 + t * s + (x - t) * y;
    let u = x.min(s + 1);
    let lower = u + ((u + 1 + x) * (x - u)) / 2 - (x - u) * s;
    x + y + upper - lower + x
}

/// Every legal move from `(x, y)` with the heaps it leaves.
pub fn moves(r: u64, x: u64, y: u64) -> Vec<(TwoHeapMove, (u64, u64))> {
    let mut out = Vec::new();
    for k in 1..=x {
        out.push((TwoHeapMove::Take(k, 0), (x - k, y)));
    }
    for l in 1..=y {
        out.push((TwoHeapMove::Take(0, l), (x, y - l)));
    }
    for k in 1..=x {
        for l in k.saturating_sub(r - 1).max(1)..=(k + r - 1).min(y) {
            out.push((TwoHeapMove::Take(k, l), (x - k, y - l)));
        }
    }
    out
}

/// The Grundy values `G(x, y)` for `x < rows`, `y < cols`, row-major.
///
/// A cell's options lie on its row (to the left), its column (above) and
/// the `2r − 1` diagonals around its own. Each line keeps a bit set of the
/// values placed on it; a diagonal's set lags `r` rows behind (the nearer
/// cells of the band are cut off by `k, l ≥ 1`), and the at most
/// `(2r − 1)(r − 1)` cells in that gap are read one by one. Each value is
/// then the first zero of the union, found a word at a time. For `r = 1`
/// this is the plain Wythoff table.
pub fn values(r: u64, rows: usize, cols: usize) -> Vec<u32> {
    let r = r as usize;
    let mut t = vec![0u32; rows * cols];
    let mut col: Vec<Bits> = vec![Bits::default(); cols];
    // Diagonal y − x, shifted by rows − 1 + r so that the band stays in range.
    let shift = rows + r - 1;
    let mut lag: Vec<Bits> = vec![Bits::default(); rows + cols + 2 * r];
    let mut near = Vec::new();
    for x in 0..rows {
        if x >= r {
            let old = x - r;
            for y in 0..cols {
                lag[y + shift - old].insert(t[old * cols + y]);
            }
        }
        let mut row = Bits::default();
        for y in 0..cols {
            let d = y + shift - x;
            near.clear();
            for j in -(r as isize - 1)..=(r as isize - 1) {
                // Rows x − r + 1 ..= x − max(1, 1 + j) of diagonal d + j.
                let last = x as isize - 1.max(1 + j);
                for x2 in (x as isize - r as isize + 1).max(0)..=last {
                    let y2 = x2 + (y as isize - x as isize) + j;
                    if (0..cols as isize).contains(&y2) {
                        near.push(t[x2 as usize * cols + y2 as usize]);
                    }
                }
            }
            let mut w = 0;
            let v = loop {
                let mut seen = row.word(w) | col[y].word(w);
                for j in 0..2 * r - 1 {
                    seen |= lag[d + j + 1 - r].word(w);
                }
                for &v in &near {
                    if v as usize / 64 == w {
                        seen |= 1 << (v % 64);
                    }
                }
                if seen != u64::MAX {
                    break (w * 64) as u32 + (!seen).trailing_zeros();
                }
                w += 1;
            };
            t[x * cols + y] = v;
            row.insert(v);
            col[y].insert(v);
        }
    }
    t
}

/// Why `(x, y)` is won or lost.
pub fn explain(r: u64, x: u64, y: u64) -> String {
    let mut out = format!(
        "The P-positions of {r}-Wythoff are the pairs (A_n, B_n) and (B_n, A_n) with A_n = floor(n * alpha), \
         B_n = A_n + {r}n, alpha = (2 - r + sqrt(r^2 + 4)) / 2 (Fraenkel 1982); every number is in exactly \
         one pair, so no move joins two pairs.\n"
    );
    let d = x.abs_diff(y);
    if is_p_position(r, x, y) {
        out.push_str(&format!(
            "The heaps differ by {d} = {r} x {}, and A_{} = {} is the smaller heap: a P-position.\n",
            d / r,
            d / r,
            x.min(y)
        ));
        return out;
    }
    if !d.is_multiple_of(r) {
        out.push_str(&format!(
            "The heaps differ by {d}, not a multiple of {r}: ({x}, {y}) is no pair, an N-position.\n"
        ));
    } else {
        out.push_str(&format!(
            "The heaps differ by {d} = {r} x {}, but A_{} = {}, not {}: ({x}, {y}) is no pair, an N-position.\n",
            d / r,
            d / r,
            lower(r, d / r),
            x.min(y)
        ));
    }
    for m in winning_moves(r, x, y) {
        if let Some((p, q)) = m.apply((x, y)) {
            out.push_str(&format!("{m} leaves ({p}, {q}), a pair.\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::TwoHeapGame;
    use super::*;
    use crate::solve::Solver;
    use proptest::prelude::*;

    /// Fraenkel's recursion: A_n = mex {A_i, B_i : i < n}, B_n = A_n + rn.
    fn by_mex(r: u64, count: usize) -> Vec<(u64, u64)> {
        let mut used = std::collections::HashSet::new();
        let mut out = Vec::new();
        for n in 0..count as u64 {
            let a = (0..).find(|v| !used.contains(v)).unwrap();
            used.insert(a);
            used.insert(a + r * n);
            out.push((a, a + r * n));
        }
        out
    }

    #[test]
    fn the_formula_is_the_mex_recursion_for_r_1_to_5() {
        for r in 1..=5 {
            let want = by_mex(r, 2000);
            for (n, &p) in want.iter().enumerate() {
                assert_eq!(p_position(r, n as u64), p, "r = {r}, n = {n}");
            }
        }
    }

    /// Published: r = 2, A_n = ⌊n√2⌋ (OEIS A001951) and B_n = ⌊n(2 + √2)⌋
    /// (OEIS A001952).
    #[test]
    fn published_pairs_for_r_2() {
        let a = [0, 1, 2, 4, 5, 7, 8, 9, 11, 12, 14, 15, 16, 18, 19, 21];
        let b = [0, 3, 6, 10, 13, 17, 20, 23, 27, 30, 34, 37, 40, 44, 47, 51];
        for n in 0..16 {
            assert_eq!(p_position(2, n as u64), (a[n], b[n]));
        }
        // Far out, against the floating-point value of √2.
        let n = 1u64 << 40;
        let approx = (n as f64 * std::f64::consts::SQRT_2) as u64;
        assert!(lower(2, n).abs_diff(approx) <= 1);
        assert!(is_p_position(2, lower(2, n), lower(2, n) + 2 * n));
    }

    #[test]
    fn table_is_the_mex_of_the_moves() {
        for r in 1..=4u64 {
            let game = TwoHeapGame::RWythoff(r);
            let (rows, cols) = (23, 29);
            let t = values(r, rows, cols);
            let mut s = Solver::new(&game);
            for x in 0..rows as u64 {
                for y in 0..cols as u64 {
                    let g = s.value(&(x, y)).unwrap().0;
                    assert_eq!(
                        t[x as usize * cols + y as usize] as u64,
                        g,
                        "r {r} ({x}, {y})"
                    );
                    assert_eq!(g == 0, is_p_position(r, x, y), "r {r} ({x}, {y})");
                }
            }
        }
        assert_eq!(values(1, 30, 30), crate::games::wythoff::values(30, 30));
    }

    proptest! {
        #[test]
        fn winning_moves_are_every_move_to_a_p_position(r in 1u64..6, x in 0u64..120, y in 0u64..120) {
            let mut want: Vec<TwoHeapMove> = moves(r, x, y)
                .into_iter()
                .filter(|(_, (a, b))| is_p_position(r, *a, *b))
                .map(|(m, _)| m)
                .collect();
            let mut got = winning_moves(r, x, y);
            want.sort_by_key(|m| format!("{m}"));
            got.sort_by_key(|m| format!("{m}"));
            prop_assert_eq!(got, want);
            prop_assert_eq!(moves(r, x, y).len() as u128, move_count(r, x, y));
        }

        #[test]
        fn partners_pair_up(r in 1u64..=MAX_R, h in 0u64..=MAX_HEAP / 20_000) {
            let p = partner(r, h);
            prop_assert_eq!(partner(r, p), h);
            prop_assert!(is_p_position(r, h, p));
        }
    }
}
