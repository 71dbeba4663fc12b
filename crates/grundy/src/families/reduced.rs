//! Playing games that are Nim in disguise (staircase Nim, Nimble,
//! Nimble-2, Turning Turtles, Twins): each is drawn in its own terms, and
//! its Nim heaps (the components and their Grundy values) are shown under
//! the drawing; `why` writes those heaps in binary before and after the
//! computer's move. Normal play only: their closed forms are for normal play.
//!
//! Each game implements [`Reduction`]; [`Reduced`] makes it playable.

use std::fmt::{Debug, Display, Write};
use std::hash::Hash;

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::nim;
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, OneMove, Play};

/// A game that is Nim on some heaps derived from its position.
pub trait Reduction {
    /// A whole position.
    type Position: Clone + Eq + Hash + Debug;
    /// A move, in the words of the game's analysis command.
    type Move: Clone + Debug + Display;
    /// The game's name, as its analysis command is spelled.
    fn name(&self) -> &'static str;
    /// A position as its analysis command writes `to`.
    fn to_json(&self, p: &Self::Position) -> Value;
    /// A position as its analysis command reads it.
    fn to_text(&self, p: &Self::Position) -> String;
    /// A whole position typed at the prompt (text or JSON).
    fn parse_position(&self, text: &str) -> Result<Self::Position, String>;
    /// The number of legal moves, without listing them.
    fn move_count(&self, p: &Self::Position) -> u128;
    /// Every legal move.
    fn moves(&self, p: &Self::Position) -> Moves<Self::Move, Self::Position>;
    /// Every winning move, by the game's closed form, without the
    /// positions they leave (see [`Reduction::apply`]).
    fn winning(&self, p: &Self::Position) -> Vec<Self::Move>;
    /// The move `mv` played from `p`, with the position it leaves.
    fn apply(&self, p: &Self::Position, mv: &Self::Move) -> (Self::Move, Self::Position);
    /// How many numbers (steps, coins, cells) `p` holds.
    fn size(&self, p: &Self::Position) -> usize;
    /// The stall rule's moves.
    fn stall_moves(&self, p: &Self::Position) -> Moves<Self::Move, Self::Position>;
    /// The stall rule in words.
    fn stall_rule(&self) -> &'static str;
    /// The Nim heaps of `p`, each with what it stands for.
    fn heaps(&self, p: &Self::Position) -> Vec<(String, u64)>;
    /// Why the game is Nim on those heaps.
    fn reduction(&self) -> &'static str;
    /// The position drawn in the game's own terms.
    fn picture(&self, p: &Self::Position) -> String;
    /// What [`Reduction::picture`] draws, as data.
    fn shape(&self, p: &Self::Position) -> Shape;
    /// Why `p` has its value, step by step (what `--explain` adds); `None`
    /// (the default) where the game gives none.
    fn explain(&self, _p: &Self::Position) -> Option<String> {
        None
    }
}

/// A [`Reduction`] made playable.
pub struct Reduced<T>(pub T);

fn nim_sum(heaps: &[(String, u64)]) -> u64 {
    heaps.iter().fold(0, |a, h| a ^ h.1)
}

impl<T: Reduction> Play for Reduced<T> {
    type Position = T::Position;
    type Move = T::Move;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &T::Position) -> u128 {
        self.0.move_count(p)
    }

    fn moves(&self, p: &T::Position) -> Moves<T::Move, T::Position> {
        self.0.moves(p)
    }

    fn winning_moves(&self, p: &T::Position) -> Result<Moves<T::Move, T::Position>, SolveError> {
        Ok(self
            .0
            .winning(p)
            .iter()
            .map(|mv| self.0.apply(p, mv))
            .collect())
    }

    fn winning_count(&self, p: &T::Position) -> Result<usize, SolveError> {
        Ok(self.0.winning(p).len())
    }

    fn winning_move(&self, p: &T::Position, i: usize) -> OneMove<T::Move, T::Position> {
        Ok(self.0.winning(p).get(i).map(|mv| self.0.apply(p, mv)))
    }

    fn size(&self, p: &T::Position) -> usize {
        self.0.size(p)
    }

    fn stall_moves(&self, p: &T::Position) -> Moves<T::Move, T::Position> {
        self.0.stall_moves(p)
    }
}

impl<T: Reduction> Notation for Reduced<T> {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn position_json(&self, p: &T::Position) -> Value {
        self.0.to_json(p)
    }

    fn position_text(&self, p: &T::Position) -> String {
        self.0.to_text(p)
    }

    fn parse_position(&self, text: &str) -> Result<T::Position, String> {
        self.0.parse_position(text)
    }
}

impl<T: Reduction> Analyse for Reduced<T> {
    fn value(&self, p: &T::Position) -> Option<Nimber> {
        Some(Nimber(nim_sum(&self.0.heaps(p))))
    }

    fn outcome(&self, p: &T::Position) -> Outcome {
        Outcome::from_value(Nimber(nim_sum(&self.0.heaps(p))))
    }

    fn explain_choice(&self, before: &T::Position, c: &Choice<T::Move, T::Position>) -> String {
        let mut out = format!("The computer played: {}.\n{}\n", c.mv, self.0.reduction());
        let hb: Vec<u64> = self.0.heaps(before).iter().map(|h| h.1).collect();
        let ha: Vec<u64> = self.0.heaps(&c.to).iter().map(|h| h.1).collect();
        let _ = writeln!(out, "Before the move, the heaps in binary and their XOR:");
        out.push_str(&nim::binary_columns(&hb));
        let _ = writeln!(out, "After it:");
        out.push_str(&nim::binary_columns(&ha));
        let (sb, sa) = (nim::value(&hb).0, nim::value(&ha).0);
        if sb == 0 {
            let _ = writeln!(
                out,
                "The XOR was 0: a P-position, so no move wins; the XOR is now {sa}, and you have a winning move \
                 (hint shows it)."
            );
        } else {
            let _ = writeln!(
                out,
                "The XOR was {sb}, not 0: an N-position. The move makes every column even, the XOR is 0, and you \
                 face a P-position: whatever you do, some column becomes odd and the computer evens it again."
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        self.0.stall_rule()
    }

    fn explain_position(&self, p: &T::Position) -> Option<String> {
        self.0.explain(p)
    }
}

impl<T: Reduction> Draw for Reduced<T> {
    fn draw(&self, p: &T::Position) -> String {
        let mut out = self.0.picture(p);
        let heaps = self.0.heaps(p);
        if heaps.is_empty() {
            let _ = writeln!(out, "  no Nim heap left: value 0, a P-position");
            return out;
        }
        let _ = writeln!(out, "  as Nim heaps (each one's Grundy value is its size):");
        for (label, h) in &heaps {
            let _ = writeln!(out, "    {label}: heap {h}");
        }
        let s = nim_sum(&heaps);
        let o = Outcome::from_value(Nimber(s));
        let _ = writeln!(
            out,
            "  nim-sum {} = {s}: {} ({})",
            heaps
                .iter()
                .map(|h| h.1.to_string())
                .collect::<Vec<_>>()
                .join(" XOR "),
            if o == Outcome::N {
                "an N-position"
            } else {
                "a P-position"
            },
            o.describe()
        );
        out
    }

    fn drawing(&self, p: &T::Position) -> Drawing {
        let heaps = self.0.heaps(p);
        let s = nim_sum(&heaps);
        Drawing {
            shape: self.0.shape(p),
            components: heaps
                .into_iter()
                .map(|(label, h)| Part {
                    label,
                    value: Some(h),
                })
                .collect(),
            value: Some(s),
            outcome: Outcome::from_value(Nimber(s)),
        }
    }
}

/// Refuses misère play for these games.
pub fn normal_only(name: &str, convention: Convention) -> Result<(), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(format!(
            "misère play of {name} is not supported; play it in normal play"
        )));
    }
    Ok(())
}

pub(crate) fn list_text(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// The most tokens drawn in a row.
pub(crate) const ROW: u64 = 40;
