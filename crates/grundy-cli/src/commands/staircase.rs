//! `grundy staircase`, `grundy nimble`, `grundy nimble2`, `grundy turtles`
//! and `grundy twins`: games that are Nim in disguise, the registry's
//! families of the same names.

use clap::Args;
use grundy::game::Convention;

use super::families::{print, start};
use crate::error::CliResult;
use crate::report::OutputArgs;

/// Numbers typed on the command line.
#[derive(Args, Debug)]
pub struct Numbers {
    /// Coins on steps 1, 2, 3, ... (staircase: step 1 is the floor), or the
    /// cells of the coins (Nimble, 1-based).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub items: Vec<String>,
}

/// Coins on steps, or on the cells of a strip.
#[derive(Args, Debug)]
pub struct NumbersArgs {
    #[command(flatten)]
    pub start: Numbers,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// A row of coins written with O (face up) and X (face down), cell 1 on the left.
#[derive(Args, Debug)]
pub struct Row {
    /// The row, e.g. XOOXO.
    #[arg(value_name = "ROW")]
    pub row: String,
}

/// A row of coins.
#[derive(Args, Debug)]
pub struct RowArgs {
    #[command(flatten)]
    pub start: Row,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses the coins of `family` (`staircase`, `nimble` or `nimble2`)
/// and prints the report.
pub fn run(args: &NumbersArgs, family: &str) -> CliResult {
    let game = start(family, "", &args.start.items.join(" "), Convention::Normal)?;
    print(&*game, Some(family), false, &args.output)
}

/// Analyses the row of `family` (`turtles` or `twins`) and prints the
/// report.
pub fn run_row(args: &RowArgs, family: &str) -> CliResult {
    let game = start(family, "", args.start.row.trim(), Convention::Normal)?;
    print(&*game, Some(family), false, &args.output)
}
