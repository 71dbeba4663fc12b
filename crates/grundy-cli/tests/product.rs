//! `grundy product`, end to end: Turning Corners agrees with `grundy
//! corners`, counts agree with `--all`, tables, pictures and refusals.

use crate::common;

use common::{grundy, json, piped, refused, text};

fn board_file(name: &str, rows: &[&str]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-product-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, rows.join("\n") + "\n").unwrap();
    path
}

#[test]
fn corners_agrees_with_grundy_corners() {
    let path = board_file("c.txt", &["#.#..", "..##.", ".#...", "....#"]);
    let p = path.to_str().unwrap();
    let c = json(&["corners", p, "--all", "--json"]);
    let v = json(&["product", "corners", p, "--all", "--json"]);
    assert_eq!(v["value"], c["value"]);
    assert_eq!(v["outcome"], c["outcome"]);
    let n = c["winning_moves"].as_array().unwrap().len();
    assert_eq!(v["winning_moves_total"], n.to_string());
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), n);
    let to: Vec<String> = serde_json::from_value(v["winning_move"]["to"].clone()).unwrap();
    let after = board_file(
        "after.txt",
        &to.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_eq!(
        json(&["product", "corners", after.to_str().unwrap(), "--json"])["value"],
        0
    );
}

#[test]
fn all_heads_boards_count_without_listing() {
    for (a, b, size) in [
        ("ruler", "mock-turtles", "9x11"),
        ("twins", "1-3C(5)", "20x7"),
        ("3E", "4FS", "13x17"),
    ] {
        let counted = json(&["product", a, b, "--size", size, "--json"]);
        let listed = json(&["product", a, b, "--size", size, "--all", "--json"]);
        assert_eq!(counted["value"], listed["value"]);
        assert_eq!(
            counted["winning_moves_total"],
            listed["winning_moves"]
                .as_array()
                .unwrap()
                .len()
                .to_string(),
            "{a} x {b}"
        );
    }
    let rugs = json(&["product", "rugs", "--size", "8x8", "--json"]);
    assert_eq!(rugs["value"], 11);
    assert_eq!(rugs["product"], "tartan");
    let acrostic = json(&["product", "acrostic-twins", "--size", "4x6", "--json"]);
    assert_eq!(acrostic["product"], "acrostic");
}

#[test]
fn tables_and_pictures() {
    assert_eq!(
        text(&["product", "acrostic-twins", "--table", "3"]),
        "0 1 2\n1 0 3\n2 3 0\n"
    );
    assert_eq!(
        text(&["product", "corners", "--table", "4"]),
        text(&["table", "nim-product", "--size", "4"])
    );
    let v = json(&[
        "product",
        "motley",
        "ruler",
        "--acrostic",
        "--table",
        "3",
        "--json",
    ]);
    assert_eq!(v["rows"][1], serde_json::json!([2, 1, 2]));
    let png = std::env::temp_dir().join(format!("grundy-product-{}.png", std::process::id()));
    let out = grundy(&[
        "product",
        "rugs",
        "--table",
        "64",
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn bad_input_is_refused() {
    refused(&["product", "ruler"], "not a named product");
    refused(&["product", "ruler", "1-3Q", "--size", "3x3"], "column 4");
    refused(&["product", "rugs"], "--size");
    refused(
        &["product", "rugs", "--size", "8x8", "--png", "x.png"],
        "--png draws the values of the cells (0..N) x (0..N): give --table N",
    );
    refused(&["product", "rugs", "--size", "0x4"], "from 1");
    refused(&["product", "rugs", "--size", "3by4"], "not NxM");
    refused(&["product", "rugs", "--size", "99999999999x2"], "from 1");
    refused(
        &["product", "rugs", "--size", "100x100", "--all"],
        "64 x 64",
    );
    refused(
        &["product", "moebius", "moebius", "--size", "2000000x2"],
        "ask for fewer coins",
    );
    refused(&["product", "rugs", "/nonexistent/board"], "board file");
    refused(&["product", "rugs", "--table", "5000"], "from 1");
}

#[test]
fn a_product_is_played_against_the_computer() {
    let path = board_file("play.txt", &["....", ".#..", "...."]);
    let p = path.to_str().unwrap();
    // The acrostic product: the computer answers a move typed in the
    // analysis' words with a winning move, and explains it by the mex rule.
    let out = piped(
        &[
            "play",
            "--seed",
            "1",
            "product",
            "mock-turtles",
            "ruler",
            "--acrostic",
            p,
        ],
        "rows 0 x columns 3\nwhy\nquit\n",
    );
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{t}");
    assert!(
        t.starts_with("acrostic mock-turtles x ruler ..../.#../...."),
        "{t}"
    );
    assert!(t.contains("you: (0,3): rows 0 x columns 3"), "{t}");
    assert!(t.contains("mex"), "{t}");
    // Illegal moves are refused with the reason (piped play stops there).
    let out = piped(&["play", "product", "rugs", p], "rows 0,2 x columns 3\n");
    let t = String::from_utf8(out.stdout).unwrap();
    assert!(
        t.contains("illegal move: rows 0,2 are not a move of ruler ending at row 2"),
        "{t}"
    );
    refused(
        &["play", "product", "rugs", "--acrostic", p],
        "--acrostic takes two games",
    );
    refused(
        &["play", "product", "rugs", "-"],
        "standard input carries the moves",
    );
    refused(
        &["play", "product", "rugs", p, "--misere"],
        "misère play of products",
    );
    refused(
        &["play", "product", "ruler", "x"],
        "neither a named product",
    );
    refused(
        &["play", "product", "twins", "twins", "/nonexistent/b.txt"],
        "cannot read board file",
    );
}
