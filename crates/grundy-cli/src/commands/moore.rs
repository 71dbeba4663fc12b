//! `grundy moore`: Moore's Nim_k, normal and misère, the registry's
//! `moore` family.

use clap::Args;
use grundy::family::registry::AnyGame;
use grundy::game::Convention;

use super::families::{convention, print, start};
use crate::error::CliResult;
use crate::report::OutputArgs;

/// A position of Moore's Nim_k.
#[derive(Args, Debug)]
pub struct MooreStart {
    /// K, the most heaps one move may reduce (K = 1 is Nim).
    #[arg(short = 'k', value_name = "K", allow_hyphen_values = true)]
    pub k: String,
    /// Heap sizes.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
}

impl MooreStart {
    /// The registry's `moore` family at the position.
    pub fn start(&self, c: Convention) -> CliResult<Box<dyn AnyGame>> {
        start("moore", self.k.trim(), &self.heaps.join(" "), c)
    }
}

/// Moore's Nim_k: a move takes tokens from between 1 and K heaps at once.
#[derive(Args, Debug)]
pub struct MooreArgs {
    #[command(flatten)]
    pub start: MooreStart,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// List every winning move, not just one (when there are at most 100000
    /// and they hold at most 2000000 heaps in all).
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a Nim_k position and prints the report.
pub fn run(args: &MooreArgs) -> CliResult {
    let game = args.start.start(convention(args.misere))?;
    print(&*game, Some("moore"), args.all, &args.output)
}
