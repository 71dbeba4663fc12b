//! `grundy nim` and `grundy wythoff`: Nim and misère Nim, and Wythoff's
//! game; the registry's `nim` and `wythoff` families.

use clap::Args;
use grundy::game::Convention;

use super::families::{convention, print, start};
use crate::error::CliResult;
use crate::input;
use crate::report::OutputArgs;

/// Heap sizes typed on the command line.
#[derive(Args, Debug)]
pub struct Heaps {
    /// Heap sizes (`grundy nim -` reads them from standard input).
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
}

/// Nim: take any number of tokens from one heap.
#[derive(Args, Debug)]
pub struct NimArgs {
    #[command(flatten)]
    pub start: Heaps,
    /// Read the heap sizes from a file (whitespace-separated).
    #[arg(long, value_name = "FILE", conflicts_with = "heaps")]
    pub input: Option<String>,
    /// Misère play: whoever takes the last token loses.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Wythoff's game: take from one heap, or the same number from both.
#[derive(Args, Debug)]
pub struct WythoffArgs {
    #[command(flatten)]
    pub start: Heaps,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a Nim position and prints the report.
pub fn run(args: &NimArgs) -> CliResult {
    let words = input::position_words(&args.start.heaps, args.input.as_deref())?;
    // Each word one heap, as typed: no list is read inside a word.
    crate::report::parse_u64_list(&words, "heap", "heaps")?;
    let game = start("nim", "", &words.join(" "), convention(args.misere))?;
    print(&*game, Some("nim"), false, &args.output)
}

/// Analyses a position of Wythoff's game and prints the report.
pub fn run_wythoff(args: &WythoffArgs) -> CliResult {
    let game = start(
        "wythoff",
        "",
        &args.start.heaps.join(" "),
        Convention::Normal,
    )?;
    print(&*game, Some("wythoff"), false, &args.output)
}
