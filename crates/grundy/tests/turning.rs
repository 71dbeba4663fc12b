//! The `turning` family against the families it generalises, and its
//! refusals.

use grundy::family::registry;
use grundy::game::Convention;
use proptest::prelude::*;

fn report(name: &str, variant: &str, row: &str) -> (Option<u64>, Vec<String>) {
    let g = registry::start(name, variant, row, Convention::Normal).unwrap();
    let r = g.report().unwrap();
    let mut to: Vec<String> = r.winning_moves.iter().map(|m| m.to_text.clone()).collect();
    to.sort();
    (r.value, to)
}

proptest! {
    #[test]
    fn turtles_and_twins_agree_with_their_families(row in "[OX]{1,40}") {
        prop_assert_eq!(report("turning", "turtles", &row), report("turtles", "", &row));
        prop_assert_eq!(report("turning", "1-2", &row), report("turtles", "", &row));
        prop_assert_eq!(report("turning", "twins", &row), report("twins", "", &row));
    }
}

#[test]
fn a_mock_turtles_row_as_cgsuite_values_it() {
    let (value, wins) = report("turning", "mock-turtles", "HTTHTHTTH");
    assert_eq!(value, Some(29));
    assert!(!wins.is_empty());
}

#[test]
fn bad_input_is_one_line() {
    for (variant, row, words) in [
        ("1-3Q", "HTH", "column 4"),
        ("mock-turtles", "HTZ", "coin 3"),
        ("mock-turtles", "HTO", "not both"),
        ("motley", &"H".repeat(200), "too long"),
        ("1-3", "", "empty"),
    ] {
        let e = registry::start("turning", variant, row, Convention::Normal)
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains(words) && !e.contains('\n'),
            "{variant} {row}: {e}"
        );
    }
    assert!(registry::start("turning", "1-3", "HTH", Convention::Misere).is_err());
}
