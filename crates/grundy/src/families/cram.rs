//! Cram as a family: the position is the board (`5x7`, or its rows of `.`
//! empty and `#` blocked or covered, separated by `/`), a move is a domino
//! typed by its two cells (`b2-b3`, `b2 c2`). Rows are named by letters
//! from `a` at the top, columns by numbers from 1 on the left. Values come
//! from the search engine ([`crate::search`]) on demand: a region met once
//! is stored, so play from a solved board is lookups. Normal play only.
//!
//! Stall rule: place the domino that leaves the most places for others
//! (the smallest change to the board), the first in order among equals.

use std::cell::RefCell;
use std::fmt::{self, Write};

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::text::value_line;
use crate::family::{Analyse, Draw, Drawing, Error, Notation, Parsed};
use crate::game::{Convention, Outcome};
use crate::games::cram::{Board, Cram};
use crate::nimber::Nimber;
use crate::search::{available_threads, default_memory, Search, TableFull};
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// Cram on one board, its regions' values stored as they are found.
#[derive(Debug)]
pub struct CramPlay {
    search: RefCell<Search<Cram>>,
}

/// A domino: its two cells, `a` above or left of `b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domino {
    /// The first cell (row-major index).
    pub a: usize,
    /// The second cell.
    pub b: usize,
    words: String,
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words)
    }
}

/// The game at the board `position`, its value found before play starts
/// (so a board too large for the memory is refused up front), with the
/// search table given [`default_memory`].
pub fn start(position: &str, convention: Convention) -> Result<(CramPlay, Board), Error> {
    start_with_memory(position, convention, default_memory())
}

/// [`start`] with a search table of at most about `memory` bytes.
pub fn start_with_memory(
    position: &str,
    convention: Convention,
    memory: usize,
) -> Result<(CramPlay, Board), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of cram is not supported; play it in normal play",
        ));
    }
    let board = Board::parse(position).map_err(|e| Error::new(format!("board: {e}")))?;
    let game = CramPlay {
        search: RefCell::new(Search::new(Cram::new(), memory).with_threads(available_threads())),
    };
    game.g(&board).map_err(|e| Error::new(e.to_string()))?;
    Ok((game, board))
}

fn failed(e: TableFull) -> SolveError {
    SolveError::Other(e.to_string())
}

impl CramPlay {
    fn g(&self, b: &Board) -> Result<u32, TableFull> {
        self.search.borrow_mut().value(b)
    }

    fn place(&self, b: &Board, a: usize, c: usize) -> (Domino, Board) {
        let words = format!("{}-{}", b.cell_name(a), b.cell_name(c));
        (Domino { a, b: c, words }, b.cover(1 << a | 1 << c))
    }

    fn region_label(b: &Board, part: u64) -> String {
        let names: Vec<String> = (0..64)
            .filter(|i| part >> i & 1 == 1)
            .map(|i| b.cell_name(i))
            .collect();
        match names.len() {
            n if n > 8 => format!("{} cells {} ... {}", n, names[..6].join(" "), names[n - 1]),
            n => format!("{n} cells {}", names.join(" ")),
        }
    }

    /// Each region of `b` with its label and value.
    fn regions(&self, b: &Board) -> Vec<(String, Option<u32>)> {
        b.regions()
            .into_iter()
            .map(|part| {
                let v = self.g(&b.with_free(part)).ok();
                (Self::region_label(b, part), v)
            })
            .collect()
    }
}

impl Play for CramPlay {
    type Position = Board;
    type Move = Domino;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, b: &Board) -> u128 {
        b.domino_count() as u128
    }

    fn moves(&self, b: &Board) -> Moves<Domino, Board> {
        b.dominoes()
            .into_iter()
            .map(|(a, c)| self.place(b, a, c))
            .collect()
    }

    fn winning_moves(&self, b: &Board) -> Result<Moves<Domino, Board>, SolveError> {
        if self.g(b).map_err(failed)? == 0 {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for (a, c) in b.dominoes() {
            let (mv, to) = self.place(b, a, c);
            if self.search.borrow_mut().is_zero(&to).map_err(failed)? {
                out.push((mv, to));
            }
        }
        Ok(out)
    }

    fn stall_moves(&self, b: &Board) -> Moves<Domino, Board> {
        let moves = self.moves(b);
        let most = moves.iter().map(|(_, to)| to.domino_count()).max();
        moves
            .into_iter()
            .filter(|(_, to)| Some(to.domino_count()) == most)
            .take(1)
            .collect()
    }

    fn size(&self, b: &Board) -> usize {
        b.rows()
    }
}

impl Notation for CramPlay {
    fn name(&self) -> String {
        "cram".to_string()
    }

    fn position_json(&self, b: &Board) -> Value {
        Value::from(b.to_string())
    }

    fn position_text(&self, b: &Board) -> String {
        b.to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Board, String> {
        let t = text.trim();
        let rows: String = match serde_json::from_str::<Value>(t) {
            Ok(Value::String(s)) => s,
            Ok(Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_string)
                        .unwrap_or_else(|| v.to_string())
                })
                .collect::<Vec<_>>()
                .join("/"),
            _ => t.to_string(),
        };
        Board::parse(&rows).map_err(|e| format!("board: {e}"))
    }

    /// Two cells, in either order, joined by `-`, a space or a comma
    /// (`b2-b3`, `c1 b1`).
    fn parse_move(&self, b: &Board, text: &str) -> Parsed<Domino, Board> {
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == '-' || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let cells: Vec<Option<usize>> = words.iter().map(|w| b.cell(w)).collect();
        match cells[..] {
            [Some(x), Some(y)] => {
                let (a, c) = (x.min(y), x.max(y));
                if !b.dominoes().contains(&(a, c)) {
                    let (na, nc) = (b.cell_name(a), b.cell_name(c));
                    return Err(
                        if c != a + 1 && c != a + b.cols() || (c == a + 1 && c % b.cols() == 0) {
                            format!("{na} and {nc} are not next to each other: a domino covers two cells side by side or one above the other")
                        } else {
                            format!("{na}-{nc} is not free: a domino goes on two empty cells")
                        },
                    );
                }
                Ok(Some(self.place(b, a, c)))
            }
            _ if cells.iter().any(Option::is_some) => Err(format!(
                "'{}': name the domino's two cells, e.g. a1-a2 (rows a to {}, columns 1 to {})",
                text.trim(),
                (b'a' + b.rows() as u8 - 1) as char,
                b.cols()
            )),
            _ => Ok(None),
        }
    }
}

impl Analyse for CramPlay {
    fn value(&self, b: &Board) -> Option<Nimber> {
        self.g(b).ok().map(|v| Nimber(v as u64))
    }

    fn outcome(&self, b: &Board) -> Outcome {
        match self.search.borrow_mut().is_zero(b) {
            Ok(true) => Outcome::P,
            _ => Outcome::N,
        }
    }

    fn explain_choice(&self, before: &Board, c: &Choice<Domino, Board>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let _ = writeln!(
            out,
            "No domino joins two regions of empty cells, so they are played side by side: \
             the value is the nim-sum of the regions' values (a strip one cell wide is \
             Dawson's Kayles, 0.07)."
        );
        for (label, v) in self.regions(before) {
            let v = v.map_or("?".to_string(), |v| v.to_string());
            let _ = writeln!(out, "  before: {label} : value {v}");
        }
        for (label, v) in self.regions(&c.to) {
            let v = v.map_or("?".to_string(), |v| v.to_string());
            let _ = writeln!(out, "  after:  {label} : value {v}");
        }
        if c.wins {
            let _ = writeln!(
                out,
                "It left value 0, a P-position: wherever you place a domino, the computer can bring it back to 0."
            );
        } else {
            let _ = writeln!(
                out,
                "The board had value 0: no domino wins, so the computer placed the one that leaves the most places."
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "place the domino that leaves the most places for others"
    }
}

impl Draw for CramPlay {
    fn draw(&self, b: &Board) -> String {
        let mut out = String::new();
        let header: String = (1..=b.cols()).map(|c| format!("{:>2}", c % 100)).collect();
        let _ = writeln!(out, "   {header}");
        for (r, line) in b.lines().iter().enumerate() {
            let cells: String = line.chars().map(|ch| format!(" {ch}")).collect();
            let _ = writeln!(out, "  {}{cells}", (b'a' + r as u8) as char);
        }
        for (label, v) in self.regions(b) {
            let v = v.map_or("?".to_string(), |v| v.to_string());
            let _ = writeln!(out, "  {label}: value {v}");
        }
        let value = self.g(b).ok().map(u64::from);
        out.push_str(&value_line(value, self.outcome(b), "a P-position"));
        out
    }

    fn drawing(&self, b: &Board) -> Drawing {
        Drawing {
            shape: Shape::Board { rows: b.lines() },
            components: self
                .regions(b)
                .into_iter()
                .map(|(label, value)| Part {
                    label,
                    value: value.map(u64::from),
                })
                .collect(),
            value: self.g(b).ok().map(u64::from),
            outcome: self.outcome(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::conformance::check;

    #[test]
    fn conforms_on_small_boards() {
        for text in ["3x4", "2x5", "..#./..../#...", "4x4", "1x7"] {
            let (g, mut p) = start(text, Convention::Normal).unwrap();
            loop {
                check(&g, &p).unwrap();
                match g.stall_moves(&p).pop() {
                    Some((_, to)) => p = to,
                    None => break,
                }
            }
        }
    }

    #[test]
    fn moves_read_and_write() {
        let (g, p) = start("3x3", Convention::Normal).unwrap();
        assert_eq!(g.position_text(&p), ".../.../...");
        let (mv, to) = g.parse_move(&p, "b2 b1").unwrap().unwrap();
        assert_eq!(mv.to_string(), "b1-b2");
        assert_eq!(to.to_string(), ".../##./...");
        assert_eq!(
            g.parse_move(&to, "a1-a2").unwrap().unwrap().1.to_string(),
            "##./##./..."
        );
        assert!(g.parse_move(&to, "b1-c1").unwrap_err().contains("not free"));
        assert!(g.parse_move(&p, "a1 c1").unwrap_err().contains("not next"));
        assert!(g.parse_move(&p, "a3 b1").unwrap_err().contains("not next"));
        assert!(g.parse_move(&p, "a1").is_err());
        assert_eq!(g.parse_move(&p, "hello").unwrap(), None);
        assert_eq!(g.parse_position("\"..#/.../...\"").unwrap().free_cells(), 8);
        assert_eq!(
            g.parse_position(r##"["..", "#."]"##).unwrap().free_cells(),
            3
        );
        // 3 x 3 is a P-position (Beling's table); no winning move.
        assert_eq!(g.outcome(&p), Outcome::P);
        assert!(g.winning_moves(&p).unwrap().is_empty());
        assert!(g.draw(&to).contains("  b # # ."));
        assert!(start("3x3", Convention::Misere).is_err());
        assert!(start("9x9", Convention::Normal)
            .unwrap_err()
            .0
            .starts_with("board:"));
        assert!(start_with_memory("5x7", Convention::Normal, 1 << 12)
            .unwrap_err()
            .0
            .contains("too large"));
    }

    #[test]
    fn winning_moves_leave_zero() {
        let (g, p) = start("4x5", Convention::Normal).unwrap();
        assert_eq!(g.value(&p), Some(Nimber(2)));
        let wins = g.winning_moves(&p).unwrap();
        assert!(!wins.is_empty());
        for (_, to) in &wins {
            assert_eq!(g.value(to), Some(Nimber(0)));
        }
        let all_zero = g
            .moves(&p)
            .into_iter()
            .filter(|(_, to)| g.value(to) == Some(Nimber(0)))
            .count();
        assert_eq!(all_zero, wins.len());
    }
}
