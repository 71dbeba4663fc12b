//! One module per subcommand.

pub mod cards;
pub mod check;
pub mod chips;
pub mod corners;
pub mod families;
pub mod game;
pub mod genus;
pub mod heap;
pub mod misere;
pub mod moore;
pub mod nim;
pub mod nimber;
pub mod northcott;
pub mod pattern;
pub mod play;
pub mod product;
pub mod rules;
pub mod rules_file;
pub mod seq;
pub mod staircase;
pub mod survey;
pub mod table;
pub mod turning;
pub mod twoheap;
pub mod verify;
pub mod windup;
