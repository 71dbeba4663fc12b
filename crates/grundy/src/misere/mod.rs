//! Misère play of heap games beyond exhaustive search.
//!
//! - [`genus`]: the genus g^γ0γ1… of every heap (and of every sum of heaps)
//!   by the recursive rule over options, its phylum, and the form CGSuite
//!   displays;
//! - [`quotient`]: a misère quotient (Q, P, Φ), its presentation, and play
//!   of sums of any number of heaps from it;
//! - [`solver`]: how the quotient of heaps 0..=n is learnt from exact
//!   outcomes and proven.

pub mod genus;
pub mod quotient;
pub mod solver;

#[cfg(test)]
mod tests;
