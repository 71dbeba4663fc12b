//! `grundy chips`: chips on a directed graph read from a file; a graph with
//! a cycle is answered with Smith's values (`grundy::games::chips_loopy`).

use std::path::{Path, PathBuf};

use clap::Args;
use grundy::games::chips::{self, Graph, Variant};
use grundy::games::chips_loopy::LoopyChips;
use serde_json::Value;

use crate::error::{CliError, CliResult};
use crate::input;
use crate::listing;
use crate::report::{emit, print_json, OutputArgs, PrintReport, Report};

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

fn err(e: chips::GraphError) -> CliError {
    CliError::new(e.to_string())
}

/// Reads the graph, solves it and prints the report for the chips.
pub fn run(args: &ChipsArgs) -> CliResult {
    let path = args.graph.display();
    let text = read_graph(&args.graph, MAX_FILE_BYTES)?;
    let graph = Graph::parse(&text)
        .map_err(|e| CliError::new(format!("in the graph file '{path}': {e}")))?;
    let chip_ids = graph.vertices(&args.chips).map_err(err)?;
    let values = match graph.grundy_values() {
        Ok(values) => values,
        Err(chips::GraphError::Cycle(_)) if !args.annihilate => {
            let report = LoopyChips::new(&graph).report(&chip_ids, args.output.explain);
            return if args.output.json {
                print_json(&report)
            } else {
                emit(&report.to_text())
            };
        }
        Err(e @ chips::GraphError::Cycle(_)) => {
            return Err(CliError::new(format!(
                "{e}; chips that annihilate are played on graphs without cycles only (leave out --annihilate)"
            )))
        }
        Err(e) => return Err(err(e)),
    };
    let variant = if args.annihilate {
        Variant::Annihilate
    } else {
        Variant::Coexist
    };
    let count = chips::winning_move_count(&graph, &values, &chip_ids);
    let first = listing::listed(count as u128, chip_ids.len());
    let (analysis, total) =
        chips::analyze_first(&graph, &values, &chip_ids, variant, first).map_err(err)?;
    let show = |c: &Vec<u32>| {
        let names: Vec<&str> = c.iter().map(|&v| graph.name(v)).collect();
        let text = if names.is_empty() {
            "(no chips)".to_string()
        } else {
            names.join(" ")
        };
        (Value::from(names), text)
    };
    let mut report =
        Report::from_analysis("chips", &chip_ids, &analysis, show).with_total(total as u128);
    report
        .extra
        .insert("vertices".into(), Value::from(graph.vertex_count()));
    report
        .extra
        .insert("edges".into(), Value::from(graph.edge_count()));
    report.extra.insert(
        "chip_values".into(),
        Value::from(
            chip_ids
                .iter()
                .map(|&c| values[c as usize])
                .collect::<Vec<u64>>(),
        ),
    );
    report
        .extra
        .insert("annihilate".into(), Value::from(args.annihilate));
    if args.output.explain {
        report.explanation =
            Some(chips::explain(&graph, &values, &chip_ids, variant).map_err(err)?);
    }
    report.print(&args.output)
}
