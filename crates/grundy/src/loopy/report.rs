//! What every front-end prints for a position of a game that can loop: the
//! common report's fields, with Smith's value and a three-way outcome, and
//! the moves that keep a draw.
//!
//! JSON: `{"game", "position", "convention": "normal", "value": 3 or
//! {"infinity": [0, 2]}, "outcome": "P"|"N"|"D", "winning_moves":
//! [{"move", "to"}], "draw_keeping_moves": [{"move", "to"}]}`, then fields of
//! the game's own and, with `--explain`, `"explanation"` last. Each list is
//! cut as [`crate::family::limits::listed`] says, with
//! `winning_moves_total` / `draw_keeping_moves_total` counting all.

use serde::Serialize;
use serde_json::{Map, Value};

use super::value::{LoopyOutcome, LoopyValue};
use crate::family::limits::listed;
use crate::family::report::MoveReport;
use crate::game::Convention;

/// The answer for one position of a game that can loop.
#[derive(Serialize, Debug, Clone)]
pub struct LoopyReport {
    /// The game's name.
    pub game: String,
    /// The position analysed, in the command's syntax.
    pub position: Value,
    /// Play convention: always normal play.
    pub convention: Convention,
    /// Smith's value: a number, or `{"infinity": [...]}`.
    pub value: LoopyValue,
    /// `N`, `P` or `D` (a draw).
    pub outcome: LoopyOutcome,
    /// The winning moves that make progress (empty unless `N`).
    pub winning_moves: Vec<MoveReport>,
    /// How many there are, when only the first are listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_moves_total: Option<u128>,
    /// The moves that keep a draw (empty unless `D`).
    pub draw_keeping_moves: Vec<MoveReport>,
    /// How many there are, when only the first are listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_keeping_moves_total: Option<u128>,
    /// Game-specific fields, after the common ones.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
    /// The position as command-line text, for human output.
    #[serde(skip)]
    pub position_text: String,
    /// Step-by-step explanation (with `--json`, the last field).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

impl LoopyReport {
    /// A report of `value` at `position`, with the winning and draw-keeping
    /// moves as (words, position after) and how many there are in all, and
    /// `show` writing a position as JSON and as text. Build only the first
    /// [`LoopyReport::shown`] moves of each list.
    pub fn new<P>(
        game: &str,
        position: &P,
        value: LoopyValue,
        winning: (Vec<(String, P)>, usize),
        keeping: (Vec<(String, P)>, usize),
        show: impl Fn(&P) -> (Value, String),
    ) -> LoopyReport {
        let (position, position_text) = show(position);
        let list = |(moves, total): (Vec<(String, P)>, usize)| {
            let total = total as u128;
            let reports: Vec<MoveReport> = moves
                .into_iter()
                .map(|(words, p)| {
                    let (to, to_text) = show(&p);
                    MoveReport {
                        words,
                        cells: None,
                        to,
                        to_text,
                    }
                })
                .collect();
            let total = (total > reports.len() as u128).then_some(total);
            (reports, total)
        };
        let (winning_moves, winning_moves_total) = list(winning);
        let (draw_keeping_moves, draw_keeping_moves_total) = list(keeping);
        LoopyReport {
            game: game.to_string(),
            position,
            convention: Convention::Normal,
            outcome: value.outcome(),
            value,
            winning_moves,
            winning_moves_total,
            draw_keeping_moves,
            draw_keeping_moves_total,
            extra: Map::new(),
            position_text,
            explanation: None,
        }
    }

    /// How many of `total` moves over positions of `length` numbers are
    /// listed (the rest are counted only).
    pub fn shown(total: usize, length: usize) -> usize {
        listed(total as u128, length)
    }

    /// The human-readable form.
    pub fn to_text(&self) -> String {
        let mut s = format!("{} {} (normal play)\n", self.game, self.position_text);
        s.push_str(&format!("Value: {}\n", self.value));
        s.push_str(&format!(
            "Outcome: {} ({})\n",
            self.outcome,
            self.outcome.describe()
        ));
        let section =
            |s: &mut String, one: &str, many: &str, moves: &[MoveReport], total: Option<u128>| {
                let n = moves.len();
                let title = match total {
                    Some(t) => format!("{many} ({t}, the first {n} shown):"),
                    None if n == 1 => format!("{one}:"),
                    None => format!("{many} ({n}):"),
                };
                s.push_str(&title);
                s.push('\n');
                for m in moves {
                    s.push_str(&format!("  {}  ->  {}\n", m.words, m.to_text));
                }
            };
        match self.outcome {
            LoopyOutcome::N => section(
                &mut s,
                "Winning move",
                "Winning moves",
                &self.winning_moves,
                self.winning_moves_total,
            ),
            LoopyOutcome::D => section(
                &mut s,
                "Move that keeps the draw",
                "Moves that keep the draw",
                &self.draw_keeping_moves,
                self.draw_keeping_moves_total,
            ),
            LoopyOutcome::P if self.winning_moves.is_empty() => {
                s.push_str("No winning move: every move leads to an N-position.\n")
            }
            LoopyOutcome::P => {}
        }
        if let Some(e) = &self.explanation {
            s.push('\n');
            s.push_str(e);
            if !e.ends_with('\n') {
                s.push('\n');
            }
        }
        s
    }
}
