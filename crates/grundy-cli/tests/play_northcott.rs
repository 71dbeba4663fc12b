//! `grundy play northcott`: Northcott's game against a random player, who
//! may retreat; the computer only advances, so every game ends.

use crate::play_support;

use play_support::{random_game, refused, Pty, Rand};

#[test]
fn computer_wins_from_n_positions() {
    let mut rand = Rand(4);
    let mut played = 0;
    while played < 30 {
        let width = 3 + rand.below(5);
        let rows: Vec<(u64, u64)> = (0..1 + rand.below(3))
            .map(|_| loop {
                let (b, w) = (1 + rand.below(width), 1 + rand.below(width));
                if b != w {
                    break (b, w);
                }
            })
            .collect();
        let xor = rows.iter().fold(0, |a, &(b, w)| a ^ (b.abs_diff(w) - 1));
        if xor == 0 {
            continue;
        }
        let texts: Vec<String> = rows.iter().map(|(b, w)| format!("{b}:{w}")).collect();
        let (width, seed) = (width.to_string(), played.to_string());
        let mut args = vec![
            "play",
            "northcott",
            "--width",
            &width,
            "--first",
            "computer",
            "--seed",
            &seed,
        ];
        args.extend(texts.iter().map(String::as_str));
        let end = random_game(&args, &mut rand);
        assert!(end.contains("the computer wins"), "{args:?} ended: {end}");
        played += 1;
    }
}

#[test]
fn rows_typed_whole_and_refusals() {
    let mut pty = Pty::spawn(&[
        "play",
        "northcott",
        "--width",
        "8",
        "1:5",
        "8:3",
        "--seed",
        "1",
    ]);
    let board = pty.prompt();
    assert!(board.contains("row  1 | B...W...   gap 3"), "{board}");
    pty.send("1:6 8:3");
    assert!(pty
        .prompt()
        .contains("illegal move: no single move of the black tokens"));
    pty.answer(
        "2:5 8:3",
        &[
            "you: move the black token in row 1 from column 1 to column 2",
            "computer: move the white token",
        ],
    );
    pty.answer("why", &["The board is Nim on the gaps"]);
    pty.send("quit");
    pty.finish();
    refused(
        &["play", "northcott", "--width", "4", "1:1"],
        "both on column 1",
    );
    refused(&["play", "northcott", "--width", "4", "1-2"], "is not B:W");
}
