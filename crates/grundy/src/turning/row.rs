//! A row of coins under a turning code: reading and writing it, its
//! value, and its winning moves as the coins to turn.

use std::fmt::{self, Display};
use std::ops::ControlFlow;

use super::code::TurningCode;
use super::moves::for_each_move;

/// How a row is written: `H`/`T` (heads, tails) or `O`/`X` (face up, face
/// down, as Turning Turtles writes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Letters {
    /// `H` heads, `T` tails.
    HeadsTails,
    /// `O` face up, `X` face down.
    UpDown,
}

impl Letters {
    fn of(self, heads: bool) -> char {
        match (self, heads) {
            (Letters::HeadsTails, true) => 'H',
            (Letters::HeadsTails, false) => 'T',
            (Letters::UpDown, true) => 'O',
            (Letters::UpDown, false) => 'X',
        }
    }
}

/// The longest row read.
pub const MAX_ROW: usize = 1_000_000;

/// Reads a row of `H`/`T` or `O`/`X` (either case, one alphabet), with the
/// alphabet used; the error names the first bad coin.
pub fn parse_row(text: &str) -> Result<(Vec<bool>, Letters), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("the row is empty: write it with H (heads) and T (tails), e.g. THHTH".into());
    }
    let n = text.chars().count();
    if n > MAX_ROW {
        return Err(format!("the row has {n} coins; at most {MAX_ROW} are read"));
    }
    let mut letters = None;
    let mut row = Vec::with_capacity(n);
    for (i, c) in text.chars().enumerate() {
        let (l, up) = match c.to_ascii_uppercase() {
            'H' => (Letters::HeadsTails, true),
            'T' => (Letters::HeadsTails, false),
            'O' => (Letters::UpDown, true),
            'X' => (Letters::UpDown, false),
            _ => {
                return Err(format!(
                    "coin {} of the row is '{}', not H (heads) or T (tails) (or O and X)",
                    i + 1,
                    crate::escape::one_line(c.to_string())
                ))
            }
        };
        if letters.is_some_and(|x| x != l) {
            return Err(format!(
                "coin {} of the row is '{c}': write the row with H and T or with O and X, not both",
                i + 1
            ));
        }
        letters = Some(l);
        row.push(up);
    }
    Ok((row, letters.unwrap_or(Letters::HeadsTails)))
}

/// Writes a row in the given letters.
pub fn show_row(row: &[bool], letters: Letters) -> String {
    row.iter().map(|&h| letters.of(h)).collect()
}

/// The row's value: the nim-sum of the values (`values[n]` for coin `n`,
/// 1-based) of its heads.
pub fn value(row: &[bool], values: &[u64]) -> u64 {
    row.iter()
        .enumerate()
        .filter(|p| *p.1)
        .fold(0, |a, (i, _)| a ^ values[i + 1])
}

/// A move: the coins turned, 1-based and increasing; the last goes from
/// heads to tails.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn(pub Vec<u64>);

impl Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: Vec<String> = self.0.iter().map(u64::to_string).collect();
        if self.0.len() == 1 {
            write!(f, "turn coin {}", list[0])
        } else {
            write!(f, "turn coins {}", list.join(", "))
        }
    }
}

/// The row after the move.
pub fn apply(row: &[bool], mv: &Turn) -> Vec<bool> {
    let mut to = row.to_vec();
    for &c in &mv.0 {
        to[c as usize - 1] ^= true;
    }
    to
}

/// Calls `f` with every legal move of the row, rightmost coin first, then
/// the other coins; stops when `f` breaks.
pub fn for_each_row_move(
    code: &TurningCode,
    row: &[bool],
    f: &mut impl FnMut(Turn) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (i, _) in row.iter().enumerate().filter(|p| *p.1) {
        let n = i as u64 + 1;
        for_each_move(code, n, &mut |others| {
            let mut set = others.to_vec();
            set.push(n);
            f(Turn(set))
        })?;
    }
    ControlFlow::Continue(())
}

/// The winning moves of the row (those leaving value 0), by the heap
/// representation: a move from `n` turning the set `A` wins when the
/// nim-sum of the values over `A` is the row's value. `None` when more
/// than `budget` moves would have to be looked at.
pub fn winning_moves(
    code: &TurningCode,
    row: &[bool],
    values: &[u64],
    budget: u64,
) -> Option<Vec<Turn>> {
    let v = value(row, values);
    let mut out = Vec::new();
    if v == 0 {
        return Some(out);
    }
    let mut seen = 0u64;
    let flow = for_each_row_move(code, row, &mut |t| {
        seen += 1;
        if seen > budget {
            return ControlFlow::Break(());
        }
        if t.0.iter().fold(0, |a, &c| a ^ values[c as usize]) == v {
            out.push(t);
        }
        ControlFlow::Continue(())
    });
    flow.is_continue().then_some(out)
}
