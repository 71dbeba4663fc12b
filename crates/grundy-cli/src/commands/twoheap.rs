//! `grundy twoheap`: two-heap games (r-Wythoff, Mem, TakeAway(r), Fibonacci
//! Nim, Euclid's game) by their theorems.

use clap::Args;
use grundy::family::registry;
use grundy::game::Convention;
use grundy::games::twoheap::TwoHeapGame;

use crate::error::{CliError, CliResult};
use crate::report::{parse_u64_list, OutputArgs, PrintReport};

/// A two-heap game position: value, outcome and every winning move.
#[derive(Args, Debug)]
pub struct TwoHeapArgs {
    /// The game: wythoff, r-wythoff:R, mem, takeaway:R, fibonacci-nim, euclid or
    /// bounded-wythoff:F (F the bounding function, 2k+1 or 3,5;2k+1).
    #[arg(value_name = "GAME")]
    pub game: String,
    /// The two numbers: the heaps, or for mem and takeaway the heap and the
    /// bound on the next take (the heap alone is a fresh heap).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub numbers: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The game named on the command line.
pub fn parse_game(text: &str) -> CliResult<TwoHeapGame> {
    text.parse().map_err(CliError::new)
}

/// Analyses a position and prints the report.
pub fn run(args: &TwoHeapArgs) -> CliResult {
    let game = parse_game(&args.game)?;
    let numbers = parse_u64_list(&args.numbers, "number", "numbers")?;
    let text = numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let (name, variant) = match game.to_string().split_once(':') {
        Some((n, v)) => (n.to_string(), v.to_string()),
        None => (game.to_string(), String::new()),
    };
    let started = registry::start(&name, &variant, &text, Convention::Normal)?;
    let mut report = started.report()?;
    if args.output.explain {
        let p = &report.position;
        let pair = (p[0].as_u64().unwrap_or(0), p[1].as_u64().unwrap_or(0));
        report.explanation = Some(game.explain(pair));
    }
    report.print(&args.output)
}
