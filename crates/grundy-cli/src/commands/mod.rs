//! One module per subcommand.

pub mod chips;
pub mod moore;
pub mod nim;
pub mod nimber;
pub mod nimble;
pub mod northcott;
pub mod staircase;
pub mod turtles;
