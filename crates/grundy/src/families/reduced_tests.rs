//! The Nim-in-disguise families (staircase Nim, Nimble, Nimble-2, Turning
//! Turtles, Twins) checked against the library's own games: their moves,
//! values and winning moves are those the generic solver finds.
//!
//! The checks sit beside [`super::reduced`] rather than inside it, since
//! they use the families built on it.

use super::reduced::{Reduced, Reduction};
use crate::families::nimble::NimbleGame;
use crate::families::staircase::StaircaseGame;
use crate::families::turtles::TurtlesGame;
use crate::family::Analyse;
use crate::game::Game;
use crate::games::{nimble, staircase, turtles};
use crate::nimber::Nimber;
use crate::solve::Solver;
use crate::strategy::Play;

/// Every listed move is a move of the library's own game, and back.
#[test]
fn moves_agree_with_the_library_games() {
    let stairs = vec![2, 1, 3, 0, 2];
    let mut mine: Vec<Vec<u64>> = StaircaseGame
        .moves(&stairs)
        .into_iter()
        .map(|m| m.1)
        .collect();
    let mut theirs: Vec<Vec<u64>> = staircase::Staircase
        .options(&stairs)
        .into_iter()
        .map(|o| o[0].clone())
        .collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs);
    assert_eq!(StaircaseGame.move_count(&stairs), mine.len() as u128);

    let cells = vec![2, 4, 7];
    let g2 = NimbleGame { two: true };
    let mut mine: Vec<Vec<u64>> = g2.moves(&cells).into_iter().map(|m| m.1).collect();
    let mut theirs: Vec<Vec<u64>> = nimble::Nimble2
        .options(&cells)
        .into_iter()
        .map(|o| o[0].clone())
        .collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs);
    assert_eq!(g2.move_count(&cells), mine.len() as u128);

    for variant in [turtles::Variant::Turtles, turtles::Variant::Twins] {
        let row = turtles::parse_row("XOOXO").unwrap();
        let g = TurtlesGame(variant);
        let mut mine: Vec<Vec<bool>> = g.moves(&row).into_iter().map(|m| m.1).collect();
        let mut theirs: Vec<Vec<bool>> = turtles::Turning(variant)
            .options(&row)
            .into_iter()
            .map(|o| o[0].clone())
            .collect();
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs);
        assert_eq!(g.move_count(&row), mine.len() as u128);
    }
}

/// The heaps shown are worth what the generic solver finds.
#[test]
fn heaps_give_the_solver_values() {
    let g = Reduced(NimbleGame { two: true });
    let mut s = Solver::new(&nimble::Nimble2);
    for cells in [vec![1, 3, 6], vec![2, 5, 6, 9], vec![4]] {
        assert_eq!(g.value(&cells), Some(s.value(&cells).unwrap()), "{cells:?}");
    }
    let t = Reduced(TurtlesGame(turtles::Variant::Twins));
    let mut s = Solver::new(&turtles::Turning(turtles::Variant::Twins));
    for row in ["XOOXO", "OOOO", "XXOXOO"] {
        let r = turtles::parse_row(row).unwrap();
        assert_eq!(t.value(&r), Some(s.value(&r).unwrap()), "{row}");
    }
}

/// The winning moves (counted, then built one by one) are exactly the
/// moves to positions of value 0 by the generic solver, and Nimble's
/// moves (one per occupied cell) are what it counts.
fn check_winning<T: Reduction>(
    game: T,
    mut value_zero: impl FnMut(&T::Position) -> bool,
    p: &T::Position,
) where
    T::Position: Ord,
{
    let g = Reduced(game);
    let moves = g.moves(p);
    assert_eq!(g.move_count(p), moves.len() as u128, "{p:?}");
    let mut to_zero: Vec<T::Position> = moves
        .into_iter()
        .map(|m| m.1)
        .filter(|q| value_zero(q))
        .collect();
    let n = g.winning_count(p).unwrap();
    let mut built: Vec<T::Position> = (0..n)
        .map(|i| g.winning_move(p, i).unwrap().unwrap().1)
        .collect();
    let listed: Vec<T::Position> = g
        .winning_moves(p)
        .unwrap()
        .into_iter()
        .map(|m| m.1)
        .collect();
    assert_eq!(built, listed, "{p:?}");
    to_zero.sort();
    to_zero.dedup();
    built.sort();
    assert_eq!(built, to_zero, "{p:?}");
}

proptest::proptest! {
    #[test]
    fn winning_moves_are_the_moves_to_value_0(
        cells in proptest::collection::vec(1u64..7, 1..5),
        row in proptest::collection::vec(proptest::bool::ANY, 0..8),
        steps in proptest::collection::vec(0u64..4, 1..5),
    ) {
        // Nimble is a sum: one component per coin.
        let mut coin = Solver::new(&nimble::Nimble);
        let sum_zero = |q: &Vec<u64>| {
            q.iter().fold(Nimber(0), |a, c| a + coin.value(c).unwrap()).is_zero()
        };
        check_winning(NimbleGame { two: false }, sum_zero, &cells);
        let mut distinct = cells.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let mut two = Solver::new(&nimble::Nimble2);
        check_winning(NimbleGame { two: true }, |q| two.value(q).unwrap().is_zero(), &distinct);
        for variant in [turtles::Variant::Turtles, turtles::Variant::Twins] {
            let game = turtles::Turning(variant);
            let mut t = Solver::new(&game);
            check_winning(TurtlesGame(variant), |q| t.value(q).unwrap().is_zero(), &row);
        }
        let mut st = Solver::new(&staircase::Staircase);
        check_winning(StaircaseGame, |q| st.value(q).unwrap().is_zero(), &steps);
    }
}

#[test]
fn stall_rules() {
    let s = StaircaseGame.stall_moves(&vec![1, 2, 0, 3, 0]);
    assert_eq!(s[0].1, vec![1, 2, 1, 2, 0]);
    let n = NimbleGame { two: true }.stall_moves(&vec![1, 2, 5]);
    assert_eq!(n[0].1, vec![1, 2, 4]);
    let t = TurtlesGame(turtles::Variant::Twins).stall_moves(&turtles::parse_row("OXXO").unwrap());
    assert_eq!(turtles::show_row(&t[0].1), "OXOX");
}
