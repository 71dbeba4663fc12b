//! `grundy rules`: the heap-rule notation, the named games, a rule in words.

use clap::Args;
use grundy::heap::rule::{RuleSummary, NAMED_GAMES};

use crate::commands::heap::parse_rule;
use crate::error::{CliError, CliResult};
use crate::report::{emit, print_json};

/// Explain a heap rule in words and print its canonical form, or list the
/// named games.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The rule: a code (0.77, 4!.0, 0.[3]), sub:1,3,4, sub:squares (a predicate), allbut:1,2,
    /// take:2..5, ranges:FILE or a name.
    #[arg(value_name = "RULE", required_unless_present = "list")]
    pub rule: Option<String>,
    /// List every named game with its rule and where it comes from.
    #[arg(long, conflicts_with = "rule")]
    pub list: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Prints the list of names, or one rule explained.
pub fn run(args: &RulesArgs) -> CliResult {
    if args.list {
        if args.json {
            return print_json(&NAMED_GAMES);
        }
        let width = NAMED_GAMES.iter().map(|g| g.name.len()).max().unwrap_or(0);
        let mut out = String::new();
        for g in NAMED_GAMES {
            let rule = if g.scale == 1 {
                g.rule.to_string()
            } else {
                format!("{} on {} n tokens", g.rule, g.scale)
            };
            out.push_str(&format!("{:<width$}  {rule:<16}  {}", g.name, g.about));
            if !g.aliases.is_empty() {
                out.push_str(&format!(" (also: {})", g.aliases.join(", ")));
            }
            out.push('\n');
        }
        return emit(&out);
    }
    let text = args
        .rule
        .as_deref()
        .ok_or_else(|| CliError::new("no rule given"))?;
    let summary = RuleSummary::of(&parse_rule(text)?);
    match args.json {
        true => print_json(&summary),
        false => emit(&summary.to_text()),
    }
}
