//! Typos are refused with the names near them: commands, families, heap
//! rules, two-heap games, coin-turning games, table kinds, flags and
//! glossary terms.

use crate::common;

/// `grundy ARGS` is refused (status 2, one line) with `near` in its
/// message.
fn suggests(args: &[&str], near: &str) {
    common::refused(args, near);
}

#[test]
fn a_mistyped_command_or_family_finds_its_name() {
    suggests(
        &["nmi", "3", "4"],
        "unrecognized subcommand 'nmi'; did you mean 'nim'?",
    );
    suggests(&["NMI", "3", "4"], "did you mean 'nim'?");
    suggests(&["wythof", "3", "4"], "did you mean 'wythoff'?");
    suggests(&["nimbl", "3"], "did you mean 'nimble'?");
    // The variant after the colon is kept.
    suggests(&["r-wythof:2", "3", "4"], "did you mean 'r-wythoff:2'?");
    // A heap game's name is a rule of the heap command.
    suggests(&["kayels", "3"], "did you mean 'heap kayles'?");
    suggests(&["kayles", "3"], "did you mean 'heap kayles'?");
}

#[test]
fn nothing_near_offers_nothing() {
    for args in [&["bogus"][..], &["chess", "1"], &["heap", "chess", "3"]] {
        let out = common::grundy(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("did you mean"), "{args:?}: {err}");
    }
}

#[test]
fn a_mistyped_rule_finds_its_name() {
    suggests(&["heap", "kayels", "3"], "did you mean 'kayles'?");
    suggests(&["heap", "Kayels", "3"], "did you mean 'kayles'?");
    suggests(&["heap:kayels", "3"], "did you mean 'kayles'?");
    suggests(
        &["seq", "dawson-kayels", "--to", "10"],
        "did you mean 'dawson-kayles'?",
    );
    suggests(&["rules", "sbu:1,2"], "did you mean 'sub:'?");
    suggests(&["heap", "sub:primse", "5"], "did you mean 'primes'?");
    suggests(&["pattern", "laskr"], "did you mean 'lasker'?");
}

#[test]
fn a_mistyped_game_table_or_term_finds_its_name() {
    suggests(
        &["twoheap", "wythof", "3", "4"],
        "no two-heap game 'wythof' (did you mean 'wythoff'?); the games are",
    );
    suggests(&["pattern", "twoheap:euclud"], "did you mean 'euclid'?");
    suggests(&["table", "euclud"], "did you mean 'euclid'?");
    suggests(
        &["families", "nimbel"],
        "no family 'nimbel' (did you mean 'nimble'?)",
    );
    suggests(&["play", "wythof", "3", "4"], "did you mean 'wythoff'?");
    suggests(&["turning", "ruller", "HTH"], "did you mean 'ruler'?");
    suggests(&["glossary", "nimbr"], "did you mean 'nimber'?");
    // Equally near names are all offered.
    suggests(
        &["families", "nimble3"],
        "did you mean 'nimble' or 'nimble2'?",
    );
}

#[test]
fn a_mistyped_flag_finds_its_name() {
    suggests(&["heap", "kayles", "3", "--jsn"], "did you mean '--json'?");
    suggests(
        &["table", "euclid", "--p-positons"],
        "did you mean '--p-positions'?",
    );
}
