//! Playing against the computer: the session loop ([`session`]) and one
//! adapter per game.
//!
//! An adapter is a [`grundy::strategy::Play`] (what the computer needs:
//! moves, winning moves, the stall rule) plus an [`Adapter`] (what the
//! person sees and types: the position drawn in the game's own terms, moves
//! and positions in the analysis commands' notation, explanations). A game
//! plugs in with one adapter file and one variant in
//! [`crate::commands::play::PlayGame`].

pub mod cards;
pub mod chips;
pub mod corners;
pub mod heap;
pub mod moore;
pub mod nim;
pub mod northcott;
pub mod reduced;
pub mod session;
pub mod strip;
mod words;

use grundy::game::Outcome;
use grundy::nimber::Nimber;
use grundy::strategy::{Choice, MoveTo, Play};
use serde_json::Value;

pub use words::without_parentheses;

/// The most moves the `moves` command lists, and the most a position may
/// have for a typed position to be matched against every move.
pub const MOVE_LIST_CAP: u128 = 2000;

/// Whether every move from `p` may be listed with its position: at most
/// [`MOVE_LIST_CAP`] moves and [`crate::listing::MAX_LISTED`] numbers in
/// all the positions together.
pub fn listable<G: Play + ?Sized>(game: &G, p: &G::Position) -> bool {
    let n = game.move_count(p);
    n <= MOVE_LIST_CAP
        && n.saturating_mul(game.size(p) as u128) <= crate::listing::MAX_LISTED as u128
}

/// A move read from the player's words: `Ok(None)` when the words are not
/// a move of the game at all, `Err` with the reason when the move is illegal.
pub type Parsed<M, P> = Result<Option<MoveTo<M, P>>, String>;

/// What the play session needs from a game beyond [`Play`].
pub trait Adapter: Play {
    /// The game's name, as the analysis command spells it.
    fn name(&self) -> String;

    /// A position as JSON, exactly as the analysis command writes `to`.
    fn to_json(&self, p: &Self::Position) -> Value;

    /// A position in the analysis command's text syntax.
    fn to_text(&self, p: &Self::Position) -> String;

    /// A whole position typed at the prompt, in the text syntax or as the
    /// JSON the analysis command writes. The error names the problem.
    fn parse_position(&self, text: &str) -> Result<Self::Position, String>;

    /// The position drawn in the game's own terms, with the Grundy value of
    /// each component (several lines, each indented).
    fn draw(&self, p: &Self::Position) -> String;

    /// The Grundy value of a whole position in normal play; `None` in
    /// misère play.
    fn value(&self, p: &Self::Position) -> Option<Nimber>;

    /// Who wins `p` with best play.
    fn outcome(&self, p: &Self::Position) -> Outcome;

    /// A move typed in the game's words (as the analysis command prints
    /// them, the part in parentheses optional). `Ok(None)`: the text is not
    /// written as a move of this game; `Err`: it is, but is not legal here,
    /// and why. By default the words are looked up among the legal moves
    /// ([`match_words`]).
    fn parse_move(&self, p: &Self::Position, text: &str) -> Parsed<Self::Move, Self::Position> {
        if !listable(self, p) {
            return Ok(None);
        }
        let mut moves = self.moves(p);
        Ok(match_words(&moves, text).map(|i| moves.swap_remove(i)))
    }

    /// The move from `from` to the whole position `to` typed by the player,
    /// with the position it really leaves (the same, up to what the typed
    /// text cannot say), or why there is no such move.
    fn move_to(
        &self,
        from: &Self::Position,
        to: &Self::Position,
    ) -> Result<MoveTo<Self::Move, Self::Position>, String> {
        if !listable(self, from) {
            return Err(format!(
                "no single move could be found from {} to {}",
                self.to_text(from),
                self.to_text(to)
            ));
        }
        self.moves(from)
            .into_iter()
            .find(|(_, q)| q == to)
            .ok_or_else(|| {
                format!(
                    "no single move leads from {} to {}",
                    self.to_text(from),
                    self.to_text(to)
                )
            })
    }

    /// Why the computer's move `choice` from `before` is good, in the game's
    /// terms: the XOR, the columns, the components, the mex.
    fn explain(
        &self,
        before: &Self::Position,
        choice: &Choice<Self::Move, Self::Position>,
    ) -> String;

    /// The game-specific stall rule in words.
    fn stall_rule(&self) -> &'static str;
}

/// A position written as numbers: a JSON list, or numbers separated by
/// blanks or commas. `what` names one number in errors ("heap"), `listed`
/// names the JSON list ("heap sizes").
pub fn parse_numbers(text: &str, what: &str, listed: &str) -> Result<Vec<u64>, String> {
    let t = text.trim();
    if t.starts_with('[') {
        return serde_json::from_str(t).map_err(|e| format!("not a JSON list of {listed}: {e}"));
    }
    let items: Vec<String> = t
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    crate::report::parse_u64_list(&items, what, &format!("{what}s")).map_err(|e| e.0)
}

/// Lower case with single spaces and no surrounding blanks.
pub fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The index of the move whose words match `text`: the whole words, or the
/// words without their parenthesised parts, compared after [`normalize`].
pub fn match_words<M: std::fmt::Display, P>(moves: &[MoveTo<M, P>], text: &str) -> Option<usize> {
    let t = normalize(text);
    moves.iter().position(|(m, _)| {
        let w = normalize(&m.to_string());
        w == t || without_parentheses(&w) == t
    })
}

/// A row of `n` tokens, at most `max` drawn, then `...`.
pub fn tokens(n: u64, max: u64, token: char) -> String {
    let shown = n.min(max) as usize;
    let mut s: String = (0..shown).map(|_| token).collect();
    if n > max {
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_match_loosely() {
        let moves = vec![
            ("take 2 from heap 1 (3 -> 1)", 0),
            ("take 1 from heap 2 (4 -> 3)", 1),
        ];
        assert_eq!(match_words(&moves, "  Take 1 from   heap 2 "), Some(1));
        assert_eq!(match_words(&moves, "take 2 from heap 1 (3 -> 1)"), Some(0));
        assert_eq!(match_words(&moves, "take 3 from heap 1"), None);
        assert_eq!(tokens(3, 10, 'o'), "ooo");
        assert_eq!(tokens(12, 10, 'o'), "oooooooooo...");
    }
}
