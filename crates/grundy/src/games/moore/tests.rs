use super::*;
use crate::solve::{Solver, SumSolver};
use proptest::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;

type Solvers = (
    HashMap<usize, Solver<'static, MooreNim>>,
    HashMap<usize, SumSolver<'static, MooreNim>>,
);

thread_local! {
    static SOLVERS: RefCell<Solvers> = RefCell::new((HashMap::new(), HashMap::new()));
}

fn game(k: usize) -> &'static MooreNim {
    Box::leak(Box::new(MooreNim { k }))
}

/// Value (normal play only), P or not, and every winning target, by search.
fn brute(heaps: &[u64], k: usize, convention: Convention) -> (Option<Nimber>, bool, Vec<Vec<u64>>) {
    SOLVERS.with(|s| {
        let mut s = s.borrow_mut();
        let pos = vec![heaps.to_vec()];
        match convention {
            Convention::Normal => {
                let solver = s.0.entry(k).or_insert_with(|| Solver::new(game(k)));
                let v = solver.value(&pos[0]).unwrap();
                let mut tos: Vec<Vec<u64>> = solver
                    .winning_moves(&pos)
                    .unwrap()
                    .into_iter()
                    .map(|m| m.into[0].clone())
                    .collect();
                tos.sort();
                (Some(v), v.is_zero(), tos)
            }
            Convention::Misere => {
                let solver =
                    s.1.entry(k)
                        .or_insert_with(|| SumSolver::new(game(k), Convention::Misere));
                let p = solver.outcome(&pos).unwrap() == Outcome::P;
                let mut tos = Vec::new();
                for (mv, _) in solver.moves(&pos) {
                    if solver.outcome(&mv.into).unwrap() == Outcome::P {
                        tos.push(mv.into[0].clone());
                    }
                }
                tos.sort();
                tos.dedup();
                (None, p, tos)
            }
        }
    })
}

fn check(heaps: &[u64], k: usize, convention: Convention) {
    let (value, p, expect) = brute(heaps, k, convention);
    let all = analyze_all(heaps, k, convention, 1_000_000).unwrap();
    assert_eq!(all.outcome == Outcome::P, p, "{heaps:?} k={k} {convention}");
    if k == 1 || heaps.len() <= 1 {
        if convention == Convention::Normal {
            assert_eq!(all.value, value, "{heaps:?} k={k}");
        }
    } else {
        assert_eq!(all.value, None);
    }
    let mut got: Vec<Vec<u64>> = all.winning_moves.iter().map(|w| w.to.clone()).collect();
    got.sort();
    assert_eq!(got, expect, "{heaps:?} k={k} {convention}");
    let one = analyze(heaps, k, convention);
    assert_eq!(one.outcome, all.outcome);
    match one.winning_moves.first() {
        Some(w) => {
            assert!(
                expect.contains(&w.to),
                "{heaps:?} k={k} {convention}: {:?}",
                w.to
            );
            assert!(w.mv.changes.len() <= k && !w.mv.changes.is_empty());
        }
        None => assert!(
            expect.is_empty(),
            "{heaps:?} k={k} {convention}: move missing"
        ),
    }
    assert!(all.winning_moves.iter().all(|w| w.mv.changes.len() <= k));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn agrees_with_search(heaps in proptest::collection::vec(0u64..6, 1..5), k in 1usize..5) {
        check(&heaps, k, Convention::Normal);
        check(&heaps, k, Convention::Misere);
    }

    #[test]
    fn misere_small_heaps_agree_with_search(heaps in proptest::collection::vec(0u64..3, 1..7), k in 1usize..4) {
        check(&heaps, k, Convention::Misere);
    }
}

#[test]
fn every_heap_of_size_at_most_one() {
    // The misère corner cases, all of them for up to 7 heaps.
    for n in 1..=7usize {
        for mask in 0..1u32 << n {
            let heaps: Vec<u64> = (0..n).map(|i| u64::from(mask >> i & 1)).collect();
            for k in 1..=4 {
                check(&heaps, k, Convention::Misere);
                check(&heaps, k, Convention::Normal);
            }
        }
    }
}

#[test]
fn examples() {
    let a = analyze(&[2, 3, 5, 6], 2, Convention::Normal);
    assert_eq!(a.outcome, Outcome::N);
    assert!(is_p_position(&a.winning_moves[0].to, 2, Convention::Normal));
    assert_eq!(a.value, None);
    // k = 1 is Nim: the value is the nim-sum.
    assert_eq!(
        analyze(&[3, 4, 5], 1, Convention::Normal).value,
        Some(Nimber(2))
    );
    assert_eq!(
        MooreMove::between(&[5, 3, 7], &[1, 3, 6]).to_string(),
        "take 4 from heap 1 (5 -> 1), take 1 from heap 3 (7 -> 6)"
    );
    let e = explain(&[2, 3, 5, 6], 2, Convention::Normal);
    assert!(e.contains("column counts"), "{e}");
    assert!(e.contains("The move: take"), "{e}");
}

#[test]
fn thousand_sixty_bit_heaps() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let heaps: Vec<u64> = (0..1000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x >> 4
        })
        .collect();
    for k in [1, 2, 3, 7, 50] {
        for conv in [Convention::Normal, Convention::Misere] {
            let a = analyze(&heaps, k, conv);
            assert_eq!(a.outcome, Outcome::N);
            let w = &a.winning_moves[0];
            assert!(is_p_position(&w.to, k, conv));
            assert!(!w.mv.changes.is_empty() && w.mv.changes.len() <= k);
            assert!(w.mv.changes.iter().all(|c| c.to < c.from));
        }
    }
    let err = analyze_all(&heaps, 3, Convention::Normal, 1000).unwrap_err();
    assert!(!err.exact && err.log10_count > 3.0, "{err}");
    assert!(err.to_string().contains("about"), "{err}");
}

#[test]
fn knuth_estimate_is_exact_on_a_path() {
    // Nim (k = 1): the choice tree has one branch per heap with the top
    // bit of the nim-sum, then none: the estimate is exact.
    let heaps = [7, 6, 5, 12, 9];
    let n = analyze_all(&heaps, 1, Convention::Normal, 100)
        .unwrap()
        .winning_moves
        .len();
    assert!((10f64.powf(knuth_estimate(&heaps, 1, 16)) - n as f64).abs() < 1e-6);
}

#[test]
fn small_misere_count_is_exact() {
    let heaps = vec![1u64; 40];
    let err = analyze_all(&heaps, 3, Convention::Misere, 10).unwrap_err();
    assert!(err.exact);
    // 40 ones, k = 3: leave 37 (remove 3): C(40, 3) = 9880 moves.
    assert!(err.to_string().contains("has 9880 winning moves"), "{err}");
    // Counts past floating point are still described.
    let huge = analyze_all(&vec![1u64; 5000], 2000, Convention::Misere, 10).unwrap_err();
    assert!(huge.exact && huge.log10_count > 300.0, "{huge}");
    assert!(huge.to_string().contains('e'), "{huge}");
}
