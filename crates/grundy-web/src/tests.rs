//! The API's answers, checked against the library and published values.

use super::*;

fn call(f: fn(&str) -> String, request: Value) -> Value {
    serde_json::from_str(&f(&request.to_string())).unwrap()
}

/// The page's words come from the library: every family has a title
/// and rules, and the glossary defines the terms the page marks.
#[test]
fn families_carry_rules_and_the_glossary_is_listed() {
    let list: Value = serde_json::from_str(&families()).unwrap();
    for e in list.as_array().unwrap() {
        assert!(!e["title"].as_str().unwrap().is_empty(), "{e}");
        assert!(!e["rules"].as_str().unwrap().is_empty(), "{e}");
    }
    let terms: Value = serde_json::from_str(&glossary()).unwrap();
    let terms: Vec<&str> = terms
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["term"].as_str().unwrap())
        .collect();
    for want in ["*n", "N-position", "P-position", "nim-sum", "nimber"] {
        assert!(terms.contains(&want), "{want} in {terms:?}");
    }
}

#[test]
fn every_family_is_listed_and_every_example_analysed() {
    let list: Value = serde_json::from_str(&families()).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), registry::entries().len());
    for e in list {
        for ex in e["examples"].as_array().unwrap() {
            let a = call(
                analyse,
                json!({"family": e["name"], "variant": ex[0], "position": ex[1]}),
            );
            assert!(a.get("error").is_none(), "{e}: {a}");
            assert!(a["drawing"]["shape"]["kind"].is_string());
            assert_eq!(a["history"].as_array().unwrap().len(), 1);
        }
    }
}

#[test]
fn nim_values_moves_and_history() {
    let a = call(
        analyse,
        json!({"family": "nim", "position": "3 4 5", "moves": []}),
    );
    assert_eq!(a["report"]["value"], 2);
    assert_eq!(a["report"]["outcome"], "N");
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 12);
    let winning: Vec<&Value> = moves.iter().filter(|m| m["outcome"] == "P").collect();
    assert_eq!(
        winning.len(),
        a["report"]["winning_moves"].as_array().unwrap().len()
    );
    let first = winning[0]["move"].as_str().unwrap();
    let b = call(
        analyse,
        json!({"family": "nim", "position": "3 4 5", "moves": [first]}),
    );
    assert_eq!(b["report"]["value"], 0);
    assert_eq!(b["history"][0]["value"], 2);
    assert_eq!(b["history"][1]["value"], 0);
    let bad = call(
        analyse,
        json!({"family": "nim", "position": "3 4 5", "moves": ["nonsense"]}),
    );
    assert!(bad["error"].as_str().unwrap().starts_with("move 1"));
}

#[test]
fn the_computer_plays_nim_to_the_end_and_explains() {
    let mut moves: Vec<String> = Vec::new();
    let game = |moves: &[String]| json!({"family": "nim", "position": "1 2 4", "moves": moves});
    loop {
        let c = call(computer, game(&moves));
        if c["move"].is_null() {
            break;
        }
        assert!(c["why"].as_str().unwrap().len() > 10);
        moves.push(c["move"].as_str().unwrap().to_string());
        let w = call(why, game(&moves));
        assert_eq!(w["why"], c["why"]);
        assert!(moves.len() < 10);
    }
    let a = call(analyse, game(&moves));
    assert_eq!(a["over"], true);
    // The first move from 1 2 4 (value 7) wins: it leaves value 0.
    assert_eq!(a["history"][1]["value"], 0);
}

#[test]
fn hints() {
    let h = call(hint, json!({"family": "kayles", "position": "3 5"}));
    assert!(h["hint"]["move"].is_string());
    let h = call(hint, json!({"family": "nim", "position": "1 1"}));
    assert!(h["hint"].is_null());
}

/// Kayles at 10^18 is answered from its proven period: the value, the
/// outcome, the first winning moves with their count, a move played,
/// the computer's answer and why.
#[test]
fn kayles_at_ten_to_the_eighteen() {
    let game = |moves: &[&str]| json!({"family": "kayles", "position": "[1000000000000000000]", "moves": moves});
    let a = call(analyse, game(&[]));
    // G(10^18) = 1: 10^18 = 4 (mod 12), past the preperiod 71.
    assert_eq!(a["report"]["value"], 1, "{a}");
    assert_eq!(a["report"]["outcome"], "N");
    assert_eq!(a["report"]["heap_values"], json!([1]));
    // Integers past 2^53 cross to the page as strings of digits.
    assert_eq!(
        a["report"]["winning_moves_total"],
        json!("83333333333333338")
    );
    let listed = a["report"]["winning_moves"].as_array().unwrap();
    assert_eq!(listed.len(), 10);
    assert!(a["moves_error"].is_string());
    assert_eq!(
        a["drawing"]["shape"]["sizes"][0],
        json!("1000000000000000000")
    );
    let first = listed[0]["move"].as_str().unwrap();
    let b = call(analyse, game(&[first]));
    assert_eq!(b["report"]["value"], 0, "{b}");
    assert_eq!(b["history"][1]["value"], 0);
    let c = call(computer, game(&[first]));
    assert!(c["move"].is_string(), "{c}");
    assert!(c["why"].as_str().unwrap().contains("periodic"), "{c}");
    let h = call(hint, game(&[]));
    assert!(h["hint"]["move"].is_string(), "{h}");
}

#[test]
fn integers_past_2_53_are_strings() {
    let n = call(nimber, json!({"a": "9223372036854775808", "b": "3"}));
    assert_eq!(n["product"], "4611686018427387904");
    assert_eq!(n["sum"], "9223372036854775811");
    assert_eq!(n["b"], 3);
    let a = call(
        analyse,
        json!({"family": "nim", "position": "9007199254740993 1"}),
    );
    assert_eq!(a["report"]["value"], "9007199254740992");
    assert_eq!(a["drawing"]["shape"]["sizes"][0], "9007199254740993");
    assert_eq!(a["history"][0]["value"], "9007199254740992");
    assert_eq!(
        call(nimber, json!({"expr": "9007199254740991"}))["value"],
        9007199254740991u64
    );
}

#[test]
fn bad_numbers_get_plain_messages() {
    for (to, want) in [
        (json!(null), "the last heap is missing"),
        (json!(1.5), "the last heap '1.5' is not a whole number"),
        (json!(-1), "the last heap '-1' is not a whole number"),
        (json!("abc"), "the last heap 'abc' is not a whole number"),
        (
            json!("99999999999999999999999"),
            "too large: at most 10000000",
        ),
    ] {
        let e = call(sequence, json!({"rule": "kayles", "to": to}));
        let e = e["error"].as_str().unwrap();
        assert!(e.contains(want), "{e}");
        assert!(!e.contains("expected u64"), "{e}");
    }
    let s = call(sequence, json!({"rule": "kayles", "to": " 20 "}));
    assert_eq!(s["to"], 20);
    let t = call(table, json!({"kind": "nim-sum", "size": "x"}));
    assert!(t["error"].as_str().unwrap().starts_with("the size 'x'"));
}

#[test]
fn treblecross_shows_its_heap_form() {
    let game = |moves: Value| {
        call(
            analyse,
            json!({"family": "strip", "variant": "treblecross", "position": "X......", "moves": moves}),
        )
    };
    let a = game(json!([]));
    // The paper game has no value of its own; its heap form (one heap
    // of 4 of 0.11337, as grundy heap treblecross --board X...... says)
    // is drawn with its value.
    assert_eq!(a["report"]["value"], Value::Null, "{a}");
    assert_eq!(a["report"]["outcome"], "N");
    assert_eq!(a["drawing"]["components"][0]["value"], 2);
    let b = game(json!(["put an X on cell 2", "put an X on cell 3"]));
    assert_eq!(b["over"], true);
    assert_eq!(b["report"]["outcome"], "P");
}

#[test]
fn families_say_whether_they_take_misere_play() {
    let list: Value = serde_json::from_str(&families()).unwrap();
    let misere = |name: &str| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == name)
            .unwrap()["misere"]
            .clone()
    };
    assert_eq!(misere("nim"), true);
    assert_eq!(misere("wythoff"), false);
}

#[test]
fn long_positions_are_analysed_without_listing_every_winning_move() {
    // 200001 heaps of 1: every heap is a winning move, and each move
    // leaves a position of 200001 heaps.
    let ones = vec!["1"; 200_001].join(" ");
    let a = call(analyse, json!({"family": "nim", "position": ones}));
    assert_eq!(a["report"]["value"], 1, "{}", a["error"]);
    assert_eq!(a["report"]["winning_moves_total"], 200_001);
    assert!(a["report"]["winning_moves"].as_array().unwrap().len() <= 10);
    let row = "O".repeat(100_001);
    let t = call(analyse, json!({"family": "turtles", "position": row}));
    assert!(t["error"].is_null(), "{}", t["error"]);
}

#[test]
fn nimbers_and_tables() {
    let n = call(nimber, json!({"a": "2", "b": "3"}));
    assert_eq!(n["sum"], 1);
    assert_eq!(n["product"], 1);
    assert_eq!(n["inverse_a"], 3);
    assert_eq!(n["sqrt_b"], 2);
    let z = call(nimber, json!({"a": "0", "b": "0"}));
    assert!(z["inverse_a"].is_null());
    assert_eq!(call(nimber, json!({"expr": "3*5 + 7"}))["value"], 8);
    let t = call(table, json!({"kind": "nim-product", "size": 4}));
    assert_eq!(t["rows"][2][2], 3);
    assert!(call(table, json!({"kind": "x", "size": 4}))["error"].is_string());
    let w = call(table, json!({"kind": "wythoff", "size": 3}));
    assert_eq!(w["p_positions"], json!([[0, 0], [1, 2], [2, 1]]), "{w}");
    assert_eq!(w["row_periods"][0]["period"], 1);
    let m = call(table, json!({"kind": "takeaway", "size": "6", "r": "3"}));
    assert_eq!(m["game"], "takeaway:3", "{m}");
    assert_eq!(m["rows"][5][5], 4);
    let c = call(table, json!({"kind": "corners", "size": 8}));
    assert_eq!(
        c["rows"],
        call(table, json!({"kind": "nim-product", "size": 8}))["rows"]
    );
    assert!(call(table, json!({"kind": "nim-sum", "size": 4, "r": 2}))["error"].is_string());
}

/// A family added to the library alone (Node-Kayles) is analysed and
/// played here with no change to this crate.
#[test]
fn node_kayles_on_a_grid() {
    let game = |moves: &[&str]| json!({"family": "node-kayles", "variant": "grid:3x5", "position": "", "moves": moves});
    let a = call(analyse, game(&[]));
    // OEIS A316632(5) = 3.
    assert_eq!(a["report"]["value"], 3, "{a}");
    assert_eq!(a["drawing"]["shape"]["rows"][0], "ooooo");
    let first = a["report"]["winning_moves"][0]["move"].as_str().unwrap();
    let b = call(analyse, game(&[first]));
    assert_eq!(b["report"]["value"], 0, "{b}");
    let c = call(computer, game(&[first]));
    assert!(c["move"].as_str().unwrap().starts_with("take "), "{c}");
}

/// Wind-Up 7:2,5 at 4 is a draw, ∞(∅), as `grundy wind-up:7:2,5 4
/// --json` says: the one move that keeps it (to 6) and the one that hands
/// the opponent the win (to 2, ∞(0)) are told apart, and the history
/// carries Smith's value and the draw.
#[test]
fn wind_up_draws_carry_smiths_values() {
    let game = |moves: Value| {
        call(
            analyse,
            json!({"family": "wind-up", "variant": "7:2,5", "position": "4", "moves": moves}),
        )
    };
    let a = game(json!([]));
    assert_eq!(a["report"]["value"], json!({"infinity": []}), "{a}");
    assert_eq!(a["report"]["outcome"], "D");
    assert_eq!(a["smith"]["value"], json!({"infinity": []}));
    assert_eq!(a["smith"]["outcome"], "D");
    assert_eq!(
        a["smith"]["components"],
        json!([{"value": {"infinity": []}, "outcome": "D"}])
    );
    let moves: Vec<&str> = a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            "subtract 2 from heap 1 (4 -> 2)",
            "subtract 5 from heap 1 (4 -> 6)"
        ]
    );
    assert_eq!(
        a["smith"]["moves"],
        json!([
            {"value": {"infinity": [0]}, "outcome": "N"},
            {"value": {"infinity": []}, "outcome": "D"},
        ])
    );
    assert_eq!(a["history"][0]["value"], json!({"infinity": []}));
    assert_eq!(a["history"][0]["outcome"], "D");
    assert!(a.get("parts_value").is_none() && a.get("moves_after").is_none());
    let b = game(json!([
        "subtract 2 from heap 1 (4 -> 2)",
        "subtract 2 from heap 1 (2 -> 0)"
    ]));
    assert_eq!(b["history"][1]["outcome"], "N", "{b}");
    assert_eq!(b["history"][2]["value"], 0);
    assert_eq!(b["history"][2]["outcome"], "P");
    // A game that always ends has no Smith's values.
    let n = call(analyse, json!({"family": "nim", "position": "3 4 5"}));
    assert!(n.get("smith").is_none() && n.get("moves_after").is_none());
}

/// Treblecross X......: each move's position has no value of its own, so
/// the values of its heap form's heaps are given, as `grundy heap
/// treblecross --board` finds them (cell 5 leaves heaps 1 and 1, XOR 0).
#[test]
fn treblecross_moves_carry_their_heap_forms() {
    let a = call(
        analyse,
        json!({"family": "strip", "variant": "treblecross", "position": "X......"}),
    );
    assert_eq!(a["parts_value"], 2, "{a}");
    let moves = a["moves"].as_array().unwrap();
    let after = a["moves_after"].as_array().unwrap();
    assert_eq!(moves.len(), after.len());
    let at = |words: &str| &after[moves.iter().position(|m| m["move"] == words).unwrap()];
    assert_eq!(at("put an X on cell 5"), &json!({"parts": [], "value": 0}));
    assert_eq!(at("put an X on cell 7"), &json!({"parts": [1], "value": 1}));
    // Cell 2 lets the opponent complete the row: no heap form.
    assert_eq!(at("put an X on cell 2")["value"], Value::Null);
    for (m, after) in moves.iter().zip(after) {
        let won = after["value"] == 0;
        assert_eq!(won, m["outcome"] == "P", "{m} {after}");
    }
}

/// The position's text is cut as the command line cuts it, and "Why?" in a
/// game of two players explains the position as `--explain` does.
#[test]
fn long_positions_are_cut_and_positions_explained() {
    let ones = vec!["1"; 2000].join(" ");
    let a = call(analyse, json!({"family": "nim", "position": ones}));
    let short = a["position_short"].as_str().unwrap();
    assert!(short.len() < 200 && short.ends_with("more)"), "{short}");
    let e = call(explain, json!({"family": "nim", "position": "3 4 5"}));
    let text = e["text"].as_str().unwrap();
    assert!(
        text.contains("Grundy value: 2") && text.contains("XOR"),
        "{text}"
    );
}
