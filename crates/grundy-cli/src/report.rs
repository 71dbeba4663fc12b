//! Printing what the library reports: the analysis [`Report`] as text or as
//! one line of JSON (`--json`), and the command-line forms of the shared
//! parsers, whose errors end the command with status 2.

use std::io::Write;

use serde::Serialize;

pub use grundy::family::report::Report;

use crate::error::{CliError, CliResult};

/// Output flags shared by the analysis commands.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Print one JSON object with stable field names instead of text.
    #[arg(long)]
    pub json: bool,
    /// Explain why the answer is right, step by step.
    #[arg(long)]
    pub explain: bool,
}

/// Printing a report as the flags ask.
pub trait PrintReport {
    /// Prints the report as asked by `out`.
    fn print(&self, out: &OutputArgs) -> CliResult;
}

impl PrintReport for Report {
    fn print(&self, out: &OutputArgs) -> CliResult {
        if out.json {
            print_json(self)
        } else {
            emit(&self.to_text())
        }
    }
}

/// Writes `text` to standard output; a closed pipe ends quietly.
pub fn emit(text: &str) -> CliResult {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::new(format!("cannot write output: {e}"))),
    }
}

/// Writes a value as one line of JSON.
pub fn print_json<T: Serialize>(value: &T) -> CliResult {
    let mut text = serde_json::to_string(value)
        .map_err(|e| CliError::new(format!("cannot write JSON: {e}")))?;
    text.push('\n');
    emit(&text)
}

/// Parses one non-negative whole number given on the command line; `what`
/// names it in the error ("heap", "step", ...).
pub fn parse_u64(text: &str, what: &str) -> CliResult<u64> {
    Ok(grundy::family::text::parse_u64(text, what)?)
}

/// Parses a list of whole numbers, refusing an empty list.
pub fn parse_u64_list(texts: &[String], what: &str, plural: &str) -> CliResult<Vec<u64>> {
    Ok(grundy::family::text::parse_u64_list(texts, what, plural)?)
}
