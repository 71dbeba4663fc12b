//! The labelling, the sums and the strategies against plain definitions:
//! retrograde analysis of the sum's own game graph (win, lose, draw),
//! Smith's rounds run literally, and his defining conditions checked.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;

use super::*;

/// Random digraphs on 1..=7 vertices, each with up to 3 followers (cycles,
/// self-loops, repeated edges and sinks all appear).
fn digraph() -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1usize..=7)
        .prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n as u32, 0..=3), n))
}

/// Smith's rounds run literally: in round m, label any vertex meeting the
/// three conditions, until none does; stop after a round that labels none.
fn naive_labels(succ: &[Vec<u32>]) -> Vec<Option<u64>> {
    let n = succ.len();
    let mut label: Vec<Option<u64>> = vec![None; n];
    for m in 0u64.. {
        let mut any = false;
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u].is_some() {
                    continue;
                }
                let has = |x: u64| succ[u].iter().any(|&w| label[w as usize] == Some(x));
                let cond1 = (0..m).all(has);
                let cond2 = !has(m);
                let cond3 = succ[u].iter().all(|&w| match label[w as usize] {
                    Some(l) if l < m => true,
                    _ => succ[w as usize]
                        .iter()
                        .any(|&z| label[z as usize] == Some(m)),
                });
                if cond1 && cond2 && cond3 {
                    label[u] = Some(m);
                    changed = true;
                    any = true;
                }
            }
            if !changed {
                break;
            }
        }
        if !any {
            break;
        }
    }
    label
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Lose,
    Draw,
}

/// Win, lose or draw for the player to move in every position of the sum
/// of `k` tokens on the digraph, by retrograde analysis of its game graph.
fn retrograde(succ: &[Vec<u32>], k: usize) -> HashMap<Vec<u32>, Result3> {
    let n = succ.len() as u32;
    let mut states: Vec<Vec<u32>> = vec![vec![]];
    for _ in 0..k {
        states = states
            .into_iter()
            .flat_map(|s| {
                (0..n).map(move |v| {
                    let mut t = s.clone();
                    t.push(v);
                    t
                })
            })
            .collect();
    }
    let mut res: HashMap<Vec<u32>, Result3> = HashMap::new();
    loop {
        let mut changed = false;
        for s in &states {
            if res.contains_key(s) {
                continue;
            }
            let opts = options(succ, s);
            let r = if opts.iter().any(|o| res.get(o) == Some(&Result3::Lose)) {
                Some(Result3::Win)
            } else if opts.iter().all(|o| res.get(o) == Some(&Result3::Win)) {
                Some(Result3::Lose)
            } else {
                None
            };
            if let Some(r) = r {
                res.insert(s.clone(), r);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for s in states {
        res.entry(s).or_insert(Result3::Draw);
    }
    res
}

fn options(succ: &[Vec<u32>], s: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..s.len() {
        for &w in &succ[s[i] as usize] {
            let mut t = s.to_vec();
            t[i] = w;
            out.push(t);
        }
    }
    out
}

fn expected(o: LoopyOutcome) -> Result3 {
    match o {
        LoopyOutcome::N => Result3::Win,
        LoopyOutcome::P => Result3::Lose,
        LoopyOutcome::D => Result3::Draw,
    }
}

/// The longest play from `s` with the winner (to move at even depths)
/// always playing [`best_winning_move`] and the loser trying every move;
/// `None` if some play revisits a position (a cycle).
fn longest_win(
    g: &Digraph,
    sol: &Solution,
    s: Vec<u32>,
    memo: &mut HashMap<(Vec<u32>, bool), usize>,
    path: &mut HashSet<(Vec<u32>, bool)>,
    winner_to_move: bool,
) -> Option<usize> {
    let key = (s.clone(), winner_to_move);
    if let Some(&d) = memo.get(&key) {
        return Some(d);
    }
    if !path.insert(key.clone()) {
        return None;
    }
    let next: Vec<Vec<u32>> = if winner_to_move {
        let m = best_winning_move(g, sol, &s).expect("a winning move from an N-position");
        let mut t = s.clone();
        t[m.component] = m.to;
        vec![t]
    } else {
        let succ: Vec<Vec<u32>> = (0..g.vertex_count() as u32)
            .map(|v| g.successors(v).to_vec())
            .collect();
        options(&succ, &s)
    };
    let mut best = 0;
    for t in next {
        best = best.max(1 + longest_win(g, sol, t, memo, path, !winner_to_move)?);
    }
    path.remove(&key);
    memo.insert(key, best);
    Some(best)
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn labels_match_the_rounds_run_literally(succ in digraph()) {
        let g = Digraph::from_successors(&succ);
        let s = solve(&g);
        let naive = naive_labels(&succ);
        for v in 0..succ.len() as u32 {
            prop_assert_eq!(s.finite(v), naive[v as usize], "vertex {} of {:?}", v, succ);
        }
    }

    #[test]
    fn values_meet_smiths_conditions(succ in digraph()) {
        let g = Digraph::from_successors(&succ);
        let s = solve(&g);
        let val = |v: u32| s.finite(v);
        // m satisfies the conditions at u, given every vertex's value.
        let fits = |u: u32, m: u64| {
            let f = &succ[u as usize];
            !f.iter().any(|&w| val(w) == Some(m))
                && (0..m).all(|x| f.iter().any(|&w| val(w) == Some(x)))
                && f.iter().all(|&w| match val(w) {
                    Some(l) if l < m => true,
                    _ => succ[w as usize].iter().any(|&z| val(z) == Some(m)),
                })
        };
        for u in 0..succ.len() as u32 {
            match s.value(&g, u) {
                LoopyValue::Finite(m) => prop_assert!(fits(u, m), "{} at {} in {:?}", m, u, succ),
                LoopyValue::Infinite(k) => {
                    let mut want: Vec<u64> = succ[u as usize].iter().filter_map(|&w| val(w)).collect();
                    want.sort_unstable();
                    want.dedup();
                    prop_assert_eq!(&k, &want);
                    // Finite values never exceed the number of vertices.
                    for m in 0..=succ.len() as u64 {
                        prop_assert!(!fits(u, m), "∞ at {} but {} fits in {:?}", u, m, succ);
                    }
                }
            }
        }
    }

    #[test]
    fn outcomes_of_sums_match_retrograde_analysis(succ in digraph(), k in 1usize..=3) {
        prop_assume!(succ.len().pow(k as u32) <= 343);
        let g = Digraph::from_successors(&succ);
        let s = solve(&g);
        for (pos, r) in retrograde(&succ, k) {
            let v = sum_value(&g, &s, &pos);
            prop_assert_eq!(expected(v.outcome()), r, "{:?} = {} in {:?}", pos, v, succ);
        }
    }

    #[test]
    fn winning_moves_win_without_cycling(succ in digraph(), k in 1usize..=3) {
        prop_assume!(succ.len().pow(k as u32) <= 343);
        let g = Digraph::from_successors(&succ);
        let s = solve(&g);
        let truth = retrograde(&succ, k);
        let mut memo = HashMap::new();
        // Ranks are the labelled steps plus ∞; k tokens lower a multiset of
        // them, so a won game lasts at most twice the number of multisets.
        let ranks = s.finite_count() as u64 + 1;
        let bound = 2 * binomial(ranks + k as u64, k as u64) as usize;
        for (pos, r) in &truth {
            let moves = winning_moves(&g, &s, pos);
            prop_assert_eq!(moves.is_empty(), *r != Result3::Win, "{:?} in {:?}", pos, succ);
            for m in &moves {
                let mut t = pos.clone();
                t[m.component] = m.to;
                prop_assert!(succ[pos[m.component] as usize].contains(&m.to));
                prop_assert_eq!(truth[&t], Result3::Lose, "{:?} -> {:?} in {:?}", pos, t, succ);
            }
            if *r == Result3::Win {
                let len = longest_win(&g, &s, pos.clone(), &mut memo, &mut HashSet::new(), true);
                prop_assert!(len.is_some(), "the winner cycles from {:?} in {:?}", pos, succ);
                prop_assert!(len.unwrap() <= bound, "{:?} lasts {:?} > {}", pos, len, bound);
            }
        }
    }

    #[test]
    fn draw_keeping_moves_are_the_moves_to_draws(succ in digraph(), k in 1usize..=3) {
        prop_assume!(succ.len().pow(k as u32) <= 343);
        let g = Digraph::from_successors(&succ);
        let s = solve(&g);
        let truth = retrograde(&succ, k);
        for (pos, r) in &truth {
            let keep: HashSet<Vec<u32>> = draw_keeping_moves(&g, &s, pos)
                .into_iter()
                .map(|m| {
                    let mut t = pos.clone();
                    t[m.component] = m.to;
                    t.sort_unstable();
                    t
                })
                .collect();
            // Tokens on one vertex are listed once: compare as multisets.
            let sorted = |mut t: Vec<u32>| {
                t.sort_unstable();
                t
            };
            let want: HashSet<Vec<u32>> = if *r == Result3::Draw {
                options(&succ, pos).into_iter().filter(|t| truth[t] == Result3::Draw).map(sorted).collect()
            } else {
                HashSet::new()
            };
            prop_assert_eq!(&keep, &want, "{:?} in {:?}", pos, succ);
            prop_assert_eq!(keep.is_empty(), *r != Result3::Draw);
        }
    }

    #[test]
    fn exploring_a_closure_gives_the_digraphs_values(succ in digraph()) {
        let ex = explore(&[0u32], |&v| -> Result<Vec<u32>, ()> { Ok(succ[v as usize].clone()) }, 100).unwrap();
        let g = Digraph::from_successors(&succ);
        let s = solve(&g);
        for (i, &p) in ex.positions.iter().enumerate() {
            prop_assert_eq!(ex.solution.value(&ex.graph, i as u32), s.value(&g, p));
        }
    }
}

#[test]
fn exploring_refuses_too_many_positions() {
    let e = explore(
        &[0u64],
        |&k| -> Result<Vec<u64>, &str> { Ok(vec![k + 1]) },
        1000,
    )
    .unwrap_err();
    assert!(matches!(e, ExploreError::TooMany { cap: 1000 }));
    assert!(
        e.to_string()
            .starts_with("more than 1000 positions are reachable"),
        "{e}"
    );
    let e = explore(&[0u64], |_| Err("no options"), 10).unwrap_err();
    assert_eq!(e, ExploreError::Options("no options"));
}

#[test]
fn a_self_loop_is_infinite_and_a_lone_cycle_draws() {
    let g = Digraph::from_successors(&[vec![0], vec![2], vec![1]]);
    let s = solve(&g);
    assert_eq!(s.value(&g, 0), LoopyValue::infinite([]));
    assert_eq!(s.value(&g, 1).outcome(), LoopyOutcome::D);
    assert_eq!(
        draw_keeping_moves(&g, &s, &[1]),
        vec![SumMove {
            component: 0,
            to: 2
        }]
    );
}
