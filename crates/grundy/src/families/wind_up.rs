//! Playing Wind-Up (subtraction modulo n): heaps are residues, each with its
//! Smith value; the computer wins without winding round a cycle and keeps
//! draws. Normal play.
//!
//! Stall rule: in a draw, a move that keeps the draw; in a lost position,
//! any move. A position that comes up a third time with the same player to
//! move ends the session in a draw.

use std::fmt::Write;

use serde::Serialize;
use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::report::Report;
use crate::family::text::parse_numbers;
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::wind_up::{self, WindUp, WindUpMove};
use crate::loopy::value::{computer_move_words, STALL_RULE};
use crate::loopy::{LoopyOutcome, LoopyValue};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// Wind-Up for the computer player and the session.
pub struct WindUpPlay {
    game: WindUp,
}

/// The game and the heaps from the words a user typed: the modulus, the
/// amounts (`2,3`) and the heaps.
pub fn start<S: AsRef<str>>(
    modulus: &str,
    subtract: &str,
    heaps: &[S],
    convention: Convention,
) -> Result<(WindUpPlay, Vec<u64>), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of windup is not supported; play it in normal play",
        ));
    }
    if heaps.is_empty() {
        return Err(Error::new("no heaps given"));
    }
    let (game, heaps) = wind_up::start(modulus, subtract, heaps)?;
    Ok((WindUpPlay { game }, heaps))
}

/// The most residues [`table`] lists.
pub const MAX_TABLE: u64 = 1_000_000;

/// The value of every residue of a Wind-Up game (`grundy windup --table`).
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    /// `windup`.
    pub game: &'static str,
    /// The modulus N.
    pub modulus: u64,
    /// The amounts that may be subtracted.
    pub subtract: Vec<u64>,
    /// Smith's value of each residue 0..N-1.
    pub values: Vec<LoopyValue>,
}

/// Smith's values of the residues of Wind-Up with the modulus and amounts
/// as typed; the heaps, if any, are checked too. Refused past
/// [`MAX_TABLE`] residues.
///
/// ```
/// let t = grundy::families::wind_up::table("7", "2,3", &["1"]).unwrap();
/// assert_eq!(t.values.len(), 7);
/// assert!(t.to_text().starts_with("     0  0  P"));
/// ```
pub fn table<S: AsRef<str>>(modulus: &str, subtract: &str, heaps: &[S]) -> Result<Table, Error> {
    let (game, _) = wind_up::start(modulus, subtract, heaps)?;
    if game.modulus() > MAX_TABLE {
        return Err(Error::new(format!(
            "a table of {} residues is too long to list (at most {MAX_TABLE})",
            game.modulus()
        )));
    }
    Ok(Table {
        game: "windup",
        modulus: game.modulus(),
        subtract: game.subtraction().to_vec(),
        values: game.values(),
    })
}

impl Table {
    /// A line per residue: the residue, its value and its outcome.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (k, v) in self.values.iter().enumerate() {
            let _ = writeln!(text, "{k:>6}  {v}  {}", v.outcome());
        }
        text
    }
}

impl Play for WindUpPlay {
    type Position = Vec<u64>;
    type Move = WindUpMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Vec<u64>) -> u128 {
        p.iter().filter(|&&h| h != 0).count() as u128 * self.game.subtraction().len() as u128
    }

    fn moves(&self, p: &Vec<u64>) -> Moves<WindUpMove, Vec<u64>> {
        self.game.moves(p)
    }

    /// The one winning move that makes progress in the heap of largest
    /// rank: played every turn, it wins without cycling.
    fn winning_moves(&self, p: &Vec<u64>) -> Result<Moves<WindUpMove, Vec<u64>>, SolveError> {
        Ok(self.game.best_winning_move(p).into_iter().collect())
    }

    fn stall_moves(&self, p: &Vec<u64>) -> Moves<WindUpMove, Vec<u64>> {
        let keep = self.game.draw_keeping_moves(p);
        if keep.is_empty() {
            self.moves(p)
        } else {
            keep
        }
    }

    fn size(&self, p: &Vec<u64>) -> usize {
        p.len().max(1)
    }

    fn searchable(&self) -> bool {
        false
    }
}

impl Notation for WindUpPlay {
    fn name(&self) -> String {
        "windup".to_string()
    }

    fn position_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }

    fn position_text(&self, p: &Vec<u64>) -> String {
        p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        let heaps = parse_numbers(text, "heap", "heap sizes")?;
        self.game.check(&heaps).map_err(|e| e.0)?;
        Ok(heaps)
    }
}

impl Analyse for WindUpPlay {
    fn value(&self, p: &Vec<u64>) -> Option<Nimber> {
        self.game.sum_value(p).finite().map(Nimber)
    }

    /// P for value 0; N otherwise, a draw included (the player to move
    /// does not lose). The drawing and the analysis tell draws apart.
    fn outcome(&self, p: &Vec<u64>) -> Outcome {
        match self.game.sum_value(p).outcome() {
            LoopyOutcome::P => Outcome::P,
            LoopyOutcome::N | LoopyOutcome::D => Outcome::N,
        }
    }

    fn explain_choice(&self, before: &Vec<u64>, c: &Choice<WindUpMove, Vec<u64>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let show = |p: &[u64]| {
            p.iter()
                .map(|&h| format!("{h}: {}", self.game.value(h)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (vb, va) = (self.game.sum_value(before), self.game.sum_value(&c.to));
        let _ = writeln!(
            out,
            "Heaps wind round modulo {}, so they have Smith's values: a nimber, or ∞(K) with K the finite values a \
             heap can move to. Heaps add as Nim heaps, ∞(K) + n = ∞(K XOR n), and two infinite heaps draw.",
            self.game.modulus()
        );
        let _ = writeln!(out, "Before: {}; sum {vb}.", show(before));
        let _ = writeln!(out, "After: {}; sum {va}.", show(&c.to));
        let _ = writeln!(
            out,
            "{}",
            computer_move_words(vb.outcome(), "heap", "cannot wind round for ever")
        );
        out
    }

    fn stall_rule(&self) -> &'static str {
        STALL_RULE
    }

    fn draw_by_repetition(&self) -> Option<usize> {
        Some(3)
    }

    fn value_text(&self, p: &Vec<u64>) -> Option<String> {
        Some(self.game.sum_value(p).play_text())
    }

    fn smith_value(&self, p: &Vec<u64>) -> Option<LoopyValue> {
        Some(self.game.sum_value(p))
    }

    fn smith_parts(&self, p: &Vec<u64>) -> Option<Vec<LoopyValue>> {
        Some(p.iter().map(|&h| self.game.value(h)).collect())
    }

    /// Smith's value, the draws and every winning and draw-keeping move,
    /// as `grundy windup` prints them.
    fn own_report(&self, p: &Vec<u64>) -> Option<Result<Report, Error>> {
        Some(self.game.report(p, false).map(Report::from))
    }

    fn explain_position(&self, p: &Vec<u64>) -> Option<String> {
        Some(self.game.explain(p))
    }
}

impl Draw for WindUpPlay {
    fn draw(&self, p: &Vec<u64>) -> String {
        let mut out = String::new();
        for (i, &h) in p.iter().enumerate() {
            let _ = writeln!(
                out,
                "  heap {}: {h} of 0..{}   value {}",
                i + 1,
                self.game.modulus() - 1,
                self.game.value(h)
            );
        }
        let v = self.game.sum_value(p);
        let o = v.outcome();
        let _ = writeln!(out, "  sum {v}: {o} ({})", o.describe());
        out
    }

    fn drawing(&self, p: &Vec<u64>) -> Drawing {
        Drawing {
            shape: Shape::Heaps { sizes: p.clone() },
            components: p
                .iter()
                .enumerate()
                .map(|(i, &h)| Part {
                    label: format!("heap {} ({})", i + 1, self.game.value(h)),
                    value: self.game.value(h).finite(),
                })
                .collect(),
            value: self.game.sum_value(p).finite(),
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::session::{Line, Mode, Options, Output, Session, Side};

    /// A random player against the computer from every N-position of a
    /// few Wind-Up games: the computer always wins, and never by a
    /// repetition (a won game never comes back to a position).
    #[test]
    fn the_computer_wins_every_n_position_against_random_replies() {
        let mut played = 0;
        for (n, set) in [("10", "3,4"), ("7", "2,3"), ("6", "1,4"), ("9", "2,5,7")] {
            for a in 0..n.parse::<u64>().unwrap() {
                for b in [0, 1, 3] {
                    let heaps = [a.to_string(), b.to_string()];
                    let (game, p) = start(n, set, &heaps, Convention::Normal).unwrap();
                    let v = game.game.sum_value(&p);
                    if v.outcome() != LoopyOutcome::N {
                        continue;
                    }
                    let mut s = Session::new(
                        game,
                        p,
                        &Options {
                            first: Side::Computer,
                            mode: Mode::Json,
                            seed: a * 31 + b,
                            level: Default::default(),
                        },
                    );
                    s.begin().unwrap();
                    let mut seed = a * 7 + b + 1;
                    for _ in 0..200 {
                        if s.is_finished() {
                            break;
                        }
                        let moves = s.game().moves(s.position());
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let (_, to) = &moves[(seed >> 33) as usize % moves.len()];
                        let line = serde_json::to_string(to).unwrap();
                        s.input(Line::Text(line)).unwrap();
                    }
                    played += 1;
                    let out = s.take_output();
                    let last = out.last().unwrap();
                    assert_eq!(
                        *last,
                        Output::Json(serde_json::json!({"winner": "computer"})),
                        "{n} {set} {a} {b}: {out:?}"
                    );
                }
            }
        }
        assert!(played > 30, "{played}");
    }
}
