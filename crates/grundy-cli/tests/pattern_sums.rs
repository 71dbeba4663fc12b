//! `grundy pattern --sum-to N [--mod M]`: the count and the sum of x + y
//! over a table's P-positions 0 < x < y <= N, from its pattern, far past
//! any table (Project Euler 325 for Euclid's game).

use crate::common;

use common::{json, piped, refused, text};
use serde_json::Value;

fn sums(args: &[&str]) -> Value {
    let v = json(&[args, &["--json"]].concat());
    v["sums"].clone()
}

/// Count and sum read off `grundy table GAME --p-positions --json`.
fn from_table(game: &str, n: u64) -> (u64, u64) {
    let size = (n + 1).to_string();
    let v = json(&["table", game, "--size", &size, "--p-positions", "--json"]);
    let pairs = v["p_positions"].as_array().unwrap();
    let lower: Vec<(u64, u64)> = pairs
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .filter(|&(x, y)| 0 < x && x < y)
        .collect();
    (lower.len() as u64, lower.iter().map(|(x, y)| x + y).sum())
}

#[test]
fn project_euler_325s_published_values() {
    let out = text(&["pattern", "twoheap:euclid", "--sum-to", "10"]);
    assert!(
        out.contains("0 < x < y <= 10: 16; sum of x + y: 211 (proven pattern)"),
        "{out}"
    );
    let s = sums(&["pattern", "twoheap:euclid", "--sum-to", "10^4"]);
    assert_eq!(s["sum"], "230312207313");
    assert_eq!(s["bound"], 10_000);
    assert_eq!(
        (s["proven"].as_bool(), s["modulus"].is_null()),
        (Some(true), true)
    );
    assert!(s["method"].as_str().unwrap().contains("Euclid's algorithm"));
    assert!(s["pattern"].as_str().unwrap().contains("floor(k*phi)"));
    let m = sums(&[
        "pattern",
        "twoheap:euclid",
        "--sum-to",
        "10^4",
        "--mod",
        "1000",
    ]);
    assert_eq!(
        (m["sum"].as_str(), m["modulus"].as_u64()),
        (Some("313"), Some(1000))
    );
}

#[test]
fn far_bounds_are_exact_and_agree_with_their_residues() {
    for game in ["twoheap:euclid", "twoheap:wythoff"] {
        let exact = sums(&["pattern", game, "--sum-to", "10^16"]);
        let m = sums(&["pattern", game, "--sum-to", "10^16", "--mod", "7^10"]);
        // The residue of the exact digits, by long division.
        let residue = |digits: &str| {
            digits
                .bytes()
                .fold(0u64, |r, d| (r * 10 + u64::from(d - b'0')) % 282_475_249)
                .to_string()
        };
        assert_eq!(m["modulus"], 282_475_249u64);
        for field in ["count", "sum"] {
            let digits = exact[field].as_str().unwrap();
            assert!(digits.len() > 15, "{game} {field} {digits}");
            assert_eq!(
                m[field].as_str().unwrap(),
                residue(digits),
                "{game} {field}"
            );
        }
    }
    let top = sums(&[
        "pattern",
        "twoheap:euclid",
        "--sum-to",
        "18446744073709551615",
    ]);
    assert!(top["sum"].as_str().unwrap().len() > 55);
}

#[test]
fn the_sums_are_the_tables() {
    for game in ["euclid", "wythoff", "r-wythoff"] {
        let source = match game {
            "r-wythoff" => "twoheap:r-wythoff:2".to_string(),
            g => format!("twoheap:{g}"),
        };
        for n in [0u64, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144] {
            let s = sums(&["pattern", &source, "--sum-to", &n.to_string()]);
            let (count, sum) = from_table(game, n);
            assert_eq!(s["count"], count.to_string(), "{game} {n}");
            assert_eq!(s["sum"], sum.to_string(), "{game} {n}");
        }
    }
}

#[test]
fn an_observed_pattern_is_summed_only_when_trusted() {
    let table = text(&["table", "euclid", "--size", "100"]);
    let args = ["pattern", "-", "--grid", "--sum-to", "10"];
    let out = piped(&args, &table);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("observed, not proven; add --trust-pattern"),
        "{err}"
    );
    let out = piped(&[&args[..], &["--trust-pattern"]].concat(), &table);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("sum of x + y: 211 (extrapolated from an observed pattern)"),
        "{said}"
    );
}

#[test]
fn mistakes_are_refused() {
    refused(&["pattern", "twoheap:euclid", "--mod", "7"], "--sum-to");
    refused(&["pattern", "kayles", "--sum-to", "10"], "is for a table");
    refused(
        &["pattern", "twoheap:mem", "--sum-to", "10"],
        "nothing is summed",
    );
    refused(
        &["pattern", "twoheap:euclid", "--sum-to", "10", "--mod", "0"],
        "at least 1",
    );
    refused(
        &["pattern", "twoheap:euclid", "--sum-to", "2^64"],
        "past 2^64 - 1",
    );
    refused(&["pattern", "twoheap:euclid", "--sum-to", "ten"], "ten");
    refused(
        &["pattern", "twoheap:euclid", "--trust-pattern"],
        "--trust-pattern is for --at or --sum-to",
    );
}
