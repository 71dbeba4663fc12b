//! Game families, one file each. Every family gives its answers in its own
//! terms (heaps, coins, cells) and is checked against [`crate::solve`].

pub mod cards;
pub mod heap;
pub mod nim;
pub mod strips;
