//! `grundy game`: games defined by Rhai scripts, end to end.

use crate::common;

use common::{grundy, json, refused};

const SQUARES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/scripts/squares.rhai"
);
const WYTHOFF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/scripts/wythoff.rhai"
);
const CRAM: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/scripts/cram.rhai"
);
const KAYLES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/scripts/kayles.rhai"
);

#[test]
fn subtract_a_square_table() {
    let v = json(&["game", SQUARES, "--table", "0..40", "--json"]);
    // OEIS A030193: the P-positions of subtract-a-square.
    let p: Vec<u64> = v["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(p, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]);
    assert_eq!(v["periodicity"]["status"], "none");
    let start = json(&["game", SQUARES, "--json"]);
    assert_eq!(start["position"], serde_json::json!([10]));
    assert_eq!(start["outcome"], "P");
}

#[test]
fn kayles_by_script_sums_and_pattern() {
    let v = json(&["game", KAYLES, "--table", "0..200", "--json"]);
    assert_eq!(v["periodicity"]["status"], "observed");
    assert_eq!(v["periodicity"]["period"], 12);
    assert_eq!(v["periodicity"]["preperiod"], 71);
    let v = json(&["game", KAYLES, "3", "4", "5", "--json"]);
    assert_eq!(v["value"], 3 ^ 1 ^ 4);
    for m in v["winning_moves"].as_array().unwrap() {
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.to_string())
            .collect();
        let mut args = vec!["game", KAYLES, "--json"];
        args.extend(to.iter().map(String::as_str));
        assert_eq!(json(&args)["outcome"], "P", "{m}");
    }
    let misere = json(&["game", KAYLES, "1", "1", "--misere", "--json"]);
    assert_eq!(misere["outcome"], "N");
}

#[test]
fn hostile_scripts_exit_2_with_one_line() {
    let dir = std::env::temp_dir().join(format!("grundy-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "loop.rhai",
            "fn options(p) { loop { p += 1; } }",
            "too many operations",
        ),
        ("float.rhai", "fn options(p) { [0.5] }", "not a position"),
        ("syntax.rhai", "fn options(p) {\n  let x = ;\n}", "line 2"),
        ("none.rhai", "fn moves(p) { [] }", "defines no fn options"),
        (
            "deep.rhai",
            "fn options(p) { options(p) }",
            "stack overflow",
        ),
        (
            "array.rhai",
            "fn options(p) { let a = [1]; loop { a += a; } }",
            "array",
        ),
        (
            "string.rhai",
            "fn options(p) { let s = \"x\"; loop { s += s; } }",
            "string",
        ),
        ("closure.rhai", "fn options(p) { [|| 1] }", "not a position"),
        ("map.rhai", "fn options(p) { [#{a: 1}] }", "not a position"),
        (
            "cycle.rhai",
            "fn options(p) { if p > 0 { [p - 1] } else { [1] } }",
            "can repeat",
        ),
        (
            "split.rhai",
            "fn options(p) { [] }\nfn components(p) { [p + 1] }",
            "keeps splitting",
        ),
        (
            "code.rhai",
            "fn options(p) { take_break(p, \"0.9x\") }",
            "line 1",
        ),
        (
            "files.rhai",
            "fn options(p) { import \"x\" as y; [] }",
            "module",
        ),
        (
            "many.rhai",
            "fn options(p) { [p + 1] }",
            "more than 1000 positions",
        ),
    ];
    for (name, src, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, src).unwrap();
        let p = path.to_str().unwrap();
        // A game that can loop has Smith's values in normal play (see
        // tests/loopy.rs); misère play of it is refused.
        let mut args = vec!["game", p, "3", "--max-positions", "1000"];
        if name == "cycle.rhai" {
            args.push("--misere");
        }
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr).to_lowercase();
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(err.contains(name), "{name}: {err}");
    }
    let slow = dir.join("slow.rhai");
    std::fs::write(
        &slow,
        "fn options(p) { let i = 0; while i < 1000000000 { i += 1; } [] }",
    )
    .unwrap();
    refused(
        &["game", slow.to_str().unwrap(), "3", "--time-limit", "0.01"],
        "time limit",
    );
    refused(&["game", SQUARES, "{\"a\":1}"], "not a position");
    refused(&["game", SQUARES, "--table", "9..3"], "empty");
    refused(&["game", SQUARES, "--max-positions", "1e12"], "positions");
    refused(
        &["game", SQUARES, "--max-positions", "100000000000"],
        "GB of memory",
    );
    refused(
        &["game", WYTHOFF, "--grid", "0..5000", "0..5000"],
        "at most",
    );
    refused(&["game", SQUARES, "--table", "0..99999999"], "at most");
    refused(&["game", SQUARES, "--png", "x.png"], "--png draws");
    refused(
        &[
            "play",
            "--misere",
            dir.join("cycle.rhai").to_str().unwrap(),
            "2",
        ],
        "can repeat",
    );
    let drawn = json(&[
        "game",
        dir.join("cycle.rhai").to_str().unwrap(),
        "3",
        "--json",
    ]);
    assert_eq!(drawn["outcome"], "D", "{drawn}");
    assert_eq!(drawn["value"]["infinity"], serde_json::json!([]), "{drawn}");
    refused(&["play", SQUARES, "1.5"], "whole number");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn wythoff_grid_is_the_built_in_table() {
    let v = json(&["game", WYTHOFF, "--grid", "0..11", "0..15", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    let built_in = json(&["table", "wythoff", "--size", "16", "--json"]);
    for (x, row) in rows.iter().enumerate() {
        assert_eq!(row, &built_in["rows"][x], "row {x}");
    }
    // Row 1 of Wythoff's game: 1 2 0, then each block of three plus 3.
    let p = &v["row_periodicity"][1];
    assert_eq!(
        (
            p["status"].as_str(),
            p["period"].as_u64(),
            p["saltus"].as_i64()
        ),
        (Some("observed"), Some(3), Some(3))
    );
    let png = std::env::temp_dir().join(format!("grundy-wythoff-{}.png", std::process::id()));
    let out = common::text(&[
        "game",
        WYTHOFF,
        "--grid",
        "0..31",
        "0..31",
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(out.contains("512 x 512"), "{out}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    std::fs::remove_file(&png).unwrap();
}

#[test]
fn cram_splits_into_regions() {
    let v = json(&["game", CRAM, "--json"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 7);
    // A filled column cuts the board into a 3 x 2 region and a 3 x 1 one,
    // both of value 1 (the middle domino of 3 x 2 leaves two dominoes'
    // room, one move each way), so the whole is 0.
    let v = json(&["game", CRAM, "\"..#./..#./..#.\"", "--json"]);
    assert_eq!(v["parts"], serde_json::json!(["../../..", "././."]));
    assert_eq!(v["value"], 0);
    let text = common::text(&["game", CRAM, "--explain"]);
    assert!(text.contains("...."), "{text}");
    assert!(text.contains("mex"), "{text}");
}

#[test]
fn play_a_script_with_hint_undo_and_moves() {
    let out = common::piped(
        &["play", CRAM, "--seed", "1"],
        "hint\nmoves\n\"#.../#.../....\"\nundo\nwhy\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("hint:"), "{text}");
    assert!(text.contains("legal moves (17)"), "{text}");
    assert!(text.contains("undone"), "{text}");
    let out = common::piped(
        &["play", WYTHOFF, "[4,8]", "--seed", "3"],
        "take 4 from heap 2\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("take 4 from both heaps"), "{text}");
    assert!(text.contains("the computer wins"), "{text}");
}
