//! The one error type of the command line: a message for the user, exit 2.

use std::fmt;

/// A problem with what the user asked for. Printed as one line; the process
/// exits with status 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl CliError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        CliError(message.into())
    }
}

impl From<grundy::family::Error> for CliError {
    fn from(e: grundy::family::Error) -> Self {
        CliError(e.0)
    }
}

impl From<grundy::solve::SolveError> for CliError {
    fn from(e: grundy::solve::SolveError) -> Self {
        CliError(e.to_string())
    }
}

/// Shorthand for command results.
pub type CliResult<T = ()> = Result<T, CliError>;

/// Builds a [`CliError`] from a format string.
#[macro_export]
macro_rules! fail {
    ($($t:tt)*) => { return Err($crate::error::CliError(format!($($t)*))) };
}

/// Prints `grundy: error: <message>` as one line on standard error and
/// exits with status 2. Control characters in the message (a newline in a
/// quoted argument, say) are escaped so the message stays on one line.
pub fn exit_with(message: &str) -> ! {
    eprintln!("grundy: error: {}", one_line(message));
    std::process::exit(2)
}

/// The message with its control characters escaped (`\n`, `\u{1b}`, ...).
pub fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_debug().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// Handles a command line clap could not parse: help and version go to
/// standard output with status 0; everything else becomes one error line
/// (the first paragraph of clap's message, its lines joined) and status 2.
pub fn exit_on_usage_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => e.exit(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            exit_with(&missing_subcommand(&e.render().to_string()))
        }
        _ => {
            let text = e.render().to_string();
            let first: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            let message = first.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            exit_with(&format!("{message}{} (try '--help')", suggestion(&e)))
        }
    }
}

/// `; did you mean 'X'?` for the subcommand, flag or value clap found
/// near the one it refused, or nothing.
fn suggestion(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let mut names: Vec<&str> = Vec::new();
    for kind in [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ] {
        match e.get(kind) {
            Some(ContextValue::String(s)) => names.push(s),
            Some(ContextValue::Strings(v)) => names.extend(v.iter().map(String::as_str)),
            _ => {}
        }
    }
    grundy::suggest::did_you_mean(&names).map_or(String::new(), |s| format!("; {s}"))
}

/// The message for a command given without its subcommand, from clap's
/// usage line (`Usage: grundy play [OPTIONS] <GAME>`): `grundy play` alone
/// points at `grundy play --help`.
fn missing_subcommand(rendered: &str) -> String {
    let usage = rendered
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage:"))
        .unwrap_or("grundy <COMMAND>");
    let words: Vec<&str> = usage.split_whitespace().collect();
    let path: Vec<&str> = words
        .iter()
        .copied()
        .take_while(|w| !w.starts_with(['[', '<']))
        .collect();
    let what = words
        .iter()
        .find_map(|w| w.strip_prefix('<')?.strip_suffix('>'))
        .unwrap_or("COMMAND")
        .to_lowercase();
    let path = if path.is_empty() {
        "grundy".to_string()
    } else {
        path.join(" ")
    };
    format!("no {what} given; '{path} --help' lists the {what}s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_subcommand_points_at_its_help() {
        assert_eq!(
            missing_subcommand("Usage: grundy [OPTIONS] <COMMAND>\n"),
            "no command given; 'grundy --help' lists the commands"
        );
        assert_eq!(
            missing_subcommand("Play\n\nUsage: grundy play [OPTIONS] <GAME>\n\nGames:\n"),
            "no game given; 'grundy play --help' lists the games"
        );
    }
}
