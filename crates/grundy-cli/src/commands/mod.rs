//! One module per subcommand.

pub mod cards;
pub mod nim;
pub mod nimber;
pub mod play;
