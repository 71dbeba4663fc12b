//! `grundy seq --genus` and misère play of heap sums.

mod common;

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
