//! `grundy play corners`: Turning Corners against a random player on a
//! pseudo-terminal.

use crate::play_support;

use grundy::game::Outcome;
use grundy::games::corners::{self, Board};
use play_support::{random_game, refused, Pty, Rand};

fn board_file(name: &str, rows: &[String]) -> String {
    let path = std::env::temp_dir().join(format!(
        "grundy-play-corners-{}-{name}.txt",
        std::process::id()
    ));
    std::fs::write(&path, rows.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn computer_wins_from_n_positions() {
    let mut rand = Rand(3);
    for game in 0..30 {
        let rows = loop {
            let (r, c) = (2 + rand.below(3) as usize, 2 + rand.below(3) as usize);
            let rows: Vec<String> = (0..r)
                .map(|_| {
                    (0..c)
                        .map(|_| if rand.below(3) == 0 { '#' } else { '.' })
                        .collect()
                })
                .collect();
            let b = Board::parse(&rows.join("\n")).unwrap();
            if corners::analyze(&b, false).outcome == Outcome::N {
                break rows;
            }
        };
        let file = board_file(&game.to_string(), &rows);
        let seed = game.to_string();
        let end = random_game(
            &[
                "play", "corners", &file, "--first", "computer", "--seed", &seed,
            ],
            &mut rand,
        );
        std::fs::remove_file(&file).unwrap();
        assert!(
            end.contains("the computer wins"),
            "board {rows:?} ended: {end}"
        );
    }
}

#[test]
fn why_shows_the_nim_product_and_refusals_name_the_problem() {
    let file = board_file(
        "why",
        &["....".into(), ".#..".into(), "....".into(), "....".into()],
    );
    let mut pty = Pty::spawn(&["play", "corners", &file, "--seed", "1"]);
    let board = pty.prompt();
    assert!(board.contains("  3 | 0 3 1 2"), "{board}");
    assert!(
        board.contains("value: XOR of x * y over the white cells = 1"),
        "{board}"
    );
    pty.answer("(1,1) (0,0)", &["illegal move: cell (1,1) is black"]);
    pty.answer("(3,3) (2,2)", &["you: (3,3) (2,2): flip"]);
    pty.answer("why", &["changes the value by (x ⊕ x') * (y ⊕ y')"]);
    pty.send("quit");
    pty.finish();
    std::fs::remove_file(&file).unwrap();
    refused(
        &["play", "corners", "-"],
        "standard input carries the moves",
    );
    refused(
        &["play", "corners", "/nonexistent/board.txt"],
        "cannot read board file",
    );
}
