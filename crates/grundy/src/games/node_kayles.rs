//! Node-Kayles: a move takes a vertex of a graph, which leaves the graph
//! with all its neighbours; who cannot move loses (Schaefer 1978, where it
//! is shown PSPACE-complete on general graphs). On a path of `n` vertices
//! it is Dawson's chess (octal 0.137 on a heap of `n`); on a 2 x n ladder
//! the values alternate 1, 0; on 3 x n grids they are OEIS A316632.
//!
//! A position is the set of vertices left, a bit set of at most
//! [`MAX_VERTICES`]. Its value is the nim-sum of the values of its connected
//! components (a move in one never touches another): [`NodeKayles`] is the
//! game for the search engine ([`crate::search`]), which stores each
//! component's value, in a canonical form on grids, and decides a sum
//! without every component's value where it can.
//!
//! ```
//! use grundy::games::node_kayles::{Graph, NodeKayles};
//! use grundy::search::Search;
//! let path = Graph::parse("path:8").unwrap();
//! let mut s = Search::new(NodeKayles::new(path.clone()), 1 << 20);
//! assert_eq!(s.value(&path.all()), Ok(0)); // 0.137 at heap 8
//! let grid = Graph::parse("grid:3x4").unwrap();
//! let mut s = Search::new(NodeKayles::new(grid.clone()), 1 << 20);
//! assert_eq!(s.value(&grid.all()), Ok(0)); // A316632(4)
//! ```

use std::collections::HashMap;

use crate::heap::rule::HeapRule;
use crate::heap::sequence::{compute, Options};
use crate::search::Split;

mod grid;

pub use grid::Grid;

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
                if rows > grid::MAX_ROWS || rows.saturating_mul(cols) > MAX_VERTICES {
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
            let part = self.part(left & left.wrapping_neg(), left);
            left &= !part;
            out.push(part);
        }
        out
    }

    /// The connected part of `set` that holds the vertices of `seed`.
    pub fn part(&self, seed: Set, set: Set) -> Set {
        let mut part = seed;
        let mut edge = seed;
        while edge != 0 {
            let v = edge.trailing_zeros() as usize;
            edge &= edge - 1;
            let new = self.adjacent[v] & set & !part;
            part |= new;
            edge |= new;
        }
        part
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

/// Node-Kayles on one graph for the search engine ([`crate::search`]): a
/// position is a set of vertices, a component a connected one. On a grid a
/// component is looked up by its canonical form under the grid's
/// symmetries ([`Grid::canonical`]), and one a copying strategy decides is
/// settled without search.
///
/// ```
/// use grundy::games::node_kayles::{Graph, NodeKayles};
/// use grundy::search::{Search, Split};
/// let grid = Graph::parse("grid:3x5").unwrap();
/// let mut s = Search::new(NodeKayles::new(grid.clone()), 1 << 20);
/// assert_eq!(s.value(&grid.all()), Ok(3)); // A316632(5)
/// // A path of n vertices is Dawson's chess: known without search.
/// let path = Graph::parse("path:8").unwrap();
/// assert_eq!(NodeKayles::new(path.clone()).known(&path.all()), Some(0));
/// ```
#[derive(Clone, Debug)]
pub struct NodeKayles {
    graph: Graph,
    grid: Option<Grid>,
    /// Dawson's chess (0.137): the values of paths of 0 to 128 vertices.
    paths: Vec<u32>,
}

impl NodeKayles {
    /// The game on `graph`.
    pub fn new(graph: Graph) -> NodeKayles {
        let rule: HeapRule = "0.137".parse().expect("Dawson's chess is an octal code");
        let paths = compute(&rule, MAX_VERTICES as u64, &Options::default())
            .expect("128 heaps of Dawson's chess");
        NodeKayles {
            grid: graph.grid.map(|(r, c)| Grid::new(r, c)),
            graph,
            paths,
        }
    }

    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The connected part of `set` that holds `seed`.
    fn part(&self, seed: Set, set: Set) -> Set {
        match &self.grid {
            Some(g) => g.part(seed, set),
            None => self.graph.part(seed, set),
        }
    }

    /// The number of edges of `set`, and whether a vertex of it has three
    /// or more neighbours in it.
    fn edges(&self, set: Set) -> (u32, bool) {
        if let Some(g) = &self.grid {
            return g.edges(set);
        }
        let (twice, three) = members(set).fold((0, false), |(e, three), v| {
            let d = (self.graph.adjacent[v] & set).count_ones();
            (e + d, three || d >= 3)
        });
        (twice / 2, three)
    }
}

impl Split for NodeKayles {
    type Position = Set;
    type Key = Set;

    fn components(&self, p: &Set, out: &mut Vec<Set>) {
        let mut left = *p;
        while left != 0 {
            let part = self.part(left & left.wrapping_neg(), left);
            left &= !part;
            out.push(match &self.grid {
                Some(g) => g.canonical(part),
                None => part,
            });
        }
    }

    fn options(&self, c: &Set, out: &mut Vec<Set>) {
        out.extend(members(*c).map(|v| self.graph.take(*c, v)));
    }

    fn size(&self, c: &Set) -> u32 {
        c.count_ones()
    }

    /// A connected part with at most two vertices, a path (Dawson's chess),
    /// a cycle (a move leaves a path of three fewer) or a clique (a move
    /// ends it).
    fn known(&self, c: &Set) -> Option<u32> {
        let n = c.count_ones();
        if n <= 2 {
            return Some(u32::from(n > 0));
        }
        let (edges, three) = self.edges(*c);
        match (three, edges) {
            (false, e) if e == n - 1 => Some(self.paths[n as usize]),
            (false, e) if e == n => Some(u32::from(self.paths[n as usize - 3] == 0)),
            (_, e) if e == n * (n - 1) / 2 => Some(1),
            _ => None,
        }
    }

    fn settled(&self, c: &Set) -> Option<u32> {
        self.grid.as_ref()?.copy_wins(*c).then_some(0)
    }

    fn not_zero(&self, c: &Set) -> bool {
        self.grid.as_ref().is_some_and(|g| g.centre_then_copy(*c))
    }
}

#[cfg(test)]
mod tests;
