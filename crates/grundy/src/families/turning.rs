//! Coin-turning games on a strip as a family: a turning code or a named
//! game, and a row of coins. Each head is a heap whose size is its coin's
//! value (the heap representation, see [`crate::turning`]), so the game is
//! Nim in disguise; normal play only.

use std::ops::ControlFlow;

use serde_json::Value;

use super::reduced::{normal_only, Reduced, Reduction};
use crate::family::drawing::Shape;
use crate::family::Error;
use crate::game::Convention;
use crate::strategy::Moves;
use crate::turning::code::TurningCode;
use crate::turning::moves::{count_moves, for_each_move};
use crate::turning::row::{self, Letters, Turn};
use crate::turning::{named, values};

/// The most moves, over all coins of the row together, of a game started
/// here: every position of the game has at most this many moves, so
/// listing them and finding the winning ones stays quick.
pub const MAX_ROW_MOVES: u64 = 2_000_000;

/// A coin-turning game on a row of fixed length.
pub struct TurningGame {
    /// The name shown: the game's name or its code.
    pub title: String,
    /// The code.
    pub code: TurningCode,
    /// `values[n]`: the value of coin `n` (1-based; `values[0]` is 0).
    pub values: Vec<u64>,
    /// How rows are written.
    pub letters: Letters,
}

impl TurningGame {
    /// The game of `variant` (a code or a name) on rows of `len` coins,
    /// refused when the row's coins have more than [`MAX_ROW_MOVES`] moves.
    pub fn new(variant: &str, len: usize, letters: Letters) -> Result<TurningGame, Error> {
        let (title, code) = named::resolve(variant).map_err(|e| Error::new(e.to_string()))?;
        let mut total = 0u64;
        for n in 1..=len as u64 {
            total += count_moves(&code, n, MAX_ROW_MOVES);
            if total > MAX_ROW_MOVES {
                return Err(Error::new(format!(
                    "under {title}, the coins 1..{n} already have more than {MAX_ROW_MOVES} moves; \
                     a row of {len} coins is too long to play (grundy seq turning:CODE gives coin values)"
                )));
            }
        }
        let values =
            values::coin_values(&code, len as u64).map_err(|e| Error::new(e.to_string()))?;
        Ok(TurningGame {
            title,
            code,
            values,
            letters,
        })
    }

    fn moves_at(&self, p: &[bool], n: u64, out: &mut Moves<Turn, Vec<bool>>) {
        let _ = for_each_move(&self.code, n, &mut |others| {
            let mut set = others.to_vec();
            set.push(n);
            let t = Turn(set);
            out.push((t.clone(), row::apply(p, &t)));
            ControlFlow::Continue(())
        });
    }
}

impl Reduction for TurningGame {
    type Position = Vec<bool>;
    type Move = Turn;

    fn name(&self) -> &'static str {
        "turning"
    }
    fn to_json(&self, p: &Vec<bool>) -> Value {
        Value::from(row::show_row(p, self.letters))
    }
    fn to_text(&self, p: &Vec<bool>) -> String {
        row::show_row(p, self.letters)
    }
    fn parse_position(&self, text: &str) -> Result<Vec<bool>, String> {
        let t = text.trim();
        let t = t
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(t);
        let (p, _) = row::parse_row(t)?;
        let len = self.values.len() - 1;
        if p.len() > len {
            return Err(format!(
                "the row has {} coins; this game is played on {len}",
                p.len()
            ));
        }
        Ok(p)
    }
    fn move_count(&self, p: &Vec<bool>) -> u128 {
        (0..p.len())
            .filter(|&i| p[i])
            .map(|i| u128::from(count_moves(&self.code, i as u64 + 1, MAX_ROW_MOVES)))
            .sum()
    }
    fn moves(&self, p: &Vec<bool>) -> Moves<Turn, Vec<bool>> {
        let mut out = Vec::new();
        for i in (0..p.len()).filter(|&i| p[i]) {
            self.moves_at(p, i as u64 + 1, &mut out);
        }
        out
    }
    fn winning(&self, p: &Vec<bool>) -> Vec<Turn> {
        row::winning_moves(&self.code, p, &self.values, u64::MAX).unwrap_or_default()
    }
    fn apply(&self, p: &Vec<bool>, mv: &Turn) -> (Turn, Vec<bool>) {
        (mv.clone(), row::apply(p, mv))
    }
    fn size(&self, p: &Vec<bool>) -> usize {
        p.len()
    }
    fn stall_moves(&self, p: &Vec<bool>) -> Moves<Turn, Vec<bool>> {
        for i in (0..p.len()).rev().filter(|&i| p[i]) {
            let mut out = Vec::new();
            self.moves_at(p, i as u64 + 1, &mut out);
            if let Some(first) = out.into_iter().min_by_key(|m| m.0 .0.len()) {
                return vec![first];
            }
        }
        Vec::new()
    }
    fn stall_rule(&self) -> &'static str {
        "at the rightmost head that has a move, turn as few coins as the rules allow"
    }
    fn heaps(&self, p: &Vec<bool>) -> Vec<(String, u64)> {
        (0..p.len())
            .filter(|&i| p[i])
            .map(|i| (format!("head on coin {}", i + 1), self.values[i + 1]))
            .collect()
    }
    fn reduction(&self) -> &'static str {
        "A coin-turning game is Nim: a head on coin n is a heap of the coin's value, the least number that \
         is not the nim-sum of the values of the other coins of a move from n (a coin turned up adds its \
         heap, one turned down removes it)."
    }
    fn picture(&self, p: &Vec<bool>) -> String {
        let numbers: String = (1..=p.len())
            .map(|i| char::from(b'0' + (i % 10) as u8))
            .collect();
        let legend = match self.letters {
            Letters::HeadsTails => "(H heads, T tails)",
            Letters::UpDown => "(O face up, X face down)",
        };
        format!(
            "  game | {}\n  coin | {numbers}\n  row  | {}   {legend}\n",
            self.title,
            row::show_row(p, self.letters)
        )
    }
    fn shape(&self, p: &Vec<bool>) -> Shape {
        Shape::Coins { up: p.clone() }
    }
    fn explain(&self, p: &Vec<bool>) -> Option<String> {
        Some(TurningGame::explain(self, p))
    }
}

impl TurningGame {
    /// Why the row has its value: each head's coin value, their nim-sum in
    /// binary, and what a winning move must do.
    pub fn explain(&self, p: &[bool]) -> String {
        let heaps: Vec<u64> = (0..p.len())
            .filter(|&i| p[i])
            .map(|i| self.values[i + 1])
            .collect();
        let mut out = format!(
            "{} is Nim on its heads (the heap representation): the value of coin n is the least number \
             that is not the nim-sum of the values of the other coins of a move from n.\n",
            self.title
        );
        let values: Vec<String> = (1..=p.len()).map(|n| self.values[n].to_string()).collect();
        out.push_str(&format!(
            "Coin values 1..{}: {}\n",
            p.len(),
            values.join(" ")
        ));
        if heaps.is_empty() {
            out.push_str("No coin shows heads: no move is left.\n");
            return out;
        }
        out.push_str("The heads' values in binary and their XOR:\n");
        out.push_str(&crate::games::nim::binary_columns(&heaps));
        let v = heaps.iter().fold(0, |a, h| a ^ h);
        if v == 0 {
            out.push_str("The XOR is 0: a P-position; every move changes it.\n");
        } else {
            out.push_str(&format!(
                "The XOR is {v}: a winning move turns a head on coin n and other coins whose values, with \
                 n's, XOR to {v}.\n"
            ));
        }
        out
    }
}

/// A coin-turning game from its code or name and the row as written (H
/// heads and T tails, or O and X).
pub fn start(
    variant: &str,
    row_text: &str,
    convention: Convention,
) -> Result<(Reduced<TurningGame>, Vec<bool>), Error> {
    normal_only("turning", convention)?;
    let (p, letters) = row::parse_row(row_text).map_err(Error::new)?;
    let game = TurningGame::new(variant, p.len(), letters)?;
    Ok((Reduced(game), p))
}
