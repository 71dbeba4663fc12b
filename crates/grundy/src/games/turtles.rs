//! Turning Turtles and Twins: a row of coins (turtles), each face up (`O`)
//! or face down (`X`), cells numbered from 1 on the left. A move turns a
//! face-up coin face down and may (Turning Turtles) or must (Twins) also
//! flip one coin to its left, either way.
//!
//! Turning Turtles is Nim on the cell numbers of the face-up coins (seed
//! 000): turning cell `x` alone removes heap `x`; turning `x` and flipping
//! `y < x` makes heap `x` into heap `y` (a coin turned up adds heap `y`, a
//! coin turned down removes it, the same as adding a second heap `y`). So
//! the value is the nim-sum of the positions of the `O`s. In Twins the flip
//! is compulsory, so a heap cannot drop to 0 but only to a smaller cell:
//! counting cells from 0 makes it Nim again, and the value is the nim-sum
//! of the 0-based positions.
//!
//! ```
//! use grundy::games::turtles::{self, Variant};
//! let row = turtles::parse_row("XOOXO").unwrap();
//! let a = turtles::analyze(&row, Variant::Turtles);
//! assert_eq!(a.value.unwrap().0, 2 ^ 3 ^ 5);
//! assert_eq!(a.winning_moves[0].mv.to_string(), "turn cell 5, flip cell 1");
//! assert_eq!(turtles::show_row(&a.winning_moves[0].to), "OOOXX");
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::games::nim;
use crate::nimber::Nimber;

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Turning Turtles: the second flip is optional.
    Turtles,
    /// Twins: the second flip is compulsory.
    Twins,
}

impl Variant {
    /// The heap of a face-up coin on 0-based cell `i`.
    fn heap(self, i: usize) -> u64 {
        match self {
            Variant::Turtles => i as u64 + 1,
            Variant::Twins => i as u64,
        }
    }
}

/// Why a row could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RowError {
    /// No cell at all.
    #[error("the row is empty: write it with O (face up) and X (face down), e.g. XOOXO")]
    Empty,
    /// A character other than O or X.
    #[error(
        "cell {cell} of the row is '{}', not O (face up) or X (face down)",
        crate::escape::one_line(.found)
    )]
    BadCell {
        /// 1-based cell.
        cell: usize,
        /// What was found there.
        found: char,
    },
}

/// Reads a row of `O` (face up) and `X` (face down); lower case is accepted.
pub fn parse_row(text: &str) -> Result<Vec<bool>, RowError> {
    if text.is_empty() {
        return Err(RowError::Empty);
    }
    text.chars()
        .enumerate()
        .map(|(i, c)| match c {
            'O' | 'o' => Ok(true),
            'X' | 'x' => Ok(false),
            found => Err(RowError::BadCell { cell: i + 1, found }),
        })
        .collect()
}

/// Writes a row as `O`s and `X`s.
pub fn show_row(row: &[bool]) -> String {
    row.iter().map(|&up| if up { 'O' } else { 'X' }).collect()
}

/// The row as a [`Game`] (flips link the cells, so the row is one
/// component), for the generic solvers; use [`analyze`] for answers.
#[derive(Clone, Copy, Debug)]
pub struct Turning(pub Variant);

impl Game for Turning {
    type Position = Vec<bool>;
    fn options(&self, row: &Vec<bool>) -> Vec<Vec<Vec<bool>>> {
        let mut out = Vec::new();
        for x in 0..row.len() {
            if !row[x] {
                continue;
            }
            let mut to = row.clone();
            to[x] = false;
            if self.0 == Variant::Turtles {
                out.push(vec![to.clone()]);
            }
            for y in 0..x {
                let mut t = to.clone();
                t[y] = !t[y];
                out.push(vec![t]);
            }
        }
        out
    }
}

/// A move: turn the face-up coin on cell `turn`, and flip cell `flip`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnMove {
    /// 1-based cell of the coin turned face down.
    pub turn: usize,
    /// 1-based cell flipped too, left of `turn`.
    pub flip: Option<usize>,
}

impl Display for TurnMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn cell {}", self.turn)?;
        if let Some(y) = self.flip {
            write!(f, ", flip cell {y}")?;
        }
        Ok(())
    }
}

/// The Nim heaps: one per face-up coin.
pub fn heaps(row: &[bool], variant: Variant) -> Vec<u64> {
    (0..row.len())
        .filter(|&i| row[i])
        .map(|i| variant.heap(i))
        .collect()
}

/// The Grundy value: the nim-sum of the heaps.
pub fn value(row: &[bool], variant: Variant) -> Nimber {
    nim::value(&heaps(row, variant))
}

fn apply(row: &[bool], mv: TurnMove) -> Vec<bool> {
    let mut to = row.to_vec();
    to[mv.turn - 1] = false;
    if let Some(y) = mv.flip {
        to[y - 1] = !to[y - 1];
    }
    to
}

/// Every winning move (normal play), without the rows they lead to. For
/// each face-up coin the heap it stands for must drop to `heap XOR value`;
/// the cell of that smaller heap is the one to flip (none when it is 0 in
/// Turning Turtles), so each coin gives at most one winning move.
///
/// ```
/// use grundy::games::turtles::{self, Variant};
/// let row = turtles::parse_row("XXXOOO").unwrap();
/// assert_eq!(turtles::winning_moves(&row, Variant::Turtles).len(), 3);
/// ```
pub fn winning_moves(row: &[bool], variant: Variant) -> Vec<TurnMove> {
    let s = value(row, variant);
    let mut moves = Vec::new();
    if !s.is_zero() {
        for x in (0..row.len()).rev().filter(|&x| row[x]) {
            let h = variant.heap(x);
            let t = h ^ s.0;
            if t >= h {
                continue;
            }
            let flip = match variant {
                Variant::Turtles => (t > 0).then_some(t as usize),
                Variant::Twins => Some(t as usize + 1),
            };
            moves.push(TurnMove { turn: x + 1, flip });
        }
    }
    moves
}

/// Value, outcome and every winning move (see [`winning_moves`]).
pub fn analyze(row: &[bool], variant: Variant) -> Analysis<TurnMove, Vec<bool>> {
    analyze_first(row, variant, usize::MAX).0
}

/// [`analyze`] with only the first `limit` winning moves given their
/// rows, and how many winning moves there are in all.
pub fn analyze_first(
    row: &[bool],
    variant: Variant,
    limit: usize,
) -> (Analysis<TurnMove, Vec<bool>>, usize) {
    let s = value(row, variant);
    let moves = winning_moves(row, variant);
    let total = moves.len();
    let a = Analysis {
        convention: Convention::Normal,
        value: Some(s),
        outcome: Outcome::from_value(s),
        winning_moves: moves
            .into_iter()
            .take(limit)
            .map(|mv| WinningMove {
                mv,
                to: apply(row, mv),
            })
            .collect(),
    };
    (a, total)
}

/// The reduction to Nim, the binary columns, and why the first winning
/// move works.
pub fn explain(row: &[bool], variant: Variant) -> String {
    let h = heaps(row, variant);
    let (a, _) = analyze_first(row, variant, 1);
    let mut out = String::new();
    match variant {
        Variant::Turtles => {
            let _ = writeln!(
                out,
                "Each face-up coin on cell x is a Nim heap of size x: turning it alone empties the heap, turning it and flipping \
                 cell y < x makes the heap y (a coin turned up is a new heap y; a coin turned down is an old heap y removed, \
                 the same as adding a second heap y). The row is Nim on the cells of its O's:"
            );
        }
        Variant::Twins => {
            let _ = writeln!(
                out,
                "As in Turning Turtles, but the second flip is compulsory, so a heap can only move to a smaller cell, never \
                 vanish: counting cells from 0, a face-up coin on cell x is a Nim heap of size x - 1. The row is Nim on these heaps:"
            );
        }
    }
    if h.is_empty() {
        let _ = writeln!(
            out,
            "No coin is face up: no move is possible, the value is 0, a P-position."
        );
        return out;
    }
    let names: Vec<String> = (0..row.len())
        .filter(|&i| row[i])
        .enumerate()
        .map(|(n, i)| format!("heap {} = cell {}", n + 1, i + 1))
        .collect();
    let _ = writeln!(out, "  {}", names.join(", "));
    out.push_str(&nim::binary_columns(&h));
    let s = a.value.map_or(0, |v| v.0);
    match a.winning_moves.first() {
        None => {
            let _ = writeln!(out, "The XOR is 0: a P-position, the player to move loses.");
        }
        Some(w) => {
            let from = variant.heap(w.mv.turn - 1);
            let _ = writeln!(
                out,
                "The XOR is {s}: an N-position. {}: the heap of cell {} goes from {from} to {from} XOR {s} = {}, and the XOR becomes 0.",
                w.mv,
                w.mv.turn,
                from ^ s
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_search(row in proptest::collection::vec(any::<bool>(), 1..8), twins in any::<bool>()) {
            let variant = if twins { Variant::Twins } else { Variant::Turtles };
            let game = Turning(variant);
            let mut solver = Solver::new(&game);
            let v = solver.value(&row).unwrap();
            let a = analyze(&row, variant);
            prop_assert_eq!(a.value, Some(v));
            prop_assert_eq!(a.outcome, Outcome::from_value(v));
            let mut expect: Vec<Vec<bool>> = solver
                .winning_moves(std::slice::from_ref(&row))
                .unwrap()
                .into_iter()
                .map(|m| m.into[0].clone())
                .collect();
            expect.sort();
            let mut got: Vec<Vec<bool>> = a.winning_moves.iter().map(|w| w.to.clone()).collect();
            got.sort();
            prop_assert_eq!(got, expect);
        }
    }

    #[test]
    fn rows() {
        assert_eq!(parse_row(""), Err(RowError::Empty));
        assert_eq!(
            parse_row("XO?O"),
            Err(RowError::BadCell {
                cell: 3,
                found: '?'
            })
        );
        let row = parse_row("xoOX").unwrap();
        assert_eq!(show_row(&row), "XOOX");
        let t = analyze(&parse_row("XOOXO").unwrap(), Variant::Twins);
        // 0-based positions 1, 2, 4: 1 ^ 2 ^ 4 = 7.
        assert_eq!(t.value, Some(Nimber(7)));
        assert_eq!(
            t.winning_moves[0].mv.to_string(),
            "turn cell 5, flip cell 4"
        );
        assert!(explain(&parse_row("XOOXO").unwrap(), Variant::Turtles).contains("heap 3 = cell 5"));
    }
}
