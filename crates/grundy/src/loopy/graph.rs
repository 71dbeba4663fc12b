//! The reachable positions of any game given by its options, as a
//! [`Digraph`] solved with Smith's values: the way in for games whose
//! positions are only known through a function (scripts, generated rules).

use std::collections::HashMap;
use std::hash::Hash;

use super::solve::{solve, Digraph, Solution};
use super::value::LoopyValue;

/// Why a game could not be explored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExploreError<E> {
    /// More positions are reachable than the cap allows.
    #[error(
        "more than {cap} positions are reachable from the start; solving them would take more than {} MiB of memory",
        Digraph::memory_estimate(*.cap as u64, 4 * *.cap as u64) >> 20
    )]
    TooMany {
        /// The cap on positions.
        cap: usize,
    },
    /// The options function failed.
    #[error("{0}")]
    Options(E),
    /// A component's options lead back to it beside other parts (`3 -> 3 +
    /// 1`), so every round adds parts: the positions reachable are
    /// infinitely many and have no value, loopy or not.
    #[error(
        "a cycle through a sum: {cycle}, which leaves the first part again beside others, so the positions reachable grow without end and have no value"
    )]
    SumCycle {
        /// The cycle written `a -> b + c -> ... -> a`.
        cycle: String,
    },
}

/// The positions reachable from some start positions, their digraph and
/// Smith's values.
#[derive(Debug, Clone)]
pub struct Explored<P> {
    /// The positions, in the order found; position `i` is vertex `i`.
    pub positions: Vec<P>,
    /// Each position's vertex.
    pub index: HashMap<P, u32>,
    /// The moves between them.
    pub graph: Digraph,
    /// Smith's values of the vertices.
    pub solution: Solution,
}

impl<P: Hash + Eq> Explored<P> {
    /// The value of a reached position, `None` if it was not reached.
    pub fn value(&self, p: &P) -> Option<LoopyValue> {
        self.index
            .get(p)
            .map(|&v| self.solution.value(&self.graph, v))
    }
}

/// Explores every position reachable from `starts` through `options`
/// (breadth first, at most `cap` positions, or [`ExploreError::TooMany`])
/// and solves the digraph they make.
///
/// ```
/// use grundy::loopy::{explore, LoopyValue};
/// // Subtraction of 1 or 2 modulo 5; 0 cannot move.
/// let ex = explore(&[4u64], |&k| -> Result<Vec<u64>, ()> {
///     Ok(if k == 0 { vec![] } else { vec![(k + 4) % 5, (k + 3) % 5] })
/// }, 100).unwrap();
/// assert_eq!(ex.value(&3), Some(LoopyValue::Finite(0)));
/// assert_eq!(ex.value(&4), Some(LoopyValue::infinite([0])));
/// ```
pub fn explore<P, E, F>(
    starts: &[P],
    mut options: F,
    cap: usize,
) -> Result<Explored<P>, ExploreError<E>>
where
    P: Hash + Eq + Clone,
    F: FnMut(&P) -> Result<Vec<P>, E>,
{
    let mut positions: Vec<P> = Vec::new();
    let mut index: HashMap<P, u32> = HashMap::new();
    let mut successors: Vec<Vec<u32>> = Vec::new();
    for p in starts {
        add(p, &mut positions, &mut index, cap)?;
    }
    while successors.len() < positions.len() {
        let p = positions[successors.len()].clone();
        let mut out = Vec::new();
        for q in options(&p).map_err(ExploreError::Options)? {
            out.push(add(&q, &mut positions, &mut index, cap)?);
        }
        successors.push(out);
    }
    let graph = Digraph::from_successors(&successors);
    let solution = solve(&graph);
    Ok(Explored {
        positions,
        index,
        graph,
        solution,
    })
}

/// The vertex of `p`, numbering it if it is new.
fn add<P: Hash + Eq + Clone, E>(
    p: &P,
    positions: &mut Vec<P>,
    index: &mut HashMap<P, u32>,
    cap: usize,
) -> Result<u32, ExploreError<E>> {
    if let Some(&i) = index.get(p) {
        return Ok(i);
    }
    if positions.len() >= cap {
        return Err(ExploreError::TooMany { cap });
    }
    let i = positions.len() as u32;
    index.insert(p.clone(), i);
    positions.push(p.clone());
    Ok(i)
}
