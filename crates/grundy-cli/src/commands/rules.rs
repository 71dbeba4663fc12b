//! `grundy rules`: the heap-rule notation, the named games, a rule in words.

use clap::Args;
use grundy::heap::cousin;
use grundy::heap::rule::{HeapRule, RuleKind, NAMED_GAMES};
use serde_json::json;

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
            let list: Vec<_> = NAMED_GAMES
                .iter()
                .map(|g| {
                    json!({"name": g.name, "aliases": g.aliases, "rule": g.rule,
                           "scale": g.scale, "about": g.about})
                })
                .collect();
            return print_json(&list);
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
    let rule: HeapRule = parse_rule(text)?;
    let base = rule.base().to_string();
    let cousin = match rule.base().kind() {
        RuleKind::Code(code) => {
            cousin::standard_form(code).map(|f| (cousin::statement(code, &f), f))
        }
        _ => None,
    };
    if args.json {
        return print_json(&json!({
            "rule": rule.to_string(),
            "base": base,
            "scale": rule.scale(),
            "max_removal": rule.max_removal(),
            "max_parts": rule.max_parts(),
            "description": rule.describe().lines().collect::<Vec<_>>(),
            "first_cousin": cousin.as_ref().map(|(words, f)| json!({
                "code": f.code.to_string(),
                "shift": f.shift,
                "statement": words,
            })),
        }));
    }
    let mut out = format!("canonical form: {rule}\n");
    if rule.named().is_some() {
        out.push_str(&format!("rule: {base}\n"));
    }
    out.push_str(&rule.describe());
    if let Some((words, _)) = cousin {
        out.push_str(&format!("first cousin: {words}\n"));
    }
    emit(&out)
}
