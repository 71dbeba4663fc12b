//! `grundy chips`: chips on a directed graph read from a file, answered by
//! the registry's chips family (Smith's values on a graph with a cycle).

use std::path::PathBuf;

use clap::Args;
use grundy::family::registry::{self, AnyGame};
use grundy::game::Convention;

use super::families::print;
use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::OutputArgs;

/// The largest graph file read: 1 GiB, which takes about 6 GiB of memory
/// (a 25 MB file of 10^6 edges peaks at about 150 MB, text included).
const MAX_FILE_BYTES: u64 = 1 << 30;

/// Chips on a graph read from a file.
#[derive(Args, Debug)]
pub struct ChipsStart {
    /// The graph: one edge `u v` per line, `#` comments, names may be words.
    #[arg(value_name = "GRAPH_FILE")]
    pub graph: PathBuf,
    /// The vertices holding chips (a vertex may be named more than once).
    #[arg(value_name = "VERTEX")]
    pub chips: Vec<String>,
    /// Two chips meeting on a vertex annihilate each other.
    #[arg(long)]
    pub annihilate: bool,
}

/// Chips on a graph: a move slides one chip along an edge. On a graph with
/// a cycle the values are Smith's (a nimber or ∞(K)) and a draw is possible.
#[derive(Args, Debug)]
pub struct ChipsArgs {
    #[command(flatten)]
    pub start: ChipsStart,
    #[command(flatten)]
    pub output: OutputArgs,
}

impl ChipsStart {
    /// The registry's chips family on the graph file (at most `limit`
    /// bytes), its mistakes named by the file.
    pub fn start(&self, limit: u64, c: Convention) -> CliResult<Box<dyn AnyGame>> {
        let name = self.graph.display().to_string();
        let text = input::read_text(&name, &format!("the graph file '{name}'"), limit)?;
        let family = match self.annihilate {
            true => "chips-annihilate",
            false => "chips",
        };
        registry::start(family, &text, &self.chips.join(" "), c).map_err(|e| {
            match e.0.strip_prefix("graph: ") {
                Some(e) => CliError::new(format!("in the graph file '{name}': {e}")),
                None => CliError::from(e),
            }
        })
    }
}

/// Reads the graph and prints the report for the chips.
pub fn run(args: &ChipsArgs) -> CliResult {
    let game = args.start.start(MAX_FILE_BYTES, Convention::Normal)?;
    print(&*game, None, false, &args.output)
}
