//! `grundy wythoff`: Wythoff's game, by Wythoff's pairs.

use clap::Args;
use grundy::family::registry;
use grundy::game::Convention;
use grundy::games::wythoff;

use crate::error::CliResult;
use crate::report::{parse_u64_list, OutputArgs, PrintReport};

/// Wythoff's game: two heaps.
#[derive(Args, Debug)]
pub struct WythoffArgs {
    /// The two heaps.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a position and prints the report.
pub fn run(args: &WythoffArgs) -> CliResult {
    let heaps = parse_u64_list(&args.heaps, "heap", "heaps")?;
    let text = heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let game = registry::start("wythoff", "", &text, Convention::Normal)?;
    let mut report = game.report()?;
    if args.output.explain {
        report.explanation = Some(wythoff::explain(heaps[0], heaps[1]));
    }
    report.print(&args.output)
}
