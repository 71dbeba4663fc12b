//! Smith's labelling of a finite digraph whose moves may cycle.
//!
//! Round m = 0, 1, 2, … gives the value m to every unlabelled vertex u such
//! that (1) u's followers already carry every value below m, (2) no follower
//! of u carries m, and (3) every follower of u not labelled below m has a
//! follower labelled m (a move to a larger or infinite value can be
//! reversed). A round that labels nothing ends the labelling; the vertices
//! left are ∞(K), K their followers' finite values.
//!
//! Each round is one linear pass: a candidate (meeting (1), and (2) so far)
//! keeps a counter of its followers not labelled below m; when a vertex w
//! gets m, each unlabelled predecessor of w is excluded from m and covered,
//! and covering a vertex lowers the counters of its candidate predecessors.
//! A counter reaching 0 gives its vertex m. With the reverse adjacency a
//! round costs O(|V| + |E|), and the whole labelling
//! O((γmax + 2)(|V| + |E|)), with γmax at most the largest out-degree.
//!
//! The order in which vertices are labelled (their *step*) is recorded:
//! a vertex of value m reverses every bad move with a vertex of value m and
//! a smaller step, which is what makes the winner's play progress.

use super::value::LoopyValue;

/// A finite digraph in compressed rows, with its reverse, vertices `0..n`.
#[derive(Clone, Debug, Default)]
pub struct Digraph {
    out_start: Vec<usize>,
    out: Vec<u32>,
    in_start: Vec<usize>,
    inc: Vec<u32>,
}

impl Digraph {
    /// The digraph whose vertex `v` has the followers `successors[v]`
    /// (repeats and self-loops allowed). Every follower must be below
    /// `successors.len()`.
    ///
    /// ```
    /// use grundy::loopy::Digraph;
    /// let g = Digraph::from_successors(&[vec![1], vec![0, 2], vec![]]);
    /// assert_eq!(g.successors(1), &[0, 2]);
    /// assert_eq!(g.predecessors(0), &[1]);
    /// ```
    pub fn from_successors(successors: &[Vec<u32>]) -> Digraph {
        let n = successors.len();
        let edges = successors
            .iter()
            .enumerate()
            .flat_map(|(v, s)| s.iter().map(move |&w| (v as u32, w)));
        Digraph::from_edges(n, edges)
    }

    /// The digraph on `n` vertices with the given edges (u, v), kept in the
    /// order given for each u. Every end must be below `n`.
    pub fn from_edges<I: IntoIterator<Item = (u32, u32)> + Clone>(n: usize, edges: I) -> Digraph {
        let mut out_start = vec![0usize; n + 1];
        let mut in_start = vec![0usize; n + 1];
        for (u, v) in edges.clone() {
            assert!(
                (u as usize) < n && (v as usize) < n,
                "edge {u} -> {v} outside 0..{n}"
            );
            out_start[u as usize + 1] += 1;
            in_start[v as usize + 1] += 1;
        }
        for i in 0..n {
            out_start[i + 1] += out_start[i];
            in_start[i + 1] += in_start[i];
        }
        let m = out_start[n];
        let (mut out, mut inc) = (vec![0u32; m], vec![0u32; m]);
        let (mut fo, mut fi) = (out_start.clone(), in_start.clone());
        for (u, v) in edges {
            out[fo[u as usize]] = v;
            fo[u as usize] += 1;
            inc[fi[v as usize]] = u;
            fi[v as usize] += 1;
        }
        Digraph {
            out_start,
            out,
            in_start,
            inc,
        }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.out_start.len().saturating_sub(1)
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.out.len()
    }

    /// The followers of `v`: where a move from `v` can go.
    pub fn successors(&self, v: u32) -> &[u32] {
        &self.out[self.out_start[v as usize]..self.out_start[v as usize + 1]]
    }

    /// The vertices with a move to `v`.
    pub fn predecessors(&self, v: u32) -> &[u32] {
        &self.inc[self.in_start[v as usize]..self.in_start[v as usize + 1]]
    }

    /// Bytes of memory a digraph of this size takes, with its solution.
    pub fn memory_estimate(vertices: u64, edges: u64) -> u64 {
        vertices
            .saturating_mul(64)
            .saturating_add(edges.saturating_mul(8))
    }
}

/// Smith's values of every vertex of a [`Digraph`], with the step at which
/// each finite value was given.
#[derive(Clone, Debug)]
pub struct Solution {
    label: Vec<u64>,
    step: Vec<u64>,
    rounds: u64,
}

/// Marks an unlabelled vertex in `label`.
const NONE: u64 = u64::MAX;

impl Solution {
    /// The value of `v` in `g`: its label, or ∞(K) with K the labels among
    /// its followers.
    pub fn value(&self, g: &Digraph, v: u32) -> LoopyValue {
        match self.label[v as usize] {
            NONE => LoopyValue::infinite(
                g.successors(v)
                    .iter()
                    .map(|&w| self.label[w as usize])
                    .filter(|&l| l != NONE),
            ),
            m => LoopyValue::Finite(m),
        }
    }

    /// The finite value of `v`, or `None` for ∞.
    pub fn finite(&self, v: u32) -> Option<u64> {
        Some(self.label[v as usize]).filter(|&l| l != NONE)
    }

    /// The step at which `v` got its finite value (0 for the first vertex
    /// labelled), or `None` for ∞. Steps grow with the value.
    pub fn step(&self, v: u32) -> Option<u64> {
        Some(self.step[v as usize]).filter(|_| self.label[v as usize] != NONE)
    }

    /// The order in which a winner may lower positions: the step of a finite
    /// value, and above every step for ∞.
    pub fn rank(&self, v: u32) -> u64 {
        self.step(v).unwrap_or(u64::MAX)
    }

    /// The number of labelling rounds run (the largest finite value + 2,
    /// counting the round that labels nothing).
    pub fn rounds(&self) -> u64 {
        self.rounds
    }

    /// The number of vertices with a finite value.
    pub fn finite_count(&self) -> usize {
        self.label.iter().filter(|&&l| l != NONE).count()
    }
}

/// Labels every vertex of `g` with Smith's value, in
/// O((γmax + 2)(|V| + |E|)).
///
/// ```
/// use grundy::loopy::{solve, Digraph, LoopyValue};
/// // 0 <-> 1 -> 2 -> 3: leaving the cycle at 1 hands the opponent the Nim
/// // heap 2 = *1, so 0 and 1 chase each other: 0 is ∞(∅), 1 is ∞(1).
/// let g = Digraph::from_successors(&[vec![1], vec![0, 2], vec![3], vec![]]);
/// let s = solve(&g);
/// assert_eq!(s.value(&g, 3), LoopyValue::Finite(0));
/// assert_eq!(s.value(&g, 2), LoopyValue::Finite(1));
/// assert_eq!(s.value(&g, 1), LoopyValue::infinite([1]));
/// assert_eq!(s.value(&g, 0), LoopyValue::infinite([]));
/// ```
pub fn solve(g: &Digraph) -> Solution {
    let n = g.vertex_count();
    let mut label = vec![NONE; n];
    let mut step = vec![0u64; n];
    let mut next_step = 0u64;
    // Per round: candidate counters (u32::MAX for a non-candidate), the
    // "has a follower labelled m" flags, and a scratch set of seen labels.
    let mut counter = vec![0u32; n];
    let mut hit = vec![false; n];
    let mut seen = vec![0u64; n.max(1)];
    let mut stamp = 0u64;
    let mut queue: Vec<u32> = Vec::new();
    let mut rounds = 0u64;
    for m in 0u64.. {
        rounds += 1;
        hit.iter_mut().for_each(|h| *h = false);
        for u in 0..n {
            counter[u] = u32::MAX;
            if label[u] != NONE {
                continue;
            }
            stamp += 1;
            let mut below = 0u64;
            let mut open = 0u32;
            for &w in g.successors(u as u32) {
                let l = label[w as usize];
                if l == NONE {
                    open += 1;
                } else if l < m && seen[l as usize] != stamp {
                    seen[l as usize] = stamp;
                    below += 1;
                }
            }
            if below == m {
                counter[u] = open;
                if open == 0 {
                    queue.push(u as u32);
                }
            }
        }
        let before = next_step;
        while let Some(w) = queue.pop() {
            if hit[w as usize] || label[w as usize] != NONE {
                continue;
            }
            label[w as usize] = m;
            step[w as usize] = next_step;
            next_step += 1;
            for &v in g.predecessors(w) {
                if label[v as usize] != NONE || hit[v as usize] {
                    continue;
                }
                hit[v as usize] = true;
                for &x in g.predecessors(v) {
                    let c = &mut counter[x as usize];
                    if *c != u32::MAX && *c > 0 && label[x as usize] == NONE && !hit[x as usize] {
                        *c -= 1;
                        if *c == 0 {
                            queue.push(x);
                        }
                    }
                }
            }
        }
        if next_step == before {
            break;
        }
    }
    Solution {
        label,
        step,
        rounds,
    }
}
