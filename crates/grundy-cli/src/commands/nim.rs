//! `grundy nim`: Nim and misère Nim by Bouton's rule.

use clap::Args;
use grundy::game::Convention;
use grundy::games::nim;

use crate::error::CliResult;
use crate::listing;
use crate::report::{parse_u64_list, show_list, OutputArgs, PrintReport, Report};

/// Nim: take any number of tokens from one heap.
#[derive(Args, Debug)]
pub struct NimArgs {
    /// Heap sizes.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    /// Misère play: whoever takes the last token loses.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a Nim position and prints the report.
pub fn run(args: &NimArgs) -> CliResult {
    let heaps = parse_u64_list(&args.heaps, "heap", "heaps")?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let (_, moves) = nim::winning_moves(&heaps, convention);
    listing::check(moves.len() as u64, heaps.len(), "heaps")?;
    let analysis = nim::analyze(&heaps, convention);
    let mut report = Report::from_analysis("nim", &heaps, &analysis, |h| show_list(h));
    if args.output.explain {
        report.explanation = Some(nim::explain(&heaps, convention));
    }
    report.print(&args.output)
}
