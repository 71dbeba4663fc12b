//! End-to-end tests of `grundy nimber --batch`, `grundy corners` and
//! `grundy table`: formats, pictures, refusals.

use crate::common;

use common::{grundy, grundy_with_input, json, refused, refused_with_input, text};
use serde_json::Value;
use sha2::{Digest, Sha256};

fn library_checker() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../grundy/tests/data/library_checker_nim_product_64.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn batch_answers_the_library_checker_sample() {
    let problem = library_checker();
    let input = problem["sample_input"].as_str().unwrap();
    let out = grundy_with_input(&["nimber", "--batch"], input.as_bytes());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let first9: Vec<&str> = text.lines().take(9).collect();
    assert_eq!(first9, ["0", "5", "10", "15", "2", "7", "8", "13", "3"]);
    let hash: String = Sha256::digest(&out.stdout)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        hash,
        problem["hashes_sha256"]["example_00.out"].as_str().unwrap()
    );
}

#[test]
fn batch_on_a_generated_power_of_two_test() {
    let problem = library_checker();
    let mut input = String::from("4096\n");
    for i in 0..64 {
        for j in 0..64 {
            input.push_str(&format!("{} {}\n", 1u64 << i, 1u64 << j));
        }
    }
    let out = grundy_with_input(&["nimber", "--batch"], input.as_bytes());
    assert!(out.status.success());
    let hash: String = Sha256::digest(&out.stdout)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        hash,
        problem["hashes_sha256"]["power_of_two_00.out"]
            .as_str()
            .unwrap()
    );
}

/// The pairs `(a, s - a)` for `s = 0, 1, 2, ...`, the first `t` of them,
/// as Library Checker's `small` generator makes them; `flip` replaces each
/// value `v` by `2^64 - 1 - v` (the `large` generator).
fn enumerated_input(t: usize, flip: bool) -> String {
    let mut input = format!("{t}\n");
    let pairs = (0u64..).flat_map(|s| (0..=s).map(move |a| (a, s - a)));
    for (a, b) in pairs.take(t) {
        let (a, b) = if flip {
            (u64::MAX - a, u64::MAX - b)
        } else {
            (a, b)
        };
        input.push_str(&format!("{a} {b}\n"));
    }
    input
}

#[test]
fn batch_on_the_generated_small_and_large_tests() {
    let problem = library_checker();
    for (name, flip) in [("small_few_00", false), ("large_few_00", true)] {
        let input = enumerated_input(100_000, flip);
        let hash = |bytes: &[u8]| -> String {
            Sha256::digest(bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        assert_eq!(
            hash(input.as_bytes()),
            problem["hashes_sha256"][format!("{name}.in")]
                .as_str()
                .unwrap()
        );
        let out = grundy_with_input(&["nimber", "--batch"], input.as_bytes());
        assert!(out.status.success());
        assert_eq!(
            hash(&out.stdout),
            problem["hashes_sha256"][format!("{name}.out")]
                .as_str()
                .unwrap(),
            "{name}"
        );
    }
}

#[test]
fn batch_refuses_bad_input() {
    refused_with_input(&["nimber", "--batch"], b"", "no input");
    refused_with_input(
        &["nimber", "--batch"],
        b"2\n1 2\n",
        "ends after 1 of the T = 2",
    );
    refused_with_input(&["nimber", "--batch"], b"1\n1 x\n", "line 2");
    refused_with_input(
        &["nimber", "--batch"],
        b"1\n1 99999999999999999999\n",
        "does not fit in 64 bits",
    );
    refused_with_input(&["nimber", "--batch"], b"1\n1 2\n3 4\n", "more numbers");
    let out = grundy(&["nimber", "--batch", "3*4"]);
    assert_eq!(out.status.code(), Some(2));
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Decodes a PNG: width, height and RGB bytes.
fn decode(path: &std::path::Path) -> (u32, u32, Vec<u8>) {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let mut reader = png::Decoder::new(file).read_info().unwrap();
    let mut buf = vec![0u8; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(img: &(u32, u32, Vec<u8>), x: u32, y: u32) -> [u8; 3] {
    let i = 3 * (y as usize * img.0 as usize + x as usize);
    [img.2[i], img.2[i + 1], img.2[i + 2]]
}

/// A random-looking n x n board.
fn board(n: usize, seed: u64) -> String {
    let mut x = seed;
    let mut s = String::with_capacity(n * (n + 1));
    for _ in 0..n {
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.push(if x & 1 == 1 { '.' } else { '#' });
        }
        s.push('\n');
    }
    s
}

#[test]
fn corners_json_moves_carry_cells_and_lead_to_p_positions() {
    let path = temp_path("small.txt");
    let p = path.to_str().unwrap();
    // The first of these boards that is an N-position.
    let v = (1..20)
        .find_map(|seed| {
            std::fs::write(&path, board(7, seed)).unwrap();
            let v = json(&["corners", p, "--json", "--all"]);
            (v["outcome"] == "N").then_some(v)
        })
        .expect("an N-position");
    assert_eq!(v["game"], "corners");
    assert_eq!(v["convention"], "normal");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["position"].as_array().unwrap().len(), 7);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    let start: Vec<String> = v["position"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    for m in moves {
        let cells = m["cells"].as_array().unwrap();
        assert_eq!(cells.len(), 4);
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        // `to` differs from the position exactly in the four cells.
        let mut changed = Vec::new();
        for (r, (a, b)) in start.iter().zip(&to).enumerate() {
            for (c, (x, y)) in a.chars().zip(b.chars()).enumerate() {
                if x != y {
                    changed.push(serde_json::json!([r, c]));
                }
            }
        }
        let mut want = cells.clone();
        want.sort_by_key(|c| c.to_string());
        changed.sort_by_key(|c| c.to_string());
        assert_eq!(changed, want);
        let after = temp_path("after.txt");
        std::fs::write(&after, to.join("\n")).unwrap();
        let w = json(&["corners", after.to_str().unwrap(), "--json"]);
        assert_eq!(w["outcome"], "P");
        assert_eq!(w["value"], 0);
    }
    // Without --all: exactly one of them.
    let one = json(&["corners", p, "--json"]);
    assert_eq!(one["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(one["value"], v["value"]);
    let text = grundy(&["corners", p, "--explain"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Lemma 1") && text.contains("Winning move"));
}

#[test]
fn corners_on_a_thousand_square_board() {
    let path = temp_path("big.txt");
    std::fs::write(&path, board(1000, 7)).unwrap();
    let v = json(&["corners", path.to_str().unwrap(), "--json"]);
    assert_eq!(v["outcome"], "N");
    let m = &v["winning_moves"][0];
    let after = temp_path("big_after.txt");
    let to: Vec<&str> = m["to"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    std::fs::write(&after, to.join("\n")).unwrap();
    assert_eq!(
        json(&["corners", after.to_str().unwrap(), "--json"])["value"],
        0
    );
    refused(
        &["corners", path.to_str().unwrap(), "--all"],
        "candidate moves",
    );
}

#[test]
fn corners_reads_zeros_and_ones_and_refuses_bad_boards() {
    let v = {
        let out = grundy_with_input(&["corners", "-", "--json"], b"000\n010\n001\n");
        assert!(out.status.success());
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    // White cells (1,1) and (2,2): 1 * 1 + 2 * 2 = 1 + 3 = 2.
    assert_eq!(v["value"], 2);
    assert_eq!(v["position"], serde_json::json!(["###", "#.#", "##."]));
    refused(
        &["corners", "/nonexistent/board.txt"],
        "cannot read board file",
    );
    refused_with_input(&["corners", "-"], b"#.\n#\n", "same length");
    refused_with_input(&["corners", "-"], b"#x\n", "'x' is not a cell");
    refused_with_input(&["corners", "-"], b"\n", "empty");
}

#[test]
fn tables_as_text_and_json() {
    let out = grundy(&["table", "nim-product", "--size", "4"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "0 0 0 0\n0 1 2 3\n0 2 3 1\n0 3 1 2\n"
    );
    let v = json(&["table", "nim-sum", "--size", "3", "--json"]);
    assert_eq!(
        v["rows"],
        serde_json::json!([[0, 1, 2], [1, 0, 3], [2, 3, 0]])
    );
    let v = json(&["table", "corners", "--size", "5", "--bit", "0", "--json"]);
    // Row 4 of the table is 0 4 8 12 6: all even.
    assert_eq!(v["rows"][4], serde_json::json!([0, 0, 0, 0, 0]));
    assert_eq!(v["bit"], 0);
    refused(&["table", "nim-product", "--size", "-3"], "negative");
    refused(&["table", "nim-product", "--size", "0"], "size 0");
    refused(&["table", "nim-product", "--size", "5000"], "--png");
    refused(&["table", "corners", "--size", "1000"], "n^4/4");
    refused(&["table", "nim-sum", "--bit", "64"], "bits 0 to 63");
    refused(
        &["table", "nim-product", "--size", "100000", "--png", "x.png"],
        "pixels",
    );
}

#[test]
fn table_pictures_decode_with_the_right_pixels() {
    let path = temp_path("bit0.png");
    let out = grundy(&[
        "table",
        "nim-product",
        "--size",
        "32",
        "--bit",
        "0",
        "--png",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let img = decode(&path);
    // 32 cells of 16 pixels each, 10 pixels from the left and 30 from the
    // top (under the title), and the legend on the right.
    assert_eq!((img.0, img.1), (640, 552));
    let cell = |x: u32, y: u32| pixel(&img, 10 + y * 16 + 8, 30 + x * 16 + 8);
    assert_eq!(cell(0, 0), [255, 255, 255]); // 0 * 0 = 0
    assert_eq!(cell(1, 1), [0, 0, 0]); // 1 * 1 = 1
    assert_eq!(cell(2, 2), [0, 0, 0]); // 2 * 2 = 3
    assert_eq!(cell(2, 3), [0, 0, 0]); // 2 * 3 = 1
    assert_eq!(cell(4, 4), [255, 255, 255]); // 4 * 4 = 6
    assert_eq!(cell(16, 16), [255, 255, 255]); // 16 * 16 = 24

    let heat = temp_path("heat.png");
    let out = grundy(&[
        "table",
        "nim-sum",
        "--size",
        "1024",
        "--png",
        heat.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let img = decode(&heat);
    assert_eq!((img.0, img.1), (1112, 1064));
    assert_eq!(pixel(&img, 10, 30), [68, 1, 84]); // 0: the darkest colour
    assert_eq!(pixel(&img, 10 + 1023, 30), [253, 231, 37]); // 1023: the largest
    assert_eq!(pixel(&img, 15, 35), [68, 1, 84]); // x + x = 0
                                                  // The colour scale right of the table: the largest value at its top.
    assert_eq!(pixel(&img, 10 + 1024 + 16 + 8, 30), [253, 231, 37]);
    refused(
        &["table", "nim-sum", "--png", "/nonexistent/dir/x.png"],
        "cannot write",
    );
}

#[test]
fn sequence_pictures() {
    let path = temp_path("seq.png");
    let out = grundy(&[
        "seq",
        "0.07",
        "--to",
        "1000",
        "--summary",
        "--png",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with("wrote ") && said.contains("G(n) of 0.07"),
        "{said}"
    );
    // With --json the note goes to standard error and the output stays JSON.
    let out = grundy(&[
        "seq",
        "0.07",
        "--to",
        "50",
        "--json",
        "--png",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON alone");
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("wrote "));
    let out = grundy(&[
        "seq",
        "0.07",
        "--to",
        "1000",
        "--summary",
        "--png",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let img = decode(&path);
    // One column per term (1001 terms), the value scale on the left (50
    // pixels), the title above and the numbers of n below.
    assert_eq!((img.0, img.1), (1071, 476));
    // The left axis is grey, the top-right corner background white, and the
    // numbers are inked left of the axis.
    assert_eq!(pixel(&img, 49, 200), [160, 160, 160]);
    assert_eq!(pixel(&img, 1070, 0), [255, 255, 255]);
    assert!((0..40).any(|x| (48..448).any(|y| pixel(&img, x, y) == [40, 40, 40])));
    // Some point is drawn in red.
    assert!(img.2.chunks(3).any(|p| p == [200, 30, 30]));
}

/// The report's fields come in the same order as every other command's,
/// the cells of a move between its words and the board it leaves.
#[test]
fn corners_json_keeps_the_common_field_order() {
    let dir = std::env::temp_dir().join(format!("grundy-corners-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("b.txt");
    std::fs::write(&board, ".#.\n##.\n...\n").unwrap();
    let out = text(&["corners", board.to_str().unwrap(), "--json"]);
    std::fs::remove_dir_all(&dir).unwrap();
    let at = |key: &str| {
        out.find(&format!("\"{key}\":"))
            .unwrap_or_else(|| panic!("{key}: {out}"))
    };
    let keys = [
        "game",
        "position",
        "convention",
        "value",
        "outcome",
        "winning_moves",
        "move",
        "cells",
        "to",
    ];
    for pair in keys.windows(2) {
        assert!(
            at(pair[0]) < at(pair[1]),
            "{} before {}: {out}",
            pair[0],
            pair[1]
        );
    }
}
