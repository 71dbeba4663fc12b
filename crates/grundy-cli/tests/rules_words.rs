//! The words a student reads: `grundy families` by human names, `grundy
//! families NAME` for the rules in words, `grundy glossary` for the terms.

use crate::common;

use common::{json, refused, text};

#[test]
fn families_are_listed_by_their_names_for_people() {
    let out = text(&["families"]);
    for want in [
        "nim: Nim\n",
        "wythoff: Wythoff's game\n",
        "heap: Kayles and other heap games (octal and subtraction games)\n",
        "cram: Cram\n",
        "corners: Turning Corners\n",
    ] {
        assert!(out.contains(want), "{want:?} missing from {out}");
    }
    for f in json(&["families", "--json"]).as_array().unwrap() {
        assert!(!f["title"].as_str().unwrap().is_empty(), "{f}");
        let rules = f["rules"].as_str().unwrap();
        assert!(rules.contains("cannot move"), "{f}");
        assert!(!rules.contains("grundy ") && !rules.contains("--"), "{f}");
    }
}

/// `grundy families NAME` (or an alias, in any case) gives the title, the
/// rules in words, wrapped, then the syntax and a command to try.
#[test]
fn one_family_gives_its_rules_in_words() {
    let out = text(&["families", "Wythoff"]);
    assert!(out.starts_with("Wythoff's game (wythoff)\n\n"), "{out}");
    assert!(out.contains("the same number of tokens from both"), "{out}");
    assert!(out.contains("  try: grundy wythoff 4 7\n"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 78), "{out}");
    let by_alias = text(&["families", "turning-corners"]);
    assert!(
        by_alias.starts_with("Turning Corners (corners)"),
        "{by_alias}"
    );
    let v = json(&["families", "octal", "--json"]);
    assert_eq!(v["name"], "heap");
    assert!(v["rules"].as_str().unwrap().contains("misère"));
    refused(&["families", "chess"], "no family 'chess'");
}

#[test]
fn the_glossary_defines_the_terms_of_a_report() {
    let out = text(&["glossary"]);
    for want in [
        "*n (also: star",
        "N-position",
        "P-position",
        "nim-sum",
        "nimber (also: Grundy value",
    ] {
        assert!(out.contains(want), "{want:?} missing from {out}");
    }
    let list = json(&["glossary", "--json"]);
    let terms: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["term"].as_str().unwrap())
        .collect();
    for want in [
        "*n",
        "mex",
        "misère play",
        "remoteness",
        "octal code",
        "period",
    ] {
        assert!(terms.contains(&want), "{want} missing from {terms:?}");
    }
    let one = json(&["glossary", "grundy value", "--json"]);
    assert_eq!(one["term"], "nimber");
    assert!(text(&["glossary", "nim-sum"]).contains("3 ⊕ 5 = 6"));
    refused(&["glossary", "checkmate"], "no term 'checkmate'");
}
