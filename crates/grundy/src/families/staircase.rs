//! Staircase Nim as a family: coins on steps, step 1 the floor; a move
//! takes coins from one step down to the next. It is Nim on steps 2, 4, 6, ...
//! (see [`crate::games::staircase`]); normal play only.

use std::fmt::Write;

use serde_json::Value;

use super::reduced::{list_text, normal_only, Reduced, Reduction, ROW};
use crate::family::drawing::Shape;
use crate::family::text::{parse_numbers, parse_u64, tokens};
use crate::family::Error;
use crate::game::Convention;
use crate::games::staircase;
use crate::strategy::Moves;

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
    fn shape(&self, p: &Vec<u64>) -> Shape {
        Shape::Steps { coins: p.clone() }
    }
    fn explain(&self, p: &Vec<u64>) -> Option<String> {
        staircase::explain(p).ok()
    }
}

/// Staircase Nim from the coins on each step as written.
pub fn start<S: AsRef<str>>(
    steps: &[S],
    convention: Convention,
) -> Result<(Reduced<StaircaseGame>, Vec<u64>), Error> {
    normal_only("staircase", convention)?;
    if steps.is_empty() {
        return Err(Error::new(
            "no steps given: list the coins on steps 1, 2, ...",
        ));
    }
    let steps = steps
        .iter()
        .enumerate()
        .map(|(i, t)| {
            parse_u64(
                t.as_ref(),
                &format!("the number of coins on step {}", i + 1),
            )
        })
        .collect::<Result<Vec<u64>, Error>>()?;
    staircase::check(&steps).map_err(|e| Error::new(e.to_string()))?;
    Ok((Reduced(StaircaseGame), steps))
}
