//! Nimble and Nimble-2: coins on a strip of cells numbered from 1; a move
//! slides one coin any distance to the left, staying on the strip.
//!
//! In **Nimble** coins may jump over each other and share cells, so each
//! coin is independent: a coin on cell `a` is a Nim heap of `a - 1`, and the
//! Grundy value is the nim-sum of the `a_i - 1` (seed 000).
//!
//! In **Nimble-2** a coin may neither jump over another nor land on one.
//! With the coins sorted, `c_1 < ... < c_k`, the gaps `d_1 = c_1 - 1` and
//! `d_i = c_i - c_(i-1) - 1` carry the game: moving coin `i` left by `q`
//! moves `q` units from `d_i` to `d_(i+1)` (from `d_k` they leave). That is
//! [staircase Nim](crate::games::staircase) with `d_k` on step 2, `d_(k-1)`
//! on step 3, ..., so the value is `d_k XOR d_(k-2) XOR d_(k-4) ...`.
//!
//! ```
//! use grundy::games::nimble;
//! let a = nimble::analyze(&[3, 5, 9]).unwrap();
//! assert_eq!(a.value.unwrap().0, 2 ^ 4 ^ 8);
//! assert_eq!(a.winning_moves[0].mv.to_string(), "move the coin on cell 9 to cell 7");
//! let b = nimble::analyze_nimble2(&[3, 5, 9]).unwrap();   // gaps 2, 1, 3
//! assert_eq!(b.value.unwrap().0, 3 ^ 2);
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::games::{nim, staircase};
use crate::nimber::Nimber;

/// Why a list of coin cells is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// A coin on cell 0.
    #[error("cell 0 is off the strip: cells are numbered from 1")]
    Zero,
    /// Two coins on one cell in Nimble-2.
    #[error("two coins on cell {0}: in Nimble-2 a cell holds at most one coin")]
    Shared(u64),
}

/// One coin of Nimble as a [`Game`] component (its cell); a position is the
/// sum of its coins. For the generic solvers; use [`analyze`] for answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nimble;

impl Game for Nimble {
    type Position = u64;
    fn options(&self, &cell: &u64) -> Vec<Vec<u64>> {
        (1..cell).map(|c| vec![c]).collect()
    }
}

/// Nimble-2 as a [`Game`] on the sorted list of occupied cells (the coins
/// block each other, so they are one component).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nimble2;

impl Game for Nimble2 {
    type Position = Vec<u64>;
    fn options(&self, cells: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        for i in 0..cells.len() {
            let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
            for c in lowest..cells[i] {
                let mut to = cells.clone();
                to[i] = c;
                out.push(vec![to]);
            }
        }
        out
    }
}

/// A coin slid to the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CoinMove {
    /// 0-based index of the coin in the list given.
    pub coin: usize,
    /// Its cell before the move.
    pub from: u64,
    /// Its cell after the move.
    pub to: u64,
}

impl Display for CoinMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move the coin on cell {} to cell {}", self.from, self.to)
    }
}

/// The cells after `mv` (the coins keep their order).
pub fn apply(cells: &[u64], mv: CoinMove) -> Vec<u64> {
    let mut to = cells.to_vec();
    to[mv.coin] = mv.to;
    to
}

fn check_cells(cells: &[u64]) -> Result<(), CellError> {
    if cells.contains(&0) {
        return Err(CellError::Zero);
    }
    Ok(())
}

/// The Nim heaps of Nimble: `a - 1` for a coin on cell `a`.
pub fn heaps(cells: &[u64]) -> Vec<u64> {
    cells.iter().map(|&a| a.saturating_sub(1)).collect()
}

/// Nimble's winning moves without the positions they lead to. Coins
/// sharing a cell are interchangeable, so a move is listed once per cell
/// (for the first coin in the list on it).
///
/// ```
/// use grundy::games::nimble;
/// assert_eq!(nimble::winning_moves(&[2, 2, 2]).unwrap().len(), 1);
/// assert!(nimble::winning_moves(&[3, 3]).unwrap().is_empty());
/// ```
pub fn winning_moves(cells: &[u64]) -> Result<Vec<CoinMove>, CellError> {
    check_cells(cells)?;
    let s = nim::value(&heaps(cells));
    let mut moves: Vec<CoinMove> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, &a) in cells.iter().enumerate() {
        let h = a - 1;
        if h ^ s.0 < h && seen.insert(a) {
            moves.push(CoinMove {
                coin: i,
                from: a,
                to: (h ^ s.0) + 1,
            });
        }
    }
    Ok(moves)
}

/// Nimble: value, outcome and every winning move (see [`winning_moves`]).
pub fn analyze(cells: &[u64]) -> Result<Analysis<CoinMove, Vec<u64>>, CellError> {
    let moves = winning_moves(cells)?;
    let s = nim::value(&heaps(cells));
    Ok(Analysis {
        convention: Convention::Normal,
        value: Some(s),
        outcome: Outcome::from_value(s),
        winning_moves: moves
            .into_iter()
            .map(|mv| WinningMove {
                mv,
                to: apply(cells, mv),
            })
            .collect(),
    })
}

/// Nimble: the reduction to Nim, the columns, and the first winning move.
pub fn explain(cells: &[u64]) -> Result<String, CellError> {
    let a = analyze(cells)?;
    let h = heaps(cells);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Coins may share cells and jump, so each coin is a game of its own: a coin on cell a can go to any of the a - 1 cells \
         to its left, exactly a Nim heap of a - 1. The position is Nim on these heaps:"
    );
    let names: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(i, a)| format!("heap {} = coin on cell {a}", i + 1))
        .collect();
    let _ = writeln!(out, "  {}", names.join(", "));
    out.push_str(&nim::binary_columns(&h));
    let s = a.value.map_or(0, |v| v.0);
    match a.winning_moves.first() {
        None if s == 0 => {
            let _ = writeln!(out, "The XOR is 0: a P-position, the player to move loses.");
        }
        None => {}
        Some(w) => {
            let _ = writeln!(
                out,
                "The XOR is {s}: an N-position. {}: its heap goes from {} to {} XOR {s} = {}, and the XOR becomes 0.",
                w.mv,
                w.mv.from - 1,
                w.mv.from - 1,
                w.mv.to - 1
            );
        }
    }
    Ok(out)
}

/// The staircase of a Nimble-2 position, and for every staircase step above
/// the floor the index (in `cells`) of the coin whose gap lies on it.
fn staircase_of(cells: &[u64]) -> Result<(Vec<u64>, Vec<usize>), CellError> {
    check_cells(cells)?;
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&i| cells[i]);
    for w in order.windows(2) {
        if cells[w[0]] == cells[w[1]] {
            return Err(CellError::Shared(cells[w[0]]));
        }
    }
    let k = cells.len();
    let mut steps = vec![0u64; k + 1];
    let mut coin_on_step = vec![usize::MAX; k + 1];
    let mut prev = 0;
    for (j, &i) in order.iter().enumerate() {
        // The gap before the j-th coin (0-based, sorted) is on step k - j + 1.
        steps[k - j] = cells[i] - prev - 1;
        coin_on_step[k - j] = i;
        prev = cells[i];
    }
    Ok((steps, coin_on_step))
}

/// The gaps `d_1, ..., d_k` of a Nimble-2 position, coins sorted.
pub fn gaps(cells: &[u64]) -> Result<Vec<u64>, CellError> {
    let (steps, _) = staircase_of(cells)?;
    Ok(steps[1..].iter().rev().copied().collect())
}

/// Nimble-2's winning moves without the positions they lead to (by way of
/// staircase Nim on the gaps).
///
/// ```
/// use grundy::games::nimble;
/// assert_eq!(nimble::winning_moves_nimble2(&[2, 5]).unwrap().len(), 1);
/// assert!(nimble::winning_moves_nimble2(&[2, 2]).is_err());
/// ```
pub fn winning_moves_nimble2(cells: &[u64]) -> Result<Vec<CoinMove>, CellError> {
    let (steps, coin_on_step) = staircase_of(cells)?;
    Ok(staircase::winning_moves(&steps)
        .iter()
        .map(|m| {
            let coin = coin_on_step[m.from - 1];
            CoinMove {
                coin,
                from: cells[coin],
                to: cells[coin] - m.coins,
            }
        })
        .collect())
}

/// Nimble-2: value, outcome and every winning move (see
/// [`winning_moves_nimble2`]). The coins may be listed in any order; every
/// position after a move keeps that order.
pub fn analyze_nimble2(cells: &[u64]) -> Result<Analysis<CoinMove, Vec<u64>>, CellError> {
    let moves = winning_moves_nimble2(cells)?;
    let (steps, _) = staircase_of(cells)?;
    let v = staircase::value(&steps);
    Ok(Analysis {
        convention: Convention::Normal,
        value: Some(v),
        outcome: Outcome::from_value(v),
        winning_moves: moves
            .into_iter()
            .map(|mv| WinningMove {
                mv,
                to: apply(cells, mv),
            })
            .collect(),
    })
}

/// Nimble-2: the gaps, the staircase they form, Nim on its even steps, and
/// the winning moves as coin moves.
pub fn explain_nimble2(cells: &[u64]) -> Result<String, CellError> {
    let (steps, coin_on_step) = staircase_of(cells)?;
    let a = analyze_nimble2(cells)?;
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "No jumping and no sharing: what matters is the gaps between neighbours. Sorted, the coins are on cells {}; \
         the gaps (free cells before each coin) are {}.",
        join(&sorted),
        join(&gaps(cells)?)
    );
    let _ = writeln!(
        out,
        "Sliding a coin left by q takes q cells from the gap before it and adds them to the gap after it (after the last coin \
         they are lost). That is staircase Nim with the last gap on step 2, the one before it on step 3, and so on:"
    );
    let names: Vec<String> = (2..=steps.len())
        .map(|st| {
            format!(
                "step {st} = gap before the coin on cell {}",
                cells[coin_on_step[st - 1]]
            )
        })
        .collect();
    for n in names {
        let _ = writeln!(out, "  {n}");
    }
    out.push_str(
        &staircase::explain(&steps).expect("the gaps of a strip add up to less than its last cell"),
    );
    if !a.winning_moves.is_empty() {
        let _ = writeln!(out, "On the strip:");
        for w in &a.winning_moves {
            let _ = writeln!(out, "  {}", w.mv);
        }
    }
    Ok(out)
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// The value of a Nimble-2 position straight from its gaps:
/// `d_k XOR d_(k-2) XOR ...`.
pub fn value2(cells: &[u64]) -> Result<Nimber, CellError> {
    let (steps, _) = staircase_of(cells)?;
    Ok(staircase::value(&steps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{analyze_sum, Solver};
    use proptest::prelude::*;

    fn sorted_tos(v: impl Iterator<Item = Vec<u64>>) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = v
            .map(|mut t| {
                t.sort_unstable();
                t
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn nimble_agrees_with_search(cells in proptest::collection::vec(1u64..10, 0..5)) {
            let a = analyze(&cells).unwrap();
            let slow = analyze_sum(&Nimble, &cells, Convention::Normal, None).unwrap();
            prop_assert_eq!(a.value, slow.value);
            prop_assert_eq!(a.outcome, slow.outcome);
            prop_assert_eq!(
                sorted_tos(a.winning_moves.iter().map(|w| w.to.clone())),
                sorted_tos(slow.winning_moves.iter().map(|w| w.to.clone()))
            );
        }

        #[test]
        fn nimble2_agrees_with_search(set in proptest::collection::btree_set(1u64..12, 0..5), seed in any::<u64>()) {
            let mut cells: Vec<u64> = set.into_iter().collect();
            // Any order of the coins is accepted.
            let n = cells.len();
            if n > 1 {
                cells.rotate_left((seed % n as u64) as usize);
            }
            let a = analyze_nimble2(&cells).unwrap();
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            let mut solver = Solver::new(&Nimble2);
            let v = solver.value(&sorted).unwrap();
            prop_assert_eq!(a.value, Some(v));
            prop_assert_eq!(value2(&cells).unwrap(), v);
            prop_assert_eq!(a.outcome, Outcome::from_value(v));
            let slow = solver.winning_moves(std::slice::from_ref(&sorted)).unwrap();
            prop_assert_eq!(
                sorted_tos(a.winning_moves.iter().map(|w| w.to.clone())),
                sorted_tos(slow.into_iter().map(|m| m.into[0].clone()))
            );
            for w in &a.winning_moves {
                prop_assert_eq!(w.to[w.mv.coin], w.mv.to);
            }
        }
    }

    #[test]
    fn errors_and_examples() {
        assert_eq!(analyze(&[3, 0]).unwrap_err(), CellError::Zero);
        assert_eq!(
            analyze_nimble2(&[4, 2, 4]).unwrap_err(),
            CellError::Shared(4)
        );
        // Shared cells are fine in Nimble; the move is listed once.
        let a = analyze(&[5, 5, 2]).unwrap();
        assert_eq!(a.value, Some(Nimber(1)));
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, vec![5, 5, 1]);
        assert_eq!(gaps(&[9, 3, 5]).unwrap(), vec![2, 1, 3]);
        let e = explain_nimble2(&[3, 5, 9]).unwrap();
        assert!(e.contains("step 2 = gap before the coin on cell 9"), "{e}");
        assert!(explain(&[3, 5, 9])
            .unwrap()
            .contains("heap 3 = coin on cell 9"));
    }
}
