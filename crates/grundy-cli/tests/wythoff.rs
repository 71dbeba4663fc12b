//! `grundy wythoff`, its table and its play, end to end.

use crate::common;

use common::{json, piped, refused};

#[test]
fn winning_moves_lead_to_wythoff_pairs() {
    for (x, y) in [
        (4u64, 8u64),
        (10, 3),
        (0, 5),
        (9, 9),
        (1_000_000_000_000_000_000, 5),
    ] {
        let v = json(&["wythoff", &x.to_string(), &y.to_string(), "--json"]);
        assert_eq!(v["outcome"], "N", "{x} {y}");
        for m in v["winning_moves"].as_array().unwrap() {
            let to: Vec<String> = m["to"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h.to_string())
                .collect();
            let back = json(&["wythoff", &to[0], &to[1], "--json"]);
            assert_eq!(back["outcome"], "P", "{x} {y} -> {to:?}");
            assert_eq!(back["winning_moves"].as_array().unwrap().len(), 0);
        }
    }
    let v = json(&["wythoff", "6", "10", "--json"]);
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    refused(&["wythoff", "3"], "two heaps, not 1");
    refused(&["wythoff", "3", "4", "5"], "two heaps, not 3");
    refused(&["wythoff", "5", "5000000000000000000"], "too large");
}

#[test]
fn the_table_has_the_published_first_rows() {
    let v = json(&["table", "wythoff", "--size", "6", "--json"]);
    assert_eq!(v["table"], "wythoff");
    assert_eq!(
        v["rows"],
        serde_json::json!([
            [0, 1, 2, 3, 4, 5],
            [1, 2, 0, 4, 5, 3],
            [2, 0, 1, 5, 3, 4],
            [3, 4, 5, 6, 2, 0],
            [4, 5, 3, 2, 7, 6],
            [5, 3, 4, 0, 6, 8]
        ])
    );
}

#[test]
fn the_computer_wins_from_an_n_position() {
    let out = piped(
        &[
            "play", "wythoff", "5", "9", "--first", "computer", "--seed", "3",
        ],
        "take 1 from heap 1\nquit\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("computer: take 6 from heap 2"), "{text}");
    assert!(text.contains("computer: take 2 from both heaps"), "{text}");
    assert!(text.contains("you: take 1 from heap 1"), "{text}");
}
