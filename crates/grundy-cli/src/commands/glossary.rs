//! `grundy glossary`: the terms of the theory in plain words
//! ([`grundy::glossary`]), or the one term asked for.

use clap::Args;
use grundy::glossary;

use crate::commands::families::wrap;
use crate::error::{CliError, CliResult};
use crate::report::{emit, print_json};

/// Define the words of the theory: nimber, *n, N- and P-position, nim-sum.
#[derive(Args, Debug)]
pub struct GlossaryArgs {
    /// One term (or another name of it, such as 'Grundy value'): its
    /// definition alone.
    #[arg(value_name = "TERM")]
    pub term: Option<String>,
    /// One JSON array of `{term, aliases, definition}` (the one object of
    /// TERM when it is given).
    #[arg(long)]
    pub json: bool,
}

/// Prints the glossary, or one term of it.
pub fn run(args: &GlossaryArgs) -> CliResult {
    let terms: Vec<&glossary::Term> = match &args.term {
        Some(word) => vec![glossary::find(word).ok_or_else(|| {
            let names = glossary::glossary()
                .iter()
                .flat_map(|t| std::iter::once(t.term).chain(t.aliases.iter().copied()));
            CliError::new(format!(
                "no term '{}' in the glossary{}; the terms are {}",
                word.trim(),
                grundy::suggest::aside(word, names),
                glossary::glossary()
                    .iter()
                    .map(|t| t.term)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?],
        None => glossary::glossary().iter().collect(),
    };
    if args.json {
        return match (&args.term, terms.first()) {
            (Some(_), Some(t)) => print_json(t),
            _ => print_json(&terms),
        };
    }
    let mut out = String::new();
    for t in terms {
        let also = match t.aliases {
            [] => String::new(),
            a => format!(" (also: {})", a.join(", ")),
        };
        out.push_str(&format!("{}{also}\n", t.term));
        for line in wrap(t.definition, 74).lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    emit(&out)
}
