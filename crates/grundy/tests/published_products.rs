//! The nim product against published data: OEIS A051775 and A051910 and the
//! Library Checker "Nim Product (64bit)" tests, whose deterministic inputs
//! are rebuilt here from their descriptions and whose expected outputs are
//! known by SHA-256.

use grundy::nimber::{nim_mul, reference, Nimber};
use serde_json::Value;
use sha2::{Digest, Sha256};

fn data(name: &str) -> Value {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test data");
    serde_json::from_str(&text).expect("valid JSON")
}

fn terms(v: &Value) -> Vec<u64> {
    v["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect()
}

#[test]
fn oeis_a051775_by_antidiagonals() {
    let t = terms(&data("A051775.json"));
    let mut got = Vec::new();
    let mut d = 0u64;
    while got.len() < t.len() {
        for n in 0..=d {
            got.push(nim_mul(n, d - n));
        }
        d += 1;
    }
    got.truncate(t.len());
    assert_eq!(got, t);
}

#[test]
fn oeis_a051910_lower_triangle() {
    let t = terms(&data("A051910.json"));
    let got: Vec<u64> = (0u64..)
        .flat_map(|n| (0..=n).map(move |m| nim_mul(n, m)))
        .take(t.len())
        .collect();
    assert_eq!(got, t);
}

#[test]
fn oeis_16x16_partial_table() {
    let v = data("nim_product_16x16_partial.json");
    let mut checked = 0;
    for (n, row) in v["table"].as_array().unwrap().iter().enumerate() {
        for (m, cell) in row.as_array().unwrap().iter().enumerate() {
            if let Some(want) = cell.as_u64() {
                assert_eq!(nim_mul(n as u64, m as u64), want, "{n} * {m}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 256 - 64);
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The input text of a test and the output a correct program prints.
fn input_and_output(pairs: &[(u64, u64)]) -> (String, String) {
    use std::fmt::Write;
    let mut input = format!("{}\n", pairs.len());
    let mut output = String::new();
    for &(a, b) in pairs {
        let _ = writeln!(input, "{a} {b}");
        let _ = writeln!(output, "{}", nim_mul(a, b));
    }
    (input, output)
}

/// The pairs `(a, s - a)` for `s = 0, 1, 2, ...`, the first `t` of them.
fn small(t: usize) -> Vec<(u64, u64)> {
    (0u64..)
        .flat_map(|s| (0..=s).map(move |a| (a, s - a)))
        .take(t)
        .collect()
}

fn large(t: usize) -> Vec<(u64, u64)> {
    small(t)
        .into_iter()
        .map(|(a, b)| (u64::MAX - a, u64::MAX - b))
        .collect()
}

fn power_of_two() -> Vec<(u64, u64)> {
    (0..64)
        .flat_map(|i| (0..64).map(move |j| (1u64 << i, 1u64 << j)))
        .collect()
}

fn sample() -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = (0..9).map(|b| (5, b)).collect();
    v.push((3141, 5926));
    v.push((u64::MAX, u64::MAX));
    v
}

#[test]
fn library_checker_outputs_hash_as_published() {
    let problem = data("library_checker_nim_product_64.json");
    let hashes = &problem["hashes_sha256"];
    let cases: Vec<(&str, Vec<(u64, u64)>)> = vec![
        ("example_00", sample()),
        ("small_00", small(1_000_000)),
        ("small_few_00", small(100_000)),
        ("large_00", large(1_000_000)),
        ("large_few_00", large(100_000)),
        ("power_of_two_00", power_of_two()),
    ];
    for (name, pairs) in cases {
        let (input, output) = input_and_output(&pairs);
        assert_eq!(
            sha256_hex(input.as_bytes()),
            hashes[format!("{name}.in")].as_str().unwrap(),
            "input of {name} rebuilt wrongly"
        );
        assert_eq!(
            sha256_hex(output.as_bytes()),
            hashes[format!("{name}.out")].as_str().unwrap(),
            "output of {name}"
        );
    }
    assert_eq!(
        problem["sample_input"].as_str().unwrap(),
        input_and_output(&sample()).0
    );
}

#[test]
fn sample_answers_by_the_reference_product() {
    let first9: Vec<u64> = (0..9).map(|b| reference::nim_mul(5, b)).collect();
    assert_eq!(first9, [0, 5, 10, 15, 2, 7, 8, 13, 3]);
    assert_eq!(
        Nimber(3141) * Nimber(5926),
        Nimber(reference::nim_mul(3141, 5926))
    );
}
