//! Turning Corners (seed 002): an n x n board of black and white cells. A
//! move picks a white cell `(x, y)` with `x, y >= 1` and any `x' < x`,
//! `y' < y`, and flips the four corners `(x, y)`, `(x', y)`, `(x, y')`,
//! `(x', y')`. Coordinates are 0-based: `x` is the row (from the top), `y`
//! the column (from the left).
//!
//! Seed 002 proves two lemmas: the board is the sum of the games `P(x, y)`
//! with one white cell each (Lemma 1), and `P(x, y)` decomposes over the
//! binary digits of `x` and `y` exactly like the nim product (Lemma 2), so
//! `P(x, y)` has value `x * y` (nim product) and the board has value
//! `XOR of x * y over the white cells`.
//!
//! A move by corners `(x, y)`, `(x', y')` changes the value by
//! `(x ⊕ x') * (y ⊕ y')` (nim arithmetic), so a winning move from value
//! `v != 0` is a white `(x, y)` and a `dx` with `x + dx < x` such that
//! `dy = v / dx` has `y + dy < y`. Rows are scanned once, with one nimber
//! division per `(x, dx)`: about `n^2 / 2` products for an n x n board.
//!
//! ```
//! use grundy::game::Outcome;
//! use grundy::games::corners::{analyze, Board};
//! let b = Board::parse("....\n.#..\n....\n....\n").unwrap();
//! let a = analyze(&b, true);
//! assert_eq!(a.outcome, Outcome::N);
//! for m in &a.winning_moves {
//!     assert_eq!(analyze(&m.to, false).outcome, Outcome::P);
//! }
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::nimber::{nim_mul, portable, Nimber};

/// The largest side accepted by [`Board::parse`].
pub const MAX_SIDE: usize = 10_000;

/// A board: `rows x cols` cells, each black or white.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    white: Vec<bool>,
}

/// Why a board text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No rows at all.
    #[error("the board is empty")]
    Empty,
    /// A character other than `#`, `.`, `0`, `1`.
    #[error(
        "line {line}, column {column}: '{}' is not a cell (use '#' or '0' for black, '.' or '1' for white)",
        crate::escape::one_line(.found)
    )]
    BadCell {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character found.
        found: char,
    },
    /// Rows of different lengths.
    #[error("line {line} has {found} cells but line 1 has {expected}; every row must have the same length")]
    Ragged {
        /// 1-based line.
        line: usize,
        /// Its number of cells.
        found: usize,
        /// The first row's.
        expected: usize,
    },
    /// More than [`MAX_SIDE`] rows or columns.
    #[error("the board is {rows} x {cols}; at most {max} x {max} is accepted")]
    TooLarge {
        /// Rows found.
        rows: usize,
        /// Columns found.
        cols: usize,
        /// The limit.
        max: usize,
    },
}

impl Board {
    /// A board from its cells in row-major order (`true` = white).
    ///
    /// # Panics
    ///
    /// When `white.len() != rows * cols`.
    pub fn new(rows: usize, cols: usize, white: Vec<bool>) -> Board {
        assert_eq!(
            white.len(),
            rows * cols,
            "cells for a {rows} x {cols} board"
        );
        Board { rows, cols, white }
    }

    /// Reads rows of `#` (black) and `.` (white), or `0` (black) and `1`
    /// (white), one row per line. Trailing blank lines and `\r` are ignored.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        // Rows up to the last non-blank line; only those are kept, so a
        // file of blank lines costs no memory.
        let used = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim_end().is_empty())
            .last()
            .map_or(0, |(i, _)| i + 1);
        if used == 0 {
            return Err(BoardError::Empty);
        }
        let cols = text.lines().next().unwrap_or("").trim_end().chars().count();
        if used > MAX_SIDE || cols > MAX_SIDE {
            return Err(BoardError::TooLarge {
                rows: used,
                cols,
                max: MAX_SIDE,
            });
        }
        let lines: Vec<&str> = text
            .lines()
            .take(used)
            .map(|l| l.strip_suffix('\r').unwrap_or(l).trim_end())
            .collect();
        let mut white = Vec::with_capacity(used * cols);
        for (i, line) in lines.iter().enumerate() {
            let mut count = 0;
            for (j, c) in line.chars().enumerate() {
                white.push(match c {
                    '#' | '0' => false,
                    '.' | '1' => true,
                    found => {
                        return Err(BoardError::BadCell {
                            line: i + 1,
                            column: j + 1,
                            found,
                        })
                    }
                });
                count += 1;
            }
            if count != cols {
                return Err(BoardError::Ragged {
                    line: i + 1,
                    found: count,
                    expected: cols,
                });
            }
        }
        Ok(Board {
            rows: used,
            cols,
            white,
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether cell `(x, y)` (row, column) is white.
    pub fn is_white(&self, x: usize, y: usize) -> bool {
        self.white[x * self.cols + y]
    }

    /// Turns cell `(x, y)` over.
    pub fn flip(&mut self, x: usize, y: usize) {
        let c = &mut self.white[x * self.cols + y];
        *c = !*c;
    }

    /// Number of white cells.
    pub fn white_cells(&self) -> usize {
        self.white.iter().filter(|&&w| w).count()
    }

    /// The rows as text: `#` black, `.` white.
    pub fn to_lines(&self) -> Vec<String> {
        self.white
            .chunks(self.cols.max(1))
            .map(|r| r.iter().map(|&w| if w { '.' } else { '#' }).collect())
            .collect()
    }

    /// The board after `mv`.
    pub fn after(&self, mv: &CornersMove) -> Board {
        let mut b = self.clone();
        for (x, y) in mv.cells() {
            b.flip(x, y);
        }
        b
    }
}

/// A move: the white corner `(x, y)` and the opposite corner `(x2, y2)`,
/// with `x2 < x` and `y2 < y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CornersMove {
    /// Row of the white corner.
    pub x: usize,
    /// Column of the white corner.
    pub y: usize,
    /// Row of the opposite corner.
    pub x2: usize,
    /// Column of the opposite corner.
    pub y2: usize,
}

impl CornersMove {
    /// The four flipped cells `[row, column]`: `(x, y)`, `(x', y)`,
    /// `(x, y')`, `(x', y')`.
    pub fn cells(&self) -> [(usize, usize); 4] {
        [
            (self.x, self.y),
            (self.x2, self.y),
            (self.x, self.y2),
            (self.x2, self.y2),
        ]
    }
}

impl Display for CornersMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.cells();
        write!(
            f,
            "({},{}) ({},{}): flip ({},{}) ({},{}) ({},{}) ({},{})",
            self.x, self.y, self.x2, self.y2, a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1
        )
    }
}

/// The Grundy value: XOR of `x * y` over the white cells. Each row `x`
/// contributes `x * (XOR of its white columns)` by distributivity.
pub fn value(board: &Board) -> Nimber {
    let mut v = 0u64;
    for x in 1..board.rows {
        let row = &board.white[x * board.cols..(x + 1) * board.cols];
        let ys = row
            .iter()
            .enumerate()
            .filter(|(_, &w)| w)
            .fold(0u64, |acc, (y, _)| acc ^ y as u64);
        v ^= nim_mul(x as u64, ys);
    }
    Nimber(v)
}

/// The `dx` with `x + dx < x` (nim-sum): those whose top bit is set in `x`.
fn row_steps(x: usize) -> impl Iterator<Item = usize> {
    (0..usize::BITS)
        .filter(move |b| x >> b & 1 == 1)
        .flat_map(|b| (1usize << b)..(1usize << (b + 1)))
}

fn top_bit(v: u64) -> u32 {
    63 - v.leading_zeros()
}

/// Inverses of `0..n` in the nimber field (`n` at most `2^16`; `dx < 2x`).
fn inverses(n: usize) -> Vec<u64> {
    (0..n)
        .map(|d| portable::inverse16(d as u16) as u64)
        .collect()
}

/// One winning move, found without listing the others, or `None` when the
/// value is 0 (or no move exists).
pub fn winning_move(board: &Board) -> Option<CornersMove> {
    let v = value(board).0;
    if v == 0 {
        return None;
    }
    let inv = inverses(2 * board.rows);
    for x in 1..board.rows {
        // For each bit t, a white column y >= 1 of this row with bit t set.
        let mut with_bit = [usize::MAX; 64];
        let mut mask = 0u64;
        for y in 1..board.cols {
            if board.is_white(x, y) {
                let mut bits = y;
                while bits != 0 {
                    let t = bits.trailing_zeros() as usize;
                    if with_bit[t] == usize::MAX {
                        with_bit[t] = y;
                        mask |= 1 << t;
                    }
                    bits &= bits - 1;
                }
            }
        }
        if mask == 0 {
            continue;
        }
        for dx in row_steps(x) {
            let dy = nim_mul(v, inv[dx]);
            let t = top_bit(dy);
            if mask >> t & 1 == 1 {
                let y = with_bit[t as usize];
                return Some(CornersMove {
                    x,
                    y,
                    x2: x ^ dx,
                    y2: y ^ dy as usize,
                });
            }
        }
    }
    None
}

/// Every winning move, in order of `(x, y, x', y')`; about `x` checks per
/// white cell `(x, y)`.
pub fn winning_moves(board: &Board) -> Vec<CornersMove> {
    let v = value(board).0;
    let mut out = Vec::new();
    if v == 0 {
        return out;
    }
    let inv = inverses(2 * board.rows);
    for x in 1..board.rows {
        let targets: Vec<(usize, u64)> = row_steps(x).map(|dx| (dx, nim_mul(v, inv[dx]))).collect();
        for y in 1..board.cols {
            if !board.is_white(x, y) {
                continue;
            }
            for &(dx, dy) in &targets {
                let y2 = y as u64 ^ dy;
                if y2 < y as u64 {
                    out.push(CornersMove {
                        x,
                        y,
                        x2: x ^ dx,
                        y2: y2 as usize,
                    });
                }
            }
        }
    }
    out.sort();
    out
}

/// Value, outcome and winning moves: every one when `all`, else the first
/// one found.
pub fn analyze(board: &Board, all: bool) -> Analysis<CornersMove, Board> {
    let v = value(board);
    let moves = if all {
        winning_moves(board)
    } else {
        winning_move(board).into_iter().collect()
    };
    Analysis {
        convention: Convention::Normal,
        value: Some(v),
        outcome: Outcome::from_value(v),
        winning_moves: moves
            .into_iter()
            .map(|mv| WinningMove {
                to: board.after(&mv),
                mv,
            })
            .collect(),
    }
}

/// Why the value and the move are right, in the words of seed 002.
pub fn explain(board: &Board) -> String {
    let v = value(board);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Lemma 1: the board is the sum of the games P(x, y), one for each white cell (x, y) \
         (a move in the board is the one move of P(x, y) for the chosen corner; two copies of a game cancel)."
    );
    let _ = writeln!(
        out,
        "Lemma 2: P(x, y) splits over the binary digits of x and y like the nim product, so P(x, y) = x * y \
         (nim product), and cells in row 0 or column 0 count 0 (no move starts there)."
    );
    let _ = writeln!(
        out,
        "The board has {} white cells; the XOR of x * y over them is {}.",
        board.white_cells(),
        v.0
    );
    if v.is_zero() {
        let _ = writeln!(
            out,
            "The value is 0: a P-position. Any move changes the value by (x ⊕ x') * (y ⊕ y'), \
             a product of two nonzero nimbers, which is never 0."
        );
        return out;
    }
    let _ = writeln!(
        out,
        "The value is not 0: the player to move wins. A move with corners (x, y), (x', y') changes the value by \
         (x ⊕ x') * (y ⊕ y'), so it must make (x ⊕ x') * (y ⊕ y') = {}.",
        v.0
    );
    if let Some(m) = winning_move(board) {
        let (dx, dy) = (m.x ^ m.x2, m.y ^ m.y2);
        let _ = writeln!(
            out,
            "Take the white cell ({}, {}) and dx = {dx} (so x' = {} XOR {dx} = {} < {}); then dy = {} / {dx} = {dy} \
             (nim division), and y' = {} XOR {dy} = {} < {}. Flip ({},{}) ({},{}) ({},{}) ({},{}): the value becomes 0.",
            m.x, m.y, m.x, m.x2, m.x, v.0, m.y, m.y2, m.y,
            m.x, m.y, m.x2, m.y, m.x, m.y2, m.x2, m.y2
        );
    }
    out
}

/// Turning Corners as a [`Game`] on small boards (at most 64 cells): a
/// position is the set of white cells as bits `x * cols + y`, and a move
/// flips four corners directly. For the generic solvers, to check
/// [`analyze`].
#[derive(Clone, Copy, Debug)]
pub struct Corners {
    rows: usize,
    cols: usize,
}

impl Corners {
    /// The game on `rows x cols` boards; `None` beyond 64 cells.
    pub fn new(rows: usize, cols: usize) -> Option<Corners> {
        (rows * cols <= 64).then_some(Corners { rows, cols })
    }

    /// A board as a position of this game (same size).
    pub fn encode(&self, board: &Board) -> u64 {
        board
            .white
            .iter()
            .enumerate()
            .filter(|(_, &w)| w)
            .fold(0u64, |m, (i, _)| m | 1 << i)
    }

    /// A position as a board.
    pub fn decode(&self, mask: u64) -> Board {
        Board::new(
            self.rows,
            self.cols,
            (0..self.rows * self.cols)
                .map(|i| mask >> i & 1 == 1)
                .collect(),
        )
    }
}

impl Game for Corners {
    type Position = u64;
    fn options(&self, &mask: &u64) -> Vec<Vec<u64>> {
        let bit = |x: usize, y: usize| 1u64 << (x * self.cols + y);
        let mut out = Vec::new();
        for x in 1..self.rows {
            for y in 1..self.cols {
                if mask & bit(x, y) == 0 {
                    continue;
                }
                for x2 in 0..x {
                    for y2 in 0..y {
                        out.push(vec![
                            mask ^ bit(x, y) ^ bit(x2, y) ^ bit(x, y2) ^ bit(x2, y2),
                        ]);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{analyze_sum, Solver};
    use proptest::prelude::*;

    /// Seed 002's table of P(x, y) for x, y <= 20, row 2 and row 20.
    #[test]
    fn single_cells_are_nim_products() {
        let row2 = [
            0u64, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5, 32, 34, 35, 33, 40,
        ];
        let row20 = [
            0u64, 20, 40, 60, 70, 82, 110, 122, 139, 159, 163, 183, 205, 217, 229, 241, 88, 76,
            112, 100, 30,
        ];
        for y in 0..21 {
            let mut b = Board::new(21, 21, vec![false; 441]);
            b.flip(2, y);
            assert_eq!(value(&b).0, row2[y]);
            let mut b = Board::new(21, 21, vec![false; 441]);
            b.flip(20, y);
            assert_eq!(value(&b).0, row20[y]);
        }
    }

    #[test]
    fn single_cells_by_the_generic_solver() {
        // P(x, y) played directly on a board just large enough.
        for x in 0..4 {
            for y in 0..4 {
                let g = Corners::new(x + 1, y + 1).unwrap();
                let mut s = Solver::new(&g);
                let v = s.value(&(1u64 << (x * (y + 1) + y))).unwrap();
                assert_eq!(v.0, nim_mul(x as u64, y as u64), "P({x}, {y})");
            }
        }
    }

    #[test]
    fn parsing() {
        let b = Board::parse("#.\r\n01\n\n").unwrap();
        assert_eq!((b.rows(), b.cols()), (2, 2));
        assert!(!b.is_white(0, 0) && b.is_white(0, 1) && !b.is_white(1, 0) && b.is_white(1, 1));
        assert_eq!(b.to_lines(), vec!["#.", "#."]);
        assert_eq!(Board::parse("\n\n"), Err(BoardError::Empty));
        assert!(matches!(
            Board::parse("#.\n#"),
            Err(BoardError::Ragged { line: 2, .. })
        ));
        assert!(matches!(
            Board::parse("#x"),
            Err(BoardError::BadCell {
                line: 1,
                column: 2,
                found: 'x'
            })
        ));
    }

    fn boards() -> impl Strategy<Value = Board> {
        (1usize..=6, 1usize..=6)
            .prop_filter("at most 16 cells can move", |(r, c)| {
                (r - 1) * (c - 1) <= 16
            })
            .prop_flat_map(|(r, c)| {
                proptest::collection::vec(any::<bool>(), r * c)
                    .prop_map(move |w| Board::new(r, c, w))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_the_generic_solver(board in boards()) {
            let g = Corners::new(board.rows(), board.cols()).unwrap();
            let mask = g.encode(&board);
            let slow = analyze_sum(&g, &[mask], Convention::Normal, None).unwrap();
            let fast = analyze(&board, true);
            prop_assert_eq!(fast.value, slow.value);
            prop_assert_eq!(fast.outcome, slow.outcome);
            let mut want: Vec<u64> = slow.winning_moves.iter().map(|m| m.to[0]).collect();
            want.sort();
            let mut got: Vec<u64> = fast.winning_moves.iter().map(|m| g.encode(&m.to)).collect();
            got.sort();
            prop_assert_eq!(got, want);
            let one = analyze(&board, false);
            prop_assert_eq!(one.winning_moves.len(), usize::from(slow.outcome == Outcome::N));
            if let Some(m) = one.winning_moves.first() {
                prop_assert_eq!(value(&m.to), Nimber::ZERO);
            }
        }
    }

    #[test]
    fn six_by_six_boards_with_the_solver() {
        // A 6 x 6 board has 25 cells that can move, too many positions to
        // search; moves only flip cells above and left of the chosen one,
        // so white cells kept in the top four rows (or the left four
        // columns) keep the search to 2^15 positions.
        let mut rng = 0x1234_5678_9abc_def1u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let g = Corners::new(6, 6).unwrap();
        let mut solver = Solver::new(&g);
        for case in 0..6 {
            let r = next();
            let white: Vec<bool> = (0..36)
                .map(|i| {
                    let (x, y) = (i / 6, i % 6);
                    let inside = if case % 2 == 0 { x < 4 } else { y < 4 };
                    inside && r >> i & 1 == 1
                })
                .collect();
            let board = Board::new(6, 6, white);
            let mask = g.encode(&board);
            assert_eq!(solver.value(&mask).unwrap(), value(&board));
            let fast = analyze(&board, true);
            let mut want: Vec<u64> = solver
                .winning_moves(&[mask])
                .unwrap()
                .into_iter()
                .map(|m| m.into[0])
                .collect();
            want.sort();
            let mut got: Vec<u64> = fast.winning_moves.iter().map(|m| g.encode(&m.to)).collect();
            got.sort();
            assert_eq!(got, want);
        }
    }
}
