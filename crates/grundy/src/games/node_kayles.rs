//! Node-Kayles: a move takes a vertex of a graph, which leaves the graph
//! with all its neighbours; who cannot move loses (Schaefer 1978, where it
//! is shown PSPACE-complete on general graphs). On a path of `n` vertices
//! it is Dawson's chess (octal 0.137 on a heap of `n`); on a 2 x n ladder
//! the values alternate 1, 0; on 3 x n grids they are OEIS A316632.
//!
//! A position is the set of vertices left, a bit set of at most
//! [`MAX_VERTICES`]. Its value is the nim-sum of the values of its connected
//! components (a move in one never touches another), and each component's
//! value, worked out by the mex recursion over its vertices, is memoised by
//! its vertex set, so that a component met again in any position costs a
//! lookup.
//!
//! ```
//! use grundy::games::node_kayles::{Graph, Solver};
//! let path = Graph::parse("path:8").unwrap();
//! let mut s = Solver::new(1 << 20);
//! assert_eq!(s.value(&path, path.all()), Ok(0)); // 0.137 at heap 8
//! let grid = Graph::parse("grid:3x4").unwrap();
//! assert_eq!(s.value(&grid, grid.all()), Ok(0)); // A316632(4)
//! ```

use std::collections::HashMap;

/// The most vertices of a graph.
pub const MAX_VERTICES: usize = 128;

/// A set of vertices.
pub type Set = u128;

/// An undirected graph of at most [`MAX_VERTICES`] named vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The description, as [`Graph::parse`] reads it back (edges as
    /// `u-v,...`, with no space).
    spec: String,
    names: Vec<String>,
    adjacent: Vec<Set>,
    /// Rows and columns, for a grid (vertex `r * cols + c`).
    grid: Option<(usize, usize)>,
}

impl Graph {
    /// A graph from its description: `path:N`, `cycle:N`, `grid:RxC`,
    /// `complete:N`, `star:N` (a centre and `N` leaves), `petersen`, or its
    /// edges `u-v` separated by commas (or `u v` separated by `;` or new
    /// lines; a lone name is a vertex with no edge).
    pub fn parse(text: &str) -> Result<Graph, String> {
        let mut g = Graph::read(text)?;
        g.spec = match text.trim().split_once(':') {
            Some((kind, size)) if g.spec.is_empty() => {
                format!("{}:{}", kind.trim(), size.trim().replace('X', "x"))
            }
            None if g.spec.is_empty() => text.trim().to_string(),
            _ => g.spec,
        };
        Ok(g)
    }

    /// The description, as [`Graph::parse`] reads it back.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    fn read(text: &str) -> Result<Graph, String> {
        let text = text.trim();
        let (kind, size) = text.split_once(':').unwrap_or((text, ""));
        let number = |what: &str, least: usize| -> Result<usize, String> {
            let n: usize = size.trim().parse().map_err(|_| {
                format!("{kind}:{size}: the number of {what} is not a whole number")
            })?;
            match n {
                n if n < least => Err(format!("{kind}:{n}: give at least {least} {what}")),
                n if n > MAX_VERTICES => Err(format!(
                    "{kind}:{n}: at most {MAX_VERTICES} vertices in all"
                )),
                n => Ok(n),
            }
        };
        match kind.trim() {
            "path" => Ok(Graph::numbered(number("vertices", 1)?, |n, i| {
                (i + 1 < n).then_some(i + 1)
            })),
            "cycle" => Ok(Graph::numbered(number("vertices", 3)?, |n, i| {
                Some((i + 1) % n)
            })),
            "complete" => {
                let n = number("vertices", 1)?;
                let mut g = Graph::numbered(n, |_, _| None);
                for i in 0..n {
                    g.adjacent[i] = low(n) & !(1 << i);
                }
                Ok(g)
            }
            "star" => {
                let leaves = number("leaves", 1)?;
                if leaves + 1 > MAX_VERTICES {
                    return Err(format!(
                        "star:{leaves}: at most {MAX_VERTICES} vertices in all"
                    ));
                }
                let mut g = Graph::numbered(leaves + 1, |_, _| None);
                for leaf in 1..=leaves {
                    g.join(0, leaf);
                }
                Ok(g)
            }
            "grid" => {
                let (r, c) = size
                    .trim()
                    .split_once(['x', 'X'])
                    .ok_or_else(|| format!("grid:{size}: write the grid as RxC, e.g. grid:3x4"))?;
                let dim = |t: &str| -> Result<usize, String> {
                    t.trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|&d| d >= 1)
                        .ok_or_else(|| format!("grid:{size}: '{t}' is not a whole number from 1"))
                };
                let (rows, cols) = (dim(r)?, dim(c)?);
                if rows > 26 || rows.saturating_mul(cols) > MAX_VERTICES {
                    return Err(format!(
                        "grid:{size}: at most 26 rows and {MAX_VERTICES} vertices in all"
                    ));
                }
                let mut g = Graph {
                    spec: String::new(),
                    names: (0..rows * cols)
                        .map(|v| format!("{}{}", (b'a' + (v / cols) as u8) as char, v % cols + 1))
                        .collect(),
                    adjacent: vec![0; rows * cols],
                    grid: Some((rows, cols)),
                };
                for v in 0..rows * cols {
                    if v % cols + 1 < cols {
                        g.join(v, v + 1);
                    }
                    if v + cols < rows * cols {
                        g.join(v, v + cols);
                    }
                }
                Ok(g)
            }
            "petersen" if size.is_empty() => {
                let mut g = Graph {
                    spec: String::new(),
                    names: (0..10).map(|v| v.to_string()).collect(),
                    adjacent: vec![0; 10],
                    grid: None,
                };
                for i in 0..5 {
                    g.join(i, (i + 1) % 5);
                    g.join(i, i + 5);
                    g.join(i + 5, (i + 2) % 5 + 5);
                }
                Ok(g)
            }
            _ => Graph::from_edges(text),
        }
    }

    /// Vertices `1..=n` joined by `next(n, i)` (0-based).
    fn numbered(n: usize, next: impl Fn(usize, usize) -> Option<usize>) -> Graph {
        let mut g = Graph {
            spec: String::new(),
            names: (1..=n).map(|v| v.to_string()).collect(),
            adjacent: vec![0; n],
            grid: None,
        };
        for i in 0..n {
            if let Some(j) = next(n, i) {
                g.join(i, j);
            }
        }
        g
    }

    fn from_edges(text: &str) -> Result<Graph, String> {
        let mut g = Graph {
            spec: String::new(),
            names: Vec::new(),
            adjacent: Vec::new(),
            grid: None,
        };
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut vertex = |g: &mut Graph, name: &str| -> Result<usize, String> {
            if let Some(&v) = index.get(name) {
                return Ok(v);
            }
            if g.names.len() == MAX_VERTICES {
                return Err(format!("the graph has more than {MAX_VERTICES} vertices"));
            }
            if !name
                .chars()
                .all(|c| c.is_alphanumeric() || "_.'".contains(c))
            {
                return Err(format!("vertex '{name}': use letters, digits and _ . '"));
            }
            g.names.push(name.to_string());
            g.adjacent.push(0);
            index.insert(name.to_string(), g.names.len() - 1);
            Ok(g.names.len() - 1)
        };
        for (k, line) in text.split([';', '\n', ',']).enumerate() {
            let line = line.trim();
            let words: Vec<&str> = match line.split_whitespace().count() {
                1 => line.splitn(2, '-').collect(),
                _ => line.split_whitespace().collect(),
            };
            match words[..] {
                [] => {}
                [v] => {
                    vertex(&mut g, v)?;
                }
                [u, v] if u == v => return Err(format!("edge {}: '{u}-{v}' is a loop", k + 1)),
                [u, v] => {
                    let (u, v) = (vertex(&mut g, u)?, vertex(&mut g, v)?);
                    g.join(u, v);
                }
                _ => {
                    return Err(format!(
                        "edge {}: '{}' is not u-v (a name like path:8, grid:3x4, cycle:9, petersen, or edges u-v separated by commas)",
                        k + 1,
                        line
                    ))
                }
            }
        }
        if g.names.is_empty() {
            return Err("the graph has no vertex".to_string());
        }
        let mut items: Vec<String> = g
            .edges()
            .into_iter()
            .map(|(u, v)| format!("{}-{}", g.names[u], g.names[v]))
            .collect();
        items.extend(
            (0..g.len())
                .filter(|&v| g.adjacent[v] == 0)
                .map(|v| g.names[v].clone()),
        );
        g.spec = items.join(",");
        Ok(g)
    }

    fn join(&mut self, u: usize, v: usize) {
        self.adjacent[u] |= 1 << v;
        self.adjacent[v] |= 1 << u;
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex (never: a parsed graph has one).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every vertex.
    pub fn all(&self) -> Set {
        low(self.len())
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: usize) -> Set {
        self.adjacent[v]
    }

    /// Rows and columns, for a grid.
    pub fn grid(&self) -> Option<(usize, usize)> {
        self.grid
    }

    /// What taking `v` from `set` leaves.
    pub fn take(&self, set: Set, v: usize) -> Set {
        set & !(self.adjacent[v] | 1 << v)
    }

    /// The connected components of `set`.
    pub fn components(&self, set: Set) -> Vec<Set> {
        let mut left = set;
        let mut out = Vec::new();
        while left != 0 {
            let mut part: Set = left & left.wrapping_neg();
            let mut edge = part;
            while edge != 0 {
                let v = edge.trailing_zeros() as usize;
                edge &= edge - 1;
                let new = self.adjacent[v] & left & !part;
                part |= new;
                edge |= new;
            }
            left &= !part;
            out.push(part);
        }
        out
    }

    /// The edges, each once, as pairs of vertices.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.len())
            .flat_map(|u| members(self.adjacent[u] & !low(u + 1)).map(move |v| (u, v)))
            .collect()
    }
}

/// The set `0..n`.
fn low(n: usize) -> Set {
    match n {
        MAX_VERTICES => Set::MAX,
        n => (1 << n) - 1,
    }
}

/// The vertices of `set`, in order.
pub fn members(set: Set) -> impl Iterator<Item = usize> {
    let mut left = set;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            v
        })
    })
}

/// The values of connected components met so far, within a budget of
/// components.
#[derive(Clone, Debug)]
pub struct Solver {
    memo: HashMap<Set, u32>,
    limit: usize,
}

impl Solver {
    /// A solver that keeps at most `limit` components (about 40 bytes each).
    pub fn new(limit: usize) -> Solver {
        Solver {
            memo: HashMap::new(),
            limit,
        }
    }

    /// How many components are memoised.
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// The value of `set` in `graph`, or the error past the budget.
    pub fn value(&mut self, graph: &Graph, set: Set) -> Result<u32, String> {
        graph
            .components(set)
            .into_iter()
            .try_fold(0, |v, part| Ok(v ^ self.component(graph, part)?))
    }

    /// The value of `set` when every component of it is memoised (as each
    /// one reachable from a position whose value was worked out is).
    pub fn known_value(&self, graph: &Graph, set: Set) -> Option<u32> {
        graph
            .components(set)
            .into_iter()
            .try_fold(0, |v, part| Some(v ^ self.memo.get(&part)?))
    }

    fn component(&mut self, graph: &Graph, part: Set) -> Result<u32, String> {
        if let Some(&v) = self.memo.get(&part) {
            return Ok(v);
        }
        // A vertex alone, or a clique: every move ends the component.
        let n = part.count_ones();
        let clique = members(part).all(|v| graph.adjacent[v] & part == part & !(1 << v));
        let value = if clique {
            u32::from(n > 0)
        } else {
            let mut seen = Vec::new();
            for v in members(part) {
                seen.push(self.value(graph, graph.take(part, v))?);
            }
            crate::nimber::mex(seen.iter().map(|&v| v as u64)) as u32
        };
        if self.memo.len() >= self.limit {
            return Err(format!(
                "more than {} components of the graph met: the position is too large to solve",
                self.limit
            ));
        }
        self.memo.insert(part, value);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::rule::HeapRule;
    use crate::heap::sequence::{compute, Options};
    use proptest::prelude::*;

    /// The mex recursion over whole sets, no components.
    fn plain(graph: &Graph, set: Set, memo: &mut HashMap<Set, u32>) -> u32 {
        if let Some(&v) = memo.get(&set) {
            return v;
        }
        let seen: Vec<u64> = members(set)
            .map(|v| plain(graph, graph.take(set, v), memo) as u64)
            .collect();
        let v = crate::nimber::mex(seen) as u32;
        memo.insert(set, v);
        v
    }

    #[test]
    fn paths_are_dawsons_chess() {
        let rule: HeapRule = "0.137".parse().unwrap();
        let dawson = compute(&rule, 60, &Options::default()).unwrap();
        let mut s = Solver::new(1 << 20);
        for (n, &want) in dawson.iter().enumerate().skip(1) {
            let g = Graph::parse(&format!("path:{n}")).unwrap();
            assert_eq!(s.value(&g, g.all()).unwrap(), want, "path:{n}");
        }
    }

    #[test]
    fn grids_are_the_published_values() {
        // OEIS A316632: 3 x n grids, n = 1..12; ladders alternate; 4 x n is 0.
        let a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5];
        for (k, &want) in a316632.iter().enumerate() {
            let g = Graph::parse(&format!("grid:3x{}", k + 1)).unwrap();
            let mut s = Solver::new(1 << 22);
            assert_eq!(s.value(&g, g.all()).unwrap(), want, "3x{}", k + 1);
        }
        for n in 1..=12 {
            let g = Graph::parse(&format!("grid:2x{n}")).unwrap();
            assert_eq!(
                Solver::new(1 << 22).value(&g, g.all()).unwrap(),
                n as u32 % 2
            );
        }
        for n in 1..=6 {
            let g = Graph::parse(&format!("grid:4x{n}")).unwrap();
            assert_eq!(Solver::new(1 << 22).value(&g, g.all()).unwrap(), 0);
        }
    }

    #[test]
    fn named_graphs_and_mistakes() {
        let p = Graph::parse("petersen").unwrap();
        assert_eq!((p.len(), p.edges().len()), (10, 15));
        assert!(members(p.all()).all(|v| p.neighbours(v).count_ones() == 3));
        let s = Graph::parse("star:5").unwrap();
        assert_eq!(Solver::new(100).value(&s, s.all()), Ok(1));
        let k = Graph::parse("complete:128").unwrap();
        assert_eq!(Solver::new(100).value(&k, k.all()), Ok(1));
        let g = Graph::parse("a b;b c\nd").unwrap();
        assert_eq!((g.len(), g.components(g.all()).len()), (4, 2));
        assert_eq!(g.spec(), "a-b,b-c,d");
        assert_eq!(Graph::parse(g.spec()).unwrap(), g);
        assert_eq!(Graph::parse(" grid:3X4 ").unwrap().spec(), "grid:3x4");
        for bad in [
            "path:0",
            "path:129",
            "grid:3",
            "grid:27x1",
            "grid:12x12",
            "cycle:2",
            "a b c",
            "a a",
            "a-a",
            "a-b-c",
            "",
            "a$ b",
        ] {
            assert!(Graph::parse(bad).is_err(), "{bad}");
        }
        let big = Graph::parse("grid:8x16").unwrap();
        assert!(Solver::new(1000).value(&big, big.all()).is_err());
    }

    fn graphs() -> impl Strategy<Value = Graph> {
        (1usize..11).prop_flat_map(|n| {
            proptest::collection::vec((0..n, 0..n), 0..2 * n).prop_map(move |edges| {
                let mut text: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
                text.extend(
                    edges
                        .iter()
                        .filter(|(u, v)| u != v)
                        .map(|(u, v)| format!("v{u} v{v}")),
                );
                Graph::parse(&text.join(";")).unwrap()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Components and cliques change nothing: every position of a
        /// random graph has the value of the plain recursion.
        #[test]
        fn values_are_the_mex_recursion(g in graphs(), mask in any::<u128>()) {
            let set = g.all() & mask;
            let mut s = Solver::new(1 << 20);
            let got = s.value(&g, set).unwrap();
            prop_assert_eq!(got, plain(&g, set, &mut HashMap::new()));
            for v in members(set) {
                let after = g.take(set, v);
                prop_assert_eq!(s.known_value(&g, after), Some(plain(&g, after, &mut HashMap::new())));
            }
        }
    }
}
