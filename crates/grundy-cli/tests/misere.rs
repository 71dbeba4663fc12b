//! `grundy seq --genus` and misère play of heap sums.

use crate::common;

use common::{json, refused, text};

#[test]
fn genus_json_fields() {
    let v = json(&["seq", "kayles", "--to", "20", "--genus", "--json"]);
    let genus: Vec<&str> = v["genus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    // CGSuite's displayed genus of Kayles heaps 0..=20.
    assert_eq!(
        genus.join(","),
        "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031"
    );
    assert_eq!(v["genus_full"][7], "2^20");
    assert_eq!(v["tame"][7], true);
    assert_eq!(v["tame"][5], false);
    assert_eq!(v["misere_values"][4], 0);
    assert_eq!(v["values"].as_array().unwrap().len(), 21);
}

#[test]
fn genus_text_and_from() {
    let out = text(&["seq", "4!.0", "--from", "13", "--to", "13", "--genus"]);
    assert!(out.contains("3^1431"), "{out}");
    assert!(out.contains("(not tame)"), "{out}");
}

#[test]
fn genus_refuses_what_will_not_fit() {
    refused(&["seq", "0.77", "--to", "400", "--genus"], "multisets");
    refused(&["seq", "0.77", "--genus"], "--to");
    refused(&["seq", "0.77", "--to", "9", "--genus", "--csv"], "--csv");
    refused(
        &["seq", "0.77", "--from", "9", "--to", "3", "--genus"],
        "--from",
    );
}

#[test]
fn quotient_json_fields() {
    let v = json(&["misere", "0.75", "--to", "12", "--json"]);
    assert_eq!(v["order"], 8);
    assert_eq!(v["p_size"], 2);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(
        v["generators"][2],
        serde_json::json!({"name": "c", "heap": 5})
    );
    assert_eq!(v["phi"].as_array().unwrap().len(), 13);
    assert_eq!(v["phi"][2], "b");
    assert_eq!(v["periodicity"]["status"], "observed");
    assert!(v["relations"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!(["a^2", "1"])));
    assert_eq!(v["stopped"], serde_json::Value::Null);
    assert_eq!(v["top"], 12);
}

#[test]
fn quotient_text_and_refusals() {
    let out = text(&["misere", "0.31", "--to", "6"]);
    assert!(out.contains("|Q| = 6, |P| = 2"), "{out}");
    assert!(out.contains("P = {a, b^2}"), "{out}");
    refused(&["misere", "0.31"], "--to");
    refused(&["misere", "4!.0", "--until-proven"], "periodicity theorem");
    refused(&["misere", "0.31", "--to", "99999999"], "--to");
    refused(&["misere", "0.9x", "--to", "5"], "rule");
}

#[test]
fn heap_misere_names_the_method() {
    let v = json(&[
        "heap", "kayles", "1", "2", "3", "4", "5", "6", "--misere", "--json",
    ]);
    assert_eq!(v["method"], "quotient");
    assert_eq!(v["outcome"], "N");
    let heaps: Vec<String> = (0..3000).map(|i| (1 + i % 6).to_string()).collect();
    let mut args = vec!["heap", "kayles"];
    args.extend(heaps.iter().map(String::as_str));
    args.extend(["--misere", "--json"]);
    let v = json(&args);
    assert_eq!(v["method"], "quotient");
    let out = text(&["heap", "0.75", "2", "2", "--misere", "--explain"]);
    assert!(out.contains("Method: quotient"), "{out}");
    assert!(out.contains("Φ(2) = b"), "{out}");
    assert!(out.contains("in P"), "{out}");
}

/// The quotient's limits are options: a tighter one stops earlier and says
/// which heap and why; limits that would not fit in memory are refused up
/// front with the estimate; malformed ones are named.
#[test]
fn quotient_limits_are_options() {
    let full = json(&["misere", "kayles", "--to", "30", "--json"]);
    assert!(full["stopped"].is_null(), "{full}");
    let tight = json(&[
        "misere",
        "kayles",
        "--to",
        "30",
        "--max-order",
        "4",
        "--json",
    ]);
    let stopped = tight["stopped"].as_str().unwrap();
    assert!(stopped.contains("within 4 elements"), "{stopped}");
    assert!(stopped.starts_with("heap "), "{stopped}");
    assert!(tight["phi"].as_array().unwrap().len() < 31);
    refused(
        &["misere", "kayles", "--to", "30", "--max-order", "100000000"],
        "GiB of memory (|Q| up to 100000000",
    );
    refused(
        &["misere", "kayles", "--to", "30", "--max-order", "0"],
        "--max-order 0",
    );
    refused(
        &["misere", "kayles", "--to", "30", "--max-proof", "x"],
        "--max-proof",
    );
    refused(
        &["misere", "kayles", "--to", "30", "--seconds", "-1"],
        "--seconds -1: give a positive",
    );
}

/// The report without its time.
fn untimed(mut v: serde_json::Value) -> serde_json::Value {
    v.as_object_mut().unwrap().remove("seconds");
    v
}

#[test]
fn checkpoint_then_resume_gives_the_whole_run() {
    let d = common::scratch("misere", "resume");
    let ck = d.join("ck.json");
    let ck = common::s(&ck);
    let out = common::grundy(&["misere", "0.07", "--to", "16", "--checkpoint", ck]);
    assert!(out.status.success());
    let resumed = json(&["misere", "0.07", "--to", "24", "--resume", ck, "--json"]);
    let whole = json(&["misere", "0.07", "--to", "24", "--json"]);
    assert_eq!(untimed(resumed), untimed(whole));
    // A damaged checkpoint is refused, not trusted.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ck).unwrap()).unwrap();
    let bad = d.join("bad.json");
    let bad = common::s(&bad);
    for (field, needle) in [
        ("p", "labelled P with a move to P"),
        ("rule", "checkpoint of"),
    ] {
        let mut v = saved.clone();
        match field {
            "p" => {
                let label = &mut v["quotient"]["p"][0];
                *label = serde_json::Value::Bool(!label.as_bool().unwrap());
            }
            _ => v["rule"] = "0.77".into(),
        }
        std::fs::write(bad, v.to_string()).unwrap();
        refused(&["misere", "0.07", "--to", "20", "--resume", bad], needle);
    }
    std::fs::write(bad, "{\"format\": 1}").unwrap();
    refused(
        &["misere", "0.07", "--to", "20", "--resume", bad],
        "not a misère checkpoint",
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn interrupted_run_saves_and_resumes() {
    let d = common::scratch("misere", "interrupt");
    let ck = d.join("ck.json");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["misere", "0.07", "--to", "200", "--checkpoint"])
        .arg(&ck)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let pid = child.id().to_string();
    std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("interrupted at heap"), "{err}");
    assert!(err.contains("resume with --resume"), "{err}");
    let ck = common::s(&ck);
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ck).unwrap()).unwrap();
    let top = saved["quotient"]["top"].as_u64().unwrap();
    assert!((1..200).contains(&top), "saved at heap {top}");
    let to = (top + 2).to_string();
    let resumed = json(&["misere", "0.07", "--to", &to, "--resume", ck, "--json"]);
    let whole = json(&["misere", "0.07", "--to", &to, "--json"]);
    assert_eq!(untimed(resumed), untimed(whole));
    std::fs::remove_dir_all(&d).unwrap();
}
