//! Games that can loop, end to end: chips on a graph with a cycle, Wind-Up
//! (`grundy windup`) and a script whose moves cycle (`grundy game`).

use crate::common;

use common::{grundy, json, piped, refused};
use serde_json::json;

const CYCLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/graphs/cycle.txt"
);
const WINDUP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/scripts/windup.rhai"
);

#[test]
fn chips_on_a_cycle() {
    // a -> b -> c -> a, c -> d -> e, f -> a, f -> e.
    let v = json(&["chips", CYCLE, "a", "--json"]);
    assert_eq!(v["value"], json!({"infinity": []}));
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["winning_moves"], json!([]));
    assert_eq!(v["draw_keeping_moves"][0]["to"], json!(["b"]));
    let v = json(&["chips", CYCLE, "c", "d", "--json"]);
    assert_eq!(v["chip_values"], json!([{"infinity": [1]}, 1]));
    assert_eq!(v["value"], json!({"infinity": [0]}));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], json!(["d", "d"]));
    let v = json(&["chips", CYCLE, "f", "--json", "--explain"]);
    assert_eq!(v["winning_moves"][0]["to"], json!(["e"]));
    assert!(v["explanation"].as_str().unwrap().contains("∞(0)"));
    let v = json(&["chips", CYCLE, "d", "d", "--json"]);
    assert_eq!(
        (v["value"].clone(), v["outcome"].clone()),
        (json!(0), json!("P"))
    );
    refused(&["chips", CYCLE, "--annihilate", "a"], "a -> b -> c -> a");
    let text = grundy(&["chips", CYCLE, "a", "b"]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(
        out.contains("Value: ∞(∅)") && out.contains("Moves that keep the draw (2):"),
        "{out}"
    );
}

#[test]
fn windup_values_and_errors() {
    let v = json(&["windup", "-n", "10", "-s", "3,4", "--table", "--json"]);
    assert_eq!(
        v["values"],
        json!([0, {"infinity": [0]}, {"infinity": []}, {"infinity": [0]}, {"infinity": [0]},
               {"infinity": []}, {"infinity": []}, 0, {"infinity": []}, {"infinity": []}])
    );
    let v = json(&["windup", "-n", "6", "-s", "1,4", "--table", "--json"]);
    assert_eq!(v["values"], json!([0, 2, 0, 1, 2, 0]));
    let v = json(&["windup", "-n", "10", "-s", "3,4", "1", "--json"]);
    assert_eq!(v["winning_moves"][0]["to"], json!([7]));
    assert_eq!(v["heap_values"], json!([{"infinity": [0]}]));
    refused(
        &["windup", "-n", "0", "-s", "1", "3"],
        "modulus must be at least 1",
    );
    refused(
        &["windup", "-n", "5", "-s", "1", "5"],
        "not a residue modulo 5",
    );
    refused(&["windup", "-n", "5", "-s", "0", "3"], "0 is not a move");
    refused(
        &["windup", "-n", "5", "-s", "1,x", "3"],
        "not a whole number",
    );
    refused(&["windup", "-n", "5", "-s", "1"], "no heaps given");
    refused(
        &["windup", "-n", "99999999999", "-s", "1", "3"],
        "MiB of memory",
    );
}

#[test]
fn a_looping_script_agrees_with_windup() {
    for k in 0..10 {
        let k = k.to_string();
        let a = json(&["game", WINDUP, &k, "--json"]);
        let b = json(&["windup", "-n", "10", "-s", "3,4", &k, "--json"]);
        assert_eq!(a["value"], b["value"], "heap {k}");
        assert_eq!(a["outcome"], b["outcome"], "heap {k}");
        assert_eq!(
            a["winning_moves"].as_array().unwrap().len(),
            b["winning_moves"].as_array().unwrap().len()
        );
    }
    let a = json(&["game", WINDUP, "1", "2", "--json"]);
    assert_eq!(a["outcome"], "D");
    assert_eq!(a["draw_keeping_moves"].as_array().unwrap().len(), 4);
    refused(
        &["game", WINDUP, "1", "--max-positions", "3"],
        "more than 3 positions",
    );
}

/// A looping script played through standard input: the computer answers
/// with the move that wins without cycling, `hint` gives the winning move,
/// and a drawn game ends in a draw by repetition.
#[test]
fn playing_a_script_that_loops() {
    let out = piped(&["play", WINDUP, "1", "--seed", "1"], "hint\n7\nwhy\n");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("hint: 1 -> 7"), "{text}");
    assert!(text.contains("computer: 7 -> 3"), "{text}");
    assert!(text.contains("Smith's values"), "{text}");
    // Two positions that only move to each other: the third time 0 comes
    // up with the same player to move, the game is a draw.
    let dir = std::env::temp_dir().join(format!("grundy-loopy-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let swap = dir.join("swap.rhai");
    std::fs::write(&swap, "fn options(n) { [1 - n] }").unwrap();
    let out = piped(
        &["play", swap.to_str().unwrap(), "0", "--json", "--seed", "1"],
        "1\n1\n1\n1\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(last).unwrap(),
        json!({"winner": null, "draw": true}),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
