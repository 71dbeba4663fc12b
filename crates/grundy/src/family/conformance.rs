//! A family checked against itself and against the textbook definition: what
//! every family must satisfy, so that a new family is tested by calling
//! [`check`] on a few positions.
//!
//! At a position `p` it checks that
//! - `p` prints (as text and as JSON) to something that parses back to `p`;
//! - every legal move's words parse back to the same move, every position a
//!   move leaves prints and parses back, and [`super::Notation::move_to`] finds a
//!   move to it;
//! - where the game can be searched, the value of every position a move
//!   leaves (and of `p`) is the mex of the values of its options, found by
//!   the plain recursion over the play interface's own moves
//!   ([`crate::solve::Solver`]), and in misère play the outcome is that of
//!   a plain win/loss search;
//! - every winning move listed leads to a P-position, and there is one
//!   exactly when some legal move leads to a P-position (Moore's Nim_k
//!   lists one winning move of possibly very many).
//!
//! ```
//! use grundy::family::conformance::check;
//! use grundy::game::Convention;
//! use grundy::strategy::NimPlay;
//! assert!(check(&NimPlay(Convention::Normal), &vec![1, 2, 4]).is_ok());
//! ```

use std::collections::HashMap;

use super::{listable, Family};
use crate::game::{Convention, Game, Outcome};
use crate::solve::Solver;

/// The most positions the plain searches may visit from one position.
const SEARCH_LIMIT: usize = 200_000;

/// The play interface's moves as a [`Game`] whose positions are whole
/// positions: the plain definition the fast answers are checked against.
struct Moves<'a, F>(&'a F);

impl<F: Family> Game for Moves<'_, F> {
    type Position = F::Position;
    fn options(&self, p: &F::Position) -> Vec<Vec<F::Position>> {
        self.0.moves(p).into_iter().map(|(_, q)| vec![q]).collect()
    }
}

/// Whether the player to move wins `p` in misère play, by plain search.
fn misere_wins<F: Family>(
    game: &F,
    p: &F::Position,
    memo: &mut HashMap<F::Position, bool>,
) -> Result<bool, String> {
    if let Some(&w) = memo.get(p) {
        return Ok(w);
    }
    if memo.len() > SEARCH_LIMIT {
        return Err("the misère search is too large".into());
    }
    let moves = game.moves(p);
    let mut wins = moves.is_empty();
    for (_, q) in moves {
        if !misere_wins(game, &q, memo)? {
            wins = true;
            break;
        }
    }
    memo.insert(p.clone(), wins);
    Ok(wins)
}

/// Checks the family's answers at `p` as described in the module docs.
/// `Ok` holds the number of positions whose value or outcome was checked
/// against the plain search (0 where the position is too large to list
/// its moves, or the game cannot be searched).
pub fn check<F: Family>(game: &F, p: &F::Position) -> Result<usize, String> {
    let name = game.name();
    let text = game.position_text(p);
    let back = game
        .parse_position(&text)
        .map_err(|e| format!("{name}: '{text}' does not parse back: {e}"))?;
    if !game.same_position(&back, p) {
        return Err(format!("{name}: '{text}' parses back to another position"));
    }
    let json = game.position_json(p).to_string();
    let back = game
        .parse_position(&json)
        .map_err(|e| format!("{name}: {json} does not parse back: {e}"))?;
    if !game.same_position(&back, p) {
        return Err(format!("{name}: {json} parses back to another position"));
    }
    if !listable(game, p) {
        return Ok(0);
    }
    let moves = game.moves(p);
    if moves.len() as u128 != game.move_count(p) {
        return Err(format!(
            "{name} at {text}: {} moves listed, {} counted",
            moves.len(),
            game.move_count(p)
        ));
    }
    for (mv, q) in &moves {
        let words = mv.to_string();
        match game.parse_move(p, &words) {
            Ok(Some((_, r))) if game.same_position(&r, q) => {}
            Ok(Some(_)) => return Err(format!("{name} at {text}: '{words}' leads elsewhere")),
            Ok(None) => return Err(format!("{name} at {text}: '{words}' is not read as a move")),
            Err(e) => return Err(format!("{name} at {text}: '{words}' is refused: {e}")),
        }
        let to = game.position_text(q);
        let typed = game
            .parse_position(&to)
            .map_err(|e| format!("{name}: '{to}' does not parse back: {e}"))?;
        let (_, r) = game
            .move_to(p, &typed)
            .map_err(|e| format!("{name}: no move from {text} to '{to}': {e}"))?;
        if !game.same_position(&r, q) {
            return Err(format!("{name}: typing '{to}' at {text} leads elsewhere"));
        }
    }
    let winning: Vec<F::Position> = game
        .winning_moves(p)
        .map_err(|e| format!("{name} at {text}: {e}"))?
        .into_iter()
        .map(|(_, q)| q)
        .collect();
    for q in &winning {
        if game.outcome(q) != Outcome::P {
            return Err(format!(
                "{name} at {text}: a winning move leads to an N-position"
            ));
        }
    }
    let to_p = moves
        .iter()
        .filter(|(_, q)| game.outcome(q) == Outcome::P)
        .count();
    if winning.len() > to_p || (to_p > 0) == winning.is_empty() {
        return Err(format!(
            "{name} at {text}: {to_p} moves lead to P-positions, {} winning moves listed",
            winning.len()
        ));
    }
    if !game.searchable() {
        return Ok(0);
    }
    let mut checked = 0;
    let plain = Moves(game);
    let mut solver = Solver::new(&plain).with_limit(SEARCH_LIMIT);
    let mut misere = HashMap::new();
    for q in moves.iter().map(|(_, q)| q).chain(std::iter::once(p)) {
        match game.convention() {
            Convention::Normal => {
                let Ok(v) = solver.value(q) else { continue };
                if let Some(fast) = game.value(q) {
                    if fast != v {
                        return Err(format!(
                            "{name}: {} has value {} by the family, {} by the mex recursion",
                            game.position_text(q),
                            fast.0,
                            v.0
                        ));
                    }
                }
                if game.outcome(q) != Outcome::from_value(v) {
                    return Err(format!(
                        "{name}: the outcome of {} disagrees with the mex recursion",
                        game.position_text(q)
                    ));
                }
            }
            Convention::Misere => {
                let Ok(wins) = misere_wins(game, q, &mut misere) else {
                    continue;
                };
                let want = if wins { Outcome::N } else { Outcome::P };
                if game.outcome(q) != want {
                    return Err(format!(
                        "{name}: the misère outcome of {} disagrees with the plain search",
                        game.position_text(q)
                    ));
                }
            }
        }
        checked += 1;
    }
    Ok(checked)
}
