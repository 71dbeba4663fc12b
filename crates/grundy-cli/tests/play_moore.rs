//! `grundy play moore`: Moore's Nim_k against a random player.

use crate::play_support;

use grundy::game::Convention;
use grundy::games::moore;
use play_support::{random_game, refused, Pty, Rand};

#[test]
fn computer_wins_from_n_positions() {
    let mut rand = Rand(8);
    for round in 0..30 {
        let k = 1 + rand.below(3) as usize;
        let misere = round % 5 == 4;
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let heaps = loop {
            let h: Vec<u64> = (0..2 + rand.below(3)).map(|_| rand.below(6)).collect();
            if !moore::is_p_position(&h, k, convention) {
                break h;
            }
        };
        let (k, seed) = (k.to_string(), round.to_string());
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec![
            "play", "moore", "-k", &k, "--first", "computer", "--seed", &seed,
        ];
        if misere {
            args.push("--misere");
        }
        args.extend(texts.iter().map(String::as_str));
        let end = random_game(&args, &mut rand);
        assert!(end.contains("the computer wins"), "{args:?} ended: {end}");
    }
}

#[test]
fn several_heaps_in_one_move_and_refusals() {
    let mut pty = Pty::spawn(&["play", "moore", "-k", "2", "3", "5", "6", "--seed", "1"]);
    let board = pty.prompt();
    assert!(board.contains("1s in each binary column: 2 2 2"), "{board}");
    pty.send("0 0 0");
    assert!(pty
        .prompt()
        .contains("illegal move: 3 heaps changed, but a move reduces at most 2"));
    pty.answer(
        "take 1 from heap 1, take 1 from heap 2",
        &["you: take 1 from heap 1 (3 -> 2), take 1 from heap 2 (5 -> 4)"],
    );
    pty.send("why");
    assert!(pty
        .prompt()
        .contains("Build the move from the top column down"));
    pty.send("quit");
    pty.finish();
    refused(&["play", "moore", "-k", "0", "3"], "k must be at least 1");
}
