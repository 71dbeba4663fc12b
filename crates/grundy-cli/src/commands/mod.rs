//! One module per subcommand.

pub mod cards;
pub mod heap;
pub mod nim;
pub mod nimber;
pub mod play;
pub mod rules;
pub mod seq;
