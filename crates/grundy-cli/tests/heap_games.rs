//! End-to-end tests of `grundy heap`, `grundy seq` and `grundy rules`.

use crate::common;

use common::{json, refused, text};
use serde_json::json;

#[test]
fn kayles_period_is_proven() {
    let v = json(&["seq", "0.77", "--to", "1000", "--json"]);
    assert_eq!(v["rule"], "0.77");
    assert_eq!(v["values"].as_array().unwrap().len(), 1001);
    assert_eq!(v["values"][27], 8);
    assert_eq!(
        v["periodicity"],
        json!({"status": "proven", "preperiod": 71, "period": 12, "saltus": 0})
    );
    assert_eq!(v["max_value"], 8);
    assert_eq!(v["p_positions"], json!([0]));
}

#[test]
fn dawson_chess_period_is_proven() {
    let out = text(&["seq", "0.137", "--to", "1000"]);
    assert!(
        out.contains("period 34 from n = 52 (preperiod 52), proven"),
        "{out}"
    );
    let v = json(&["seq", "dawson-chess", "--to", "1000", "--json", "--summary"]);
    assert_eq!(v["rule"], "dawson-chess");
    assert_eq!(v["periodicity"]["period"], 34);
    assert!(v.get("values").is_none() && v.get("p_positions").is_none());
    assert_eq!(v["p_count"], v["value_counts"][0][1]);
}

#[test]
fn grundys_game_has_no_proven_period() {
    let v = json(&["seq", "grundy", "--to", "100000", "--json", "--summary"]);
    assert_ne!(v["periodicity"]["status"], "proven");
    assert_eq!(v["to"], 100000);
    // The single-heap P-positions of Grundy's game stop at 1222 (OEIS A036685).
    assert_eq!(v["value_counts"][0], json!([0, 42]));
}

#[test]
fn lasker_saltus_and_subtraction_games() {
    let v = json(&["seq", "4.[3]", "--to", "200", "--json", "--summary"]);
    assert_eq!(
        v["periodicity"],
        json!({"status": "proven", "preperiod": 1, "period": 4, "saltus": 4})
    );
    let v = json(&["seq", "sub:1,3,4", "--to", "50", "--json"]);
    assert_eq!(
        v["periodicity"],
        json!({"status": "proven", "preperiod": 0, "period": 7, "saltus": 0})
    );
    let v = json(&["seq", "take:2..5", "--to", "30", "--json"]);
    assert_eq!(v["periodicity"]["period"], 7);
    assert_eq!(
        v["values"].as_array().unwrap()[0..8],
        json!([0, 0, 1, 1, 2, 2, 3, 0]).as_array().unwrap()[..]
    );
}

#[test]
fn csv_and_plain() {
    let csv = text(&["seq", "kayles", "--to", "5", "--csv"]);
    assert_eq!(csv, "n,g\n0,0\n1,1\n2,2\n3,3\n4,1\n5,4\n");
    let plain = text(&["seq", "kayles", "--to", "5"]);
    assert!(plain.contains("0: 0 1 2 3 1 4"), "{plain}");
    assert!(
        plain.contains("largest value: 4 (first at n = 5)"),
        "{plain}"
    );
}

#[test]
fn heap_json_and_moves_fed_back() {
    let v = json(&["heap", "kayles", "5", "7", "12", "--json"]);
    assert_eq!(v["game"], "kayles");
    assert_eq!(v["position"], json!([5, 7, 12]));
    assert_eq!(v["convention"], "normal");
    assert_eq!(v["value"], 4 ^ 2 ^ 4);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["heap_values"], json!([4, 2, 4]));
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.to_string())
            .collect();
        let mut a = vec!["heap", "kayles", "--json"];
        a.extend(to.iter().map(String::as_str));
        assert_eq!(json(&a)["outcome"], "P", "{m}");
    }
    let words: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert!(
        words.contains(&"take 2 from the heap of 7 and split the rest into 1 and 4"),
        "{words:?}"
    );
}

#[test]
fn heap_misere() {
    let v = json(&["heap", "kayles", "3", "4", "--misere", "--json"]);
    assert_eq!(v["convention"], "misere");
    assert!(v["value"].is_null());
    for m in v["winning_moves"].as_array().unwrap() {
        let to = common::number_words(&m["to"]);
        let mut a = vec!["heap", "kayles", "--misere", "--json"];
        a.extend(to.iter().map(String::as_str));
        assert_eq!(json(&a)["outcome"], "P", "{m}");
    }
    // Misère Nim through the heap rule agrees with Bouton's misère rule.
    let v = json(&["heap", "nim", "1", "1", "2", "--misere", "--json"]);
    assert_eq!(v["winning_moves"][0]["to"], json!([1, 1, 1]));
    // Past the heaps searched, Kayles' quotient (Φ proven periodic)
    // decides.
    let v = json(&[
        "heap", "kayles", "200", "200", "200", "200", "--misere", "--json",
    ]);
    assert_eq!(v["method"], "quotient");
    refused(
        &["heap", "0.16", "40", "40", "40", "40", "--misere"],
        "more than the",
    );
}

#[test]
fn explain_shows_the_values() {
    let out = text(&["heap", "kayles", "5", "7", "--explain"]);
    assert!(out.contains("G(5) = 4"), "{out}");
    assert!(out.contains("XOR = 6"), "{out}");
}

#[test]
fn boards_in_their_own_notation() {
    let v = json(&["heap", "crosses", "--board", "X..X.....", "--json"]);
    assert_eq!(v["heaps"], json!([4]));
    assert_eq!(v["position"], "X..X.....");
    let v = json(&["heap", "dawson-chess", "--board", ".......", "--json"]);
    assert_eq!(v["outcome"], "N");
    for m in v["winning_moves"].as_array().unwrap() {
        assert!(m["move"].as_str().unwrap().starts_with("put an X on cell"));
        let to = m["to"].as_str().unwrap();
        assert_eq!(
            json(&["heap", "crosses", "--board", to, "--json"])["outcome"],
            "P"
        );
    }
    let v = json(&["heap", "last-to-toggle", "--board", "0111100", "--json"]);
    assert_eq!(v["winning_moves"][0]["move"], "toggle cells 3 and 4");
    assert_eq!(v["winning_moves"][0]["to"], "0100100");
    let v = json(&["heap", "treblecross", "--board", "X...X....", "--json"]);
    assert_eq!(v["outcome"], "N");
    let v = json(&["heap", "treblecross", "--board", "X.X......", "--json"]);
    assert_eq!(v["winning_moves"][0]["move"], "put an X on cell 2");
    let v = json(&["heap", "triomino", "--board", "4", "--json"]);
    assert_eq!(v["heaps"], json!([8]));
    for m in v["winning_moves"].as_array().unwrap() {
        assert!(m["move"]
            .as_str()
            .unwrap()
            .starts_with("place a tromino on"));
        let to = m["to"].as_str().unwrap();
        assert_eq!(
            json(&["heap", "triomino", "--board", to, "--json"])["outcome"],
            "P"
        );
    }
    // triomino heaps are 2 x n boards.
    let v = json(&["heap", "triomino", "3", "--json"]);
    assert_eq!(v["value"], 2);
    refused(&["heap", "kayles", "--board", "X.."], "--board works with");
    refused(&["heap", "crosses", "--board", "XX.."], "next to another");
    refused(&["heap", "treblecross", "--board", "XXX.."], "game is over");
    refused(
        &["heap", "last-to-toggle", "--board", "10a1"],
        "character 3",
    );
    refused(
        &["heap", "triomino", "--board", ".#./...."],
        "different lengths",
    );
    refused(
        &["heap", "triomino", "--board", ".#./..."],
        "no game on an empty board",
    );
}

#[test]
fn rules_list_and_words() {
    let list = text(&["rules", "--list"]);
    for name in [
        "nim",
        "kayles",
        "dawson-kayles",
        "dawson-chess",
        "crosses",
        "pawns",
        "treblecross",
        "triomino",
        "lasker",
        "grundy",
        "split",
        "last-to-toggle",
        "take-1-3",
    ] {
        assert!(list.contains(name), "{name} missing from\n{list}");
    }
    let out = text(&["rules", ".137"]);
    assert!(out.contains("canonical form: 0.137"), "{out}");
    assert!(
        out.contains("remove 2 tokens: may leave 0 or 1 heaps"),
        "{out}"
    );
    let v = json(&["rules", "4!.0", "--json"]);
    assert_eq!(v["rule"], "4!.0");
    assert_eq!(v["max_parts"], 2);
    let out = text(&["rules", "crosses"]);
    assert!(out.contains("canonical form: dawson-chess"), "{out}");
}

#[test]
fn ranges_files() {
    let dir = std::env::temp_dir().join(format!("grundy-ranges-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, "1 1\n1 2\n2 3\n1 4\n").unwrap();
    let rule = format!("ranges:{}", good.display());
    let v = json(&["seq", &rule, "--to", "4", "--json"]);
    assert_eq!(v["values"], json!([0, 1, 2, 2, 3]));
    let v = json(&["heap", &rule, "4", "3", "--json"]);
    assert_eq!(v["value"], 3 ^ 2);
    refused(&["seq", &rule, "--to", "5"], "1 to 4 only");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1 1\n3 3\n").unwrap();
    refused(
        &["seq", &format!("ranges:{}", bad.display()), "--to", "2"],
        "line 2",
    );
    refused(
        &["seq", "ranges:/nonexistent/ranges.txt", "--to", "2"],
        "cannot read ranges file",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_rules_and_sizes_are_refused() {
    refused(&["seq", "0.8x", "--to", "5"], "character 4");
    refused(&["seq", "4.", "--to", "5"], "character 3");
    refused(&["seq", "0.", "--to", "5"], "no digits after the point");
    refused(&["seq", "sub:", "--to", "5"], "character 5");
    refused(&["seq", "take:5..2", "--to", "5"], "empty");
    refused(&["heap", "kaylez", "3"], "neither a code");
    refused(&["heap", "triomino", "2147483648"], "32 bits");
    refused(&["heap", "kayles", "-3"], "negative");
    refused(&["seq", "kayles", "--to", "4294967296"], "too much output");
    refused(&["seq", "kayles", "--to", "2^41"], "too much output");
    // Past what the engine counts, a proven period gives the values:
    // subtract 1 or 3 is n mod 2.
    let far = json(&[
        "seq",
        "sub:1,3",
        "--to",
        "4294967297",
        "--summary",
        "--json",
    ]);
    assert_eq!(far["value"], 1);
    refused(&["seq", "kayles", "--to", "4294967294"], "too much output");
    refused(&["seq", "kayles", "--to", "x"], "not a whole number");
    refused(&["heap", "0.8f", "20000"], "too large");
    // A proven saltus answers a heap past any table (0.8: G(n) = (n - 1) / 3).
    let v = json(&["heap", "0.8", "20000", "--json"]);
    assert_eq!(v["value"], 6666);
    refused(&["heap", "nim", "1000000"], "too large");
    refused(&["heap", "sub:1,3", "--misere", "4294967296"], "32 bits");
    refused(&["heap", "ranges€x", "3"], "neither a code");
}

/// Once a rule's period is proven, any heap up to 2^64 - 1 is answered at
/// once, with the winning moves counted from the periodic part.
#[test]
fn huge_heaps_answer_from_the_proven_period() {
    let started = std::time::Instant::now();
    let v = json(&["heap", "kayles", "1000000000000000000", "--json"]);
    assert!(started.elapsed().as_secs_f64() < 5.0);
    // Kayles: G(n) = 1 for n = 4 (mod 12) from n = 71 on (Winning Ways).
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(1), Some("N"))
    );
    assert_eq!(v["winning_moves_total"], 83_333_333_333_333_338u64);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 10);
    for m in moves {
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.to_string())
            .collect();
        let mut args = vec!["heap", "kayles", "--json"];
        args.extend(to.iter().map(String::as_str));
        assert_eq!(json(&args)["value"], 0, "{m}");
    }
    let v = json(&[
        "heap",
        "kayles",
        "18446744073709551615",
        "4294967296",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    // Heaps inside the table agree with the plain computation.
    let v = json(&["heap", "0.07", "10000", "--json"]);
    let w = json(&["seq", "0.07", "--from", "10000", "--to", "10000", "--json"]);
    assert_eq!(v["value"], w["value"]);
    let text = text(&["heap", "sub:1", "4294967295"]);
    assert!(text.contains("Grundy value: 1\n"), "{text}");
}
