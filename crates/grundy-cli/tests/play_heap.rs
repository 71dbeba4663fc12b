//! `grundy play heap`: heap games against a random player on a
//! pseudo-terminal, the prompt commands, and JSON play.

use crate::play_support;

use grundy::game::{Convention, Outcome};
use grundy::games::heap;
use grundy::heap::rule::HeapRule;
use play_support::{json_lines, piped, random_game, refused, Pty, Rand};
use serde_json::json;

#[test]
fn computer_wins_100_seeded_games_from_n_positions() {
    let rules = ["kayles", "0.137", "sub:1,3,4", "4.[3]", "0.07"];
    let mut rand = Rand(99);
    for game in 0..100 {
        let name = rules[game % rules.len()];
        let rule: HeapRule = name.parse().unwrap();
        let misere = game % 7 == 6;
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let heaps = loop {
            let n = 1 + rand.below(3) as usize;
            let h: Vec<u32> = (0..n).map(|_| 1 + rand.below(9) as u32).collect();
            if heap::analyze(&rule, &h, convention).unwrap().outcome == Outcome::N {
                break h;
            }
        };
        let seed = game.to_string();
        let mut args = vec!["play", "heap", name, "--first", "computer", "--seed", &seed];
        if misere {
            args.push("--misere");
        }
        let texts: Vec<String> = heaps.iter().map(u32::to_string).collect();
        args.extend(texts.iter().map(String::as_str));
        let end = random_game(&args, &mut rand);
        assert!(
            end.contains("the computer wins"),
            "game {game} ({args:?}) ended: {end}"
        );
    }
}

#[test]
fn hint_why_undo_and_an_illegal_move_at_the_terminal() {
    let mut pty = Pty::spawn(&["play", "heap", "kayles", "7", "--seed", "1"]);
    let board = pty.prompt();
    assert!(
        board.contains("heap 1  ooooooo    7   Grundy value 2"),
        "{board}"
    );
    pty.answer(
        "hint",
        &["hint: take 1 from the heap of 7 and split the rest into 3 and 3  ->  3 3"],
    );
    pty.send("take 3 from the heap of 7, leaving 4");
    let refusal = pty.prompt();
    assert!(
        refusal
            .contains("illegal move: kayles has no move taking 3 from a heap of 7 and leaving 4"),
        "{refusal}"
    );
    pty.answer(
        "2 2",
        &["illegal move: no single move of kayles leads from 7 to 2 2"],
    );
    pty.answer(
        "5 1",
        &[
            "you: take 1 from the heap of 7 and split the rest into 1 and 5",
            "computer: ",
        ],
    );
    pty.answer("why", &["G(5) = 4", "XOR = 5", "It was a winning move"]);
    pty.answer("undo", &["undone: back to 7."]);
    pty.send("quit");
    pty.finish();
}

#[test]
fn json_play_of_a_subtraction_game() {
    // sub:1,2 on a heap of 4: the computer takes 1 (leaving 3, a P-position).
    let out = piped(
        &[
            "play", "heap", "sub:1,2", "4", "--first", "computer", "--json", "--seed", "0",
        ],
        "[2]\n",
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0], json!({"position": [4]}));
    assert_eq!(lines[1]["by"], "computer");
    assert_eq!(lines[1]["position"], json!([3]));
    assert_eq!(lines[2]["by"], "human");
    // Taking a whole heap leaves no heap.
    assert_eq!(lines[3]["position"], json!([]));
    assert_eq!(lines[4], json!({"winner": "computer"}));
}

#[test]
fn bad_starts_are_refused() {
    refused(&["play", "heap", "kayles"], "no heaps");
    refused(&["play", "heap", "0.9x", "3"], "rule '0.9x'");
    refused(&["play", "heap", "kayles", "100000000"], "too large");
}

/// A misère position too large to search is refused in one message, which
/// does not claim that Kayles can cycle.
#[test]
fn misere_too_large_is_one_plain_message() {
    // Kayles' misère quotient covers every heap; 0.16's is not found.
    let args = ["play", "heap", "0.16", "40", "40", "40", "40", "--misere"];
    let out = piped(&args, "quit\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("grundy: error: misère play is decided by searching"),
        "{err}"
    );
    assert!(!err.contains("repeat") && !err.contains("cycle"), "{err}");
}
