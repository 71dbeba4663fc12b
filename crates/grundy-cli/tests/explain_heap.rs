//! `grundy heap --explain`: the options of each heap with their values and
//! the mex that makes G(n), nim-sums written with ⊕, and the pattern of the
//! rule's values.

use crate::common;

use common::{grundy, text};
use serde_json::Value;

#[test]
fn kayles_shows_each_heaps_options_and_mex() {
    let out = text(&["heap", "kayles", "5", "7", "12", "--explain"]);
    for line in [
        "The values are periodic: G(n + 12) = G(n) for every n >= 71",
        "  G(5) = 4: the options of a heap of 5 and their values:",
        "    take 1, leave 2 and 2  G(2) ⊕ G(2) = 2 ⊕ 2 = 0",
        "    values {0, 1, 2, 3}: the least value missing (the mex) is 4.",
        "  G(7) = 2: the options of a heap of 7 and their values:",
        "  XOR = 2",
        "turns G(7) = 2 into G(3) ⊕ G(3) = 3 ⊕ 3 = 0",
    ] {
        assert!(out.contains(line), "missing {line:?} in\n{out}");
    }
    assert!(!out.contains(") + G("), "a nim-sum written with +:\n{out}");
}

#[test]
fn big_heaps_show_one_option_per_value_below_g() {
    let out = text(&["heap", "0.137", "100", "100", "--explain"]);
    assert_eq!(
        out.matches("G(100) = 7: a heap of 100 has 50 options")
            .count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("and no option is worth 7, so the mex is 7."),
        "{out}"
    );
    assert!(out.contains("G(n + 34) = G(n) for every n >= 52"), "{out}");
    // Nim: G(n) = n, so the witnesses stop at 16 rows.
    let out = text(&["heap", "nim", "3000", "--explain"]);
    assert!(out.contains("(values 16 to 2999 are reached too)"), "{out}");
    assert!(out.lines().count() < 60, "{out}");
}

#[test]
fn patterns_not_proven_are_said_to_be_observed_or_absent() {
    let out = text(&["heap", "0.8f", "9", "--explain"]);
    assert!(
        out.contains("G(n + 7) = G(n) + 4") && out.contains("observed, not proven"),
        "{out}"
    );
    let out = text(&["heap", "grundy", "20", "--explain"]);
    assert!(out.contains("No period shows in G(0..="), "{out}");
}

#[test]
fn json_keeps_its_fields_and_adds_the_explanation() {
    let out = grundy(&["heap", "kayles", "4", "--explain", "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for field in [
        "game",
        "position",
        "convention",
        "value",
        "outcome",
        "winning_moves",
    ] {
        assert!(v.get(field).is_some(), "no {field} in {v}");
    }
    let why = v["explanation"].as_str().expect("explanation");
    assert!(
        why.contains("G(4) = 1: the options of a heap of 4"),
        "{why}"
    );
}
