//! `grundy nimber`: nimber arithmetic.

use clap::Args;
use grundy::nimber;

use crate::error::{CliError, CliResult};
use crate::report::{emit, print_json};

/// Evaluate a nimber expression: `+` nim-sum, `*` nim product, parentheses,
/// decimal and 0x literals.
#[derive(Args, Debug)]
pub struct NimberArgs {
    /// The expression, e.g. '3*5 + 7'.
    #[arg(value_name = "EXPR")]
    pub expr: Vec<String>,
    /// Print `{"expression", "value"}` as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Evaluates the expression and prints its value.
pub fn run(args: &NimberArgs) -> CliResult {
    let expr = args.expr.join(" ");
    let v = nimber::eval(&expr)
        .map_err(|e| CliError::new(format!("in nimber expression '{expr}': {e}")))?;
    if args.json {
        print_json(&serde_json::json!({"expression": expr, "value": v.0}))
    } else {
        emit(&format!("{}\n", v.0))
    }
}
