//! Defects a new user met, each pinned by the run that showed it: a script
//! whose moves come back through a sum, moves typed in words that several
//! moves share, misère heaps past the quotient's first table, sequences
//! past a proven period, two runs writing one file.

use crate::common;

use std::time::Duration;

use common::{grundy_within, json, json_lines, number_words, piped, refused, s, scratch, text};

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
        let out = grundy_within(Duration::from_secs(20), &args, input.as_bytes());
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
    let listed = json_lines(&args, "moves\n");
    let moves = listed[1]["moves"].as_array().expect("moves").clone();
    assert_eq!(moves.len(), 12);
    let mut words = std::collections::HashSet::new();
    for m in &moves {
        let w = m["move"].as_str().unwrap();
        assert!(words.insert(w.to_string()), "{w} is listed twice");
        let lines = json_lines(&args, &format!("{w}\n"));
        assert_eq!(lines[1]["by"], "human", "{w}: {}", lines[1]);
        assert_eq!(lines[1]["move"], m["move"], "{w}");
        assert_eq!(lines[1]["position"], m["to"], "{w}");
    }
    // The hint's words are a move's words.
    let hint = json_lines(&args, "hint\n");
    let w = hint[1]["hint"]["move"].as_str().unwrap();
    let played = json_lines(&args, &format!("{w}\n"));
    assert_eq!(played[1]["position"], hint[1]["hint"]["to"]);
    // The description alone names three moves: refused, with each.
    let refused = json_lines(&args, "knock down 1 from the row of 5\n");
    let e = refused[1]["error"].as_str().expect("an error");
    assert!(
        e.contains("ambiguous") && e.contains("5 -> 1 + 3") && e.contains("5 -> 2 + 2"),
        "{e}"
    );
    // Without `part 3:` the words still name one move in the sum.
    let lines = json_lines(&args, "knock down 1 from the row of 5 (5 -> 2 + 2)\n");
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
        let lines = json_lines(
            &["play", &f, "20", "--seed", "1", "--json"],
            &format!("{typed}\n"),
        );
        assert_eq!(lines[1]["by"], "human", "{typed}: {}", lines[1]);
        assert_eq!(lines[1]["move"], "20 -> 7 + 11", "{typed}");
    }
    let lines = json_lines(
        &["play", &f, "20", "--seed", "1", "--json"],
        "20 -> 11 + 17\n",
    );
    assert_eq!(lines[1]["error"], "20 cannot become 11 + 17 in one move");
    let lines = json_lines(
        &["play", &f, "20", "--seed", "1", "--json"],
        "knock it over\n",
    );
    let e = lines[1]["error"].as_str().unwrap();
    assert!(e.contains("is not a legal move here"), "{e}");
}

/// Misère play of heaps past 64: Kayles from its quotient, whose Φ is
/// proven periodic, and Nim by Bouton's misère rule, for any heap size.
#[test]
fn misere_heaps_of_any_size_use_the_quotient_or_the_tame_rule() {
    let k = json(&["heap", "kayles", "65", "--misere", "--json"]);
    assert_eq!(k["method"], "quotient", "{k}");
    assert_eq!(k["outcome"], "N");
    // Each listed move leaves a P-position, by the same command.
    for m in k["winning_moves"].as_array().unwrap() {
        let to = number_words(&m["to"]);
        let mut args = vec!["heap", "kayles"];
        args.extend(to.iter().map(String::as_str));
        args.extend(["--misere", "--json"]);
        assert_eq!(json(&args)["outcome"], "P", "{args:?}");
    }
    let big = json(&["heap", "kayles", "1000000", "1000000", "--misere", "--json"]);
    assert_eq!(big["method"], "quotient", "{big}");
    let n = json(&["heap", "nim", "300", "200", "100", "--misere", "--json"]);
    assert_eq!(n["method"], "tame", "{n}");
    assert_eq!(n["outcome"], "N");
    let moves = n["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{n}");
    // 200 XOR 100 = 172: the only move takes the heap of 300 to 172.
    assert_eq!(moves[0]["to"], serde_json::json!([172, 200, 100]));
    let p = json(&[
        "heap", "nim", "1", "1", "1", "100000", "100000", "--misere", "--json",
    ]);
    assert_eq!(p["outcome"], "N");
    let p = json(&["heap", "nim", "1", "100000", "100001", "--misere", "--json"]);
    assert_eq!(p["outcome"], "P", "{p}");
}

/// A second run writing the same `--out` file is refused at once, and the
/// first run's file is left alone.
#[test]
fn a_second_run_to_the_same_out_file_is_refused() {
    let d = scratch("regressions", "lock");
    let out = d.join("kayles.gsq");
    let partial = d.join("kayles.gsq.partial");
    // Another run holds the file: its temporary file is locked.
    let held = std::fs::File::create(&partial).unwrap();
    held.try_lock().unwrap();
    std::fs::write(&partial, b"").unwrap();
    refused(
        &["seq", "0.77", "--to", "1000", "--out", s(&out)],
        "another run is writing this file",
    );
    assert!(partial.exists() && !out.exists());
    drop(held);
    text(&["seq", "0.77", "--to", "1000", "--out", s(&out), "--summary"]);
    assert!(out.exists() && !partial.exists());
}

/// Values past a proven period come from the period, however far: `--to
/// 10^18` and a window near 10^12, as `grundy heap` answers them.
#[test]
fn sequences_past_a_proven_period_come_from_the_period() {
    let head = json(&["seq", "0.77", "--to", "400", "--json"]);
    let g: Vec<u64> = head["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    // Kayles: period 12 from 71 (Guy and Smith).
    let fold = |n: u64| -> u64 { g[if n < 71 { n } else { 71 + (n - 71) % 12 } as usize] };
    let far = json(&["seq", "0.77", "--to", "10^18", "--summary", "--json"]);
    assert_eq!(far["to"], 1_000_000_000_000_000_000u64);
    assert_eq!(far["value"], fold(1_000_000_000_000_000_000));
    let window = json(&[
        "seq",
        "0.77",
        "--from",
        "1000000000000",
        "--to",
        "1000000000020",
        "--json",
    ]);
    let want: Vec<u64> = (1_000_000_000_000..=1_000_000_000_020).map(fold).collect();
    assert_eq!(window["values"], serde_json::json!(want));
    // A rule no theorem covers is still refused past what it can compute.
    refused(
        &["seq", "sub:squares", "--to", "10^18", "--summary"],
        "--to",
    );
}

/// In a drawn position of a game that can loop, the hint says it is a
/// draw and gives a move that keeps it, not "every move leads to an
/// N-position".
#[test]
fn a_drawn_position_hints_a_move_that_keeps_the_draw() {
    let args = [
        "play", "windup", "-n", "10", "-s", "3,4", "1", "2", "--seed", "1",
    ];
    let lines = json_lines(&[&args[..], &["--json"]].concat(), "hint\n");
    let hint = &lines[1];
    assert_eq!(hint["hint"], serde_json::Value::Null, "{hint}");
    assert_eq!(
        hint["reason"],
        "no winning move: the position is a draw with best play"
    );
    // The move keeps the draw: the analysis of where it leads says D.
    let to = number_words(&hint["keeps_draw"]["to"]);
    let mut analyse = vec!["windup", "-n", "10", "-s", "3,4"];
    analyse.extend(to.iter().map(String::as_str));
    analyse.push("--json");
    assert_eq!(json(&analyse)["outcome"], "D");
    let out = piped(&args, "hint\n");
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(t.contains("hint: no winning move: the position is a draw with best play; this move keeps the draw: subtract"), "{t}");
    // A P-position still says every move leads to an N-position.
    let lines = json_lines(
        &[
            "play", "windup", "-n", "10", "-s", "3,4", "7", "--seed", "1", "--json",
        ],
        "hint\n",
    );
    assert_eq!(
        lines[1]["reason"],
        "no winning move: every move leads to an N-position"
    );
}

/// Project Euler 459 (the flipping game: squares x triangular numbers):
/// W(1), W(2), W(5), W(10^2) as published, and W(10^6), past the default
/// step limit, with `--max-work`.
#[test]
fn products_past_the_default_step_limit_with_max_work() {
    let w = |n: &str, extra: &[&str]| -> serde_json::Value {
        let size = format!("{n}x{n}");
        let mut args = vec![
            "product",
            "blocks:squares",
            "blocks:triangular",
            "--size",
            &size,
        ];
        args.extend(extra);
        args.push("--json");
        json(&args)["winning_moves_total"].clone()
    };
    for (n, want) in [("1", "1"), ("2", "0"), ("5", "8"), ("100", "31395")] {
        assert_eq!(w(n, &[]), want, "W({n})");
    }
    refused(
        &[
            "product",
            "blocks:squares",
            "blocks:triangular",
            "--size",
            "1000000x1000000",
        ],
        "--max-work",
    );
    assert_eq!(w("1000000", &["--max-work", "2e9"]), "3996390106631");
    refused(
        &["product", "rugs", "--size", "4x4", "--max-work", "lots"],
        "--max-work 'lots'",
    );
}
