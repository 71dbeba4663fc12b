//! Playing chips on a graph with a cycle: each chip is listed with its
//! vertex's Smith value (a nimber or ∞(K)), and the computer plays winning
//! moves that make progress, so it never throws a won game away by going
//! round a cycle. Normal play, chips that coexist.
//!
//! Stall rule: in a draw, a move that keeps the draw; in a lost position,
//! any move. A position that comes up a third time with the same player to
//! move ends the session in a draw.

use std::fmt::Write;

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::report::Report;
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::chips::{self, ChipMove, Graph};
use crate::games::chips_loopy::LoopyChips;
use crate::loopy::value::{computer_move_words, STALL_RULE};
use crate::loopy::{LoopyOutcome, LoopyValue};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// Chips on a graph with a cycle, for the computer player and the session.
pub struct LoopyChipsPlay<'g, 'a> {
    game: LoopyChips<'g, 'a>,
}

/// The game and the chips from the command line.
pub fn start<'g, 'a, S: AsRef<str>>(
    graph: &'g Graph<'a>,
    chips: &[S],
    convention: Convention,
) -> Result<(LoopyChipsPlay<'g, 'a>, Vec<u32>), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of chips is not supported; play it in normal play",
        ));
    }
    if chips.is_empty() {
        return Err(Error::new("no chips given"));
    }
    let chips = graph
        .vertices(chips)
        .map_err(|e: chips::GraphError| Error::new(e.to_string()))?;
    Ok((
        LoopyChipsPlay {
            game: LoopyChips::new(graph),
        },
        chips,
    ))
}

impl LoopyChipsPlay<'_, '_> {
    fn graph(&self) -> &Graph<'_> {
        self.game.graph()
    }

    fn first_on_vertex(p: &[u32], i: usize) -> bool {
        !p[..i].contains(&p[i])
    }

    fn values(&self, p: &[u32]) -> String {
        p.iter()
            .map(|&v| format!("{}: {}", self.graph().name(v), self.game.value(v)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Play for LoopyChipsPlay<'_, '_> {
    type Position = Vec<u32>;
    type Move = ChipMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Vec<u32>) -> u128 {
        (0..p.len())
            .filter(|&i| Self::first_on_vertex(p, i))
            .map(|i| self.graph().successors(p[i]).len() as u128)
            .sum()
    }

    fn moves(&self, p: &Vec<u32>) -> Moves<ChipMove, Vec<u32>> {
        let mut out = Vec::new();
        for i in (0..p.len()).filter(|&i| Self::first_on_vertex(p, i)) {
            for &w in self.graph().successors(p[i]) {
                out.push(self.game.slide(
                    p,
                    crate::loopy::SumMove {
                        component: i,
                        to: w,
                    },
                ));
            }
        }
        out
    }

    /// The one winning move that makes progress in the component of
    /// largest rank: played every turn, it wins without cycling.
    fn winning_moves(&self, p: &Vec<u32>) -> Result<Moves<ChipMove, Vec<u32>>, SolveError> {
        Ok(self.game.best_winning_move(p).into_iter().collect())
    }

    fn stall_moves(&self, p: &Vec<u32>) -> Moves<ChipMove, Vec<u32>> {
        let keep = self.game.draw_keeping_moves(p);
        if keep.is_empty() {
            self.moves(p)
        } else {
            keep
        }
    }

    fn size(&self, p: &Vec<u32>) -> usize {
        p.len().max(1)
    }

    fn searchable(&self) -> bool {
        false
    }
}

impl Notation for LoopyChipsPlay<'_, '_> {
    fn name(&self) -> String {
        "chips".to_string()
    }

    fn position_json(&self, p: &Vec<u32>) -> Value {
        Value::from(
            p.iter()
                .map(|&v| self.graph().name(v))
                .collect::<Vec<&str>>(),
        )
    }

    fn position_text(&self, p: &Vec<u32>) -> String {
        if p.is_empty() {
            return "(no chips)".to_string();
        }
        p.iter()
            .map(|&v| self.graph().name(v))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u32>, String> {
        let t = text.trim();
        let names: Vec<String> = if t.starts_with('[') {
            serde_json::from_str(t).map_err(|e| format!("not a JSON list of vertex names: {e}"))?
        } else {
            t.split_whitespace().map(str::to_string).collect()
        };
        self.graph().vertices(&names).map_err(|e| e.to_string())
    }
}

impl Analyse for LoopyChipsPlay<'_, '_> {
    fn value(&self, p: &Vec<u32>) -> Option<Nimber> {
        self.game.sum_value(p).finite().map(Nimber)
    }

    /// P for value 0; N otherwise, a draw included (the player to move
    /// does not lose). The drawing and the analysis tell draws apart.
    fn outcome(&self, p: &Vec<u32>) -> Outcome {
        match self.game.sum_value(p).outcome() {
            LoopyOutcome::P => Outcome::P,
            LoopyOutcome::N | LoopyOutcome::D => Outcome::N,
        }
    }

    fn explain_choice(&self, before: &Vec<u32>, c: &Choice<ChipMove, Vec<u32>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let (vb, va) = (self.game.sum_value(before), self.game.sum_value(&c.to));
        let _ = writeln!(
            out,
            "The graph has a cycle, so vertices have Smith's values: a nimber, or ∞(K) with K the finite values a \
             vertex can move to. Chips add as Nim heaps, ∞(K) + n = ∞(K XOR n), and two infinite chips draw."
        );
        let _ = writeln!(out, "Before: {}; sum {vb}.", self.values(before));
        let _ = writeln!(out, "After: {}; sum {va}.", self.values(&c.to));
        let _ = writeln!(
            out,
            "{}",
            computer_move_words(vb.outcome(), "chip", "cannot go round a cycle")
        );
        out
    }

    fn stall_rule(&self) -> &'static str {
        STALL_RULE
    }

    fn draw_by_repetition(&self) -> Option<usize> {
        Some(3)
    }

    fn value_text(&self, p: &Vec<u32>) -> Option<String> {
        Some(self.game.sum_value(p).play_text())
    }

    fn smith_value(&self, p: &Vec<u32>) -> Option<LoopyValue> {
        Some(self.game.sum_value(p))
    }

    fn smith_parts(&self, p: &Vec<u32>) -> Option<Vec<LoopyValue>> {
        Some(p.iter().map(|&c| self.game.value(c)).collect())
    }

    /// Smith's value, the draws and every winning and draw-keeping move,
    /// as `grundy chips` prints them for a graph with a cycle.
    fn own_report(&self, p: &Vec<u32>) -> Option<Result<Report, Error>> {
        Some(Ok(self.game.report(p, false).into()))
    }

    fn explain_position(&self, p: &Vec<u32>) -> Option<String> {
        Some(self.game.explain(p))
    }
}

impl Draw for LoopyChipsPlay<'_, '_> {
    fn draw(&self, p: &Vec<u32>) -> String {
        let mut out = String::new();
        for (i, &c) in p.iter().enumerate() {
            let succ: Vec<String> = self
                .graph()
                .successors(c)
                .iter()
                .take(12)
                .map(|&w| format!("{} ({})", self.graph().name(w), self.game.value(w)))
                .collect();
            let more = self.graph().successors(c).len().saturating_sub(12);
            let _ = writeln!(
                out,
                "  chip {} on {}: value {}; {}{}",
                i + 1,
                self.graph().name(c),
                self.game.value(c),
                if succ.is_empty() {
                    "it cannot move".to_string()
                } else {
                    format!("it can go to {}", succ.join(", "))
                },
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            );
        }
        let v = self.game.sum_value(p);
        let o = v.outcome();
        let _ = writeln!(out, "  sum {v}: {o} ({})", o.describe());
        out
    }

    fn drawing(&self, p: &Vec<u32>) -> Drawing {
        let g = self.graph();
        let n = g.vertex_count() as u32;
        Drawing {
            shape: Shape::Graph {
                vertices: (0..n).map(|v| g.name(v).to_string()).collect(),
                edges: (0..n)
                    .flat_map(|v| g.successors(v).iter().map(move |&w| (v, w)))
                    .collect(),
                chips: p.clone(),
            },
            components: p
                .iter()
                .map(|&c| Part {
                    label: format!("chip on {} ({})", g.name(c), self.game.value(c)),
                    value: self.game.value(c).finite(),
                })
                .collect(),
            value: match self.game.sum_value(p) {
                LoopyValue::Finite(m) => Some(m),
                LoopyValue::Infinite(_) => None,
            },
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::session::{Line, Mode, Options, Output, Session, Side};

    fn run(graph: &Graph<'_>, chips: &[&str], first: Side, lines: &[&str]) -> Vec<Value> {
        let (game, p) = start(graph, chips, Convention::Normal).unwrap();
        let mut s = Session::new(
            game,
            p,
            &Options {
                first,
                mode: Mode::Json,
                seed: 7,
                level: Default::default(),
            },
        );
        s.begin().unwrap();
        for l in lines {
            s.input(Line::Text(l.to_string())).unwrap();
        }
        s.take_output()
            .into_iter()
            .filter_map(|o| match o {
                Output::Json(v) => Some(v),
                Output::Text(_) => None,
            })
            .collect()
    }

    #[test]
    fn the_computer_wins_from_an_infinite_n_position() {
        // a -> b -> c -> a, c -> d -> e, f -> a, f -> e: f is ∞(0).
        let text = "a b\nb c\nc a\nc d\nd e\nf a\nf e\n";
        let g = Graph::parse(text).unwrap();
        let out = run(&g, &["f"], Side::Computer, &[]);
        assert_eq!(out.last().unwrap()["winner"], "computer", "{out:?}");
    }

    #[test]
    fn a_draw_ends_by_repetition_and_the_computer_keeps_it() {
        let text = "a b\nb c\nc a\nc d\nd e\n";
        let g = Graph::parse(text).unwrap();
        // The person moves a -> b; the computer must answer b -> c (its
        // only move); the person plays c -> a, and so on round the cycle,
        // the computer choosing c -> a over c -> d whenever it is at c.
        let lines = [
            "move the chip on a to b",
            "move the chip on c to a",
            "move the chip on b to c",
        ]
        .repeat(3);
        let out = run(&g, &["a"], Side::Human, &lines);
        let last = out.last().unwrap();
        assert_eq!(last["draw"], true, "{out:?}");
        // From c the computer never left the cycle for d (which loses).
        assert!(
            out.iter()
                .all(|v| v["position"] != serde_json::json!(["d"])),
            "{out:?}"
        );
    }
}
