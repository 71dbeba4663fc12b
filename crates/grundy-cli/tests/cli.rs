//! End-to-end tests of the `grundy` binary: output formats, exit codes,
//! error messages.

use crate::common;

use common::{grundy, json, refused};

#[test]
fn nim_json_has_the_one_winning_move() {
    let v = json(&["nim", "3", "4", "5", "--json"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], serde_json::json!([3, 4, 5]));
    assert_eq!(v["convention"], "normal");
    assert_eq!(v["value"], 2);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], serde_json::json!([1, 4, 5]));
    assert!(moves[0]["move"].as_str().unwrap().contains("take 2"));
}

#[test]
fn nim_moves_fed_back_are_p_positions() {
    for (args, misere) in [
        (vec!["7", "11", "13", "2"], false),
        (vec!["1", "1", "2"], true),
        (vec!["1", "1"], true),
        (vec!["6", "9", "4", "4"], true),
    ] {
        let mut a = vec!["nim", "--json"];
        if misere {
            a.push("--misere");
        }
        a.extend(args.iter().copied());
        let v = json(&a);
        assert_eq!(v["outcome"], "N");
        for m in v["winning_moves"].as_array().unwrap() {
            let to: Vec<String> = m["to"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.to_string())
                .collect();
            let mut b = vec!["nim", "--json"];
            if misere {
                b.push("--misere");
            }
            b.extend(to.iter().map(String::as_str));
            assert_eq!(json(&b)["outcome"], "P", "{to:?}");
        }
    }
}

#[test]
fn misere_json_has_null_value() {
    let v = json(&["nim", "--misere", "1", "1", "2", "--json"]);
    assert_eq!(v["convention"], "misere");
    assert!(v["value"].is_null());
    assert_eq!(v["winning_moves"][0]["to"], serde_json::json!([1, 1, 1]));
}

#[test]
fn explain_shows_columns() {
    let out = grundy(&["nim", "3", "4", "5", "--explain"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("3 = 011"));
    assert!(text.contains("XOR     2 = 010"));
    assert!(text.contains("P-position"));
}

#[test]
fn nimber_expressions() {
    let out = grundy(&["nimber", "3*5 + 7"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "8\n");
    let v = json(&["nimber", "--json", "0x10 * 0x10"]);
    assert_eq!(v["value"], 24);
}

#[test]
fn bad_input_is_refused() {
    refused(&["nim", "3", "-4"], "negative");
    refused(&["nim", "3", "four"], "not a whole number");
    refused(&["nim", "18446744073709551616"], "too large");
    refused(&["nim"], "no heaps");
    refused(&["nimber", "3 *"], "position 4");
    refused(&["nimber", "(1"], "missing ')'");
    refused(&["nimber", "99999999999999999999"], "64 bits");
    refused(&["nosuchgame"], "unrecognized subcommand");
}
