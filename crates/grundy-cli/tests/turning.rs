//! `grundy turning`, `grundy seq turning:CODE` and `grundy play turning`,
//! end to end.

use crate::common;

use common::{json, piped, refused, text};

#[test]
fn a_row_is_analysed_and_its_winning_moves_lead_to_p_positions() {
    let v = json(&["turning", "1-3", "HTTHTHTTH", "--json"]);
    assert_eq!(v["value"], 29);
    assert_eq!(v["outcome"], "N");
    for m in v["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        let back = json(&["turning", "1-3", to, "--json"]);
        assert_eq!(back["outcome"], "P", "{to}");
    }
    let w = json(&["turning", "grunt", "TTTTTTTTH", "--json"]);
    assert_eq!(w["value"], 2);
    assert_eq!(w["winning_moves"][0]["move"], "turn coins 1, 2, 8, 9");
    assert!(
        text(&["turning", "ruler", "XOOXO", "--explain"]).contains("Coin values 1..5: 1 2 1 4 1")
    );
    assert!(text(&["turning", "--list"]).contains("mock-turtles"));
}

#[test]
fn coin_sequences_name_their_pattern() {
    let v = json(&["seq", "turning:mock-turtles", "--to", "40", "--json"]);
    assert_eq!(v["values"][3], 7);
    assert_eq!(v["pattern"], "the n-th odious number (A000069)");
    let f = json(&["seq", "turning:3C(5)", "--to", "40", "--json"]);
    assert_eq!(f["periodicity"]["period"], 5);
    assert_eq!(f["periodicity"]["from_coin"], 1);
    assert_eq!(f["periodicity"]["status"], "observed");
    let s = json(&[
        "seq",
        "turning:blocks:squares",
        "--from",
        "5",
        "--to",
        "9",
        "--json",
    ]);
    assert_eq!(s["values"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_codes_rows_and_sizes_are_refused() {
    refused(&["turning", "1-3Q", "HTH"], "column 4");
    refused(&["turning", "ruler", "HTZ"], "coin 3");
    refused(&["turning", "motley", &"H".repeat(300)], "too long");
    refused(&["turning", "1-3"], "ROW");
    refused(&["seq", "turning:1-3", "--to", "99999999999"], "at most");
    refused(
        &["seq", "turning:motley", "--to", "200"],
        "ask for fewer coins",
    );
    refused(
        &["seq", "turning:1-3", "--to", "5", "--png", "x.png"],
        "--png",
    );
    refused(&["seq", "turning:1-3"], "--to");
    refused(&["play", "turning", "1-3", "HTH", "--misere"], "misère");
}

#[test]
fn the_computer_plays_a_row() {
    let out = piped(
        &[
            "play",
            "turning",
            "mock-turtles",
            "HHTH",
            "--first",
            "computer",
        ],
        "quit\n",
    );
    assert!(out.status.success());
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains("computer: turn coins 1, 2, 4"), "{s}");
    assert!(s.contains("the computer wins"), "{s}");
}
