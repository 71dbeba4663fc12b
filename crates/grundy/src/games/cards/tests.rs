use super::*;
use crate::solve::analyze_sum;
use proptest::prelude::*;

fn small_rules() -> impl Strategy<Value = Rules> {
    (
        proptest::collection::btree_set(1u64..8, 1..5),
        1u64..4,
        0u64..30,
    )
        .prop_map(|(vals, copies, limit)| {
            Rules::new(vals.into_iter().collect(), copies, limit).unwrap()
        })
}

fn rules_and_position() -> impl Strategy<Value = (Rules, CardsPosition)> {
    small_rules().prop_flat_map(|r| {
        let k = r.values.len();
        let copies = r.copies;
        let limit = r.limit;
        (Just(r), proptest::collection::vec(0..=copies, k), 0..=limit)
            .prop_map(|(r, left, total)| (r, CardsPosition { left, total }))
    })
}

fn tos(a: &Analysis<CardMove, CardsPosition>) -> Vec<CardsPosition> {
    let mut v: Vec<_> = a.winning_moves.iter().map(|w| w.to.clone()).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn agrees_with_search((rules, p) in rules_and_position()) {
        let game = CardGame(rules.clone());
        for convention in [Convention::Normal, Convention::Misere] {
            let fast = analyze(&rules, &p, convention).unwrap();
            let slow = analyze_sum(&game, std::slice::from_ref(&p), convention, None).unwrap();
            prop_assert_eq!(fast.value, slow.value);
            prop_assert_eq!(fast.outcome, slow.outcome);
            let mut expect: Vec<CardsPosition> =
                slow.winning_moves.iter().map(|w| w.to[0].clone()).collect();
            expect.sort();
            prop_assert_eq!(tos(&fast), expect);
        }
    }

    #[test]
    fn table_answers_every_reachable_position((rules, p) in rules_and_position()) {
        let t = Table::solve(&rules, &p).unwrap();
        let game = CardGame(rules.clone());
        let mut solver = crate::solve::Solver::new(&game);
        // Walk a few plies: every position met is in the table with the right value.
        let mut frontier = vec![p.clone()];
        for _ in 0..3 {
            let mut next = Vec::new();
            for q in &frontier {
                prop_assert_eq!(t.value(q), Some(solver.value(q).unwrap()));
                next.extend(rules.moves(q).into_iter().map(|(_, r)| r));
            }
            frontier = next;
        }
        // A position not reachable from the start is not answered.
        let mut far = p.clone();
        far.total = p.total.wrapping_add(1);
        prop_assert!(!t.contains(&far));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    /// The computer, starting from an N-position, beats a random player.
    #[test]
    fn computer_beats_a_random_player(
        (rules, p) in rules_and_position(),
        misere in any::<bool>(),
        seed in any::<u64>(),
        budget in prop_oneof![Just(0usize), Just(crate::strategy::DEFAULT_BUDGET)],
    ) {
        use crate::strategy::{Rng, Strategy as Computer};
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let game = CardsPlay::new(rules, &p, convention).unwrap();
        prop_assume!(game.table().outcome(&p, convention) == Some(Outcome::N));
        let mut computer = Computer::new(seed).with_budget(budget);
        let mut rng = Rng::new(!seed);
        let mut q = p;
        let mut computer_to_move = true;
        while !game.is_over(&q) {
            if computer_to_move {
                q = computer.choose(&game, &q).unwrap().unwrap().to;
            } else {
                let mut ms = game.moves(&q);
                q = ms.swap_remove(rng.below(ms.len() as u64) as usize).1;
            }
            computer_to_move = !computer_to_move;
        }
        prop_assert_eq!(computer_to_move, misere);
    }
}

#[test]
fn stall_rule_takes_the_scarcest_value() {
    let rules = Rules::seed();
    let p = CardsPosition {
        left: vec![0, 3, 1, 1, 4, 2],
        total: 46,
    };
    let game = CardsPlay::new(rules, &p, Convention::Normal).unwrap();
    // 1s are gone and 5, 6 do not fit: of 2 (3 left), 3 (1), 4 (1) the stall
    // rule keeps 3 and 4.
    let values: Vec<u64> = game.stall_moves(&p).iter().map(|m| m.0.value).collect();
    assert_eq!(values, vec![3, 4]);
}

#[test]
fn seed_game() {
    let rules = Rules::seed();
    let t = Table::solve(&rules, &rules.deal()).unwrap();
    assert_eq!(t.len(), 5usize.pow(6));
    // Seed 003's game: after 1, 1, 6, 1, 6, 1 the aces are gone at total 16.
    let p = CardsPosition {
        left: vec![0, 4, 4, 4, 4, 2],
        total: 16,
    };
    let game = CardGame(rules.clone());
    let mut solver = crate::solve::Solver::new(&game);
    assert_eq!(t.value(&p), Some(solver.value(&p).unwrap()));
    // With no aces, 49 and 50 are dead ends (value 0) and 48 has value 1.
    for (total, g) in [(50, 0), (49, 0), (48, 1), (47, 1)] {
        let q = CardsPosition {
            left: p.left.clone(),
            total,
        };
        assert_eq!(solver.value(&q).unwrap(), Nimber(g), "total {total}");
    }
    // The editor's note: totals alone do not decide the value.
    let a = CardsPosition {
        left: vec![1, 0, 0, 0, 0, 0],
        total: 48,
    };
    let b = CardsPosition {
        left: vec![2, 0, 0, 0, 0, 0],
        total: 48,
    };
    assert_ne!(solver.value(&a).unwrap(), solver.value(&b).unwrap());
}

#[test]
fn refusals() {
    let rules = Rules::seed();
    assert_eq!(
        rules.check(&CardsPosition {
            left: vec![4; 5],
            total: 0
        }),
        Err(CardsError::WrongLength {
            given: 5,
            values: 6
        })
    );
    assert!(matches!(
        rules.check(&CardsPosition {
            left: vec![5, 4, 4, 4, 4, 4],
            total: 0
        }),
        Err(CardsError::TooManyLeft { .. })
    ));
    assert!(matches!(
        rules.check(&CardsPosition {
            left: vec![4; 6],
            total: 51
        }),
        Err(CardsError::PastLimit { .. })
    ));
    assert_eq!(
        Rules::new(vec![1, 2, 2], 4, 50),
        Err(CardsError::DuplicateValue(2))
    );
    assert_eq!(Rules::new(vec![0, 1], 4, 50), Err(CardsError::ZeroValue));
    let deck = Rules::new((1..=13).collect(), 4, 50).unwrap();
    assert!(matches!(
        Table::solve(&deck, &deck.deal()),
        Err(CardsError::TooLarge { .. })
    ));
    let huge = Rules::new(vec![u64::MAX], u64::MAX, u64::MAX).unwrap();
    assert_eq!(huge.taken_total(&[0]), Err(CardsError::Overflow));
}

#[test]
fn explanation_names_the_answers() {
    let rules = Rules::seed();
    let p = CardsPosition {
        left: vec![0, 4, 4, 4, 4, 2],
        total: 16,
    };
    let t = Table::solve(&rules, &p).unwrap();
    let text = t.explain(&p, Convention::Normal, None).unwrap();
    assert!(text.contains("Grundy value = mex{"), "{text}");
    let a = t.analyze(&p, Convention::Normal).unwrap();
    if let Some(w) = a.winning_moves.first() {
        assert!(text.contains(&format!("Take {}:", w.mv.value)), "{text}");
    }
    assert!(text.contains("answer: take"), "{text}");
}
