//! End-to-end tests of what a new user meets first: arithmetic periodicity
//! in `grundy seq`, the empty position, `ranges:FILE` in the output, and
//! the one-line refusals of arguments that cannot work together.

use crate::common;

use std::path::PathBuf;

use common::{grundy, json, refused, s, text};
use serde_json::json;

fn scratch(name: &str) -> PathBuf {
    common::scratch("first", name)
}

#[test]
fn a_hexadecimal_saltus_is_proven() {
    // 0.8: G(n) = (n - 1) / 3 for n >= 1, proven by the levels test.
    let v = json(&["seq", "0.8", "--to", "60", "--json"]);
    assert_eq!(
        v["periodicity"],
        json!({"status": "proven", "preperiod": 1, "period": 3, "saltus": 1})
    );
    let t = text(&["seq", "0.8", "--to", "60", "--summary"]);
    assert!(
        t.contains("periodicity: G(n + 3) = G(n) + 1 from n = 1 (arithmetic periodicity, saltus 1), proven"),
        "{t}"
    );
}

#[test]
fn until_proven_stops_on_growing_values() {
    refused(
        &["seq", "0.8f", "--until-proven", "--summary"],
        "0.8f: G(n + 7) = G(n) + 4 from n = 7 up to heap 1296 (arithmetic periodicity, observed); no theorem here proves arithmetic periodicity",
    );
    // A proven saltus ends the run at its window.
    let v = json(&["seq", "0.8", "--until-proven", "--summary", "--json"]);
    assert_eq!(v["periodicity"]["status"], "proven");
    assert_eq!(v["to"], 24);
    // A hexadecimal code with an ordinary period is still proven.
    let v = json(&["seq", "0.a", "--until-proven", "--summary", "--json"]);
    assert_eq!(v["periodicity"]["status"], "proven");
}

#[test]
fn ranges_files_are_named_not_echoed() {
    let d = scratch("ranges");
    let f = d.join("r.txt");
    let lines: String = (1..=2000).map(|i| format!("1 {}\n", i.min(3))).collect();
    std::fs::write(&f, lines).unwrap();
    let rule = format!("ranges:{}", s(&f));
    let v = json(&["seq", &rule, "--to", "20", "--summary", "--json"]);
    assert_eq!(v["rule"], rule.as_str());
    let t = text(&["seq", &rule, "--to", "20", "--summary"]);
    assert!(t.len() < 1000, "{t}");
    let v = json(&["heap", &rule, "5", "--json"]);
    assert_eq!(v["game"], rule.as_str());
    assert_eq!(v["rule"], rule.as_str());
    // Take 1 to 3: G(n) = n mod 4, heaps past the file are refused.
    assert_eq!(v["value"], 1);
    refused(&["heap", &rule, "2001"], "2000");
    let t = text(&["rules", &rule]);
    assert!(t.contains("larger heaps are not defined"), "{t}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_empty_position_is_answered() {
    let v = json(&["heap", "kayles", "--json"]);
    assert_eq!(v["value"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["position"], json!([]));
    // A move that empties the table shows where it leads.
    let t = text(&["heap", "kayles", "2"]);
    assert!(t.contains("->  (nothing left)"), "{t}");
    assert!(!t.lines().any(|l| l.trim_end().ends_with("->")), "{t}");
    let v = json(&["heap", "kayles", "2", "--json"]);
    assert_eq!(v["winning_moves"][0]["to"], json!([]));
}

#[test]
fn heaps_and_sequences_reach_the_same_heap() {
    let top = u32::MAX.to_string();
    let v = json(&["seq", "0.07", "--to", &top, "--summary", "--json"]);
    let h = json(&["heap", "0.07", &top, "--json"]);
    assert_eq!(v["value"], h["value"]);
    // Past 32 bits the sequence goes on (the rare/common engine counts
    // heaps in 64), here from the proven period.
    let past = json(&["seq", "0.07", "--to", "4294967330", "--summary", "--json"]);
    let back = json(&["seq", "0.07", "--to", "4294967296", "--summary", "--json"]);
    assert_eq!(past["value"], back["value"]);
    // Past what the engine counts, the proven period gives the values, as
    // it does for a single heap.
    let far = json(&[
        "seq",
        "0.07",
        "--to",
        "1099511627776",
        "--summary",
        "--json",
    ]);
    let heap = json(&["heap", "0.07", "1099511627776", "--json"]);
    assert_eq!(far["value"], heap["value"]);
}

#[test]
fn arguments_that_cannot_work_together() {
    let d = scratch("args");
    refused(&["seq", "--read", s(&d)], "is a directory");
    refused(
        &["seq", "0.6", "--to", "9", "--summary", "--csv"],
        "--summary",
    );
    refused(&["play"], "'grundy play --help' lists the games");
    refused(&["play", "heap"], "RULE");
    // Resuming a file into itself with a smaller --to would cut it short.
    let f = d.join("k.gsq");
    assert!(
        grundy(&["seq", "0.6", "--to", "500", "--summary", "--out", s(&f)])
            .status
            .success()
    );
    let before = std::fs::read(&f).unwrap();
    refused(
        &[
            "seq",
            "0.6",
            "--to",
            "100",
            "--summary",
            "--resume",
            s(&f),
            "--out",
            s(&f),
        ],
        "would cut it short",
    );
    assert_eq!(std::fs::read(&f).unwrap(), before);
    // The same --to, or a larger one, is fine.
    assert!(grundy(&[
        "seq",
        "0.6",
        "--to",
        "600",
        "--summary",
        "--resume",
        s(&f),
        "--out",
        s(&f),
    ])
    .status
    .success());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn long_positions_list_their_first_winning_moves() {
    // Every row, every odd step, every chip is a winning move: the value,
    // the outcome and the first moves come, with their total.
    let rows: Vec<String> = (0..20001).map(|_| "1:3".to_string()).collect();
    let mut args = vec!["northcott", "--width", "5", "--json"];
    args.extend(rows.iter().map(String::as_str));
    let v = json(&args);
    assert_eq!(
        (v["value"].clone(), v["outcome"].clone()),
        (json!(1), json!("N"))
    );
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 10);
    assert_eq!(v["winning_moves_total"], 20001);
    let steps: Vec<&str> = (0..20002)
        .map(|i| if i % 2 == 1 { "1" } else { "0" })
        .collect();
    let mut args = vec!["staircase", "--json"];
    args.extend(steps.iter().copied());
    let v = json(&args);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 10);
    assert_eq!(v["winning_moves_total"], 10001);
    let d = scratch("chips");
    let g = d.join("g.txt");
    let edges: String = (0..20001).map(|i| format!("v{i} sink\n")).collect();
    std::fs::write(&g, edges).unwrap();
    let chips: Vec<String> = (0..20001).map(|i| format!("v{i}")).collect();
    let mut args = vec!["chips", s(&g), "--json"];
    args.extend(chips.iter().map(String::as_str));
    let v = json(&args);
    assert_eq!(v["value"], 1);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 10);
    assert_eq!(v["winning_moves_total"], 20001);
    std::fs::remove_dir_all(&d).unwrap();
}
