//! `grundy survey`: shards merged equal the survey in one piece, a survey
//! killed mid-run resumes to the same records, record files are merged and
//! checked, and bad requests are refused.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{grundy, refused, s, text};
use serde_json::Value;

fn scratch(name: &str) -> PathBuf {
    common::scratch("survey", name)
}

/// The merged records of `files`, the time taken left out, and the codes missing from `0.??`.
fn merged(files: &[&Path]) -> (Vec<Value>, Value) {
    let mut args = vec!["survey", "--merge"];
    args.extend(files.iter().map(|f| s(f)));
    args.extend(["--expect", "0.??", "--json"]);
    let mut v: Value = serde_json::from_str(&text(&args)).unwrap();
    let records = v["records"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .map(|r| {
            assert!(r["seconds"].as_f64().unwrap() >= 0.0);
            r.as_object_mut().unwrap().remove("seconds");
            r.clone()
        })
        .collect();
    (records, v["missing"].clone())
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).unwrap().lines().count()
}

#[test]
fn two_shards_merged_equal_the_survey_in_one_piece() {
    let d = scratch("shards");
    let (a, b, whole) = (d.join("a.jsonl"), d.join("b.jsonl"), d.join("whole.jsonl"));
    for (shard, file) in [("1/2", &a), ("2/2", &b)] {
        text(&[
            "survey",
            "0.??",
            "--to",
            "3000",
            "--shard",
            shard,
            "--out",
            s(file),
        ]);
        assert_eq!(lines(file), 32);
    }
    // Without --out the lines come on standard output.
    let out = text(&["survey", "0.??", "--to", "3000"]);
    std::fs::write(&whole, &out).unwrap();
    assert_eq!(lines(&whole), 64);
    let (sharded, missing) = merged(&[&a, &b]);
    assert_eq!(missing, serde_json::json!([]));
    let (one, _) = merged(&[&whole]);
    assert_eq!(sharded.len(), 64);
    assert_eq!(sharded, one);
    let kayles = one.iter().find(|r| r["code"] == "0.77").unwrap();
    assert_eq!(kayles["status"], "proven");
    assert_eq!(
        (kayles["period"].as_u64(), kayles["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    // The checksum is the one `seq --until-proven --stats` prints.
    let seq: Value = serde_json::from_str(&text(&[
        "seq",
        "0.77",
        "--to",
        "3000",
        "--until-proven",
        "--summary",
        "--json",
    ]))
    .unwrap();
    assert_eq!(kayles["checksum"], seq["checksum"]);
    assert_eq!(kayles["computed"], seq["to"]);
    // One shard alone: the rest is missing.
    let (_, missing) = merged(&[&a]);
    assert_eq!(missing.as_array().unwrap().len(), 32);
    assert_eq!(missing[0], "0.01");
    // A rerun finds everything done.
    let out = grundy(&[
        "survey",
        "0.??",
        "--to",
        "3000",
        "--shard",
        "1/2",
        "--out",
        s(&a),
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("none to compute (32 already in"));
    assert_eq!(lines(&a), 32);
}

/// Starts a survey of `0.??` to `to` appending to `out`, one code at a time.
fn start(to: &str, out: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "survey",
            "0.??",
            "--to",
            to,
            "--threads",
            "1",
            "--out",
            s(out),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `out` holds at least `n` lines (or the run ends).
fn wait_for_lines(out: &Path, n: usize, child: &mut std::process::Child) {
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(120) {
        if std::fs::read_to_string(out).map_or(0, |t| t.lines().count()) >= n {
            return;
        }
        if child.try_wait().unwrap().is_some() {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("no progress in {}", out.display());
}

#[cfg(unix)]
#[test]
fn a_killed_survey_resumes_to_the_same_records() {
    const TO: &str = "50000";
    let d = scratch("resume");
    let (f, whole) = (d.join("f.jsonl"), d.join("whole.jsonl"));
    // SIGTERM: the run stops cleanly, says so, exits 2, keeps whole lines.
    let mut child = start(TO, &f);
    wait_for_lines(&f, 5, &mut child);
    let pid = child.id().to_string();
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("interrupted after"), "{err}");
    let after_term = lines(&f);
    assert!((5..64).contains(&after_term), "{after_term} lines");
    assert!(std::fs::read_to_string(&f).unwrap().ends_with('\n'));
    // SIGKILL, then a line torn as a kill in the middle of a write leaves it.
    let mut child = start(TO, &f);
    wait_for_lines(&f, after_term + 3, &mut child);
    let _ = child.kill();
    child.wait().unwrap();
    let kept = lines(&f);
    let mut torn = std::fs::read_to_string(&f).unwrap();
    torn.push_str("{\"code\":\"0.77\",\"to\":50000,\"status\":\"pro");
    std::fs::write(&f, &torn).unwrap();
    // The resumed run cuts the torn line off and computes the rest.
    let out = grundy(&["survey", "0.??", "--to", TO, "--out", s(&f)]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("torn last line"), "{err}");
    assert!(
        err.contains(&format!("{} to compute ({kept} already in", 64 - kept)),
        "{err}"
    );
    assert_eq!(lines(&f), 64);
    // The same records as a run never interrupted.
    let out = text(&["survey", "0.??", "--to", TO]);
    std::fs::write(&whole, out).unwrap();
    assert_eq!(merged(&[&f]), merged(&[&whole]));
}

#[test]
fn degenerate_codes_get_lines_of_their_own() {
    let d = scratch("list");
    let list = d.join("codes.txt");
    std::fs::write(
        &list,
        "# a list\n0.9x\n0.00   # no move at all\n0.07\n0.07\n8.0\n",
    )
    .unwrap();
    let out = text(&["survey", "--codes", s(&list), "--to", "2000"]);
    let mut records: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    records.sort_by_key(|r| r["code"].as_str().unwrap().to_string());
    let status: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(status, ["no-moves", "proven", "invalid", "proven"]);
    assert!(records[2]["error"]
        .as_str()
        .unwrap()
        .contains("not an octal"));
    assert_eq!(records[3]["saltus"], 1);
    assert_eq!(records[1]["preperiod"], 53);
    // The merged table: aligned columns, the error at the end of its line.
    let file = d.join("list.jsonl");
    std::fs::write(&file, &out).unwrap();
    let table = text(&["survey", "--merge", s(&file), "--codes", s(&list)]);
    let rows: Vec<&str> = table.lines().collect();
    assert!(
        rows[0].starts_with("code  status    period  preperiod"),
        "{table}"
    );
    assert!(rows[3].starts_with("0.9x  invalid"), "{table}");
    assert!(rows[3].contains("not an octal"), "{table}");
    assert_eq!(rows[1].find("no-moves"), rows[2].find("proven"));
    assert!(table.contains("missing: none"), "{table}");
    let csv = text(&["survey", "--merge", s(&file), "--csv"]);
    assert!(csv.starts_with("code,status,period,preperiod,saltus,computed,max_value,"));
    assert!(csv
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("0.00,no-moves,1,0,0,0,0,"));
}

#[test]
fn conflicting_records_and_bad_requests_are_refused() {
    let d = scratch("refused");
    let (a, b) = (d.join("a.jsonl"), d.join("b.jsonl"));
    text(&["survey", "0.0?", "--to", "100", "--out", s(&a)]);
    text(&["survey", "0.0?", "--to", "50", "--out", s(&b)]);
    refused(
        &["survey", "--merge", s(&a), s(&b)],
        "is there twice with different results",
    );
    refused(
        &["survey", "0.0?", "--to", "200", "--out", s(&a)],
        "surveyed to heap 100, not 200",
    );
    std::fs::write(&b, "hello\n").unwrap();
    refused(
        &["survey", "--merge", s(&b)],
        "line 1 is not a survey record",
    );
    refused(
        &["survey", "--merge", s(&d.join("none.jsonl"))],
        "none.jsonl",
    );
    refused(&["survey", "0.??"], "--to N");
    // Sixteen million codes: refused up front with the estimate, unlisted.
    let began = Instant::now();
    refused(
        &["survey", "0.????????", "--to", "100"],
        "pattern '0.????????' stands for 16777216 codes, more than the 1048576 surveyed without --large: \
         listing them needs about 2013265920 bytes (1.9 GiB) of memory, and surveying them up to 1694498816 heaps",
    );
    assert!(began.elapsed() < Duration::from_secs(5));
    let many = d.join("many.txt");
    let list: String = (0..=1u32 << 20).map(|k| format!("0.{k:o}1\n")).collect();
    std::fs::write(&many, list).unwrap();
    refused(
        &["survey", "--codes", s(&many), "--to", "10"],
        "holds 1048577 codes, more than the 1048576 surveyed without --large: listing them needs about",
    );
    refused(&["survey", "0.x?", "--to", "10"], "pattern '0.x?'");
    refused(
        &["survey", "0.??", "--to", "10", "--shard", "0/2"],
        "numbered 1 to 2",
    );
    refused(&["survey", "0.??", "--to", "10", "--shard", "3"], "I/N");
    refused(
        &["survey", "0.??", "--to", "10", "--threads", "0"],
        "--threads 0",
    );
    refused(&["survey", "0.??", "0.1?", "--to", "10"], "one pattern");
    refused(
        &["survey", "0.??", "--to", "4294967295", "--threads", "1024"],
        "of memory",
    );
    refused(&["survey", "--merge"], "record files");
    refused(
        &["survey", "--merge", s(&a), "--to", "5"],
        "--to does not go with --merge",
    );
    refused(
        &["survey", "0.??", "--to", "10", "--out", s(&d)],
        "directory",
    );
}
