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

use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use super::value::{LoopyOutcome, LoopyValue};
use crate::family::limits::listed;
use crate::family::report::{MoveReport, Report, Smith};
use crate::game::{Convention, Outcome};

/// The answer for one position of a game that can loop.
#[derive(Debug, Clone)]
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
    pub winning_moves_total: Option<u128>,
    /// The moves that keep a draw (empty unless `D`).
    pub draw_keeping_moves: Vec<MoveReport>,
    /// How many there are, when only the first are listed.
    pub draw_keeping_moves_total: Option<u128>,
    /// Game-specific fields, after the common ones.
    pub extra: Map<String, Value>,
    /// The position as command-line text, for human output.
    pub position_text: String,
    /// Step-by-step explanation (with `--json`, the last field).
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
        Report::from(self.clone()).to_text()
    }
}

/// The common report, with Smith's value beside it ([`Report::smith`]):
/// what the registry's families that can loop report.
impl From<LoopyReport> for Report {
    fn from(r: LoopyReport) -> Report {
        Report {
            game: r.game,
            position: r.position,
            convention: r.convention,
            value: r.value.finite(),
            outcome: match r.outcome {
                LoopyOutcome::P => Outcome::P,
                LoopyOutcome::N | LoopyOutcome::D => Outcome::N,
            },
            winning_moves: r.winning_moves,
            winning_moves_total: r.winning_moves_total,
            extra: r.extra,
            position_text: r.position_text,
            explanation: r.explanation,
            smith: Some(Smith {
                value: r.value,
                outcome: r.outcome,
                draw_keeping_moves: r.draw_keeping_moves,
                draw_keeping_moves_total: r.draw_keeping_moves_total,
            }),
        }
    }
}

/// The JSON is the common report's ([`Report`]).
impl Serialize for LoopyReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Report::from(self.clone()).serialize(s)
    }
}
