//! End-to-end tests of `grundy seq`: values, proven periods, engines,
//! threads, refusals.

use std::process::{Command, Output};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("run grundy")
}

fn json(args: &[&str]) -> Value {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

fn refused(args: &[&str], needle: &str) {
    let out = grundy(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {err}");
    assert!(out.stdout.is_empty(), "grundy {args:?} wrote to stdout");
    assert!(
        err.contains(needle),
        "grundy {args:?}: {err:?} lacks {needle:?}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn values_of_0_6_match_published_ones() {
    // Printed by ogsolve for 0.6 up to 12.
    let out = grundy(&["long-seq", "0.6", "--to", "12"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "0 0 1 2 0 1 2 3 1 2 3 4 0"
    );
}

#[test]
fn json_fields_and_slices() {
    let v = json(&["long-seq", "0.77", "--from", "3", "--to", "8", "--json"]);
    assert_eq!(v["game"], "0.77");
    assert_eq!(v["from"], 3);
    assert_eq!(v["to"], 8);
    assert_eq!(v["values"], serde_json::json!([3, 1, 4, 3, 2, 1]));
    assert_eq!(v["value"], 1);
    assert_eq!(v["method"], "rc");
}

#[test]
fn engines_and_threads_agree() {
    let base = json(&[
        "long-seq", "0.376", "--to", "12000", "--json", "--method", "naive",
    ]);
    for extra in [
        ["--method", "rc", "--threads", "1"],
        ["--method", "rc", "--threads", "2"],
        ["--method", "auto", "--threads", "2"],
    ] {
        let mut args = vec!["long-seq", "0.376", "--to", "12000", "--json"];
        args.extend(extra);
        assert_eq!(json(&args)["values"], base["values"], "{extra:?}");
    }
}

#[test]
fn periodic_games_are_extended_from_the_proven_period() {
    let v = json(&[
        "long-seq",
        "0.07",
        "--to",
        "1000000000",
        "--summary",
        "--json",
    ]);
    assert_eq!(v["period"]["preperiod"], 53);
    assert_eq!(v["period"]["period"], 34);
    assert!(v["computed"].as_u64().unwrap() < 10_000);
    assert!(v.get("values").is_none());
    // G(10^9) is G(53 + (10^9 - 53) mod 34).
    let small = json(&["long-seq", "0.07", "--to", "200", "--json"]);
    let k = 53 + (1_000_000_000u64 - 53) % 34;
    assert_eq!(v["value"], small["values"][k as usize]);
}

#[test]
fn until_proven_states_preperiod_and_period() {
    let out = grundy(&["long-seq", "0.16", "--until-proven", "--summary"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("preperiod 105351, period 149459"), "{text}");
}

#[test]
fn stats_name_the_rare_mask() {
    let v = json(&[
        "long-seq",
        "0.6",
        "--to",
        "5000",
        "--summary",
        "--stats",
        "--json",
    ]);
    let s = &v["stats"];
    assert!(s["split"]["mask"].as_u64().unwrap() > 0);
    assert!(s["rare_count"].as_u64().unwrap() > 0);
    assert!(s["max_value"].as_u64().unwrap() > 0);
    let out = grundy(&["long-seq", "0.6", "--to", "5000", "--summary", "--stats"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("rare mask 0x"));
}

#[test]
fn refusals() {
    refused(&["long-seq", "0.8x", "--to", "5"], "not an octal");
    refused(&["long-seq", "0.6", "--to", "-5"], "negative");
    refused(&["long-seq", "0.6"], "--to");
    refused(
        &["long-seq", "0.6", "--from", "9", "--to", "5"],
        "past --to",
    );
    refused(
        &["long-seq", "0.6", "--to", "5", "--threads", "0"],
        "threads",
    );
    refused(
        &["long-seq", "0.[3]", "--to", "5", "--method", "rc"],
        "does not handle",
    );
    refused(&["long-seq", "4!.0", "--to", "99999999999999"], "memory");
    refused(&["long-seq", "0.6", "--to", "200000000"], "too much output");
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-seq-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn files_round_trip_with_the_published_checksum() {
    let d = scratch("files");
    let f = d.join("six.gsq");
    let f = f.to_str().unwrap();
    let out = grundy(&["long-seq", "0.6", "--to", "12", "--out", f, "--summary"]);
    assert!(out.status.success());
    let v = json(&["long-seq", "--read", f, "--summary", "--json"]);
    assert_eq!(v["game"], "0.6");
    assert_eq!(v["count"], 13);
    assert_eq!(v["width"], 2);
    // The Fletcher checksum other programs print for 0.6 up to 12.
    assert_eq!(v["checksum"], "00650013");
    let v = json(&[
        "long-seq", "--read", f, "--from", "9", "--to", "12", "--json",
    ]);
    assert_eq!(v["values"], serde_json::json!([2, 3, 4, 0]));
    refused(
        &["long-seq", "--read", f, "--to", "13"],
        "past the last value",
    );
    refused(&["long-seq", "0.77", "--read", f], "holds 0.6");
    std::fs::write(d.join("junk"), b"not a sequence at all").unwrap();
    refused(
        &["long-seq", "--read", d.join("junk").to_str().unwrap()],
        "not a grundy",
    );
    refused(
        &["long-seq", "--read", d.join("none").to_str().unwrap()],
        "none",
    );
    let bad = d.join("no/such/dir/x.gsq");
    refused(
        &[
            "long-seq",
            "0.6",
            "--to",
            "9",
            "--out",
            bad.to_str().unwrap(),
        ],
        "does not exist",
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Runs to the end uninterrupted, and again killed once a checkpoint exists
/// then resumed: the two files are identical.
fn killed_and_resumed(code: &str, to: &str, interrupt: bool) {
    let d = scratch(&format!("kill-{}", interrupt as u8));
    let whole = d.join("whole.gsq");
    let ck = d.join("ck.gsq");
    let resumed = d.join("resumed.gsq");
    let out = grundy(&[
        "long-seq",
        code,
        "--to",
        to,
        "--summary",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["long-seq", code, "--to", to, "--summary", "--checkpoint"])
        .arg(&ck)
        .args(["--checkpoint-every", "0.05"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    while !ck.exists() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    if interrupt {
        let pid = child.id().to_string();
        Command::new("kill").args(["-INT", &pid]).status().unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted at heap"));
    } else {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let partial = json(&[
        "long-seq",
        "--read",
        ck.to_str().unwrap(),
        "--summary",
        "--json",
    ]);
    let count = partial["count"].as_u64().unwrap();
    assert!(count > 1000, "checkpoint of {count} values");
    assert!(
        count < to.parse::<u64>().unwrap(),
        "the run ended before it was stopped"
    );
    let out = grundy(&[
        "long-seq",
        code,
        "--to",
        to,
        "--summary",
        "--resume",
        ck.to_str().unwrap(),
        "--out",
        resumed.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&resumed).unwrap()
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_killed_run_resumes_to_the_same_file() {
    killed_and_resumed("4!.0", "600000", false);
}

#[test]
fn an_interrupted_run_saves_a_checkpoint_and_resumes() {
    killed_and_resumed("0.6", "600000", true);
}
