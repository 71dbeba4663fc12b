//! Euclid's game (Cole and Davie 1969): two heaps; a move subtracts a
//! positive multiple of the smaller heap from the larger, leaving it at
//! least 0. Whoever empties a heap wins: a position with an empty heap has
//! no moves.
//!
//! The player to move loses iff the heaps differ and the larger is less
//! than φ times the smaller. The Grundy values follow the continued
//! fraction of the heaps: with `a ≤ b`, `b = qa + s`, the positions
//! `(a, s + ja)` for `j = 0, ..., q` form a chain in which each moves to
//! every earlier one, and `(a, s)` is the position `(s, a)` below. If
//! `v = G(s, a)`, the chain's values are `v` and then `0, 1, 2, ...`
//! skipping `v`: `G(a, b) = q − 1` if `q − 1 < v`, else `q`. So a value
//! costs one step per partial quotient, for heaps of any size.
//!
//! ```
//! use grundy::games::twoheap::euclid;
//! assert_eq!(euclid::value(5, 8), 0); // 8 < 5φ: lost
//! assert_eq!(euclid::value(2, 5), 1);
//! assert!(!euclid::is_p_position(4, 4)); // take 4 from one heap and win
//! ```

use super::TwoHeapMove;

/// `(smaller, larger)`.
fn sorted(x: u64, y: u64) -> (u64, u64) {
    (x.min(y), x.max(y))
}

/// The Grundy value of `(x, y)`.
pub fn value(x: u64, y: u64) -> u64 {
    // The partial quotients from the top, then the chain values from the bottom.
    let (mut a, mut b) = sorted(x, y);
    let mut qs = Vec::new();
    while a > 0 {
        qs.push(b / a);
        (a, b) = (b % a, a);
    }
    qs.iter()
        .rev()
        .fold(0, |v, &q| if q - 1 < v { q - 1 } else { q })
}

/// Whether the player to move loses at `(x, y)`.
pub fn is_p_position(x: u64, y: u64) -> bool {
    value(x, y) == 0
}

/// The heap the move subtracts from (0 or 1), and the multiple allowed.
fn larger(x: u64, y: u64) -> (usize, u64, u64) {
    let (a, b) = sorted(x, y);
    (usize::from(y > x), a, b.checked_div(a).unwrap_or(0))
}

/// The number of legal moves.
pub fn move_count(x: u64, y: u64) -> u128 {
    larger(x, y).2 as u128
}

/// The position after subtracting `k` times the smaller heap.
fn after(x: u64, y: u64, k: u64) -> (u64, u64) {
    let (heap, a, _) = larger(x, y);
    if heap == 0 {
        (x - k * a, y)
    } else {
        (x, y - k * a)
    }
}

fn mv(x: u64, y: u64, k: u64) -> TwoHeapMove {
    let (heap, a, _) = larger(x, y);
    TwoHeapMove::Multiple {
        heap,
        times: k,
        of: a,
    }
}

/// Every legal move with the heaps it leaves.
pub fn moves(x: u64, y: u64) -> Vec<(TwoHeapMove, (u64, u64))> {
    (1..=larger(x, y).2)
        .map(|k| (mv(x, y, k), after(x, y, k)))
        .collect()
}

/// The winning moves: at most one. With `b = qa + s` and `v = G(s, a)`,
/// leave `(s, a)` if `v = 0`, else `(a, s + a)` if `q ≥ 2`.
pub fn winning_moves(x: u64, y: u64) -> Vec<TwoHeapMove> {
    let (_, a, q) = larger(x, y);
    if q == 0 {
        return Vec::new();
    }
    let b = x.max(y);
    let v = value(b % a, a);
    if v == 0 {
        vec![mv(x, y, q)]
    } else if q >= 2 {
        vec![mv(x, y, q - 1)]
    } else {
        Vec::new()
    }
}

/// Why `(x, y)` is won or lost.
pub fn explain(x: u64, y: u64) -> String {
    let (a, b) = sorted(x, y);
    let mut out = String::from(
        "Euclid's game: subtract a multiple of the smaller heap from the larger; emptying a heap wins. \
         The player to move loses iff the heaps differ and the larger is less than phi = 1.618... times \
         the smaller (then the only move reverses that).\n",
    );
    if a == 0 {
        out.push_str("A heap is empty: the game is over, and the player to move has lost.\n");
        return out;
    }
    out.push_str(&format!(
        "{b} = {} x {a} + {}: the larger heap holds {} times the smaller; the value is {}.\n",
        b / a,
        b % a,
        b / a,
        value(a, b)
    ));
    for m in winning_moves(x, y) {
        if let Some((p, q)) = m.apply((x, y)) {
            out.push_str(&format!("{m} leaves ({p}, {q}), a P-position.\n"));
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

    #[test]
    fn values_are_the_mex_of_the_moves() {
        let mut s = Solver::new(&TwoHeapGame::Euclid);
        for x in 0..80u64 {
            for y in 0..80u64 {
                assert_eq!(value(x, y), s.value(&(x, y)).unwrap().0, "({x}, {y})");
            }
        }
    }

    proptest! {
        /// Cole and Davie: lost iff a < b < φa, i.e. (2b − a)² < 5a².
        #[test]
        fn lost_iff_below_the_golden_ratio(x in 1u64..1 << 30, y in 1u64..1 << 30) {
            let (a, b) = sorted(x, y);
            let below = a < b && {
                let d = (2 * b - a) as u128;
                d * d < 5 * (a as u128) * (a as u128)
            };
            prop_assert_eq!(is_p_position(x, y), below);
        }

        #[test]
        fn winning_moves_are_every_move_to_a_p_position(x in 0u64..400, y in 0u64..400) {
            let mut s = Solver::new(&TwoHeapGame::Euclid);
            let want: Vec<TwoHeapMove> = moves(x, y)
                .into_iter()
                .filter(|(_, (a, b))| s.value(&(*a, *b)).unwrap().0 == 0)
                .map(|(m, _)| m)
                .collect();
            prop_assert_eq!(winning_moves(x, y), want);
            prop_assert_eq!(moves(x, y).len() as u128, move_count(x, y));
        }
    }
}
