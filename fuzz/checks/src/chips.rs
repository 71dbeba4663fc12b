//! Graph files of the chips game.

use std::collections::BTreeSet;

use grundy::games::chips::{self, Graph, GraphError, Variant};
use grundy::nimber::Nimber;

use crate::{one_line, text};

/// A graph file (`chips::Graph::parse`: one edge `u v` a line, a lone name
/// declares a vertex, a `#` starting a word starts a comment).
///
/// Asserts: a refusal is one line; every vertex is found by its name, which
/// holds no whitespace and does not start with `#`; successor lists are sorted without repeats;
/// the graph written back as a file parses to the same vertices and edges;
/// an unknown vertex name is refused in one line;
/// the Grundy values are the mex of the successors' values, or a cycle is
/// reported whose every step is an edge; chips on the first vertices are
/// analysed in both variants, each winning move following an edge to a
/// position of value 0.
pub fn chips_graph(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let graph = match Graph::parse(input) {
        Err(e) => return one_line("graph", &e.to_string()),
        Ok(g) => g,
    };
    let n = graph.vertex_count() as u32;
    let mut edges = BTreeSet::new();
    let mut file = String::new();
    for v in 0..n {
        let name = graph.name(v);
        assert!(!name.is_empty());
        assert!(
            !name.contains(|c: char| c.is_ascii_whitespace()) && !name.starts_with('#'),
            "{name:?}"
        );
        assert_eq!(graph.vertex(name), Some(v), "{name:?}");
        let succ = graph.successors(v);
        assert!(succ.windows(2).all(|w| w[0] < w[1]), "{name}: {succ:?}");
        file.push_str(name);
        file.push('\n');
        for &w in succ {
            assert!(w < n);
            edges.insert((name, graph.name(w)));
            file.push_str(&format!("{name} {}\n", graph.name(w)));
        }
    }
    assert_eq!(graph.edge_count(), edges.len());
    let again = Graph::parse(&file).expect("a graph written back parses");
    assert_eq!(again.vertex_count(), graph.vertex_count());
    for v in 0..again.vertex_count() as u32 {
        assert!(graph.vertex(again.name(v)).is_some());
        for &w in again.successors(v) {
            assert!(edges.contains(&(again.name(v), again.name(w))));
        }
    }
    assert_eq!(again.edge_count(), edges.len());

    // Chips are put on vertices by name: a name not in the graph (here
    // the whole text, or its first line) is refused in one line.
    let first = input.lines().next().unwrap_or_default();
    for name in [input, first] {
        match graph.vertices(&[name]) {
            Ok(found) => assert_eq!(graph.name(found[0]), name),
            Err(e) => {
                one_line("chip", &e.to_string());
                assert!(matches!(e, GraphError::UnknownVertex(_)), "{e:?}");
            }
        }
    }

    let values = match graph.grundy_values() {
        Err(e) => {
            one_line("graph values", &e.to_string());
            let GraphError::Cycle(cycle) = e else {
                panic!("the values refused with {e:?}");
            };
            assert!(!cycle.is_empty());
            for (i, from) in cycle.iter().enumerate() {
                let to = &cycle[(i + 1) % cycle.len()];
                assert!(
                    edges.contains(&(from.as_str(), to.as_str())),
                    "{from} -> {to} is not an edge"
                );
            }
            return;
        }
        Ok(values) => values,
    };
    assert_eq!(values.len(), n as usize);
    for v in 0..n {
        let seen: BTreeSet<u64> = graph
            .successors(v)
            .iter()
            .map(|&w| values[w as usize])
            .collect();
        let mex = (0..).find(|g| !seen.contains(g)).expect("a mex");
        assert_eq!(values[v as usize], mex, "{}", graph.name(v));
    }
    let chips: Vec<u32> = (0..n.min(4)).collect();
    let s = chips.iter().fold(0, |a, &c| a ^ values[c as usize]);
    for variant in [Variant::Coexist, Variant::Annihilate] {
        let a = chips::analyze(&graph, &values, &chips, variant).expect("distinct chips");
        assert_eq!(a.value, Some(Nimber(s)));
        assert_eq!(
            a.winning_moves.len() as u64,
            chips::winning_move_count(&graph, &values, &chips)
        );
        for w in &a.winning_moves {
            let (from, to) = (w.mv.from.as_str(), w.mv.to.as_str());
            assert!(edges.contains(&(from, to)), "{}", w.mv);
            let after = w.to.iter().fold(0, |a, &c| a ^ values[c as usize]);
            assert_eq!(after, 0, "{}", w.mv);
        }
    }
    // The same vertex twice refuses the annihilating variant, in one line.
    if n >= 1 {
        match chips::analyze(&graph, &values, &[0, 0], Variant::Annihilate) {
            Err(e) => one_line("chips", &e.to_string()),
            Ok(_) => panic!("two chips on one vertex accepted where chips annihilate"),
        }
    }
}
