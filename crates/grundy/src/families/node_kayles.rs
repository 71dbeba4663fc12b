//! Node-Kayles as a family: the graph is the variant (`path:8`, `grid:3x4`,
//! `petersen`, or edges `a-b,b-c`), the position the vertices left (all of
//! them when none are named). Values come from the search engine
//! ([`crate::search`]) on demand: a component met once is stored, so play
//! from a solved position is lookups. A move is typed `take b2` (the vertex and,
//! in parentheses, the neighbours that go with it) or as the vertices left
//! after it. Grids are drawn as boards (`o` a vertex left, `.` one taken or
//! gone), other graphs as their vertices with the neighbours still there.
//! Normal play only.
//!
//! Stall rule: take the vertex with the fewest neighbours left (the
//! smallest change to the graph), the first in order among equals.

use std::cell::RefCell;
use std::fmt::{self, Write};

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::text::value_line;
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::node_kayles::{members, Graph, NodeKayles, Set};
use crate::nimber::Nimber;
use crate::search::{available_threads, default_memory, Search, TableFull};
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// Node-Kayles on one graph, its components' values stored as they are
/// found.
#[derive(Debug)]
pub struct NodeKaylesPlay {
    graph: Graph,
    search: RefCell<Search<NodeKayles>>,
}

/// A move: the vertex taken, and the neighbours that go with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeMove {
    /// The vertex taken.
    pub vertex: usize,
    name: String,
    gone: Vec<String>,
}

impl fmt::Display for NodeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.name)?;
        if !self.gone.is_empty() {
            write!(f, " (and {})", self.gone.join(", "))?;
        }
        Ok(())
    }
}

/// The game on the graph `spec`, from the vertices named in `position`
/// (all of them when it is empty), its value found before play starts (so
/// a position too large for the memory is refused up front), with the
/// search table given [`default_memory`].
pub fn start(
    spec: &str,
    position: &str,
    convention: Convention,
) -> Result<(NodeKaylesPlay, Set), Error> {
    start_with_memory(spec, position, convention, default_memory())
}

/// [`start`] with a search table of at most about `memory` bytes.
pub fn start_with_memory(
    spec: &str,
    position: &str,
    convention: Convention,
    memory: usize,
) -> Result<(NodeKaylesPlay, Set), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of node-kayles is not supported; play it in normal play",
        ));
    }
    let graph = Graph::parse(spec).map_err(|e| Error::new(format!("graph: {e}")))?;
    let game = NodeKaylesPlay {
        search: RefCell::new(
            Search::new(NodeKayles::new(graph.clone()), memory).with_threads(available_threads()),
        ),
        graph,
    };
    let p = game.parse_position(position).map_err(Error::new)?;
    game.value_of(p).map_err(|e| Error::new(e.to_string()))?;
    Ok((game, p))
}

impl NodeKaylesPlay {
    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    fn value_of(&self, p: Set) -> Result<u32, TableFull> {
        self.search.borrow_mut().value(&p)
    }

    fn g(&self, p: Set) -> Option<u32> {
        self.value_of(p).ok()
    }

    fn is_zero(&self, p: Set) -> Result<bool, SolveError> {
        self.search
            .borrow_mut()
            .is_zero(&p)
            .map_err(|e| SolveError::Other(e.to_string()))
    }

    fn take(&self, p: Set, v: usize) -> (NodeMove, Set) {
        let gone = members(self.graph.neighbours(v) & p)
            .map(|u| self.graph.name(u).to_string())
            .collect();
        let mv = NodeMove {
            vertex: v,
            name: self.graph.name(v).to_string(),
            gone,
        };
        (mv, self.graph.take(p, v))
    }

    fn names(&self, set: Set) -> Vec<String> {
        members(set)
            .map(|v| self.graph.name(v).to_string())
            .collect()
    }
}

impl Play for NodeKaylesPlay {
    type Position = Set;
    type Move = NodeMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Set) -> u128 {
        p.count_ones() as u128
    }

    fn moves(&self, p: &Set) -> Moves<NodeMove, Set> {
        members(*p).map(|v| self.take(*p, v)).collect()
    }

    fn winning_moves(&self, p: &Set) -> Result<Moves<NodeMove, Set>, SolveError> {
        let mut out = Vec::new();
        if self.is_zero(*p)? {
            return Ok(out);
        }
        for v in members(*p) {
            let (mv, to) = self.take(*p, v);
            if self.is_zero(to)? {
                out.push((mv, to));
            }
        }
        Ok(out)
    }

    fn stall_moves(&self, p: &Set) -> Moves<NodeMove, Set> {
        members(*p)
            .min_by_key(|&v| (self.graph.neighbours(v) & p).count_ones())
            .map(|v| vec![self.take(*p, v)])
            .unwrap_or_default()
    }

    fn size(&self, p: &Set) -> usize {
        p.count_ones() as usize
    }
}

impl Notation for NodeKaylesPlay {
    fn name(&self) -> String {
        format!("node-kayles:{}", self.graph.spec())
    }

    fn position_json(&self, p: &Set) -> Value {
        Value::from(self.names(*p))
    }

    fn position_text(&self, p: &Set) -> String {
        match *p {
            0 => "none".to_string(),
            p => self.names(p).join(" "),
        }
    }

    /// The vertices left, by name (separated by spaces or commas, or as a
    /// JSON list); empty or `all` for every vertex, `none` for no vertex.
    fn parse_position(&self, text: &str) -> Result<Set, String> {
        // The JSON form: a list of names (numbers for numbered vertices).
        let listed: Vec<String>;
        let text = match serde_json::from_str::<Vec<Value>>(text.trim()) {
            Ok(items) if items.is_empty() => return Ok(0),
            Ok(items) => {
                listed = items
                    .iter()
                    .map(|v| match v {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .collect();
                listed.join(" ")
            }
            Err(_) => text.to_string(),
        };
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        match words[..] {
            [] | ["all"] => return Ok(self.graph.all()),
            ["none"] => return Ok(0),
            _ => {}
        }
        let mut set: Set = 0;
        for w in words {
            let v = self.graph.vertex(w).ok_or_else(|| {
                format!(
                    "'{w}' is no vertex of the graph (its vertices: {})",
                    short_list(&self.names(self.graph.all()))
                )
            })?;
            set |= 1 << v;
        }
        Ok(set)
    }
}

fn short_list(names: &[String]) -> String {
    match names.len() {
        n if n > 12 => format!("{} ... {}", names[..10].join(" "), names[n - 1]),
        _ => names.join(" "),
    }
}

impl Analyse for NodeKaylesPlay {
    fn value(&self, p: &Set) -> Option<Nimber> {
        self.g(*p).map(|v| Nimber(v as u64))
    }

    fn outcome(&self, p: &Set) -> Outcome {
        match self.is_zero(*p) {
            Ok(true) => Outcome::P,
            _ => Outcome::N,
        }
    }

    fn explain_choice(&self, before: &Set, c: &Choice<NodeMove, Set>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let parts = self.graph.components(*before);
        let _ = writeln!(
            out,
            "A move takes a vertex with its neighbours, so the graph falls into parts played \
             side by side: the value is the nim-sum of the parts' values."
        );
        for part in &parts {
            let v = self.g(*part).unwrap_or(0);
            let _ = writeln!(out, "  {} : value {v}", short_list(&self.names(*part)));
        }
        if c.wins {
            let _ = writeln!(
                out,
                "It left value 0, a P-position: whatever you take, the computer can bring it back to 0."
            );
        } else {
            let _ = writeln!(
                out,
                "The position had value 0: no move wins, so the computer took the vertex with the \
                 fewest neighbours left."
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "take the vertex with the fewest neighbours left"
    }
}

impl Draw for NodeKaylesPlay {
    fn draw(&self, p: &Set) -> String {
        let mut out = String::new();
        match self.graph.grid() {
            Some((rows, cols)) => {
                for r in 0..rows {
                    let row: String = (0..cols)
                        .map(|c| {
                            if p >> (r * cols + c) & 1 == 1 {
                                'o'
                            } else {
                                '.'
                            }
                        })
                        .collect();
                    let _ = writeln!(out, "  {} {row}", (b'a' + r as u8) as char);
                }
            }
            None => {
                for v in members(*p) {
                    let near = self.names(self.graph.neighbours(v) & p);
                    let _ = writeln!(out, "  {}: {}", self.graph.name(v), near.join(" "));
                }
                if *p == 0 {
                    out.push_str("  (no vertex left)\n");
                }
            }
        }
        let value = self.g(*p).map(u64::from);
        out.push_str(&value_line(value, self.outcome(p), "a P-position"));
        out
    }

    fn drawing(&self, p: &Set) -> Drawing {
        let shape = match self.graph.grid() {
            Some((rows, cols)) => Shape::Board {
                rows: (0..rows)
                    .map(|r| {
                        (0..cols)
                            .map(|c| {
                                if p >> (r * cols + c) & 1 == 1 {
                                    'o'
                                } else {
                                    '.'
                                }
                            })
                            .collect()
                    })
                    .collect(),
            },
            None => Shape::Graph {
                vertices: self.names(self.graph.all()),
                edges: self
                    .graph
                    .edges()
                    .into_iter()
                    .map(|(u, v)| (u as u32, v as u32))
                    .collect(),
                chips: members(*p).map(|v| v as u32).collect(),
            },
        };
        let components = self
            .graph
            .components(*p)
            .into_iter()
            .map(|part| Part {
                label: short_list(&self.names(part)),
                value: self.g(part).map(u64::from),
            })
            .collect();
        let value = self.g(*p).map(u64::from);
        Drawing {
            shape,
            components,
            value,
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::conformance::check;

    #[test]
    fn conforms_on_small_graphs() {
        for spec in [
            "path:7",
            "cycle:6",
            "grid:2x3",
            "petersen",
            "star:4",
            "a b;b c;c a;c d",
        ] {
            let (g, all) = start(spec, "", Convention::Normal).unwrap();
            let mut p = all;
            // Every position along a game of stalling moves.
            loop {
                check(&g, &p).unwrap();
                match g.stall_moves(&p).pop() {
                    Some((_, to)) => p = to,
                    None => break,
                }
            }
        }
    }

    #[test]
    fn moves_read_and_write() {
        let (g, p) = start("grid:3x3", "", Convention::Normal).unwrap();
        assert_eq!(g.position_text(&p), "a1 a2 a3 b1 b2 b3 c1 c2 c3");
        let moves = g.moves(&p);
        assert_eq!(moves[4].0.to_string(), "take b2 (and a2, b1, b3, c2)");
        assert_eq!(g.position_text(&moves[4].1), "a1 a3 c1 c3");
        assert_eq!(g.parse_position("a1, c3").unwrap(), 1 | 1 << 8);
        assert_eq!(g.parse_position("none").unwrap(), 0);
        assert!(g.parse_position("d4").unwrap_err().contains("no vertex"));
        assert!(g.draw(&moves[4].1).contains("  b ..."));
        assert!(start("grid:3x3", "", Convention::Misere).is_err());
        assert!(start("path:x", "", Convention::Normal)
            .unwrap_err()
            .0
            .starts_with("graph:"));
    }
}
