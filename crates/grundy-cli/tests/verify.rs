//! `grundy verify`: clean files pass, a planted wrong value is found at its
//! exact position, shards cover the file, damaged files and bad arguments
//! are refused; a file's claim of periodicity is certified, and a wrong
//! period or a window one short is caught; shard reports merge.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{grundy, refused, s};
use grundy::heap::store::fletcher;
use serde_json::Value;

fn scratch(name: &str) -> PathBuf {
    common::scratch("verify", name)
}

/// Writes `G(0..=to)` of `rule` with `grundy seq --out`.
fn sequence_file(dir: &Path, rule: &str, to: u64) -> PathBuf {
    let path = dir.join(format!("{}.gsq", rule.replace([':', ',', '!'], "_")));
    let to = to.to_string();
    let out = grundy(&["seq", rule, "--to", &to, "--summary", "--out", s(&path)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// Runs `grundy verify ARGS --json`: the exit status and the report.
fn verify(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["verify"];
    all.extend_from_slice(args);
    all.push("--json");
    let out: Output = grundy(&all);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{all:?}: {err}"));
    (out.status.code().unwrap(), v)
}

/// Where the values start in a 2-byte file of `rule`.
fn values_at(rule: &str) -> usize {
    8 + 4 + 4 + rule.len() + 8 + 1 + 4
}

/// Changes `G(position)` in a 2-byte file to `value` and, when `fix`,
/// the header's checksum to match, so only a re-derivation can tell.
fn plant(path: &Path, rule: &str, position: usize, value: u16, fix: bool) -> u16 {
    let mut bytes = std::fs::read(path).unwrap();
    let start = values_at(rule);
    let at = start + 2 * position;
    let old = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    assert_ne!(old, value);
    bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
    if fix {
        let count = u64::from_le_bytes(bytes[start - 13..start - 5].try_into().unwrap());
        let values: Vec<u32> = bytes[start..start + 2 * count as usize]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32)
            .collect();
        bytes[start - 4..start].copy_from_slice(&fletcher(&values).to_le_bytes());
    }
    std::fs::write(path, bytes).unwrap();
    old
}

#[test]
fn clean_files_of_several_rules_pass() {
    let d = scratch("clean");
    for (rule, to, method) in [
        ("kayles", 5000, "rare_common"),
        ("0.6", 30000, "rare_common"),
        ("4!.0", 30000, "rare_common"),
        ("sub:1,3,4", 5000, "plain"),
        ("0.[3]", 800, "plain"),
    ] {
        let f = sequence_file(&d, rule, to);
        let (code, v) = verify(&[s(&f)]);
        assert_eq!(code, 0, "{rule}: {v}");
        assert_eq!(v["clean"], true);
        assert_eq!(v["first_wrong"], Value::Null);
        assert_eq!(v["checked"], to + 1, "{rule}");
        assert_eq!((v["from"].clone(), v["to"].clone()), (0.into(), to.into()));
        assert_eq!(v["method"], method, "{rule}");
        assert_eq!(v["checksum"]["matches"], true);
        assert_eq!(v["rule"], rule);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_planted_wrong_value_is_found_at_its_position() {
    let d = scratch("planted");
    for (rule, to, positions) in [
        ("0.6", 40000u64, [39_999usize, 17_321, 5]),
        ("4!.0", 40000, [33_333, 20_001, 1]),
        ("kayles", 3000, [2999, 71, 12]),
        ("sub:1,3,4", 3000, [2500, 100, 3]),
    ] {
        for p in positions {
            let f = sequence_file(&d, rule, to);
            let old = plant(&f, rule, p, old_value(&f, rule, p) ^ 5, true);
            let (code, v) = verify(&[s(&f)]);
            assert_eq!(code, 1, "{rule} at {p}: {v}");
            assert_eq!(v["clean"], false);
            assert_eq!(v["checksum"]["matches"], true, "the checksum was fixed up");
            let w = &v["first_wrong"];
            assert_eq!(w["position"], p as u64, "{rule}: {v}");
            // The values below are untouched: the mex is the old value.
            assert_eq!(w["derived"], old as u64, "{rule}");
            assert_eq!(v["checked"], p as u64);
            // The text names it too.
            let out = grundy(&["verify", s(&f)]);
            assert_eq!(out.status.code(), Some(1));
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.contains(&format!("G({p}) is wrong: stored")), "{text}");
            // A range after it passes: each heap rests on stored values only.
            if (p as u64) < to {
                let after = (p + 1).to_string();
                let (code, v) = verify(&[s(&f), "--from", &after]);
                let clean = v["first_wrong"] == Value::Null;
                // Heaps above may or may not use G(p); the check says which.
                assert_eq!(code, if clean { 0 } else { 1 });
            }
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}

fn old_value(path: &Path, rule: &str, position: usize) -> u16 {
    let bytes = std::fs::read(path).unwrap();
    let at = values_at(rule) + 2 * position;
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

#[test]
fn a_checksum_that_does_not_match_is_reported() {
    let d = scratch("checksum");
    let f = sequence_file(&d, "0.6", 2000);
    plant(&f, "0.6", 1500, 77, false);
    let (code, v) = verify(&[s(&f)]);
    assert_eq!(code, 1);
    assert_eq!(v["checksum"]["matches"], false);
    assert_ne!(v["checksum"]["header"], v["checksum"]["values"]);
    assert_eq!(v["first_wrong"]["position"], 1500);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn shards_together_cover_the_file() {
    let d = scratch("shards");
    let f = sequence_file(&d, "4!.0", 20000);
    let mut next = 0u64;
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let (code, v) = verify(&[s(&f), "--shard", &shard]);
        assert_eq!(code, 0);
        assert_eq!(v["from"], next);
        assert_eq!(v["shard"], serde_json::json!([i, 3]));
        assert_eq!(v["checked"], v["to"].as_u64().unwrap() - next + 1);
        next = v["to"].as_u64().unwrap() + 1;
    }
    assert_eq!(next, 20001);
    // A wrong value shows in its shard only (heaps below it are right).
    plant(&f, "4!.0", 9000, 99, true);
    let codes: Vec<i32> = (1..=3)
        .map(|i| verify(&[s(&f), "--shard", &format!("{i}/3")]).0)
        .collect();
    assert_eq!(codes[0], 0);
    assert_eq!(codes[1], 1);
    // Shards of a --from/--to range.
    let (code, v) = verify(&[s(&f), "--from", "100", "--to", "199", "--shard", "2/4"]);
    assert_eq!(code, 0);
    assert_eq!(
        (v["from"].clone(), v["to"].clone()),
        (125.into(), 149.into())
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn malformed_files_and_arguments_are_refused() {
    let d = scratch("malformed");
    let f = sequence_file(&d, "0.6", 100);
    let bytes = std::fs::read(&f).unwrap();
    let cut = d.join("cut.gsq");
    std::fs::write(&cut, &bytes[..bytes.len() - 1]).unwrap();
    refused(&["verify", s(&cut)], "its header announces");
    let junk = d.join("junk.gsq");
    std::fs::write(&junk, b"hello, not a sequence file at all").unwrap();
    refused(&["verify", s(&junk)], "not a grundy sequence file");
    refused(&["verify", s(&d.join("missing.gsq"))], "missing.gsq");
    refused(&["verify", s(&d)], "directory");
    let empty = d.join("empty.gsq");
    grundy::heap::store::write(&empty, "0.6", &[]).unwrap();
    refused(&["verify", s(&empty)], "holds no values");
    let tri = d.join("tri.gsq");
    grundy::heap::store::write(&tri, "triomino", &[0, 0, 1]).unwrap();
    refused(&["verify", s(&tri)], "units of 2 tokens");
    let bad_rule = d.join("rule.gsq");
    grundy::heap::store::write(&bad_rule, "0.9z", &[0, 0, 1]).unwrap();
    refused(&["verify", s(&bad_rule)], "in the header");
    refused(&["verify", s(&f), "--to", "101"], "holds G(0..=100)");
    refused(
        &["verify", s(&f), "--from", "50", "--to", "40"],
        "past --to",
    );
    refused(&["verify", s(&f), "--shard", "0/3"], "--shard");
    refused(&["verify", s(&f), "--shard", "4/3"], "--shard");
    refused(&["verify", s(&f), "--shard", "x"], "--shard");
    refused(
        &[
            "verify",
            s(&f),
            "--from",
            "7",
            "--to",
            "8",
            "--shard",
            "1/3",
        ],
        "only 2 heaps",
    );
    refused(&["verify", s(&f), "--threads", "0"], "--threads");
    refused(&["verify", s(&f), "--from", "x1"], "--from");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Writes `rule` with `grundy seq --until-proven --out`: a file carrying
/// its claim.
fn proven_file(dir: &Path, rule: &str) -> PathBuf {
    let path = dir.join(format!("{}-proven.gsq", rule.replace([':', ',', '!'], "_")));
    let out = grundy(&[
        "seq",
        rule,
        "--until-proven",
        "--summary",
        "--out",
        s(&path),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// Rewrites the `u64` field at `offset` of the claim at the end of a file.
fn set_claim_field(path: &Path, offset: usize, value: u64) {
    let mut bytes = std::fs::read(path).unwrap();
    let at = bytes.len() - 49 + offset;
    bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
    std::fs::write(path, bytes).unwrap();
}

const PREPERIOD: usize = 9;
const PERIOD: usize = 17;
const WINDOW_END: usize = 41;

#[test]
fn a_proven_period_is_certified() {
    let d = scratch("claim");
    for (rule, n0, p, end) in [
        ("kayles", 71u64, 12u64, 156u64),
        ("0.16", 105_351, 149_459, 2 * 105_351 + 149_459 + 2),
        ("0.137", 0, 0, 0),
        ("sub:1,3,4", 0, 7, 4),
    ] {
        let f = proven_file(&d, rule);
        let (code, v) = verify(&[s(&f)]);
        assert_eq!(code, 0, "{rule}: {v}");
        assert_eq!(
            (v["clean"].clone(), v["certified"].clone()),
            (true.into(), true.into())
        );
        let c = &v["claim"];
        assert_eq!(c["holds"], true, "{rule}: {v}");
        assert_eq!(c["least_preperiod"], true);
        assert_eq!(c["least_period"], true);
        if p > 0 {
            assert_eq!(
                (c["preperiod"].as_u64(), c["period"].as_u64()),
                (Some(n0), Some(p))
            );
            assert_eq!(c["window_end"], end, "{rule}");
            assert_eq!(c["required_end"], end);
            assert_eq!(v["count"], end + p, "{rule}: the file ends with the window");
        }
        let text = String::from_utf8(grundy(&["verify", s(&f)]).stdout).unwrap();
        assert!(text.contains("proven: G(n + "), "{text}");
        assert!(
            text.contains("certified: every value and the claim"),
            "{text}"
        );
    }
    let f = proven_file(&d, "0.16");
    let text = String::from_utf8(grundy(&["verify", s(&f)]).stdout).unwrap();
    assert!(
        text.contains("proven: G(n + 149459) = G(n) for every n >= 105351, by the octal periodicity theorem (Guy and Smith) for a code removing at most 2 tokens and leaving at most 2 heaps, window 105351 <= n < 360163 checked"),
        "{text}"
    );
    // A file without a claim is certified for its values alone.
    let plain = sequence_file(&d, "4!.0", 3000);
    let (code, v) = verify(&[s(&plain)]);
    assert_eq!(
        (code, v["claim"].clone(), v["certified"].clone()),
        (0, Value::Null, true.into())
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn wrong_claims_are_caught() {
    let d = scratch("wrong-claims");
    let fresh = || proven_file(&d, "0.16");
    // A planted wrong value in the window (checksum fixed up): the value
    // check finds it, and the claim no longer holds there.
    let f = fresh();
    plant(
        &f,
        "0.16",
        200_000,
        old_value(&f, "0.16", 200_000) ^ 1,
        true,
    );
    let (code, v) = verify(&[s(&f)]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["first_wrong"]["position"], 200_000);
    assert_eq!(v["claim"]["first_mismatch"]["n"], 200_000);
    assert_eq!(v["certified"], false);
    // A wrong claimed period, with the window the theorem needs for it.
    let f = fresh();
    set_claim_field(&f, PERIOD, 149_458);
    set_claim_field(&f, WINDOW_END, 2 * 105_351 + 149_458 + 2);
    let (code, v) = verify(&[s(&f)]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["first_wrong"], Value::Null, "the values are right");
    assert_eq!(v["claim"]["holds"], false);
    assert!(v["claim"]["first_mismatch"]["n"].as_u64().unwrap() >= 105_351);
    let out = grundy(&["verify", s(&f)]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("claim: false: G("), "{text}");
    // A window one short of the theorem's.
    let f = fresh();
    set_claim_field(&f, WINDOW_END, 360_162);
    let (code, v) = verify(&[s(&f)]);
    assert_eq!(code, 1, "{v}");
    let why = v["claim"]["refused"].as_str().unwrap();
    assert!(
        why.contains("too short") && why.contains("n < 360163"),
        "{why}"
    );
    let text = String::from_utf8(grundy(&["verify", s(&f)]).stdout).unwrap();
    assert!(
        text.contains("claim: not proven: the window is too short"),
        "{text}"
    );
    // A preperiod claimed too early.
    let f = fresh();
    set_claim_field(&f, PREPERIOD, 105_350);
    set_claim_field(&f, WINDOW_END, 2 * 105_350 + 149_459 + 2);
    let (code, v) = verify(&[s(&f)]);
    assert_eq!(
        (code, v["claim"]["first_mismatch"]["n"].clone()),
        (1, 105_350.into())
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn shard_reports_merge_into_the_whole() {
    let d = scratch("merge");
    let f = proven_file(&d, "0.16");
    let reports: Vec<PathBuf> = (1..=3)
        .map(|i| {
            let r = d.join(format!("r{i}.json"));
            let out = grundy(&["verify", s(&f), "--shard", &format!("{i}/3"), "--json"]);
            assert_eq!(out.status.code(), Some(0));
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["certified"], false, "a shard alone certifies nothing");
            assert_eq!(v["claim"]["holds"], true);
            std::fs::write(&r, &out.stdout).unwrap();
            r
        })
        .collect();
    let (code, whole) = verify(&[s(&f)]);
    assert_eq!(code, 0);
    let (code, merged) = verify(&["--merge", s(&reports[2]), s(&reports[0]), s(&reports[1])]);
    assert_eq!(code, 0, "{merged}");
    for key in [
        "count",
        "from",
        "to",
        "checked",
        "first_wrong",
        "claim",
        "proven",
        "clean",
        "certified",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    let text = String::from_utf8(
        grundy(&[
            "verify",
            "--merge",
            s(&reports[0]),
            s(&reports[1]),
            s(&reports[2]),
        ])
        .stdout,
    )
    .unwrap();
    assert!(
        text.contains("certified: every value and the claim"),
        "{text}"
    );
    refused(
        &["verify", "--merge", s(&reports[0]), s(&reports[2])],
        "in no report",
    );
    refused(
        &[
            "verify",
            "--merge",
            s(&reports[0]),
            s(&reports[0]),
            s(&reports[1]),
            s(&reports[2]),
        ],
        "overlap",
    );
    let other = proven_file(&d, "kayles");
    let r = d.join("other.json");
    let out = grundy(&["verify", s(&other), "--json"]);
    std::fs::write(&r, &out.stdout).unwrap();
    refused(
        &["verify", "--merge", s(&reports[0]), s(&r)],
        "different files",
    );
    refused(&["verify", "--merge", s(&f)], "not a report");
    // A shard that finds a wrong value makes the merge unclean.
    plant(
        &f,
        "0.16",
        400_000,
        old_value(&f, "0.16", 400_000) ^ 1,
        true,
    );
    let out = grundy(&["verify", s(&f), "--shard", "3/3", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    std::fs::write(&reports[2], &out.stdout).unwrap();
    // Reports of the file before the change are not of the file after it.
    refused(
        &[
            "verify",
            "--merge",
            s(&reports[0]),
            s(&reports[1]),
            s(&reports[2]),
        ],
        "different files",
    );
    // The values of shards 1 and 2 are right, but G(400000) is read by the
    // claim's window in shard 2, at n = 400000 - 149459.
    for (i, code) in [(1, 0), (2, 1)] {
        let out = grundy(&["verify", s(&f), "--shard", &format!("{i}/3"), "--json"]);
        assert_eq!(out.status.code(), Some(code));
        std::fs::write(&reports[i - 1], &out.stdout).unwrap();
    }
    let (code, merged) = verify(&["--merge", s(&reports[0]), s(&reports[1]), s(&reports[2])]);
    assert_eq!((code, merged["certified"].clone()), (1, false.into()));
    assert_eq!(merged["first_wrong"]["position"], 400_000);
    assert_eq!(merged["claim"]["first_mismatch"]["n"], 400_000 - 149_459);
    std::fs::remove_dir_all(&d).unwrap();
}
