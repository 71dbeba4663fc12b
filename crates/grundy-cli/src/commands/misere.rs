//! `grundy misere RULE --to N`: the misère quotient of the heaps 0..=N
//! with its presentation, P-portion and pretending function.

use clap::Args;
use grundy::heap::periodicity::Window;
use grundy::misere::extend::solve;
use grundy::misere::report::{phi_periodicity, QuotientReport};
use grundy::misere::solver::Limits;

use crate::commands::heap::parse_rule;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// The largest heap `--to` accepts.
const MAX_TO: u64 = 10_000;

/// The misère quotient of a heap rule's heaps 0..=N: presentation, |Q|,
/// |P|, P-portion, Φ(n) for every heap.
#[derive(Args, Debug)]
pub struct MisereArgs {
    /// The rule: a code (0.77, 4!.0), sub:1,3,4, or a name.
    #[arg(value_name = "RULE")]
    pub rule: String,
    /// The last heap size N.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub to: Option<String>,
    /// Stop at the first heap where the misère periodicity theorem proves
    /// Φ periodic (up to --to N, or heaps of 10000).
    #[arg(long)]
    pub until_proven: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy misere`.
pub fn run(args: &MisereArgs) -> CliResult {
    let rule = parse_rule(&args.rule)?;
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None if args.until_proven => MAX_TO,
        None => {
            return Err(CliError::new(
                "give the last heap size with --to N (or --until-proven)",
            ))
        }
    };
    if args.until_proven && Window::for_rule(&rule) == Window::Unknown {
        return Err(CliError::new(format!(
            "--until-proven: the misère periodicity theorem does not cover {rule} (it needs a \
             take-and-break code with bounded removal and no `!`, or a finite subtraction set); \
             give the last heap with --to N"
        )));
    }
    if to > MAX_TO {
        return Err(CliError::new(format!(
            "--to {to}: at most heaps of {MAX_TO} are tried (the exhaustive search behind the quotient stops far earlier)"
        )));
    }
    let until = args.until_proven;
    let run = solve(&rule, to as u32, Limits::default(), |q| {
        until && phi_periodicity(&rule, &q.phi).status == "proven"
    })
    .map_err(|e| CliError::new(format!("--to {to}: {e}")))?;
    let report = QuotientReport::new(&rule, &run);
    if args.json {
        print_json(&report)
    } else {
        emit(&report.text())
    }
}
