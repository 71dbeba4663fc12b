//! Every file and pipe the command reads is read with a size cap: an
//! endless input (`/dev/zero`, a pipe that never ends), a file larger than
//! the cap, a file of NUL bytes and binary junk are each refused in one
//! line naming the file (and the cap, or the byte that is not text), with
//! exit status 2, never read without end nor taken for an empty input.

use crate::common;

use std::path::Path;

use common::{refused, refused_with_input, s, scratch};

/// Every command that reads a file, with `FILE` where the file goes: the
/// text of the refusal names the file as `what` does (`FILE` replaced).
const READERS: &[(&[&str], &str)] = &[
    (&["survey", "--merge", "FILE"], "the record file 'FILE'"),
    (
        &["survey", "--codes", "FILE", "--to", "5"],
        "the list of codes 'FILE'",
    ),
    (
        &["survey", "--merge", "EMPTY", "--codes", "FILE"],
        "the list of codes 'FILE'",
    ),
    (
        &["survey", "0.1", "--to", "5", "--out", "FILE"],
        "--out FILE",
    ),
    (&["play", "corners", "FILE"], "board file 'FILE'"),
    (&["play", "product", "rugs", "FILE"], "board file 'FILE'"),
    (&["play", "chips", "FILE", "a"], "the graph file 'FILE'"),
    (&["chips", "FILE", "a"], "the graph file 'FILE'"),
    (&["corners", "FILE"], "board file 'FILE'"),
    (&["product", "rugs", "FILE"], "board file 'FILE'"),
    (&["game", "FILE", "3"], "the script 'FILE'"),
    (&["heap", "ranges:FILE", "5"], "ranges file 'FILE'"),
    (&["nim", "--input", "FILE"], "the file 'FILE'"),
];

/// The arguments with `FILE` (and `EMPTY`) put in.
fn with(args: &[&str], file: &str, empty: &Path) -> Vec<String> {
    args.iter()
        .map(|a| {
            a.replace("FILE", file)
                .replace("EMPTY", empty.to_str().unwrap())
        })
        .collect()
}

fn refused_all(file: &str, empty: &Path, needle: &str) {
    for (args, what) in READERS {
        let args = with(args, file, empty);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // A script named `.toml` is a rules file.
        let what = match file.ends_with(".toml") {
            true => what.replace("the script", "the rules file"),
            false => what.to_string(),
        };
        let what = what.replace("FILE", file);
        refused(&args, &format!("{what} {needle}"));
    }
}

#[test]
fn endless_devices_are_refused_at_the_cap() {
    let d = scratch("input-caps", "endless");
    let empty = d.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    refused_all("/dev/zero", &empty, "is larger than");
}

#[test]
fn nul_bytes_and_binary_junk_are_not_text() {
    let d = scratch("input-caps", "binary");
    let empty = d.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    // NUL bytes, below every cap: refused at the first byte, under any
    // name (a script and a rules file are known by their names).
    for name in ["zeros.txt", "zeros.rhai", "zeros.toml"] {
        let zeros = d.join(name);
        std::fs::write(&zeros, vec![0u8; 100_000]).unwrap();
        refused_all(s(&zeros), &empty, "is not text (byte 0x00 at offset 0)");
        refused(
            &["play", s(&zeros), "3"],
            "is not text (byte 0x00 at offset 0)",
        );
    }
    // 300 MB of NUL bytes, as a sparse file, to a record file's larger cap.
    let zeros = d.join("zeros.jsonl");
    std::fs::File::create(&zeros)
        .unwrap()
        .set_len(300_000_000)
        .unwrap();
    refused(
        &["survey", "--merge", s(&zeros)],
        "is not text (byte 0x00 at offset 0)",
    );
    // Junk with a control byte after some text.
    for name in ["junk.bin", "junk.rhai", "junk.toml"] {
        let junk = d.join(name);
        std::fs::write(&junk, b"0.1\n0.2\n\x07\x00\xff\x10junk").unwrap();
        refused_all(s(&junk), &empty, "is not text (byte 0x07 at offset 8)");
        refused(
            &["play", s(&junk), "3"],
            "is not text (byte 0x07 at offset 8)",
        );
    }
    refused_with_input(
        &["nimber", "--batch"],
        b"1\n2 3\n\0\0",
        "standard input is not text (byte 0x00 at offset 6)",
    );
}

#[test]
fn files_and_pipes_larger_than_the_cap_are_refused() {
    let d = scratch("input-caps", "large");
    // A regular file past the cap is refused by its size, unread.
    let big = d.join("big.jsonl");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((1 << 30) + 1)
        .unwrap();
    refused(
        &["survey", "--merge", s(&big)],
        &format!(
            "the record file '{}' is larger than 1073741824 bytes (1024 MiB), the most read",
            s(&big)
        ),
    );
    // Text on a pipe, past the cap.
    let codes = "0.1\n".repeat((64 << 20) / 4 + 1);
    refused_with_input(
        &["survey", "--codes", "-", "--to", "5"],
        codes.as_bytes(),
        "the list of codes '-' is larger than 67108864 bytes (64 MiB)",
    );
}

#[test]
fn an_empty_record_file_is_still_empty() {
    let d = scratch("input-caps", "empty");
    let empty = d.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let out = common::text(&["survey", "--merge", s(&empty)]);
    assert!(out.contains("0 codes"), "{out}");
}
