//! `grundy cards`: the 24-card game of seed 003 (cards 1..6, four of each,
//! a running total that may not pass 50), the registry's `cards` family.

use clap::Args;
use grundy::family::registry::AnyGame;
use grundy::game::Convention;

use super::families::{convention, print, start};
use crate::error::CliResult;
use crate::report::OutputArgs;

/// The rules of a card game and a position in it, as flags.
#[derive(Args, Debug, Clone)]
pub struct CardsPositionArgs {
    /// Card values: a range `1..6`, a list `1,2,3,5`, or both (`1..4,6`).
    #[arg(
        long,
        value_name = "VALUES",
        default_value = "1..6",
        allow_hyphen_values = true
    )]
    pub values: String,
    /// Copies of each value in the deal.
    #[arg(
        long,
        value_name = "N",
        default_value = "4",
        allow_hyphen_values = true
    )]
    pub copies: String,
    /// The total may not pass this.
    #[arg(
        long,
        value_name = "N",
        default_value = "50",
        allow_hyphen_values = true
    )]
    pub limit: String,
    /// Cards left of each value, comma-separated (default: the whole deal).
    #[arg(long, value_name = "COUNTS", allow_hyphen_values = true)]
    pub left: Option<String>,
    /// The running total (default: the sum of the cards already taken).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub total: Option<String>,
}

/// The 24-card game: value, outcome and winning cards of a position.
#[derive(Args, Debug)]
pub struct CardsArgs {
    #[command(flatten)]
    pub position: CardsPositionArgs,
    /// Misère play: whoever cannot move wins.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

impl CardsPositionArgs {
    /// The registry's `cards` family with these rules (its variant
    /// `VALUES/COPIES/LIMIT`) at this position (`--left COUNTS --total N`,
    /// each where given).
    pub fn start(&self, c: Convention) -> CliResult<Box<dyn AnyGame>> {
        let variant = format!("{}/{}/{}", self.values, self.copies, self.limit);
        let mut position = Vec::new();
        if let Some(left) = &self.left {
            position.push(format!("--left {left}"));
        }
        if let Some(total) = &self.total {
            position.push(format!("--total {total}"));
        }
        start("cards", &variant, &position.join(" "), c)
    }
}

/// Analyses a card-game position and prints the report.
pub fn run(args: &CardsArgs) -> CliResult {
    let game = args.position.start(convention(args.misere))?;
    print(&*game, Some("cards"), false, &args.output)
}
