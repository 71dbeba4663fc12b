//! Games with a memory of the last move: one heap of `n` tokens and a bound
//! `b` that the previous move set.
//!
//! - **Mem**: take at least `b` tokens (at least 1); taking `j` sets the
//!   bound to `j`. A fresh heap is `(n, 1)`.
//! - **TakeAway(r)**: take at most `b` tokens; taking `j` sets the bound to
//!   `r·j`. A fresh heap is `(n, n − 1)`: the first move may take anything
//!   but the whole heap. Fibonacci Nim is TakeAway(2).
//!
//! TakeAway(r) is solved for heaps of any size (Schwenk 1970): let
//! `H_0 = 1` and `H_{i+1} = H_i + H_j` with `j` the least index such that
//! `r·H_j ≥ H_i` (for `r = 2` the Fibonacci numbers, for `r = 1` the powers
//! of two). Write `n` greedily as a sum of these; `(n, b)` is a P-position
//! iff the smallest term is more than `b`, and taking that smallest term
//! wins. So a fresh heap loses exactly when `n` is itself an `H_i`.
//!
//! Mem is simpler to win (take the whole heap whenever `n ≥ b`), but its
//! Grundy values have no closed form; [`values`] computes them by a sweep
//! with an incremental mex, `O(N²)` for heaps up to `N`.
//!
//! ```
//! use grundy::games::twoheap::memory::{self, Memory};
//! // Fibonacci Nim: a fresh heap of 8 loses, one of 10 = 8 + 2 wins by taking 2.
//! let fib = Memory::TakeAway(2);
//! assert!(memory::is_p_position(fib, (8, 7)));
//! assert!(!memory::is_p_position(fib, (10, 9)));
//! assert_eq!(memory::smallest_term(2, 10), 2);
//! ```

use super::TwoHeapMove;

/// Which game with memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Memory {
    /// Take at least as many as the last move took.
    Mem,
    /// Take at most `r` times what the last move took.
    TakeAway(u64),
}

/// The largest heap taken; positions list their moves one by one.
pub const MAX_HEAP: u64 = 1 << 20;

/// The largest `r` of TakeAway.
pub const MAX_R: u64 = 1 << 20;

/// The fresh heap of `n`: the bound before the first move.
pub fn fresh(game: Memory, n: u64) -> (u64, u64) {
    match game {
        Memory::Mem => (n, 1),
        Memory::TakeAway(_) => (n, n.saturating_sub(1)),
    }
}

/// The position as the game treats it: a TakeAway bound above the heap is
/// the heap.
pub fn normalize(game: Memory, (n, b): (u64, u64)) -> (u64, u64) {
    match game {
        Memory::Mem => (n, b),
        Memory::TakeAway(_) => (n, b.min(n)),
    }
}

/// The takes allowed at `(n, b)`, as an inclusive range (empty when none).
pub fn takes(game: Memory, (n, b): (u64, u64)) -> std::ops::RangeInclusive<u64> {
    match game {
        Memory::Mem => b.max(1)..=n,
        Memory::TakeAway(_) => 1..=b.min(n),
    }
}

/// The position after taking `j`.
pub fn after(game: Memory, (n, _): (u64, u64), j: u64) -> (u64, u64) {
    match game {
        Memory::Mem => (n - j, j),
        Memory::TakeAway(r) => (n - j, r.saturating_mul(j).min(n - j)),
    }
}

/// The number of legal moves.
pub fn move_count(game: Memory, p: (u64, u64)) -> u128 {
    let t = takes(game, p);
    (*t.end() as u128 + 1).saturating_sub(*t.start() as u128)
}

/// Every legal move with the position it leaves.
pub fn moves(game: Memory, p: (u64, u64)) -> Vec<(TwoHeapMove, (u64, u64))> {
    takes(game, p)
        .map(|j| (TwoHeapMove::Tokens(j), after(game, p, j)))
        .collect()
}

/// Schwenk's numbers `H_0 = 1, H_1, ...` for TakeAway(r), up to `limit`.
pub fn schwenk_numbers(r: u64, limit: u64) -> Vec<u64> {
    let mut h = vec![1u64];
    let mut j = 0;
    while let Some(&last) = h.last() {
        while r.saturating_mul(h[j]) < last {
            j += 1;
        }
        match last.checked_add(h[j]) {
            Some(next) if next <= limit => h.push(next),
            _ => break,
        }
    }
    h
}

/// The smallest term of the greedy representation of `n > 0` by Schwenk's
/// numbers for TakeAway(r).
pub fn smallest_term(r: u64, n: u64) -> u64 {
    let h = schwenk_numbers(r, n);
    let mut rest = n;
    let mut last = 0;
    for &x in h.iter().rev() {
        if x <= rest {
            rest -= x;
            last = x;
        }
    }
    last
}

/// Whether `(n, b)` is a P-position (Schwenk's theorem for TakeAway; for
/// Mem, exactly when no move is left, as taking the whole heap wins).
pub fn is_p_position(game: Memory, p: (u64, u64)) -> bool {
    let (n, b) = normalize(game, p);
    match game {
        Memory::Mem => n < b.max(1),
        Memory::TakeAway(r) => n == 0 || smallest_term(r, n) > b,
    }
}

/// Every move to a P-position.
pub fn winning_moves(game: Memory, p: (u64, u64)) -> Vec<TwoHeapMove> {
    let p = normalize(game, p);
    if is_p_position(game, p) {
        return Vec::new();
    }
    takes(game, p)
        .filter(|&j| is_p_position(game, after(game, p, j)))
        .map(TwoHeapMove::Tokens)
        .collect()
}

/// The Grundy values `G(n, b)` for `n, b ≤ max`, row-major (`(max + 1)²`
/// values). For a fixed `n` the options only grow as the bound rises
/// (TakeAway) or falls (Mem), so each row is one sweep with a running mex.
pub fn values(game: Memory, max: usize) -> Vec<u32> {
    let w = max + 1;
    let mut t = vec![0u32; w * w];
    let mut seen = vec![false; w + 2];
    for n in 0..=max {
        seen[..n + 2].iter_mut().for_each(|s| *s = false);
        let mut mex = 0usize;
        let mut add = |v: u32, mex: &mut usize| {
            seen[v as usize] = true;
            while seen[*mex] {
                *mex += 1;
            }
        };
        match game {
            Memory::TakeAway(r) => {
                for b in 0..=max {
                    if b >= 1 && b <= n {
                        let (m, c) = (n - b, (r as usize).saturating_mul(b).min(n - b));
                        add(t[m * w + c], &mut mex);
                    }
                    t[n * w + b] = mex as u32;
                }
            }
            Memory::Mem => {
                for b in (0..=max).rev() {
                    if b >= 1 && b <= n {
                        add(t[(n - b) * w + b], &mut mex);
                    }
                    t[n * w + b] = mex as u32;
                }
            }
        }
    }
    t
}

/// Why `(n, b)` is won or lost.
pub fn explain(game: Memory, p: (u64, u64)) -> String {
    let (n, b) = normalize(game, p);
    let mut out = String::new();
    match game {
        Memory::Mem => {
            out.push_str(&format!(
                "Mem: take at least as many tokens as the last move took ({b} here). Whoever may take the \
                 whole heap wins at once, so ({n}, {b}) is {}.\n",
                if is_p_position(game, p) {
                    "a P-position: no move is left"
                } else {
                    "an N-position: take all"
                }
            ));
        }
        Memory::TakeAway(r) => {
            let h = schwenk_numbers(r, n.max(1));
            out.push_str(&format!(
                "TakeAway({r}): take at most {r} times what the last move took. Schwenk's numbers are {}, ... \
                 (each the last plus the first whose {r}-fold reaches the last); write the heap greedily as a \
                 sum of them: the position is lost iff the smallest term is more than the bound.\n",
                h.iter().take(12).map(u64::to_string).collect::<Vec<_>>().join(", ")
            ));
            if n == 0 {
                out.push_str("The heap is empty: no move is left, a P-position.\n");
                return out;
            }
            let s = smallest_term(r, n);
            if s > b {
                out.push_str(&format!(
                    "The smallest term of {n} is {s}, more than the bound {b}: a P-position.\n"
                ));
            } else {
                out.push_str(&format!(
                    "The smallest term of {n} is {s}, at most the bound {b}: take {s} to win.\n"
                ));
            }
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
    fn table_and_outcomes_are_the_mex_of_the_moves() {
        for game in [
            Memory::Mem,
            Memory::TakeAway(1),
            Memory::TakeAway(2),
            Memory::TakeAway(3),
            Memory::TakeAway(5),
        ] {
            let max = 40;
            let t = values(game, max);
            let g = TwoHeapGame::Memory(game);
            let mut s = Solver::new(&g);
            for n in 0..=max as u64 {
                for b in 0..=max as u64 {
                    let v = s.value(&(n, b)).unwrap().0;
                    assert_eq!(
                        t[n as usize * (max + 1) + b as usize] as u64,
                        v,
                        "{game:?} ({n}, {b})"
                    );
                    assert_eq!(v == 0, is_p_position(game, (n, b)), "{game:?} ({n}, {b})");
                }
            }
        }
    }

    /// Fibonacci Nim (Whinihan 1963): a fresh heap loses iff it is a
    /// Fibonacci number.
    #[test]
    fn fibonacci_nim_loses_on_fibonacci_heaps() {
        let fib = [
            1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987,
        ];
        assert_eq!(schwenk_numbers(2, 1000), fib[..15].to_vec());
        let max = 1000;
        let t = values(Memory::TakeAway(2), max);
        for n in 2..=max {
            let lost = t[n * (max + 1) + n - 1] == 0;
            assert_eq!(lost, fib.contains(&(n as u64)), "{n}");
        }
        // TakeAway(1): the powers of two.
        assert_eq!(schwenk_numbers(1, 100), vec![1, 2, 4, 8, 16, 32, 64]);
        // The greedy terms of a large heap are Fibonacci numbers summing to it.
        let big = 10u64.pow(18);
        assert!(
            fib.contains(&smallest_term(2, 10))
                && schwenk_numbers(2, big).contains(&smallest_term(2, big))
        );
    }

    /// Schwenk's rule against the table well past the solver's range.
    #[test]
    fn p_positions_are_the_zeros_of_the_table() {
        let max = 300;
        for game in [
            Memory::Mem,
            Memory::TakeAway(1),
            Memory::TakeAway(2),
            Memory::TakeAway(4),
        ] {
            let t = values(game, max);
            for n in 0..=max as u64 {
                for b in 0..=max as u64 {
                    let zero = t[n as usize * (max + 1) + b as usize] == 0;
                    assert_eq!(zero, is_p_position(game, (n, b)), "{game:?} ({n}, {b})");
                }
            }
        }
    }

    proptest! {
        #[test]
        fn winning_moves_are_every_move_to_a_p_position(r in 0u64..6, n in 0u64..70, b in 0u64..70) {
            let game = if r == 0 { Memory::Mem } else { Memory::TakeAway(r) };
            let g = TwoHeapGame::Memory(game);
            let mut s = Solver::new(&g);
            let p = normalize(game, (n, b));
            let want: Vec<TwoHeapMove> = moves(game, p)
                .into_iter()
                .filter(|(_, q)| s.value(q).unwrap().0 == 0)
                .map(|(m, _)| m)
                .collect();
            prop_assert_eq!(winning_moves(game, p), want);
            prop_assert_eq!(moves(game, p).len() as u128, move_count(game, p));
        }
    }
}
