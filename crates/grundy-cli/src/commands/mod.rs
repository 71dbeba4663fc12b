//! One module per subcommand.

pub mod corners;
pub mod heap;
pub mod nim;
pub mod nimber;
pub mod rules;
pub mod seq;
pub mod table;
