//! Playing games that are Nim in disguise (staircase Nim, Nimble,
//! Nimble-2, Turning Turtles, Twins): each is drawn in its own terms, and
//! its Nim heaps (the components and their Grundy values) are shown under
//! the drawing; `why` writes those heaps in binary before and after the
//! computer's move. Normal play only: their closed forms are for normal play.
//!
//! Each game implements [`Reduction`]; [`Reduced`] makes it playable.

use std::fmt::{Debug, Display, Write};
use std::hash::Hash;

use grundy::game::{Convention, Outcome};
use grundy::games::{nim, nimble, staircase, turtles};
use grundy::nimber::Nimber;
use grundy::solve::SolveError;
use grundy::strategy::{Choice, Moves, OneMove, Play};
use serde_json::Value;

use super::{parse_numbers, tokens, Adapter};
use crate::error::{CliError, CliResult};
use crate::report::{parse_u64, parse_u64_list};

/// A game that is Nim on some heaps derived from its position.
pub trait Reduction {
    /// A whole position.
    type Position: Clone + Eq + Hash + Debug;
    /// A move, in the words of the game's analysis command.
    type Move: Clone + Debug + Display;
    /// The game's name, as its analysis command is spelled.
    fn name(&self) -> &'static str;
    /// A position as its analysis command writes `to`.
    fn to_json(&self, p: &Self::Position) -> Value;
    /// A position as its analysis command reads it.
    fn to_text(&self, p: &Self::Position) -> String;
    /// A whole position typed at the prompt (text or JSON).
    fn parse_position(&self, text: &str) -> Result<Self::Position, String>;
    /// The number of legal moves, without listing them.
    fn move_count(&self, p: &Self::Position) -> u128;
    /// Every legal move.
    fn moves(&self, p: &Self::Position) -> Moves<Self::Move, Self::Position>;
    /// Every winning move, by the game's closed form, without the
    /// positions they leave (see [`Reduction::apply`]).
    fn winning(&self, p: &Self::Position) -> Vec<Self::Move>;
    /// The move `mv` played from `p`, with the position it leaves.
    fn apply(&self, p: &Self::Position, mv: &Self::Move) -> (Self::Move, Self::Position);
    /// How many numbers (steps, coins, cells) `p` holds.
    fn size(&self, p: &Self::Position) -> usize;
    /// The stall rule's moves.
    fn stall_moves(&self, p: &Self::Position) -> Moves<Self::Move, Self::Position>;
    /// The stall rule in words.
    fn stall_rule(&self) -> &'static str;
    /// The Nim heaps of `p`, each with what it stands for.
    fn heaps(&self, p: &Self::Position) -> Vec<(String, u64)>;
    /// Why the game is Nim on those heaps.
    fn reduction(&self) -> &'static str;
    /// The position drawn in the game's own terms.
    fn picture(&self, p: &Self::Position) -> String;
}

/// A [`Reduction`] made playable.
pub struct Reduced<T>(pub T);

fn nim_sum(heaps: &[(String, u64)]) -> u64 {
    heaps.iter().fold(0, |a, h| a ^ h.1)
}

impl<T: Reduction> Play for Reduced<T> {
    type Position = T::Position;
    type Move = T::Move;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &T::Position) -> u128 {
        self.0.move_count(p)
    }

    fn moves(&self, p: &T::Position) -> Moves<T::Move, T::Position> {
        self.0.moves(p)
    }

    fn winning_moves(&self, p: &T::Position) -> Result<Moves<T::Move, T::Position>, SolveError> {
        Ok(self
            .0
            .winning(p)
            .iter()
            .map(|mv| self.0.apply(p, mv))
            .collect())
    }

    fn winning_count(&self, p: &T::Position) -> Result<usize, SolveError> {
        Ok(self.0.winning(p).len())
    }

    fn winning_move(&self, p: &T::Position, i: usize) -> OneMove<T::Move, T::Position> {
        Ok(self.0.winning(p).get(i).map(|mv| self.0.apply(p, mv)))
    }

    fn size(&self, p: &T::Position) -> usize {
        self.0.size(p)
    }

    fn stall_moves(&self, p: &T::Position) -> Moves<T::Move, T::Position> {
        self.0.stall_moves(p)
    }
}

impl<T: Reduction> Adapter for Reduced<T> {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn to_json(&self, p: &T::Position) -> Value {
        self.0.to_json(p)
    }

    fn to_text(&self, p: &T::Position) -> String {
        self.0.to_text(p)
    }

    fn parse_position(&self, text: &str) -> Result<T::Position, String> {
        self.0.parse_position(text)
    }

    fn draw(&self, p: &T::Position) -> String {
        let mut out = self.0.picture(p);
        let heaps = self.0.heaps(p);
        if heaps.is_empty() {
            let _ = writeln!(out, "  no Nim heap left: value 0, a P-position");
            return out;
        }
        let _ = writeln!(out, "  as Nim heaps (each one's Grundy value is its size):");
        for (label, h) in &heaps {
            let _ = writeln!(out, "    {label}: heap {h}");
        }
        let s = nim_sum(&heaps);
        let o = Outcome::from_value(Nimber(s));
        let _ = writeln!(
            out,
            "  nim-sum {} = {s}: {} ({})",
            heaps
                .iter()
                .map(|h| h.1.to_string())
                .collect::<Vec<_>>()
                .join(" XOR "),
            if o == Outcome::N {
                "an N-position"
            } else {
                "a P-position"
            },
            o.describe()
        );
        out
    }

    fn value(&self, p: &T::Position) -> Option<Nimber> {
        Some(Nimber(nim_sum(&self.0.heaps(p))))
    }

    fn outcome(&self, p: &T::Position) -> Outcome {
        Outcome::from_value(Nimber(nim_sum(&self.0.heaps(p))))
    }

    fn explain(&self, before: &T::Position, c: &Choice<T::Move, T::Position>) -> String {
        let mut out = format!("The computer played: {}.\n{}\n", c.mv, self.0.reduction());
        let hb: Vec<u64> = self.0.heaps(before).iter().map(|h| h.1).collect();
        let ha: Vec<u64> = self.0.heaps(&c.to).iter().map(|h| h.1).collect();
        let _ = writeln!(out, "Before the move, the heaps in binary and their XOR:");
        out.push_str(&nim::binary_columns(&hb));
        let _ = writeln!(out, "After it:");
        out.push_str(&nim::binary_columns(&ha));
        let (sb, sa) = (nim::value(&hb).0, nim::value(&ha).0);
        if sb == 0 {
            let _ = writeln!(
                out,
                "The XOR was 0: a P-position, so no move wins; the XOR is now {sa}, and you have a winning move \
                 (hint shows it)."
            );
        } else {
            let _ = writeln!(
                out,
                "The XOR was {sb}, not 0: an N-position. The move makes every column even, the XOR is 0, and you \
                 face a P-position: whatever you do, some column becomes odd and the computer evens it again."
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        self.0.stall_rule()
    }
}

/// Refuses misère play for these games.
pub fn normal_only(name: &str, convention: Convention) -> CliResult {
    if convention == Convention::Misere {
        return Err(CliError::new(format!(
            "misère play of {name} is not supported; play it in normal play"
        )));
    }
    Ok(())
}

fn list_text(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// The most tokens drawn in a row.
const ROW: u64 = 40;

// ---------------------------------------------------------------- staircase

/// Staircase Nim: coins per step, step 1 first (the floor).
pub struct StaircaseGame;

impl Reduction for StaircaseGame {
    type Position = Vec<u64>;
    type Move = staircase::StairMove;

    fn name(&self) -> &'static str {
        "staircase"
    }
    fn to_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }
    fn to_text(&self, p: &Vec<u64>) -> String {
        list_text(p)
    }
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        let steps = parse_numbers(text, "step", "steps")?;
        staircase::check(&steps).map_err(|e| e.to_string())?;
        Ok(steps)
    }
    fn move_count(&self, p: &Vec<u64>) -> u128 {
        p.iter().skip(1).map(|&c| c as u128).sum()
    }
    fn moves(&self, p: &Vec<u64>) -> Moves<Self::Move, Vec<u64>> {
        let mut out = Vec::new();
        for i in 1..p.len() {
            for coins in 1..=p[i] {
                let mv = staircase::StairMove { from: i + 1, coins };
                out.push((mv, staircase::apply(p, mv)));
            }
        }
        out
    }
    fn winning(&self, p: &Vec<u64>) -> Vec<Self::Move> {
        staircase::winning_moves(p)
    }
    fn apply(&self, p: &Vec<u64>, mv: &Self::Move) -> (Self::Move, Vec<u64>) {
        (*mv, staircase::apply(p, *mv))
    }
    fn size(&self, p: &Vec<u64>) -> usize {
        p.len()
    }
    fn stall_moves(&self, p: &Vec<u64>) -> Moves<Self::Move, Vec<u64>> {
        (1..p.len())
            .rev()
            .find(|&i| p[i] > 0)
            .map(|i| {
                let mv = staircase::StairMove {
                    from: i + 1,
                    coins: 1,
                };
                vec![(mv, staircase::apply(p, mv))]
            })
            .unwrap_or_default()
    }
    fn stall_rule(&self) -> &'static str {
        "move one coin down from the highest step above the floor that has coins"
    }
    fn heaps(&self, p: &Vec<u64>) -> Vec<(String, u64)> {
        (1..p.len())
            .step_by(2)
            .map(|i| (format!("step {}", i + 1), p[i]))
            .collect()
    }
    fn reduction(&self) -> &'static str {
        "Staircase Nim is Nim on the even steps: coins moved from an even step to the odd one below leave a \
         Nim heap, and coins moved onto an even step can be moved straight back down, so they change nothing."
    }
    fn picture(&self, p: &Vec<u64>) -> String {
        let mut out = String::new();
        let digits = p.iter().map(|c| c.to_string().len()).max().unwrap_or(1);
        for (i, &c) in p.iter().enumerate().rev() {
            let floor = if i == 0 { "  (the floor)" } else { "" };
            let _ = writeln!(
                out,
                "  step {:>2} | {c:>digits$} {}{floor}",
                i + 1,
                tokens(c, ROW, 'o')
            );
        }
        out
    }
}

// ------------------------------------------------------------------ nimble

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
            nimble::winning_moves2(p)
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

// ----------------------------------------------------------------- turtles

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
}

/// Numbers from the command line: coins per step, or coin cells.
#[derive(clap::Args, Debug)]
pub struct ListStart {
    /// Coins on steps 1, 2, ... (staircase) or the cells of the coins (Nimble).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub items: Vec<String>,
}

/// A row of coins from the command line.
#[derive(clap::Args, Debug)]
pub struct RowStart {
    /// The row: O face up, X face down, cell 1 on the left.
    #[arg(value_name = "ROW")]
    pub row: String,
}

/// Staircase Nim from the command line.
pub fn start_staircase(
    args: &ListStart,
    convention: Convention,
) -> CliResult<(Reduced<StaircaseGame>, Vec<u64>)> {
    normal_only("staircase", convention)?;
    let steps = parse_u64_list(&args.items, "coins on a step", "steps")?;
    staircase::check(&steps).map_err(|e| CliError::new(e.to_string()))?;
    Ok((Reduced(StaircaseGame), steps))
}

/// Nimble or Nimble-2 from the command line.
pub fn start_nimble(
    args: &ListStart,
    two: bool,
    convention: Convention,
) -> CliResult<(Reduced<NimbleGame>, Vec<u64>)> {
    let game = NimbleGame { two };
    normal_only(game.name(), convention)?;
    let mut cells = args
        .items
        .iter()
        .map(|t| parse_u64(t, "cell"))
        .collect::<CliResult<Vec<u64>>>()?;
    if cells.is_empty() {
        return Err(CliError::new("no coins given"));
    }
    check_cells(&mut cells, two).map_err(CliError::new)?;
    Ok((Reduced(game), cells))
}

/// Turning Turtles or Twins from the command line.
pub fn start_turtles(
    args: &RowStart,
    variant: turtles::Variant,
    convention: Convention,
) -> CliResult<(Reduced<TurtlesGame>, Vec<bool>)> {
    let game = TurtlesGame(variant);
    normal_only(game.name(), convention)?;
    let row = turtles::parse_row(&args.row).map_err(|e| CliError::new(e.to_string()))?;
    Ok((Reduced(game), row))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::game::Game;
    use grundy::solve::Solver;

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
        let t =
            TurtlesGame(turtles::Variant::Twins).stall_moves(&turtles::parse_row("OXXO").unwrap());
        assert_eq!(turtles::show_row(&t[0].1), "OXOX");
    }
}
