//! `grundy cards`: the 24-card game of seed 003 (cards 1..6, four of each,
//! a running total that may not pass 50).

use clap::Args;
use grundy::families::cards::{self as family, cards_error, rules_json, show_position};
use grundy::game::Convention;
use grundy::games::cards::{self, CardsPosition, Rules};

use crate::error::{CliError, CliResult};
use crate::report::{OutputArgs, PrintReport, Report};

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
    /// The rules and the position the flags describe, checked.
    pub fn parse(&self) -> CliResult<(Rules, CardsPosition)> {
        Ok(family::parse_rules_and_position(
            &self.values,
            &self.copies,
            &self.limit,
            self.left.as_deref(),
            self.total.as_deref(),
        )?)
    }
}

/// Analyses a card-game position and prints the report.
pub fn run(args: &CardsArgs) -> CliResult {
    let (rules, p) = args.position.parse()?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let table = cards::Table::solve(&rules, &p).map_err(cards_error)?;
    let analysis = table
        .analyze(&p, convention)
        .ok_or_else(|| CliError::new("the position is not in its own table"))?;
    let mut report = Report::from_analysis("cards", &p, &analysis, show_position);
    report.extra = rules_json(&rules);
    if args.output.explain {
        report.explanation = table.explain(&p, convention, None);
    }
    report.print(&args.output)
}
