//! `grundy seq` on long runs: proven periods extended arithmetically,
//! sequence files (`--out`, `--read`), checkpoints and resumed runs, the
//! rare/common engine's figures (`--stats`), and their refusals.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::{grundy, json, refused, s, text};
use serde_json::{json, Value};

fn scratch(name: &str) -> PathBuf {
    common::scratch("seq", name)
}

/// The report without what depends on how the values were obtained.
fn report(mut v: Value) -> Value {
    let o = v.as_object_mut().unwrap();
    o.remove("engine");
    o.remove("computed");
    v
}

#[test]
fn values_of_0_6_match_published_ones() {
    // Printed by other octal-game programs for 0.6 up to 12.
    let v = json(&["seq", "0.6", "--to", "12", "--json"]);
    assert_eq!(v["values"], json!([0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0]));
    assert_eq!(v["checksum"], "00650013");
    assert_eq!(v["engine"], "rc");
}

#[test]
fn from_lists_a_slice_of_the_same_report() {
    let v = json(&["seq", "0.77", "--from", "3", "--to", "8", "--json"]);
    assert_eq!(v["from"], 3);
    assert_eq!(v["to"], 8);
    assert_eq!(v["values"], json!([3, 1, 4, 3, 2, 1]));
    assert_eq!(v["value"], 1);
    assert_eq!(v["p_positions"], json!([]));
    // The counts are over 0..=8 all the same.
    assert_eq!(v["p_count"], 1);
    let csv = text(&["seq", "0.77", "--from", "7", "--to", "8", "--csv"]);
    assert_eq!(csv, "n,g\n7,2\n8,1\n");
    let plain = text(&["seq", "0.07", "--from", "20", "--to", "40"]);
    assert!(
        plain.contains("      20: 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0\n      40: 3\n"),
        "{plain}"
    );
    assert!(
        plain.contains("P-positions in 20..=40 (5): 21 25 29 35 39"),
        "{plain}"
    );
}

#[test]
fn engines_and_threads_agree_on_long_runs() {
    let base = json(&[
        "seq", "0.376", "--to", "12000", "--json", "--method", "naive",
    ]);
    assert_eq!(base["engine"], "naive");
    for extra in [
        ["--method", "rc", "--threads", "1"],
        ["--method", "rc", "--threads", "2"],
        ["--method", "auto", "--threads", "2"],
    ] {
        let mut args = vec!["seq", "0.376", "--to", "12000", "--json"];
        args.extend(extra);
        let v = json(&args);
        assert_eq!(v["engine"], "rc", "{extra:?}");
        assert_eq!(report(v), report(base.clone()), "{extra:?}");
    }
}

/// P-positions of G(0..=n), counted one by one from the preperiod and the
/// first period of `g`.
fn brute_p_count(g: &[u64], preperiod: u64, period: u64, n: u64) -> u64 {
    (0..=n)
        .filter(|&x| {
            let i = if x < preperiod {
                x
            } else {
                preperiod + (x - preperiod) % period
            };
            g[i as usize] == 0
        })
        .count() as u64
}

#[test]
fn a_billion_heaps_of_dawsons_kayles_from_the_period() {
    let started = Instant::now();
    let v = json(&["seq", "0.07", "--to", "1000000000", "--summary", "--json"]);
    assert!(started.elapsed() < Duration::from_secs(10));
    let p = &v["periodicity"];
    assert_eq!(p["status"], "proven");
    assert_eq!(p["preperiod"], 53);
    assert_eq!(p["period"], 34);
    assert_eq!(p["saltus"], 0);
    assert_eq!(v["to"], 1_000_000_000u64);
    assert!(v["computed"].as_u64().unwrap() < 10_000);
    assert!(v.get("values").is_none() && v.get("p_positions").is_none());
    let small = json(&["seq", "0.07", "--to", "200", "--json"]);
    let g: Vec<u64> = small["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    // P-positions of the period, counted heap by heap over a stretch
    // that is a whole number of periods, then scaled up.
    let block: u64 = (53..53 + 34).filter(|&x| g[x as usize] == 0).count() as u64;
    let head: u64 = (0..53).filter(|&x| g[x as usize] == 0).count() as u64;
    let total = 1_000_000_000u64 + 1 - 53;
    let tail = brute_p_count(&g, 53, 34, 53 + total % 34 - 1) - head;
    assert_eq!(v["p_count"], head + block * (total / 34) + tail);
    assert_eq!(
        brute_p_count(&g, 53, 34, 100_000),
        json(&["seq", "0.07", "--to", "100000", "--summary", "--json"])["p_count"]
    );
    let k = 53 + (1_000_000_000u64 - 53) % 34;
    assert_eq!(v["value"], g[k as usize]);
    assert_eq!(v["max_value"], *g.iter().max().unwrap());
    let counted: u64 = v["value_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c[1].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 1_000_000_001);
    let kayles = text(&["seq", "kayles", "--to", "1000000000", "--summary"]);
    assert!(kayles.contains("period 12 from n = 71"), "{kayles}");
    assert!(kayles.contains("P-positions: 1\n"), "{kayles}");
}

#[test]
fn until_proven_stops_at_the_proof() {
    let v = json(&["seq", "0.16", "--until-proven", "--summary", "--json"]);
    assert_eq!(v["periodicity"]["preperiod"], 105351);
    assert_eq!(v["periodicity"]["period"], 149459);
    // 2 n0 + p + t = 360163 heaps checked, plus one period.
    assert_eq!(v["to"], 509621);
    let k = json(&[
        "seq",
        "kayles",
        "--to",
        "100000",
        "--until-proven",
        "--json",
    ]);
    assert_eq!(k["to"], 167);
    assert_eq!(k["periodicity"]["status"], "proven");
    assert_eq!(k["values"].as_array().unwrap().len(), 168);
    // Without --to, and listed: the listing is what the proof needed.
    let csv = text(&["seq", "0.77", "--until-proven", "--from", "165", "--csv"]);
    assert_eq!(csv, "n,g\n165,8\n166,2\n167,7\n");
    // No theorem covers allbut: nothing can stop the run early.
    refused(
        &["seq", "allbut:1", "--to", "100000001", "--until-proven"],
        "too much output",
    );
}

#[test]
fn stats_name_the_rare_mask() {
    let v = json(&[
        "seq",
        "0.6",
        "--to",
        "5000",
        "--summary",
        "--stats",
        "--json",
    ]);
    let st = &v["stats"];
    assert!(st["split"]["mask"].as_u64().unwrap() > 0);
    assert!(st["rare_count"].as_u64().unwrap() > 0);
    assert!(st["last_rare"].as_u64().unwrap() > 0);
    assert!(st["max_value"].as_u64().unwrap() > 0);
    assert!(st["pairs"].as_u64().unwrap() > 0);
    let c = v["checksum"].as_str().unwrap();
    assert!(
        c.len() == 8 && c.chars().all(|x| x.is_ascii_hexdigit()),
        "{c}"
    );
    let t = text(&["seq", "0.6", "--to", "5000", "--summary", "--stats"]);
    assert!(t.contains("rare mask: 0x"), "{t}");
    assert!(t.contains(&format!("checksum: {c} (Fletcher, G(0..=5000))")));
    let naive = json(&[
        "seq", "0.6", "--to", "50", "--stats", "--json", "--method", "naive",
    ]);
    assert!(naive["stats"].is_null());
    let plain = json(&["seq", "0.6", "--to", "50", "--json"]);
    assert!(plain.get("stats").is_none());
    let t = text(&["seq", "sub:1,3,4", "--to", "50", "--stats"]);
    assert!(t.contains("engine: naive, no rare/common figures"), "{t}");
}

#[test]
fn files_read_back_to_the_same_report() {
    let d = scratch("files");
    let f = d.join("six.gsq");
    let out = grundy(&["seq", "0.6", "--to", "12", "--out", s(&f), "--summary"]);
    assert!(out.status.success());
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(t.contains("checksum: 00650013"), "{t}");
    let v = json(&["seq", "--read", s(&f), "--summary", "--json"]);
    assert_eq!(v["rule"], "0.6");
    assert_eq!(v["to"], 12);
    assert_eq!(v["engine"], "read");
    // The Fletcher checksum other programs print for 0.6 up to 12.
    assert_eq!(v["checksum"], "00650013");
    let v = json(&[
        "seq",
        "--read",
        s(&f),
        "--from",
        "9",
        "--to",
        "12",
        "--json",
    ]);
    assert_eq!(v["values"], json!([2, 3, 4, 0]));
    assert_eq!(v["p_positions"], json!([12]));
    let v = json(&["seq", "0.6", "--read", s(&f), "--to", "5", "--json"]);
    assert_eq!(v["values"], json!([0, 0, 1, 2, 0, 1]));
    // Every kind of rule, values listed or not: the same report.
    for (rule, to) in [
        ("0.6", "3000"),
        ("0.07", "10000000"),
        ("sub:1,3,4", "500"),
        ("triomino", "300"),
        ("4!.0", "2000"),
    ] {
        let g = d.join("g.gsq");
        let mut args = vec!["seq", rule, "--to", to, "--json", "--out", s(&g)];
        let listed = to.len() < 5;
        if !listed {
            args.push("--summary");
        }
        let computed = json(&args);
        let mut read = vec!["seq", "--read", s(&g), "--json"];
        if !listed {
            read.push("--summary");
        }
        assert_eq!(report(json(&read)), report(computed.clone()), "{rule}");
        let text = text(&["seq", rule, "--read", s(&g), "--summary", "--stats"]);
        let c = computed["checksum"].as_str().unwrap();
        assert!(text.contains(&format!("checksum: {c}")), "{rule}: {text}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bad_files_are_refused() {
    let d = scratch("bad");
    let f = d.join("six.gsq");
    assert!(grundy(&["seq", "0.6", "--to", "12", "--out", s(&f)])
        .status
        .success());
    refused(
        &["seq", "--read", s(&f), "--to", "13"],
        "past the last value",
    );
    refused(
        &["seq", "--read", s(&f), "--from", "9", "--to", "5"],
        "--from 9 is past --to 5",
    );
    refused(&["seq", "0.77", "--read", s(&f)], "holds 0.6, not 0.77");
    refused(
        &["seq", "--read", s(&f), "--out", s(&d.join("x"))],
        "cannot be used with",
    );
    let bytes = std::fs::read(&f).unwrap();
    let junk = d.join("junk");
    std::fs::write(&junk, b"not a sequence at all").unwrap();
    refused(&["seq", "--read", s(&junk)], "not a grundy sequence file");
    let mut corrupt = bytes.clone();
    *corrupt.last_mut().unwrap() ^= 1;
    std::fs::write(&junk, &corrupt).unwrap();
    refused(&["seq", "--read", s(&junk)], "checksum");
    std::fs::write(&junk, &bytes[..bytes.len() - 3]).unwrap();
    refused(&["seq", "--read", s(&junk)], "its header announces");
    std::fs::write(&junk, &bytes[..20]).unwrap();
    refused(&["seq", "--read", s(&junk)], "file ends inside the header");
    refused(&["seq", "--read", s(&d.join("none"))], "none");
    refused(
        &["seq", "0.6", "--to", "9", "--resume", s(&d.join("none"))],
        "none",
    );
    refused(
        &["seq", "0.77", "--to", "9", "--resume", s(&f)],
        "holds 0.6",
    );
    let bad = d.join("no/such/dir/x.gsq");
    refused(
        &["seq", "0.6", "--to", "9", "--out", s(&bad)],
        "does not exist",
    );
    refused(
        &["seq", "0.6", "--to", "9", "--checkpoint", s(&bad)],
        "does not exist",
    );
    refused(
        &["seq", "0.6", "--to", "9", "--out", s(&d)],
        "is a directory",
    );
    // A refused run leaves no file behind.
    let never = d.join("never.gsq");
    refused(
        &[
            "seq",
            "0.6",
            "--from",
            "10",
            "--to",
            "9",
            "--out",
            s(&never),
        ],
        "past --to",
    );
    assert!(!never.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn refusals_before_any_work() {
    refused(&["seq", "0.8x", "--to", "5"], "not an octal");
    refused(&["seq", "0.6", "--to", "-5"], "negative");
    refused(&["seq", "0.6"], "--to N");
    refused(&["seq"], "<RULE>");
    refused(&["seq", "0.6", "--from", "9", "--to", "5"], "past --to");
    refused(&["seq", "0.6", "--from", "x", "--to", "5"], "--from");
    refused(&["seq", "0.6", "--to", "5", "--threads", "0"], "threads");
    refused(
        &["seq", "allbut:1", "--until-proven"],
        "--until-proven needs --to N",
    );
    refused(
        &["seq", "0.6", "--to", "5", "--checkpoint-every", "5"],
        "--checkpoint",
    );
    for every in ["0", "-1", "x", "inf", "NaN"] {
        refused(
            &[
                "seq",
                "0.6",
                "--to",
                "5",
                "--checkpoint",
                "never-written.gsq",
                "--checkpoint-every",
                every,
            ],
            "positive number of seconds",
        );
    }
    // Absurd sizes: past the engine's count, past memory, past the listing
    // cap.
    refused(
        &["seq", "4!.0", "--to", "99999999999999"],
        "counts heaps up to",
    );
    refused(&["seq", "4!.0", "--to", "4294967294"], "too much output");
    refused(&["seq", "0.07", "--to", "100000001"], "too much output");
    refused(
        &[
            "seq",
            "0.07",
            "--to",
            "100000001",
            "--summary",
            "--png",
            "x.png",
        ],
        "too much output",
    );
}

/// The name a file is written under until it is complete.
fn partial(p: &Path) -> PathBuf {
    let mut name = p.file_name().unwrap().to_os_string();
    name.push(".partial");
    p.with_file_name(name)
}

/// Runs to the end uninterrupted, and again stopped (SIGKILL, or `signal`,
/// SIGINT or SIGTERM, which saves a checkpoint) once a checkpoint exists,
/// then resumed: the two files are identical. The stopped run's `--out`
/// file never appears.
fn stopped_and_resumed(code: &str, to: &str, signal: Option<&str>) {
    let d = scratch(&format!("kill-{}", signal.unwrap_or("KILL")));
    let whole = d.join("whole.gsq");
    let ck = d.join("ck.gsq");
    let resumed = d.join("resumed.gsq");
    let never = d.join("never.gsq");
    let out = grundy(&["seq", code, "--to", to, "--summary", "--out", s(&whole)]);
    assert!(out.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["seq", code, "--to", to, "--summary", "--checkpoint"])
        .arg(&ck)
        .args(["--checkpoint-every", "0.05", "--out"])
        .arg(&never)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A checkpoint of a few thousand values, past the first looks for a
    // proof (a signal stops the run at the next one).
    while !std::fs::metadata(&ck).is_ok_and(|m| m.len() >= 8_000) {
        std::thread::sleep(Duration::from_millis(5));
    }
    if let Some(signal) = signal {
        let pid = child.id().to_string();
        Command::new("kill").args([signal, &pid]).status().unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("interrupted at heap"), "{err}");
        assert!(err.contains("resume with --resume"), "{err}");
        assert!(!partial(&never).exists());
    } else {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    assert!(!never.exists());
    let partial = json(&["seq", "--read", s(&ck), "--summary", "--json"]);
    let count = partial["to"].as_u64().unwrap() + 1;
    assert!(count > 1000, "checkpoint of {count} values");
    assert!(
        count < to.parse::<u64>().unwrap(),
        "the run ended before it was stopped"
    );
    let out = grundy(&[
        "seq",
        code,
        "--to",
        to,
        "--summary",
        "--resume",
        s(&ck),
        "--out",
        s(&resumed),
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
    stopped_and_resumed("4!.0", "600000", None);
}

#[test]
fn an_interrupted_run_saves_a_checkpoint_and_resumes() {
    stopped_and_resumed("0.6", "600000", Some("-INT"));
}

#[test]
fn a_terminated_run_saves_a_checkpoint_and_resumes() {
    // SIGTERM, as `timeout` and batch schedulers send it, is Ctrl-C.
    stopped_and_resumed("0.6", "600000", Some("-TERM"));
}

#[test]
fn resuming_a_periodic_game_or_another_engine() {
    let d = scratch("resume");
    let ck = d.join("ck.gsq");
    let whole = d.join("whole.gsq");
    let resumed = d.join("resumed.gsq");
    for (rule, method) in [("0.07", "auto"), ("0.376", "naive"), ("sub:1,3,4", "auto")] {
        let base = ["seq", rule, "--summary", "--method", method];
        let run = |extra: &[&str]| {
            let mut args = base.to_vec();
            args.extend_from_slice(extra);
            let out = grundy(&args);
            assert!(out.status.success(), "{args:?}");
        };
        run(&["--to", "3000", "--checkpoint", s(&ck)]);
        run(&["--to", "9000", "--out", s(&whole)]);
        run(&["--to", "9000", "--resume", s(&ck), "--out", s(&resumed)]);
        assert_eq!(
            std::fs::read(&whole).unwrap(),
            std::fs::read(&resumed).unwrap(),
            "{rule}"
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn out_files_are_written_during_the_run_to_the_same_bytes() {
    let d = scratch("stream");
    let (f, ck) = (d.join("six.gsq"), d.join("ck.gsq"));
    // A checkpoint holds the same values, written in one go at the end.
    let args = ["seq", "0.6", "--to", "300000", "--summary", "--out", s(&f)];
    let mut with_ck = args.to_vec();
    with_ck.extend(["--checkpoint", s(&ck), "--json"]);
    let v = json(&with_ck);
    assert_eq!(v["computed"], 300000);
    assert_eq!(std::fs::read(&f).unwrap(), std::fs::read(&ck).unwrap());
    assert!(!partial(&f).exists());
    // A proven period stops the computation; the file still holds every
    // value, the later ones from the period.
    let direct = json(&["seq", "0.07", "--to", "100000", "--json"]);
    let v = json(&["seq", "0.07", "--to", "100000", "--json", "--out", s(&f)]);
    assert!(
        v["computed"].as_u64().unwrap() < 100000,
        "{}",
        v["computed"]
    );
    let back = json(&["seq", "--read", s(&f), "--json"]);
    assert_eq!(back["to"], 100000);
    assert_eq!(back["values"], direct["values"]);
    assert_eq!(back["checksum"], direct["checksum"]);
    // The values, then the claim of the proven period (49 bytes).
    assert_eq!(
        std::fs::metadata(&f).unwrap().len(),
        29 + 4 + 2 * 100001 + 49
    );
    assert_eq!(
        grundy::heap::store::read(&f).unwrap().claim.unwrap().period,
        34
    );
    // --until-proven ends the file at the proof, past which values were
    // already written.
    let v = json(&[
        "seq",
        "kayles",
        "--to",
        "100000",
        "--until-proven",
        "--json",
        "--out",
        s(&f),
    ]);
    assert_eq!(v["to"], 167);
    let back = json(&["seq", "--read", s(&f), "--json"]);
    assert_eq!(report(back), report(v));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn values_past_16_bits_widen_the_file() {
    let d = scratch("wide");
    let f = d.join("nim.gsq");
    // Nim: G(n) = n, so the values pass 65535 during the run.
    let v = json(&[
        "seq",
        "0.[3]",
        "--to",
        "70000",
        "--summary",
        "--json",
        "--out",
        s(&f),
    ]);
    assert_eq!(v["max_value"], 70000);
    let back = json(&["seq", "--read", s(&f), "--json"]);
    let values: Vec<u64> = (0..=70000).collect();
    assert_eq!(back["values"], json!(values));
    assert_eq!(back["checksum"], v["checksum"]);
    let header = 29 + "0.[3]".len() as u64;
    assert_eq!(std::fs::metadata(&f).unwrap().len(), header + 4 * 70001);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn an_interrupted_run_leaves_no_out_file() {
    interrupted_without_out_file("-INT");
}

#[test]
fn a_terminated_run_leaves_no_out_file() {
    interrupted_without_out_file("-TERM");
}

fn interrupted_without_out_file(signal: &str) {
    let d = scratch(&format!("int-out{signal}"));
    let f = d.join("g.gsq");
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["seq", "4!.0", "--to", "600000", "--summary", "--out"])
        .arg(&f)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !partial(&f).exists() {
        assert!(started.elapsed() < Duration::from_secs(60), "no file begun");
        std::thread::sleep(Duration::from_millis(5));
    }
    let pid = child.id().to_string();
    Command::new("kill").args([signal, &pid]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("grundy: error: interrupted"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!f.exists() && !partial(&f).exists());
    refused(
        &[
            "seq",
            "0.6",
            "--to",
            "9",
            "--out",
            s(&f),
            "--checkpoint",
            s(&f),
        ],
        "the same file",
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// A run with its values in a file (`--spill`), killed once a checkpoint
/// exists and resumed with its values in a file again, writes the same
/// `--out` file, byte for byte, as an uninterrupted run in memory.
#[test]
fn a_run_in_a_file_resumes_to_the_same_file_as_one_in_memory() {
    let d = scratch("spill");
    let (whole, ck, resumed) = (d.join("whole.gsq"), d.join("ck.gsq"), d.join("resumed.gsq"));
    let to = "300000";
    let out = grundy(&["seq", "4!.0", "--to", to, "--summary", "--out", s(&whole)]);
    assert!(out.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["seq", "4!.0", "--to", to, "--summary", "--spill", s(&d)])
        .args(["--checkpoint", s(&ck), "--checkpoint-every", "0.05"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    while !std::fs::metadata(&ck).is_ok_and(|m| m.len() >= 8_000) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let count = json(&["seq", "--read", s(&ck), "--summary", "--json"])["to"]
        .as_u64()
        .unwrap();
    assert!(count < 300_000, "the run ended before it was stopped");
    let out = grundy(&[
        "seq",
        "4!.0",
        "--to",
        to,
        "--summary",
        "--spill",
        s(&d),
        "--memory",
        "1G",
        "--resume",
        s(&ck),
        "--out",
        s(&resumed),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("values in a file in"), "{err}");
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&resumed).unwrap()
    );
    // A damaged checkpoint is refused before the run, also when it is read
    // value by value into the file.
    let mut bytes = std::fs::read(&ck).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let bad = d.join("bad.gsq");
    std::fs::write(&bad, bytes).unwrap();
    refused(
        &[
            "seq",
            "4!.0",
            "--to",
            to,
            "--summary",
            "--spill",
            s(&d),
            "--resume",
            s(&bad),
        ],
        "does not match the values",
    );
    std::fs::remove_file(&bad).unwrap();
    // The values file is gone: only the three sequence files are left.
    let mut left: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["ck.gsq", "resumed.gsq", "whole.gsq"]);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn memory_limits_are_checked_up_front() {
    refused(
        &[
            "seq",
            "4!.0",
            "--to",
            "2^30",
            "--memory",
            "64M",
            "--summary",
        ],
        "needs at least 83890176 bytes (0.1 GiB) resident even with its values in a file",
    );
    refused(
        &["seq", "4!.0", "--to", "2^30", "--memory", "2X"],
        "give a size such as 2G",
    );
    refused(
        &[
            "seq",
            "sub:1,2,3",
            "--to",
            "2^30",
            "--memory",
            "1G",
            "--summary",
        ],
        "keeps its values in memory",
    );
    refused(
        &["seq", "4!.0", "--to", "1000", "--spill", "no-such-dir"],
        "--spill no-such-dir: not a directory",
    );
}

/// `grundy frontier`: a windowed run's figures are those of `grundy seq`,
/// its frequency tables equal Rogalski's published ones (his tables of
/// 0.167 and 0.161 at 2^20, in `tests/data`), and a run stopped at 2^20
/// goes on from its checkpoint to 2^21.
#[test]
fn frontier_runs_match_seq_and_the_published_tables() {
    let dir = scratch("frontier");
    for code in ["0.167", "0.161"] {
        let rec = dir.join(format!("rec-{code}"));
        let cp = dir.join(format!("cp-{code}"));
        let (rec_s, cp_s) = (s(&rec), s(&cp));
        let a = json(&[
            "frontier",
            code,
            "--to",
            "2^20",
            "--window",
            "2^17",
            "--records",
            rec_s,
            "--checkpoint",
            cp_s,
            "--json",
        ]);
        let want = json(&["seq", code, "--to", "2^20", "--summary", "--json"]);
        assert_eq!(a["checksum"], want["checksum"], "{code}");
        assert_eq!(a["complete"], true);
        assert!(a["window"].is_object(), "{a}");
        let published = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("tests/data/rogalski-{code}-1048576")),
        )
        .unwrap();
        let ours = std::fs::read_to_string(rec.join("1048576")).unwrap();
        assert_eq!(ours, published, "{code}");
        assert!(cp.with_file_name(format!("cp-{code}.values")).exists());
        let b = json(&[
            "frontier",
            code,
            "--to",
            "2^21",
            "--window",
            "2^17",
            "--records",
            rec_s,
            "--checkpoint",
            cp_s,
            "--json",
        ]);
        let want = json(&["seq", code, "--to", "2^21", "--summary", "--json"]);
        assert_eq!(b["checksum"], want["checksum"], "{code}");
        assert_eq!(b["computed"], 1 << 20, "{code}: only the new heaps");
        assert!(rec.join("2097152").exists() && rec.join("blocks").exists());
    }
}

#[test]
fn frontier_refusals() {
    refused(&["frontier", "0.77", "--to", "2^41"], "2^40");
    refused(&["frontier", "sub:1,2", "--to", "100"], "octal codes");
    refused(&["frontier", "0.77", "--to", "x"], "--to");
    refused(
        &["frontier", "0.77", "--to", "2^20", "--window", "100"],
        "too short",
    );
    refused(
        &["frontier", "0.77", "--to", "2^20", "--memory", "10M"],
        "--memory 10485760",
    );
    let dir = scratch("frontier-bad");
    let cp = dir.join("cp");
    std::fs::write(&cp, "junk\n").unwrap();
    refused(
        &["frontier", "0.77", "--to", "2^20", "--checkpoint", s(&cp)],
        "checkpoint",
    );
}
