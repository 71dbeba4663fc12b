//! Coin-turning games on a strip: a row of coins, heads or tails, coin 1 on
//! the left. A move turns over a set of coins allowed by the game's
//! [turning code](code), the rightmost of them going from heads to tails.
//!
//! In normal play such a game is a heap game in disguise (the heap
//! representation, *Winning Ways* chapter 14): a coin showing heads at
//! position `n` is a heap whose options are the sums of the heaps at the
//! other coins a move from `n` turns (a coin turned up adds a heap, one
//! turned down removes it, as adding a second copy would). So a row's value
//! is the nim-sum of the values of its heads, and those values come from
//! [`values::coin_values`]. This does not hold in misère play.
//!
//! ```
//! use grundy::turning::{named, row, values};
//! let (_, code) = named::resolve("mock-turtles").unwrap();
//! let g = values::coin_values(&code, 8).unwrap();
//! assert_eq!(&g[1..], [1, 2, 4, 7, 8, 11, 13, 14]); // the odious numbers
//! let heads = row::parse_row("THHTH").unwrap().0;
//! assert_eq!(row::value(&heads, &g), 2 ^ 4 ^ 8);
//! ```

pub mod code;
pub mod moves;
pub mod named;
pub mod row;
pub mod sequence;
pub mod three;
pub mod values;

#[cfg(test)]
mod tests;
