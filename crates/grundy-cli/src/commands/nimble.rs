//! `grundy nimble` and `grundy nimble2`: coins sliding left on a strip.

use clap::Args;
use grundy::games::nimble;

use grundy::games::nim;

use crate::error::{CliError, CliResult};
use crate::report::{parse_u64_list, show_list, OutputArgs, PrintReport, Report};

/// Coins on a strip of cells numbered from 1; a move slides one coin left.
#[derive(Args, Debug)]
pub struct NimbleArgs {
    /// The cells of the coins (1-based).
    #[arg(value_name = "CELL", allow_negative_numbers = true)]
    pub cells: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn cells(args: &NimbleArgs) -> CliResult<Vec<u64>> {
    parse_u64_list(&args.cells, "cell", "coins")
}

fn cell_error(e: nimble::CellError) -> CliError {
    CliError::new(e.to_string())
}

/// Nimble: coins may jump and share cells.
pub fn run(args: &NimbleArgs) -> CliResult {
    let cells = cells(args)?;
    let moves = nimble::winning_moves(&cells).map_err(cell_error)?;
    let value = nim::value(&nimble::heaps(&cells));
    let apply = |m: &nimble::CoinMove| nimble::apply(&cells, *m);
    let mut report =
        Report::first_moves("nimble", &cells, cells.len(), value, &moves, apply, |c| {
            show_list(c)
        });
    if args.output.explain {
        report.explanation = Some(nimble::explain(&cells).map_err(cell_error)?);
    }
    report.print(&args.output)
}

/// Nimble-2: no jumping, no sharing.
pub fn run2(args: &NimbleArgs) -> CliResult {
    let cells = cells(args)?;
    let moves = nimble::winning_moves_nimble2(&cells).map_err(cell_error)?;
    let value = nimble::value2(&cells).map_err(cell_error)?;
    let apply = |m: &nimble::CoinMove| nimble::apply(&cells, *m);
    let mut report =
        Report::first_moves("nimble2", &cells, cells.len(), value, &moves, apply, |c| {
            show_list(c)
        });
    if args.output.explain {
        report.explanation = Some(nimble::explain_nimble2(&cells).map_err(cell_error)?);
    }
    report.print(&args.output)
}
