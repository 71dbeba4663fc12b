//! `grundy turtles` and `grundy twins`: a row of coins, O face up, X face down.

use clap::Args;
use grundy::games::turtles::{self, Variant};
use serde_json::Value;

use crate::error::{CliError, CliResult};
use crate::listing;
use crate::report::{OutputArgs, PrintReport, Report};

/// A row of coins written with O (face up) and X (face down), cell 1 on the left.
#[derive(Args, Debug)]
pub struct RowArgs {
    /// The row, e.g. XOOXO.
    #[arg(value_name = "ROW")]
    pub row: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn run_variant(args: &RowArgs, variant: Variant, game: &str) -> CliResult {
    let row = turtles::parse_row(args.row.trim()).map_err(|e| CliError::new(e.to_string()))?;
    let moves = turtles::winning_moves(&row, variant).len() as u128;
    let first = listing::listed(moves, row.len());
    let (analysis, total) = turtles::analyze_first(&row, variant, first);
    let mut report = Report::from_analysis(game, &row, &analysis, |r| {
        let text = turtles::show_row(r);
        (Value::from(text.clone()), text)
    })
    .with_total(total as u128);
    if args.output.explain {
        report.explanation = Some(turtles::explain(&row, variant));
    }
    report.print(&args.output)
}

/// Turning Turtles: turn an O face down, optionally flip one cell to its left.
pub fn run_turtles(args: &RowArgs) -> CliResult {
    run_variant(args, Variant::Turtles, "turtles")
}

/// Twins: turn an O face down and flip one cell to its left.
pub fn run_twins(args: &RowArgs) -> CliResult {
    run_variant(args, Variant::Twins, "twins")
}
