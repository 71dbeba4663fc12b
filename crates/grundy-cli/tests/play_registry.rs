//! `grundy play NAME[:VARIANT] POSITION...` for every family of the
//! registry, with no subcommand of its own needed: each example of each
//! family is played against the computer to the end.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use common::{grundy, grundy_with_input, json, refused};
use serde_json::Value;

/// Every example of every family (name, variant, position), as `grundy
/// families --json` lists them; the script family's examples are whole
/// scripts, played from files elsewhere.
fn examples() -> Vec<(String, String, String)> {
    let list = json(&["families", "--json"]);
    let mut out = Vec::new();
    for family in list.as_array().expect("a list") {
        let name = family["name"].as_str().expect("a name");
        if name == "script" {
            continue;
        }
        for example in family["examples"].as_array().expect("examples") {
            let variant = example[0].as_str().expect("a variant");
            let position = example[1].as_str().expect("a position");
            out.push((name.to_string(), variant.to_string(), position.to_string()));
        }
    }
    assert!(out.len() > 30, "{out:?}");
    out
}

/// Plays `args` (a `--json` session, the computer first) to the end, the
/// person taking a winning move when there is one, else the first legal
/// move; the last line (`winner` or a draw).
fn play_out(args: &[&str]) -> Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn grundy");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut next = || -> Value {
        let line = lines.next().expect("a line").expect("text");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{args:?}: {line}: {e}"))
    };
    let over = |e: &Value| e.get("winner").is_some() || e.get("draw").is_some();
    // The events up to the computer's move (it moves first), or the end.
    let wait = |next: &mut dyn FnMut() -> Value| loop {
        let e = next();
        if over(&e) || e["by"] == "computer" {
            return e;
        }
    };
    let mut event = wait(&mut next);
    for _ in 0..1000 {
        if over(&event) {
            drop(stdin);
            assert!(child.wait().expect("exit").success(), "{args:?}");
            return event;
        }
        let _ = writeln!(stdin, "moves");
        let moves = next();
        if over(&moves) {
            event = moves;
            continue;
        }
        let moves = moves["moves"]
            .as_array()
            .unwrap_or_else(|| panic!("{args:?}: {moves}"))
            .clone();
        let pick = moves
            .iter()
            .find(|m| m["outcome"] == "P")
            .or(moves.first())
            .expect("a legal move while the game goes on");
        let _ = writeln!(stdin, "{}", pick["move"].as_str().expect("words"));
        event = wait(&mut next);
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("{args:?}: no end after 1000 moves");
}

#[test]
fn every_example_of_every_family_is_played_to_the_end() {
    for (name, variant, position) in examples() {
        let family = format!("{name}:{variant}");
        let mut args = vec![
            "play",
            family.as_str(),
            "--first",
            "computer",
            "--seed",
            "7",
            "--json",
        ];
        args.extend(position.split_whitespace());
        let end = play_out(&args);
        // From a P-position the person (moving second) wins; from an N-position
        // the computer does, or the game is drawn.
        let report = json(&[&[family.as_str()], &args[7..], &["--json"]].concat());
        if report["outcome"] == "P" {
            assert_eq!(end["winner"], "human", "{args:?}: {end}");
        } else if report["outcome"] == "N" {
            assert_eq!(end["winner"], "computer", "{args:?}: {end}");
        }
    }
}

#[test]
fn a_family_without_a_subcommand_plays_as_its_analysis_says() {
    // r-Wythoff with r = 2 from 5 8: the hint is a move the analysis lists.
    let report = json(&["r-wythoff:2", "5", "8", "--json"]);
    let out = grundy_with_input(&["play", "r-wythoff:2", "5", "8"], b"hint\nquit\n");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let hint = text
        .lines()
        .find_map(|l| l.strip_prefix("hint: "))
        .expect("a hint");
    let listed: Vec<&str> = report["winning_moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().expect("words"))
        .collect();
    assert!(
        listed.iter().any(|m| hint.starts_with(m)),
        "{hint} not in {listed:?}"
    );
    // Flags written after the family count as before it.
    let out = grundy(&["play", "mem", "3", "5", "--json", "--first", "computer"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with('{'));
}

#[test]
fn unknown_families_and_bad_positions_are_refused_in_one_line() {
    refused(
        &["play", "no-such-game", "3"],
        "unrecognized subcommand 'no-such-game'",
    );
    refused(&["play", "r-wythoff:0", "3", "4"], "r-wythoff");
    refused(&["play", "mem", "x"], "x");
}
