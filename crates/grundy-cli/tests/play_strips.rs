//! `grundy play heap RULE --board BOARD`: heap games on their boards
//! (crosses, Treblecross, Last-to-Toggle, Triomino) against a random player.

use crate::play_support;

use grundy::game::{Convention, Outcome};
use grundy::games::strips::{analyze, Board, StripGame};
use play_support::{json_lines, piped, random_game, refused, Pty, Rand};

fn random_board(game: StripGame, rand: &mut Rand) -> String {
    loop {
        let n = 3 + rand.below(9) as usize;
        let cell = |rand: &mut Rand, on: char, off: char| if rand.below(4) == 0 { on } else { off };
        let text: String = match game {
            StripGame::Crosses | StripGame::Treblecross => {
                (0..n).map(|_| cell(rand, 'X', '.')).collect()
            }
            StripGame::LastToToggle => (0..n)
                .map(|_| if rand.below(3) == 0 { '0' } else { '1' })
                .collect(),
            StripGame::Triomino => {
                let top: String = (0..n).map(|_| cell(rand, '#', '.')).collect();
                let bottom: String = (0..n).map(|_| cell(rand, '#', '.')).collect();
                format!("{top}/{bottom}")
            }
        };
        let Ok(b) = Board::parse(game, &text) else {
            continue;
        };
        if analyze(&b, Convention::Normal).is_ok_and(|a| a.outcome == Outcome::N) {
            return text;
        }
    }
}

#[test]
fn computer_wins_on_every_board_game() {
    let mut rand = Rand(11);
    for (game, rule) in [
        (StripGame::Crosses, "dawson-chess"),
        (StripGame::Treblecross, "treblecross"),
        (StripGame::LastToToggle, "last-to-toggle"),
        (StripGame::Triomino, "triomino"),
    ] {
        for round in 0..20 {
            let board = random_board(game, &mut rand);
            let seed = round.to_string();
            let args = [
                "play", "heap", rule, "--board", &board, "--first", "computer", "--seed", &seed,
            ];
            let end = random_game(&args, &mut rand);
            assert!(end.contains("the computer wins"), "{args:?} ended: {end}");
        }
    }
}

#[test]
fn treblecross_completion_and_why() {
    let mut pty = Pty::spawn(&[
        "play",
        "heap",
        "treblecross",
        "--board",
        "X.......X",
        "--seed",
        "1",
    ]);
    let board = pty.prompt();
    assert!(board.contains("heaps: 3 playable cells: G = 1"), "{board}");
    pty.answer("put an X on cell 5", &["you: put an X on cell 5"]);
    pty.answer(
        "why",
        &["each run of cells at least three away from every X is one heap"],
    );
    pty.send("quit");
    pty.finish();
    // Two X's two cells apart: the computer completes the row at once.
    let out = piped(
        &[
            "play",
            "heap",
            "treblecross",
            "--board",
            "..X.X..",
            "--first",
            "computer",
            "--json",
        ],
        "",
    );
    let lines = json_lines(&out);
    assert_eq!(lines[1]["move"], "put an X on cell 4");
    assert_eq!(lines[2], serde_json::json!({"winner": "computer"}));
}

#[test]
fn bad_boards_are_refused() {
    refused(
        &["play", "heap", "kayles", "--board", "..."],
        "--board works with",
    );
    refused(
        &["play", "heap", "dawson-chess", "--board", "XX.."],
        "board:",
    );
    refused(
        &[
            "play",
            "heap",
            "treblecross",
            "--board",
            "X.X..",
            "--misere",
        ],
        "misère Treblecross",
    );
}
