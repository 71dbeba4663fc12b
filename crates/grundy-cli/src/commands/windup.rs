//! `grundy windup`: subtraction modulo n, a heap game that can loop.

use clap::Args;
use grundy::family::registry;
use grundy::game::Convention;
use grundy::games::wind_up;
use serde_json::json;

use crate::error::{CliError, CliResult};
use crate::report::{emit, print_json, OutputArgs, PrintReport};

/// Wind-Up: subtract an amount of the set modulo N from one heap; 0 cannot move.
#[derive(Args, Debug)]
pub struct WindUpArgs {
    /// The modulus N: heaps are residues 0..N-1.
    #[arg(long = "modulus", short = 'n', value_name = "N")]
    pub modulus: String,
    /// The amounts that may be subtracted, separated by commas: 2,3.
    #[arg(long = "subtract", short = 's', value_name = "S1,S2,...")]
    pub subtract: String,
    /// The heaps (residues below N).
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    /// Print the value of every residue 0..N-1 instead of analysing heaps.
    #[arg(long)]
    pub table: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The most residues `--table` lists.
const MAX_TABLE: u64 = 1_000_000;

/// Solves the game and prints the report for the heaps, or the table.
pub fn run(args: &WindUpArgs) -> CliResult {
    if !args.table && args.heaps.is_empty() {
        return Err(CliError::new(
            "no heaps given (or ask for the values of every residue with --table)",
        ));
    }
    if args.table {
        let (game, _) = wind_up::start(&args.modulus, &args.subtract, &args.heaps)?;
        if game.modulus() > MAX_TABLE {
            return Err(CliError::new(format!(
                "a table of {} residues is too long to list (at most {MAX_TABLE})",
                game.modulus()
            )));
        }
        let values = game.values();
        if args.output.json {
            return print_json(&json!({
                "game": "windup",
                "modulus": game.modulus(),
                "subtract": game.subtraction(),
                "values": values,
            }));
        }
        let mut text = String::new();
        for (k, v) in values.iter().enumerate() {
            text.push_str(&format!("{k:>6}  {v}  {}\n", v.outcome()));
        }
        return emit(&text);
    }
    let variant = format!("{}:{}", args.modulus.trim(), args.subtract);
    let g = registry::start(
        "wind-up",
        &variant,
        &args.heaps.join(" "),
        Convention::Normal,
    )?;
    let mut report = g.report()?;
    if args.output.explain {
        report.explanation = g.explain();
    }
    report.print(&args.output)
}
