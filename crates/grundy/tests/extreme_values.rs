//! The closed-form analyses at the edge of 64 bits: heaps, cells and
//! columns near `u64::MAX` and `2^63`. Nothing may overflow (a debug build
//! would panic, a release build would silently answer wrong), so every
//! winning move is checked to be a legal move to a position of value 0 (or
//! a P-position) by the library's own rules, on values where a wrap-around
//! would show.

use grundy::game::{Convention, Outcome};
use grundy::games::northcott::{self, Color, Row};
use grundy::games::{moore, nim, nimble, staircase, turtles};
use grundy::nimber::Nimber;
use proptest::prelude::*;

/// Numbers where carries and borrows go wrong: the ends of the range and
/// the powers of two around the top bit.
fn edge() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => prop::sample::select(vec![
            0,
            1,
            2,
            3,
            u64::MAX,
            u64::MAX - 1,
            u64::MAX - 2,
            1 << 63,
            (1 << 63) - 1,
            (1 << 63) + 1,
            u32::MAX as u64,
            1 << 32,
        ]),
        1 => any::<u64>(),
    ]
}

fn convention() -> impl Strategy<Value = Convention> {
    prop_oneof![Just(Convention::Normal), Just(Convention::Misere)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn nim_moves_lower_one_heap_to_a_p_position(
        heaps in prop::collection::vec(edge(), 1..6),
        conv in convention(),
    ) {
        let a = nim::analyze(&heaps, conv);
        for w in &a.winning_moves {
            let changed: Vec<usize> = (0..heaps.len()).filter(|&i| w.to[i] != heaps[i]).collect();
            prop_assert_eq!(changed.len(), 1);
            prop_assert!(w.to[changed[0]] < heaps[changed[0]]);
            prop_assert_eq!(nim::analyze(&w.to, conv).outcome, Outcome::P);
        }
        if a.outcome == Outcome::P {
            prop_assert!(a.winning_moves.is_empty());
        } else if heaps.iter().any(|&h| h > 0) {
            prop_assert!(!a.winning_moves.is_empty());
        }
    }

    #[test]
    fn moore_moves_lower_at_most_k_heaps_to_a_p_position(
        heaps in prop::collection::vec(edge(), 1..6),
        k in prop_oneof![Just(1usize), Just(2), Just(3), Just(usize::MAX)],
        conv in convention(),
    ) {
        let one = moore::analyze(&heaps, k, conv);
        let all = moore::analyze_all(&heaps, k, conv, 10_000);
        let lists = match &all {
            Ok(a) => vec![&one, a],
            Err(_) => vec![&one],
        };
        for a in lists {
            prop_assert_eq!(a.outcome, one.outcome);
            for w in &a.winning_moves {
                let lowered = (0..heaps.len()).filter(|&i| w.to[i] < heaps[i]).count();
                prop_assert!((0..heaps.len()).all(|i| w.to[i] <= heaps[i]));
                prop_assert!(lowered >= 1 && lowered <= k);
                prop_assert!(moore::is_p_position(&w.to, k, conv));
            }
        }
        if one.outcome == Outcome::N && heaps.iter().any(|&h| h > 0) {
            prop_assert!(!one.winning_moves.is_empty());
        }
    }

    #[test]
    fn staircase_moves_keep_the_coins(steps in prop::collection::vec(edge(), 1..6)) {
        let Ok(a) = staircase::analyze(&steps) else {
            // Refused only when the coins do not fit in 64 bits in all.
            prop_assert!(steps.iter().try_fold(0u64, |s, &c| s.checked_add(c)).is_none());
            return Ok(());
        };
        let total: u128 = steps.iter().map(|&c| c as u128).sum();
        for w in &a.winning_moves {
            prop_assert_eq!(w.to.iter().map(|&c| c as u128).sum::<u128>(), total);
            prop_assert_eq!(staircase::value(&w.to), Nimber(0));
        }
    }

    #[test]
    fn nimble_moves_slide_left_to_value_zero(cells in prop::collection::vec(edge(), 1..6)) {
        if let Ok(a) = nimble::analyze(&cells) {
            for w in &a.winning_moves {
                prop_assert!(w.to.iter().all(|&c| c >= 1));
                prop_assert_eq!(nimble::analyze(&w.to).unwrap().value, Some(Nimber(0)));
            }
        }
        if let Ok(a) = nimble::analyze_nimble2(&cells) {
            for w in &a.winning_moves {
                let mut sorted = w.to.clone();
                sorted.sort_unstable();
                sorted.dedup();
                prop_assert_eq!(sorted.len(), cells.len());
                prop_assert!(w.to.iter().all(|&c| c >= 1));
                prop_assert_eq!(nimble::value2(&w.to).unwrap(), Nimber(0));
            }
        }
    }

    #[test]
    fn northcott_moves_stay_on_the_board(
        cols in prop::collection::vec((edge(), edge()), 1..5),
        width in edge(),
        white in any::<bool>(),
    ) {
        let rows: Vec<Row> = cols.iter().map(|&(black, white)| Row { black, white }).collect();
        let color = if white { Color::White } else { Color::Black };
        if let Ok(a) = northcott::analyze(&rows, width, color) {
            for w in &a.winning_moves {
                prop_assert!(northcott::check(&w.to, width).is_ok());
                prop_assert_eq!(northcott::value(&w.to), Nimber(0));
            }
        }
    }

    #[test]
    fn nimber_powers_and_inverses(x in edge(), e in edge()) {
        let x = Nimber(x);
        if !x.is_zero() {
            let inv = x.inverse().unwrap();
            prop_assert_eq!(x * inv, Nimber(1));
            // x^(2^64 - 1) = 1 for every nonzero x of the field of 2^64 elements.
            prop_assert_eq!(x.pow(u64::MAX), Nimber(1));
            if e < u64::MAX {
                prop_assert_eq!(x.pow(e) * x, x.pow(e + 1));
            }
        }
        prop_assert_eq!(x.sqrt() * x.sqrt(), x);
    }
}

#[test]
fn turtles_on_long_rows() {
    // Cells far apart: heaps up to the row length, no overflow possible,
    // but the winning moves must land on value 0.
    let mut row = vec![false; 5000];
    for i in [0, 1, 63, 64, 4095, 4999] {
        row[i] = true;
    }
    for variant in [turtles::Variant::Turtles, turtles::Variant::Twins] {
        let a = turtles::analyze(&row, variant);
        assert!(!a.winning_moves.is_empty());
        for w in &a.winning_moves {
            assert_eq!(turtles::value(&w.to, variant), Nimber(0));
        }
    }
}
