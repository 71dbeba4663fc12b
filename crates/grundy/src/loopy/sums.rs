//! Games given only by an options function whose options may be sums of
//! components (as scripts give them): the graph of whole positions (each a
//! multiset of components) is explored and solved with Smith's values.
//!
//! This is how a game defined without Rust gets loopy values: any
//! `Fn(component) -> options`, each option a list of components (empty: the
//! component is gone), positions hashable and ordered.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::graph::{explore, ExploreError, Explored};
use super::strategy::{draw_keeping_moves, winning_moves};
use super::value::LoopyValue;
use crate::game::{apply_sum_move, SumMove};

/// The value of a sum of components and its winning and draw-keeping
/// moves, each as a [`SumMove`] with the components after it.
#[derive(Clone, Debug)]
pub struct SumAnalysis<P> {
    /// Smith's value of the whole position.
    pub value: LoopyValue,
    /// Winning moves that make progress (the opponent cannot make the
    /// winner go round a cycle).
    pub winning_moves: Vec<(SumMove<P>, Vec<P>)>,
    /// Moves that keep a draw.
    pub draw_keeping_moves: Vec<(SumMove<P>, Vec<P>)>,
    /// How many whole positions were explored.
    pub positions: usize,
}

fn sorted<P: Ord + Clone>(mut v: Vec<P>) -> Vec<P> {
    v.sort();
    v
}

/// Explores every whole position reachable from the sum `components`
/// (at most `cap`, or [`ExploreError::TooMany`]), calling `options` once per
/// component position, and returns Smith's value of the sum with its moves.
///
/// ```
/// use grundy::loopy::{analyze_sum, LoopyOutcome};
/// // A heap of n may go to n - 1, and 2 may also go back to 3: the
/// // players can pass the heap 2 -> 3 -> 2 for ever, or leave the loop.
/// let options = |&n: &u32| -> Result<Vec<Vec<u32>>, ()> {
///     let mut o: Vec<Vec<u32>> = if n > 0 { vec![vec![n - 1]] } else { vec![] };
///     if n == 2 { o.push(vec![3]); }
///     Ok(o)
/// };
/// // Leaving the loop at 2 hands over the heap 1 = *1, so nobody does.
/// let a = analyze_sum(&[2], options, 100).unwrap();
/// assert_eq!(a.value.to_string(), "∞(1)");
/// assert_eq!(a.value.outcome(), LoopyOutcome::D);
/// assert_eq!(a.draw_keeping_moves[0].1, vec![3]);
/// assert_eq!(analyze_sum(&[3], options, 100).unwrap().value.to_string(), "∞(∅)");
/// ```
pub fn analyze_sum<P, E, F>(
    components: &[P],
    mut options: F,
    cap: usize,
) -> Result<SumAnalysis<P>, ExploreError<E>>
where
    P: Hash + Eq + Ord + Clone,
    F: FnMut(&P) -> Result<Vec<Vec<P>>, E>,
{
    let mut memo: HashMap<P, Vec<Vec<P>>> = HashMap::new();
    let mut of = |c: &P| -> Result<Vec<Vec<P>>, E> {
        if let Some(o) = memo.get(c) {
            return Ok(o.clone());
        }
        let o = options(c)?;
        memo.insert(c.clone(), o.clone());
        Ok(o)
    };
    let start = sorted(components.to_vec());
    let ex: Explored<Vec<P>> = explore(
        std::slice::from_ref(&start),
        |state: &Vec<P>| -> Result<Vec<Vec<P>>, E> {
            let mut out = Vec::new();
            for (i, c) in state.iter().enumerate() {
                if i > 0 && state[i - 1] == *c {
                    continue;
                }
                for into in of(c)? {
                    let mut next: Vec<P> =
                        state[..i].iter().chain(&state[i + 1..]).cloned().collect();
                    next.extend(into);
                    out.push(sorted(next));
                }
            }
            Ok(out)
        },
        cap,
    )?;
    let v = ex.index[&start];
    let targets = |moves: Vec<super::strategy::SumMove>| -> HashSet<u32> {
        moves.into_iter().map(|m| m.to).collect()
    };
    let win = targets(winning_moves(&ex.graph, &ex.solution, &[v]));
    let keep = targets(draw_keeping_moves(&ex.graph, &ex.solution, &[v]));
    let mut winning = Vec::new();
    let mut keeping = Vec::new();
    let mut done = HashSet::new();
    for (i, c) in components.iter().enumerate() {
        if !done.insert(c.clone()) {
            continue;
        }
        for into in of(c).map_err(ExploreError::Options)? {
            let mv = SumMove { component: i, into };
            let to = apply_sum_move(components, &mv);
            let t = ex.index[&sorted(to.clone())];
            if win.contains(&t) {
                winning.push((mv, to));
            } else if keep.contains(&t) {
                keeping.push((mv, to));
            }
        }
    }
    Ok(SumAnalysis {
        value: ex.solution.value(&ex.graph, v),
        winning_moves: winning,
        draw_keeping_moves: keeping,
        positions: ex.positions.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::{solve, sum_value, Digraph, LoopyOutcome};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Sums of tokens on a random digraph, explored as whole positions,
        /// have the value the sum rules give from each token's value (escape
        /// sets included); the moves listed win or keep the draw.
        #[test]
        fn whole_positions_agree_with_the_sum_rules(
            succ in (1usize..=6).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n as u32, 0..=3), n)),
            picks in prop::collection::vec(0u32..6, 1..=3),
        ) {
            let n = succ.len() as u32;
            let parts: Vec<u32> = picks.iter().map(|p| p % n).collect();
            let g = Digraph::from_successors(&succ);
            let s = solve(&g);
            let a = analyze_sum(&parts, |&v: &u32| -> Result<Vec<Vec<u32>>, ()> {
                Ok(succ[v as usize].iter().map(|&w| vec![w]).collect())
            }, 10_000).unwrap();
            let want = sum_value(&g, &s, &parts);
            // Smith's sum theorem: the value of the sum's own graph is the
            // sum of the values.
            prop_assert_eq!(&a.value, &want, "{:?} in {:?}", parts, succ);
            for (_, to) in &a.winning_moves {
                prop_assert_eq!(sum_value(&g, &s, to), LoopyValue::Finite(0));
            }
            for (_, to) in &a.draw_keeping_moves {
                prop_assert_eq!(sum_value(&g, &s, to).outcome(), LoopyOutcome::D);
            }
            prop_assert_eq!(a.winning_moves.is_empty(), want.outcome() != LoopyOutcome::N);
            prop_assert_eq!(a.draw_keeping_moves.is_empty(), want.outcome() != LoopyOutcome::D);
        }
    }

    #[test]
    fn options_that_split_and_vanish() {
        // n splits into two heaps n - 1 (n > 1); 1 vanishes; 0 is stuck;
        // 5 and 6 move to each other: 6 can only go to 5.
        let options = |&n: &u32| -> Result<Vec<Vec<u32>>, ()> {
            Ok(match n {
                0 => vec![],
                1 => vec![vec![]],
                5 => vec![vec![4, 4], vec![6]],
                6 => vec![vec![5]],
                _ => vec![vec![n - 1, n - 1]],
            })
        };
        // 2 -> 1 + 1 -> 1 -> nothing: 1 + 1 is 0, so 2 is 1.
        assert_eq!(
            analyze_sum(&[1, 1], options, 100).unwrap().value,
            LoopyValue::Finite(0)
        );
        assert_eq!(
            analyze_sum(&[2], options, 100).unwrap().value,
            LoopyValue::Finite(1)
        );
        assert_eq!(
            analyze_sum(&[1], options, 100).unwrap().value,
            LoopyValue::Finite(1)
        );
        // 6 is 0: its only move, to 5, is answered by 5 -> 4 + 4 (value 0);
        // so both options of 5 are 0, and 5 is 1 despite the loop.
        assert_eq!(
            analyze_sum(&[5], options, 1000).unwrap().value,
            LoopyValue::Finite(1)
        );
        let a = analyze_sum(&[6], options, 1000).unwrap();
        assert_eq!(a.value, LoopyValue::Finite(0));
        let e = analyze_sum(&[6], options, 3).unwrap_err();
        assert!(matches!(e, ExploreError::TooMany { cap: 3 }));
    }
}
