//! `grundy families`: every game family the library knows, with its
//! aliases, its variant and position syntax, and examples (the registry,
//! [`grundy::family::registry`]).

use clap::Args;
use grundy::family::registry;

use crate::error::CliResult;
use crate::report::{emit, print_json};

/// List every family.
#[derive(Args, Debug)]
pub struct FamiliesArgs {
    /// One JSON array of `{name, aliases, summary, variant, position, examples}`.
    #[arg(long)]
    pub json: bool,
}

/// Prints the registry.
pub fn run(args: &FamiliesArgs) -> CliResult {
    let list = registry::list();
    if args.json {
        return print_json(&list);
    }
    let mut out = String::new();
    for f in list {
        out.push_str(&format!("{}: {}\n", f.name, f.summary));
        if !f.aliases.is_empty() {
            out.push_str(&format!("  also: {}\n", f.aliases.join(", ")));
        }
        if !f.variant.is_empty() {
            out.push_str(&format!("  variant: {}\n", f.variant));
        }
        out.push_str(&format!("  position: {}\n", f.position));
    }
    emit(&out)
}
