//! `grundy nim`: Nim and misère Nim by Bouton's rule.

use clap::Args;
use grundy::game::Convention;
use grundy::games::nim;

use crate::error::CliResult;
use crate::report::{parse_u64_list, show_list, OutputArgs, PrintReport, Report};
use crate::{input, listing};

/// Nim: take any number of tokens from one heap.
#[derive(Args, Debug)]
pub struct NimArgs {
    /// Heap sizes; `-` alone reads them from standard input.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    /// Read the heap sizes from a file (whitespace-separated).
    #[arg(long, value_name = "FILE", conflicts_with = "heaps")]
    pub input: Option<String>,
    /// Misère play: whoever takes the last token loses.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a Nim position and prints the report.
pub fn run(args: &NimArgs) -> CliResult {
    let words = input::position_words(&args.heaps, args.input.as_deref())?;
    let heaps = parse_u64_list(&words, "heap", "heaps")?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let (_, moves) = nim::winning_moves(&heaps, convention);
    let first = listing::listed(moves.len() as u128, heaps.len());
    let (analysis, total) = nim::analyze_first(&heaps, convention, first);
    let mut report =
        Report::from_analysis("nim", &heaps, &analysis, |h| show_list(h)).with_total(total as u128);
    if args.output.explain {
        report.explanation = Some(nim::explain(&heaps, convention));
    }
    report.print(&args.output)
}
