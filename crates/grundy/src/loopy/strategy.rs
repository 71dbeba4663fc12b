//! Play in sums of positions of one [`Digraph`]: the value of a sum, the
//! winning moves that make progress, the computer's choice among them, and
//! the moves that keep a draw.
//!
//! A winning move must do more than reach a P-position: in a game that can
//! loop, a player who only ever moves to P-positions may go round for ever.
//! Every move listed here lowers the *rank* of the component it moves (the
//! step at which its value was given, with ∞ above every step): a Nim move
//! lowers the value, and the answer to a move that raised a component's
//! value returns it to its old value at an earlier step. The computer's
//! choice ([`best_winning_move`]) lowers the component of largest rank, so
//! the multiset of ranks falls after each pair of moves and the game ends.

use super::solve::{Digraph, Solution};
use super::value::{LoopyOutcome, LoopyValue};

/// A move in a sum: component `component` goes to vertex `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// The index of the component moved.
    pub component: usize,
    /// The vertex it moves to.
    pub to: u32,
}

/// The value of the sum of the positions `parts` (vertices of `g`).
///
/// ```
/// use grundy::loopy::{solve, sum_value, Digraph, LoopyValue};
/// let g = Digraph::from_successors(&[vec![], vec![0], vec![2, 1]]);
/// let s = solve(&g);
/// // 2 has a self-loop and a move to 1 (value 1): ∞(1); plus 1 it is ∞(0).
/// assert_eq!(sum_value(&g, &s, &[2, 1]), LoopyValue::infinite([0]));
/// ```
pub fn sum_value(g: &Digraph, s: &Solution, parts: &[u32]) -> LoopyValue {
    let mut xor = 0u64;
    let mut infinite: Option<u32> = None;
    for &p in parts {
        match s.finite(p) {
            Some(m) => xor ^= m,
            None if infinite.is_some() => return LoopyValue::Infinite(Vec::new()),
            None => infinite = Some(p),
        }
    }
    match infinite {
        None => LoopyValue::Finite(xor),
        Some(p) => s.value(g, p).sum(&LoopyValue::Finite(xor)),
    }
}

/// The sum's parts other than one, summarised: the nim-sum of the finite
/// ones and the infinite ones (up to two).
struct Others {
    xor: u64,
    infinite: Vec<usize>,
}

fn others(s: &Solution, parts: &[u32]) -> Others {
    let mut o = Others {
        xor: 0,
        infinite: Vec::new(),
    };
    for (i, &p) in parts.iter().enumerate() {
        match s.finite(p) {
            Some(m) => o.xor ^= m,
            None if o.infinite.len() < 3 => o.infinite.push(i),
            None => {}
        }
    }
    o
}

/// Every winning move of the sum that makes progress: to a P-position,
/// lowering the rank of the component moved. Empty unless the sum is an
/// N-position. A component that stands on the same vertex as an earlier
/// one is not listed again.
///
/// ```
/// use grundy::loopy::{solve, winning_moves, Digraph, SumMove};
/// // 0 has a self-loop and a move to the sink 1: 0 is ∞(0) and wins by
/// // moving to 1.
/// let g = Digraph::from_successors(&[vec![0, 1], vec![]]);
/// let s = solve(&g);
/// assert_eq!(winning_moves(&g, &s, &[0]), vec![SumMove { component: 0, to: 1 }]);
/// ```
pub fn winning_moves(g: &Digraph, s: &Solution, parts: &[u32]) -> Vec<SumMove> {
    let o = others(s, parts);
    let mut out = Vec::new();
    match o.infinite.as_slice() {
        [] => {
            if o.xor == 0 {
                return out;
            }
            let mut done = std::collections::HashSet::new();
            for (i, &p) in parts.iter().enumerate() {
                if !done.insert(p) {
                    continue;
                }
                let a = s.finite(p).unwrap_or(0);
                let b = a ^ o.xor;
                if b < a {
                    out.extend(
                        g.successors(p)
                            .iter()
                            .filter(|&&w| s.finite(w) == Some(b))
                            .map(|&w| SumMove {
                                component: i,
                                to: w,
                            }),
                    );
                }
            }
        }
        [i] => {
            let y = o.xor;
            out.extend(
                g.successors(parts[*i])
                    .iter()
                    .filter(|&&w| s.finite(w) == Some(y))
                    .map(|&w| SumMove {
                        component: *i,
                        to: w,
                    }),
            );
        }
        _ => {}
    }
    dedup(out)
}

fn dedup(mut v: Vec<SumMove>) -> Vec<SumMove> {
    let mut seen = std::collections::HashSet::new();
    v.retain(|m| seen.insert(*m));
    v
}

/// The computer's winning move: among [`winning_moves`], one in a
/// component of largest rank, going to the vertex of smallest rank. Played
/// after every opponent's move this ends the game: each pair of moves
/// lowers the multiset of the components' ranks.
pub fn best_winning_move(g: &Digraph, s: &Solution, parts: &[u32]) -> Option<SumMove> {
    winning_moves(g, s, parts)
        .into_iter()
        .max_by_key(|m| (s.rank(parts[m.component]), std::cmp::Reverse(s.rank(m.to))))
}

/// The moves from a drawn sum that keep it drawn (empty unless the sum is
/// a draw; never empty when it is, or the sum would be a P-position).
///
/// ```
/// use grundy::loopy::{draw_keeping_moves, solve, Digraph, SumMove};
/// // 0 <-> 1, 1 -> 2, 2 -> 3 (a sink): 0 must not go anywhere but 1,
/// // and from 1 the draw is kept by going back to 0.
/// let g = Digraph::from_successors(&[vec![1], vec![0, 2], vec![3], vec![]]);
/// let s = solve(&g);
/// assert_eq!(draw_keeping_moves(&g, &s, &[1]), vec![SumMove { component: 0, to: 0 }]);
/// ```
pub fn draw_keeping_moves(g: &Digraph, s: &Solution, parts: &[u32]) -> Vec<SumMove> {
    if sum_value(g, s, parts).outcome() != LoopyOutcome::D {
        return Vec::new();
    }
    let o = others(s, parts);
    let mut out = Vec::new();
    let mut done = std::collections::HashSet::new();
    for (i, &p) in parts.iter().enumerate() {
        if !done.insert(p) {
            continue;
        }
        // The value of every part but i.
        let rest_xor = o.xor ^ s.finite(p).unwrap_or(0);
        let rest_inf: Vec<usize> = o.infinite.iter().copied().filter(|&j| j != i).collect();
        let rest = match rest_inf.as_slice() {
            [] => LoopyValue::Finite(rest_xor),
            [j] => s.value(g, parts[*j]).sum(&LoopyValue::Finite(rest_xor)),
            _ => LoopyValue::Infinite(Vec::new()),
        };
        for &w in g.successors(p) {
            let after = match s.finite(w) {
                Some(m) => rest.sum(&LoopyValue::Finite(m)),
                None => rest.sum(&s.value(g, w)),
            };
            if after.outcome() == LoopyOutcome::D {
                out.push(SumMove {
                    component: i,
                    to: w,
                });
            }
        }
    }
    dedup(out)
}
