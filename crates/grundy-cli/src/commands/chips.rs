//! `grundy chips`: chips on a directed graph read from a file, answered by
//! the registry's chips family (Smith's values on a graph with a cycle).

use std::path::{Path, PathBuf};

use clap::Args;
use grundy::family::registry::{self, AnyGame};
use grundy::game::Convention;

use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{OutputArgs, PrintReport};

/// The largest graph file read: 1 GiB, which takes about 6 GiB of memory
/// (a 25 MB file of 10^6 edges peaks at about 150 MB, text included).
const MAX_FILE_BYTES: u64 = 1 << 30;

/// The text of the graph file `path`, of at most `limit` bytes.
pub(crate) fn read_graph(path: &Path, limit: u64) -> CliResult<String> {
    let name = path.display().to_string();
    input::read_text(&name, &format!("the graph file '{name}'"), limit)
}

/// Chips on a graph: a move slides one chip along an edge. On a graph with
/// a cycle the values are Smith's (a nimber or ∞(K)) and a draw is possible.
#[derive(Args, Debug)]
pub struct ChipsArgs {
    /// The graph: one edge `u v` per line, `#` comments, names may be words.
    #[arg(value_name = "GRAPH_FILE")]
    pub graph: PathBuf,
    /// The vertices holding chips (a vertex may be named more than once).
    #[arg(value_name = "VERTEX")]
    pub chips: Vec<String>,
    /// Two chips meeting on a vertex annihilate each other.
    #[arg(long)]
    pub annihilate: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The registry's chips family on the graph file `path` (its text
/// `text`) with chips on `chips`: Smith's values on a graph with a cycle.
pub(crate) fn start(
    path: &Path,
    text: &str,
    chips: &[String],
    annihilate: bool,
    c: Convention,
) -> CliResult<Box<dyn AnyGame>> {
    let family = if annihilate {
        "chips-annihilate"
    } else {
        "chips"
    };
    registry::start(family, text, &chips.join(" "), c).map_err(|e| {
        match e.0.strip_prefix("graph: ") {
            Some(e) => CliError::new(format!("in the graph file '{}': {e}", path.display())),
            None => CliError::from(e),
        }
    })
}

/// Reads the graph and prints the report for the chips.
pub fn run(args: &ChipsArgs) -> CliResult {
    let text = read_graph(&args.graph, MAX_FILE_BYTES)?;
    let g = start(
        &args.graph,
        &text,
        &args.chips,
        args.annihilate,
        Convention::Normal,
    )?;
    let mut report = g.report()?;
    if args.output.explain {
        report.explanation = g.explain();
    }
    report.print(&args.output)
}
