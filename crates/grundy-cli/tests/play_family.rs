//! `grundy play` for the games that are Nim in disguise: staircase Nim,
//! Nimble, Nimble-2, Turning Turtles and Twins.

use crate::play_support;

use grundy::game::Outcome;
use grundy::games::{nimble, staircase, turtles};
use play_support::{piped, random_game, refused, Pty, Rand};

fn numbers(v: &[u64]) -> Vec<String> {
    v.iter().map(u64::to_string).collect()
}

/// A random N-position of each game, as command-line words.
fn start(game: &str, rand: &mut Rand) -> Vec<String> {
    loop {
        match game {
            "staircase" => {
                let s: Vec<u64> = (0..2 + rand.below(3)).map(|_| rand.below(4)).collect();
                if staircase::analyze(&s).unwrap().outcome == Outcome::N {
                    return numbers(&s);
                }
            }
            "nimble" => {
                let c: Vec<u64> = (0..1 + rand.below(3)).map(|_| 1 + rand.below(7)).collect();
                if nimble::analyze(&c).unwrap().outcome == Outcome::N {
                    return numbers(&c);
                }
            }
            "nimble2" => {
                let mut c: Vec<u64> = (0..1 + rand.below(3)).map(|_| 1 + rand.below(9)).collect();
                c.sort_unstable();
                c.dedup();
                if nimble::analyze_nimble2(&c).unwrap().outcome == Outcome::N {
                    return numbers(&c);
                }
            }
            _ => {
                let variant = if game == "twins" {
                    turtles::Variant::Twins
                } else {
                    turtles::Variant::Turtles
                };
                let row: Vec<bool> = (0..3 + rand.below(4)).map(|_| rand.below(2) == 0).collect();
                if turtles::analyze(&row, variant).outcome == Outcome::N {
                    return vec![turtles::show_row(&row)];
                }
            }
        }
    }
}

#[test]
fn computer_wins_from_n_positions_in_every_game() {
    let mut rand = Rand(5);
    for game in ["staircase", "nimble", "nimble2", "turtles", "twins"] {
        for round in 0..20 {
            let position = start(game, &mut rand);
            let seed = round.to_string();
            let mut args = vec!["play", game, "--first", "computer", "--seed", &seed];
            args.extend(position.iter().map(String::as_str));
            let end = random_game(&args, &mut rand);
            assert!(end.contains("the computer wins"), "{args:?} ended: {end}");
        }
    }
}

#[test]
fn why_shows_the_heaps_before_and_after() {
    let mut pty = Pty::spawn(&[
        "play", "turtles", "XOOXO", "--first", "computer", "--seed", "1",
    ]);
    let first = pty.prompt();
    assert!(
        first.contains("computer: turn cell 5, flip cell 1"),
        "{first}"
    );
    assert!(first.contains("row  | OOOXX"), "{first}");
    pty.answer(
        "why",
        &[
            "a face-up coin on cell x is a heap of x",
            "XOR     4 = 100",
            "XOR     0 = 00\n",
        ],
    );
    pty.send("turn cell 9");
    assert!(pty
        .prompt()
        .contains("illegal move: 'turn cell 9' is not a legal move here"));
    pty.answer("undo", &["nothing to undo"]);
    pty.send("quit");
    pty.finish();
}

#[test]
fn staircase_by_whole_positions() {
    let out = piped(
        &["play", "staircase", "0", "3", "0", "2", "--seed", "2"],
        "1 2 0 2\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("you: move 1 coin from step 2 to step 1"),
        "{text}"
    );
    assert!(text.contains("step 2: heap 3"), "{text}");
}

#[test]
fn bad_starts_are_refused() {
    refused(&["play", "nimble2", "3", "3"], "two coins on cell 3");
    refused(&["play", "nimble", "0"], "cell 0");
    refused(&["play", "turtles", "OXZ"], "cell 3 of the row is 'Z'");
    refused(
        &["play", "staircase", "1", "2", "--misere"],
        "misère play of staircase is not supported",
    );
}
