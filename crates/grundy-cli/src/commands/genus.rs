//! `grundy seq RULE --to N --genus`: the genus of each heap, as CGSuite
//! displays it and in full, with its misère value and phylum.

use std::fmt::Write as _;

use grundy::misere::genus::{Genus, GenusTable};
use serde::Serialize;

use crate::commands::heap::parse_rule;
use crate::commands::seq::args::SeqArgs;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// What `grundy seq --genus --json` prints, one entry per heap `from..=to`.
#[derive(Serialize, Debug)]
pub struct GenusReport {
    /// The rule's canonical form.
    pub rule: String,
    /// The first heap listed.
    pub from: u64,
    /// The last heap.
    pub to: u64,
    /// Normal-play values G(n).
    pub values: Vec<u32>,
    /// Misère values g⁻(n) (γ0).
    pub misere_values: Vec<u32>,
    /// The genus as CGSuite displays it (`3`, `2^2`, `4^146`).
    pub genus: Vec<String>,
    /// The whole trimmed genus `g^γ0γ1…`.
    pub genus_full: Vec<String>,
    /// Whether the heap is tame (played as in misère Nim).
    pub tame: Vec<bool>,
    /// The phylum in words (`nim heap`, `hereditarily tame`, `wild`, ...).
    pub phylum: Vec<&'static str>,
}

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
    if from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    }
    let top = u32::try_from(to)
        .map_err(|_| CliError::new(format!("--to {to}: heap too large for a genus")))?;
    let genera = GenusTable::new(&rule)
        .heaps(top)
        .map_err(|e| CliError::new(format!("--to {to}: {e}")))?;
    let shown = &genera[from as usize..];
    let report = GenusReport {
        rule: rule.to_string(),
        from,
        to,
        values: shown.iter().map(|g| g.g).collect(),
        misere_values: shown.iter().map(Genus::misere_value).collect(),
        genus: shown.iter().map(Genus::displayed).collect(),
        genus_full: shown.iter().map(Genus::full).collect(),
        tame: shown.iter().map(Genus::is_tame).collect(),
        phylum: shown.iter().map(|g| g.phylum.name()).collect(),
    };
    if args.json {
        return print_json(&report);
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}: genus of heaps {from}..={to}", report.rule);
    let _ = writeln!(
        out,
        "{:>6}  {:<14} {:<18} {:>3}  phylum",
        "n", "genus", "full", "g-"
    );
    for (i, g) in shown.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>6}  {:<14} {:<18} {:>3}  {}{}",
            from + i as u64,
            g.displayed(),
            g.full(),
            g.misere_value(),
            g.phylum.name(),
            if g.is_tame() { "" } else { " (not tame)" }
        );
    }
    let tame = report.tame.iter().filter(|&&t| t).count();
    let _ = writeln!(
        out,
        "{tame} of {} heaps tame; genus shown as CGSuite displays it (g for a nim heap, one digit when tame or restive), then in full",
        report.tame.len()
    );
    emit(&out)
}
