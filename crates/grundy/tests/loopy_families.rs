//! The families that can loop, reached through the registry alone: Wind-Up
//! and chips on a graph with a cycle. Their reports are checked against the
//! library's own loopy solver run on the moves as written ([`explore`]):
//! Smith's value of the sum, its outcome, and every winning and
//! draw-keeping move.

use grundy::family::registry::{self, AnyGame};
use grundy::family::session::{Line, Mode, Options, Output, Side};
use grundy::game::{Convention, Outcome};
use grundy::loopy::{explore, LoopyOutcome, LoopyValue};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The sum of the components' values, each by the plain solver.
fn sum<T: Clone + Eq + std::hash::Hash>(
    values: &impl Fn(&T) -> LoopyValue,
    parts: &[T],
) -> LoopyValue {
    parts
        .iter()
        .fold(LoopyValue::Finite(0), |acc, p| acc.sum(&values(p)))
}

/// Checks the report of `g` against `value` (the plain sum) and the moves
/// listed against the plain value of the position each leaves.
fn check_report(g: &dyn AnyGame, value: &LoopyValue, value_after: impl Fn(&Value) -> LoopyValue) {
    let r = g.report().unwrap();
    let json = serde_json::to_value(&r).unwrap();
    let smith = r.smith.as_ref().expect("Smith's value");
    assert_eq!(&smith.value, value, "{}", g.position_text());
    assert_eq!(json["value"], serde_json::to_value(value).unwrap());
    assert_eq!(json["outcome"], json!(value.outcome()));
    assert_eq!(r.value, value.finite());
    let (mut to_p, mut to_d) = (0, 0);
    for m in g.moves().unwrap() {
        let after = value_after(&m.to);
        assert_eq!(m.value, after.finite());
        assert_eq!(m.outcome == Outcome::P, after == LoopyValue::Finite(0));
        to_p += usize::from(after == LoopyValue::Finite(0));
        to_d += usize::from(after.outcome() == LoopyOutcome::D);
    }
    for m in &r.winning_moves {
        assert_eq!(value_after(&m.to), LoopyValue::Finite(0), "{}", m.words);
    }
    for m in &smith.draw_keeping_moves {
        assert_eq!(value_after(&m.to).outcome(), LoopyOutcome::D, "{}", m.words);
    }
    let total = |listed: usize, total: Option<u128>| total.map_or(listed, |t| t as usize);
    // The winning moves listed are those that make progress (so the
    // winner never goes round a cycle): some of the moves to P-positions,
    // and at least one exactly when the player to move wins.
    let winning = total(r.winning_moves.len(), r.winning_moves_total);
    assert!(winning <= to_p);
    assert_eq!(winning > 0, value.outcome() == LoopyOutcome::N);
    // A component standing where an earlier one stands is not moved in
    // the lists again: at most the moves to draws, one at least in a draw.
    if value.outcome() == LoopyOutcome::D {
        let keeping = total(
            smith.draw_keeping_moves.len(),
            smith.draw_keeping_moves_total,
        );
        assert!((1..=to_d).contains(&keeping), "{keeping} of {to_d}");
    } else {
        assert!(smith.draw_keeping_moves.is_empty());
    }
    g.check().unwrap();
}

#[test]
fn the_examples_have_draws_wins_and_losses() {
    let mut outcomes = std::collections::HashSet::new();
    for name in ["wind-up", "chips"] {
        let e = registry::find(name).unwrap();
        for (variant, position) in e.examples {
            let g = e.start(variant, position, Convention::Normal).unwrap();
            let j = serde_json::to_value(g.report().unwrap()).unwrap();
            outcomes.insert((name, j["outcome"].as_str().unwrap().to_string()));
        }
    }
    for want in [
        ("wind-up", "N"),
        ("wind-up", "D"),
        ("wind-up", "P"),
        ("chips", "D"),
    ] {
        assert!(
            outcomes.contains(&(want.0, want.1.to_string())),
            "{want:?}: {outcomes:?}"
        );
    }
    let g = registry::start("windup", "7:2,3", "1", Convention::Normal).unwrap();
    assert!(g.explain().unwrap().contains("Smith's values"));
}

#[test]
fn bad_variants_and_positions_are_refused() {
    let normal = Convention::Normal;
    for (variant, position) in [
        ("7", "1"),
        ("7:", "1"),
        ("0:1", "0"),
        ("7:2,x", "1"),
        ("7:2", "7"),
        ("7:2", "-1"),
    ] {
        assert!(
            registry::start("wind-up", variant, position, normal).is_err(),
            "{variant} {position}"
        );
    }
    assert!(registry::start("wind-up", "7:2,3", "1", Convention::Misere).is_err());
    let e = registry::start("chips-annihilate", "a b;b a", "a", normal)
        .err()
        .unwrap();
    assert!(e.0.contains("without cycles"), "{e}");
    assert!(registry::start("chips", "a b;b a", "z", normal).is_err());
}

#[test]
fn a_session_through_the_registry_wins() {
    // 7:2,3 at 1 4 is ∞(0): the computer, moving first, wins whatever the
    // other side plays (here the first legal move each time).
    let start = || registry::start("wind-up", "7:2,3", "1 4", Convention::Normal).unwrap();
    let mut s = start().session(&Options {
        first: Side::Computer,
        mode: Mode::Json,
        seed: 3,
        level: Default::default(),
    });
    s.begin().unwrap();
    let mut said = Vec::new();
    for _ in 0..100 {
        said.extend(s.take_output().into_iter().filter_map(|o| match o {
            Output::Json(v) => Some(v),
            Output::Text(_) => None,
        }));
        if s.is_finished() {
            break;
        }
        let at = said.iter().rev().find_map(|v| v.get("position")).unwrap();
        let mut g = start();
        g.set_position(&at.to_string()).unwrap();
        let reply = g.moves().unwrap()[0].words.clone();
        s.input(Line::Text(reply)).unwrap();
    }
    assert_eq!(
        said.last(),
        Some(&json!({"winner": "computer"})),
        "{said:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Wind-Up through the registry against the plain solver over the
    /// residues, the moves written as the rule says.
    #[test]
    fn wind_up_agrees_with_the_plain_solver(n in 1u64..16, set in prop::collection::vec(1u64..20, 1..4),
                                            heaps in prop::collection::vec(0u64..16, 1..4)) {
        let heaps: Vec<u64> = heaps.iter().map(|h| h % n).collect();
        let ex = explore(&(0..n).collect::<Vec<u64>>(), |&k| -> Result<Vec<u64>, ()> {
            Ok(if k == 0 { vec![] } else {
                set.iter().map(|&s| (k as i64 - s as i64).rem_euclid(n as i64) as u64).collect()
            })
        }, 1000).unwrap();
        let value = |k: &u64| ex.value(k).unwrap();
        let variant = format!("{n}:{}", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
        let text = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let g = registry::start("wind-up", &variant, &text, Convention::Normal).unwrap();
        let after = |to: &Value| {
            let hs: Vec<u64> = serde_json::from_value(to.clone()).unwrap();
            sum(&value, &hs)
        };
        check_report(g.as_ref(), &sum(&value, &heaps), after);
    }

    /// Chips on a random graph through the registry against the plain
    /// solver over its vertices: with a cycle, Smith's values; without,
    /// the family of acyclic graphs.
    #[test]
    fn chips_agree_with_the_plain_solver(edges in prop::collection::vec((0u8..6, 0u8..6), 1..12),
                                         chips in prop::collection::vec(0u8..6, 1..4)) {
        let name = |v: u8| format!("v{v}");
        let text = edges.iter().map(|&(a, b)| format!("{} {}", name(a), name(b))).collect::<Vec<_>>().join(";");
        let succ = |&v: &u8| -> Result<Vec<u8>, ()> {
            Ok(edges.iter().filter(|&&(a, _)| a == v).map(|&(_, b)| b).collect())
        };
        let ex = explore(&(0..6).collect::<Vec<u8>>(), succ, 1000).unwrap();
        let value = |v: &u8| ex.value(v).unwrap();
        let chips: Vec<u8> = chips.into_iter().filter(|&c| edges.iter().any(|&(a, b)| a == c || b == c)).collect();
        prop_assume!(!chips.is_empty());
        let position = chips.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ");
        let g = registry::start("chips", &text, &position, Convention::Normal).unwrap();
        let after = |to: &Value| {
            let names: Vec<String> = serde_json::from_value(to.clone()).unwrap();
            let vs: Vec<u8> = names.iter().map(|n| n[1..].parse().unwrap()).collect();
            sum(&value, &vs)
        };
        let r = g.report().unwrap();
        if r.smith.is_some() {
            check_report(g.as_ref(), &sum(&value, &chips), after);
        } else {
            // No cycle: every value is finite, and the common report has it.
            let v = sum(&value, &chips);
            prop_assert_eq!(r.value, v.finite());
            prop_assert!(v.finite().is_some());
            g.check().unwrap();
        }
    }
}
