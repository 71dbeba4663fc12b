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
