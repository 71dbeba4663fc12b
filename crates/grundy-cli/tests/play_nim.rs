//! `grundy play nim`: the computer against a random player on a
//! pseudo-terminal, the prompt commands, and the pipe and JSON modes.

use crate::play_support;

use grundy::game::{Convention, Outcome};
use grundy::games::nim;
use play_support::{json_lines, piped, random_game, refused, Pty, Rand};
use serde_json::json;

#[test]
fn computer_wins_100_seeded_games_from_n_positions() {
    let mut rand = Rand(2024);
    for game in 0..100 {
        let misere = game % 4 == 3;
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let heaps = loop {
            let n = 2 + rand.below(3) as usize;
            let h: Vec<u64> = (0..n).map(|_| rand.below(7)).collect();
            if nim::analyze(&h, convention).outcome == Outcome::N {
                break h;
            }
        };
        let seed = game.to_string();
        let mut args = vec!["play", "nim", "--first", "computer", "--seed", &seed];
        if misere {
            args.push("--misere");
        }
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
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
    let mut pty = Pty::spawn(&["play", "nim", "3", "4", "5", "--seed", "1"]);
    let board = pty.prompt();
    assert!(board.contains("heap 1  ooo"), "{board}");
    assert!(board.contains("nim-sum 3 XOR 4 XOR 5 = 2"), "{board}");
    pty.answer("why", &["has not moved yet"]);
    pty.answer("hint", &["hint: take 2 from heap 1 (3 -> 1)  ->  1 4 5"]);
    pty.answer(
        "take 9 from heap 1",
        &["illegal move: heap 1 has only 3 tokens"],
    );
    pty.answer("3 4 6", &["illegal move: heap 3 would grow"]);
    pty.answer(
        "take 2 from heap 1",
        &[
            "you: take 2 from heap 1 (3 -> 1)",
            "computer: take 1 from heap",
        ],
    );
    pty.answer("why", &["XOR     0 = 000", "a P-position", "stalled"]);
    pty.answer("hint", &["hint: take"]);
    pty.answer("undo", &["undone: back to 3 4 5.", "heap 3  ooooo"]);
    pty.answer("undo", &["nothing to undo"]);
    pty.send("quit");
    pty.finish();
}

#[test]
fn the_computer_explains_a_winning_move() {
    let mut pty = Pty::spawn(&[
        "play", "nim", "3", "4", "5", "--first", "computer", "--seed", "5",
    ]);
    let first = pty.prompt();
    assert!(
        first.contains("computer: take 2 from heap 1 (3 -> 1)"),
        "{first}"
    );
    pty.answer(
        "why",
        &[
            "The XOR was 2, not 0",
            "3 XOR 2 = 1",
            "It was a winning move",
        ],
    );
    pty.send("hint");
    assert!(pty
        .prompt()
        .contains("no winning move: every move leads to an N-position"));
    pty.send("quit");
    pty.finish();
}

#[test]
fn pipe_mode_is_plain_text_and_reproducible() {
    let input = "take 2 from heap 1\ntake 1 from heap 2\n0 0 0\nmoves\n";
    let a = piped(&["play", "nim", "3", "4", "5", "--seed", "9"], input);
    let b = piped(&["play", "nim", "3", "4", "5", "--seed", "9"], input);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8(a.stdout).unwrap();
    assert!(!text.contains("your move> "), "{text}");
    assert!(text.contains("you: take 2 from heap 1 (3 -> 1)"), "{text}");
    assert!(text.contains("computer: "), "{text}");
}

#[test]
fn json_mode_lines() {
    // The computer wins 1 2 by taking one from heap 2; then the script
    // plays whole positions.
    let out = piped(
        &[
            "play", "nim", "1", "2", "--first", "computer", "--json", "--seed", "1",
        ],
        "[1,0]\n0 0\n",
    );
    assert!(out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines[0], json!({"position": [1, 2]}));
    assert_eq!(
        lines[1],
        json!({"by": "computer", "move": "take 1 from heap 2 (2 -> 1)", "position": [1, 1]})
    );
    // [1,0] is not one move from [1,1]... it is: heap 2 goes 1 -> 0.
    assert_eq!(
        lines[2],
        json!({"by": "human", "move": "take 1 from heap 2 (1 -> 0)", "position": [1, 0]})
    );
    assert_eq!(
        lines[3],
        json!({"by": "computer", "move": "take 1 from heap 1 (1 -> 0)", "position": [0, 0]})
    );
    assert_eq!(lines[4], json!({"winner": "computer"}));
    assert_eq!(lines.len(), 5);
}

#[test]
fn json_mode_refuses_and_goes_on() {
    let out = piped(
        &["play", "nim", "2", "2", "--json", "--seed", "3", "--misere"],
        "[3,2]\ntake 1 from heap 9\nhint\n[2,1]\nundo\nquit\n",
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0], json!({"position": [2, 2]}));
    assert!(lines[1]["error"].as_str().unwrap().contains("grow"));
    assert!(lines[2]["error"].as_str().unwrap().contains("no heap 9"));
    assert!(lines[3]["hint"].is_null());
    assert_eq!(lines[4]["by"], "human");
    assert_eq!(lines[5]["by"], "computer");
    assert_eq!(lines[6], json!({"undo": true, "position": [2, 2]}));
    assert_eq!(lines[7], json!({"quit": true, "position": [2, 2]}));
}

#[test]
fn misere_game_ends_with_the_last_mover_losing() {
    // Misère 1 1 with the person first: they take one, the computer must take the last.
    let out = piped(&["play", "nim", "1", "1", "--misere", "--json"], "[0,1]\n");
    let lines = json_lines(&out);
    assert_eq!(lines.last().unwrap(), &json!({"winner": "human"}));
}

#[test]
fn bad_starts_are_refused() {
    refused(&["play", "nim"], "no heaps");
    refused(&["play", "nim", "3", "-1"], "negative");
    refused(
        &["play", "nim", "3", "--seed", "x"],
        "seed 'x' is not a whole number",
    );
    refused(
        &["play", "nim", "3", "--first", "nobody"],
        "invalid value 'nobody'",
    );
    refused(&["play", "chess"], "unrecognized subcommand");
}

/// A line that is not UTF-8 is refused like an illegal move, in every mode,
/// and the game goes on.
#[test]
fn a_non_utf8_line_is_refused_and_the_game_goes_on() {
    let args = ["play", "nim", "3", "4", "5", "--seed", "1"];
    let mut input = b"\xff\xfe take\n".to_vec();
    input.extend_from_slice(b"take 1 from heap 1\nquit\n");
    let out = play_support::grundy_with_input(&args, &input);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("illegal move: the line is not UTF-8 text (bad byte at offset 0)"),
        "{text}"
    );
    assert!(text.contains("you: take 1 from heap 1"), "{text}");

    let mut json_args = args.to_vec();
    json_args.push("--json");
    let out = play_support::grundy_with_input(&json_args, &input);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert!(lines[1]["error"]
        .as_str()
        .is_some_and(|e| e.contains("not UTF-8")));
    assert_eq!(lines[2]["by"], json!("human"));

    let mut pty = Pty::spawn(&args);
    pty.prompt();
    pty.send_bytes(b"take \xc3 from heap 1");
    let reply = pty.prompt();
    assert!(
        reply.contains("not UTF-8 text (bad byte at offset 5)"),
        "{reply}"
    );
    pty.answer("take 1 from heap 1", &["you: take 1 from heap 1"]);
    pty.send("quit");
    pty.finish();
}

/// The computer's first move from a long position builds only the position
/// it plays: 20001 heaps of 1 have 20001 winning moves, and listing them all
/// with their positions would take 4 * 10^8 numbers.
#[test]
fn the_computer_moves_from_long_positions() {
    let mut args = vec!["play", "nim", "--first", "computer", "--json"];
    args.extend(std::iter::repeat_n("1", 20_001));
    let out = play_support::grundy_with_input(&args, b"hint\nmoves\nquit\n");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines[1]["by"], json!("computer"));
    let after = lines[1]["position"].as_array().unwrap();
    assert_eq!(after.iter().filter(|h| h == &&json!(0)).count(), 1);
    // An even number of heaps of 1 is a P-position: no hint, and the list
    // of moves is refused for its size.
    assert_eq!(lines[2]["hint"], json!(null));
    assert!(lines[3]["error"]
        .as_str()
        .is_some_and(|e| e.contains("20000 legal moves, too many to list")));
    // From a P-position the computer stalls by its rule.
    let mut args = vec!["play", "nim", "--first", "computer"];
    args.extend(std::iter::repeat_n("1", 20_000));
    let out = play_support::grundy_with_input(&args, b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("computer: take 1 from heap"));
}
