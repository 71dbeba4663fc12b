//! Nim, normal and misère, solved by Bouton's rule (never by search).
//!
//! Normal play: a position is P iff the nim-sum `s` of the heaps is 0. To win
//! from `s != 0`, take a heap `x` having the highest set bit of `s` and reduce
//! it to `x XOR s`. Misère play differs only when the move would leave no
//! heap above 1: then leave an odd number of heaps of size 1.
//!
//! ```
//! use grundy::game::{Convention, Outcome};
//! use grundy::games::nim;
//! let a = nim::analyze(&[3, 4, 5], Convention::Normal);
//! assert_eq!(a.value.unwrap().0, 2);
//! assert_eq!(a.winning_moves[0].to, vec![1, 4, 5]);
//! let m = nim::analyze(&[1, 1, 2], Convention::Misere);
//! assert_eq!(m.outcome, Outcome::N);
//! assert_eq!(m.winning_moves[0].to, vec![1, 1, 1]);
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::nimber::Nimber;

/// Nim as a [`Game`] on one heap (every smaller heap is an option), for the
/// generic solvers; use [`analyze`] for answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Position = u64;
    fn options(&self, &n: &u64) -> Vec<Vec<u64>> {
        (0..n).map(|k| vec![k]).collect()
    }
}

/// A Nim move: heap `heap` (0-based) goes from `from` tokens to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// 0-based index of the heap.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move.
    pub to: u64,
}

impl Display for NimMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} from heap {} ({} -> {})",
            self.from - self.to,
            self.heap + 1,
            self.from,
            self.to
        )
    }
}

/// The nim-sum of the heaps: the Grundy value in normal play.
pub fn value(heaps: &[u64]) -> Nimber {
    Nimber(heaps.iter().fold(0, |a, &h| a ^ h))
}

/// The outcome and every winning move of a Nim position, without the
/// positions they lead to (cheap to count before anything is listed).
///
/// ```
/// use grundy::game::{Convention, Outcome};
/// use grundy::games::nim;
/// let (outcome, moves) = nim::winning_moves(&[1, 1, 1], Convention::Normal);
/// assert_eq!((outcome, moves.len()), (Outcome::N, 3));
/// assert!(nim::winning_moves(&[1, 1, 1], Convention::Misere).1.is_empty());
/// ```
pub fn winning_moves(heaps: &[u64], convention: Convention) -> (Outcome, Vec<NimMove>) {
    let s = value(heaps);
    let big = heaps.iter().filter(|&&h| h > 1).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let outcome = match convention {
        Convention::Misere if big == 0 => {
            if ones % 2 == 1 {
                Outcome::P
            } else {
                Outcome::N
            }
        }
        _ => Outcome::from_value(s),
    };
    let mut moves: Vec<NimMove> = Vec::new();
    if outcome == Outcome::N {
        match convention {
            Convention::Misere if big == 0 => {
                // Even number of 1-heaps: take any one of them.
                for (i, &h) in heaps.iter().enumerate() {
                    if h == 1 {
                        moves.push(NimMove {
                            heap: i,
                            from: 1,
                            to: 0,
                        });
                    }
                }
            }
            Convention::Misere if big == 1 => {
                // Reduce the one big heap so that an odd number of 1s remain.
                let i = heaps.iter().position(|&h| h > 1).expect("one big heap");
                let to = if ones % 2 == 1 { 0 } else { 1 };
                moves.push(NimMove {
                    heap: i,
                    from: heaps[i],
                    to,
                });
            }
            _ => {
                for (i, &h) in heaps.iter().enumerate() {
                    let t = h ^ s.0;
                    if t < h {
                        moves.push(NimMove {
                            heap: i,
                            from: h,
                            to: t,
                        });
                    }
                }
            }
        }
    }
    (outcome, moves)
}

/// Value (normal play), outcome and every winning move of a Nim position.
pub fn analyze(heaps: &[u64], convention: Convention) -> Analysis<NimMove, Vec<u64>> {
    analyze_first(heaps, convention, usize::MAX).0
}

/// [`analyze`] with only the first `limit` winning moves given their
/// positions, and how many winning moves there are in all.
///
/// ```
/// use grundy::game::Convention;
/// use grundy::games::nim;
/// let (a, total) = nim::analyze_first(&[1; 5], Convention::Normal, 2);
/// assert_eq!((a.winning_moves.len(), total), (2, 5));
/// ```
pub fn analyze_first(
    heaps: &[u64],
    convention: Convention,
    limit: usize,
) -> (Analysis<NimMove, Vec<u64>>, usize) {
    let s = value(heaps);
    let (outcome, moves) = winning_moves(heaps, convention);
    let total = moves.len();
    let winning_moves = moves
        .into_iter()
        .take(limit)
        .map(|mv| {
            let mut to = heaps.to_vec();
            to[mv.heap] = mv.to;
            WinningMove { mv, to }
        })
        .collect();
    let a = Analysis {
        convention,
        value: (convention == Convention::Normal).then_some(s),
        outcome,
        winning_moves,
    };
    (a, total)
}

/// Writes the heaps in binary, one per line, under a common width, then the
/// column-wise XOR: the picture Bouton's rule is read from.
pub fn binary_columns(heaps: &[u64]) -> String {
    let s = value(heaps).0;
    let max = heaps.iter().copied().max().unwrap_or(0).max(s).max(1);
    let width = 64 - max.leading_zeros() as usize;
    let dec = max.to_string().len();
    let label = format!("heap {}", heaps.len()).len();
    let mut out = String::new();
    for (i, &h) in heaps.iter().enumerate() {
        let name = format!("heap {}", i + 1);
        let _ = writeln!(out, "  {name:<label$}  {h:>dec$} = {h:0width$b}");
    }
    let _ = writeln!(
        out,
        "  {:<label$}  {:>dec$}   {}",
        "",
        "",
        "-".repeat(width)
    );
    let _ = writeln!(out, "  {:<label$}  {s:>dec$} = {s:0width$b}", "XOR");
    out
}

/// A step-by-step explanation of the position and of the first winning
/// move, in the style of seeds 001 and 003.
pub fn explain(heaps: &[u64], convention: Convention) -> String {
    let a = analyze(heaps, convention);
    let s = value(heaps).0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Write every heap in binary and add each column without carry (XOR):"
    );
    out.push_str(&binary_columns(heaps));
    let big = heaps.iter().filter(|&&h| h > 1).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    if convention == Convention::Misere && big == 0 {
        let _ = writeln!(
            out,
            "Misère play, and no heap is larger than 1: the game is just counting. \
             There are {ones} heaps of size 1; each move removes one of them, and whoever takes the last one loses."
        );
        if ones % 2 == 1 {
            let _ = writeln!(
                out,
                "An odd number: moves alternate, so the player to move will take the last one and lose. A P-position."
            );
        } else if ones == 0 {
            let _ = writeln!(
                out,
                "No heap is left: the previous player made the last move and so lost; the player to move has won."
            );
        } else {
            let _ = writeln!(
                out,
                "An even number: take one heap of size 1, leaving an odd number, and the opponent will take the last one."
            );
        }
        return out;
    }
    if s == 0 {
        let _ = writeln!(
            out,
            "Every column has an even number of 1s: the XOR is 0, a P-position. The player to move loses: \
             any move changes one heap, so at least one column becomes odd, and the opponent can make every column even again."
        );
        if convention == Convention::Misere {
            let _ = writeln!(
                out,
                "(Misère play: at least one heap is larger than 1, so the normal-play rule holds.)"
            );
        }
        return out;
    }
    let top = 63 - s.leading_zeros();
    let _ = writeln!(
        out,
        "The XOR is {s}, not 0, so this is an N-position: the player to move wins."
    );
    let Some(first) = a.winning_moves.first() else {
        return out;
    };
    let mv = first.mv;
    if convention == Convention::Misere && big == 1 {
        let _ = writeln!(
            out,
            "Misère play with only one heap larger than 1 (heap {}, size {}): this is the one case where misère differs. \
             Reduce heap {} to {} so that an odd number ({}) of heaps of size 1 remain; the opponent must then take the last one.",
            mv.heap + 1,
            mv.from,
            mv.heap + 1,
            mv.to,
            ones + mv.to as usize
        );
        return out;
    }
    let _ = writeln!(
        out,
        "Its highest set bit is bit {top} (value {}). Heap {} ({} = {:b}) has that bit set, so reducing it to \
         {} XOR {} = {} is a real decrease.",
        1u64 << top,
        mv.heap + 1,
        mv.from,
        mv.from,
        mv.from,
        s,
        mv.to
    );
    let _ = writeln!(
        out,
        "Take {} from heap {}: after the move every column has an even number of 1s, the XOR is 0, \
         and the opponent faces a P-position.",
        mv.from - mv.to,
        mv.heap + 1
    );
    if convention == Convention::Misere {
        let _ = writeln!(
            out,
            "(Misère play: the move leaves a heap larger than 1, so the normal-play rule still holds.)"
        );
    }
    if a.winning_moves.len() > 1 {
        let _ = writeln!(
            out,
            "There are {} winning moves in all: every heap with bit {top} set gives one.",
            a.winning_moves.len()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::analyze_sum;
    use proptest::prelude::*;

    fn tos(a: &Analysis<NimMove, Vec<u64>>) -> Vec<Vec<u64>> {
        let mut v: Vec<Vec<u64>> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
        v.sort();
        v
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn normal_agrees_with_search(heaps in proptest::collection::vec(0u64..9, 0..5)) {
            let fast = analyze(&heaps, Convention::Normal);
            let slow = analyze_sum(&Nim, &heaps, Convention::Normal, None).unwrap();
            prop_assert_eq!(fast.value, slow.value);
            prop_assert_eq!(fast.outcome, slow.outcome);
            let mut expect: Vec<Vec<u64>> = slow.winning_moves.iter().map(|m| m.to.clone()).collect();
            expect.sort();
            prop_assert_eq!(tos(&fast), expect);
        }

        #[test]
        fn misere_agrees_with_search(heaps in proptest::collection::vec(0u64..6, 0..5)) {
            let fast = analyze(&heaps, Convention::Misere);
            let slow = analyze_sum(&Nim, &heaps, Convention::Misere, None).unwrap();
            prop_assert_eq!(fast.value, None);
            prop_assert_eq!(fast.outcome, slow.outcome);
            let mut expect: Vec<Vec<u64>> = slow.winning_moves.iter().map(|m| m.to.clone()).collect();
            expect.sort();
            prop_assert_eq!(tos(&fast), expect);
        }
    }

    #[test]
    fn bouton_examples() {
        let a = analyze(&[3, 4, 5], Convention::Normal);
        assert_eq!(a.value, Some(Nimber(2)));
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(tos(&a), vec![vec![1, 4, 5]]);
        assert_eq!(analyze(&[1, 2, 3], Convention::Normal).outcome, Outcome::P);
        let m = analyze(&[1, 1, 1], Convention::Misere);
        assert_eq!(m.outcome, Outcome::P);
        let e = analyze(&[], Convention::Misere);
        assert_eq!((e.outcome, e.winning_moves.len()), (Outcome::N, 0));
        assert!(explain(&[3, 4, 5], Convention::Normal).contains("reducing it to 3 XOR 2 = 1"));
    }

    #[test]
    fn huge_heaps() {
        let a = analyze(&[u64::MAX, 1 << 63, 12345], Convention::Normal);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(value(&a.winning_moves[0].to), Nimber(0));
    }
}
