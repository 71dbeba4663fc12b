//! Playing heap games on their boards (`grundy play heap RULE --board
//! BOARD`): a crosses (Dawson) or Treblecross strip, a Last-to-Toggle
//! array, a 2 x n Triomino board. The board is drawn cell by cell with the
//! heaps it is the sum of and their Grundy values; moves are typed as
//! `grundy heap --board` prints them (`put an X on cell 6`) or as the board
//! after the move.
//!
//! Treblecross is played as it is on paper: an X may go on any empty cell,
//! and whoever makes three in a row wins (that board has no move left, so
//! the player to move has lost, as in normal play). Its heap form decides
//! every other position.
//!
//! Stall rule: the legal move that leaves the most room, the largest total
//! of the heaps left.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write;

use serde_json::{Map, Value};

use crate::family::drawing::{Part, Shape};
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::heap::values_for;
use crate::games::strips::{self, Board, StripGame, StripMove};
use crate::heap::rule::HeapRule;
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// A board's outcome and its winning moves.
type Solved = (Outcome, Moves<StripMove, Board>);

/// A board game for the computer player and the session.
pub struct StripPlay {
    game: StripGame,
    convention: Convention,
    /// G(0..=largest heap of the start board): heaps never grow.
    values: Vec<u32>,
    analyses: RefCell<HashMap<Board, Solved>>,
}

/// The board from the command line; its analysis is done up front, so a
/// board too large is refused before play starts.
pub fn start(
    game: StripGame,
    text: &str,
    convention: Convention,
) -> Result<(StripPlay, Board), Error> {
    let board = Board::parse(game, text).map_err(|e| Error::new(format!("board: {e}")))?;
    let heaps = board.heaps().unwrap_or_default();
    let values = values_for(&game.rule(), &heaps).map_err(|e| Error::new(e.to_string()))?;
    let play = StripPlay {
        game,
        convention,
        values,
        analyses: RefCell::new(HashMap::new()),
    };
    play.analysis(&board)
        .map_err(|e| Error::new(e.to_string()))?;
    Ok((play, board))
}

/// The board of Triomino heaps `sizes` (a heap of n is a 2 x n board), as
/// the game writes it: the boards side by side, each pair separated by a
/// covered column.
///
/// ```
/// use grundy::families::strips::triomino_board;
/// let rule = "triomino".parse().unwrap();
/// assert_eq!(triomino_board(&rule, &[3, 1]).unwrap(), "...#./...#.");
/// ```
pub fn triomino_board(rule: &HeapRule, sizes: &[u64]) -> Result<String, Error> {
    let mut heaps = Vec::with_capacity(sizes.len());
    for &n in sizes {
        heaps.push(rule.base_heap(n).ok_or_else(|| {
            Error::new(format!(
                "heap {n} is too large: heaps are counted in 32 bits (at most {})",
                u32::MAX / rule.scale()
            ))
        })?);
    }
    let cells: u64 = heaps.iter().map(|&h| h as u64 + 2).sum();
    if cells > strips::MAX_CELLS as u64 {
        return Err(Error::new(format!(
            "these boards have about {cells} cells; at most {} are analysed",
            strips::MAX_CELLS
        )));
    }
    let cols: Vec<String> = heaps.iter().map(|&h| ".".repeat(h as usize / 2)).collect();
    let row = cols.join("#");
    Ok(format!("{row}/{row}"))
}

fn three_in_a_row(b: &Board) -> bool {
    b.rows[0].windows(3).any(|w| w.iter().all(|&x| x))
}

impl StripPlay {
    fn analysis(&self, b: &Board) -> Result<Solved, SolveError> {
        if let Some(a) = self.analyses.borrow().get(b) {
            return Ok(a.clone());
        }
        let a = if self.game == StripGame::Treblecross && three_in_a_row(b) {
            (
                match self.convention {
                    Convention::Normal => Outcome::P,
                    Convention::Misere => Outcome::N,
                },
                Vec::new(),
            )
        } else {
            let a = strips::analyze(b, self.convention)
                .map_err(|e| SolveError::Other(e.to_string()))?;
            let moves = a.winning_moves.into_iter().map(|w| (w.mv, w.to)).collect();
            (a.outcome, moves)
        };
        self.analyses.borrow_mut().insert(b.clone(), a.clone());
        Ok(a)
    }

    fn g(&self, h: u32) -> u32 {
        self.values.get(h as usize).copied().unwrap_or(0)
    }

    fn room(b: &Board) -> u32 {
        b.heaps().map_or(0, |h| h.iter().sum())
    }
}

impl Play for StripPlay {
    type Position = Board;
    type Move = StripMove;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn move_count(&self, b: &Board) -> u128 {
        if self.game == StripGame::Treblecross {
            if three_in_a_row(b) {
                return 0;
            }
            return b.rows[0].iter().filter(|&&x| !x).count() as u128;
        }
        b.moves().len() as u128
    }

    fn moves(&self, b: &Board) -> Moves<StripMove, Board> {
        if self.game != StripGame::Treblecross {
            return b.moves();
        }
        if three_in_a_row(b) {
            return Vec::new();
        }
        (0..b.rows[0].len())
            .filter(|&i| !b.rows[0][i])
            .map(|i| {
                let mut to = b.clone();
                to.rows[0][i] = true;
                (
                    StripMove {
                        game: self.game,
                        cells: vec![(0, i)],
                    },
                    to,
                )
            })
            .collect()
    }

    fn winning_moves(&self, b: &Board) -> Result<Moves<StripMove, Board>, SolveError> {
        Ok(self.analysis(b)?.1)
    }

    fn stall_moves(&self, b: &Board) -> Moves<StripMove, Board> {
        let moves = self.moves(b);
        let most = moves.iter().map(|(_, to)| Self::room(to)).max();
        moves
            .into_iter()
            .filter(|(_, to)| Some(Self::room(to)) == most)
            .collect()
    }
}

impl Notation for StripPlay {
    fn name(&self) -> String {
        match self.game {
            StripGame::Crosses => "dawson-chess",
            StripGame::Treblecross => "treblecross",
            StripGame::LastToToggle => "last-to-toggle",
            StripGame::Triomino => "triomino",
        }
        .to_string()
    }

    fn position_json(&self, b: &Board) -> Value {
        Value::from(b.to_string())
    }

    fn position_text(&self, b: &Board) -> String {
        b.to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Board, String> {
        let t = text.trim();
        let t = t
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(t);
        Board::parse_played(self.game, t).map_err(|e| format!("board: {e}"))
    }
}

impl Analyse for StripPlay {
    /// In normal play the value of the board's heap form, except for
    /// Treblecross: played on paper an X may go anywhere, and those moves
    /// (which its heap form 0.11337 leaves out, since they let the
    /// opponent complete the row) change the mex, so the heap form's value
    /// is not the paper game's (`X..X...`: 1 by the heap form, 2 by the
    /// mex over every move). Only its outcome is reported; the drawing
    /// gives each heap of the heap form with its value.
    fn value(&self, b: &Board) -> Option<Nimber> {
        if self.game == StripGame::Treblecross {
            return None;
        }
        if self.convention == Convention::Misere {
            return None;
        }
        b.heaps()
            .map(|h| Nimber(h.iter().fold(0, |a, &x| a ^ self.g(x)) as u64))
    }

    fn outcome(&self, b: &Board) -> Outcome {
        self.analysis(b).map_or(Outcome::N, |a| a.0)
    }

    fn explain_choice(&self, before: &Board, c: &Choice<StripMove, Board>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let Some(hb) = before.heaps() else {
            let _ = writeln!(
                out,
                "Two X's stood at most two cells apart, so the computer completed three in a row and won."
            );
            return out;
        };
        let _ = writeln!(
            out,
            "The board is a sum of heaps of the game {}: each run of {} is one heap.",
            self.game.rule(),
            match self.game {
                StripGame::Crosses => "cells that are empty and not next to an X",
                StripGame::Treblecross => "cells at least three away from every X",
                StripGame::LastToToggle => "1s",
                StripGame::Triomino => "free cells",
            }
        );
        let ha = if self.game == StripGame::Treblecross && three_in_a_row(&c.to) {
            Vec::new()
        } else {
            c.to.heaps().unwrap_or_default()
        };
        let show = |hs: &[u32]| {
            if hs.is_empty() {
                "none".to_string()
            } else {
                hs.iter()
                    .map(|&h| format!("G({h}) = {}", self.g(h)))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let (sb, sa) = (
            hb.iter().fold(0, |a, &h| a ^ self.g(h)),
            ha.iter().fold(0, |a, &h| a ^ self.g(h)),
        );
        if self.convention == Convention::Misere {
            let _ = writeln!(
                out,
                "Misère play: the heaps' values do not add, so the heaps {} were searched exactly; {}",
                hb.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
                if c.wins {
                    "the move leaves a P-position."
                } else {
                    "no move leaves a P-position."
                }
            );
            return out;
        }
        let _ = writeln!(out, "Before: heaps {} and XOR {sb}.", show(&hb));
        let _ = writeln!(out, "After: heaps {} and XOR {sa}.", show(&ha));
        if sb == 0 {
            let _ = writeln!(
                out,
                "The XOR was 0, a P-position: every move changes one heap and leaves a non-zero XOR, so no move wins; \
                 you now have a winning move (hint shows it)."
            );
        } else {
            let _ = writeln!(
                out,
                "The XOR was {sb}, not 0: the move makes it 0, and you face a P-position."
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "make the legal move that leaves the most room (the largest total of the heaps left)"
    }

    /// The heaps of the board's heap form, or null where two X's of a
    /// Treblecross strip stand at most two cells apart.
    fn report_extra(&self, b: &Board) -> Map<String, Value> {
        let mut extra = Map::new();
        let heaps = b.heaps().map_or(Value::Null, Value::from);
        extra.insert("heaps".into(), heaps);
        extra
    }

    fn explain_position(&self, b: &Board) -> Option<String> {
        let Some(h) = b.heaps() else {
            return Some("Two X's stand at most two cells apart: the player to move completes three in a row and wins.".to_string());
        };
        let sum = h.iter().fold(0, |a, &x| a ^ self.g(x));
        let how = match (self.convention, self.game) {
            (Convention::Misere, _) => "In misère play the heaps were searched exactly.".to_string(),
            (_, StripGame::Treblecross) => format!(
                "Their Grundy values XOR to {sum}, the heap form's value, which decides the outcome; \
                 on paper an X may also go where it lets the opponent complete three in a row, so the \
                 board's own value differs."
            ),
            _ => format!("Their Grundy values XOR to {sum}."),
        };
        Some(format!(
            "The board is the sum of heaps {} of the game {} (one heap per run of playable cells). {how}",
            h.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
            self.game.rule(),
        ))
    }
}

impl Draw for StripPlay {
    fn draw(&self, b: &Board) -> String {
        let mut out = String::new();
        let n = b.rows[0].len();
        if n <= 200 {
            let numbers: String = (1..=n).map(|i| char::from(b'0' + (i % 10) as u8)).collect();
            let _ = writeln!(out, "  cell | {numbers}");
            let text = b.to_string();
            for (i, row) in text.split('/').enumerate() {
                let label = match (self.game, i) {
                    (StripGame::Triomino, 0) => "top ",
                    (StripGame::Triomino, _) => "bot ",
                    _ => "    ",
                };
                let _ = writeln!(out, "  {label} | {row}");
            }
        } else {
            let _ = writeln!(out, "  a board of {n} cells");
        }
        let outcome = self.outcome(b);
        let what = match outcome {
            Outcome::N => "an N-position",
            Outcome::P => "a P-position",
        };
        match b.heaps() {
            _ if self.game == StripGame::Treblecross && three_in_a_row(b) => {
                let _ = writeln!(
                    out,
                    "  three in a row: the game is over, won by the player who made it"
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "  two X's stand at most two cells apart: the player to move completes three in a row and wins"
                );
            }
            Some(heaps) => {
                let unit = match self.game {
                    StripGame::Triomino => "free cells",
                    StripGame::LastToToggle => "1s",
                    _ => "playable cells",
                };
                let parts: Vec<String> = heaps
                    .iter()
                    .map(|&h| format!("{h} {unit}: G = {}", self.g(h)))
                    .collect();
                let sum = heaps.iter().fold(0, |a, &h| a ^ self.g(h));
                if parts.is_empty() {
                    let _ = writeln!(out, "  no heap left: no move");
                } else {
                    let _ = writeln!(out, "  heaps: {}", parts.join("; "));
                }
                match self.convention {
                    Convention::Normal => {
                        let _ = writeln!(out, "  nim-sum {sum}: {what} ({})", outcome.describe());
                    }
                    Convention::Misere => {
                        let _ = writeln!(
                            out,
                            "  misère play (the values above are normal play's): by search {what} ({})",
                            outcome.describe()
                        );
                    }
                }
            }
        }
        out
    }

    fn drawing(&self, b: &Board) -> Drawing {
        let text = b.to_string();
        let heaps = b.heaps().unwrap_or_default();
        let rows: Vec<String> = text.split('/').map(str::to_string).collect();
        let shape = if rows.len() == 1 {
            Shape::Strip {
                cells: rows[0].clone(),
            }
        } else {
            Shape::Board { rows }
        };
        Drawing {
            shape,
            components: heaps
                .iter()
                .enumerate()
                .map(|(i, &h)| Part {
                    label: format!("heap {} of {h}", i + 1),
                    value: self.values.get(h as usize).map(|&v| v as u64),
                })
                .collect(),
            value: self.value(b).map(|v| v.0),
            outcome: self.outcome(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn treblecross_is_played_on_paper() {
        let (g, b) = start(StripGame::Treblecross, "..X.X..", Convention::Normal).unwrap();
        // Any empty cell may take an X; completing the row wins.
        assert_eq!(g.move_count(&b), 5);
        let w = g.winning_moves(&b).unwrap();
        assert_eq!(w.len(), 1);
        assert!(three_in_a_row(&w[0].1));
        assert!(g.is_over(&w[0].1));
        assert_eq!(g.outcome(&w[0].1), Outcome::P);
        // After the win, the picture says the game is over.
        let after = g.draw(&w[0].1);
        assert!(
            after.contains("three in a row: the game is over"),
            "{after}"
        );
        assert!(!after.contains("the player to move completes"), "{after}");
    }

    #[test]
    fn treblecross_has_no_value_but_its_heap_form_is_drawn() {
        let (g, b) = start(StripGame::Treblecross, "X......", Convention::Normal).unwrap();
        assert_eq!(g.value(&b), None);
        // Four playable cells: a heap of 4 of 0.11337, whose value is 2.
        let d = g.drawing(&b);
        assert_eq!(d.components.len(), 1);
        assert_eq!(d.components[0].value, Some(g.g(4) as u64));
        assert_eq!(g.g(4), 2);
        // X..X...: the paper game's mex differs from the heap form's value.
        let (g, b) = start(StripGame::Treblecross, "X..X...", Convention::Normal).unwrap();
        assert_eq!(g.value(&b), None);
        assert_eq!(g.outcome(&b), Outcome::N);
    }

    #[test]
    fn stall_keeps_room() {
        let (g, b) = start(StripGame::Crosses, ".......", Convention::Normal).unwrap();
        let s = g.stall_moves(&b);
        // An X at either end kills two cells; anywhere else three.
        let cells: Vec<usize> = s.iter().map(|m| m.0.cells[0].1).collect();
        assert_eq!(cells, vec![0, 6]);
        assert!(start(StripGame::Treblecross, "X.X..", Convention::Misere).is_err());
    }
}
