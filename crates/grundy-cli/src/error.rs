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
