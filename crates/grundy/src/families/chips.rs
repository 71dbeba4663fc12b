//! Playing chips on a directed acyclic graph: each chip is listed with its
//! vertex, the vertex's Grundy value and where it can go; moves are typed
//! as `grundy chips` prints them (`move the chip on a to b`) or as the
//! vertices holding chips after the move. Normal play only.
//!
//! Stall rule: move the chip on the vertex of largest Grundy value to its
//! successor of largest value (the smallest change, as taking one token
//! from the largest Nim heap).

use std::fmt::Write;

use serde_json::{Map, Value};

use crate::family::drawing::{Part, Shape};
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::chips::{self, ChipMove, Graph, Variant};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// Chips on a graph for the computer player and the session.
pub struct ChipsPlay<'g, 'a> {
    graph: &'g Graph<'a>,
    values: Vec<u64>,
    variant: Variant,
}

/// The game and the chips from the command line.
pub fn start<'g, 'a, S: AsRef<str>>(
    graph: &'g Graph<'a>,
    chips: &[S],
    annihilate: bool,
    convention: Convention,
) -> Result<(ChipsPlay<'g, 'a>, Vec<u32>), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of chips is not supported; play it in normal play",
        ));
    }
    if chips.is_empty() {
        return Err(Error::new("no chips given"));
    }
    let err = |e: chips::GraphError| Error::new(e.to_string());
    let chips = graph.vertices(chips).map_err(err)?;
    let values = graph.grundy_values().map_err(err)?;
    let variant = if annihilate {
        Variant::Annihilate
    } else {
        Variant::Coexist
    };
    chips::analyze(graph, &values, &chips, variant).map_err(err)?;
    Ok((
        ChipsPlay {
            graph,
            values,
            variant,
        },
        chips,
    ))
}

impl ChipsPlay<'_, '_> {
    fn slide(&self, p: &[u32], i: usize, w: u32) -> (ChipMove, Vec<u32>) {
        let met = (self.variant == Variant::Annihilate)
            .then(|| p.iter().position(|&c| c == w))
            .flatten();
        let to = match met {
            Some(j) => p
                .iter()
                .enumerate()
                .filter(|&(n, _)| n != i && n != j)
                .map(|(_, &c)| c)
                .collect(),
            None => {
                let mut to = p.to_vec();
                to[i] = w;
                to
            }
        };
        (
            ChipMove {
                chip: i,
                from: self.graph.name(p[i]).to_string(),
                to: self.graph.name(w).to_string(),
                annihilates: met.is_some(),
            },
            to,
        )
    }

    fn first_on_vertex(p: &[u32], i: usize) -> bool {
        !p[..i].contains(&p[i])
    }

    fn nim_sum(&self, p: &[u32]) -> u64 {
        p.iter().fold(0, |a, &c| a ^ self.values[c as usize])
    }
}

impl Play for ChipsPlay<'_, '_> {
    type Position = Vec<u32>;
    type Move = ChipMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Vec<u32>) -> u128 {
        (0..p.len())
            .filter(|&i| Self::first_on_vertex(p, i))
            .map(|i| self.graph.successors(p[i]).len() as u128)
            .sum()
    }

    fn size(&self, p: &Vec<u32>) -> usize {
        p.len().max(1)
    }

    fn moves(&self, p: &Vec<u32>) -> Moves<ChipMove, Vec<u32>> {
        let mut out = Vec::new();
        for i in (0..p.len()).filter(|&i| Self::first_on_vertex(p, i)) {
            for &w in self.graph.successors(p[i]) {
                out.push(self.slide(p, i, w));
            }
        }
        out
    }

    fn winning_moves(&self, p: &Vec<u32>) -> Result<Moves<ChipMove, Vec<u32>>, SolveError> {
        let a = chips::analyze(self.graph, &self.values, p, self.variant)
            .map_err(|e| SolveError::Other(e.to_string()))?;
        Ok(a.winning_moves.into_iter().map(|w| (w.mv, w.to)).collect())
    }

    fn stall_moves(&self, p: &Vec<u32>) -> Moves<ChipMove, Vec<u32>> {
        let movable = (0..p.len())
            .filter(|&i| Self::first_on_vertex(p, i) && !self.graph.successors(p[i]).is_empty());
        let top = movable.clone().map(|i| self.values[p[i] as usize]).max();
        let mut out = Vec::new();
        for i in movable.filter(|&i| Some(self.values[p[i] as usize]) == top) {
            let succ = self.graph.successors(p[i]);
            let best = succ.iter().map(|&w| self.values[w as usize]).max();
            for &w in succ {
                if Some(self.values[w as usize]) == best {
                    out.push(self.slide(p, i, w));
                }
            }
        }
        out
    }
}

impl Notation for ChipsPlay<'_, '_> {
    fn name(&self) -> String {
        "chips".to_string()
    }

    fn position_json(&self, p: &Vec<u32>) -> Value {
        Value::from(p.iter().map(|&v| self.graph.name(v)).collect::<Vec<&str>>())
    }

    fn position_text(&self, p: &Vec<u32>) -> String {
        if p.is_empty() {
            return "(no chips)".to_string();
        }
        p.iter()
            .map(|&v| self.graph.name(v))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u32>, String> {
        let t = text.trim();
        let names: Vec<String> = if t.starts_with('[') {
            serde_json::from_str(t).map_err(|e| format!("not a JSON list of vertex names: {e}"))?
        } else if t == "(no chips)" {
            Vec::new()
        } else {
            t.split_whitespace().map(str::to_string).collect()
        };
        self.graph.vertices(&names).map_err(|e| e.to_string())
    }
}

impl Analyse for ChipsPlay<'_, '_> {
    fn value(&self, p: &Vec<u32>) -> Option<Nimber> {
        Some(Nimber(self.nim_sum(p)))
    }

    fn winning_total(&self, p: &Vec<u32>) -> Result<u128, SolveError> {
        Ok(chips::winning_move_count(self.graph, &self.values, p) as u128)
    }

    fn first_winning_moves(
        &self,
        p: &Vec<u32>,
        n: usize,
    ) -> Result<Moves<ChipMove, Vec<u32>>, SolveError> {
        let (a, _) = chips::analyze_first(self.graph, &self.values, p, self.variant, n)
            .map_err(|e| SolveError::Other(e.to_string()))?;
        Ok(a.winning_moves.into_iter().map(|w| (w.mv, w.to)).collect())
    }

    fn explain_position(&self, p: &Vec<u32>) -> Option<String> {
        chips::explain(self.graph, &self.values, p, self.variant).ok()
    }

    /// The graph's size, the Grundy value under each chip, and whether
    /// chips annihilate.
    fn report_extra(&self, p: &Vec<u32>) -> Map<String, Value> {
        let mut extra = Map::new();
        extra.insert("vertices".into(), Value::from(self.graph.vertex_count()));
        extra.insert("edges".into(), Value::from(self.graph.edge_count()));
        let values: Vec<u64> = p.iter().map(|&c| self.values[c as usize]).collect();
        extra.insert("chip_values".into(), Value::from(values));
        let annihilate = self.variant == Variant::Annihilate;
        extra.insert("annihilate".into(), Value::from(annihilate));
        extra
    }

    fn outcome(&self, p: &Vec<u32>) -> Outcome {
        Outcome::from_value(Nimber(self.nim_sum(p)))
    }

    fn explain_choice(&self, before: &Vec<u32>, c: &Choice<ChipMove, Vec<u32>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let _ = writeln!(
            out,
            "Each chip is a game of its own; a vertex's Grundy value is the mex of its successors' values, and the \
             position's value is the XOR of the values under the chips{}.",
            if self.variant == Variant::Annihilate {
                " (two chips that meet and vanish change the XOR by v XOR v = 0, so annihilation changes nothing)"
            } else {
                ""
            }
        );
        let (sb, sa) = (self.nim_sum(before), self.nim_sum(&c.to));
        let vals = |p: &[u32]| {
            p.iter()
                .map(|&v| format!("g({}) = {}", self.graph.name(v), self.values[v as usize]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(out, "Before: {}; XOR {sb}.", vals(before));
        let _ = writeln!(out, "After: {}; XOR {sa}.", vals(&c.to));
        if sb == 0 {
            let _ = writeln!(
                out,
                "The XOR was 0, a P-position: every move changes one chip's value, so no move wins; you now have a \
                 winning move (hint shows it)."
            );
        } else {
            let _ = writeln!(
                out,
                "The XOR was {sb}: the chip moved to a vertex of value {} XOR {sb}, which makes the XOR 0, a \
                 P-position for you.",
                self.values[before[c.mv.chip] as usize]
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "move the chip on the vertex of largest Grundy value to its successor of largest value"
    }
}

impl Draw for ChipsPlay<'_, '_> {
    fn draw(&self, p: &Vec<u32>) -> String {
        let mut out = String::new();
        for (i, &c) in p.iter().enumerate() {
            let succ: Vec<String> = self
                .graph
                .successors(c)
                .iter()
                .take(12)
                .map(|&w| format!("{} (g = {})", self.graph.name(w), self.values[w as usize]))
                .collect();
            let more = self.graph.successors(c).len().saturating_sub(12);
            let _ = writeln!(
                out,
                "  chip {} on {}: Grundy value {}; {}{}",
                i + 1,
                self.graph.name(c),
                self.values[c as usize],
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
        if p.is_empty() {
            let _ = writeln!(out, "  no chip left");
        }
        let s = self.nim_sum(p);
        let o = Outcome::from_value(Nimber(s));
        let _ = writeln!(out, "  nim-sum {s}: {}", o.verdict());
        out
    }

    fn drawing(&self, p: &Vec<u32>) -> Drawing {
        let n = self.graph.vertex_count() as u32;
        Drawing {
            shape: Shape::Graph {
                vertices: (0..n).map(|v| self.graph.name(v).to_string()).collect(),
                edges: (0..n)
                    .flat_map(|v| self.graph.successors(v).iter().map(move |&w| (v, w)))
                    .collect(),
                chips: p.clone(),
            },
            components: p
                .iter()
                .map(|&c| Part {
                    label: format!("chip on {}", self.graph.name(c)),
                    value: Some(self.values[c as usize]),
                })
                .collect(),
            value: Some(self.nim_sum(p)),
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn moves_match_the_library_games() {
        let text = "a b\nb c\na c\nc d\nb d\n";
        let g = Graph::parse(text).unwrap();
        for annihilate in [false, true] {
            let (play, p) = start(&g, &["a", "b"], annihilate, Convention::Normal).unwrap();
            let mut mine: Vec<Vec<u32>> = play
                .moves(&p)
                .into_iter()
                .map(|m| {
                    let mut v = m.1;
                    v.sort_unstable();
                    v
                })
                .collect();
            mine.sort();
            let mut theirs: Vec<Vec<u32>> = if annihilate {
                chips::Annihilating(&g)
                    .options(&p)
                    .into_iter()
                    .map(|o| o[0].clone())
                    .collect()
            } else {
                chips::Dag(&g)
                    .options(&p[0])
                    .into_iter()
                    .map(|o| vec![o[0], p[1]])
                    .chain(
                        chips::Dag(&g)
                            .options(&p[1])
                            .into_iter()
                            .map(|o| vec![p[0], o[0]]),
                    )
                    .map(|mut v| {
                        v.sort_unstable();
                        v
                    })
                    .collect()
            };
            theirs.sort();
            assert_eq!(mine, theirs, "annihilate {annihilate}");
            assert_eq!(play.move_count(&p), mine.len() as u128);
        }
    }
}
