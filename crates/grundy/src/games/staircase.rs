//! Staircase Nim: coins lie on the steps of a staircase, step 1 being the
//! floor. A move takes one or more coins from a step `i >= 2` down to step
//! `i - 1`; coins on the floor never move again.
//!
//! Only the even-numbered steps count (seed 000): a move from an even step
//! reduces a Nim heap, a move from an odd step above the floor enlarges one,
//! and enlarging moves are reversible, so they change nothing. The Grundy
//! value is the nim-sum of the coins on steps 2, 4, 6, ... A winning move
//! either takes coins down from an even step (the Nim move) or, just as
//! well, brings coins down onto an even step from the odd step above it.
//!
//! ```
//! use grundy::game::Outcome;
//! use grundy::games::staircase;
//! let a = staircase::analyze(&[0, 3, 0, 2]).unwrap();
//! assert_eq!(a.value.unwrap().0, 3 ^ 2);
//! assert_eq!(a.outcome, Outcome::N);
//! assert_eq!(a.winning_moves[0].mv.to_string(), "move 1 coin from step 2 to step 1");
//! assert_eq!(a.winning_moves[0].to, vec![1, 2, 0, 2]);
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::games::nim;
use crate::nimber::Nimber;

/// Staircase Nim as a [`Game`] on the whole staircase (coins per step,
/// step 1 first), for the generic solvers; use [`analyze`] for answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Game for Staircase {
    type Position = Vec<u64>;
    fn options(&self, steps: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        for i in 1..steps.len() {
            for q in 1..=steps[i] {
                let mut s = steps.clone();
                s[i] -= q;
                s[i - 1] += q;
                out.push(vec![s]);
            }
        }
        out
    }
}

/// A staircase move: `coins` coins from step `from` (1-based) to step `from - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    /// The 1-based step the coins leave (at least 2).
    pub from: usize,
    /// How many coins move down one step.
    pub coins: u64,
}

impl Display for StairMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} coin{} from step {} to step {}",
            self.coins,
            if self.coins == 1 { "" } else { "s" },
            self.from,
            self.from - 1
        )
    }
}

/// The coins on the even steps 2, 4, ...: the Nim heaps of the game.
pub fn even_steps(steps: &[u64]) -> Vec<u64> {
    steps.iter().skip(1).step_by(2).copied().collect()
}

/// The Grundy value: the nim-sum of the coins on the even steps.
pub fn value(steps: &[u64]) -> Nimber {
    nim::value(&even_steps(steps))
}

/// Every move to a position of value 0, in the order of the steps.
pub fn winning_moves(steps: &[u64]) -> Vec<StairMove> {
    let s = value(steps).0;
    let mut out = Vec::new();
    if s == 0 {
        return out;
    }
    for i in (1..steps.len()).step_by(2) {
        // Step i + 1 is even: take coins down from it ...
        let x = steps[i];
        if x ^ s < x {
            out.push(StairMove {
                from: i + 1,
                coins: x - (x ^ s),
            });
        }
        // ... or bring coins onto it from the odd step i + 2 above.
        if i + 1 < steps.len() && x ^ s > x && (x ^ s) - x <= steps[i + 1] {
            out.push(StairMove {
                from: i + 2,
                coins: (x ^ s) - x,
            });
        }
    }
    out.sort_by_key(|m| m.from);
    out
}

/// Applies a move to a list of coins per step.
pub fn apply(steps: &[u64], mv: StairMove) -> Vec<u64> {
    let mut to = steps.to_vec();
    to[mv.from - 1] -= mv.coins;
    to[mv.from - 2] += mv.coins;
    to
}

/// More coins than 64 bits can count: a move could overflow a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the staircase holds more than {} coins in all", u64::MAX)]
pub struct TooManyCoins;

/// Checks that the total number of coins fits in 64 bits (moves keep the
/// total, so then no step can ever overflow).
pub fn check(steps: &[u64]) -> Result<(), TooManyCoins> {
    steps
        .iter()
        .try_fold(0u64, |a, &c| a.checked_add(c))
        .map(|_| ())
        .ok_or(TooManyCoins)
}

/// Value, outcome and every winning move (normal play).
pub fn analyze(steps: &[u64]) -> Result<Analysis<StairMove, Vec<u64>>, TooManyCoins> {
    check(steps)?;
    let v = value(steps);
    Ok(Analysis {
        convention: Convention::Normal,
        value: Some(v),
        outcome: Outcome::from_value(v),
        winning_moves: winning_moves(steps)
            .into_iter()
            .map(|mv| WinningMove {
                mv,
                to: apply(steps, mv),
            })
            .collect(),
    })
}

/// The reduction to Nim on the even steps, the binary columns, and why the
/// first winning move works.
pub fn explain(steps: &[u64]) -> Result<String, TooManyCoins> {
    let heaps = even_steps(steps);
    let a = analyze(steps)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Only the even steps matter. A move from an even step is a Nim move on that step's coins; a move from an odd step \
         (above the floor) adds coins to the even step below it, and the opponent can take exactly those coins on down again, \
         so such enlarging moves gain nothing. The game is Nim on the even steps:"
    );
    if heaps.is_empty() {
        let _ = writeln!(
            out,
            "There is no even step: no coin can ever reach a heap, the value is 0."
        );
        return Ok(out);
    }
    let names: Vec<String> = (0..heaps.len())
        .map(|j| format!("heap {} = step {}", j + 1, 2 * j + 2))
        .collect();
    let _ = writeln!(out, "  {}", names.join(", "));
    out.push_str(&nim::binary_columns(&heaps));
    let s = a.value.map_or(0, |v| v.0);
    if s == 0 {
        let _ = writeln!(
            out,
            "The XOR is 0: a P-position. Whatever the player to move does, the other player answers by \
             making the XOR of the even steps 0 again, and eventually the player to move has no move."
        );
        return Ok(out);
    }
    let _ = writeln!(
        out,
        "The XOR is {s}, not 0: an N-position, the player to move wins."
    );
    for w in &a.winning_moves {
        let mv = w.mv;
        if mv.from % 2 == 0 {
            let x = steps[mv.from - 1];
            let _ = writeln!(
                out,
                "{mv}: step {} goes from {x} to {x} XOR {s} = {} coins, the Nim move on heap {}.",
                mv.from,
                x ^ s,
                mv.from / 2
            );
        } else {
            let x = steps[mv.from - 2];
            let _ = writeln!(
                out,
                "{mv}: step {} grows from {x} to {x} XOR {s} = {} coins (step {} has {} to spare).",
                mv.from - 1,
                x ^ s,
                mv.from,
                steps[mv.from - 1]
            );
        }
    }
    let _ = writeln!(
        out,
        "Each leaves the even steps with XOR 0, a P-position for the opponent."
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_search(steps in proptest::collection::vec(0u64..4, 1..6)) {
            let mut solver = Solver::new(&Staircase);
            let a = analyze(&steps).unwrap();
            let slow = solver.value(&steps).unwrap();
            prop_assert_eq!(a.value, Some(slow));
            prop_assert_eq!(a.outcome, Outcome::from_value(slow));
            let mut expect: Vec<Vec<u64>> = solver
                .winning_moves(std::slice::from_ref(&steps))
                .unwrap()
                .into_iter()
                .map(|m| m.into[0].clone())
                .collect();
            expect.sort();
            let mut got: Vec<Vec<u64>> = a.winning_moves.iter().map(|w| w.to.clone()).collect();
            got.sort();
            prop_assert_eq!(got, expect);
        }
    }

    #[test]
    fn examples() {
        let a = analyze(&[0, 3, 0, 2]).unwrap();
        assert_eq!(a.value, Some(Nimber(1)));
        let tos: Vec<Vec<u64>> = a.winning_moves.iter().map(|w| w.to.clone()).collect();
        // Step 4 would have to grow from 2 to 3, but step 5 is empty.
        assert_eq!(tos, vec![vec![1, 2, 0, 2]]);
        // Bringing coins onto step 2 from step 3.
        let b = analyze(&[0, 1, 5]).unwrap();
        assert_eq!(b.winning_moves.len(), 1);
        assert_eq!(
            b.winning_moves[0].mv.to_string(),
            "move 1 coin from step 2 to step 1"
        );
        let c = analyze(&[0, 0, 5, 1]).unwrap();
        assert_eq!(
            c.winning_moves[0].mv.to_string(),
            "move 1 coin from step 3 to step 2"
        );
        assert_eq!(analyze(&[9]).unwrap().outcome, Outcome::P);
        assert!(explain(&[0, 3, 0, 2]).unwrap().contains("heap 2 = step 4"));
        assert_eq!(analyze(&[u64::MAX, 5]), Err(TooManyCoins));
        assert!(analyze(&[u64::MAX - 5, 5]).is_ok());
    }
}
