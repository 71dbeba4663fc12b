//! `grundy seq --method` and `--threads`: every engine, on any number of
//! threads, prints the same answer.

use crate::common;

use common::{json, refused};
use serde_json::Value;

/// The answer without the name of the engine that gave it.
fn answer(mut v: Value) -> Value {
    v.as_object_mut().expect("an object").remove("engine");
    v
}

#[test]
fn every_engine_gives_the_same_answer() {
    for rule in ["0.77", "0.376", "4!.0", "0.8", "sub:1,3,4", "triomino"] {
        let by = |extra: &[&str]| {
            let mut args = vec!["seq", rule, "--to", "600", "--json"];
            args.extend_from_slice(extra);
            answer(json(&args))
        };
        let naive = by(&["--method", "naive"]);
        assert_eq!(naive["values"].as_array().unwrap().len(), 601, "{rule}");
        assert_eq!(by(&["--method", "rc"]), naive, "{rule}");
        assert_eq!(by(&[]), naive, "{rule}");
        assert_eq!(by(&["--method", "rc", "--threads", "3"]), naive, "{rule}");
    }
}

#[test]
fn until_proven_with_threads() {
    let v = json(&[
        "seq",
        "0.07",
        "--to",
        "100000",
        "--until-proven",
        "--threads",
        "2",
        "--json",
        "--summary",
    ]);
    assert_eq!(v["periodicity"]["status"], "proven");
    assert_eq!(v["periodicity"]["preperiod"], 53);
    assert_eq!(v["periodicity"]["period"], 34);
}

#[test]
fn bad_engine_flags_are_refused() {
    refused(
        &["seq", "0.77", "--to", "5", "--threads", "0"],
        "--threads 0",
    );
    refused(&["seq", "0.77", "--to", "5", "--threads", "x"], "--threads");
    refused(
        &["seq", "0.77", "--to", "5", "--threads", "-2"],
        "--threads",
    );
    refused(
        &["seq", "0.77", "--to", "5", "--threads", "5000"],
        "--threads",
    );
    refused(&["seq", "0.77", "--to", "5", "--method", "fast"], "fast");
}

#[test]
fn per_size_windows_from_a_file() {
    let d = std::env::temp_dir().join(format!("grundy-seq-ranges-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("w.txt");
    std::fs::write(&f, "# L R for heaps 1..4\n1 1\n1 2\n\n2 3\n1 4\n").unwrap();
    let rule = format!("ranges:{}", f.display());
    let v = json(&["seq", &rule, "--to", "4", "--json"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 2, 2, 3]));
    refused(&["seq", &rule, "--to", "9"], "heaps 1 to 4");
    std::fs::write(&f, "1 1\n3 3\n").unwrap();
    refused(&["seq", &rule, "--to", "2"], "line 2");
    std::fs::write(&f, "1 x\n").unwrap();
    refused(&["seq", &rule, "--to", "1"], "line 1");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn large_subtraction_sets_agree_with_the_naive_engine() {
    let set: Vec<String> = (1..=90).map(|s| (s * 13 % 151 + 1).to_string()).collect();
    let rule = format!("sub:{}", set.join(","));
    let fast = json(&["seq", &rule, "--to", "800", "--json"]);
    let naive = json(&["seq", &rule, "--to", "800", "--json", "--method", "naive"]);
    assert_eq!(fast["engine"], "subtraction");
    assert_eq!(naive["engine"], "naive");
    assert_eq!(answer(fast), answer(naive));
    let small = json(&["seq", "sub:1,3,4", "--to", "13", "--json"]);
    assert_eq!(
        small["values"],
        serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
    );
    refused(&["seq", "sub:1,0", "--to", "5"], "sub:1,0");
    refused(&["seq", "sub:1,x", "--to", "5"], "sub:1,x");
}
