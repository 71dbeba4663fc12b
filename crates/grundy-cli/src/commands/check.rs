//! `grundy check`: a claim about Grundy values, proven, refuted at the
//! first position where it fails, or observed up to a bound.

use clap::Args;
use grundy::pattern::check::{check, Verdict};

use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// Decide a claim about Grundy values.
#[derive(Args, Debug)]
#[command(after_help = "Claims:
  GAME has period P from N0      G(n + P) = G(n) for every n >= N0
  G(n) = FORMULA for GAME        a formula in n
  G(x, y) = FORMULA for TABLE    a formula in x and y
  GAME equals GAME               the same value at every position
GAME: a heap rule (0.07, kayles, sub:1,3,4), turning:NAME (coins from 1),
a Rhai script FILE.rhai (positions 0, 1, 2, ...), or a rules file FILE.toml
of kind heap or turning. TABLE: twoheap:GAME, a rules file of kind twoheap,
or a script whose positions are [x, y] (rows and columns up to --to, at
most 199).
FORMULA: n (or x, y), numbers, + - * / % (floor), xor, and, or, ruler(n),
lowbit(n), popcount(n), odious(k), evil(k), min(a, b), max(a, b).
Proven: a period, or a formula in residues of n (n % m), for a rule whose
period a periodicity theorem proves; equal rules both proven periodic.
Exit status: 0 when proven or observed, 1 when refuted, 2 on an error.")]
pub struct CheckArgs {
    /// The claim, e.g. "0.07 has period 34 from 53".
    #[arg(value_name = "CLAIM")]
    pub claim: String,
    /// Compare values up to this position when no theorem decides first
    /// (for a table: rows and columns, at most 199).
    #[arg(long, value_name = "N", default_value = "10000")]
    pub to: String,
    /// Print one JSON object with stable field names instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Decides the claim and prints the answer; a refuted claim exits with 1.
pub fn run(args: &CheckArgs) -> CliResult {
    let to = parse_u64(&args.to, "bound")?;
    let to = u32::try_from(to)
        .map_err(|_| CliError::new(format!("--to {to}: heaps are counted in 32 bits")))?;
    let answer = check(&args.claim, to).map_err(CliError::new)?;
    if args.json {
        print_json(&answer)?;
    } else {
        emit(&format!("{}\n", answer.text))?;
    }
    if answer.verdict == Verdict::Refuted {
        std::process::exit(1);
    }
    Ok(())
}
