//! Misère play of heap games beyond exhaustive search.
//!
//! - [`genus`]: the genus g^γ0γ1… of every heap (and of every sum of heaps)
//!   by the recursive rule over options, its phylum, and the form CGSuite
//!   displays.

pub mod genus;

#[cfg(test)]
mod tests;
