//! `grundy northcott`: Northcott's game, the registry's `northcott` family.

use clap::{Args, ValueEnum};
use grundy::family::registry::AnyGame;
use grundy::game::Convention;

use super::families::{print, start};
use crate::error::CliResult;
use crate::report::OutputArgs;

/// The colour whose turn it is.
#[derive(ValueEnum, Clone, Copy, Debug, Default)]
pub enum Player {
    /// Black moves the black tokens.
    #[default]
    Black,
    /// White moves the white tokens.
    White,
}

/// A Northcott board.
#[derive(Args, Debug)]
pub struct NorthcottStart {
    /// Number of columns of the board.
    #[arg(long, value_name = "W", allow_hyphen_values = true)]
    pub width: String,
    /// One B:W per row: the columns (from 1) of its black and its white token.
    #[arg(value_name = "B:W")]
    pub rows: Vec<String>,
}

impl NorthcottStart {
    /// The registry's `northcott` family on the board, `player` to move.
    pub fn start(&self, player: Player, c: Convention) -> CliResult<Box<dyn AnyGame>> {
        let player = match player {
            Player::Black => "black",
            Player::White => "white",
        };
        let variant = format!("{}:{player}", self.width.trim());
        start("northcott", &variant, &self.rows.join(" "), c)
    }
}

/// Northcott's game: each row has a black and a white token; move yours
/// along its row without jumping.
#[derive(Args, Debug)]
pub struct NorthcottArgs {
    #[command(flatten)]
    pub start: NorthcottStart,
    /// Whose turn it is (the outcome is the same for both; the moves differ).
    #[arg(long, value_enum, default_value_t = Player::Black)]
    pub player: Player,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a board and prints the report.
pub fn run(args: &NorthcottArgs) -> CliResult {
    let game = args.start.start(args.player, Convention::Normal)?;
    print(&*game, Some("northcott"), false, &args.output)
}
