//! Chips on a directed acyclic graph: chips stand on vertices; a move slides
//! one chip along one edge. Whoever cannot move loses.
//!
//! Each chip is a game of its own, so the value is the nim-sum of `g(v)`
//! over the chips, where `g(v) = mex{ g(w) : v -> w }` (seed 000). In the
//! variant where two chips meeting on a vertex annihilate, the answer is the
//! same: a move from `v` to an occupied `w` removes `g(v)` and two copies of
//! `g(w)`, which changes the nim-sum exactly as a plain move does, so every
//! position has the same set of option values in both games.
//!
//! The graph is read from text (one edge `u v` per line, a `#` starting a
//! word starts a comment, a line with one name declares a vertex with no edges) with names
//! interned in a hash map borrowing the text, stored as compressed adjacency
//! arrays, and solved in reverse topological order by Kahn's algorithm (no
//! recursion, linear time, one reusable [`Mex`] marker for every vertex).
//!
//! ```
//! use grundy::games::chips::{self, Graph, Variant};
//! let g = Graph::parse("a b\nb c\na c\n").unwrap();
//! let values = g.grundy_values().unwrap();        // c: 0, b: 1, a: 2
//! assert_eq!(values[g.vertex("a").unwrap() as usize], 2);
//! let chips = g.vertices(&["a", "b"]).unwrap();
//! let an = chips::analyze(&g, &values, &chips, Variant::Coexist).unwrap();
//! assert_eq!(an.value.unwrap().0, 3);
//! assert_eq!(an.winning_moves[0].mv.to_string(), "move the chip on a to b");
//! ```

use std::collections::HashMap;
use std::fmt::{self, Display, Write};
use std::hash::{BuildHasherDefault, Hasher};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::nimber::{Mex, Nimber};

/// A fast hash for vertex names (multiply-rotate over 8-byte words); the
/// input is a local file, so resistance to crafted collisions is not needed.
#[derive(Default, Clone, Copy)]
struct NameHasher(u64);

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
            self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(K);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn finish(&self) -> u64 {
        // A final avalanche (MurmurHash3's fmix64), so that the low bits the
        // table indexes by depend on every byte of the name.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// A vertex name as a hash-map key. Names of up to 22 bytes (nearly all)
/// are held inline, so finding one compares bytes inside the table instead
/// of following a pointer into the text, which saves a cache miss per word
/// on large graphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum NameKey<'a> {
    Short { len: u8, bytes: [u8; 22] },
    Long(&'a str),
}

impl<'a> NameKey<'a> {
    fn new(name: &'a str) -> Self {
        if name.len() <= 22 {
            let mut bytes = [0u8; 22];
            bytes[..name.len()].copy_from_slice(name.as_bytes());
            NameKey::Short {
                len: name.len() as u8,
                bytes,
            }
        } else {
            NameKey::Long(name)
        }
    }
}

type NameMap<'a> = HashMap<NameKey<'a>, u32, BuildHasherDefault<NameHasher>>;

/// What can be wrong with a graph or a position on it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A line that is neither an edge nor a vertex.
    #[error("line {line}: expected an edge 'u v' (two names), found {words} words")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// How many words it had.
        words: usize,
    },
    /// More vertices than the 32-bit vertex numbers hold.
    #[error("the graph has more than {} vertices", u32::MAX - 1)]
    TooLarge,
    /// The graph has a cycle, so play could go on for ever.
    #[error("the graph has a cycle, so it has no Grundy values: {}", cycle_text(.0))]
    Cycle(Vec<String>),
    /// A chip on a vertex the graph does not have.
    #[error(
        "unknown vertex '{}': it is in no edge of the graph",
        crate::escape::one_line(.0)
    )]
    UnknownVertex(String),
    /// Two chips on one vertex where chips annihilate.
    #[error("two chips on vertex '{0}': when chips annihilate a vertex holds at most one")]
    DoubleChip(String),
}

/// The cycle as `a -> b -> c -> a`; a long one shows its first and last
/// 10 vertices around the number left out, to keep the message a line.
fn cycle_text(cycle: &[String]) -> String {
    const SHOWN: usize = 10;
    let mut s = if cycle.len() > 3 * SHOWN {
        format!(
            "{} -> ... ({} more vertices) ... -> {}",
            cycle[..SHOWN].join(" -> "),
            cycle.len() - 2 * SHOWN,
            cycle[cycle.len() - SHOWN..].join(" -> ")
        )
    } else {
        cycle.join(" -> ")
    };
    if let Some(first) = cycle.first() {
        s.push_str(" -> ");
        s.push_str(first);
    }
    s
}

/// A directed graph with named vertices, borrowing the names from its text.
#[derive(Clone, Debug)]
pub struct Graph<'a> {
    names: Vec<&'a str>,
    index: NameMap<'a>,
    /// Successors of `v`: `targets[offsets[v]..offsets[v + 1]]`, sorted, no repeats.
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

/// Where the comment of a graph file's line starts: at the first `#` that
/// starts a word (the line's length when there is none).
fn comment_start(line: &str) -> usize {
    let b = line.as_bytes();
    (0..b.len())
        .find(|&i| b[i] == b'#' && (i == 0 || b[i - 1].is_ascii_whitespace()))
        .unwrap_or(b.len())
}

impl<'a> Graph<'a> {
    /// Reads a graph: one edge `u v` per line, names being any words without
    /// whitespace and not starting with `#`; a `#` that starts a word starts
    /// a comment (one inside a name, as in `a#1`, is part of it); blank
    /// lines are skipped; a line with a single name declares that vertex.
    /// Repeated edges count once.
    pub fn parse(text: &'a str) -> Result<Graph<'a>, GraphError> {
        let mut index: NameMap<'a> = NameMap::default();
        let mut names: Vec<&'a str> = Vec::new();
        // A line holds at most one edge.
        let lines = text.bytes().filter(|&b| b == b'\n').count() + 1;
        let mut edges: Vec<(u32, u32)> = Vec::with_capacity(lines);
        let mut intern = |name: &'a str, names: &mut Vec<&'a str>| -> Result<u32, GraphError> {
            let next = names.len();
            match index.entry(NameKey::new(name)) {
                std::collections::hash_map::Entry::Occupied(e) => Ok(*e.get()),
                std::collections::hash_map::Entry::Vacant(e) => {
                    let id = u32::try_from(next)
                        .ok()
                        .filter(|&id| id < u32::MAX)
                        .ok_or(GraphError::TooLarge)?;
                    e.insert(id);
                    names.push(name);
                    Ok(id)
                }
            }
        };
        for (n, line) in text.split('\n').enumerate() {
            let line = &line[..comment_start(line)];
            let mut words = line.split_ascii_whitespace();
            let (Some(u), v) = (words.next(), words.next()) else {
                continue;
            };
            let extra = words.count();
            if extra > 0 {
                return Err(GraphError::Syntax {
                    line: n + 1,
                    words: 2 + extra,
                });
            }
            let u = intern(u, &mut names)?;
            if let Some(v) = v {
                let v = intern(v, &mut names)?;
                edges.push((u, v));
            }
        }
        let n = names.len();
        let mut offsets = vec![0usize; n + 1];
        for &(u, _) in &edges {
            offsets[u as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(u, v) in &edges {
            targets[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
        drop(edges);
        // Sort each successor list and drop repeats, compacting in place.
        let mut write = 0usize;
        let mut start = 0usize;
        for v in 0..n {
            let end = offsets[v + 1];
            targets[start..end].sort_unstable();
            let begin = write;
            for i in start..end {
                if write == begin || targets[write - 1] != targets[i] {
                    targets[write] = targets[i];
                    write += 1;
                }
            }
            start = end;
            offsets[v + 1] = write;
        }
        targets.truncate(write);
        targets.shrink_to_fit();
        Ok(Graph {
            names,
            index,
            offsets,
            targets,
        })
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// Number of distinct edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: u32) -> &'a str {
        self.names[v as usize]
    }

    /// The number of the vertex called `name`.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.index.get(&NameKey::new(name)).copied()
    }

    /// The numbers of the named vertices, in order.
    pub fn vertices<S: AsRef<str>>(&self, names: &[S]) -> Result<Vec<u32>, GraphError> {
        names
            .iter()
            .map(|n| {
                self.vertex(n.as_ref())
                    .ok_or_else(|| GraphError::UnknownVertex(n.as_ref().to_string()))
            })
            .collect()
    }

    /// The successors of `v`, sorted.
    pub fn successors(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize]..self.offsets[v as usize + 1]]
    }

    /// The Grundy value of a single chip on each vertex, by Kahn's algorithm
    /// run backwards from the sinks; a cycle is an error naming its vertices.
    pub fn grundy_values(&self) -> Result<Vec<u64>, GraphError> {
        let n = self.names.len();
        // Predecessor lists, as compressed arrays.
        let mut poff = vec![0usize; n + 1];
        for &w in &self.targets {
            poff[w as usize + 1] += 1;
        }
        for i in 0..n {
            poff[i + 1] += poff[i];
        }
        let mut fill = poff.clone();
        let mut preds = vec![0u32; self.targets.len()];
        for v in 0..n {
            for &w in self.successors(v as u32) {
                preds[fill[w as usize]] = v as u32;
                fill[w as usize] += 1;
            }
        }
        drop(fill);
        let mut waiting: Vec<usize> = (0..n)
            .map(|v| self.offsets[v + 1] - self.offsets[v])
            .collect();
        let mut order: Vec<u32> = (0..n as u32)
            .filter(|&v| waiting[v as usize] == 0)
            .collect();
        order.reserve(n - order.len());
        let mut g = vec![0u64; n];
        let mut mex = Mex::new();
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in self.successors(v) {
                mex.insert(g[w as usize]);
            }
            g[v as usize] = mex.finish();
            for &p in &preds[poff[v as usize]..poff[v as usize + 1]] {
                waiting[p as usize] -= 1;
                if waiting[p as usize] == 0 {
                    order.push(p);
                }
            }
        }
        if order.len() < n {
            return Err(GraphError::Cycle(self.find_cycle(&waiting)));
        }
        Ok(g)
    }

    /// A cycle among the vertices Kahn's algorithm could not finish (each
    /// has an unfinished successor, so walking along those must repeat).
    fn find_cycle(&self, waiting: &[usize]) -> Vec<String> {
        let start = (0..waiting.len())
            .find(|&v| waiting[v] > 0)
            .expect("an unfinished vertex") as u32;
        let mut seen_at: HashMap<u32, usize> = HashMap::new();
        let mut path: Vec<u32> = Vec::new();
        let mut v = start;
        loop {
            if let Some(&at) = seen_at.get(&v) {
                return path[at..]
                    .iter()
                    .map(|&u| self.name(u).to_string())
                    .collect();
            }
            seen_at.insert(v, path.len());
            path.push(v);
            v = *self
                .successors(v)
                .iter()
                .find(|&&w| waiting[w as usize] > 0)
                .expect("an unfinished successor");
        }
    }
}

/// The single-chip game on a graph as a [`Game`] (a position of several
/// coexisting chips is the sum of its chips), for the generic solvers.
pub struct Dag<'g, 'a>(pub &'g Graph<'a>);

impl Game for Dag<'_, '_> {
    type Position = u32;
    fn options(&self, &v: &u32) -> Vec<Vec<u32>> {
        self.0.successors(v).iter().map(|&w| vec![w]).collect()
    }
}

/// The annihilating variant as a [`Game`] on the sorted set of occupied
/// vertices (chips interact, so the set is one component).
pub struct Annihilating<'g, 'a>(pub &'g Graph<'a>);

impl Game for Annihilating<'_, '_> {
    type Position = Vec<u32>;
    fn options(&self, chips: &Vec<u32>) -> Vec<Vec<Vec<u32>>> {
        let mut out = Vec::new();
        for (i, &v) in chips.iter().enumerate() {
            for &w in self.0.successors(v) {
                let mut to: Vec<u32> = chips.clone();
                to.remove(i);
                match to.binary_search(&w) {
                    Ok(j) => {
                        to.remove(j);
                    }
                    Err(j) => to.insert(j, w),
                }
                out.push(vec![to]);
            }
        }
        out
    }
}

/// Whether chips meeting on a vertex stay (both) or vanish (both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Any number of chips may share a vertex.
    #[default]
    Coexist,
    /// Two chips meeting on a vertex annihilate each other.
    Annihilate,
}

/// A chip slid along an edge.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChipMove {
    /// 0-based index of the chip in the position.
    pub chip: usize,
    /// Name of the vertex it leaves.
    pub from: String,
    /// Name of the vertex it reaches.
    pub to: String,
    /// Whether it met a chip there and both vanished.
    pub annihilates: bool,
}

impl Display for ChipMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move the chip on {} to {}", self.from, self.to)?;
        if self.annihilates {
            f.write_str(" (both chips there vanish)")?;
        }
        Ok(())
    }
}

/// How many winning moves [`analyze`] lists, counted without building the
/// positions they lead to (each is as long as the list of chips).
///
/// ```
/// use grundy::games::chips::{self, Graph};
/// let g = Graph::parse("a b\na c\n").unwrap();
/// let values = g.grundy_values().unwrap();
/// let chips = g.vertices(&["a"]).unwrap();
/// assert_eq!(chips::winning_move_count(&g, &values, &chips), 2);
/// ```
pub fn winning_move_count(graph: &Graph<'_>, values: &[u64], chips: &[u32]) -> u64 {
    let s = chips.iter().fold(0, |a, &c| a ^ values[c as usize]);
    if s == 0 {
        return 0;
    }
    let mut seen = std::collections::HashSet::new();
    chips
        .iter()
        .filter(|&&v| seen.insert(v))
        .map(|&v| {
            let target = s ^ values[v as usize];
            graph
                .successors(v)
                .iter()
                .filter(|&&w| values[w as usize] == target)
                .count() as u64
        })
        .sum()
}

/// Value, outcome and every winning move of chips on `graph`, given the
/// graph's [`Graph::grundy_values`]. Chips sharing a vertex are
/// interchangeable, so each move is listed once (for the first of them).
/// Positions after a move keep the order of the chips; a chip that moves
/// onto an occupied vertex in the annihilating variant removes both.
pub fn analyze(
    graph: &Graph<'_>,
    values: &[u64],
    chips: &[u32],
    variant: Variant,
) -> Result<Analysis<ChipMove, Vec<u32>>, GraphError> {
    Ok(analyze_first(graph, values, chips, variant, usize::MAX)?.0)
}

/// [`analyze`] with only the first `limit` winning moves built, and how
/// many there are in all: a position with a winning move for every one of
/// many chips costs no more than its first moves.
pub fn analyze_first(
    graph: &Graph<'_>,
    values: &[u64],
    chips: &[u32],
    variant: Variant,
    limit: usize,
) -> Result<(Analysis<ChipMove, Vec<u32>>, u64), GraphError> {
    if variant == Variant::Annihilate {
        let mut sorted = chips.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(GraphError::DoubleChip(graph.name(w[0]).to_string()));
        }
    }
    let s = chips.iter().fold(0, |a, &c| a ^ values[c as usize]);
    let mut winning_moves = Vec::new();
    let mut total = 0u64;
    if s != 0 {
        let mut seen = std::collections::HashSet::new();
        for (i, &v) in chips.iter().enumerate() {
            if !seen.insert(v) {
                continue;
            }
            let target = s ^ values[v as usize];
            for &w in graph.successors(v) {
                if values[w as usize] != target {
                    continue;
                }
                total += 1;
                if winning_moves.len() >= limit {
                    continue;
                }
                let mut to = chips.to_vec();
                let met = (variant == Variant::Annihilate)
                    .then(|| chips.iter().position(|&c| c == w))
                    .flatten();
                match met {
                    Some(j) => {
                        to = chips
                            .iter()
                            .enumerate()
                            .filter(|&(n, _)| n != i && n != j)
                            .map(|(_, &c)| c)
                            .collect();
                    }
                    None => to[i] = w,
                }
                winning_moves.push(WinningMove {
                    mv: ChipMove {
                        chip: i,
                        from: graph.name(v).to_string(),
                        to: graph.name(w).to_string(),
                        annihilates: met.is_some(),
                    },
                    to,
                });
            }
        }
    }
    let analysis = Analysis {
        convention: Convention::Normal,
        value: Some(Nimber(s)),
        outcome: Outcome::from_value(Nimber(s)),
        winning_moves,
    };
    Ok((analysis, total))
}

/// The value of each chip's vertex, their nim-sum, and why the winning
/// moves work.
pub fn explain(
    graph: &Graph<'_>,
    values: &[u64],
    chips: &[u32],
    variant: Variant,
) -> Result<String, GraphError> {
    let a = analyze(graph, values, chips, variant)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "The graph has {} vertices and {} edges and no cycle. A single chip on v has value g(v) = mex of g over v's successors, \
         computed from the sinks (g = 0) back, in reverse topological order.",
        graph.vertex_count(),
        graph.edge_count()
    );
    let _ = writeln!(
        out,
        "Chips move independently, so the position is the sum of its chips: Nim with one heap of g(v) per chip."
    );
    if variant == Variant::Annihilate {
        let _ = writeln!(
            out,
            "Chips that meet annihilate, but that changes nothing: moving v -> w onto a chip removes g(v) and g(w) twice, the \
             same change of the nim-sum as a plain move."
        );
    }
    let heaps: Vec<u64> = chips.iter().map(|&c| values[c as usize]).collect();
    if chips.len() <= 64 {
        for &c in chips {
            let _ = writeln!(
                out,
                "  chip on {}: g = {}",
                graph.name(c),
                values[c as usize]
            );
        }
        if !chips.is_empty() {
            out.push_str(&crate::games::nim::binary_columns(&heaps));
        }
    } else {
        let _ = writeln!(out, "  ({} chips, not listed)", chips.len());
    }
    let s = a.value.map_or(0, |v| v.0);
    if s == 0 {
        let _ = writeln!(
            out,
            "The nim-sum is 0: a P-position, the player to move loses."
        );
        return Ok(out);
    }
    let _ = writeln!(
        out,
        "The nim-sum is {s}: an N-position, the player to move wins."
    );
    if let Some(w) = a.winning_moves.first() {
        let from = graph.vertex(&w.mv.from).map_or(0, |v| values[v as usize]);
        let to = from ^ s;
        let why = if to < from {
            format!(
                "since g({}) is the mex of its successors, a successor with that smaller value exists",
                w.mv.from
            )
        } else {
            format!(
                "a successor may have a larger value than its vertex, and {} has one with value {to}",
                w.mv.from
            )
        };
        let _ = writeln!(
            out,
            "{}: g goes from {from} to {from} XOR {s} = {to}; {why}. The nim-sum becomes 0.",
            w.mv
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{analyze_sum, Solver};

    /// A winning move from value 0 to value 2 is not "to a smaller value".
    #[test]
    fn explain_a_move_to_a_larger_value() {
        // p: 0, q: 1, y: 2, x: 0 (its only successor has value 2).
        let g = Graph::parse("x y\ny p\ny q\nq p\n").unwrap();
        let values = g.grundy_values().unwrap();
        let chips = g.vertices(&["x", "y"]).unwrap();
        let text = explain(&g, &values, &chips, Variant::Coexist).unwrap();
        let line = text.lines().find(|l| l.contains("g goes from")).unwrap();
        assert!(line.starts_with("move the chip on x to y: g goes from 0 to 0 XOR 2 = 2; a successor may have a larger value"), "{line}");
        assert!(!line.contains("smaller"), "{line}");
    }
    use proptest::prelude::*;

    /// A random DAG on `n` vertices written as text: edges go from a lower
    /// to a higher rank, and vertex names are a shuffle of the ranks.
    fn dag_text(n: usize, edges: &[(usize, usize)], perm: &[usize]) -> String {
        let mut s = String::from("# random DAG\n");
        for p in &perm[..n] {
            s.push_str(&format!("v{p}\n"));
        }
        for &(a, b) in edges {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            if lo != hi {
                s.push_str(&format!("v{} v{}  # edge\n", perm[lo], perm[hi]));
            }
        }
        s
    }

    fn sorted(v: impl Iterator<Item = Vec<u32>>) -> Vec<Vec<u32>> {
        let mut out: Vec<Vec<u32>> = v
            .map(|mut t| {
                t.sort_unstable();
                t
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_search(
            n in 1usize..9,
            edges in proptest::collection::vec((0usize..9, 0usize..9), 0..20),
            perm_seed in any::<u64>(),
            chip_picks in proptest::collection::vec(0usize..9, 0..5),
        ) {
            let edges: Vec<(usize, usize)> = edges.into_iter().map(|(a, b)| (a % n, b % n)).collect();
            let mut perm: Vec<usize> = (0..n).collect();
            let mut x = perm_seed | 1;
            for i in (1..n).rev() {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                perm.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let text = dag_text(n, &edges, &perm);
            let g = Graph::parse(&text).unwrap();
            let values = g.grundy_values().unwrap();
            let game = Dag(&g);
            let mut solver = Solver::new(&game);
            for v in 0..n as u32 {
                prop_assert_eq!(Nimber(values[v as usize]), solver.value(&v).unwrap());
            }
            let chips: Vec<u32> = chip_picks.iter().map(|&c| (c % n) as u32).collect();
            // Coexisting chips: a sum of single chips.
            let a = analyze(&g, &values, &chips, Variant::Coexist).unwrap();
            let slow = analyze_sum(&game, &chips, Convention::Normal, None).unwrap();
            prop_assert_eq!(a.value, slow.value);
            prop_assert_eq!(a.outcome, slow.outcome);
            prop_assert_eq!(winning_move_count(&g, &values, &chips), a.winning_moves.len() as u64);
            prop_assert_eq!(
                sorted(a.winning_moves.iter().map(|w| w.to.clone())),
                sorted(slow.winning_moves.iter().map(|w| w.to.clone()))
            );
            // Annihilating chips: one component, the set of occupied vertices.
            let mut set = chips.clone();
            set.sort_unstable();
            set.dedup();
            let ann = Annihilating(&g);
            let mut s2 = Solver::new(&ann);
            let a2 = analyze(&g, &values, &set, Variant::Annihilate).unwrap();
            let v2 = s2.value(&set).unwrap();
            prop_assert_eq!(winning_move_count(&g, &values, &set), a2.winning_moves.len() as u64);
            prop_assert_eq!(a2.value, Some(v2));
            let slow2 = s2.winning_moves(std::slice::from_ref(&set)).unwrap();
            prop_assert_eq!(
                sorted(a2.winning_moves.iter().map(|w| w.to.clone())),
                sorted(slow2.into_iter().map(|m| m.into[0].clone()))
            );
        }
    }

    #[test]
    fn errors() {
        assert_eq!(
            Graph::parse("a b\nb c d\n").unwrap_err(),
            GraphError::Syntax { line: 2, words: 3 }
        );
        let g = Graph::parse("# loop\na b\nb c\nc a\nc d\n").unwrap();
        let e = g.grundy_values().unwrap_err();
        match &e {
            GraphError::Cycle(c) => {
                let mut c = c.clone();
                c.sort();
                assert_eq!(c, vec!["a", "b", "c"]);
            }
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().contains(" -> "), "{e}");
        let long: String = (0..1000)
            .map(|i| format!("v{i} v{}\n", (i + 1) % 1000))
            .collect();
        let e = Graph::parse(&long).unwrap().grundy_values().unwrap_err();
        let text = e.to_string();
        assert!(text.contains("(980 more vertices)"), "{text}");
        assert!(text.len() < 400, "{text}");
        let selfloop = Graph::parse("x x\n").unwrap().grundy_values().unwrap_err();
        assert_eq!(
            selfloop.to_string(),
            "the graph has a cycle, so it has no Grundy values: x -> x"
        );
        let g = Graph::parse("a b\n").unwrap();
        assert_eq!(
            g.vertices(&["a", "z"]).unwrap_err(),
            GraphError::UnknownVertex("z".into())
        );
        let values = g.grundy_values().unwrap();
        assert_eq!(
            analyze(&g, &values, &[0, 0], Variant::Annihilate).unwrap_err(),
            GraphError::DoubleChip("a".into())
        );
    }

    #[test]
    fn a_hash_inside_a_name_is_part_of_it() {
        let g = Graph::parse("a#1 b#2 # an edge\n#c d\nc# d\n\tx #y z\n").unwrap();
        assert_eq!(g.vertex_count(), 5);
        assert!(g.vertex("a#1").is_some() && g.vertex("b#2").is_some());
        assert!(g.vertex("c#").is_some() && g.vertex("x").is_some());
        assert!(g.vertex("#c").is_none() && g.vertex("y").is_none());
        assert_eq!(g.edge_count(), 2);
    }

    #[test]
    fn parsing_details() {
        let g =
            Graph::parse("  a\tb  \r\n\n# comment only\nb c # trailing\na b\nlonely\n").unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.edge_count(), 2); // the repeated a b counts once
        assert_eq!(g.successors(g.vertex("lonely").unwrap()), &[] as &[u32]);
        let values = g.grundy_values().unwrap();
        let c = g.vertices(&["a", "b"]).unwrap();
        let a = analyze(&g, &values, &c, Variant::Annihilate).unwrap();
        // g(a) = 0, g(b) = 1: move b -> c, or a onto b, where both vanish.
        let words: Vec<String> = a.winning_moves.iter().map(|w| w.mv.to_string()).collect();
        assert_eq!(
            words,
            vec![
                "move the chip on a to b (both chips there vanish)",
                "move the chip on b to c"
            ]
        );
        let g = Graph::parse("a c\nb c\nc d\n").unwrap();
        let values = g.grundy_values().unwrap();
        // g(d) = 0, g(c) = 1, g(a) = g(b) = 0.
        let c = g.vertices(&["a", "c"]).unwrap();
        let a = analyze(&g, &values, &c, Variant::Annihilate).unwrap();
        let words: Vec<String> = a.winning_moves.iter().map(|w| w.mv.to_string()).collect();
        assert_eq!(
            words,
            vec![
                "move the chip on a to c (both chips there vanish)",
                "move the chip on c to d"
            ]
        );
        assert_eq!(a.winning_moves[0].to, Vec::<u32>::new());
        let c = g.vertices(&["b", "d"]).unwrap();
        assert_eq!(
            analyze(&g, &values, &c, Variant::Annihilate)
                .unwrap()
                .outcome,
            Outcome::P
        );
    }

    #[test]
    fn names_of_every_length() {
        // Short names are kept inline in the map, long ones by reference.
        let long = "a-very-long-vertex-name-past-the-inline-limit";
        let n22 = "x".repeat(22);
        let n23 = "x".repeat(23);
        let text = format!("{long} {n22}\n{n22} {n23}\nплощадь {long}\n");
        let g = Graph::parse(&text).unwrap();
        assert_eq!(g.vertex_count(), 4);
        let values = g.grundy_values().unwrap();
        let ids = g.vertices(&["площадь", long, &n22, &n23]).unwrap();
        let got: Vec<u64> = ids.iter().map(|&v| values[v as usize]).collect();
        assert_eq!(got, vec![1, 0, 1, 0]);
        assert_eq!(g.name(ids[1]), long);
        assert_eq!(g.vertex(&"x".repeat(24)), None);
    }

    #[test]
    fn long_chain_is_iterative() {
        let mut text = String::new();
        for i in 0..200_000 {
            text.push_str(&format!("n{i} n{}\n", i + 1));
        }
        let g = Graph::parse(&text).unwrap();
        let values = g.grundy_values().unwrap();
        assert_eq!(values[g.vertex("n0").unwrap() as usize], 0);
        assert_eq!(values[g.vertex("n1").unwrap() as usize], 1);
    }
}
