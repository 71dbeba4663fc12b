//! A family started at a position with its types erased: what the web page
//! and the Python module call ([`AnyGame`]), and its play session
//! ([`AnySession`]). [`super::registry`] starts them by name.
//!
//! ```
//! use grundy::family::registry;
//! use grundy::game::{Convention, Outcome};
//! let g = registry::start("nim", "", "3 4 5", Convention::Normal).unwrap();
//! // 1 4 5 is the one winning move; with best play 10 more moves follow it.
//! let win = g.moves().unwrap().into_iter().find(|m| m.outcome == Outcome::P).unwrap();
//! assert_eq!((win.to_text.as_str(), win.remoteness), ("1 4 5", Some(10)));
//! assert_eq!(g.remoteness(&mut 100_000), Some((Outcome::N, 11)));
//! ```

use serde::Serialize;
use serde_json::Value;

use super::report::{MoveReport, Report};
use super::session::{Line, Options, Output, Session};
use super::{conformance, listable, Drawing, Error, Family};
use crate::game::{Convention, Outcome};
use crate::loopy::{LoopyOutcome, LoopyValue};
use crate::strategy::{Remoteness, SHOWN_BUDGET};

/// A legal move with the position it leaves and that position's value.
#[derive(Clone, Debug, Serialize)]
pub struct MoveInfo {
    /// The move in the game's words.
    #[serde(rename = "move")]
    pub words: String,
    /// The position it leaves, as JSON.
    pub to: Value,
    /// The same as text (the position a front-end can start from).
    pub to_text: String,
    /// Its Grundy value, where it has one.
    pub value: Option<u64>,
    /// Its outcome: `P` makes the move a winning one.
    pub outcome: Outcome,
    /// Its remoteness (Winning Ways): how many more moves the game lasts
    /// with best play, the winner hurrying and the loser stalling; `None`
    /// where the search for it would be too long, or play can repeat.
    pub remoteness: Option<u64>,
}

/// Smith's value of a position of a game that can loop, with the outcome
/// it gives (a draw included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Smith {
    /// A nimber, or ∞(K).
    pub value: LoopyValue,
    /// `N`, `P` or `D`.
    pub outcome: LoopyOutcome,
}

impl From<LoopyValue> for Smith {
    fn from(value: LoopyValue) -> Smith {
        let outcome = value.outcome();
        Smith { value, outcome }
    }
}

/// A family started at a position, its types erased: what a web page or a
/// Python module calls.
pub trait AnyGame {
    /// The family's name (for a heap game, its rule).
    fn name(&self) -> String;
    /// Normal or misère play.
    fn convention(&self) -> Convention;
    /// The position now, as JSON.
    fn position_json(&self) -> Value;
    /// The position now, as text.
    fn position_text(&self) -> String;
    /// Whether no move is left.
    fn is_over(&self) -> bool;
    /// The value, the outcome and every winning move of the position now.
    fn report(&self) -> Result<Report, Error>;
    /// [`AnyGame::report`] with every winning move, where the report lists
    /// the one found quickly (Moore's Nim_k); or why they are too many.
    fn report_every_move(&self) -> Result<Report, Error> {
        self.report()
    }
    /// Why the position now has its value, in the game's terms (what
    /// `--explain` adds to a report), where the family says.
    fn explain(&self) -> Option<String> {
        None
    }
    /// Every legal move with the value of the position it leaves (refused
    /// when there are too many to list).
    fn moves(&self) -> Result<Vec<MoveInfo>, Error>;
    /// The outcome and remoteness of the position now, where a search that
    /// spends at most `work` finds them ([`Remoteness::of`]: what is spent
    /// is taken off); `None` for larger positions and games whose play can
    /// repeat.
    fn remoteness(&self, work: &mut usize) -> Option<(Outcome, u64)>;
    /// The position drawn as text.
    fn draw(&self) -> String;
    /// The position drawn as data.
    fn drawing(&self) -> Drawing;
    /// The drawing of another position of the same game (as text or
    /// JSON): what a front-end shows of the position a move leaves.
    fn drawing_of(&self, position: &str) -> Result<Drawing, Error>;
    /// For a game whose play can loop: Smith's value of the position now
    /// (∞(K) and draws, which the value and outcome of the other methods
    /// cannot say); `None` for the games that always end.
    fn smith(&self) -> Option<Smith>;
    /// For a game whose play can loop: Smith's value of each component
    /// the drawing lists, where the family knows them.
    fn smith_parts(&self) -> Option<Vec<Smith>>;
    /// For a game whose play can loop: Smith's value of the position each
    /// legal move leaves, in the order of [`AnyGame::moves`] (`None` also
    /// where the moves are too many to list).
    fn smith_moves(&self) -> Option<Vec<Smith>>;
    /// Another position of the same game (as text or JSON), written back as
    /// JSON: the round trip of the notation.
    fn parse_position(&self, text: &str) -> Result<Value, Error>;
    /// Plays a move typed in the game's words, or as the whole position it
    /// leaves.
    fn play(&mut self, text: &str) -> Result<(), Error>;
    /// Moves the game to another of its positions (as text or JSON), read
    /// by the game's notation: how a position no start takes, such as the
    /// empty one, is reached.
    fn set_position(&mut self, text: &str) -> Result<(), Error>;
    /// [`conformance::check`] at the position now.
    fn check(&self) -> Result<usize, String>;
    /// A session against the computer from the position now.
    fn session(self: Box<Self>, options: &Options) -> Box<dyn AnySession>;
}

/// A play session, its types erased.
pub trait AnySession {
    /// Introduces the game and plays until the player is to type.
    fn begin(&mut self) -> Result<(), Error>;
    /// Takes one line from the player and plays until they are to type again.
    fn input(&mut self, line: Line) -> Result<(), Error>;
    /// What the session said since the last call.
    fn take_output(&mut self) -> Vec<Output>;
    /// Whether the session is over.
    fn is_finished(&self) -> bool;
}

impl<F: Family> AnySession for Session<F> {
    fn begin(&mut self) -> Result<(), Error> {
        Session::begin(self)
    }
    fn input(&mut self, line: Line) -> Result<(), Error> {
        Session::input(self, line)
    }
    fn take_output(&mut self) -> Vec<Output> {
        Session::take_output(self)
    }
    fn is_finished(&self) -> bool {
        Session::is_finished(self)
    }
}

/// A family and a position of it.
pub struct Started<F: Family> {
    pub(super) game: F,
    pub(super) position: F::Position,
}

impl<F: Family> Started<F> {
    /// The game at `position`.
    pub fn new((game, position): (F, F::Position)) -> Self {
        Started { game, position }
    }
}

impl<F: Family + 'static> AnyGame for Started<F> {
    fn name(&self) -> String {
        self.game.name()
    }
    fn convention(&self) -> Convention {
        self.game.convention()
    }
    fn position_json(&self) -> Value {
        self.game.position_json(&self.position)
    }
    fn position_text(&self) -> String {
        self.game.position_text(&self.position)
    }
    fn is_over(&self) -> bool {
        self.game.is_over(&self.position)
    }
    fn report(&self) -> Result<Report, Error> {
        let p = &self.position;
        if let Some(report) = self.game.own_report(p) {
            return report;
        }
        let count = self.game.winning_total(p)?;
        let first = super::limits::listed(count, self.game.size(p));
        let winning_moves = self
            .game
            .first_winning_moves(p, first)?
            .into_iter()
            .map(|(mv, q)| MoveReport {
                words: mv.to_string(),
                cells: None,
                to: self.game.position_json(&q),
                to_text: self.game.position_text(&q),
            })
            .collect();
        Ok(Report {
            game: self.game.name(),
            position: self.game.position_json(p),
            convention: self.game.convention(),
            value: self.game.value(p).map(|v| v.0),
            outcome: self.game.outcome(p),
            winning_moves,
            winning_moves_total: None,
            extra: self.game.report_extra(p),
            position_text: self.game.position_text(p),
            explanation: None,
            smith: None,
        }
        .with_total(count))
    }
    fn report_every_move(&self) -> Result<Report, Error> {
        match self.game.report_every_move(&self.position) {
            Some(report) => report,
            None => self.report(),
        }
    }
    fn explain(&self) -> Option<String> {
        self.game.explain_position(&self.position)
    }
    fn moves(&self) -> Result<Vec<MoveInfo>, Error> {
        let p = &self.position;
        if !listable(&self.game, p) {
            return Err(Error::new(format!(
                "there are {} legal moves, too many to list",
                self.game.move_count(p)
            )));
        }
        // One memo and one budget for every move: the positions they leave
        // share most of their game trees.
        let mut memo = Remoteness::new();
        let mut work = SHOWN_BUDGET;
        let searchable = self.game.searchable();
        Ok(self
            .game
            .moves(p)
            .into_iter()
            .map(|(mv, q)| MoveInfo {
                words: mv.to_string(),
                to: self.game.position_json(&q),
                to_text: self.game.position_text(&q),
                value: self.game.value(&q).map(|v| v.0),
                outcome: self.game.outcome(&q),
                remoteness: if searchable {
                    memo.of(&self.game, &q, &mut work).map(|r| r.1)
                } else {
                    None
                },
            })
            .collect())
    }
    fn remoteness(&self, work: &mut usize) -> Option<(Outcome, u64)> {
        if !self.game.searchable() {
            return None;
        }
        Remoteness::new().of(&self.game, &self.position, work)
    }
    fn draw(&self) -> String {
        self.game.draw(&self.position)
    }
    fn drawing(&self) -> Drawing {
        self.game.drawing(&self.position)
    }
    fn drawing_of(&self, position: &str) -> Result<Drawing, Error> {
        let p = self.game.parse_position(position)?;
        Ok(self.game.drawing(&p))
    }
    fn smith(&self) -> Option<Smith> {
        self.game.smith_value(&self.position).map(Smith::from)
    }
    fn smith_parts(&self) -> Option<Vec<Smith>> {
        let parts = self.game.smith_parts(&self.position)?;
        Some(parts.into_iter().map(Smith::from).collect())
    }
    fn smith_moves(&self) -> Option<Vec<Smith>> {
        let p = &self.position;
        self.game.smith_value(p)?;
        if !listable(&self.game, p) {
            return None;
        }
        self.game
            .moves(p)
            .into_iter()
            .map(|(_, q)| self.game.smith_value(&q).map(Smith::from))
            .collect()
    }
    fn parse_position(&self, text: &str) -> Result<Value, Error> {
        let p = self.game.parse_position(text)?;
        Ok(self.game.position_json(&p))
    }
    fn play(&mut self, text: &str) -> Result<(), Error> {
        let p = &self.position;
        let (_, q) = match self.game.parse_move(p, text)? {
            Some(m) => m,
            None => {
                let to = self.game.parse_position(text)?;
                self.game.move_to(p, &to)?
            }
        };
        self.position = q;
        Ok(())
    }
    fn set_position(&mut self, text: &str) -> Result<(), Error> {
        self.position = self.game.parse_position(text)?;
        Ok(())
    }
    fn check(&self) -> Result<usize, String> {
        conformance::check(&self.game, &self.position)
    }
    fn session(self: Box<Self>, options: &Options) -> Box<dyn AnySession> {
        let this = *self;
        Box::new(Session::new(this.game, this.position, options))
    }
}
