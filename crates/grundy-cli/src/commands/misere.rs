//! `grundy misere RULE --to N`: the misère quotient of the heaps 0..=N
//! with its presentation, P-portion and pretending function.

use clap::Args;
use grundy::misere::report::{quotient, QuotientRequest};

use crate::commands::heap::parse_rule;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

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
    let request = QuotientRequest {
        to: args
            .to
            .as_deref()
            .map(|t| parse_u64(t, "--to"))
            .transpose()?,
        until_proven: args.until_proven,
        ..Default::default()
    };
    let report = quotient(&rule, &request).map_err(CliError::new)?;
    if args.json {
        print_json(&report)
    } else {
        emit(&report.text())
    }
}
