//! Games given only by an options function whose options may be sums of
//! components (as scripts give them): the graph of whole positions (each a
//! multiset of components) is explored and solved with Smith's values.
//!
//! This is how a game defined without Rust gets loopy values: any
//! `Fn(component) -> options`, each option a list of components (empty: the
//! component is gone), positions hashable and ordered.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Display;
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
    P: Hash + Eq + Ord + Clone + Display,
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
    refuse_sum_cycle(components, &mut of, cap)?;
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

/// Refuses a game whose whole positions are infinitely many because a
/// component comes back beside other parts ([`ExploreError::SumCycle`]).
///
/// The components reachable from `components` (at most `cap`) are a
/// finite graph with an edge from a component to each part of each of its
/// options; an edge out of an option of two or more parts that lies on a
/// cycle makes every round of that cycle leave one more part behind.
/// Options are asked once per component.
///
/// ```
/// use grundy::loopy::sums::refuse_sum_cycle;
/// // n may become n + 1 beside a heap of 1: a cycle through a sum.
/// let mut options = |&n: &u32| -> Result<Vec<Vec<u32>>, String> {
///     Ok(if n == 0 { vec![] } else { vec![vec![n, 1], vec![n - 1]] })
/// };
/// let e = refuse_sum_cycle(&[3], &mut options, 100).unwrap_err();
/// assert!(e.to_string().contains("3 -> 3 + 1"));
/// // Splitting into smaller parts is no cycle.
/// let mut halves = |&n: &u32| -> Result<Vec<Vec<u32>>, String> {
///     Ok(if n < 2 { vec![] } else { vec![vec![n / 2, n - n / 2]] })
/// };
/// assert!(refuse_sum_cycle(&[9], &mut halves, 100).is_ok());
/// ```
pub fn refuse_sum_cycle<P, E, F>(
    components: &[P],
    options: &mut F,
    cap: usize,
) -> Result<(), ExploreError<E>>
where
    P: Hash + Eq + Clone + Display,
    F: FnMut(&P) -> Result<Vec<Vec<P>>, E>,
{
    // The component graph: each edge is (to, the option it comes from).
    let mut nodes: Vec<P> = Vec::new();
    let mut index: HashMap<P, usize> = HashMap::new();
    let mut edges: Vec<Vec<(usize, Vec<P>)>> = Vec::new();
    for c in components {
        if !index.contains_key(c) {
            index.insert(c.clone(), nodes.len());
            nodes.push(c.clone());
        }
    }
    while edges.len() < nodes.len() {
        let c = nodes[edges.len()].clone();
        let mut out = Vec::new();
        for option in options(&c).map_err(ExploreError::Options)? {
            for part in &option {
                let to = match index.get(part) {
                    Some(&i) => i,
                    None => {
                        if nodes.len() >= cap {
                            return Err(ExploreError::TooMany { cap });
                        }
                        index.insert(part.clone(), nodes.len());
                        nodes.push(part.clone());
                        nodes.len() - 1
                    }
                };
                out.push((to, option.clone()));
            }
        }
        edges.push(out);
    }
    let successors: Vec<Vec<usize>> = edges
        .iter()
        .map(|out| out.iter().map(|(to, _)| *to).collect())
        .collect();
    let scc = strong_components(&successors);
    for (from, out) in edges.iter().enumerate() {
        for (to, option) in out {
            if option.len() < 2 || scc[from] != scc[*to] {
                continue;
            }
            // Back from `to` to `from` inside their component.
            let path = shortest_path(&edges, *to, from, |v| scc[v] == scc[from]);
            let write = |v: usize, option: &[P]| {
                let parts: Vec<String> = option.iter().map(ToString::to_string).collect();
                format!("{} -> {}", nodes[v], parts.join(" + "))
            };
            let mut cycle = vec![write(from, option)];
            for (v, option) in path {
                cycle.push(write(v, &option));
            }
            return Err(ExploreError::SumCycle {
                cycle: cycle.join(", "),
            });
        }
    }
    Ok(())
}

/// The moves of a shortest path from `from` to `to` through vertices that
/// pass `inside`, each as (vertex, option taken there).
fn shortest_path<P: Clone>(
    edges: &[Vec<(usize, Vec<P>)>],
    from: usize,
    to: usize,
    inside: impl Fn(usize) -> bool,
) -> Vec<(usize, Vec<P>)> {
    let mut back: HashMap<usize, (usize, usize)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    let mut seen = HashSet::from([from]);
    while let Some(v) = queue.pop_front() {
        if v == to {
            break;
        }
        for (k, (w, _)) in edges[v].iter().enumerate() {
            if inside(*w) && seen.insert(*w) {
                back.insert(*w, (v, k));
                queue.push_back(*w);
            }
        }
    }
    let mut path = Vec::new();
    let mut v = to;
    while v != from {
        let Some(&(u, k)) = back.get(&v) else { break };
        path.push((u, edges[u][k].1.clone()));
        v = u;
    }
    path.reverse();
    path
}

/// The strongly connected component of each vertex (Tarjan's algorithm,
/// without recursion).
fn strong_components(successors: &[Vec<usize>]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let n = successors.len();
    let (mut order, mut low, mut comp) = (vec![NONE; n], vec![0; n], vec![NONE; n]);
    let (mut stack, mut on_stack) = (Vec::new(), vec![false; n]);
    let (mut next, mut comps) = (0, 0);
    for root in 0..n {
        if order[root] != NONE {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        order[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = calls.last_mut() {
            if let Some(&w) = successors[v].get(*i) {
                *i += 1;
                if order[w] == NONE {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(u, _)) = calls.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == order[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = comps;
                    if w == v {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
    comp
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

    #[test]
    fn a_cycle_through_a_sum_is_refused_with_its_cycle() {
        // 4 -> 2 + 2 and 2 -> 4 + 0: each round leaves more parts.
        let options = |&n: &u32| -> Result<Vec<Vec<u32>>, &'static str> {
            Ok(match n {
                4 => vec![vec![2, 2], vec![3]],
                2 => vec![vec![4, 0], vec![1]],
                1 => vec![vec![0]],
                3 => vec![vec![1]],
                _ => vec![],
            })
        };
        let e = analyze_sum(&[3, 4], options, 1000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a cycle through a sum: 4 -> 2 + 2, 2 -> 4 + 0, which leaves the first part again \
             beside others, so the positions reachable grow without end and have no value"
        );
        // The same moves with single parts only: a finite loopy game.
        let single = |&n: &u32| -> Result<Vec<Vec<u32>>, &'static str> {
            Ok(match n {
                4 => vec![vec![2], vec![3]],
                2 => vec![vec![4], vec![1]],
                1 => vec![vec![0]],
                3 => vec![vec![1]],
                _ => vec![],
            })
        };
        assert!(analyze_sum(&[3, 4], single, 1000).is_ok());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Random games whose options may split: the check refuses exactly
        /// the games whose whole positions from the start are unbounded,
        /// which a bounded exploration tells apart (a finite game never
        /// reaches more whole positions than its bound; an unbounded one
        /// grows past any).
        #[test]
        fn refused_exactly_when_whole_positions_are_unbounded(
            options in prop::collection::vec(
                prop::collection::vec(prop::collection::vec(0u32..4, 0..=2), 0..=2), 4),
            start in 0u32..4,
        ) {
            let of = |&n: &u32| -> Result<Vec<Vec<u32>>, ()> { Ok(options[n as usize].clone()) };
            let mut of1 = of;
            let refused = refuse_sum_cycle(&[start], &mut of1, 100).is_err();
            // Without a sum cycle a part splits only into parts of lower
            // strong components: at most 2^4 parts of 4 kinds, so at most
            // C(20, 4) = 4845 whole positions, far under 20,000. With one,
            // they are infinitely many.
            let explored = explore(&[vec![start]], |s: &Vec<u32>| -> Result<Vec<Vec<u32>>, ()> {
                let mut out = Vec::new();
                for (i, c) in s.iter().enumerate() {
                    for into in &options[*c as usize] {
                        let mut next: Vec<u32> = s[..i].iter().chain(&s[i + 1..]).copied().collect();
                        next.extend(into);
                        next.sort();
                        if next.len() > 64 {
                            return Err(());
                        }
                        out.push(next);
                    }
                }
                Ok(out)
            }, 20_000);
            prop_assert_eq!(refused, explored.is_err(), "{:?} from {}", options, start);
        }
    }
}
