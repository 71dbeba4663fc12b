//! Playing Northcott's game: each row of the board holds one black and one
//! white token; a player moves one of their own tokens along its row
//! without jumping. The first player has the black tokens. Rows are drawn
//! with their gaps (the Nim heaps), moves typed as `grundy northcott`
//! prints them or as the rows after the move (`1:5 2:7`).
//!
//! Play can repeat (a token may retreat), so the computer does not search
//! for remoteness here. As the winner it only advances (a Nim move that
//! shrinks a gap), so the game ends; as the loser its stall rule also only
//! advances: one cell in the row with the largest gap.

use std::fmt::Write;

use serde_json::{Map, Value};

use crate::family::drawing::{Part, Shape};
use crate::family::report::Report;
use crate::family::text::parse_u64;
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::northcott::{self, Color, NorthcottMove, Row};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, MoveTo, Moves, Play};

/// The widest board drawn cell by cell.
const DRAWN_WIDTH: u64 = 60;

/// A position: the rows and whose tokens move next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The rows.
    pub rows: Vec<Row>,
    /// The color to move.
    pub to_move: Color,
}

/// Northcott's game for the computer player and the session.
pub struct NorthcottPlay {
    width: u64,
}

fn parse_row(text: &str, n: usize) -> Result<Row, String> {
    let Some((b, w)) = text.trim().split_once(':') else {
        return Err(format!(
            "row {n} '{text}' is not B:W, the columns of its black and its white token"
        ));
    };
    let black = parse_u64(b, &format!("the black token's column in row {n}")).map_err(|e| e.0)?;
    let white = parse_u64(w, &format!("the white token's column in row {n}")).map_err(|e| e.0)?;
    Ok(Row { black, white })
}

/// The board from the command line: `width` is the board's width, with
/// whose tokens move first after a colon (`8:white`; black by default).
pub fn start<S: AsRef<str>>(
    width: &str,
    rows: &[S],
    convention: Convention,
) -> Result<(NorthcottPlay, Board), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of northcott is not supported; play it in normal play",
        ));
    }
    let (width, to_move) = match width.rsplit_once(':') {
        Some((w, player)) => (w, player.trim().to_lowercase()),
        None => (width, "black".to_string()),
    };
    let to_move = match to_move.as_str() {
        "black" => Color::Black,
        "white" => Color::White,
        other => {
            return Err(Error::new(format!(
                "player '{other}' is neither black nor white"
            )))
        }
    };
    let width = parse_u64(width, "the width")?;
    if rows.is_empty() {
        return Err(Error::new("no rows given: write each row as B:W"));
    }
    let rows = rows
        .iter()
        .enumerate()
        .map(|(i, t)| parse_row(t.as_ref(), i + 1))
        .collect::<Result<Vec<Row>, String>>()
        .map_err(Error::new)?;
    northcott::check(&rows, width).map_err(|e| Error::new(e.to_string()))?;
    Ok((NorthcottPlay { width }, Board { rows, to_move }))
}

impl NorthcottPlay {
    fn with(&self, b: &Board, mv: NorthcottMove) -> MoveTo<NorthcottMove, Board> {
        (
            mv,
            Board {
                rows: northcott::apply(&b.rows, mv),
                to_move: b.to_move.other(),
            },
        )
    }
}

impl Play for NorthcottPlay {
    type Position = Board;
    type Move = NorthcottMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn searchable(&self) -> bool {
        false
    }

    fn move_count(&self, b: &Board) -> u128 {
        b.rows
            .iter()
            .map(|r| {
                let (p, q) = (r.token(b.to_move), r.token(b.to_move.other()));
                if p < q {
                    (q - 2) as u128
                } else {
                    (self.width - q - 1) as u128
                }
            })
            .sum()
    }

    fn moves(&self, b: &Board) -> Moves<NorthcottMove, Board> {
        northcott::moves(&b.rows, self.width, b.to_move)
            .into_iter()
            .map(|m| self.with(b, m))
            .collect()
    }

    fn winning_moves(&self, b: &Board) -> Result<Moves<NorthcottMove, Board>, SolveError> {
        let a = northcott::analyze(&b.rows, self.width, b.to_move)
            .map_err(|e| SolveError::Other(e.to_string()))?;
        // Only advances: the computer's tokens then only ever move forward,
        // so it makes finitely many moves and the game ends. One always
        // exists: the row whose gap has the top bit of the nim-sum shrinks.
        let advances = |m: &NorthcottMove| {
            let r = b.rows[m.row];
            let other = r.token(m.color.other());
            m.to.abs_diff(other) < m.from.abs_diff(other)
        };
        Ok(a.winning_moves
            .into_iter()
            .filter(|w| advances(&w.mv))
            .map(|w| self.with(b, w.mv))
            .collect())
    }

    fn stall_moves(&self, b: &Board) -> Moves<NorthcottMove, Board> {
        let largest = b.rows.iter().map(|r| r.gap()).max().unwrap_or(0);
        if largest == 0 {
            // Every gap is closed: only retreats are left.
            return self.moves(b).into_iter().take(1).collect();
        }
        b.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.gap() == largest)
            .map(|(i, r)| {
                let (p, q) = (r.token(b.to_move), r.token(b.to_move.other()));
                let to = if p < q { p + 1 } else { p - 1 };
                self.with(
                    b,
                    NorthcottMove {
                        row: i,
                        color: b.to_move,
                        from: p,
                        to,
                    },
                )
            })
            .collect()
    }
}

impl Notation for NorthcottPlay {
    fn name(&self) -> String {
        format!("northcott --width {}", self.width)
    }

    fn position_json(&self, b: &Board) -> Value {
        Value::from(b.rows.iter().map(Row::to_string).collect::<Vec<_>>())
    }

    fn position_text(&self, b: &Board) -> String {
        b.rows
            .iter()
            .map(Row::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The text does not say whose tokens move next (the move that leads to
    /// a position decides it), so positions are the same when their rows are.
    fn same_position(&self, a: &Board, b: &Board) -> bool {
        a.rows == b.rows
    }

    /// The rows typed at the prompt; the color to move is left as black
    /// (the move that leads there decides it).
    fn parse_position(&self, text: &str) -> Result<Board, String> {
        let t = text.trim();
        let items: Vec<String> = if t.starts_with('[') {
            serde_json::from_str(t).map_err(|e| format!("not a JSON list of rows B:W: {e}"))?
        } else {
            t.split_whitespace().map(str::to_string).collect()
        };
        let rows = items
            .iter()
            .enumerate()
            .map(|(i, s)| parse_row(s, i + 1))
            .collect::<Result<Vec<Row>, String>>()?;
        northcott::check(&rows, self.width).map_err(|e| e.to_string())?;
        Ok(Board {
            rows,
            to_move: Color::Black,
        })
    }

    fn move_to(&self, from: &Board, to: &Board) -> Result<MoveTo<NorthcottMove, Board>, String> {
        let typed = Board {
            rows: to.rows.clone(),
            to_move: from.to_move.other(),
        };
        self.moves(from)
            .into_iter()
            .find(|(_, q)| *q == typed)
            .ok_or_else(|| {
                format!(
                    "no single move of the {} tokens leads from {} to {}",
                    from.to_move,
                    self.position_text(from),
                    self.position_text(to)
                )
            })
    }
}

impl Analyse for NorthcottPlay {
    fn value(&self, b: &Board) -> Option<Nimber> {
        Some(Nimber(b.rows.iter().fold(0, |a, r| a ^ r.gap())))
    }

    fn outcome(&self, b: &Board) -> Outcome {
        Outcome::from_value(Nimber(b.rows.iter().fold(0, |a, r| a ^ r.gap())))
    }

    fn explain_choice(&self, before: &Board, c: &Choice<NorthcottMove, Board>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        match northcott::explain(&before.rows, self.width, before.to_move) {
            Ok(text) => out.push_str(&text),
            Err(e) => {
                let _ = writeln!(out, "({e})");
            }
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "advance one cell in the row with the largest gap (never retreat, so the game ends)"
    }

    fn explain_position(&self, b: &Board) -> Option<String> {
        northcott::explain(&b.rows, self.width, b.to_move).ok()
    }

    /// Every winning move, retreats too (the computer only advances).
    fn own_report(&self, b: &Board) -> Option<Result<Report, Error>> {
        let moves = match northcott::winning_moves(&b.rows, self.width, b.to_move) {
            Ok(moves) => moves,
            Err(e) => return Some(Err(Error::new(e.to_string()))),
        };
        let value = self.value(b).unwrap_or(Nimber(0));
        let apply = |m: &NorthcottMove| self.with(b, *m).1;
        let show = |q: &Board| (self.position_json(q), self.position_text(q));
        let mut r = Report::first_moves(&self.name(), b, b.rows.len(), value, &moves, apply, show);
        r.extra = self.report_extra(b);
        Some(Ok(r))
    }

    fn report_extra(&self, b: &Board) -> Map<String, Value> {
        let mut extra = Map::new();
        extra.insert("player".into(), Value::from(b.to_move.to_string()));
        extra.insert("width".into(), Value::from(self.width));
        extra
    }
}

impl Draw for NorthcottPlay {
    fn draw(&self, b: &Board) -> String {
        let mut out = String::new();
        for (i, r) in b.rows.iter().enumerate() {
            let cells = if self.width <= DRAWN_WIDTH {
                (1..=self.width)
                    .map(|c| {
                        if c == r.black {
                            'B'
                        } else if c == r.white {
                            'W'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            } else {
                format!("black on {}, white on {}", r.black, r.white)
            };
            let _ = writeln!(
                out,
                "  row {:>2} | {cells}   gap {} (Grundy value {})",
                i + 1,
                r.gap(),
                r.gap()
            );
        }
        let s = b.rows.iter().fold(0, |a, r| a ^ r.gap());
        let o = Outcome::from_value(Nimber(s));
        let _ = writeln!(
            out,
            "  {} to move; nim-sum of the gaps {s}: {}",
            b.to_move,
            o.verdict()
        );
        out
    }

    fn drawing(&self, b: &Board) -> Drawing {
        Drawing {
            shape: Shape::Rows {
                width: self.width,
                tokens: b.rows.iter().map(|r| (r.black, r.white)).collect(),
            },
            components: b
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| Part {
                    label: format!("row {}", i + 1),
                    value: Some(r.gap()),
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

    fn game() -> (NorthcottPlay, Board) {
        start("8", &["1:5", "8:3"], Convention::Normal).unwrap()
    }

    #[test]
    fn moves_count_and_typed_rows() {
        let (g, b) = game();
        assert_eq!(g.move_count(&b), g.moves(&b).len() as u128);
        let (m, after) = g
            .move_to(&b, &g.parse_position("2:5 8:3").unwrap())
            .unwrap();
        assert_eq!(
            (m.row, m.from, m.to, after.to_move),
            (0, 1, 2, Color::White)
        );
        assert!(g
            .move_to(&b, &g.parse_position("1:6 8:3").unwrap())
            .is_err());
        let stall = g.stall_moves(&b);
        assert_eq!(stall.len(), 1);
        assert_eq!(stall[0].1.rows[1], Row { black: 7, white: 3 });
    }
}
