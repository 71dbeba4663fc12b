//! Games that can loop: Smith's generalized Sprague–Grundy values.
//!
//! When moves can cycle, a position has either a nimber or an infinite
//! value ∞(K), K the finite values it can move to ([`LoopyValue`]). The
//! player to move wins a nimber other than 0 and an ∞(K) with 0 in K; an
//! ∞(K) without 0 is a draw. Sums add as in Nim, with ∞(K) + n = ∞(K ⊕ n)
//! and any two infinite values making a draw.
//!
//! Modules, one idea each:
//! - [`value`]: the values and outcomes, their sums, text and JSON;
//! - [`solve`](mod@solve): Smith's labelling of an explicit [`Digraph`] in linear
//!   time per round;
//! - [`strategy`]: winning moves that make progress (so the winner never
//!   cycles) and the moves that keep a draw, in sums;
//! - [`report`]: the report every front-end prints;
//! - [`graph`]: the digraph of the positions reachable through any options
//!   function, solved;
//! - [`sums`]: the same for options that are sums of components (scripts).
//!
//! ```
//! use grundy::loopy::{solve, sum_value, Digraph, LoopyOutcome};
//! // a <-> b, b -> c -> d: whoever leaves the cycle loses, so a and b
//! // chase each other for ever; c is the Nim heap *1.
//! let g = Digraph::from_successors(&[vec![1], vec![0, 2], vec![3], vec![]]);
//! let s = solve(&g);
//! assert_eq!(s.value(&g, 0).to_string(), "∞(∅)");
//! assert_eq!(s.value(&g, 1).to_string(), "∞(1)");
//! assert_eq!(s.value(&g, 2).to_string(), "1");
//! assert_eq!(sum_value(&g, &s, &[0]).outcome(), LoopyOutcome::D);
//! ```

pub mod graph;
pub mod report;
pub mod solve;
pub mod strategy;
pub mod sums;
pub mod value;

#[cfg(test)]
mod tests;

pub use graph::{explore, ExploreError, Explored};
pub use report::LoopyReport;
pub use solve::{solve, Digraph, Solution};
pub use strategy::{best_winning_move, draw_keeping_moves, sum_value, winning_moves, SumMove};
pub use sums::{analyze_sum, refuse_sum_cycle, SumAnalysis};
pub use value::{LoopyOutcome, LoopyValue};
