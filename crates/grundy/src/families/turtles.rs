//! Turning Turtles and Twins as families: a row of coins, a move turns one
//! face-up coin down and may (Turtles) or must (Twins) flip one coin to its
//! left. Both are Nim in disguise (see [`crate::games::turtles`]); normal
//! play only.

use serde_json::Value;

use super::reduced::{normal_only, Reduced, Reduction};
use crate::family::drawing::Shape;
use crate::family::Error;
use crate::game::Convention;
use crate::games::turtles;
use crate::strategy::Moves;

/// Turning Turtles or Twins on a row of coins.
pub struct TurtlesGame(pub turtles::Variant);

impl TurtlesGame {
    fn turned(row: &[bool], x: usize, flip: Option<usize>) -> (turtles::TurnMove, Vec<bool>) {
        let mut q = row.to_vec();
        q[x] = false;
        if let Some(y) = flip {
            q[y] = !q[y];
        }
        (
            turtles::TurnMove {
                turn: x + 1,
                flip: flip.map(|y| y + 1),
            },
            q,
        )
    }
}

impl Reduction for TurtlesGame {
    type Position = Vec<bool>;
    type Move = turtles::TurnMove;

    fn name(&self) -> &'static str {
        match self.0 {
            turtles::Variant::Turtles => "turtles",
            turtles::Variant::Twins => "twins",
        }
    }
    fn to_json(&self, p: &Vec<bool>) -> Value {
        Value::from(turtles::show_row(p))
    }
    fn to_text(&self, p: &Vec<bool>) -> String {
        turtles::show_row(p)
    }
    fn parse_position(&self, text: &str) -> Result<Vec<bool>, String> {
        let t = text.trim();
        let t = t
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(t);
        turtles::parse_row(t).map_err(|e| e.to_string())
    }
    fn move_count(&self, p: &Vec<bool>) -> u128 {
        let extra = u128::from(self.0 == turtles::Variant::Turtles);
        (0..p.len())
            .filter(|&x| p[x])
            .map(|x| x as u128 + extra)
            .sum()
    }
    fn moves(&self, p: &Vec<bool>) -> Moves<Self::Move, Vec<bool>> {
        let mut out = Vec::new();
        for x in (0..p.len()).filter(|&x| p[x]) {
            if self.0 == turtles::Variant::Turtles {
                out.push(Self::turned(p, x, None));
            }
            for y in (0..x).rev() {
                out.push(Self::turned(p, x, Some(y)));
            }
        }
        out
    }
    fn winning(&self, p: &Vec<bool>) -> Vec<Self::Move> {
        turtles::winning_moves(p, self.0)
    }
    fn apply(&self, p: &Vec<bool>, mv: &Self::Move) -> (Self::Move, Vec<bool>) {
        Self::turned(p, mv.turn - 1, mv.flip.map(|y| y - 1))
    }
    fn size(&self, p: &Vec<bool>) -> usize {
        p.len()
    }
    fn stall_moves(&self, p: &Vec<bool>) -> Moves<Self::Move, Vec<bool>> {
        let movable = |x: usize| x > 0 || self.0 == turtles::Variant::Turtles;
        (0..p.len())
            .rev()
            .find(|&x| p[x] && movable(x))
            .map(|x| vec![Self::turned(p, x, x.checked_sub(1))])
            .unwrap_or_default()
    }
    fn stall_rule(&self) -> &'static str {
        "turn the rightmost face-up coin that can be turned and flip the cell just left of it"
    }
    fn heaps(&self, p: &Vec<bool>) -> Vec<(String, u64)> {
        let h = turtles::heaps(p, self.0);
        (0..p.len())
            .filter(|&x| p[x])
            .zip(h)
            .map(|(x, h)| (format!("O on cell {}", x + 1), h))
            .collect()
    }
    fn reduction(&self) -> &'static str {
        match self.0 {
            turtles::Variant::Turtles => {
                "Turning Turtles is Nim: a face-up coin on cell x is a heap of x; turning it and flipping cell y \
                 replaces that heap by one of y (or by nothing)."
            }
            turtles::Variant::Twins => {
                "Twins is Nim: a face-up coin on cell x is a heap of x - 1; turning it and flipping cell y replaces \
                 that heap by one of y - 1."
            }
        }
    }
    fn picture(&self, p: &Vec<bool>) -> String {
        let numbers: String = (1..=p.len())
            .map(|i| char::from(b'0' + (i % 10) as u8))
            .collect();
        format!(
            "  cell | {numbers}\n  row  | {}   (O face up, X face down)\n",
            turtles::show_row(p)
        )
    }
    fn shape(&self, p: &Vec<bool>) -> Shape {
        Shape::Coins { up: p.clone() }
    }
    fn explain(&self, p: &Vec<bool>) -> Option<String> {
        Some(turtles::explain(p, self.0))
    }
}

/// Turning Turtles or Twins from the row as written (O face up, X face down).
pub fn start(
    row: &str,
    variant: turtles::Variant,
    convention: Convention,
) -> Result<(Reduced<TurtlesGame>, Vec<bool>), Error> {
    let game = TurtlesGame(variant);
    normal_only(game.name(), convention)?;
    let row = turtles::parse_row(row).map_err(|e| Error::new(e.to_string()))?;
    Ok((Reduced(game), row))
}
