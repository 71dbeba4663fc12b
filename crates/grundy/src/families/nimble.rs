//! Nimble and Nimble-2 as families: coins on a strip slide left. Nimble is
//! Nim on the coins' cells; Nimble-2 (no jumping, no sharing) is staircase
//! Nim on the gaps (see [`crate::games::nimble`]); normal play only.

use serde_json::Value;

use super::reduced::{list_text, normal_only, Reduced, Reduction};
use crate::family::drawing::Shape;
use crate::family::text::{parse_numbers, parse_u64};
use crate::family::Error;
use crate::game::Convention;
use crate::games::nimble;
use crate::strategy::Moves;

/// Nimble (`two = false`: coins may share cells and jump) or Nimble-2
/// (`two = true`: no sharing, no jumping; coins kept sorted).
pub struct NimbleGame {
    /// Nimble-2.
    pub two: bool,
}

impl NimbleGame {
    fn lowest(&self, p: &[u64], i: usize) -> u64 {
        if self.two && i > 0 {
            p[i - 1] + 1
        } else {
            1
        }
    }

    /// The coins that move: in Nimble, coins sharing a cell are
    /// interchangeable, so only the first coin listed on each cell moves.
    fn movers(&self, p: &[u64]) -> Vec<usize> {
        if self.two {
            return (0..p.len()).collect();
        }
        let mut seen = std::collections::HashSet::with_capacity(p.len());
        (0..p.len()).filter(|&i| seen.insert(p[i])).collect()
    }

    fn moved(p: &[u64], i: usize, to: u64) -> (nimble::CoinMove, Vec<u64>) {
        let mut q = p.to_vec();
        q[i] = to;
        (
            nimble::CoinMove {
                coin: i,
                from: p[i],
                to,
            },
            q,
        )
    }
}

impl Reduction for NimbleGame {
    type Position = Vec<u64>;
    type Move = nimble::CoinMove;

    fn name(&self) -> &'static str {
        if self.two {
            "nimble2"
        } else {
            "nimble"
        }
    }
    fn to_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }
    fn to_text(&self, p: &Vec<u64>) -> String {
        list_text(p)
    }
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        let mut cells = parse_numbers(text, "cell", "cells")?;
        check_cells(&mut cells, self.two)?;
        Ok(cells)
    }
    fn move_count(&self, p: &Vec<u64>) -> u128 {
        self.movers(p)
            .into_iter()
            .map(|i| (p[i] - self.lowest(p, i)) as u128)
            .sum()
    }
    fn moves(&self, p: &Vec<u64>) -> Moves<Self::Move, Vec<u64>> {
        let mut out = Vec::new();
        for i in self.movers(p) {
            for to in (self.lowest(p, i)..p[i]).rev() {
                out.push(Self::moved(p, i, to));
            }
        }
        out
    }
    fn winning(&self, p: &Vec<u64>) -> Vec<Self::Move> {
        let moves = if self.two {
            nimble::winning_moves_nimble2(p)
        } else {
            nimble::winning_moves(p)
        };
        moves.unwrap_or_default()
    }
    fn apply(&self, p: &Vec<u64>, mv: &Self::Move) -> (Self::Move, Vec<u64>) {
        Self::moved(p, mv.coin, mv.to)
    }
    fn size(&self, p: &Vec<u64>) -> usize {
        p.len()
    }
    fn stall_moves(&self, p: &Vec<u64>) -> Moves<Self::Move, Vec<u64>> {
        let mut order: Vec<usize> = (0..p.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(p[i]));
        order
            .into_iter()
            .find(|&i| p[i] > self.lowest(p, i))
            .map(|i| vec![Self::moved(p, i, p[i] - 1)])
            .unwrap_or_default()
    }
    fn stall_rule(&self) -> &'static str {
        "move the rightmost coin that can move one cell to the left"
    }
    fn heaps(&self, p: &Vec<u64>) -> Vec<(String, u64)> {
        if !self.two {
            return p
                .iter()
                .map(|&a| (format!("coin on cell {a}"), a - 1))
                .collect();
        }
        let gaps = nimble::gaps(p).unwrap_or_default();
        let k = gaps.len();
        (0..k)
            .rev()
            .step_by(2)
            .map(|i| {
                let what = if i == 0 {
                    "cells left of the first coin".to_string()
                } else {
                    format!("gap left of coin {}", i + 1)
                };
                (what, gaps[i])
            })
            .collect()
    }
    fn reduction(&self) -> &'static str {
        if self.two {
            "Nimble-2 is staircase Nim on the gaps between the coins read from the right, so it is Nim on every \
             other gap counted from the rightmost coin."
        } else {
            "Nimble is Nim: a coin on cell a is a heap of a - 1 (the cells it can still move), and moving it left \
             shrinks that heap."
        }
    }
    fn picture(&self, p: &Vec<u64>) -> String {
        let width = p.iter().copied().max().unwrap_or(1).min(200);
        let mut row = String::new();
        for cell in 1..=width {
            let n = p.iter().filter(|&&a| a == cell).count();
            row.push(match n {
                0 => '.',
                1 => 'o',
                2..=9 => char::from_digit(n as u32, 10).unwrap_or('o'),
                _ => '*',
            });
        }
        let more = if p.iter().any(|&a| a > width) {
            " ..."
        } else {
            ""
        };
        format!("  cells 1.. | {row}{more}   (o a coin, a digit several)\n")
    }
    fn shape(&self, p: &Vec<u64>) -> Shape {
        Shape::Cells {
            length: p.iter().copied().max().unwrap_or(0),
            coins: p.clone(),
        }
    }
    fn explain(&self, p: &Vec<u64>) -> Option<String> {
        match self.two {
            true => nimble::explain_nimble2(p).ok(),
            false => nimble::explain(p).ok(),
        }
    }
}

fn check_cells(cells: &mut [u64], two: bool) -> Result<(), String> {
    if cells.contains(&0) {
        return Err("cell 0 is off the strip: cells are numbered from 1".to_string());
    }
    if two {
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!(
                "two coins on cell {}: in Nimble-2 a cell holds at most one coin",
                w[0]
            ));
        }
    }
    Ok(())
}

/// Nimble (`two = false`) or Nimble-2 from the coins' cells as written.
pub fn start<S: AsRef<str>>(
    cells: &[S],
    two: bool,
    convention: Convention,
) -> Result<(Reduced<NimbleGame>, Vec<u64>), Error> {
    let game = NimbleGame { two };
    normal_only(game.name(), convention)?;
    let mut cells = cells
        .iter()
        .map(|t| parse_u64(t.as_ref(), "cell"))
        .collect::<Result<Vec<u64>, Error>>()?;
    if cells.is_empty() {
        return Err(Error::new("no coins given"));
    }
    check_cells(&mut cells, two).map_err(Error::new)?;
    Ok((Reduced(game), cells))
}
