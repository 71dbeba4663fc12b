//! Heap games in their players' own notation: a crosses (Dawson) strip or a
//! Treblecross strip `X..X.....`, a Last-to-Toggle array `1101110`, a
//! 2 x n Triomino board. Each board is turned into heaps, solved as a heap
//! game, and the winning moves are given back on the board ("put an X on
//! cell 6", "toggle cells 4 and 5").
//!
//! - **crosses** (`dawson-chess`, 0.137): put an X on an empty cell that is
//!   not next to an X. Each run of cells that are empty and not next to an
//!   X is a heap.
//! - **treblecross** (0.11337): put an X anywhere; whoever makes three in a
//!   row wins. If two X's are at most two cells apart, the player to move
//!   completes a row and wins. Otherwise nobody plays within two cells of an
//!   X (the opponent would complete a row), so each run of cells at least
//!   three away from every X is a heap, and the player with no safe move
//!   loses.
//! - **last-to-toggle** (0.07): turn two adjacent 1s into 0s; each run of
//!   1s is a heap.
//! - **triomino** (0.007 on cells): place an L-tromino on free cells of a
//!   2 x n board. Every region that can arise is a run of full columns with
//!   at most one missing cell at each end, and such a region of `x` cells
//!   plays exactly like a heap of `x` (seed 000; checked by brute force in
//!   the tests).
//!
//! ```
//! use grundy::game::Convention;
//! use grundy::games::strips::{analyze, Board, StripGame};
//! let b = Board::parse(StripGame::LastToToggle, "1101110").unwrap();
//! assert_eq!(b.heaps().unwrap(), vec![2, 3]);
//! let a = analyze(&b, Convention::Normal).unwrap();
//! assert_eq!(a.value.unwrap().0, 0); // G(2) = G(3) = 1: a P-position
//! let b = Board::parse(StripGame::LastToToggle, "0111100").unwrap();
//! let a = analyze(&b, Convention::Normal).unwrap();
//! let words: Vec<String> = a.winning_moves.iter().map(|w| w.mv.to_string()).collect();
//! assert_eq!(words, ["toggle cells 3 and 4"]);
//! assert_eq!(a.winning_moves[0].to.to_string(), "0100100");
//! ```

use std::fmt::{self, Display};

use crate::game::{Analysis, Convention, Outcome, WinningMove};
use crate::games::heap::{values_for, HeapGame, MISERE_LIMIT};
use crate::heap::rule::HeapRule;
use crate::nimber::Nimber;
use crate::solve::{SolveError, SumSolver};

/// The longest board analysed: every move is tried on a copy of the board.
pub const MAX_CELLS: usize = 20_000;

/// The games with a board notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StripGame {
    /// Crosses / Dawson's chess: 0.137.
    Crosses,
    /// Treblecross: 0.11337.
    Treblecross,
    /// Last to Toggle Wins: 0.07.
    LastToToggle,
    /// Triomino on a 2 x n board: 0.007 on cells.
    Triomino,
}

impl StripGame {
    /// The game a named rule stands for, if it has a board notation.
    pub fn for_rule(rule: &HeapRule) -> Option<StripGame> {
        match rule.named()?.name {
            "dawson-chess" => Some(StripGame::Crosses),
            "treblecross" => Some(StripGame::Treblecross),
            "last-to-toggle" => Some(StripGame::LastToToggle),
            "triomino" => Some(StripGame::Triomino),
            _ => None,
        }
    }

    /// The heap rule the board's heaps follow (on underlying tokens).
    pub fn rule(self) -> HeapRule {
        let code = match self {
            StripGame::Crosses => "0.137",
            StripGame::Treblecross => "0.11337",
            StripGame::LastToToggle => "0.07",
            StripGame::Triomino => "0.007",
        };
        code.parse().expect("a valid code")
    }

    /// The notation, for messages.
    pub fn notation(self) -> &'static str {
        match self {
            StripGame::Crosses | StripGame::Treblecross => "a strip of '.' (empty) and 'X' cells",
            StripGame::LastToToggle => "an array of '0' and '1'",
            StripGame::Triomino => {
                "the number of columns n of an empty 2 x n board, or two rows 'top/bottom' of '.' (free) and '#' (covered)"
            }
        }
    }
}

/// A board: one row (strips, arrays) or two rows (Triomino); `true` marks an
/// X, a 1, or a covered cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The game.
    pub game: StripGame,
    /// The rows, all of one length.
    pub rows: Vec<Vec<bool>>,
}

/// A board that could not be read or analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StripError {
    /// Bad notation or an impossible board.
    #[error("{}", crate::escape::one_line(.0))]
    Board(String),
    /// The misère analysis does not apply or the search failed.
    #[error("{0}")]
    Analysis(String),
}

impl From<SolveError> for StripError {
    fn from(e: SolveError) -> Self {
        StripError::Analysis(format!("misère search: {e}"))
    }
}

fn bad(m: impl Into<String>) -> StripError {
    StripError::Board(m.into())
}

/// A move on the board, in the game's terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StripMove {
    /// The game.
    pub game: StripGame,
    /// The cells changed: `(row, column)`, 0-based.
    pub cells: Vec<(usize, usize)>,
}

impl Display for StripMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            StripGame::Crosses | StripGame::Treblecross => {
                write!(f, "put an X on cell {}", self.cells[0].1 + 1)
            }
            StripGame::LastToToggle => write!(
                f,
                "toggle cells {} and {}",
                self.cells[0].1 + 1,
                self.cells[1].1 + 1
            ),
            StripGame::Triomino => {
                let names: Vec<String> = self
                    .cells
                    .iter()
                    .map(|&(r, c)| format!("{} {}", if r == 0 { "top" } else { "bottom" }, c + 1))
                    .collect();
                write!(
                    f,
                    "place a tromino on {}, {} and {}",
                    names[0], names[1], names[2]
                )
            }
        }
    }
}

impl Display for Board {
    /// The board in the notation [`Board::parse`] reads (a Triomino board
    /// always as two rows).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (on, off) = match self.game {
            StripGame::Crosses | StripGame::Treblecross => ('X', '.'),
            StripGame::LastToToggle => ('1', '0'),
            StripGame::Triomino => ('#', '.'),
        };
        for (i, row) in self.rows.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for &c in row {
                write!(f, "{}", if c { on } else { off })?;
            }
        }
        Ok(())
    }
}

/// Runs of `true` in `usable`, as heap sizes.
fn runs(usable: impl Iterator<Item = bool>) -> Vec<u32> {
    let mut out = Vec::new();
    let mut cur = 0u32;
    for u in usable {
        if u {
            cur += 1;
        } else if cur > 0 {
            out.push(cur);
            cur = 0;
        }
    }
    if cur > 0 {
        out.push(cur);
    }
    out
}

impl Board {
    /// Reads a board in the game's notation.
    pub fn parse(game: StripGame, text: &str) -> Result<Board, StripError> {
        let b = Board::parse_unchecked(game, text)?;
        b.check()?;
        Ok(b)
    }

    /// Reads a board that play can reach: as [`Board::parse`], but a
    /// Treblecross strip may already hold three in a row (the game is over
    /// there; the player to move has lost).
    pub fn parse_played(game: StripGame, text: &str) -> Result<Board, StripError> {
        let b = Board::parse_unchecked(game, text)?;
        match b.check() {
            Err(_)
                if game == StripGame::Treblecross && b.rows[0].len() >= 3 && b.three_in_a_row() =>
            {
                Ok(b)
            }
            other => other.map(|()| b),
        }
    }

    /// Whether a Treblecross strip holds three X's in a row.
    pub fn three_in_a_row(&self) -> bool {
        self.rows[0].windows(3).any(|w| w.iter().all(|&x| x))
    }

    fn parse_unchecked(game: StripGame, text: &str) -> Result<Board, StripError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(bad(format!(
                "the board is empty; expected {}",
                game.notation()
            )));
        }
        if game == StripGame::Triomino {
            return Board::parse_triomino(text);
        }
        let (on, off): (&[char], char) = match game {
            StripGame::LastToToggle => (&['1'], '0'),
            _ => (&['X', 'x'], '.'),
        };
        let mut row = Vec::with_capacity(text.len());
        for (i, c) in text.chars().enumerate() {
            if on.contains(&c) {
                row.push(true);
            } else if c == off {
                row.push(false);
            } else {
                return Err(bad(format!(
                    "character {} of the board is '{c}'; expected {}",
                    i + 1,
                    game.notation()
                )));
            }
        }
        if row.len() > MAX_CELLS {
            return Err(bad(format!(
                "the board has {} cells; at most {MAX_CELLS} are analysed",
                row.len()
            )));
        }
        Ok(Board {
            game,
            rows: vec![row],
        })
    }

    fn parse_triomino(text: &str) -> Result<Board, StripError> {
        if text.chars().all(|c| c.is_ascii_digit()) {
            let n: usize = text
                .parse()
                .ok()
                .filter(|&n: &usize| n <= MAX_CELLS / 2)
                .ok_or_else(|| {
                    bad(format!(
                        "a 2 x {text} board is too large: at most {MAX_CELLS} cells are analysed"
                    ))
                })?;
            return Ok(Board {
                game: StripGame::Triomino,
                rows: vec![vec![false; n], vec![false; n]],
            });
        }
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != 2 {
            return Err(bad(format!(
                "expected {}, found {} row(s)",
                StripGame::Triomino.notation(),
                parts.len()
            )));
        }
        let mut rows = Vec::new();
        for (r, part) in parts.iter().enumerate() {
            let mut row = Vec::new();
            for (i, c) in part.chars().enumerate() {
                match c {
                    '.' => row.push(false),
                    '#' => row.push(true),
                    _ => {
                        return Err(bad(format!(
                            "character {} of the {} row is '{c}'; expected '.' or '#'",
                            i + 1,
                            if r == 0 { "top" } else { "bottom" }
                        )))
                    }
                }
            }
            rows.push(row);
        }
        if rows[0].len() + rows[1].len() > MAX_CELLS {
            return Err(bad(format!(
                "the board has more than {MAX_CELLS} cells, the most analysed"
            )));
        }
        if rows[0].len() != rows[1].len() {
            return Err(bad(format!(
                "the rows have different lengths ({} and {})",
                rows[0].len(),
                rows[1].len()
            )));
        }
        let b = Board {
            game: StripGame::Triomino,
            rows,
        };
        b.check()?;
        Ok(b)
    }

    fn width(&self) -> usize {
        self.rows[0].len()
    }

    /// Refuses boards the rules cannot produce.
    fn check(&self) -> Result<(), StripError> {
        let row = &self.rows[0];
        match self.game {
            StripGame::Crosses => {
                if let Some(i) = (1..row.len()).find(|&i| row[i - 1] && row[i]) {
                    return Err(bad(format!(
                        "cells {i} and {} both hold an X, but an X may never be put next to another",
                        i + 1
                    )));
                }
            }
            StripGame::Treblecross => {
                if row.len() < 3 {
                    return Err(bad(format!(
                        "a Treblecross strip needs at least 3 cells; on {} nobody can make three in a row",
                        row.len()
                    )));
                }
                if let Some(i) = (2..row.len()).find(|&i| row[i - 2] && row[i - 1] && row[i]) {
                    return Err(bad(format!(
                        "cells {} to {} are already three in a row: the game is over",
                        i - 1,
                        i + 1
                    )));
                }
            }
            StripGame::LastToToggle => {}
            StripGame::Triomino => {
                for (l, r, _) in self.regions() {
                    for c in l + 1..r {
                        if self.rows[0][c] || self.rows[1][c] {
                            return Err(bad(format!(
                                "the free cells of columns {} to {} do not form full columns with at most one \
                                 missing cell at each end, so no game on an empty board leads here",
                                l + 1,
                                r + 1
                            )));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Triomino regions: connected free cells as (first column, last
    /// column, cells).
    fn regions(&self) -> Vec<(usize, usize, u32)> {
        let w = self.width();
        let mut seen = vec![[false; 2]; w];
        let mut out = Vec::new();
        for c0 in 0..w {
            for r0 in 0..2 {
                if self.rows[r0][c0] || seen[c0][r0] {
                    continue;
                }
                let mut stack = vec![(r0, c0)];
                seen[c0][r0] = true;
                let (mut lo, mut hi, mut count) = (c0, c0, 0u32);
                while let Some((r, c)) = stack.pop() {
                    count += 1;
                    lo = lo.min(c);
                    hi = hi.max(c);
                    let mut next = vec![(1 - r, c)];
                    if c > 0 {
                        next.push((r, c - 1));
                    }
                    if c + 1 < w {
                        next.push((r, c + 1));
                    }
                    for (nr, nc) in next {
                        if !self.rows[nr][nc] && !seen[nc][nr] {
                            seen[nc][nr] = true;
                            stack.push((nr, nc));
                        }
                    }
                }
                out.push((lo, hi, count));
            }
        }
        out
    }

    /// In Treblecross, the cells that complete three in a row at once.
    fn completions(&self) -> Vec<usize> {
        let row = &self.rows[0];
        let n = row.len();
        (0..n)
            .filter(|&i| !row[i])
            .filter(|&i| {
                let x =
                    |j: isize| j >= 0 && (j as usize) < n && (j as usize != i) && row[j as usize];
                let i = i as isize;
                (x(i - 2) && x(i - 1)) || (x(i - 1) && x(i + 1)) || (x(i + 1) && x(i + 2))
            })
            .collect()
    }

    /// The heaps the board is the sum of (underlying tokens). A
    /// Treblecross strip where a row of three can be completed at once has
    /// no heap form (the player to move just wins): `None`.
    pub fn heaps(&self) -> Option<Vec<u32>> {
        let row = &self.rows[0];
        let n = row.len();
        let near = |i: usize, d: usize| {
            let lo = i.saturating_sub(d);
            let hi = (i + d).min(n - 1);
            (lo..=hi).any(|j| row[j])
        };
        match self.game {
            StripGame::Crosses => Some(runs((0..n).map(|i| !near(i, 1)))),
            StripGame::Treblecross => {
                if !self.completions().is_empty() {
                    return None;
                }
                Some(runs((0..n).map(|i| !near(i, 2))))
            }
            StripGame::LastToToggle => Some(runs(row.iter().copied())),
            StripGame::Triomino => Some(self.regions().into_iter().map(|r| r.2).collect()),
        }
    }

    /// Every legal move with the board it leaves. For Treblecross only the
    /// safe moves (no X within two cells of another) are listed, unless a
    /// row can be completed, when only the completing moves are.
    pub fn moves(&self) -> Vec<(StripMove, Board)> {
        let mut out = Vec::new();
        let game = self.game;
        let with = |cells: Vec<(usize, usize)>| {
            let mut b = self.clone();
            for &(r, c) in &cells {
                b.rows[r][c] = !b.rows[r][c];
            }
            (StripMove { game, cells }, b)
        };
        let row = &self.rows[0];
        let n = row.len();
        match game {
            StripGame::Crosses | StripGame::Treblecross => {
                let reach = if game == StripGame::Crosses { 1 } else { 2 };
                let completions = if game == StripGame::Treblecross {
                    self.completions()
                } else {
                    Vec::new()
                };
                if !completions.is_empty() {
                    for i in completions {
                        out.push(with(vec![(0, i)]));
                    }
                    return out;
                }
                for i in 0..n {
                    let lo = i.saturating_sub(reach);
                    let hi = (i + reach).min(n - 1);
                    if !(lo..=hi).any(|j| row[j]) {
                        out.push(with(vec![(0, i)]));
                    }
                }
            }
            StripGame::LastToToggle => {
                for i in 1..n {
                    if row[i - 1] && row[i] {
                        out.push(with(vec![(0, i - 1), (0, i)]));
                    }
                }
            }
            StripGame::Triomino => {
                for c in 0..self.width().saturating_sub(1) {
                    let square = [(0, c), (1, c), (0, c + 1), (1, c + 1)];
                    for skip in 0..4 {
                        let cells: Vec<(usize, usize)> = square
                            .iter()
                            .enumerate()
                            .filter(|&(k, _)| k != skip)
                            .map(|(_, &p)| p)
                            .collect();
                        if cells.iter().all(|&(r, c)| !self.rows[r][c]) {
                            out.push(with(cells));
                        }
                    }
                }
            }
        }
        out
    }
}

/// Value (normal play, when the board is a sum of heaps), outcome and every
/// winning move of a board.
pub fn analyze(
    board: &Board,
    convention: Convention,
) -> Result<Analysis<StripMove, Board>, StripError> {
    let rule = board.game.rule();
    let Some(heaps) = board.heaps() else {
        // Treblecross with a row to complete.
        if convention == Convention::Misere {
            return Err(StripError::Analysis(
                "misère Treblecross is not a heap game: the heap form holds only in normal play"
                    .into(),
            ));
        }
        let winning_moves = board
            .moves()
            .into_iter()
            .map(|(mv, to)| WinningMove { mv, to })
            .collect();
        return Ok(Analysis {
            convention,
            value: None,
            outcome: Outcome::N,
            winning_moves,
        });
    };
    match convention {
        Convention::Normal => {
            let mut all = heaps.clone();
            for (_, to) in board.moves() {
                all.extend(to.heaps().unwrap_or_default());
            }
            let g = values_for(&rule, &all).map_err(|e| StripError::Board(e.to_string()))?;
            let value_of = |hs: &[u32]| hs.iter().fold(0u32, |a, &h| a ^ g[h as usize]);
            let total = value_of(&heaps);
            let mut winning_moves = Vec::new();
            if total != 0 {
                for (mv, to) in board.moves() {
                    let after = to.heaps().expect("safe moves leave a heap position");
                    if value_of(&after) == 0 {
                        winning_moves.push(WinningMove { mv, to });
                    }
                }
            }
            let value = Nimber(total as u64);
            Ok(Analysis {
                convention,
                value: Some(value),
                outcome: Outcome::from_value(value),
                winning_moves,
            })
        }
        Convention::Misere => {
            if board.game == StripGame::Treblecross {
                return Err(StripError::Analysis(
                    "misère Treblecross is not a heap game: the heap form holds only in normal play".into(),
                ));
            }
            let game = HeapGame { rule: &rule };
            let mut s = SumSolver::new(&game, Convention::Misere).with_limit(MISERE_LIMIT);
            let outcome = s.outcome(&heaps)?;
            let mut winning_moves = Vec::new();
            if outcome == Outcome::N {
                for (mv, to) in board.moves() {
                    let after = to.heaps().expect("heap position");
                    if s.outcome(&after)? == Outcome::P {
                        winning_moves.push(WinningMove { mv, to });
                    }
                }
            }
            Ok(Analysis {
                convention,
                value: None,
                outcome,
                winning_moves,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::heap::naive::NaiveEngine;

    fn board(game: StripGame, s: &str) -> Board {
        Board::parse(game, s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn heaps_of_boards() {
        use StripGame::*;
        assert_eq!(board(Crosses, "X..X.....").heaps(), Some(vec![4]));
        assert_eq!(board(Crosses, ".....").heaps(), Some(vec![5]));
        assert_eq!(board(Treblecross, "X.......X").heaps(), Some(vec![3]));
        assert_eq!(board(Treblecross, "X.X...").heaps(), None);
        assert_eq!(board(LastToToggle, "0111011").heaps(), Some(vec![3, 2]));
        assert_eq!(board(Triomino, "3").heaps(), Some(vec![6]));
        assert_eq!(board(Triomino, "#.../...#").heaps(), Some(vec![6]));
        assert_eq!(board(Triomino, ".#../.##.").heaps(), Some(vec![2, 3]));
    }

    #[test]
    fn refusals() {
        use StripGame::*;
        assert!(Board::parse(Crosses, "X.XX").is_err());
        assert!(Board::parse(Crosses, "X.o").is_err());
        assert!(Board::parse(Treblecross, "XXX..").is_err());
        assert!(Board::parse(Treblecross, "..").is_err());
        assert!(Board::parse(LastToToggle, "0120").is_err());
        assert!(Board::parse(LastToToggle, "").is_err());
        assert!(Board::parse(Triomino, "..../...").is_err());
        assert!(Board::parse(Triomino, ".#./...").is_err());
        assert!(Board::parse(Triomino, "99999999999999").is_err());
    }

    #[test]
    fn treblecross_completion_wins() {
        let b = board(StripGame::Treblecross, "..X.X..");
        let a = analyze(&b, Convention::Normal).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        let words: Vec<String> = a.winning_moves.iter().map(|w| w.mv.to_string()).collect();
        assert_eq!(words, ["put an X on cell 4"]);
        // A strip of 1..=5 cells: the first X wins at once? No: it is a
        // heap game; 3 cells: X in the middle leaves no safe cell.
        let a = analyze(&board(StripGame::Treblecross, "..."), Convention::Normal).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 3);
    }

    /// Grundy value of a 2 x n board with covered cells, by playing every
    /// tromino placement: the seed's claim checked against the heap values.
    fn brute(rows: &[Vec<bool>; 2], memo: &mut HashMap<[Vec<bool>; 2], u32>) -> u32 {
        if let Some(&v) = memo.get(rows) {
            return v;
        }
        let w = rows[0].len();
        let mut seen = Vec::new();
        for c in 0..w.saturating_sub(1) {
            let square = [(0, c), (1, c), (0, c + 1), (1, c + 1)];
            for skip in 0..4 {
                let cells: Vec<(usize, usize)> =
                    (0..4).filter(|&k| k != skip).map(|k| square[k]).collect();
                if cells.iter().all(|&(r, c)| !rows[r][c]) {
                    let mut next = rows.clone();
                    for (r, c) in cells {
                        next[r][c] = true;
                    }
                    seen.push(brute(&next, memo));
                }
            }
        }
        let g = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(rows.clone(), g);
        g
    }

    #[test]
    fn triomino_regions_play_like_heaps() {
        let mut e = NaiveEngine::new(&StripGame::Triomino.rule());
        e.extend_to(40);
        let g = e.values();
        let mut memo = HashMap::new();
        for w in 1..=7usize {
            for mask in 0u32..(1 << (2 * w)) {
                let rows = [
                    (0..w).map(|c| mask >> c & 1 == 1).collect::<Vec<_>>(),
                    (0..w).map(|c| mask >> (w + c) & 1 == 1).collect::<Vec<_>>(),
                ];
                let b = Board {
                    game: StripGame::Triomino,
                    rows: rows.to_vec(),
                };
                if b.check().is_err() {
                    continue;
                }
                let heaps = b.heaps().unwrap();
                let by_heaps = heaps.iter().fold(0, |a, &h| a ^ g[h as usize]);
                assert_eq!(brute(&rows, &mut memo), by_heaps, "{b}");
            }
        }
    }

    /// Crosses, Treblecross and Last-to-Toggle strips by playing the real
    /// game, against the heap values.
    fn brute_strip(b: &Board, memo: &mut HashMap<Board, bool>) -> bool {
        brute_play(b, false, memo)
    }

    /// Whether the player to move wins, by playing every move; in misère
    /// play the player who cannot move wins.
    fn brute_play(b: &Board, misere: bool, memo: &mut HashMap<Board, bool>) -> bool {
        if let Some(&v) = memo.get(b) {
            return v;
        }
        let row = &b.rows[0];
        let n = row.len();
        let mut wins = false;
        let mut any = false;
        for i in 0..n {
            let mut next = b.clone();
            let legal = match b.game {
                StripGame::Crosses => {
                    !row[i] && (i == 0 || !row[i - 1]) && (i + 1 == n || !row[i + 1])
                }
                StripGame::Treblecross => !row[i],
                StripGame::LastToToggle => i + 1 < n && row[i] && row[i + 1],
                StripGame::Triomino => unreachable!(),
            };
            if !legal {
                continue;
            }
            any = true;
            next.rows[0][i] = !next.rows[0][i];
            if b.game == StripGame::LastToToggle {
                next.rows[0][i + 1] = false;
            }
            if b.game == StripGame::Treblecross {
                let r = &next.rows[0];
                if (2..n).any(|j| r[j - 2] && r[j - 1] && r[j]) {
                    wins = true;
                    break;
                }
            }
            if !brute_play(&next, misere, memo) {
                wins = true;
                break;
            }
        }
        let wins = wins || (misere && !any);
        memo.insert(b.clone(), wins);
        wins
    }

    #[test]
    fn misere_strips_agree_with_play() {
        for game in [StripGame::Crosses, StripGame::LastToToggle] {
            let mut memo = HashMap::new();
            for n in 1..=9usize {
                for mask in 0u32..(1 << n) {
                    let rows = vec![(0..n).map(|c| mask >> c & 1 == 1).collect::<Vec<_>>()];
                    let b = Board { game, rows };
                    if b.check().is_err() {
                        continue;
                    }
                    let a = analyze(&b, Convention::Misere).unwrap();
                    let truth = brute_play(&b, true, &mut memo);
                    assert_eq!(a.outcome == Outcome::N, truth, "{game:?} {b}");
                    let real = b
                        .moves()
                        .iter()
                        .filter(|(_, to)| !brute_play(to, true, &mut memo))
                        .count();
                    assert_eq!(a.winning_moves.len(), real, "{game:?} {b}");
                    for w in &a.winning_moves {
                        assert!(
                            !brute_play(&w.to, true, &mut memo),
                            "{game:?} {b}: {}",
                            w.mv
                        );
                    }
                }
            }
        }
        let b = Board::parse(StripGame::Treblecross, "......").unwrap();
        assert!(analyze(&b, Convention::Misere).is_err());
    }

    #[test]
    fn strips_agree_with_play() {
        for game in [
            StripGame::Crosses,
            StripGame::Treblecross,
            StripGame::LastToToggle,
        ] {
            let mut memo = HashMap::new();
            for n in 1..=10usize {
                for mask in 0u32..(1 << n) {
                    let rows = vec![(0..n).map(|c| mask >> c & 1 == 1).collect::<Vec<_>>()];
                    let b = Board { game, rows };
                    if b.check().is_err() {
                        continue;
                    }
                    let a = analyze(&b, Convention::Normal).unwrap();
                    let truth = brute_strip(&b, &mut memo);
                    assert_eq!(a.outcome == Outcome::N, truth, "{game:?} {b}");
                    for w in &a.winning_moves {
                        let after_wins = match w.to.check() {
                            Err(_) => false, // Treblecross: the move made three in a row
                            Ok(()) => brute_strip(&w.to, &mut memo),
                        };
                        assert!(!after_wins, "{game:?} {b}: {} is not winning", w.mv);
                    }
                    if truth && game != StripGame::Treblecross {
                        // Every move to a losing board is listed.
                        let listed = a.winning_moves.len();
                        let real = b
                            .moves()
                            .iter()
                            .filter(|(_, to)| !brute_strip(to, &mut memo))
                            .count();
                        assert_eq!(listed, real, "{game:?} {b}");
                    }
                }
            }
        }
    }
}
