//! `grundy seq RULE --to N --genus`: the genus of each heap, as CGSuite
//! displays it and in full, with its misère value and phylum.

use grundy::misere::genus_report::genera;

use crate::commands::heap::parse_rule;
use crate::commands::seq::args::SeqArgs;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// Runs `seq --genus`.
pub fn run(args: &SeqArgs) -> CliResult {
    for (given, flag) in [
        (args.read.is_some(), "--read"),
        (args.out.is_some(), "--out"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.resume.is_some(), "--resume"),
        (args.png.is_some(), "--png"),
        (args.until_proven, "--until-proven"),
        (args.csv, "--csv"),
        (args.stats, "--stats"),
        (args.summary, "--summary"),
    ] {
        if given {
            return Err(CliError::new(format!(
                "--genus cannot be combined with {flag}"
            )));
        }
    }
    let rule = parse_rule(args.rule.as_deref().unwrap_or_default())?;
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None => return Err(CliError::new("give the last heap size with --to N")),
    };
    let from = match &args.from {
        Some(f) => parse_u64(f, "--from")?,
        None => 0,
    };
    let report = genera(&rule, from, to).map_err(CliError::new)?;
    if args.json {
        print_json(&report)
    } else {
        emit(&report.text())
    }
}
