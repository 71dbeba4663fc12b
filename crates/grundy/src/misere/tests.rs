//! Checks of the misère module against plain definitions and published
//! CGSuite output.

use crate::heap::code::code_strategy;
use std::collections::HashMap;

use proptest::prelude::*;

use super::genus::GenusTable;
use crate::heap::rule::HeapRule;

/// The misère value of heaps plus `twos` copies of `*2` and `ones` copies
/// of `*1`, by the definition: 1 with no move, else the mex over moves.
fn misere_value(
    rule: &HeapRule,
    heaps: &[u32],
    twos: u32,
    ones: u32,
    memo: &mut HashMap<(Vec<u32>, u32, u32), u32>,
) -> u32 {
    let mut key: Vec<u32> = heaps.to_vec();
    key.sort_unstable();
    let k = (key, twos, ones);
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..heaps.len() {
        rule.for_each_move(heaps[i], |_, parts| {
            let mut to: Vec<u32> = heaps[..i].to_vec();
            to.extend_from_slice(&heaps[i + 1..]);
            to.extend_from_slice(parts);
            seen.push((to, twos, ones));
        });
    }
    if twos > 0 {
        seen.push((heaps.to_vec(), twos - 1, ones + 1));
        seen.push((heaps.to_vec(), twos - 1, ones));
    }
    if ones > 0 {
        seen.push((heaps.to_vec(), twos, ones - 1));
    }
    let v = if seen.is_empty() {
        1
    } else {
        let vals: Vec<u32> = seen
            .into_iter()
            .map(|(h, t, o)| misere_value(rule, &h, t, o, memo))
            .collect();
        (0..).find(|v| !vals.contains(v)).unwrap()
    };
    memo.insert(k.clone(), v);
    v
}

/// The normal-play value by the plain mex recursion.
fn normal_value(rule: &HeapRule, n: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let mut opts = Vec::new();
    rule.for_each_move(n, |_, parts| opts.push(parts.to_vec()));
    let vals: Vec<u32> = opts
        .iter()
        .map(|p| p.iter().fold(0, |a, &h| a ^ normal_value(rule, h, memo)))
        .collect();
    let v = (0..).find(|v| !vals.contains(v)).unwrap();
    memo.insert(n, v);
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// γk is the misère value of the position plus k copies of *2, and g its
    /// normal value, for random rules and random small sums.
    #[test]
    fn genus_is_misere_value_with_twos(
        code in code_strategy(1..4),
        heaps in proptest::collection::vec(1u32..7, 1..3),
    ) {
        let rule: HeapRule = code.parse().unwrap();
        let mut t = GenusTable::new(&rule);
        let genus = t.genus(&heaps).unwrap().clone();
        let mut memo = HashMap::new();
        for k in 0..6 {
            prop_assert_eq!(
                genus.digit(k),
                misere_value(&rule, &heaps, k as u32, 0, &mut memo),
                "{} {:?} γ{}", code, heaps, k
            );
        }
        let mut nm = HashMap::new();
        let g = heaps.iter().fold(0, |a, &h| a ^ normal_value(&rule, h, &mut nm));
        prop_assert_eq!(genus.g, g);
        prop_assert!(genus.gamma.len() >= 2);
    }
}

/// The genera of heaps 0 to 20 as CGSuite displays them (CGSuite's own
/// test suite, `GameHeapTest`).
#[test]
fn cgsuite_displayed_genus() {
    let cases: &[(&str, &str)] = &[
        (
            "4!.0",
            "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20",
        ),
        (
            "0.77",
            "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
        ),
        (
            "0.07",
            "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
        ),
        ("0.0330003", "0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0"),
        (
            "0.[3]",
            "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        ),
        ("0.3003330[3]", "0,1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10"),
        (
            "0.3F",
            "0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,\
             6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)",
        ),
    ];
    for (code, expected) in cases {
        let rule: HeapRule = code.parse().unwrap();
        let got: Vec<String> = GenusTable::new(&rule)
            .heaps(20)
            .unwrap()
            .iter()
            .map(|g| g.displayed())
            .collect();
        assert_eq!(got.join(","), *expected, "{code}");
    }
}

/// Misère values of heaps 0 to 20 (CGSuite's `MisereNimValue`).
#[test]
fn cgsuite_misere_values() {
    let cases: &[(&str, &str)] = &[
        ("4!.0", "1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2"),
        ("0.77", "1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0"),
        ("0.07", "1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3"),
    ];
    for (code, expected) in cases {
        let rule: HeapRule = code.parse().unwrap();
        let got: Vec<String> = GenusTable::new(&rule)
            .heaps(20)
            .unwrap()
            .iter()
            .map(|g| g.misere_value().to_string())
            .collect();
        assert_eq!(got.join(","), *expected, "{code}");
    }
}

#[test]
fn refuses_large_heaps_up_front() {
    let kayles: HeapRule = "0.77".parse().unwrap();
    let err = GenusTable::new(&kayles).heaps(500).unwrap_err();
    assert!(err.to_string().contains("multisets"), "{err}");
    let nim: HeapRule = "0.[3]".parse().unwrap();
    assert!(GenusTable::new(&nim).heaps(1_000_000).is_err());
}

mod quotients {
    use std::sync::OnceLock;

    use super::*;
    use crate::game::{Convention, Outcome};
    use crate::games::heap::{self as heapgame, HeapGame};
    use crate::misere::extend;
    use crate::misere::quotient::Quotient;
    use crate::misere::report::phi_periodicity;
    use crate::misere::solver::{solve, Limits};
    use crate::solve::SumSolver;

    /// The rules of the checks with the heaps their quotient is computed to
    /// (by extension and recalibration) and the most tokens of the sums
    /// checked by exhaustive search.
    const RULES: &[(&str, u32, u32)] = &[
        ("0.77", 100, 36),
        ("0.07", 24, 36),
        ("0.137", 23, 36),
        ("0.75", 60, 36),
        ("0.31", 60, 44),
        ("0.312", 60, 36),
        ("4!.0", 20, 30),
    ];

    fn quotient(i: usize) -> &'static (HeapRule, Quotient) {
        static ALL: OnceLock<Vec<OnceLock<(HeapRule, Quotient)>>> = OnceLock::new();
        let all = ALL.get_or_init(|| RULES.iter().map(|_| OnceLock::new()).collect());
        all[i].get_or_init(|| {
            let (code, top, _) = RULES[i];
            let rule: HeapRule = code.parse().unwrap();
            let run = extend::solve(&rule, top, Limits::default(), |_| false).unwrap();
            assert_eq!(run.stopped, None, "{code}");
            assert_eq!(run.quotient.top, top);
            (rule, run.quotient)
        })
    }

    /// Outcome and every winning move of random sums from the quotient agree
    /// with exhaustive misère search.
    fn agrees(i: usize, heaps: &[u32]) -> Result<(), TestCaseError> {
        let (rule, q) = quotient(i);
        let game = HeapGame { rule };
        let mut s = SumSolver::new(&game, Convention::Misere);
        let truth = s.outcome(heaps).unwrap() == Outcome::P;
        prop_assert_eq!(q.is_p(heaps), Some(truth), "{} {:?}", RULES[i].0, heaps);
        let mut by_search: Vec<(usize, u32, Vec<u32>)> = Vec::new();
        for (mv, to) in heapgame::moves(rule, heaps) {
            if s.outcome(&to).unwrap() == Outcome::P {
                by_search.push((mv.heap, mv.take, mv.parts));
            }
        }
        let by_quotient: Vec<(usize, u32, Vec<u32>)> = q
            .winning_moves(rule, heaps)
            .unwrap()
            .into_iter()
            .map(|m| (m.heap, m.take, m.parts))
            .collect();
        prop_assert_eq!(by_quotient, by_search, "{} {:?}", RULES[i].0, heaps);
        Ok(())
    }

    /// One heap from anywhere in the range the search can reach, and up to
    /// three small ones, at most `budget` tokens in all.
    fn sums(i: usize) -> impl Strategy<Value = Vec<u32>> {
        let (_, top, budget) = RULES[i];
        (
            1..=top.min(budget),
            proptest::collection::vec(1..=top.min(12), 0..4),
        )
            .prop_map(|(big, mut rest)| {
                rest.push(big);
                rest
            })
            .prop_filter("small enough to search", move |h| {
                h.iter().sum::<u32>() <= budget
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn kayles(h in sums(0)) { agrees(0, &h)?; }
        #[test]
        fn dawsons_kayles(h in sums(1)) { agrees(1, &h)?; }
        #[test]
        fn dawsons_chess(h in sums(2)) { agrees(2, &h)?; }
        #[test]
        fn octal_075(h in sums(3)) { agrees(3, &h)?; }
        #[test]
        fn octal_031(h in sums(4)) { agrees(4, &h)?; }
        #[test]
        fn octal_0312(h in sums(5)) { agrees(5, &h)?; }
        #[test]
        fn grundys_game(h in sums(6)) { agrees(6, &h)?; }
    }

    /// Every heap alone, over the whole range: P exactly when its misère
    /// value (from the genus, computed independently) is 0.
    #[test]
    fn single_heaps_agree_with_the_genus() {
        for (i, (code, _, _)) in RULES.iter().enumerate() {
            let (rule, q) = quotient(i);
            let top = q.top.min(36);
            let genera = GenusTable::new(rule).heaps(top).unwrap();
            for (h, g) in genera.iter().enumerate() {
                assert_eq!(
                    q.is_p(&[h as u32]),
                    Some(g.misere_value() == 0),
                    "{code} heap {h}"
                );
            }
        }
    }

    /// The learning solver (exhaustive search, Angluin's L*) and extension
    /// with recalibration find the same quotient: same order, P-portion,
    /// presentation and Φ.
    #[test]
    fn both_solvers_agree() {
        for (code, top) in [
            ("0.77", 10),
            ("0.07", 12),
            ("0.75", 14),
            ("0.312", 12),
            ("4!.0", 10),
        ] {
            let rule: HeapRule = code.parse().unwrap();
            let a = solve(&rule, top, Limits::default()).unwrap().quotient;
            let b = extend::solve(&rule, top, Limits::default(), |_| false)
                .unwrap()
                .quotient;
            assert_eq!((a.order, a.p_size()), (b.order, b.p_size()), "{code}");
            let (pa, pb) = (a.presentation(), b.presentation());
            assert_eq!(pa.relations, pb.relations, "{code}");
            let phi = |q: &Quotient, p: &crate::misere::quotient::Presentation| -> Vec<String> {
                q.phi.iter().map(|&x| p.words[x as usize].clone()).collect()
            };
            assert_eq!(phi(&a, &pa), phi(&b, &pb), "{code}");
        }
    }

    /// Kayles: Φ is proven periodic with period 12 from heap 71, the same
    /// period and preperiod as its normal-play values (Guy; Winning Ways
    /// ch. 4: the last exceptional value is at heap 70). The quotient of
    /// every heap is reached at heap 27.
    #[test]
    fn kayles_full_quotient() {
        let rule: HeapRule = "0.77".parse().unwrap();
        let run = extend::solve(&rule, 10_000, Limits::default(), |q| {
            phi_periodicity(&rule, &q.phi).status == "proven"
        })
        .unwrap();
        let q = &run.quotient;
        let per = phi_periodicity(&rule, &q.phi);
        assert_eq!(
            (per.status, per.preperiod, per.period),
            ("proven", Some(71), Some(12))
        );
        // The window: 2·71 + 12 + 2 heaps compared with those 12 further.
        assert_eq!(q.top, 2 * 71 + 12 + 2 + 12 - 1);
        assert_eq!((q.order, q.p_size()), (40, 9));
        assert_eq!(run.orders.iter().position(|&o| o == 40), Some(27));
        // One heap short of the window: only observed.
        let short = phi_periodicity(&rule, &q.phi[..q.phi.len() - 1]);
        assert_eq!(short.status, "observed");
        let pr = q.presentation();
        let gens: Vec<u32> = pr.generators.iter().map(|g| g.1).collect();
        assert_eq!(gens, [1, 2, 5, 9, 12, 25, 27]);
        let first: Vec<&str> = q.phi[..10]
            .iter()
            .map(|&x| pr.words[x as usize].as_str())
            .collect();
        assert_eq!(
            first,
            ["1", "a", "b", "a b", "a", "c", "a b", "b", "a b^2", "d"]
        );
    }

    /// Plambeck and Siegel's R8: the quotient of 0.75, of order 8 with
    /// P = {a, b²}.
    #[test]
    fn r8() {
        let (_, q) = quotient(3);
        assert_eq!((q.order, q.p_size()), (8, 2));
        let pr = q.presentation();
        let gens: Vec<u32> = pr.generators.iter().map(|g| g.1).collect();
        assert_eq!(gens, [1, 2, 5]);
        let p: Vec<&str> = (0..q.order)
            .filter(|&x| q.p[x])
            .map(|x| pr.words[x].as_str())
            .collect();
        assert_eq!(p, ["a", "b^2"]);
    }

    /// A sum of thousands of heaps is decided at once.
    #[test]
    fn large_sums() {
        let (rule, q) = quotient(0);
        let heaps: Vec<u32> = (0..5000).map(|i| 1 + (i * 7 % 97)).collect();
        let p = q.is_p(&heaps).unwrap();
        let moves = q.winning_moves(rule, &heaps).unwrap();
        assert_eq!(p, moves.is_empty());
        assert!(q.is_p(&[101]).is_none());
    }
}

mod tame {
    use super::*;
    use crate::game::{Convention, Outcome};
    use crate::games::heap::{self as heapgame, HeapGame};
    use crate::misere::genus::Phylum;
    use crate::misere::play::MisereEngine;
    use crate::solve::SumSolver;

    fn tame_engine(rule: &HeapRule, top: u32) -> Option<MisereEngine> {
        let genera = GenusTable::new(rule).heaps(top).ok()?;
        genera
            .iter()
            .all(|g| matches!(g.phylum, Phylum::NimHeap | Phylum::HereditarilyTame))
            .then(|| {
                MisereEngine::Tame(crate::misere::play::Tame::Table(
                    genera.iter().map(|g| (g.g, g.gamma[0])).collect(),
                ))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Where every heap is hereditarily tame, the misère Nim rule gives
        /// the outcome and every winning move that search gives.
        #[test]
        fn tame_rule_agrees_with_search(
            code in prop_oneof![
                Just("0.[3]"), Just("0.33"), Just("0.333"), Just("0.3033"), Just("0.03"),
                Just("0.31"), Just("0.3F"), Just("4.[3]")
            ],
            heaps in proptest::collection::vec(1u32..9, 1..5),
        ) {
            let rule: HeapRule = code.parse().unwrap();
            let Some(e) = tame_engine(&rule, 8) else { return Ok(()); };
            let game = HeapGame { rule: &rule };
            let mut s = SumSolver::new(&game, Convention::Misere);
            let truth = s.outcome(&heaps).unwrap() == Outcome::P;
            prop_assert_eq!(e.is_p(&heaps), Some(truth), "{} {:?}", code, heaps);
            let mut by_search = Vec::new();
            for (mv, to) in heapgame::moves(&rule, &heaps) {
                if s.outcome(&to).unwrap() == Outcome::P {
                    by_search.push((mv.heap, mv.take, mv.parts));
                }
            }
            let by_rule: Vec<(usize, u32, Vec<u32>)> = e
                .winning_moves(&rule, &heaps)
                .unwrap()
                .into_iter()
                .map(|m| (m.heap, m.take, m.parts))
                .collect();
            prop_assert_eq!(by_rule, by_search, "{} {:?}", code, heaps);
        }
    }

    #[test]
    fn nim_and_subtraction_are_tame() {
        for code in ["0.[3]", "0.33", "4.[3]"] {
            let rule: HeapRule = code.parse().unwrap();
            assert!(tame_engine(&rule, 8).is_some(), "{code}");
        }
        let kayles: HeapRule = "0.77".parse().unwrap();
        assert!(tame_engine(&kayles, 8).is_none());
    }
}

/// Heaps past the quotient computed heap by heap: from Φ's proven period,
/// and by Bouton's misère rule for Nim.
mod large_heaps {
    use proptest::prelude::*;

    use crate::heap::rule::HeapRule;
    use crate::misere::extend;
    use crate::misere::play::{Method, MisereEngine};
    use crate::misere::quotient::QuotientMove;
    use crate::misere::solver::Limits;

    fn moves(v: Option<Vec<QuotientMove>>) -> Vec<(usize, u32, Vec<u32>)> {
        v.unwrap()
            .into_iter()
            .map(|m| (m.heap, m.take, m.parts))
            .collect()
    }

    /// Misère Nim by Bouton: with a heap of 2 or more, P when the nim-sum
    /// is 0; with heaps of 0 and 1 only, P when the 1s are odd in number.
    fn bouton_is_p(heaps: &[u32]) -> bool {
        if heaps.iter().all(|&h| h <= 1) {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
        } else {
            heaps.iter().fold(0, |a, &h| a ^ h) == 0
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Kayles' engine for heaps to 300 (Φ proven periodic) decides sums
        /// and lists winning moves exactly as the quotient computed heap by
        /// heap to 300 does.
        #[test]
        fn kayles_by_the_period_agrees_with_the_whole_table(
            heaps in proptest::collection::vec(0u32..=300, 1..5),
        ) {
            use std::sync::OnceLock;
            static FULL: OnceLock<crate::misere::quotient::Quotient> = OnceLock::new();
            let rule: HeapRule = "kayles".parse().unwrap();
            let full = FULL.get_or_init(|| {
                let run = extend::solve(&rule, 300, Limits::default(), |_| false).unwrap();
                assert_eq!(run.stopped, None);
                run.quotient
            });
            static ENGINE: OnceLock<MisereEngine> = OnceLock::new();
            let e = ENGINE.get_or_init(|| MisereEngine::new(&"kayles".parse().unwrap(), 300));
            prop_assert_eq!(e.method(), Method::Quotient);
            prop_assert_eq!(e.quotient().unwrap().period, Some((71, 12)));
            prop_assert!(e.quotient().unwrap().top < 300);
            prop_assert_eq!(e.is_p(&heaps), full.is_p(&heaps), "{:?}", heaps);
            prop_assert_eq!(
                moves(e.winning_moves(&rule, &heaps)),
                moves(full.winning_moves(&rule, &heaps)),
                "{:?}", heaps
            );
        }

        /// Nim's heaps of any size follow Bouton's misère rule, winning
        /// moves included.
        #[test]
        fn nim_follows_bouton_for_any_heaps(
            heaps in proptest::collection::vec(prop_oneof![0u32..4, 0u32..400], 1..5),
        ) {
            let rule: HeapRule = "nim".parse().unwrap();
            let top = heaps.iter().copied().max().unwrap();
            let e = MisereEngine::new(&rule, top);
            prop_assert_eq!(e.method(), Method::Tame);
            prop_assert_eq!(e.is_p(&heaps), Some(bouton_is_p(&heaps)), "{:?}", heaps);
            let mut want = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                for left in (0..h).rev() {
                    let mut after = heaps.clone();
                    after[i] = left;
                    if bouton_is_p(&after) {
                        let parts = if left == 0 { vec![] } else { vec![left] };
                        want.push((i, h - left, parts));
                    }
                }
            }
            prop_assert_eq!(moves(e.winning_moves(&rule, &heaps)), want, "{:?}", heaps);
        }
    }
}

mod incremental_proof {
    use proptest::prelude::*;

    use crate::heap::rule::HeapRule;
    use crate::misere::extend::solve;
    use crate::misere::quotient::Quotient;
    use crate::misere::solver::Limits;
    use crate::misere::verify::{
        kinds, least_failure, option_products, winning_contexts, Kind, Proof, SumOrder,
    };

    /// The proof built a kind at a time, skipping covered kinds and
    /// undoing a kind that fails, gives the verdict of a search from
    /// scratch over every kind, on true quotients and on quotients with one
    /// element's label flipped (which (N) usually refutes).
    fn agrees(
        code: &str,
        top: u32,
        flip: Option<usize>,
        order: &[usize],
    ) -> Result<(), TestCaseError> {
        let rule: HeapRule = code.parse().unwrap();
        let mut q = solve(&rule, top, Limits::default(), |_| false)
            .unwrap()
            .quotient;
        if let Some(f) = flip {
            let f = f % q.order;
            q.p[f] = !q.p[f];
        }
        let letters: Vec<u32> = (1..=top).collect();
        let all: Vec<Kind> = letters
            .iter()
            .map(|&h| Kind {
                phi: q.phi[h as usize],
                contexts: winning_contexts(&q, &option_products(&rule, &q, h)),
                heap: h,
            })
            .collect();
        let fresh = Proof::new(&q, kinds(&rule, &q, &letters), usize::MAX)
            .unwrap()
            .is_ok();
        let mut proof = Proof::empty(&q, usize::MAX);
        let mut holds = true;
        for &i in order {
            let kind = all[i % all.len()].clone();
            if !proof.covers(&kind) && !proof.extend(&q, kind).unwrap() {
                holds = false;
            }
        }
        for kind in all {
            if !proof.covers(&kind) && !proof.extend(&q, kind).unwrap() {
                holds = false;
            }
        }
        prop_assert_eq!(holds, fresh, "{} {:?}", code, flip);
        Ok(())
    }

    /// Condition (N) alone refutes a flipped label for many elements (a
    /// P-position made N has no move into P; an N made P is (P)'s to
    /// catch), so the comparison below sees both verdicts.
    #[test]
    fn flipped_labels_are_refuted() {
        let rule: HeapRule = "0.77".parse().unwrap();
        let q = solve(&rule, 12, Limits::default(), |_| false)
            .unwrap()
            .quotient;
        let letters: Vec<u32> = (1..=12).collect();
        let refuted = (0..q.order)
            .filter(|&f| {
                let mut bad = q.clone();
                bad.p[f] = !bad.p[f];
                Proof::new(&bad, kinds(&rule, &bad, &letters), usize::MAX)
                    .unwrap()
                    .is_err()
            })
            .count();
        assert!(refuted * 4 >= q.order, "{refuted} of {}", q.order);
    }

    /// Whether the labels of `q` are wrong at the sum `w`: P with a move
    /// into P, or N (and not empty) with none.
    fn labelled_wrong(rule: &HeapRule, q: &Quotient, w: &[u32]) -> bool {
        let product = |hs: &mut dyn Iterator<Item = u32>| {
            hs.fold(q.identity, |a, h| q.times(a, q.phi[h as usize]))
        };
        let mut to_p = false;
        for k in 0..w.len() {
            rule.for_each_move(w[k], |_, parts| {
                let rest = w
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, &h)| h);
                let o = product(&mut rest.chain(parts.iter().copied()));
                to_p |= q.p[o as usize];
            });
        }
        let p = q.p[product(&mut w.iter().copied()) as usize];
        !w.is_empty() && p == to_p
    }

    /// Every sum of the `letters` with heap `letters[i]` at most `caps[i]`
    /// times.
    fn sums_within(letters: &[u32], caps: &[u32]) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new()];
        for (&h, &cap) in letters.iter().zip(caps) {
            out = out
                .into_iter()
                .flat_map(|w| {
                    (0..=cap).map(move |e| {
                        let mut w = w.clone();
                        w.extend(std::iter::repeat_n(h, e as usize));
                        w
                    })
                })
                .collect();
        }
        out
    }

    /// The number of distinct powers of x, index plus period.
    fn powers(q: &Quotient, x: u32) -> u32 {
        let mut seen = vec![q.identity];
        let mut y = q.times(q.identity, x);
        while !seen.contains(&y) {
            seen.push(y);
            y = q.times(y, x);
        }
        seen.len() as u32
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// On quotients with one label flipped, the least failure is a sum
        /// labelled wrong, and no smaller sum ([`SumOrder`]) is. A heap h
        /// more than index + period of Φ(h) times in a sum can lose a
        /// period of copies without changing the product of the sum or of
        /// any option, so sums with at most that many copies of each heap
        /// are every sum that matters.
        #[test]
        fn least_failure_is_least(
            code in prop::sample::select(vec!["0.77", "0.156", "0.07", "0.75", "0.312", "4!.0", "0.72"]),
            flip in 0usize..64,
        ) {
            let top = 8;
            let rule: HeapRule = code.parse().unwrap();
            let mut q = solve(&rule, top, Limits::default(), |_| false).unwrap().quotient;
            let f = flip % q.order;
            q.p[f] = !q.p[f];
            let letters: Vec<u32> = (1..=top).filter(|&h| {
                let mut any = false;
                rule.for_each_move(h, |_, _| any = true);
                any
            }).collect();
            let caps: Vec<u32> = letters.iter().map(|&h| powers(&q, q.phi[h as usize])).collect();
            let mut sums = sums_within(&letters, &caps);
            prop_assert!(sums.len() < 2_000_000, "{} sums", sums.len());
            sums.sort_by_cached_key(|w| SumOrder::of(w));
            // Each element's least sum.
            let mut words: Vec<Option<Vec<u32>>> = vec![None; q.order];
            for w in &sums {
                let x = q.product(w).unwrap() as usize;
                words[x].get_or_insert_with(|| w.clone());
            }
            let words: Vec<Vec<u32>> = words.into_iter().map(|w| w.unwrap()).collect();
            let found = least_failure(&q, &kinds(&rule, &q, &letters), &words, usize::MAX).unwrap();
            let first = sums.iter().find(|w| labelled_wrong(&rule, &q, w));
            match (found, first) {
                (None, None) => {}
                (Some(w), Some(first)) => {
                    prop_assert!(labelled_wrong(&rule, &q, &w), "{} {:?}", code, w);
                    prop_assert_eq!(SumOrder::of(&w), SumOrder::of(first), "{}", code);
                }
                (found, first) => prop_assert!(false, "{}: found {:?}, least {:?}", code, found, first),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn incremental_proof_agrees(
            code in prop::sample::select(vec!["0.77", "0.156", "0.07", "0.75", "0.312", "4!.0"]),
            flip in prop::option::of(0usize..64),
            order in prop::collection::vec(0usize..64, 0..12),
        ) {
            agrees(code, 12, flip, &order)?;
        }
    }
}
