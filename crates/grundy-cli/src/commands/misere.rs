//! `grundy misere RULE --to N`: the misère quotient of the heaps 0..=N
//! with its presentation, P-portion and pretending function.

use clap::Args;
use grundy::job::platform::available_memory;
use grundy::misere::report::{quotient, QuotientRequest};
use grundy::misere::solver::Limits;

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
    /// The largest quotient tried, |Q| (default 2048; its table takes |Q|²
    /// entries).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_order: Option<String>,
    /// The most elements of a candidate monoid that extension and
    /// recalibration label (default 400000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_candidate: Option<String>,
    /// The most positions the exhaustive misère search behind the first
    /// heaps stores (default 4000000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_search: Option<String>,
    /// The most (product, winning contexts) pairs a proof visits (default
    /// 2000000).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_proof: Option<String>,
    /// Stop after this many seconds, with the quotient of the last heap
    /// proven.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub seconds: Option<String>,
}

/// The limits the options give, checked against the memory available.
fn limits(args: &MisereArgs) -> CliResult<Limits> {
    let count =
        |v: &Option<String>, name: &str| v.as_deref().map(|t| parse_u64(t, name)).transpose();
    let seconds = match &args.seconds {
        None => None,
        Some(t) => Some(t.trim().parse::<f64>().map_err(|_| {
            CliError::new(format!(
                "--seconds '{t}': give a positive number of seconds"
            ))
        })?),
    };
    let counts = [
        count(&args.max_order, "--max-order")?,
        count(&args.max_candidate, "--max-candidate")?,
        count(&args.max_search, "--max-search")?,
        count(&args.max_proof, "--max-proof")?,
    ];
    Limits::given(counts, seconds, available_memory()).map_err(CliError::new)
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
        limits: limits(args)?,
    };
    let report = quotient(&rule, &request).map_err(CliError::new)?;
    if args.json {
        print_json(&report)
    } else {
        emit(&report.text())
    }
}
