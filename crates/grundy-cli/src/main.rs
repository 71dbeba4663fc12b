//! `grundy`: who wins, the Grundy value and every winning move of an
//! impartial game. A thin layer over the `grundy` library: parse, call,
//! print. Errors are one line on standard error with exit status 2.

mod commands;
mod error;
mod report;

use clap::{Parser, Subcommand};

use crate::error::CliResult;

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Sprague-Grundy theory for impartial games: who wins, Grundy values, winning moves",
    long_about = None,
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Nim (and misère Nim): value, outcome and winning moves by Bouton's rule.
    Nim(commands::nim::NimArgs),
    /// Evaluate a nimber expression ('+' nim-sum, '*' nim product).
    Nimber(commands::nimber::NimberArgs),
    /// Grundy sequence of an octal or hexadecimal code (fast engines, proven periods).
    Seq(commands::seq_long::SeqArgs),
}

fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Nim(a) => commands::nim::run(&a),
        Command::Nimber(a) => commands::nimber::run(&a),
        Command::Seq(a) => commands::seq_long::run(&a),
    }
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("grundy: error: {e}");
        std::process::exit(2);
    }
}
