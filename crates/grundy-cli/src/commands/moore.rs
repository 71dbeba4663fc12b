//! `grundy moore`: Moore's Nim_k, normal and misère.

use clap::Args;
use grundy::game::{Convention, Outcome};
use grundy::games::moore;
use serde_json::Value;

use crate::error::{CliError, CliResult};
use crate::listing;
use crate::report::{parse_u64, parse_u64_list, show_list, OutputArgs, PrintReport, Report};

/// The most winning moves `--all` lists.
const LIST_LIMIT: usize = 100_000;

/// Moore's Nim_k: a move takes tokens from between 1 and K heaps at once.
#[derive(Args, Debug)]
pub struct MooreArgs {
    /// K, the most heaps one move may reduce (K = 1 is Nim).
    #[arg(short = 'k', value_name = "K", allow_hyphen_values = true)]
    pub k: String,
    /// Heap sizes.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// List every winning move, not just one (when there are at most 100000
    /// and they hold at most 2000000 heaps in all).
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Analyses a Nim_k position and prints the report.
pub fn run(args: &MooreArgs) -> CliResult {
    let k = parse_u64(&args.k, "k")?;
    if k == 0 {
        return Err(CliError::new(
            "k is 0, but a move reduces between 1 and k heaps: k must be at least 1",
        ));
    }
    let k = usize::try_from(k).unwrap_or(usize::MAX);
    let heaps = parse_u64_list(&args.heaps, "heap", "heaps")?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let analysis = if args.all {
        // Each listed move carries all the heaps.
        let limit = LIST_LIMIT.min((listing::MAX_LISTED / heaps.len() as u64) as usize);
        moore::analyze_all(&heaps, k, convention, limit)
            .map_err(|e| CliError::new(format!("{e}; without --all one winning move is shown")))?
    } else {
        moore::analyze(&heaps, k, convention)
    };
    let mut report = Report::from_analysis("moore", &heaps, &analysis, |h| show_list(h));
    report.position_text = format!("-k {} {}", args.k.trim(), report.position_text);
    report.extra.insert("k".into(), Value::from(k as u64));
    // A P-position has no winning move, so its empty list is complete too.
    let complete = args.all || analysis.outcome == Outcome::P;
    report
        .extra
        .insert("complete".into(), Value::from(complete));
    if args.output.explain {
        report.explanation = Some(moore::explain(&heaps, k, convention));
    }
    report.print(&args.output)
}
