//! End-to-end tests of the Nim-family commands: `moore`, `staircase`,
//! `nimble`, `nimble2`, `turtles`, `twins`, `northcott`, `chips`. Every
//! winning move's `to` is fed back to the same command, which must answer P.

use crate::common;
use std::path::PathBuf;

use common::{grundy, json, refused};
use serde_json::Value;

/// A position from JSON as command-line words: a list of numbers or names,
/// or a single string (a row).
fn words(position: &Value) -> Vec<String> {
    match position {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) => items
            .iter()
            .map(|x| match x {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect(),
        other => panic!("unexpected position {other}"),
    }
}

/// Runs `prefix position --json`, expects `outcome`, and checks that every
/// winning move's `to` fed back to `prefix` is a P-position. Returns the
/// report.
fn check_fed_back(prefix: &[&str], position: &[&str], outcome: &str) -> Value {
    let mut args: Vec<&str> = prefix.to_vec();
    args.extend_from_slice(position);
    args.push("--json");
    let v = json(&args);
    assert_eq!(v["outcome"], outcome, "{args:?}: {v}");
    let moves = v["winning_moves"].as_array().expect("winning_moves");
    if outcome == "N" {
        assert!(!moves.is_empty(), "{args:?}: no winning move");
    } else {
        assert!(moves.is_empty(), "{args:?}: a P-position with moves");
    }
    for m in moves {
        assert!(m["move"].as_str().is_some_and(|s| !s.is_empty()));
        let to = words(&m["to"]);
        let mut back: Vec<&str> = prefix.to_vec();
        back.extend(to.iter().map(String::as_str));
        back.push("--json");
        let r = json(&back);
        assert_eq!(r["outcome"], "P", "{back:?} after {}", m["move"]);
    }
    v
}

#[test]
fn staircase_json_and_moves() {
    let v = check_fed_back(&["staircase"], &["0", "3", "0", "2"], "N");
    assert_eq!(v["game"], "staircase");
    assert_eq!(v["position"], serde_json::json!([0, 3, 0, 2]));
    assert_eq!(v["convention"], "normal");
    assert_eq!(v["value"], 1);
    assert_eq!(
        v["winning_moves"][0]["move"],
        "move 1 coin from step 2 to step 1"
    );
    check_fed_back(&["staircase"], &["4", "1", "7", "6", "0", "3"], "N");
    check_fed_back(&["staircase"], &["0", "0", "5", "1"], "N");
    check_fed_back(&["staircase"], &["9", "2", "5", "2"], "P");
    let text =
        String::from_utf8(grundy(&["staircase", "0", "3", "0", "2", "--explain"]).stdout).unwrap();
    assert!(text.contains("heap 2 = step 4"), "{text}");
}

#[test]
fn nimble_and_nimble2() {
    let v = check_fed_back(&["nimble"], &["3", "5", "9"], "N");
    assert_eq!(v["value"], 14);
    assert_eq!(
        v["winning_moves"][0]["move"],
        "move the coin on cell 9 to cell 7"
    );
    check_fed_back(&["nimble"], &["4", "4", "2", "8", "1"], "N");
    check_fed_back(&["nimble"], &["2", "3", "4"], "P");
    let v = check_fed_back(&["nimble2"], &["3", "5", "9"], "N");
    assert_eq!(v["value"], 1);
    check_fed_back(&["nimble2"], &["12", "2", "7", "9", "15"], "N");
    check_fed_back(&["nimble2"], &["2", "3"], "P");
    assert!(
        String::from_utf8(grundy(&["nimble2", "3", "5", "9", "--explain"]).stdout)
            .unwrap()
            .contains("step 4 = gap before the coin on cell 3")
    );
}

#[test]
fn turtles_and_twins() {
    let v = check_fed_back(&["turtles"], &["XOOXO"], "N");
    assert_eq!(v["position"], "XOOXO");
    assert_eq!(v["value"], 4);
    assert_eq!(v["winning_moves"][0]["move"], "turn cell 5, flip cell 1");
    assert_eq!(v["winning_moves"][0]["to"], "OOOXX");
    check_fed_back(&["turtles"], &["OXXOOXOXXXOX"], "N");
    check_fed_back(&["turtles"], &["OOO"], "P");
    let v = check_fed_back(&["twins"], &["XOOXO"], "N");
    assert_eq!(v["value"], 7);
    check_fed_back(&["twins"], &["OXXOOXOXXXOX"], "N");
    check_fed_back(&["twins"], &["XOOO"], "P");
    assert!(
        String::from_utf8(grundy(&["twins", "XOOXO", "--explain"]).stdout)
            .unwrap()
            .contains("counting cells from 0")
    );
}

#[test]
fn moore_one_move_all_moves_and_misere() {
    let v = check_fed_back(&["moore", "-k", "2"], &["3", "5", "6"], "N");
    assert_eq!(v["game"], "moore");
    assert_eq!(v["k"], 2);
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["complete"], false);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    let all = check_fed_back(&["moore", "-k", "2", "--all"], &["2", "3", "5", "6"], "N");
    assert_eq!(all["complete"], true);
    assert_eq!(all["winning_moves"].as_array().unwrap().len(), 2);
    let p = check_fed_back(&["moore", "-k", "2"], &["3", "5", "6", "7"], "P");
    assert_eq!(p["complete"], true);
    check_fed_back(
        &["moore", "-k", "3", "--all"],
        &["7", "9", "12", "4", "6"],
        "N",
    );
    // k = 1 is Nim, with its value.
    assert_eq!(
        json(&["moore", "-k", "1", "3", "4", "5", "--json"])["value"],
        2
    );
    // Misère, including the corner cases where no heap exceeds 1.
    for heaps in [
        vec!["1", "1", "1", "1", "2"],
        vec!["1", "1", "1"],
        vec!["3", "5", "6", "2"],
        vec!["1", "1", "0", "1", "1", "1", "1"],
    ] {
        check_fed_back(&["moore", "-k", "2", "--misere", "--all"], &heaps, "N");
        check_fed_back(&["moore", "-k", "2", "--misere"], &heaps, "N");
    }
    check_fed_back(
        &["moore", "-k", "2", "--misere"],
        &["1", "1", "1", "1"],
        "P",
    );
    check_fed_back(
        &["moore", "-k", "3", "--misere"],
        &["1", "0", "1", "1", "1", "1"],
        "P",
    );
    let e = String::from_utf8(grundy(&["moore", "-k", "2", "3", "5", "6", "--explain"]).stdout)
        .unwrap();
    assert!(e.contains("the same mod 3"), "{e}");
}

#[test]
fn moore_thousand_sixty_bit_heaps() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let heaps: Vec<String> = (0..1000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 4).to_string()
        })
        .collect();
    let refs: Vec<&str> = heaps.iter().map(String::as_str).collect();
    check_fed_back(&["moore", "-k", "5"], &refs, "N");
    check_fed_back(&["moore", "-k", "5", "--misere"], &refs, "N");
    let mut args = vec!["moore", "-k", "5", "--all"];
    args.extend(refs.iter().copied());
    refused(
        &args,
        "winning moves, more than the 2000 that can be listed",
    );
}

#[test]
fn northcott_both_players() {
    for player in ["black", "white"] {
        let prefix = ["northcott", "--width", "10", "--player", player];
        let v = check_fed_back(&prefix, &["1:8", "2:4"], "N");
        assert_eq!(v["width"], 10);
        assert_eq!(v["player"], player);
        assert_eq!(v["value"], 7);
        check_fed_back(&prefix, &["1:4", "6:3", "2:7", "10:1"], "N");
        check_fed_back(&prefix, &["1:4", "6:3"], "P");
    }
    // A board as wide as 64 bits go.
    let max = u64::MAX.to_string();
    let far = format!("1:{max}");
    for player in ["black", "white"] {
        check_fed_back(
            &["northcott", "--width", &max, "--player", player],
            &[&far, "18446744073709551612:5"],
            "N",
        );
    }
    let v = json(&[
        "northcott",
        "--width",
        "10",
        "--player",
        "white",
        "1:8",
        "2:4",
        "--json",
    ]);
    assert_eq!(v["position"], serde_json::json!(["1:8", "2:4"]));
    assert_eq!(
        v["winning_moves"][1]["move"],
        "move the white token in row 2 from column 4 to column 9"
    );
}

/// A directory for this test binary's files.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nim_family");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn chips_small_graph_both_variants() {
    let file = scratch("small.txt");
    std::fs::write(
        &file,
        "# a small DAG with word names\nstart middle\nstart side\nmiddle end\nside end\nmiddle side  # a chord\nend sink\nalone\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    for variant in [vec!["chips", f], vec!["chips", f, "--annihilate"]] {
        let v = check_fed_back(&variant, &["start", "middle"], "N");
        assert_eq!(v["game"], "chips");
        assert_eq!(v["vertices"], 6);
        assert_eq!(v["edges"], 6);
        check_fed_back(&variant, &["start", "end", "middle"], "N");
        check_fed_back(&variant, &["alone"], "P");
        check_fed_back(&variant, &[], "P");
    }
    let v = json(&["chips", f, "middle", "side", "--json"]);
    assert_eq!(v["chip_values"], serde_json::json!([2, 0]));
    let a = json(&["chips", f, "--annihilate", "start", "end", "--json"]);
    assert_eq!(a["annihilate"], true);
    assert!(
        String::from_utf8(grundy(&["chips", f, "start", "--explain"]).stdout)
            .unwrap()
            .contains("reverse topological order")
    );
}

#[test]
fn chips_hundred_thousand_edges() {
    // A random DAG: edges from a lower to a higher rank, names shuffled.
    let n = 50_000usize;
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        perm.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut text = String::with_capacity(2_000_000);
    // Every vertex declared, so that none is missing from the graph.
    for p in &perm {
        text.push_str(&format!("v{p}\n"));
    }
    for _ in 0..100_000 {
        let a = (next() % n as u64) as usize;
        let b = (next() % n as u64) as usize;
        if a != b {
            let (lo, hi) = (a.min(b), a.max(b));
            text.push_str(&format!("v{} v{}\n", perm[lo], perm[hi]));
        }
    }
    let file = scratch("random.txt");
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let chips: Vec<String> = (0..8).map(|i| format!("v{}", perm[i * 97])).collect();
    let refs: Vec<&str> = chips.iter().map(String::as_str).collect();
    let v = json(&[&["chips", f], &refs[..], &["--json"]].concat());
    assert_eq!(v["vertices"].as_u64().unwrap() as usize, n);
    let outcome = v["outcome"].as_str().unwrap().to_string();
    check_fed_back(&["chips", f], &refs, &outcome);
}

#[test]
fn refusals() {
    refused(&["turtles", "XOAX"], "cell 3 of the row is 'A'");
    refused(&["turtles", ""], "the row is empty");
    refused(&["twins", "XO O"], "cell 3 of the row is ' '");
    refused(&["nimble", "3", "0"], "cell 0 is off the strip");
    refused(&["nimble", "3", "-2"], "negative");
    refused(&["nimble"], "no coins given");
    refused(&["nimble2", "4", "2", "4"], "two coins on cell 4");
    refused(&["staircase"], "no steps given");
    refused(
        &["staircase", "1", "x"],
        "the number of coins on step 2 'x'",
    );
    refused(
        &["staircase", "18446744073709551615", "5"],
        "the staircase holds more than 18446744073709551615 coins in all",
    );
    refused(&["moore", "-k", "0", "3"], "k must be at least 1");
    refused(&["moore", "-k", "-2", "3"], "negative");
    refused(&["moore", "-k", "2"], "no heaps given");
    refused(
        &["northcott", "--width", "8", "1:4", "3:3"],
        "row 2: the black and the white token are both on column 3",
    );
    refused(
        &["northcott", "--width", "8", "1:9"],
        "row 1: column 9 is off the board (columns 1 to 8)",
    );
    refused(
        &["northcott", "--width", "8", "0:2"],
        "column 0 is off the board",
    );
    refused(
        &["northcott", "--width", "8", "1-4"],
        "row 1 '1-4' is not B:W",
    );
    refused(
        &["northcott", "--width", "8", "1:x"],
        "white token's column in row 1",
    );
    refused(&["northcott", "--width", "8"], "no rows given");
    refused(&["northcott", "--width", "-3", "1:2"], "negative");

    let cyc = scratch("cycle.txt");
    std::fs::write(&cyc, "a b\nb c\nc a\nc d\n").unwrap();
    let f = cyc.to_str().unwrap();
    refused(&["chips", f, "--annihilate", "a"], "the graph has a cycle");
    let out = grundy(&["chips", f, "--annihilate", "d"]);
    let err = String::from_utf8_lossy(&out.stderr);
    for v in ["a", "b", "c"] {
        assert!(err.contains(&format!("{v} -> ")), "{err}");
    }
    let good = scratch("good.txt");
    std::fs::write(&good, "a b\n").unwrap();
    let g = good.to_str().unwrap();
    refused(&["chips", g, "a", "zz"], "unknown vertex 'zz'");
    refused(
        &["chips", g, "--annihilate", "a", "a"],
        "two chips on vertex 'a'",
    );
    let bad = scratch("bad.txt");
    std::fs::write(&bad, "a b\nb c d\n").unwrap();
    refused(
        &["chips", bad.to_str().unwrap(), "a"],
        "line 2: expected an edge 'u v'",
    );
    let binary = scratch("binary.txt");
    std::fs::write(&binary, b"a b\n\xff\xfe c\n").unwrap();
    refused(
        &["chips", binary.to_str().unwrap(), "a"],
        "is not UTF-8 text",
    );
    refused(
        &["chips", "/nonexistent/graph.txt", "a"],
        "cannot read the graph file",
    );
    // A sparse file of 5 GiB: refused from its size, before any reading.
    let huge = scratch("huge.txt");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(5 << 30)
        .unwrap();
    refused(
        &["chips", huge.to_str().unwrap(), "a"],
        "is larger than 1073741824 bytes (1024 MiB)",
    );
    std::fs::remove_file(&huge).unwrap();
}
