//! Defects a new user met, each pinned by the run that showed it: a script
//! whose moves come back through a sum, moves typed in words that several
//! moves share, misère heaps past the quotient's first table, sequences
//! past a proven period, two runs writing one file.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{json, piped, refused, refused_with_input, s, scratch, text};

/// Runs `grundy ARGS` with `input`, killed after `limit` (which fails the
/// test: the run hung or grew without end).
fn within(limit: Duration, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.as_bytes().to_vec();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let started = Instant::now();
    while started.elapsed() < limit {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    panic!("grundy {args:?} ran for more than {limit:?}");
}

fn script(area: &str, name: &str, source: &str) -> String {
    let d = scratch(area, name);
    let path = d.join(format!("{name}.rhai"));
    std::fs::write(&path, source).unwrap();
    s(&path).to_string()
}

/// A move that leaves the position itself beside another part: the whole
/// positions grow without end. Analysis and play refuse it at once with
/// the cycle, where they used to fill memory.
#[test]
fn a_cycle_through_a_sum_is_refused_at_once() {
    let f = script(
        "regressions",
        "selfsum",
        "fn options(n) { if n == 0 { [] } else { [sum([n, 1]), n - 1] } }",
    );
    for (args, input) in [
        (vec!["game", &f, "3"], ""),
        (vec!["game", &f, "3", "--json"], ""),
        (vec!["play", &f, "3", "--seed", "1"], "hint\n"),
    ] {
        let out = within(Duration::from_secs(20), &args, input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("a cycle through a sum: 3 -> 3 + 1"),
            "{args:?}: {err}"
        );
    }
    // A cycle that does not pass through a sum still gets Smith's values.
    let g = script(
        "regressions",
        "loop",
        "fn options(n) { if n == 0 { [] } else if n == 2 { [1, 3] } else if n == 3 { [2] } else { [n - 1] } }",
    );
    let v = json(&["game", &g, "3", "--json"]);
    assert_eq!(v["value"], serde_json::json!({"infinity": []}), "{v}");
    assert_eq!(v["outcome"], "D", "{v}");
}

/// The lines `grundy play ... --json` prints for `input`, parsed.
fn play_json(args: &[&str], input: &str) -> Vec<serde_json::Value> {
    let out = piped(args, input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Every move `moves` lists, typed back in its own words, plays that very
/// move, where Kayles' script describes three moves of a row of 5 alike.
/// Words that several moves share are refused with the candidates.
#[test]
fn typed_words_resolve_to_exactly_one_move() {
    let kayles = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/scripts/kayles.rhai"
    );
    let args = [
        "play", kayles, "3", "4", "5", "--seed", "1", "--json", "--first", "human",
    ];
    let listed = play_json(&args, "moves\n");
    let moves = listed[1]["moves"].as_array().expect("moves").clone();
    assert_eq!(moves.len(), 12);
    let mut words = std::collections::HashSet::new();
    for m in &moves {
        let w = m["move"].as_str().unwrap();
        assert!(words.insert(w.to_string()), "{w} is listed twice");
        let lines = play_json(&args, &format!("{w}\n"));
        assert_eq!(lines[1]["by"], "human", "{w}: {}", lines[1]);
        assert_eq!(lines[1]["move"], m["move"], "{w}");
        assert_eq!(lines[1]["position"], m["to"], "{w}");
    }
    // The hint's words are a move's words.
    let hint = play_json(&args, "hint\n");
    let w = hint[1]["hint"]["move"].as_str().unwrap();
    let played = play_json(&args, &format!("{w}\n"));
    assert_eq!(played[1]["position"], hint[1]["hint"]["to"]);
    // The description alone names three moves: refused, with each.
    let refused = play_json(&args, "knock down 1 from the row of 5\n");
    let e = refused[1]["error"].as_str().expect("an error");
    assert!(
        e.contains("ambiguous") && e.contains("5 -> 1 + 3") && e.contains("5 -> 2 + 2"),
        "{e}"
    );
    // Without `part 3:` the words still name one move in the sum.
    let lines = play_json(&args, "knock down 1 from the row of 5 (5 -> 2 + 2)\n");
    assert_eq!(
        lines[1]["position"],
        serde_json::json!({"sum": [3, 4, 2, 2]})
    );
}

/// A move written with an arrow takes its parts in any order.
#[test]
fn arrow_moves_take_their_parts_in_any_order() {
    let f = script(
        "regressions",
        "pairs",
        "fn options(n) { let out = []; for a in 1..n { for b in a..n { if a + b < n { out.push(sum([a, b])); } } } out }",
    );
    for typed in ["20 -> 11 + 7", "20 -> 7 + 11", "20 -> 11 7"] {
        let lines = play_json(
            &["play", &f, "20", "--seed", "1", "--json"],
            &format!("{typed}\n"),
        );
        assert_eq!(lines[1]["by"], "human", "{typed}: {}", lines[1]);
        assert_eq!(lines[1]["move"], "20 -> 7 + 11", "{typed}");
    }
    let lines = play_json(
        &["play", &f, "20", "--seed", "1", "--json"],
        "20 -> 11 + 17\n",
    );
    assert_eq!(lines[1]["error"], "20 cannot become 11 + 17 in one move");
    let lines = play_json(
        &["play", &f, "20", "--seed", "1", "--json"],
        "knock it over\n",
    );
    let e = lines[1]["error"].as_str().unwrap();
    assert!(e.contains("is not a legal move here"), "{e}");
}
