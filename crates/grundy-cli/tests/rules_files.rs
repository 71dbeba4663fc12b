//! Rules files (`grundy game FILE.toml`, `grundy play FILE.toml`), first
//! cousins in `grundy rules` and predicate rules, end to end.

use crate::common;

use std::path::PathBuf;

use common::{json, piped, refused};

fn example(name: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/rules");
    root.join(name).display().to_string()
}

fn temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-rules-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn every_example_compiles_and_agrees_with_its_command() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/rules");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path().display().to_string();
        let v = json(&["game", &path, "--json"]);
        assert!(v["outcome"] == "P" || v["outcome"] == "N", "{path}: {v}");
        seen += 1;
    }
    assert!(seen >= 5);
    // The file and the command it stands for give the same report.
    let a = json(&["game", &example("subtract-a-square.toml"), "--json"]);
    let b = json(&["heap", "sub:squares", "10", "20", "34", "--json"]);
    for key in ["game", "position", "value", "outcome", "winning_moves"] {
        assert_eq!(a[key], b[key], "{key}");
    }
    let a = json(&["game", &example("fibonacci-nim.toml"), "13", "--json"]);
    let b = json(&["twoheap", "fibonacci-nim", "13", "--json"]);
    assert_eq!(a, b);
    assert_eq!(a["outcome"], "P");
}

#[test]
fn mistakes_name_the_file_and_the_line() {
    let f = temp(
        "bad-rule.toml",
        "[game]\nkind = \"heap\"\n\nrule = \"0.9x\"\n",
    );
    refused(&["game", &f], "line 4: rule '0.9x'");
    let f = temp("bad-kind.toml", "[game]\nkind = \"chess\"\n");
    refused(
        &["game", &f],
        "line 2: unknown kind 'chess'; the kinds are heap, twoheap, graph, turning, product",
    );
    let f = temp("bad-toml.toml", "[game\n");
    refused(&["game", &f], "line 1: not valid TOML");
    let f = temp(
        "no-start.toml",
        "[game]\nkind = \"twoheap\"\ngame = \"euclid\"\n",
    );
    refused(&["game", &f], "no 'start'");
    refused(&["game", &f, "1", "2", "3"], "two heaps, not 3");
    refused(&["game", "/nonexistent/x.toml"], "x.toml");
    refused(&["game", &f, "--table", "0..3"], "--table is for scripts");
    refused(&["play", &f, "--seed", "3"], "no 'start'");
    refused(
        &["play", &f, "3", "--bogus"],
        "unexpected argument '--bogus'",
    );
    refused(&["play", "chess"], "unrecognized subcommand 'chess'");
}

#[test]
fn play_from_a_rules_file() {
    let out = piped(
        &[
            "play",
            "--first",
            "computer",
            "--seed",
            "5",
            &example("fibonacci-nim.toml"),
        ],
        "take 1\nquit\n",
    );
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{t}");
    assert!(t.contains("computer: take 2"), "{t}");
    // The options of play may follow the rules file, as they may follow a
    // script, and mean the same.
    let file = example("fibonacci-nim.toml");
    let before = piped(
        &[
            "play", "--json", "--first", "computer", "--seed", "5", &file, "20",
        ],
        "quit\n",
    );
    let after = piped(
        &[
            "play", &file, "20", "--json", "--first", "computer", "--seed", "5",
        ],
        "quit\n",
    );
    assert!(
        after.status.success(),
        "{}",
        String::from_utf8_lossy(&after.stderr)
    );
    assert_eq!(before.stdout, after.stdout);
    let first = String::from_utf8(after.stdout).unwrap();
    let line: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(line["position"], serde_json::json!([20, 19]));
    let misere = piped(
        &["play", &example("dawson-kayles.toml"), "--misere"],
        "quit\n",
    );
    assert!(
        misere.status.success(),
        "{}",
        String::from_utf8_lossy(&misere.stderr)
    );
}

#[test]
fn rules_states_first_cousins() {
    let v = json(&["rules", "0.07", "--json"]);
    assert_eq!(v["first_cousin"]["code"], "0.137");
    assert_eq!(v["first_cousin"]["shift"], 1);
    assert_eq!(v["first_cousin"]["statement"], "heap n + 1 of 0.07 plays as heap n of 0.137 for every n >= 0 (heaps 0 to 1 of 0.07 have no move)");
    assert_eq!(
        json(&["rules", "kayles", "--json"])["first_cousin"],
        serde_json::Value::Null
    );
    // The claim, on the sequences.
    let a = json(&["seq", "0.07", "--to", "80", "--json"]);
    let b = json(&["seq", "0.137", "--to", "79", "--json"]);
    let (a, b) = (
        a["values"].as_array().unwrap(),
        b["values"].as_array().unwrap(),
    );
    assert_eq!(&a[1..], &b[..]);
}

#[test]
fn predicates_reach_heap_seq_and_rules() {
    let v = json(&["heap", "sub:divisors", "12", "7", "--json"]);
    assert_eq!(v["value"], 3 ^ 1);
    let v = json(&["rules", "sub:primes", "--json"]);
    assert_eq!(v["rule"], "sub:primes");
    assert!(v["description"][1]
        .as_str()
        .unwrap()
        .contains("no periodicity theorem"));
    refused(&["heap", "sub:odd", "3"], "no predicate 'odd'");
}

#[test]
fn a_product_file_is_analysed_and_played() {
    let a = json(&["game", &example("rugs.toml"), "--json"]);
    let board = temp("rugs-board.txt", "....#\n..#..\n.....\n#....\n");
    let b = json(&["product", "rugs", &board, "--all", "--json"]);
    assert_eq!(a["value"], b["value"]);
    assert_eq!(a["outcome"], b["outcome"]);
    assert_eq!(b["winning_moves_total"], "7");
    let ours: Vec<&serde_json::Value> = a["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["move"])
        .collect();
    let theirs: Vec<&serde_json::Value> = b["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["move"])
        .collect();
    assert_eq!(ours, theirs);
    // The acrostic example against the product command.
    let a = json(&["game", &example("acrostic.toml"), "--json"]);
    let board = temp("acrostic-board.txt", ".....\n.#...\n.....\n");
    let b = json(&[
        "product",
        "mock-turtles",
        "ruler",
        "--acrostic",
        &board,
        "--all",
        "--json",
    ]);
    assert_eq!(a["value"], b["value"]);
    assert_eq!(
        a["winning_moves"].as_array().unwrap().len(),
        b["winning_moves"].as_array().unwrap().len()
    );
    // Played: a move typed in the words the analysis prints, then a board.
    let out = piped(
        &["play", "--seed", "5", &example("rugs.toml")],
        "rows 0 x columns 3\nwhy\n...##/..#../....#/#...#\nquit\n",
    );
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{t}");
    assert!(t.contains("you: (0,3): rows 0 x columns 3"), "{t}");
    assert!(t.contains("computer: (3,4): rows 3 x columns 4"), "{t}");
    assert!(t.contains("tartan theorem"), "{t}");
    assert!(t.contains("you: (2,4): rows 2 x columns 4"), "{t}");
    let f = temp(
        "bad-product.toml",
        "[game]\nkind = \"product\"\nrows = \"ruler\"\ncolumns = \"ruler\"\nform = \"woven\"\nstart = \"../..\"\n",
    );
    refused(
        &["game", &f],
        "line 5: form 'woven' is neither tartan nor acrostic",
    );
    refused(
        &["game", &example("rugs.toml"), "--misere"],
        "misère play of products is not supported",
    );
}
