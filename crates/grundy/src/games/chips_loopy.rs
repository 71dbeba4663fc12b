//! Chips on a graph with cycles: each chip's vertex has Smith's value (a
//! nimber or ∞(K)), the position is their sum, and a draw is possible.
//!
//! On a graph with a cycle a chip may move for ever, so Grundy values give
//! way to Smith's generalized values ([`crate::loopy`]). The chips still move
//! independently, so the position is the sum of its chips: nim-sum of the
//! finite values, ∞(K ⊕ n) with one chip on an infinite vertex, and a draw
//! with two or more. Only chips that coexist are played here: chips that
//! annihilate do not make a sum once values can be infinite (two chips on
//! one ∞ vertex are a draw apart and nothing together).
//!
//! ```
//! use grundy::games::chips::Graph;
//! use grundy::games::chips_loopy::LoopyChips;
//! use grundy::loopy::LoopyOutcome;
//! let g = Graph::parse("a b\nb a\nb c\nc d\n").unwrap();
//! let lc = LoopyChips::new(&g);
//! let chips = g.vertices(&["a"]).unwrap();
//! assert_eq!(lc.sum_value(&chips).to_string(), "∞(∅)");
//! assert_eq!(lc.sum_value(&chips).outcome(), LoopyOutcome::D);
//! ```

use std::fmt::Write;

use serde_json::Value;

use super::chips::{ChipMove, Graph};
use crate::loopy::{
    best_winning_move, draw_keeping_moves, solve, sum_value, winning_moves, Digraph, LoopyOutcome,
    LoopyReport, LoopyValue, Solution, SumMove,
};

/// A graph solved with Smith's values.
pub struct LoopyChips<'g, 'a> {
    graph: &'g Graph<'a>,
    digraph: Digraph,
    solution: Solution,
}

impl<'g, 'a> LoopyChips<'g, 'a> {
    /// Solves `graph` (cycles allowed) in O((γmax + 2)(|V| + |E|)).
    pub fn new(graph: &'g Graph<'a>) -> LoopyChips<'g, 'a> {
        let n = graph.vertex_count();
        let edges: Vec<(u32, u32)> = (0..n as u32)
            .flat_map(|v| graph.successors(v).iter().map(move |&w| (v, w)))
            .collect();
        let digraph = Digraph::from_edges(n, edges.iter().copied());
        let solution = solve(&digraph);
        LoopyChips {
            graph,
            digraph,
            solution,
        }
    }

    /// The graph.
    pub fn graph(&self) -> &'g Graph<'a> {
        self.graph
    }

    /// The solved digraph of the graph's moves.
    pub fn digraph(&self) -> &Digraph {
        &self.digraph
    }

    /// Smith's values of the graph's vertices.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The value of a chip on `v`.
    pub fn value(&self, v: u32) -> LoopyValue {
        self.solution.value(&self.digraph, v)
    }

    /// The value of the chips together.
    pub fn sum_value(&self, chips: &[u32]) -> LoopyValue {
        sum_value(&self.digraph, &self.solution, chips)
    }

    /// A [`SumMove`] as a chip move and the chips after it.
    pub fn slide(&self, chips: &[u32], m: SumMove) -> (ChipMove, Vec<u32>) {
        let mut to = chips.to_vec();
        to[m.component] = m.to;
        (
            ChipMove {
                chip: m.component,
                from: self.graph.name(chips[m.component]).to_string(),
                to: self.graph.name(m.to).to_string(),
                annihilates: false,
            },
            to,
        )
    }

    /// The winning moves that make progress (see [`crate::loopy::strategy`]).
    pub fn winning_moves(&self, chips: &[u32]) -> Vec<(ChipMove, Vec<u32>)> {
        winning_moves(&self.digraph, &self.solution, chips)
            .into_iter()
            .map(|m| self.slide(chips, m))
            .collect()
    }

    /// The computer's winning move: it ends the game, never cycling.
    pub fn best_winning_move(&self, chips: &[u32]) -> Option<(ChipMove, Vec<u32>)> {
        best_winning_move(&self.digraph, &self.solution, chips).map(|m| self.slide(chips, m))
    }

    /// The moves that keep a drawn position drawn.
    pub fn draw_keeping_moves(&self, chips: &[u32]) -> Vec<(ChipMove, Vec<u32>)> {
        draw_keeping_moves(&self.digraph, &self.solution, chips)
            .into_iter()
            .map(|m| self.slide(chips, m))
            .collect()
    }

    /// The analysis of `chips` as every front-end prints it, with the
    /// fields `vertices`, `edges` and `chip_values` (each a number or
    /// `{"infinity": [..]}`), and the explanation when asked.
    pub fn report(&self, chips: &[u32], explain: bool) -> LoopyReport {
        let show = |c: &Vec<u32>| {
            let names: Vec<&str> = c.iter().map(|&v| self.graph.name(v)).collect();
            let text = if names.is_empty() {
                "(no chips)".to_string()
            } else {
                names.join(" ")
            };
            (Value::from(names), text)
        };
        let words = |v: Vec<SumMove>| {
            let total = v.len();
            let first = v
                .into_iter()
                .take(LoopyReport::shown(total, chips.len()))
                .map(|m| {
                    let (mv, p) = self.slide(chips, m);
                    (mv.to_string(), p)
                })
                .collect();
            (first, total)
        };
        let mut r = LoopyReport::new(
            "chips",
            &chips.to_vec(),
            self.sum_value(chips),
            words(winning_moves(&self.digraph, &self.solution, chips)),
            words(draw_keeping_moves(&self.digraph, &self.solution, chips)),
            show,
        );
        r.extra
            .insert("vertices".into(), Value::from(self.graph.vertex_count()));
        r.extra
            .insert("edges".into(), Value::from(self.graph.edge_count()));
        r.extra.insert(
            "chip_values".into(),
            serde_json::to_value(chips.iter().map(|&c| self.value(c)).collect::<Vec<_>>())
                .unwrap_or(Value::Null),
        );
        if explain {
            r.explanation = Some(self.explain(chips));
        }
        r
    }

    /// Why the position has its value, in words: each chip's value (with
    /// its escape set when infinite), the sum rule, and the reason for the
    /// first winning or draw-keeping move.
    pub fn explain(&self, chips: &[u32]) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "The graph has {} vertices and {} edges and a cycle, so a chip may move for ever. Each vertex gets Smith's \
             value: in round m = 0, 1, 2, ... a vertex gets m when its successors carry every value below m but not m, \
             and every other successor has a successor of value m (a move there can be reversed). {} vertices got a \
             finite value; the other {} are infinite, written ∞(K) with K the finite values among their successors: \
             from there the player to move can keep the game going, or escape to a value in K.",
            self.graph.vertex_count(),
            self.graph.edge_count(),
            self.solution.finite_count(),
            self.graph.vertex_count() - self.solution.finite_count()
        );
        let _ = writeln!(
            out,
            "Chips move independently, so the position is their sum: finite values add by XOR, ∞(K) + n = ∞(K XOR n), \
             and two infinite chips make a draw (while an infinite chip is left no move reaches a P-position, and neither player need make the last infinite chip finite)."
        );
        if chips.len() <= 64 {
            for &c in chips {
                let _ = writeln!(out, "  chip on {}: {}", self.graph.name(c), self.value(c));
            }
        } else {
            let _ = writeln!(out, "  ({} chips, not listed)", chips.len());
        }
        let v = self.sum_value(chips);
        let _ = write!(out, "The sum is {v}: ");
        match (&v, v.outcome()) {
            (LoopyValue::Finite(0), _) => {
                let _ = writeln!(
                    out,
                    "a P-position. Every move either lowers one chip's value (answered as in Nim) or raises it or makes \
                     it infinite, and then the opponent moves it back to its old value, nearer the end than before."
                );
            }
            (LoopyValue::Finite(s), _) => {
                let _ = writeln!(out, "an N-position: a chip moves to a vertex of smaller value v XOR {s}, as in Nim.");
            }
            (LoopyValue::Infinite(k), LoopyOutcome::N) => {
                let _ = writeln!(
                    out,
                    "an N-position, since 0 is in {{{}}}: the infinite chip escapes to a finite vertex whose value \
                     equals the XOR of the other chips, which leaves a P-position.",
                    list(k)
                );
            }
            (LoopyValue::Infinite(k), _) => {
                let _ = writeln!(
                    out,
                    "a draw{}: no move leaves a P-position, but the player to move can always keep the game going \
                     without handing the opponent a win (the moves that keep the draw are listed).",
                    if k.is_empty() && chips.iter().filter(|&&c| self.solution.finite(c).is_none()).count() > 1 {
                        String::from(" (two infinite chips)")
                    } else {
                        format!(", since 0 is not in {{{}}}", list(k))
                    }
                );
            }
        }
        if let Some((m, _)) = self.best_winning_move(chips) {
            let _ = writeln!(
                out,
                "The computer would play: {m} (value {} to {}), which leaves a P-position and brings the game nearer its end.",
                self.value(self.graph.vertex(&m.from).unwrap_or(0)),
                self.value(self.graph.vertex(&m.to).unwrap_or(0))
            );
        }
        out
    }
}

fn list(k: &[u64]) -> String {
    k.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_with_an_exit_has_infinite_values_and_draws() {
        // a <-> b, b -> c -> d: a is ∞(∅), b is ∞(1), c is 1, d is 0.
        let g = Graph::parse("a b\nb a\nb c\nc d\n").unwrap();
        let lc = LoopyChips::new(&g);
        let v = |n: &str| lc.value(g.vertex(n).unwrap()).to_string();
        assert_eq!(
            (v("a"), v("b"), v("c"), v("d")),
            ("∞(∅)".into(), "∞(1)".into(), "1".into(), "0".into())
        );
        // b + c = ∞(1) + 1 = ∞(0): move the chip on b to c.
        let chips = g.vertices(&["b", "c"]).unwrap();
        let r = lc.report(&chips, true);
        assert_eq!(r.outcome, LoopyOutcome::N);
        assert_eq!(r.winning_moves[0].words, "move the chip on b to c");
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["value"], serde_json::json!({"infinity": [0]}));
        assert_eq!(
            json["chip_values"],
            serde_json::json!([{"infinity": [1]}, 1])
        );
        // a alone draws; the only move keeps it.
        let chips = g.vertices(&["a"]).unwrap();
        let r = lc.report(&chips, false);
        assert_eq!(serde_json::to_value(&r).unwrap()["outcome"], "D");
        assert_eq!(r.draw_keeping_moves.len(), 1);
        assert!(
            r.to_text().contains("Move that keeps the draw:"),
            "{}",
            r.to_text()
        );
        // Two infinite chips draw.
        let chips = g.vertices(&["a", "b"]).unwrap();
        assert_eq!(lc.sum_value(&chips), LoopyValue::infinite([]));
        assert!(lc.explain(&chips).contains("two infinite chips"));
    }

    #[test]
    fn acyclic_graphs_keep_their_grundy_values() {
        let g = Graph::parse("a b\nb c\na c\nc d\nb d\ne a\n").unwrap();
        let values = g.grundy_values().unwrap();
        let lc = LoopyChips::new(&g);
        for v in 0..g.vertex_count() as u32 {
            assert_eq!(lc.value(v), LoopyValue::Finite(values[v as usize]));
        }
    }
}
