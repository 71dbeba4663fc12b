//! One module per subcommand.

pub mod nim;
pub mod nimber;
pub mod seq_long;
