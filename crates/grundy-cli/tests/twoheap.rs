//! `grundy twoheap`, the two-heap tables and their play, end to end.

use crate::common;

use common::{json, piped, refused, text};
use serde_json::Value;

/// Fraenkel's recursion for r-Wythoff: A_n = mex of the earlier A and B,
/// B_n = A_n + rn.
fn pairs_by_mex(r: u64, below: u64) -> Vec<(u64, u64)> {
    let mut used = std::collections::HashSet::new();
    let mut out = Vec::new();
    for n in 0.. {
        let a = (0..).find(|v| !used.contains(v)).unwrap();
        if a >= below {
            break;
        }
        used.insert(a);
        used.insert(a + r * n);
        out.push((a, a + r * n));
    }
    out
}

#[test]
fn r_wythoff_p_positions_are_fraenkels_pairs_for_r_1_to_5() {
    for r in 1..=5u64 {
        let n = 60u64;
        let v = json(&[
            "table",
            "r-wythoff",
            "--r",
            &r.to_string(),
            "--size",
            &n.to_string(),
            "--json",
        ]);
        assert_eq!(
            v["game"],
            if r == 1 {
                "wythoff".to_string()
            } else {
                format!("r-wythoff:{r}")
            }
        );
        let mut want: Vec<(u64, u64)> = pairs_by_mex(r, n)
            .into_iter()
            .flat_map(|(a, b)| [(a, b), (b, a)])
            .filter(|&(x, y)| x < n && y < n)
            .collect();
        want.sort();
        want.dedup();
        let got: Vec<(u64, u64)> = serde_json::from_value(v["p_positions"].clone()).unwrap();
        assert_eq!(got, want, "r = {r}");
        // And they are the zeros of the value table.
        let rows: Vec<Vec<u64>> = serde_json::from_value(v["rows"].clone()).unwrap();
        for (x, y) in got {
            assert_eq!(rows[x as usize][y as usize], 0);
        }
        let zeros = rows.iter().flatten().filter(|&&g| g == 0).count();
        assert_eq!(zeros, want_len(r, n));
    }
}

fn want_len(r: u64, n: u64) -> usize {
    pairs_by_mex(r, n)
        .into_iter()
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .filter(|&(x, y)| x < n && y < n)
        .collect::<std::collections::BTreeSet<_>>()
        .len()
}

#[test]
fn winning_moves_lead_to_p_positions() {
    for (game, x, y) in [
        ("r-wythoff:2", 5u64, 10u64),
        ("r-wythoff:3", 100, 7),
        ("r-wythoff:2", 1 << 47, 12345),
        ("takeaway:3", 30, 9),
        ("mem", 20, 4),
        ("euclid", 12, 31),
        ("euclid", 1 << 60, 3),
    ] {
        let v = json(&["twoheap", game, &x.to_string(), &y.to_string(), "--json"]);
        assert_eq!(v["outcome"], "N", "{game} {x} {y}");
        let moves = v["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            let to: Vec<String> = m["to"]
                .as_array()
                .unwrap()
                .iter()
                .map(Value::to_string)
                .collect();
            let back = json(&["twoheap", game, &to[0], &to[1], "--json"]);
            assert_eq!(back["outcome"], "P", "{game} {x} {y} -> {to:?}");
        }
    }
}

/// Fibonacci Nim (Whinihan): a fresh heap loses iff it is a Fibonacci number.
#[test]
fn fibonacci_nim_fresh_heaps_lose_on_fibonacci_numbers() {
    let fib = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89];
    for n in 2..100u64 {
        let v = json(&["twoheap", "fibonacci-nim", &n.to_string(), "--json"]);
        assert_eq!(v["position"], serde_json::json!([n, n - 1]));
        assert_eq!(v["outcome"] == "P", fib.contains(&n), "{n}");
    }
    let t = json(&["table", "fibonacci-nim", "--size", "90", "--json"]);
    for n in 2..90usize {
        assert_eq!(t["rows"][n][n - 1] == 0, fib.contains(&(n as u64)), "{n}");
    }
}

/// Cole and Davie: the player to move loses iff a < b < φa.
#[test]
fn euclid_is_lost_below_the_golden_ratio() {
    for (a, b) in [
        (5u64, 8u64),
        (8, 13),
        (13, 21),
        (100, 161),
        (100, 162),
        (7, 7),
        (3, 9),
    ] {
        let v = json(&[
            "twoheap",
            "euclid",
            &a.to_string(),
            &b.to_string(),
            "--json",
        ]);
        let lost = a < b && (b as f64) < a as f64 * 1.618_033_988_75;
        assert_eq!(v["outcome"] == "P", lost, "{a} {b}");
    }
}

#[test]
fn tables_as_csv_and_periods() {
    let csv = text(&["table", "wythoff", "--size", "3", "--csv"]);
    assert_eq!(csv, "x,0,1,2\n0,0,1,2\n1,1,2,0\n2,2,0,1\n");
    let per = text(&["table", "wythoff", "--size", "40", "--periods"]);
    assert!(per.starts_with("row 0: G(x, y + 1) = G(x, y) + 1 from column 0 (observed, additive)\nrow 1: G(x, y + 3) = G(x, y) + 3"), "{per}");
    let v = json(&["table", "euclid", "--size", "20", "--json"]);
    assert_eq!(v["rows"][5][8], 0);
    assert_eq!(v["row_periods"].as_array().unwrap().len(), 20);
    let p = text(&[
        "table",
        "r-wythoff",
        "--r",
        "2",
        "--size",
        "11",
        "--p-positions",
    ]);
    assert_eq!(p, "0 0\n1 3\n2 6\n3 1\n4 10\n6 2\n10 4\n");
}

#[test]
fn p_positions_and_periods_as_json() {
    let args = ["table", "euclid", "--size", "11"];
    let with = |more: &[&str]| json(&[&args[..], more].concat());
    let v = with(&["--p-positions", "--json"]);
    // The same list as the text, the field the whole report carries.
    let listed: Vec<String> = text(&[&args[..], &["--p-positions"]].concat())
        .lines()
        .map(|l| {
            let (x, y) = l.split_once(' ').unwrap();
            format!("[{x},{y}]")
        })
        .collect();
    let pairs: Vec<String> = v["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(pairs, listed);
    assert!(pairs.contains(&"[5,8]".to_string()) && !pairs.contains(&"[5,9]".to_string()));
    assert_eq!(v["p_positions"], with(&["--json"])["p_positions"]);
    assert_eq!(
        (v["game"].as_str(), v["size"].as_u64()),
        (Some("euclid"), Some(11))
    );
    assert!(
        v.get("rows").is_none() && v.get("row_periods").is_none(),
        "{v}"
    );
    let v = with(&["--periods", "--json"]);
    assert_eq!(v["row_periods"].as_array().unwrap().len(), 11);
    assert!(v.get("p_positions").is_none(), "{v}");
    let both = with(&["--periods", "--p-positions", "--json"]);
    assert!(both["row_periods"].is_array() && both["p_positions"].is_array());
    refused(
        &[&args[..], &["--periods", "--p-positions"]].concat(),
        "add --json for both",
    );
    refused(
        &[&args[..], &["--p-positions", "--csv"]].concat(),
        "cannot be used",
    );
}

#[test]
fn mistakes_are_refused() {
    refused(&["twoheap", "chess", "1", "2"], "no two-heap game 'chess'");
    refused(&["twoheap", "r-wythoff", "1", "2"], "needs its r");
    refused(&["twoheap", "r-wythoff:0", "1", "2"], "r must be from 1");
    refused(&["twoheap", "euclid", "1"], "two heaps, not 1");
    refused(&["twoheap", "mem", "1", "2", "3"], "not 3 numbers");
    refused(&["twoheap", "takeaway:2", "99999999"], "too large");
    refused(&["twoheap", "r-wythoff:2", "1", "-4"], "-4");
    refused(&["table", "nim-sum", "--r", "2"], "--r is for");
    refused(&["table", "nim-sum", "--periods"], "two-heap games");
    refused(
        &["table", "r-wythoff", "--r", "9000", "--size", "500"],
        "steps",
    );
    refused(
        &["play", "twoheap", "euclid", "3", "5", "--misere"],
        "misère",
    );
}

#[test]
fn the_computer_plays_fibonacci_nim() {
    let out = piped(
        &[
            "play",
            "twoheap",
            "fibonacci-nim",
            "20",
            "--first",
            "computer",
            "--seed",
            "1",
        ],
        "take 1\nquit\n",
    );
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{t}");
    assert!(t.contains("computer: take 2"), "{t}");
    assert!(t.contains("you: take 1"), "{t}");
}
