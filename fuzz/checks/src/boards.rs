//! Boards and rows: Turning Corners boards, Turning Turtles rows, and the
//! strips of the heap games with a board notation.

use grundy::game::{Convention, Outcome};
use grundy::games::corners::{self, Board as CornersBoard, Corners, MAX_SIDE};
use grundy::games::strips::{self, Board as Strip, StripGame};
use grundy::games::turtles::{self, Variant};
use grundy::nimber::{nim_mul, Nimber};

use crate::{one_line, text};

/// Boards with at most this many cells are analysed too.
const ANALYSED_CELLS: usize = 4096;
/// Rows of turtles with at most this many cells are analysed.
const ANALYSED_ROW: usize = 512;
/// Strips with at most this many cells are analysed (heap values by the
/// naive engine) ...
const STRIP_CELLS: usize = 48;
/// ... and with at most this many in misère play too (by search).
const MISERE_CELLS: usize = 12;

/// A Turning Corners board file (`Board::parse`: rows of `#`/`.` or
/// `0`/`1`).
///
/// Asserts: a refusal is one line; an accepted board is within the size
/// limit, prints (`to_lines`) to text that parses to the same board, with
/// or without a final newline; its value is the XOR of `x * y` over the
/// white cells; a winning move exists exactly when the value is not 0,
/// flips a white corner and two smaller ones, and leaves value 0.
pub fn corners_board(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let board = match CornersBoard::parse(input) {
        Err(e) => return one_line("corners board", &e.to_string()),
        Ok(b) => b,
    };
    let (rows, cols) = (board.rows(), board.cols());
    assert!(
        (1..=MAX_SIDE).contains(&rows) && cols <= MAX_SIDE,
        "{rows} x {cols}"
    );
    let lines = board.to_lines();
    assert_eq!(lines.len(), rows);
    assert!(lines.iter().all(|l| l.chars().count() == cols));
    let printed = lines.join("\n");
    assert_eq!(
        CornersBoard::parse(&printed).as_ref(),
        Ok(&board),
        "{printed:?}"
    );
    assert_eq!(
        CornersBoard::parse(&(printed.clone() + "\n")),
        Ok(board.clone())
    );
    let white = printed.chars().filter(|&c| c == '.').count();
    assert_eq!(board.white_cells(), white);
    if rows * cols > ANALYSED_CELLS {
        return;
    }
    let mut expected = 0u64;
    for x in 0..rows {
        for y in 0..cols {
            if board.is_white(x, y) {
                expected ^= nim_mul(x as u64, y as u64);
            }
        }
    }
    let value = corners::value(&board);
    assert_eq!(value, Nimber(expected), "{printed:?}");
    let analysis = corners::analyze(&board, true);
    assert_eq!(analysis.value, Some(value));
    assert_eq!(analysis.outcome, Outcome::from_value(value));
    assert_eq!(
        analysis.winning_moves.is_empty(),
        value.is_zero(),
        "{printed:?}"
    );
    assert_eq!(corners::winning_move(&board).is_some(), !value.is_zero());
    for w in &analysis.winning_moves {
        let m = w.mv;
        assert!(m.x2 < m.x && m.y2 < m.y && m.x < rows && m.y < cols, "{m}");
        assert!(board.is_white(m.x, m.y), "{m} on {printed:?}");
        assert_eq!(w.to, board.after(&m));
        assert_eq!(corners::value(&w.to), Nimber(0), "{m} on {printed:?}");
    }
    if let Some(game) = Corners::new(rows, cols) {
        assert_eq!(game.decode(game.encode(&board)), board);
    }
}

/// A Turning Turtles / Twins row (`turtles::parse_row`: `O` and `X`).
///
/// Asserts: a refusal is one line; an accepted row prints (`show_row`) as
/// the text in upper case, which parses to the same row; in both games the
/// value is the nim-sum of the face-up cells' numbers, and every winning
/// move leaves value 0.
pub fn turtles_row(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let row = match turtles::parse_row(input) {
        Err(e) => return one_line("turtles row", &e.to_string()),
        Ok(r) => r,
    };
    let shown = turtles::show_row(&row);
    assert_eq!(shown, input.to_uppercase());
    assert_eq!(turtles::parse_row(&shown).as_ref(), Ok(&row));
    if row.len() > ANALYSED_ROW {
        return;
    }
    for (variant, first) in [(Variant::Turtles, 1), (Variant::Twins, 0)] {
        let expected = row
            .iter()
            .enumerate()
            .filter(|(_, &up)| up)
            .fold(0u64, |s, (i, _)| s ^ (i as u64 + first));
        let a = turtles::analyze(&row, variant);
        assert_eq!(a.value, Some(Nimber(expected)), "{shown} {variant:?}");
        assert_eq!(
            a.winning_moves.is_empty(),
            expected == 0,
            "{shown} {variant:?}"
        );
        for w in &a.winning_moves {
            assert_eq!(w.to.len(), row.len());
            assert_eq!(
                turtles::value(&w.to, variant),
                Nimber(0),
                "{shown} {variant:?}: {}",
                w.mv
            );
        }
    }
}

/// A strip in its game's notation (`strips::Board::parse`); the first byte
/// picks the game (crosses, treblecross, last-to-toggle, triomino), the
/// rest is the board.
///
/// Asserts: a refusal is one line; an accepted board prints to text that
/// parses to the same board; every move leaves a board of the same size
/// that parses back, unless it completes three in a row in Treblecross;
/// small boards are analysed: a position has winning moves exactly when
/// it is an N-position (a finished misère game aside, won without one),
/// and they lead to positions the analysis calls P (in normal play, and in
/// misère play for tiny boards).
pub fn strips_board(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let game = [
        StripGame::Crosses,
        StripGame::Treblecross,
        StripGame::LastToToggle,
        StripGame::Triomino,
    ][pick as usize % 4];
    let Some(input) = text(rest) else { return };
    let board = match Strip::parse(game, input) {
        Err(e) => return one_line("strip", &e.to_string()),
        Ok(b) => b,
    };
    assert_eq!(board.game, game);
    let width = board.rows[0].len();
    assert!(board.rows.iter().all(|r| r.len() == width));
    let cells = width * board.rows.len();
    assert!(cells <= strips::MAX_CELLS, "{cells} cells");
    let shown = board.to_string();
    assert_eq!(Strip::parse(game, &shown).as_ref(), Ok(&board), "{shown:?}");
    if cells > STRIP_CELLS {
        return;
    }
    let completing = game == StripGame::Treblecross && board.heaps().is_none();
    for (mv, to) in board.moves() {
        assert_eq!(to.rows.len(), board.rows.len());
        assert!(to.rows.iter().all(|r| r.len() == width));
        if !completing {
            let printed = to.to_string();
            assert_eq!(
                Strip::parse(game, &printed).as_ref(),
                Ok(&to),
                "{shown} then {mv}: {printed}"
            );
        }
    }
    let a = strips::analyze(&board, Convention::Normal)
        .unwrap_or_else(|e| panic!("{shown}: normal play refused: {e}"));
    if completing {
        assert_eq!(a.outcome, Outcome::N);
        assert!(!a.winning_moves.is_empty());
    } else {
        let v = a.value.expect("a value in normal play");
        assert_eq!(a.outcome, Outcome::from_value(v));
        assert_eq!(a.winning_moves.is_empty(), v.is_zero(), "{shown}");
        for w in &a.winning_moves {
            let after = strips::analyze(&w.to, Convention::Normal).expect("a board");
            assert_eq!(after.value, Some(Nimber(0)), "{shown} then {}", w.mv);
        }
    }
    if cells <= MISERE_CELLS && game != StripGame::Treblecross {
        let m = strips::analyze(&board, Convention::Misere)
            .unwrap_or_else(|e| panic!("{shown}: misère play refused: {e}"));
        // With no move at all, the player to move has won in misère play.
        if board.moves().is_empty() {
            assert_eq!(m.outcome, Outcome::N, "{shown}");
        } else {
            assert_eq!(
                m.winning_moves.is_empty(),
                m.outcome == Outcome::P,
                "{shown}"
            );
        }
        for w in &m.winning_moves {
            let after = strips::analyze(&w.to, Convention::Misere).expect("a board");
            assert_eq!(after.outcome, Outcome::P, "{shown} then {}", w.mv);
        }
    }
}
