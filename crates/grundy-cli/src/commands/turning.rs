//! `grundy turning CODE ROW`: a coin-turning game on a row of coins (the
//! registry's `turning` family), and `grundy seq turning:CODE`: its coin
//! values with their pattern ([`CoinSummary`]).

use std::fmt::Write as _;

use clap::Args;
use grundy::game::Convention;
use grundy::turning::named::NAMED;
use grundy::turning::sequence::CoinSummary;

use super::families::{print, start};
use crate::commands::seq::args::SeqArgs;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json, OutputArgs};

/// A coin-turning game: its code or name and a row of coins.
#[derive(Args, Debug)]
pub struct TurningArgs {
    /// A turning code (1-3, 1+C, 4FS, 1-3C(5), blocks:squares) or a name
    /// (mock-turtles, ruler, grunt, moebius, ...; `grundy turning --list`).
    #[arg(value_name = "CODE", required_unless_present = "list")]
    pub code: Option<String>,
    /// The row: H heads and T tails (or O and X), coin 1 on the left.
    #[arg(value_name = "ROW", required_unless_present = "list")]
    pub row: Option<String>,
    /// List the named games with their codes.
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses the row and prints the report, or lists the named games.
pub fn run(args: &TurningArgs) -> CliResult {
    if args.list {
        if args.output.json {
            return print_json(&NAMED);
        }
        let mut out = String::new();
        for n in NAMED {
            let _ = writeln!(out, "{:<18} {:<8} {}", n.name, n.code, n.rule);
        }
        return emit(&out);
    }
    let (Some(code), Some(row)) = (&args.code, &args.row) else {
        return Err(CliError::new(
            "give a turning code and a row, e.g. grundy turning 1-3 THHTH",
        ));
    };
    let game = start("turning", code, row, Convention::Normal)?;
    print(&*game, Some("turning"), false, &args.output)
}

/// `grundy seq turning:CODE --to N`: the values of coins 1..=N.
pub fn run_seq(code: &str, args: &SeqArgs) -> CliResult {
    let heap_only = [
        (args.out.is_some(), "--out"),
        (args.read.is_some(), "--read"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.resume.is_some(), "--resume"),
        (args.until_proven, "--until-proven"),
        (args.threads.is_some(), "--threads"),
        (args.stats, "--stats"),
        (args.png.is_some(), "--png"),
        (args.csv, "--csv"),
    ];
    if let Some((_, flag)) = heap_only.iter().find(|f| f.0) {
        return Err(CliError::new(format!(
            "{flag} is for heap rules, not turning codes"
        )));
    }
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None => return Err(CliError::new("give the last coin with --to N")),
    };
    let from = match &args.from {
        Some(f) => parse_u64(f, "--from")?,
        None => 1,
    };
    let summary = CoinSummary::compute(code, from, to, !args.summary).map_err(CliError::new)?;
    match args.json {
        true => print_json(&summary),
        false => emit(&summary.to_text()),
    }
}
