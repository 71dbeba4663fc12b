//! The family interface: what every game family tells the front-ends, so
//! that the command line, a web page and Python are thin shims over the
//! same code.
//!
//! A family is a [`Play`] (what the computer needs: legal moves, winning
//! moves, the stall rule) with three small traits beside it:
//! - [`Notation`]: positions and moves as text and JSON, parsed and printed
//!   back (round trip), in the syntax the analysis command takes;
//! - [`Analyse`]: the value and outcome of a position, and why a move is
//!   good, in the game's own terms;
//! - [`Draw`]: the position drawn, as text for a terminal and as data
//!   ([`Drawing`]) for pictures and pages.
//!
//! Everything implementing the four is a [`Family`], which a play
//! [`session`] drives and the [`registry`] lists by name.
//!
//! ```
//! use grundy::family::{Analyse, Notation};
//! use grundy::strategy::NimPlay as Nim;
//! use grundy::game::{Convention, Outcome};
//! let nim = Nim(Convention::Normal);
//! let p = nim.parse_position("3 4 5").unwrap();
//! assert_eq!(nim.outcome(&p), Outcome::N);
//! assert_eq!(nim.position_text(&p), "3 4 5");
//! ```

pub mod any_game;
pub mod conformance;
pub mod drawing;
pub mod limits;
pub mod registry;
pub mod report;
pub mod rules_text;
pub mod session;
pub mod text;

use std::fmt;

use serde_json::{Map, Value};

use crate::game::Outcome;
use crate::loopy::LoopyValue;
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, MoveTo, Moves, Play};

pub use drawing::Drawing;
pub use limits::{MAX_LISTED, MOVE_LIST_CAP};

/// A problem with what the user asked for, as one line of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl Error {
    /// An error with this message, its control characters escaped (a line
    /// break in what the user typed becomes `\n`), so it stays one line.
    pub fn new(message: impl Into<String>) -> Self {
        Error(crate::escape::one_line(message.into()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<crate::solve::SolveError> for Error {
    fn from(e: crate::solve::SolveError) -> Self {
        Error::new(e.to_string())
    }
}

impl From<String> for Error {
    fn from(e: String) -> Self {
        Error::new(e)
    }
}

/// A move read from the player's words: `Ok(None)` when the words are not
/// a move of the game at all, `Err` with the reason when the move is illegal.
pub type Parsed<M, P> = Result<Option<MoveTo<M, P>>, String>;

/// Whether every move from `p` may be listed with its position: at most
/// [`MOVE_LIST_CAP`] moves and [`MAX_LISTED`] numbers in all the positions
/// together.
pub fn listable<G: Play + ?Sized>(game: &G, p: &G::Position) -> bool {
    let n = game.move_count(p);
    n <= MOVE_LIST_CAP && n.saturating_mul(game.size(p) as u128) <= MAX_LISTED as u128
}

/// The legal move of `p` whose words are `text` ([`text::match_all_words`]):
/// `Ok(None)` when no move has them, and a refusal listing the candidates
/// when moves that lead to different positions share them.
pub fn parse_listed_move<G: Notation + ?Sized>(
    game: &G,
    p: &G::Position,
    text: &str,
) -> Parsed<G::Move, G::Position> {
    parse_listed_move_by(game, p, text, |m| m.to_string())
}

/// [`parse_listed_move`] with each move's words given by `words` (a
/// shorter form of them, say).
pub fn parse_listed_move_by<G: Notation + ?Sized>(
    game: &G,
    p: &G::Position,
    text: &str,
    words: impl Fn(&G::Move) -> String,
) -> Parsed<G::Move, G::Position> {
    if !listable(game, p) {
        return Ok(None);
    }
    let mut moves = game.moves(p);
    let worded: Vec<(String, ())> = moves.iter().map(|(m, _)| (words(m), ())).collect();
    let found = text::match_all_words(&worded, text);
    let Some(&first) = found.first() else {
        return Ok(None);
    };
    let distinct: Vec<usize> = found.iter().copied().fold(Vec::new(), |mut kept, i| {
        if !kept
            .iter()
            .any(|&k: &usize| game.same_position(&moves[k].1, &moves[i].1))
        {
            kept.push(i);
        }
        kept
    });
    if distinct.len() > 1 {
        let listed: Vec<String> = distinct
            .iter()
            .map(|&i| format!("{} (to {})", moves[i].0, game.position_text(&moves[i].1)))
            .collect();
        return Err(format!(
            "'{}' is ambiguous: it names {} moves that lead to different positions: {}; type the move's words in full or the position after it",
            text.trim(),
            distinct.len(),
            listed.join("; ")
        ));
    }
    Ok(Some(moves.swap_remove(first)))
}

/// Positions and moves as text and JSON.
pub trait Notation: Play {
    /// The family's name, as the analysis command spells it.
    fn name(&self) -> String;

    /// A position as JSON, exactly as the analysis writes `to`.
    fn position_json(&self, p: &Self::Position) -> Value;

    /// A position in the analysis command's text syntax.
    fn position_text(&self, p: &Self::Position) -> String;

    /// A whole position in the text syntax or as the JSON
    /// [`Notation::position_json`] writes. The error names the problem.
    fn parse_position(&self, text: &str) -> Result<Self::Position, String>;

    /// Whether `a` and `b` are the same position of the game: equal, or
    /// equal up to what the notation does not tell apart (the order of the
    /// heaps of a heap game).
    fn same_position(&self, a: &Self::Position, b: &Self::Position) -> bool {
        a == b
    }

    /// A move typed in the game's words (as the analysis prints them, the
    /// part in parentheses optional). `Ok(None)`: the text is not written as
    /// a move of this game; `Err`: it is, but is not legal here, and why. By
    /// default the words are looked up among the legal moves
    /// ([`parse_listed_move`]).
    fn parse_move(&self, p: &Self::Position, text: &str) -> Parsed<Self::Move, Self::Position> {
        parse_listed_move(self, p, text)
    }

    /// The move from `from` to the whole position `to`, with the position
    /// it really leaves (the same, up to what the text cannot say), or why
    /// there is no such move.
    fn move_to(
        &self,
        from: &Self::Position,
        to: &Self::Position,
    ) -> Result<MoveTo<Self::Move, Self::Position>, String> {
        if !listable(self, from) {
            return Err(format!(
                "no single move could be found from {} to {}",
                self.position_text(from),
                self.position_text(to)
            ));
        }
        self.moves(from)
            .into_iter()
            .find(|(_, q)| q == to)
            .ok_or_else(|| {
                format!(
                    "no single move leads from {} to {}",
                    self.position_text(from),
                    self.position_text(to)
                )
            })
    }
}

/// The value and outcome of positions, and why a move is good.
pub trait Analyse: Play {
    /// The Grundy value of a whole position in normal play; `None` in
    /// misère play, or where the game has no nimber (Moore's Nim_k).
    fn value(&self, p: &Self::Position) -> Option<Nimber>;

    /// Who wins `p` with best play.
    fn outcome(&self, p: &Self::Position) -> Outcome;

    /// Why the move `choice` from `before` is good, in the game's terms:
    /// the XOR, the columns, the components, the mex.
    fn explain_choice(
        &self,
        before: &Self::Position,
        choice: &Choice<Self::Move, Self::Position>,
    ) -> String;

    /// The game-specific stall rule in words (see [`crate::strategy`]).
    fn stall_rule(&self) -> &'static str;

    /// For a game that can loop: a play session ends in a draw when a
    /// position comes up this many times with the same player to move.
    /// `None` (the default): repetitions end nothing.
    fn draw_by_repetition(&self) -> Option<usize> {
        None
    }

    /// The value and outcome of `p` in words, for games whose values the
    /// nimber and the two outcomes cannot say (∞(K) and draws in games that
    /// can loop); `None` (the default) for the others.
    fn value_text(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// How many winning moves `p` has, counted without listing them: more
    /// than [`Play::winning_count`] can say where a position has too many to
    /// list (a heap of 10^18 has about 10^17). By default that count.
    fn winning_total(&self, p: &Self::Position) -> Result<u128, SolveError> {
        Ok(self.winning_count(p)? as u128)
    }

    /// The first `n` moves of [`Play::winning_moves`], in its order, built
    /// without the others: all the winning moves of a long position, each
    /// with the whole position it leaves, would not fit in memory (Nim with
    /// 200001 heaps of 1 has 200001 of them).
    fn first_winning_moves(
        &self,
        p: &Self::Position,
        n: usize,
    ) -> Result<Moves<Self::Move, Self::Position>, SolveError> {
        if n >= self.winning_count(p)? {
            return self.winning_moves(p);
        }
        let mut some = Vec::with_capacity(n);
        for i in 0..n {
            some.extend(self.winning_move(p, i)?);
        }
        Ok(some)
    }

    /// Why `p` has its value, in the game's terms, for a report's
    /// explanation; `None` (the default) where the family has none to give.
    fn explain_position(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// The whole report of `p` where the family writes its own: a game that
    /// can loop gives Smith's value, its draws and the moves that keep them
    /// ([`report::Smith`]). `None` (the default): the common report, built
    /// from the value, the outcome and the winning moves.
    fn own_report(&self, _p: &Self::Position) -> Option<Result<report::Report, Error>> {
        None
    }

    /// The report of `p` listing every winning move, where the common
    /// report lists the one found quickly (Moore's Nim_k), or why they are
    /// too many; `None` (the default): the common report lists them all.
    fn report_every_move(&self, _p: &Self::Position) -> Option<Result<report::Report, Error>> {
        None
    }

    /// Fields the family adds to a report of `p`, after the common ones
    /// (the values of a heap game's heaps); none by default.
    fn report_extra(&self, _p: &Self::Position) -> Map<String, Value> {
        Map::new()
    }

    /// Smith's value of `p` in a game whose play can loop
    /// ([`crate::loopy`]): ∞(K) and draws, which [`Analyse::value`] and
    /// [`Analyse::outcome`] cannot say. `None` (the default) for the games
    /// that always end.
    fn smith_value(&self, _p: &Self::Position) -> Option<LoopyValue> {
        None
    }

    /// Smith's value of each component of `p`, in the order its drawing
    /// lists them, where the family knows them; `None` by default.
    fn smith_parts(&self, _p: &Self::Position) -> Option<Vec<LoopyValue>> {
        None
    }
}

/// The position drawn.
pub trait Draw: Play {
    /// The position drawn as text, in the game's own terms, with the Grundy
    /// value of each component (several lines, each indented).
    fn draw(&self, p: &Self::Position) -> String;

    /// What to draw, as data: the shapes and the values of the components.
    fn drawing(&self, p: &Self::Position) -> Drawing;
}

/// Everything a front-end needs from a game family.
pub trait Family: Notation + Analyse + Draw {}

impl<T: Notation + Analyse + Draw> Family for T {}
