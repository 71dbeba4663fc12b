//! `grundy families`: the registry as the command line lists it.

use crate::common;

use common::{grundy, json};

#[test]
fn every_family_is_listed_with_its_syntax() {
    let v = json(&["families", "--json"]);
    let list = v.as_array().unwrap();
    let names: Vec<&str> = list.iter().map(|f| f["name"].as_str().unwrap()).collect();
    for want in [
        "nim",
        "heap",
        "strip",
        "staircase",
        "nimble",
        "nimble2",
        "turtles",
        "twins",
        "moore",
        "northcott",
        "chips",
        "corners",
        "product",
        "cards",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    for f in list {
        assert!(!f["summary"].as_str().unwrap().is_empty());
        assert!(!f["position"].as_str().unwrap().is_empty());
        assert!(!f["examples"].as_array().unwrap().is_empty(), "{f}");
    }
    let out = grundy(&["families"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("staircase: Staircase Nim"), "{text}");
    assert!(text.contains("variant: k, the most heaps"), "{text}");
}

/// Every name `grundy families` lists, and every alias, is a command: each
/// example runs as `grundy NAME[:VARIANT] POSITION` (the variant after a
/// colon, as `grundy twoheap r-wythoff:2` writes it) and answers.
#[test]
fn every_listed_name_is_a_command() {
    let v = json(&["families", "--json"]);
    for f in v.as_array().unwrap() {
        let mut names = vec![f["name"].as_str().unwrap()];
        names.extend(
            f["aliases"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap()),
        );
        for name in names {
            for example in f["examples"].as_array().unwrap() {
                let (variant, position) =
                    (example[0].as_str().unwrap(), example[1].as_str().unwrap());
                let first = match variant {
                    "" => name.to_string(),
                    v => format!("{name}:{v}"),
                };
                let mut args = vec![first.as_str()];
                args.extend(position.split_whitespace());
                let out = grundy(&args);
                let (stdout, stderr) = (
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr),
                );
                assert!(out.status.success(), "grundy {args:?}: {stderr}");
                assert!(stdout.contains("Outcome: "), "grundy {args:?}: {stdout}");
            }
        }
    }
    // A family whose command takes a file: the script and the chips' graph.
    let script = common::scratch("families", "names").join("take.rhai");
    std::fs::write(
        &script,
        "fn options(n) { if n > 0 { [n - 1] } else { [] } }",
    )
    .unwrap();
    let out = grundy(&["script", common::s(&script), "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let graph = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graph.txt");
    let out = grundy(&["chips-annihilate", graph, "a", "b"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("vanish"));
    // A name that is no family is still refused as an unknown command.
    common::refused(&["nmi", "3"], "unrecognized subcommand 'nmi'");
    common::refused(&["r-wythoff", "4", "10"], "needs its r, as in r-wythoff:2");
}

#[test]
fn a_search_is_held_to_the_memory_given() {
    // Cram 5 x 7 needs a few megabytes of table: 64 KiB cannot hold it,
    // and the refusal names the budget; a small board fits.
    common::refused(
        &["cram", "5x7", "--memory", "64K"],
        "all the 64 KiB of the search table hold",
    );
    assert_eq!(
        json(&["cram", "3x4", "--memory", "64K", "--json"])["value"],
        1
    );
    assert_eq!(
        json(&["node-kayles:grid:3x10", "--memory", "1M", "--json"])["value"],
        json(&["node-kayles:grid:3x10", "--json"])["value"]
    );
    common::refused(
        &["node-kayles:grid:3x22", "--memory", "200K"],
        "too large to solve in that memory",
    );
    for bad in ["0", "abc", "1.5X"] {
        common::refused(&["cram", "3x4", "--memory", bad], "--memory");
    }
    // Play takes it too.
    let out = common::grundy_with_input(&["play", "cram", "5x7", "--memory", "64K"], b"quit\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("64 KiB"), "{err}");
}
