//! `grundy nimber`: nimber arithmetic, one expression or a batch of
//! products in Library Checker's format.

use std::io::Write;

use clap::Args;
use grundy::nimber;

use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{emit, print_json};

/// Evaluate a nimber expression: `+` nim-sum, `*` nim product, `/`
/// division, `^` whole powers (`^-1` inverse), `sqrt(...)`, `inv(...)`,
/// parentheses, decimal and 0x literals.
#[derive(Args, Debug)]
pub struct NimberArgs {
    /// The expression, e.g. '3*5 + 7' or 'sqrt(2) / 3^-1'.
    #[arg(value_name = "EXPR", required_unless_present = "batch")]
    pub expr: Vec<String>,
    /// Print `{"expression", "value"}` as JSON.
    #[arg(long)]
    pub json: bool,
    /// Read `T`, then `T` lines `A B` from standard input, and print the nim
    /// product of each pair on its own line.
    #[arg(long, conflicts_with_all = ["expr", "json"])]
    pub batch: bool,
}

/// The largest batch read: 128 MiB, over three times Library Checker's
/// largest test (10^6 pairs of 64-bit numbers).
const MAX_BATCH_BYTES: u64 = 128 << 20;

/// Evaluates the expression (or the batch) and prints the result.
pub fn run(args: &NimberArgs) -> CliResult {
    if args.batch {
        let bytes =
            input::read_limited(std::io::stdin().lock(), "standard input", MAX_BATCH_BYTES)?;
        let out = nimber::batch::batch(&bytes).map_err(CliError::new)?;
        return emit_bytes(&out);
    }
    let expr = args.expr.join(" ");
    let v = nimber::eval(&expr).map_err(|e| {
        // A long expression is quoted by its start: the position says where.
        let shown: String = if expr.chars().count() > 60 {
            expr.chars().take(40).chain("...".chars()).collect()
        } else {
            expr.clone()
        };
        CliError::new(format!("in nimber expression '{shown}': {e}"))
    })?;
    if args.json {
        print_json(&serde_json::json!({"expression": expr, "value": v.0}))
    } else {
        emit(&format!("{}\n", v.0))
    }
}

/// Writes bytes to standard output; a closed pipe ends quietly.
fn emit_bytes(bytes: &[u8]) -> CliResult {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|_| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::new(format!("cannot write output: {e}"))),
    }
}
