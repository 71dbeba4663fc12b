//! `grundy seq --method` and `--threads`: every engine, on any number of
//! threads, prints the same answer.

mod common;

use common::{json, refused};

#[test]
fn every_engine_gives_the_same_answer() {
    for rule in ["0.77", "0.376", "4!.0", "0.8", "sub:1,3,4", "triomino"] {
        let by = |extra: &[&str]| {
            let mut args = vec!["seq", rule, "--to", "600", "--json"];
            args.extend_from_slice(extra);
            json(&args)
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
