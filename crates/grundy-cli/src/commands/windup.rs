//! `grundy windup`: subtraction modulo n, a heap game that can loop; the
//! registry's `wind-up` family, and the table of its residues.

use clap::Args;
use grundy::families::wind_up;
use grundy::family::registry::AnyGame;
use grundy::game::Convention;

use super::families::{print, start};
use crate::error::{CliError, CliResult};
use crate::report::{emit, print_json, OutputArgs};

/// A Wind-Up game and its heaps.
#[derive(Args, Debug)]
pub struct WindUpStart {
    /// The modulus N: heaps are residues 0..N-1.
    #[arg(long = "modulus", short = 'n', value_name = "N")]
    pub modulus: String,
    /// The amounts that may be subtracted, separated by commas: 2,3.
    #[arg(long = "subtract", short = 's', value_name = "S1,S2,...")]
    pub subtract: String,
    /// The heaps (residues below N).
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
}

impl WindUpStart {
    /// The registry's `wind-up` family at the heaps.
    pub fn start(&self, c: Convention) -> CliResult<Box<dyn AnyGame>> {
        let variant = format!("{}:{}", self.modulus.trim(), self.subtract);
        start("wind-up", &variant, &self.heaps.join(" "), c)
    }
}

/// Wind-Up: subtract an amount of the set modulo N from one heap; 0 cannot move.
#[derive(Args, Debug)]
pub struct WindUpArgs {
    #[command(flatten)]
    pub start: WindUpStart,
    /// Print the value of every residue 0..N-1 instead of analysing heaps.
    #[arg(long)]
    pub table: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Solves the game and prints the report for the heaps, or the table.
pub fn run(args: &WindUpArgs) -> CliResult {
    let a = &args.start;
    if !args.table && a.heaps.is_empty() {
        return Err(CliError::new(
            "no heaps given (or ask for the values of every residue with --table)",
        ));
    }
    if args.table {
        let table = wind_up::table(&a.modulus, &a.subtract, &a.heaps)?;
        return match args.output.json {
            true => print_json(&table),
            false => emit(&table.to_text()),
        };
    }
    let game = a.start(Convention::Normal)?;
    print(&*game, Some("windup"), false, &args.output)
}
