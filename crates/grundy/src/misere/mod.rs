//! Misère play of heap games beyond exhaustive search.
//!
//! - [`checkpoint`]: a quotient saved part-way, read back and proven
//!   again, so a long run goes on from where it stopped;
//! - [`explain`]: why a misère sum is won or lost, in words;
//! - [`genus`]: the genus g^γ0γ1… of every heap (and of every sum of heaps)
//!   by the recursive rule over options, its phylum, and the form CGSuite
//!   displays;
//! - [`genus_report`]: the genera of a rule's heaps as front-ends print
//!   them, text and JSON;
//! - [`play`]: a misère sum decided by the quotient, the tame rule or
//!   search, whichever applies;
//! - [`quotient`]: a misère quotient (Q, P, Φ), its presentation, and play
//!   of sums of any number of heaps from it;
//! - [`solver`]: how the quotient of heaps 0..=n is learnt from exact
//!   outcomes and proven;
//! - [`report`]: the quotient as front-ends print it, text and JSON.

pub mod checkpoint;
pub mod explain;
pub mod extend;
pub mod genus;
pub mod genus_report;
pub mod play;
pub mod quotient;
pub mod report;
pub mod solver;
pub mod verify;

#[cfg(test)]
mod tests;
