//! Two-heap (coordinate) games: a position is a pair of numbers, and the
//! games differ in how a move changes the pair.
//!
//! - [`rwythoff`]: r-Wythoff (Wythoff's game is `r = 1`);
//! - [`bounded`]: generalized Wythoff with a bounding function `f`;
//! - [`memory`]: Mem and TakeAway(r) (Fibonacci Nim is TakeAway(2)), a heap
//!   and the bound the last move set;
//! - [`euclid`]: Euclid's game.
//!
//! Each has exact P-positions and winning moves for large numbers, a value
//! table computed by the fastest method that fits its moves, and is checked
//! against the generic solver through the [`Game`] implementation of
//! [`TwoHeapGame`].
//!
//! ```
//! use grundy::games::twoheap::TwoHeapGame;
//! let g: TwoHeapGame = "fibonacci-nim".parse().unwrap();
//! assert_eq!(g.to_string(), "takeaway:2");
//! let t = g.values(4, 4);
//! assert_eq!(t[3 * 4 + 2], 0); // (3, 2): take 1 or 2, both lose.
//! ```

pub mod bounded;
pub mod euclid;
pub mod memory;
pub mod rwythoff;

use std::fmt;
use std::str::FromStr;

use crate::game::Game;
use crate::heap::periodicity::{analyze, Periodicity, Window};
use memory::Memory;

/// Sets of small numbers, a bit each.
#[derive(Clone, Default)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    pub(crate) fn insert(&mut self, v: u32) {
        let w = v as usize / 64;
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (v % 64);
    }
    pub(crate) fn word(&self, w: usize) -> u64 {
        self.0.get(w).copied().unwrap_or(0)
    }
}

/// A move of a two-heap game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TwoHeapMove {
    /// Take this many from the first heap and this many from the second.
    Take(u64, u64),
    /// Take this many tokens from the one heap of a game with memory.
    Tokens(u64),
    /// Take `times` times the smaller heap `of` from heap `heap` (0 or 1).
    Multiple {
        /// The heap taken from, 0 (the first) or 1.
        heap: usize,
        /// How many times the smaller heap.
        times: u64,
        /// The smaller heap.
        of: u64,
    },
}

impl TwoHeapMove {
    /// The heaps after a move that takes from heaps (`None` for
    /// [`TwoHeapMove::Tokens`], whose result depends on the game, or when
    /// the move takes more than there is).
    pub fn apply(self, (x, y): (u64, u64)) -> Option<(u64, u64)> {
        match self {
            TwoHeapMove::Take(k, l) => Some((x.checked_sub(k)?, y.checked_sub(l)?)),
            TwoHeapMove::Tokens(_) => None,
            TwoHeapMove::Multiple { heap, times, of } => {
                let t = times.checked_mul(of)?;
                if heap == 0 {
                    Some((x.checked_sub(t)?, y))
                } else {
                    Some((x, y.checked_sub(t)?))
                }
            }
        }
    }
}

impl fmt::Display for TwoHeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TwoHeapMove::Take(k, 0) => write!(f, "take {k} from heap 1"),
            TwoHeapMove::Take(0, l) => write!(f, "take {l} from heap 2"),
            TwoHeapMove::Take(k, l) if k == l => write!(f, "take {k} from both heaps"),
            TwoHeapMove::Take(k, l) => write!(f, "take {k} from heap 1 and {l} from heap 2"),
            TwoHeapMove::Tokens(j) => write!(f, "take {j}"),
            TwoHeapMove::Multiple { heap, times, of } => {
                write!(f, "take {times} x {of} from heap {}", heap + 1)
            }
        }
    }
}

/// A two-heap game; written `wythoff`, `r-wythoff:R`, `mem`,
/// `takeaway:R`, `fibonacci-nim` (TakeAway(2)) or `euclid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TwoHeapGame {
    /// r-Wythoff with band `r` (Wythoff's game for `r = 1`).
    RWythoff(u64),
    /// A heap with a memory of the last move.
    Memory(Memory),
    /// Euclid's game.
    Euclid,
    /// Generalized Wythoff with the bounding function `f`.
    Bounded(bounded::Bound),
}

/// The games' names, for error messages and help.
pub const NAMES: &str =
    "wythoff, r-wythoff:R, mem, takeaway:R, fibonacci-nim, euclid, bounded-wythoff:F";

/// Every name the games are read by (the variants left out).
const GAME_NAMES: [&str; 10] = [
    "wythoff",
    "r-wythoff",
    "rwythoff",
    "mem",
    "takeaway",
    "take-away",
    "fibonacci-nim",
    "fibonacci",
    "euclid",
    "bounded-wythoff",
];

fn parse_r(name: &str, r: &str, max: u64) -> Result<u64, String> {
    let r: u64 = r
        .trim()
        .parse()
        .map_err(|_| format!("{name}: r must be a whole number from 1 to {max}, not '{r}'"))?;
    if r == 0 || r > max {
        return Err(format!("{name}: r must be from 1 to {max}, not {r}"));
    }
    Ok(r)
}

impl FromStr for TwoHeapGame {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim().to_lowercase();
        let (name, arg) = match t.split_once(':') {
            Some((n, a)) => (n.trim(), Some(a)),
            None => (t.as_str(), None),
        };
        let game = match (name, arg) {
            ("wythoff", None) => TwoHeapGame::RWythoff(1),
            ("wythoff" | "r-wythoff" | "rwythoff", Some(r)) => {
                TwoHeapGame::RWythoff(parse_r("r-wythoff", r, rwythoff::MAX_R)?)
            }
            ("mem", None) => TwoHeapGame::Memory(Memory::Mem),
            ("takeaway" | "take-away", Some(r)) => {
                TwoHeapGame::Memory(Memory::TakeAway(parse_r("takeaway", r, memory::MAX_R)?))
            }
            ("fibonacci-nim" | "fibonacci", None) => TwoHeapGame::Memory(Memory::TakeAway(2)),
            ("euclid", None) => TwoHeapGame::Euclid,
            ("bounded-wythoff", Some(f)) => TwoHeapGame::Bounded(
                f.parse()
                    .map_err(|e| format!("bounded-wythoff:{}: {e}", f.trim()))?,
            ),
            ("bounded-wythoff", None) => {
                return Err(
                    "bounded-wythoff needs its bounding function, as in bounded-wythoff:2k+1"
                        .into(),
                )
            }
            ("r-wythoff" | "rwythoff" | "takeaway" | "take-away", None) => {
                return Err(format!("'{}' needs its r, as in {name}:2", s.trim()))
            }
            _ => {
                let near = crate::suggest::nearest(name, GAME_NAMES);
                let near: Vec<String> = near
                    .iter()
                    .map(|n| match arg {
                        Some(a) => format!("{n}:{}", a.trim()),
                        None => n.to_string(),
                    })
                    .collect();
                let near: Vec<&str> = near.iter().map(String::as_str).collect();
                let near = crate::suggest::did_you_mean(&near)
                    .map_or(String::new(), |s| format!(" ({s})"));
                return Err(format!(
                    "no two-heap game '{}'{near}; the games are {NAMES}",
                    s.trim()
                ));
            }
        };
        Ok(game)
    }
}

impl fmt::Display for TwoHeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoHeapGame::RWythoff(1) => write!(f, "wythoff"),
            TwoHeapGame::RWythoff(r) => write!(f, "r-wythoff:{r}"),
            TwoHeapGame::Memory(Memory::Mem) => write!(f, "mem"),
            TwoHeapGame::Memory(Memory::TakeAway(r)) => write!(f, "takeaway:{r}"),
            TwoHeapGame::Euclid => write!(f, "euclid"),
            TwoHeapGame::Bounded(b) => write!(f, "bounded-wythoff:{b}"),
        }
    }
}

impl TwoHeapGame {
    /// What the two numbers of a position are.
    pub fn coordinates(self) -> &'static str {
        match self {
            TwoHeapGame::Memory(Memory::Mem) => "the heap and the least take",
            TwoHeapGame::Memory(_) => "the heap and the most it may take",
            _ => "the two heaps",
        }
    }

    /// The largest number a position may hold.
    pub fn max_heap(self) -> u64 {
        match self {
            TwoHeapGame::RWythoff(_) => rwythoff::MAX_HEAP,
            TwoHeapGame::Memory(_) => memory::MAX_HEAP,
            TwoHeapGame::Euclid => u64::MAX,
            TwoHeapGame::Bounded(_) => bounded::MAX_HEAP,
        }
    }

    /// The position as the game treats it (a TakeAway bound above the heap
    /// is the heap).
    pub fn normalize(self, p: (u64, u64)) -> (u64, u64) {
        match self {
            TwoHeapGame::Memory(m) => memory::normalize(m, p),
            _ => p,
        }
    }

    /// The number of legal moves.
    pub fn move_count(self, (x, y): (u64, u64)) -> u128 {
        match self {
            TwoHeapGame::RWythoff(r) => rwythoff::move_count(r, x, y),
            TwoHeapGame::Memory(m) => memory::move_count(m, (x, y)),
            TwoHeapGame::Euclid => euclid::move_count(x, y),
            TwoHeapGame::Bounded(f) => bounded::move_count(&f, x, y),
        }
    }

    /// Every legal move with the position it leaves.
    pub fn moves(self, (x, y): (u64, u64)) -> Vec<(TwoHeapMove, (u64, u64))> {
        match self {
            TwoHeapGame::RWythoff(r) => rwythoff::moves(r, x, y),
            TwoHeapGame::Memory(m) => memory::moves(m, (x, y)),
            TwoHeapGame::Euclid => euclid::moves(x, y),
            TwoHeapGame::Bounded(f) => bounded::moves(&f, x, y),
        }
    }

    /// The position a move leaves.
    pub fn after(self, p: (u64, u64), mv: TwoHeapMove) -> Option<(u64, u64)> {
        match (self, mv) {
            (TwoHeapGame::Memory(m), TwoHeapMove::Tokens(j)) => memory::takes(m, p)
                .contains(&j)
                .then(|| memory::after(m, p, j)),
            _ => mv.apply(p),
        }
    }

    /// Whether the player to move loses.
    pub fn is_p_position(self, (x, y): (u64, u64)) -> bool {
        match self {
            TwoHeapGame::RWythoff(r) => rwythoff::is_p_position(r, x, y),
            TwoHeapGame::Memory(m) => memory::is_p_position(m, (x, y)),
            TwoHeapGame::Euclid => euclid::is_p_position(x, y),
            TwoHeapGame::Bounded(f) => bounded::is_p_position(&f, x, y),
        }
    }

    /// Every move to a P-position.
    pub fn winning_moves(self, (x, y): (u64, u64)) -> Vec<TwoHeapMove> {
        match self {
            TwoHeapGame::RWythoff(r) => rwythoff::winning_moves(r, x, y),
            TwoHeapGame::Memory(m) => memory::winning_moves(m, (x, y)),
            TwoHeapGame::Euclid => euclid::winning_moves(x, y),
            TwoHeapGame::Bounded(f) => bounded::winning_moves(&f, x, y),
        }
    }

    /// Why the position is won or lost, in the game's terms.
    pub fn explain(self, (x, y): (u64, u64)) -> String {
        match self {
            TwoHeapGame::RWythoff(1) => crate::games::wythoff::explain(x, y),
            TwoHeapGame::RWythoff(r) => rwythoff::explain(r, x, y),
            TwoHeapGame::Memory(m) => memory::explain(m, (x, y)),
            TwoHeapGame::Euclid => euclid::explain(x, y),
            TwoHeapGame::Bounded(f) => bounded::explain(&f, x, y),
        }
    }

    /// The Grundy values `G(x, y)` for `x < rows`, `y < cols`, row-major.
    /// The caller bounds the size: the table holds `rows · cols` values.
    pub fn values(self, rows: usize, cols: usize) -> Vec<u32> {
        match self {
            TwoHeapGame::RWythoff(1) => crate::games::wythoff::values(rows, cols),
            TwoHeapGame::RWythoff(r) => rwythoff::values(r, rows, cols),
            TwoHeapGame::Memory(m) => {
                let max = rows.max(cols).saturating_sub(1);
                let t = memory::values(m, max);
                (0..rows * cols)
                    .map(|i| t[(i / cols) * (max + 1) + i % cols])
                    .collect()
            }
            TwoHeapGame::Bounded(f) => bounded::values(&f, rows, cols),
            TwoHeapGame::Euclid => (0..rows * cols)
                .map(|i| euclid::value((i / cols) as u64, (i % cols) as u64) as u32)
                .collect(),
        }
    }

    /// The P-positions `(x, y)` with `x < rows`, `y < cols`, in row order,
    /// from the game's own rule (no table).
    pub fn p_positions(self, rows: u64, cols: u64) -> Vec<(u64, u64)> {
        if let TwoHeapGame::Bounded(f) = self {
            let mut out: Vec<(u64, u64)> = bounded::p_positions(&f, rows.max(cols))
                .into_iter()
                .flat_map(|(a, b)| [(a, b), (b, a)])
                .filter(|&(x, y)| x < rows && y < cols)
                .collect();
            out.sort_unstable();
            out.dedup();
            return out;
        }
        (0..rows)
            .flat_map(|x| (0..cols).map(move |y| (x, y)))
            .filter(|&p| self.is_p_position(p))
            .collect()
    }
}

/// The periodicity of one row of a value table, as observed (two whole
/// periods at its end, or an arithmetic period whose differences repeat):
/// no theorem is checked here.
pub fn row_periodicity(row: &[u32]) -> Periodicity {
    analyze(row, Window::Unknown, true)
}

impl Game for TwoHeapGame {
    type Position = (u64, u64);
    fn options(&self, p: &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
        self.moves(*p).into_iter().map(|(_, q)| vec![q]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "wythoff",
            "r-wythoff:3",
            "mem",
            "takeaway:2",
            "takeaway:5",
            "euclid",
        ] {
            let g: TwoHeapGame = name.parse().unwrap();
            assert_eq!(g.to_string(), name);
        }
        assert_eq!(
            "wythoff:1".parse::<TwoHeapGame>().unwrap().to_string(),
            "wythoff"
        );
        for bad in [
            "r-wythoff",
            "takeaway:0",
            "wythoff:x",
            "chess",
            "r-wythoff:99999999",
        ] {
            assert!(bad.parse::<TwoHeapGame>().is_err(), "{bad}");
        }
    }

    /// Wythoff rows are additively periodic (Dress, Flammenkamp and Pink;
    /// Landman): row 1 is 1, 2, 0, 4, 5, 3, ... with period 3, saltus 3.
    #[test]
    fn wythoff_rows_are_additively_periodic() {
        let t = TwoHeapGame::RWythoff(1).values(4, 400);
        for x in 0..4 {
            let p = row_periodicity(&t[x * 400..(x + 1) * 400]);
            assert!(p.period.is_some(), "row {x}");
            assert_eq!(p.saltus, p.period.map(|p| p as i64), "row {x}");
        }
        let p = row_periodicity(&t[400..800]);
        assert_eq!((p.period, p.saltus), (Some(3), Some(3)));
    }
}
