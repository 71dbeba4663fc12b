//! Wythoff's game as a family: two heaps drawn as rows of tokens; moves
//! typed as `take 2 from heap 1` or `take 3 from both heaps`, or as the
//! heaps left. Who wins and the winning moves come from Wythoff's pairs for
//! heaps of any size up to 2^62; the Grundy values, which have no closed
//! form, from a table of the positions below the start (heaps never grow).
//! Normal play only.
//!
//! Stall rule: take one token from the larger heap.

use std::fmt::Write;

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::text::{heap_rows, parse_numbers, parse_u64_list, value_line};
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::wythoff::{self, WythoffMove, MAX_HEAP};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// The most cells of the value table kept (16 MiB of values).
const TABLE_CELLS: u64 = 1 << 22;

/// The most tokens drawn in a row.
const ROW: u64 = 40;

/// Wythoff's game from a start position.
pub struct WythoffPlay {
    /// `G(x, y)` for `x <= rows - 1`, `y <= cols - 1`, when small enough.
    table: Option<(usize, usize, Vec<u32>)>,
}

/// The game and its start position from the two heaps as written.
pub fn start<S: AsRef<str>>(
    heaps: &[S],
    convention: Convention,
) -> Result<(WythoffPlay, Vec<u64>), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(
            "misère play of wythoff is not supported; play it in normal play",
        ));
    }
    let heaps = parse_u64_list(heaps, "heap", "heaps")?;
    check(&heaps).map_err(Error::new)?;
    let (x, y) = (heaps[0], heaps[1]);
    let cells = (x + 1).saturating_mul(y + 1);
    let table = (cells <= TABLE_CELLS).then(|| {
        let (rows, cols) = (x as usize + 1, y as usize + 1);
        (rows, cols, wythoff::values(rows, cols))
    });
    Ok((WythoffPlay { table }, heaps))
}

fn check(heaps: &[u64]) -> Result<(), String> {
    if heaps.len() != 2 {
        return Err(format!("Wythoff's game has two heaps, not {}", heaps.len()));
    }
    if let Some(h) = heaps.iter().find(|&&h| h > MAX_HEAP) {
        return Err(format!("heap {h} is too large (at most 2^62 = {MAX_HEAP})"));
    }
    Ok(())
}

fn pair(p: &[u64]) -> (u64, u64) {
    (p[0], p[1])
}

impl WythoffPlay {
    fn g(&self, p: &[u64]) -> Option<u64> {
        let (rows, cols, t) = self.table.as_ref()?;
        let (x, y) = (p[0] as usize, p[1] as usize);
        (x < *rows && y < *cols).then(|| t[x * cols + y] as u64)
    }
}

fn with(p: &[u64], mv: WythoffMove) -> (WythoffMove, Vec<u64>) {
    let (x, y) = mv.apply(pair(p)).unwrap_or((p[0], p[1]));
    (mv, vec![x, y])
}

impl Play for WythoffPlay {
    type Position = Vec<u64>;
    type Move = WythoffMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Vec<u64>) -> u128 {
        wythoff::move_count(p[0], p[1])
    }

    fn moves(&self, p: &Vec<u64>) -> Moves<WythoffMove, Vec<u64>> {
        wythoff::moves(p[0], p[1])
            .into_iter()
            .map(|(m, (x, y))| (m, vec![x, y]))
            .collect()
    }

    fn winning_moves(&self, p: &Vec<u64>) -> Result<Moves<WythoffMove, Vec<u64>>, SolveError> {
        Ok(wythoff::winning_moves(p[0], p[1])
            .into_iter()
            .map(|m| with(p, m))
            .collect())
    }

    fn stall_moves(&self, p: &Vec<u64>) -> Moves<WythoffMove, Vec<u64>> {
        let heap = usize::from(p[1] > p[0]);
        if p[heap] == 0 {
            return Vec::new();
        }
        vec![with(p, WythoffMove::One { heap, take: 1 })]
    }

    fn size(&self, _p: &Vec<u64>) -> usize {
        2
    }
}

impl Notation for WythoffPlay {
    fn name(&self) -> String {
        "wythoff".to_string()
    }

    fn position_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }

    fn position_text(&self, p: &Vec<u64>) -> String {
        format!("{} {}", p[0], p[1])
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        let heaps = parse_numbers(text, "heap", "heap sizes")?;
        check(&heaps)?;
        Ok(heaps)
    }
}

impl Analyse for WythoffPlay {
    fn value(&self, p: &Vec<u64>) -> Option<Nimber> {
        self.g(p).map(Nimber)
    }

    fn outcome(&self, p: &Vec<u64>) -> Outcome {
        if wythoff::is_p_position(p[0], p[1]) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    fn explain_choice(&self, before: &Vec<u64>, c: &Choice<WythoffMove, Vec<u64>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let _ = writeln!(
            out,
            "The P-positions of Wythoff's game are the pairs (a_n, b_n) with a_n = floor(n * phi) and \
             b_n = a_n + n (phi = 1.618..., the golden ratio): (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), ... \
             Every number is in exactly one pair, and no move leads from one pair to another."
        );
        let (x, y) = pair(before);
        if wythoff::is_p_position(x, y) {
            let _ = writeln!(
                out,
                "({x}, {y}) was such a pair (the difference {} has a_{} = {}): no move wins, so the computer \
                 stalled; you now have a winning move (hint shows it).",
                x.abs_diff(y),
                x.abs_diff(y),
                x.min(y)
            );
        } else {
            let (a, b) = pair(&c.to);
            let n = a.abs_diff(b);
            let _ = writeln!(
                out,
                "({x}, {y}) was no pair; the computer moved to ({a}, {b}), the pair with n = {n} \
                 (a_{n} = {}, b_{n} = {}), a P-position for you.",
                a.min(b),
                a.max(b)
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "take one token from the larger heap"
    }

    fn explain_position(&self, p: &Vec<u64>) -> Option<String> {
        let (x, y) = pair(p);
        Some(wythoff::explain(x, y))
    }
}

impl Draw for WythoffPlay {
    fn draw(&self, p: &Vec<u64>) -> String {
        let mut out = heap_rows(p, ROW);
        out.push_str(&value_line(
            self.g(p),
            self.outcome(p),
            "a P-position, a Wythoff pair",
        ));
        out
    }

    fn drawing(&self, p: &Vec<u64>) -> Drawing {
        let value = self.g(p);
        Drawing {
            shape: Shape::Heaps { sizes: p.clone() },
            components: vec![Part {
                label: "both heaps (one game, not a sum)".to_string(),
                value,
            }],
            value,
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::conformance::check;

    #[test]
    fn conforms_on_small_positions() {
        for x in 0..7u64 {
            for y in 0..7u64 {
                let (g, p) = start(&[x.to_string(), y.to_string()], Convention::Normal).unwrap();
                check(&g, &p).unwrap();
            }
        }
        assert!(start(&["3"], Convention::Normal).is_err());
        assert!(start(&["3", "4"], Convention::Misere).is_err());
        let (g, p) = start(&["4611686018427387904", "1"], Convention::Normal).unwrap();
        assert_eq!(g.value(&p), None);
        assert_eq!(g.winning_moves(&p).unwrap().len(), 1);
    }
}
