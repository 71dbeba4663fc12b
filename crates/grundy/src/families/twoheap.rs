//! The two-heap games of [`crate::games::twoheap`] as families: r-Wythoff,
//! Mem, TakeAway(r) (Fibonacci Nim) and Euclid's game. A position is two
//! numbers; for the games with memory, the heap and the bound the last move
//! set, and a single number is a fresh heap. Who wins and every winning
//! move come from each game's theorem, for numbers of any size the game
//! takes; the Grundy values from a table of the positions below the start
//! (exact for Euclid at any size). Normal play only.
//!
//! Stall rule: the smallest move (one token from the larger heap; the
//! fewest tokens allowed; the smaller heap once).

use std::fmt::Write;

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::text::{heap_rows, parse_numbers, parse_u64_list, tokens, value_line};
use crate::family::{Analyse, Draw, Drawing, Error, Notation};
use crate::game::{Convention, Outcome};
use crate::games::twoheap::{bounded, euclid, memory, TwoHeapGame, TwoHeapMove};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// The most cells of a value table kept (16 MiB of values).
const TABLE_CELLS: u64 = 1 << 22;

/// The most steps spent on the value table of a bounded-Wythoff position.
const BOUNDED_TABLE_WORK: u128 = 200_000_000;

/// The most tokens drawn in a row.
const ROW: u64 = 40;

/// A two-heap game from a start position.
pub struct TwoHeapPlay {
    game: TwoHeapGame,
    /// `G(x, y)` for `x < rows`, `y < cols`, when small enough.
    table: Option<(usize, usize, Vec<u32>)>,
}

/// The game and its start position from the numbers as written.
pub fn start<S: AsRef<str>>(
    game: TwoHeapGame,
    numbers: &[S],
    convention: Convention,
) -> Result<(TwoHeapPlay, Vec<u64>), Error> {
    if convention == Convention::Misere {
        return Err(Error::new(format!(
            "misère play of {game} is not supported; play it in normal play"
        )));
    }
    let numbers = parse_u64_list(numbers, "number", "numbers")?;
    let p = check(game, &numbers).map_err(Error::new)?;
    let (x, y) = (p[0], p[1]);
    let table = match game {
        TwoHeapGame::Euclid => None,
        TwoHeapGame::Memory(_) => {
            let n = x as usize + 1;
            ((n as u64).saturating_mul(n as u64) <= TABLE_CELLS).then(|| (n, n, game.values(n, n)))
        }
        TwoHeapGame::Bounded(f) => {
            let (rows, cols) = (x as usize + 1, y as usize + 1);
            (bounded::table_work(&f, rows, cols) <= BOUNDED_TABLE_WORK)
                .then(|| (rows, cols, game.values(rows, cols)))
        }
        TwoHeapGame::RWythoff(_) => {
            let cells = (x + 1).saturating_mul(y + 1);
            (cells <= TABLE_CELLS).then(|| {
                let (rows, cols) = (x as usize + 1, y as usize + 1);
                (rows, cols, game.values(rows, cols))
            })
        }
    };
    Ok((TwoHeapPlay { game, table }, p))
}

/// The position from its numbers: two, or one (a fresh heap) for a game
/// with memory.
fn check(game: TwoHeapGame, numbers: &[u64]) -> Result<Vec<u64>, String> {
    let p = match (game, numbers) {
        (TwoHeapGame::Memory(m), [n]) => memory::fresh(m, *n),
        (_, [x, y]) => (*x, *y),
        (TwoHeapGame::Memory(_), _) => {
            return Err(format!(
                "{game} takes {} (or the heap alone, a fresh heap), not {} numbers",
                game.coordinates(),
                numbers.len()
            ))
        }
        _ => return Err(format!("{game} has two heaps, not {}", numbers.len())),
    };
    let max = game.max_heap();
    if p.0 > max || (!matches!(game, TwoHeapGame::Memory(_)) && p.1 > max) {
        return Err(format!(
            "{} is too large: {game} takes numbers up to {max}",
            p.0.max(p.1)
        ));
    }
    let (x, y) = game.normalize(p);
    Ok(vec![x, y])
}

fn pair(p: &[u64]) -> (u64, u64) {
    (p[0], p[1])
}

impl TwoHeapPlay {
    /// The game played.
    pub fn game(&self) -> TwoHeapGame {
        self.game
    }

    fn g(&self, p: &[u64]) -> Option<u64> {
        if self.game == TwoHeapGame::Euclid {
            return Some(euclid::value(p[0], p[1]));
        }
        let (rows, cols, t) = self.table.as_ref()?;
        let (x, y) = (p[0] as usize, p[1] as usize);
        match self.game {
            // A bound past the table is past the heap: Mem has no move there.
            TwoHeapGame::Memory(memory::Memory::Mem) if x < *rows && y >= *cols => Some(0),
            _ => (x < *rows && y < *cols).then(|| t[x * cols + y] as u64),
        }
    }

    fn with(&self, p: &[u64], mv: TwoHeapMove) -> (TwoHeapMove, Vec<u64>) {
        let (x, y) = self.game.after(pair(p), mv).unwrap_or((p[0], p[1]));
        (mv, vec![x, y])
    }
}

impl Play for TwoHeapPlay {
    type Position = Vec<u64>;
    type Move = TwoHeapMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Vec<u64>) -> u128 {
        self.game.move_count(pair(p))
    }

    fn moves(&self, p: &Vec<u64>) -> Moves<TwoHeapMove, Vec<u64>> {
        self.game
            .moves(pair(p))
            .into_iter()
            .map(|(m, (x, y))| (m, vec![x, y]))
            .collect()
    }

    fn winning_moves(&self, p: &Vec<u64>) -> Result<Moves<TwoHeapMove, Vec<u64>>, SolveError> {
        Ok(self
            .game
            .winning_moves(pair(p))
            .into_iter()
            .map(|m| self.with(p, m))
            .collect())
    }

    fn stall_moves(&self, p: &Vec<u64>) -> Moves<TwoHeapMove, Vec<u64>> {
        let (x, y) = pair(p);
        let mv = match self.game {
            TwoHeapGame::RWythoff(_) | TwoHeapGame::Bounded(_) if x.max(y) == 0 => {
                return Vec::new()
            }
            TwoHeapGame::RWythoff(_) | TwoHeapGame::Bounded(_) if y > x => TwoHeapMove::Take(0, 1),
            TwoHeapGame::RWythoff(_) | TwoHeapGame::Bounded(_) => TwoHeapMove::Take(1, 0),
            TwoHeapGame::Memory(m) => {
                let takes = memory::takes(m, (x, y));
                if takes.is_empty() {
                    return Vec::new();
                }
                TwoHeapMove::Tokens(*takes.start())
            }
            TwoHeapGame::Euclid => match self.game.moves((x, y)).first() {
                Some(&(m, _)) => m,
                None => return Vec::new(),
            },
        };
        vec![self.with(p, mv)]
    }

    fn size(&self, _p: &Vec<u64>) -> usize {
        2
    }
}

impl Notation for TwoHeapPlay {
    fn name(&self) -> String {
        self.game.to_string()
    }

    fn position_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }

    fn position_text(&self, p: &Vec<u64>) -> String {
        format!("{} {}", p[0], p[1])
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        let numbers = parse_numbers(text, "number", "numbers")?;
        check(self.game, &numbers)
    }
}

impl Analyse for TwoHeapPlay {
    fn value(&self, p: &Vec<u64>) -> Option<Nimber> {
        self.g(p).map(Nimber)
    }

    fn outcome(&self, p: &Vec<u64>) -> Outcome {
        if self.game.is_p_position(pair(p)) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    fn explain_choice(&self, before: &Vec<u64>, c: &Choice<TwoHeapMove, Vec<u64>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        out.push_str(&self.game.explain(pair(before)));
        if self.game.is_p_position(pair(before)) {
            let _ = writeln!(
                out,
                "No move won, so the computer stalled; you now have a winning move (hint shows it)."
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "make the smallest move"
    }
}

impl Draw for TwoHeapPlay {
    fn draw(&self, p: &Vec<u64>) -> String {
        let mut out = String::new();
        let digits = p.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
        if let TwoHeapGame::Memory(m) = self.game {
            let _ = writeln!(out, "  heap  {} {:>digits$}", tokens(p[0], ROW, 'o'), p[0]);
            let _ = writeln!(
                out,
                "  take  {} {}",
                if m == memory::Memory::Mem {
                    "at least"
                } else {
                    "at most"
                },
                p[1]
            );
        } else {
            out.push_str(&heap_rows(p, ROW));
        }
        out.push_str(&value_line(self.g(p), self.outcome(p), "a P-position"));
        out
    }

    fn drawing(&self, p: &Vec<u64>) -> Drawing {
        let value = self.g(p);
        let (sizes, label) = match self.game {
            TwoHeapGame::Memory(_) => {
                (vec![p[0]], format!("the heap, {}", self.game.coordinates()))
            }
            _ => (p.clone(), "both heaps (one game, not a sum)".to_string()),
        };
        Drawing {
            shape: Shape::Heaps { sizes },
            components: vec![Part { label, value }],
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
        for name in [
            "r-wythoff:2",
            "r-wythoff:3",
            "mem",
            "takeaway:1",
            "takeaway:2",
            "takeaway:3",
            "euclid",
            "bounded-wythoff:2k+1",
            "bounded-wythoff:3,5;2k+1",
        ] {
            let game: TwoHeapGame = name.parse().unwrap();
            for x in 0..8u64 {
                for y in 0..8u64 {
                    let (g, p) =
                        start(game, &[x.to_string(), y.to_string()], Convention::Normal).unwrap();
                    check(&g, &p).unwrap_or_else(|e| panic!("{name} ({x}, {y}): {e}"));
                }
            }
        }
    }

    #[test]
    fn refuses_what_it_cannot_take() {
        let fib: TwoHeapGame = "fibonacci-nim".parse().unwrap();
        let (g, p) = start(fib, &["10"], Convention::Normal).unwrap();
        assert_eq!(p, vec![10, 9]);
        assert_eq!(g.winning_moves(&p).unwrap()[0].0, TwoHeapMove::Tokens(2));
        assert!(start(fib, &["10", "1", "2"], Convention::Normal).is_err());
        assert!(start(fib, &["2000000"], Convention::Normal).is_err());
        assert!(start(fib, &["10"], Convention::Misere).is_err());
        let w: TwoHeapGame = "r-wythoff:2".parse().unwrap();
        assert!(start(w, &["4"], Convention::Normal).is_err());
        let (g, p) = start(w, &["281474976710656", "7"], Convention::Normal).unwrap();
        assert_eq!(g.value(&p), None);
        assert!(g.winning_count(&p).unwrap() >= 1);
        let e: TwoHeapGame = "euclid".parse().unwrap();
        let (g, p) = start(e, &["18446744073709551615", "3"], Convention::Normal).unwrap();
        assert!(g.value(&p).is_some());
    }
}
