//! Your own game in Rust: implement `grundy::game::Game` (the options of a
//! position, each a sum of components) and the library's solvers give the
//! Grundy values, who wins a sum in either convention, and the winning
//! moves.
//!
//! The game here is Kayles: a row of pins, a move knocks down one pin or
//! two neighbouring pins, which may split the row in two. Run it with
//! `cargo run -p grundy --example own_game`.

use grundy::game::{Convention, Game, Outcome};
use grundy::nimber::Nimber;
use grundy::solve::{analyze_sum, Solver, SumSolver};

/// Kayles; a component is a row of `n` pins.
struct Kayles;

impl Game for Kayles {
    type Position = u32;

    fn options(&self, &n: &u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for taken in 1..=2.min(n) {
            // Knock down `taken` pins with `left` pins standing to their left
            // (at most half of the rest: the mirror image is the same move).
            for left in 0..=(n - taken) / 2 {
                let right = n - taken - left;
                // A row of 0 pins is no component at all.
                out.push([left, right].into_iter().filter(|&r| r > 0).collect());
            }
        }
        out
    }
}

fn main() {
    let mut solver = Solver::new(&Kayles);
    let values: Vec<u64> = (0..=12)
        .map(|n| solver.value(&n).map(|g| g.0))
        .collect::<Result<_, _>>()
        .expect("Kayles ends");
    println!("Kayles G(0..=12): {values:?}");
    // The published values (OEIS A002186).
    assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);

    // Rows of 3 and 5 pins: 3 XOR 4 = 7, a win for the player to move.
    let rows = [3, 5];
    let sum = solver.value_of_sum(&rows).expect("Kayles ends");
    assert_eq!(sum, Nimber(7));
    for mv in solver.winning_moves(&rows).expect("Kayles ends") {
        println!(
            "rows {rows:?}: replace row {} by {:?}",
            mv.component + 1,
            mv.into
        );
    }

    // Misère play has no nimbers that add; the sum is searched as a whole.
    let misere = SumSolver::new(&Kayles, Convention::Misere)
        .outcome(&[1, 1])
        .expect("Kayles ends");
    assert_eq!(misere, Outcome::N);
    let report = analyze_sum(&Kayles, &rows, Convention::Misere, None).expect("Kayles ends");
    println!(
        "rows {rows:?} in misère play: {:?}, {} winning moves",
        report.outcome,
        report.winning_moves.len()
    );
}
