//! `grundy game`: games defined by Rhai scripts, end to end.

mod common;

use common::{grundy, json, refused};

const SQUARES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/scripts/squares.rhai"
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
    ];
    for (name, src, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, src).unwrap();
        let p = path.to_str().unwrap();
        let out = grundy(&["game", p, "3"]);
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
    std::fs::remove_dir_all(&dir).unwrap();
}
