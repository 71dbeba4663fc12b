//! One module per game family: each implements the family interface
//! ([`crate::family`]) over the theory in [`crate::games`], so that every
//! front-end analyses, draws and plays it the same way.

pub mod cards;
pub mod chips;
pub mod chips_loopy;
pub mod corners;
pub mod cram;
pub mod heap;
pub mod heap_rule;
pub mod huge_heap;
pub mod moore;
pub mod nim;
pub mod nimble;
pub mod node_kayles;
pub mod northcott;
pub mod product;
pub mod reduced;
#[cfg(test)]
mod reduced_tests;
#[cfg(feature = "scripts")]
pub mod script;
#[cfg(feature = "scripts")]
pub mod script_loopy;
#[cfg(feature = "scripts")]
pub mod script_table;
pub mod staircase;
pub mod strips;
pub mod turning;
pub mod turtles;
pub mod twoheap;
pub mod wind_up;
pub mod wythoff;
