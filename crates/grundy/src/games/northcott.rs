//! Northcott's game: a board of `width` columns; each row holds one black
//! and one white token. Black moves a black token, White a white one, any
//! distance left or right along its row, without jumping over or landing on
//! the other token. Whoever cannot move loses.
//!
//! A row is decided by its gap, the number of free cells between its two
//! tokens (seed 000): either player can shrink any gap to any smaller size
//! (by advancing), or sometimes widen it (by retreating, up to the edge).
//! That is Nim with increases on the gaps, so the player to move wins iff the
//! nim-sum of the gaps is not 0, whichever colour they play. Retreats can
//! make play last for ever, but not against the winner: every widening is
//! answered by advancing the same distance, and the loser's room to retreat
//! runs out. The value reported is the nim-sum of the gaps.
//!
//! Winning moves depend on the colour to move (each player has their own
//! tokens), so [`analyze`] takes it.
//!
//! ```
//! use grundy::game::Outcome;
//! use grundy::games::northcott::{self, Color, Row};
//! let rows = [Row { black: 1, white: 4 }, Row { black: 6, white: 3 }];
//! let a = northcott::analyze(&rows, 8, Color::Black).unwrap();
//! assert_eq!(a.value.unwrap().0, 2 ^ 2);
//! assert_eq!(a.outcome, Outcome::P);
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Outcome, WinningMove};
use crate::games::nim;
use crate::nimber::Nimber;

/// A player, by the colour of their tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Color {
    /// Moves the black tokens.
    #[default]
    Black,
    /// Moves the white tokens.
    White,
}

impl Color {
    /// The other player.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// One row: the 1-based columns of its two tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    /// Column of the black token.
    pub black: u64,
    /// Column of the white token.
    pub white: u64,
}

impl Row {
    /// Free cells between the two tokens.
    pub fn gap(self) -> u64 {
        self.black.abs_diff(self.white) - 1
    }

    /// The column of `color`'s token.
    pub fn token(self, color: Color) -> u64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    fn with_token(mut self, color: Color, column: u64) -> Row {
        match color {
            Color::Black => self.black = column,
            Color::White => self.white = column,
        }
        self
    }
}

impl Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.black, self.white)
    }
}

/// Why a board is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A token outside columns `1..=width`.
    #[error("row {row}: column {column} is off the board (columns 1 to {width})")]
    OffBoard {
        /// 1-based row.
        row: usize,
        /// The column given.
        column: u64,
        /// The board width.
        width: u64,
    },
    /// Both tokens of a row on one cell.
    #[error("row {row}: the black and the white token are both on column {column}")]
    SameCell {
        /// 1-based row.
        row: usize,
        /// The shared column.
        column: u64,
    },
    /// No row at all.
    #[error("the board has no rows")]
    NoRows,
}

/// Checks that every token is on the board and no two share a cell.
pub fn check(rows: &[Row], width: u64) -> Result<(), BoardError> {
    if rows.is_empty() {
        return Err(BoardError::NoRows);
    }
    for (i, r) in rows.iter().enumerate() {
        for column in [r.black, r.white] {
            if column == 0 || column > width {
                return Err(BoardError::OffBoard {
                    row: i + 1,
                    column,
                    width,
                });
            }
        }
        if r.black == r.white {
            return Err(BoardError::SameCell {
                row: i + 1,
                column: r.black,
            });
        }
    }
    Ok(())
}

/// A move: `color`'s token in row `row` (0-based) from one column to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NorthcottMove {
    /// 0-based row.
    pub row: usize,
    /// Whose token.
    pub color: Color,
    /// Column before the move.
    pub from: u64,
    /// Column after the move.
    pub to: u64,
}

impl Display for NorthcottMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move the {} token in row {} from column {} to column {}",
            self.color,
            self.row + 1,
            self.from,
            self.to
        )
    }
}

/// Every legal move of `color` (for checking by search).
pub fn moves(rows: &[Row], width: u64, color: Color) -> Vec<NorthcottMove> {
    let mut out = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let (p, q) = (r.token(color), r.token(color.other()));
        // Inclusive ends: `width + 1` overflows when the board is 2^64 - 1 wide.
        let span = if p < q {
            1..=q.saturating_sub(1)
        } else {
            q.saturating_add(1)..=width
        };
        for c in span.filter(|&c| c != p) {
            out.push(NorthcottMove {
                row: i,
                color,
                from: p,
                to: c,
            });
        }
    }
    out
}

/// The board after a move.
pub fn apply(rows: &[Row], mv: NorthcottMove) -> Vec<Row> {
    let mut to = rows.to_vec();
    to[mv.row] = to[mv.row].with_token(mv.color, mv.to);
    to
}

/// The gaps of the rows: the Nim heaps.
pub fn gaps(rows: &[Row]) -> Vec<u64> {
    rows.iter().map(|r| r.gap()).collect()
}

/// Every winning move of the player `to_move`, without the boards they
/// lead to: in each row, put the token so that the gap becomes
/// `gap XOR value`, advancing or (if there is room) retreating.
///
/// ```
/// use grundy::games::northcott::{self, Color, Row};
/// let rows = [Row { black: 1, white: 4 }];
/// assert_eq!(northcott::winning_moves(&rows, 4, Color::Black).unwrap().len(), 1);
/// ```
pub fn winning_moves(
    rows: &[Row],
    width: u64,
    to_move: Color,
) -> Result<Vec<NorthcottMove>, BoardError> {
    check(rows, width)?;
    let s = nim::value(&gaps(rows));
    let mut moves = Vec::new();
    if !s.is_zero() {
        for (i, r) in rows.iter().enumerate() {
            let t = r.gap() ^ s.0;
            let (p, q) = (r.token(to_move), r.token(to_move.other()));
            let to = if p < q {
                // Needs q - 1 - t >= 1.
                t.checked_add(2).filter(|&x| x <= q).map(|_| q - 1 - t)
            } else {
                t.checked_add(1)
                    .and_then(|x| q.checked_add(x))
                    .filter(|&c| c <= width)
            };
            if let Some(to) = to {
                moves.push(NorthcottMove {
                    row: i,
                    color: to_move,
                    from: p,
                    to,
                });
            }
        }
    }
    Ok(moves)
}

/// Value (the nim-sum of the gaps), outcome, and every winning move of the
/// player `to_move` (see [`winning_moves`]).
pub fn analyze(
    rows: &[Row],
    width: u64,
    to_move: Color,
) -> Result<Analysis<NorthcottMove, Vec<Row>>, BoardError> {
    let moves = winning_moves(rows, width, to_move)?;
    let s = nim::value(&gaps(rows));
    Ok(Analysis {
        convention: Convention::Normal,
        value: Some(s),
        outcome: Outcome::from_value(s),
        winning_moves: moves
            .into_iter()
            .map(|mv| WinningMove {
                mv,
                to: apply(rows, mv),
            })
            .collect(),
    })
}

/// The gaps as Nim heaps, the binary columns, and the winning moves.
pub fn explain(rows: &[Row], width: u64, to_move: Color) -> Result<String, BoardError> {
    let a = analyze(rows, width, to_move)?;
    let g = gaps(rows);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Each row is decided by its gap, the free cells between its tokens. Either player can shrink any gap to any smaller size \
         by advancing; retreating widens a gap, but the opponent can advance by the same distance, so it gains nothing. \
         The board is Nim on the gaps:"
    );
    let names: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| format!("heap {} = row {} ({r}, gap {})", i + 1, i + 1, r.gap()))
        .collect();
    for n in names {
        let _ = writeln!(out, "  {n}");
    }
    out.push_str(&nim::binary_columns(&g));
    let s = a.value.map_or(0, |v| v.0);
    if s == 0 {
        let _ = writeln!(
            out,
            "The XOR is 0: a P-position, the player to move loses (with either colour)."
        );
        return Ok(out);
    }
    let _ = writeln!(
        out,
        "The XOR is {s}: an N-position, the player to move ({to_move}) wins."
    );
    for w in &a.winning_moves {
        let gap = rows[w.mv.row].gap();
        let how = if gap ^ s < gap { "advance" } else { "retreat" };
        let _ = writeln!(
            out,
            "  {}: {how} so that row {}'s gap goes from {gap} to {gap} XOR {s} = {}.",
            w.mv,
            w.mv.row + 1,
            gap ^ s
        );
    }
    if a.winning_moves.is_empty() {
        let _ = writeln!(out, "  (No row leaves room for the move.)");
    }
    Ok(out)
}

/// The nim-sum of the gaps.
pub fn value(rows: &[Row]) -> Nimber {
    nim::value(&gaps(rows))
}

#[cfg(test)]
mod tests {
    //! Northcott's game is loopy, so the generic solvers (which refuse
    //! cycles) cannot check it. Instead the tests solve whole boards by
    //! retrograde analysis: starting from the positions where the player to
    //! move has no move (lost), a position is won if some move reaches a
    //! lost position, and lost once every move reaches a won one; positions
    //! never labelled are draws. This is exact for finite loopy games, with
    //! the colour to move part of the position.
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    type Table = HashMap<(Vec<Row>, Color), Label>;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Label {
        Won,
        Lost,
        Draw,
    }

    /// Every position of `n` rows on a board of `width` columns, with each
    /// colour to move, labelled by retrograde analysis.
    fn retrograde(n: usize, width: u64) -> Table {
        let mut configs = Vec::new();
        for b in 1..=width {
            for w in 1..=width {
                if b != w {
                    configs.push(Row { black: b, white: w });
                }
            }
        }
        let mut states: Vec<(Vec<Row>, Color)> = Vec::new();
        let mut boards: Vec<Vec<Row>> = vec![Vec::new()];
        for _ in 0..n {
            boards = boards
                .into_iter()
                .flat_map(|b| {
                    configs.iter().map(move |&c| {
                        let mut b = b.clone();
                        b.push(c);
                        b
                    })
                })
                .collect();
        }
        for b in boards {
            states.push((b.clone(), Color::Black));
            states.push((b, Color::White));
        }
        let index: HashMap<(Vec<Row>, Color), usize> = states
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (s, i))
            .collect();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); states.len()];
        let mut left: Vec<usize> = vec![0; states.len()];
        for (i, (b, c)) in states.iter().enumerate() {
            let ms = moves(b, width, *c);
            left[i] = ms.len();
            for m in ms {
                preds[index[&(apply(b, m), c.other())]].push(i);
            }
        }
        let mut label: Vec<Option<Label>> = vec![None; states.len()];
        let mut queue: Vec<usize> = (0..states.len()).filter(|&i| left[i] == 0).collect();
        for &i in &queue {
            label[i] = Some(Label::Lost);
        }
        while let Some(i) = queue.pop() {
            for &p in &preds[i] {
                if label[p].is_some() {
                    continue;
                }
                if label[i] == Some(Label::Lost) {
                    label[p] = Some(Label::Won);
                    queue.push(p);
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        label[p] = Some(Label::Lost);
                        queue.push(p);
                    }
                }
            }
        }
        states
            .into_iter()
            .zip(label)
            .map(|(s, l)| (s, l.unwrap_or(Label::Draw)))
            .collect()
    }

    fn check_board(table: &Table, rows: &[Row], width: u64, c: Color) {
        let label = table[&(rows.to_vec(), c)];
        let a = analyze(rows, width, c).unwrap();
        let expect = match a.outcome {
            Outcome::N => Label::Won,
            Outcome::P => Label::Lost,
        };
        assert_eq!(label, expect, "{rows:?} width {width}, {c} to move");
        let mut slow: Vec<Vec<Row>> = moves(rows, width, c)
            .into_iter()
            .map(|m| apply(rows, m))
            .filter(|b| table[&(b.clone(), c.other())] == Label::Lost)
            .collect();
        slow.sort();
        let mut fast: Vec<Vec<Row>> = a.winning_moves.iter().map(|w| w.to.clone()).collect();
        fast.sort();
        assert_eq!(fast, slow, "{rows:?} width {width}, {c} to move");
    }

    #[test]
    fn every_small_board_agrees_with_retrograde_analysis() {
        for (n, width) in [(1, 2), (1, 5), (1, 8), (2, 3), (2, 5), (3, 4)] {
            let table = retrograde(n, width);
            assert!(
                table.values().all(|&l| l != Label::Draw),
                "a draw on {n} x {width}"
            );
            let positions: Vec<(Vec<Row>, Color)> = table.keys().cloned().collect();
            for (rows, c) in positions {
                check_board(&table, &rows, width, c);
            }
        }
    }

    thread_local! {
        static TABLES: std::cell::RefCell<HashMap<(usize, u64), Table>> =
            std::cell::RefCell::new(HashMap::new());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn random_boards_agree_with_retrograde_analysis(
            width in 2u64..8,
            raw in proptest::collection::vec((1u64..8, 1u64..8), 1..3),
            white in any::<bool>(),
        ) {
            let rows: Vec<Row> = raw
                .into_iter()
                .map(|(b, w)| {
                    let b = (b - 1) % width + 1;
                    let mut w = (w - 1) % width + 1;
                    if w == b {
                        w = b % width + 1;
                    }
                    Row { black: b, white: w }
                })
                .collect();
            let c = if white { Color::White } else { Color::Black };
            TABLES.with(|t| {
                let mut t = t.borrow_mut();
                let table = t.entry((rows.len(), width)).or_insert_with(|| retrograde(rows.len(), width));
                check_board(table, &rows, width, c);
            });
        }
    }

    #[test]
    fn errors() {
        let r = |b, w| Row { black: b, white: w };
        assert_eq!(
            analyze(&[r(1, 3), r(9, 2)], 8, Color::Black).unwrap_err(),
            BoardError::OffBoard {
                row: 2,
                column: 9,
                width: 8
            }
        );
        assert_eq!(
            analyze(&[r(4, 4)], 8, Color::Black).unwrap_err(),
            BoardError::SameCell { row: 1, column: 4 }
        );
        assert_eq!(
            analyze(&[], 8, Color::Black).unwrap_err(),
            BoardError::NoRows
        );
        // Gaps 6 and 1, nim-sum 7: row 1 advances to gap 1, row 2 retreats
        // to gap 6 (there is room on 10 columns, not on 8).
        let a = analyze(&[r(1, 8), r(2, 4)], 10, Color::White).unwrap();
        assert_eq!(a.value, Some(Nimber(7)));
        let words: Vec<String> = a.winning_moves.iter().map(|w| w.mv.to_string()).collect();
        assert_eq!(
            words,
            vec![
                "move the white token in row 1 from column 8 to column 3",
                "move the white token in row 2 from column 4 to column 9"
            ]
        );
        let narrow = analyze(&[r(1, 8), r(2, 4)], 8, Color::White).unwrap();
        assert_eq!(narrow.winning_moves.len(), 1);
        // Columns near 2^64: no overflow when a retreat would leave the board.
        let m = u64::MAX;
        let wide = analyze(&[r(1, m), r(m - 3, m - 1)], m, Color::Black).unwrap();
        assert_eq!(wide.value, Some(Nimber((m - 2) ^ 1)));
        for w in &wide.winning_moves {
            assert!(value(&w.to).is_zero());
        }
    }
}
