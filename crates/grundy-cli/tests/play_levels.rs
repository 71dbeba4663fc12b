//! `grundy play --level`: a computer that slips on a share of its turns,
//! says so when asked why, and still plays legal moves; and the remoteness
//! beside each legal move.

use crate::play_support;

use play_support::{json_lines, piped, refused};

/// Nim 3 4 5 with the computer first, over many seeds: at `easy` it loses
/// some games to a player who always wins when they can, and every slip is
/// explained as one; at `perfect` it never loses an N-position.
#[test]
fn an_easy_computer_slips_and_says_so() {
    let mut slips = 0;
    let mut lost = 0;
    for seed in 0..40 {
        let seed = seed.to_string();
        let args = [
            "play", "nim", "3", "4", "5", "--first", "computer", "--json", "--level", "easy",
            "--seed", &seed,
        ];
        // Ask why after the computer's first move, then play the hint
        // (or the first legal move) until the end.
        let mut input = String::from("why\n");
        let mut lines = Vec::new();
        for _ in 0..30 {
            let out = piped(&args, &input);
            lines = json_lines(&out);
            if lines.iter().any(|l| l.get("winner").is_some()) {
                break;
            }
            let hint = piped(&args, &format!("{input}hint\n"));
            let said = json_lines(&hint);
            let h = said.iter().rev().find(|l| l.get("hint").is_some()).unwrap();
            let mv = match h["hint"]["move"].as_str() {
                Some(m) => m.to_string(),
                None => {
                    let listed = json_lines(&piped(&args, &format!("{input}moves\n")));
                    listed
                        .iter()
                        .rev()
                        .find(|l| l.get("moves").is_some())
                        .unwrap()["moves"][0]["move"]
                        .as_str()
                        .unwrap()
                        .to_string()
                }
            };
            input.push_str(&mv);
            input.push('\n');
        }
        let why = lines.iter().find_map(|l| l["why"].as_str()).unwrap();
        if why.contains("At the easy level") {
            slips += 1;
            assert!(why.contains("random legal move"), "{why}");
        }
        if lines.iter().any(|l| l["winner"] == "human") {
            lost += 1;
        }
    }
    assert!(slips > 5, "{slips} slips on the first move in 40 games");
    assert!(lost > 0, "the easy computer never lost from 3 4 5");
    // The perfect computer never slips and never loses 3 4 5.
    for seed in 0..10 {
        let seed = seed.to_string();
        let out = piped(
            &[
                "play", "nim", "3", "4", "5", "--first", "computer", "--json", "--seed", &seed,
            ],
            "why\n",
        );
        let why = json_lines(&out)
            .iter()
            .find_map(|l| l["why"].as_str().map(str::to_string))
            .unwrap();
        assert!(why.contains("winning move"), "{why}");
    }
}

#[test]
fn levels_are_checked() {
    refused(
        &["play", "nim", "3", "--level", "cunning"],
        "level 'cunning': give perfect, hard, medium or easy",
    );
    let out = piped(&["play", "nim", "1", "--level", "HARD", "--json"], "quit\n");
    assert!(out.status.success());
}

/// Each legal move carries the remoteness of the position it leaves: in
/// normal play even for P-positions, odd for N-positions.
#[test]
fn moves_carry_their_remoteness() {
    let out = piped(&["play", "nim", "3", "4", "5", "--json"], "moves\n");
    let lines = json_lines(&out);
    let moves = lines
        .iter()
        .find_map(|l| l["moves"].as_array())
        .unwrap()
        .clone();
    assert_eq!(moves.len(), 12);
    for m in &moves {
        let r = m["remoteness"].as_u64().unwrap();
        assert_eq!(r % 2 == 0, m["outcome"] == "P", "{m}");
    }
    // 1 4 5 is the only winning move; with best play the game lasts 10 more moves.
    let win = moves.iter().find(|m| m["outcome"] == "P").unwrap();
    assert_eq!(win["to"], serde_json::json!([1, 4, 5]));
    assert_eq!(win["remoteness"], 10);
    let text = String::from_utf8(piped(&["play", "nim", "3", "4", "5"], "moves\n").stdout).unwrap();
    assert!(
        text.contains("a P-position, a winning move; you win in 11 moves, this one included"),
        "{text}"
    );
}
