//! `grundy staircase`: staircase Nim.

use clap::Args;
use grundy::games::staircase;

use crate::error::{CliError, CliResult};
use crate::report::{parse_u64, show_list, OutputArgs, PrintReport, Report};

/// Staircase Nim: move coins from a step to the step below; step 1 is the floor.
#[derive(Args, Debug)]
pub struct StaircaseArgs {
    /// Coins on steps 1, 2, 3, ... (step 1 is the floor).
    #[arg(value_name = "COINS", allow_negative_numbers = true)]
    pub coins: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a staircase and prints the report.
pub fn run(args: &StaircaseArgs) -> CliResult {
    if args.coins.is_empty() {
        return Err(CliError::new(
            "no steps given: list the coins on steps 1, 2, ...",
        ));
    }
    let steps = args
        .coins
        .iter()
        .enumerate()
        .map(|(i, t)| parse_u64(t, &format!("the number of coins on step {}", i + 1)))
        .collect::<CliResult<Vec<u64>>>()?;
    staircase::check(&steps).map_err(|e| CliError::new(e.to_string()))?;
    let moves = staircase::winning_moves(&steps);
    let value = staircase::value(&steps);
    let apply = |m: &staircase::StairMove| staircase::apply(&steps, *m);
    let mut report = Report::first_moves(
        "staircase",
        &steps,
        steps.len(),
        value,
        &moves,
        apply,
        |s| show_list(s),
    );
    if args.output.explain {
        report.explanation =
            Some(staircase::explain(&steps).map_err(|e| CliError::new(e.to_string()))?);
    }
    report.print(&args.output)
}
