//! The theorems that give the P-positions of two-heap games for every
//! position: a finding in a game's table that states exactly what the
//! theorem states is proven, not only observed.
//!
//! - Wythoff's game (Wythoff 1907): `(floor(k phi), floor(k phi^2))`;
//! - r-Wythoff (Fraenkel 1982): `(floor(k alpha), floor(k alpha) + r k)`,
//!   `alpha = (2 - r + sqrt(r^2 + 4)) / 2`;
//! - Euclid's game (Cole and Davie 1969): with `0 < x < y`, lost exactly
//!   when `y < x phi`, that is `y <= floor(x phi)`; a position with an
//!   empty heap has no move.
//!
//! ```
//! use grundy::pattern::{report::Report, Status};
//! let r = Report::two_heap("euclid".parse().unwrap(), 60).unwrap();
//! let wedge = r.findings.iter().find(|f| f.is_p_position(5, 8).is_some()).unwrap();
//! assert!(matches!(&wedge.status, Status::Proven { theorem } if theorem.contains("Cole and Davie")));
//! ```

use super::beatty::Beatty;
use super::table::{pair_formula, wedge_formula};
use super::{Finding, Model, Status};
use crate::games::twoheap::TwoHeapGame;

/// The P-positions a theorem gives for `game`, with the theorem.
fn theorem(game: &TwoHeapGame) -> Option<(Model, &'static str)> {
    let phi = Beatty::quadratic(1, 1, 5, 2);
    match *game {
        TwoHeapGame::RWythoff(1) => Some((
            Model::BeattyPair(phi, Beatty::quadratic(3, 1, 5, 2)),
            "Wythoff 1907: the P-positions are (floor(k phi), floor(k phi^2)) and their mirror images",
        )),
        TwoHeapGame::RWythoff(r) => {
            let r = i128::from(r);
            Some((
                Model::BeattyPair(
                    Beatty::quadratic(2 - r, 1, r * r + 4, 2),
                    Beatty::quadratic(2 + r, 1, r * r + 4, 2),
                ),
                "Fraenkel 1982: the P-positions are (floor(k alpha), floor(k alpha) + r k), alpha = (2 - r + sqrt(r^2 + 4))/2, and their mirror images",
            ))
        }
        TwoHeapGame::Euclid => Some((
            Model::Wedge(phi),
            "Cole and Davie 1969: with 0 < x < y the player to move loses exactly when y < x phi; an empty heap leaves no move",
        )),
        _ => None,
    }
}

/// Proves the finding of `game`'s P-positions where a theorem gives them:
/// the finding of the same shape (a Beatty pair, a wedge) becomes the
/// theorem's statement, proven, once that statement gives every cell of
/// the table `values` (`n x n`, row by row) right. A short table may fit
/// other sequences too; the theorem's are the ones true past it.
pub fn prove(game: &TwoHeapGame, n: usize, values: &[u64], findings: &mut [Finding]) {
    let Some((model, theorem)) = theorem(game) else {
        return;
    };
    let shape = std::mem::discriminant(&model);
    for f in findings {
        if std::mem::discriminant(&f.model) != shape {
            continue;
        }
        let mut stated = f.clone();
        stated.model = model.clone();
        let agrees = (0..n).all(|x| {
            (0..n).all(|y| stated.is_p_position(x as u64, y as u64) == Some(values[x * n + y] == 0))
        });
        if agrees {
            stated.formula = match &model {
                Model::BeattyPair(a, b) => pair_formula(a, b),
                Model::Wedge(u) => wedge_formula(u),
                _ => stated.formula,
            };
            stated.status = Status::Proven {
                theorem: theorem.to_string(),
            };
            *f = stated;
        }
    }
}

#[cfg(test)]
#[path = "twoheap_theorems_tests.rs"]
mod tests;
