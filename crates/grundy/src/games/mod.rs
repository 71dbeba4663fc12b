//! Game families, one file each. Every family gives its answers in its own
//! terms (heaps, coins, cells) and is checked against [`crate::solve`].

pub mod cards;
pub mod chips;
pub mod chips_loopy;
pub mod corners;
pub mod cram;
pub mod heap;
pub mod heap_words;
pub mod huge_heap;
pub mod moore;
pub mod nim;
pub mod nimble;
pub mod node_kayles;
pub mod northcott;
pub mod staircase;
pub mod strips;
pub mod turtles;
pub mod twoheap;
pub mod wind_up;
pub mod wythoff;
