//! `grundy`: who wins, the Grundy value and every winning move of an
//! impartial game. A thin layer over the `grundy` library: parse, call,
//! print. Errors are one line on standard error with exit status 2.

mod commands;
mod error;
mod input;
mod output;
mod report;

use clap::{CommandFactory, Parser, Subcommand};

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
    /// Evaluate a nimber expression ('+' nim-sum, '*' nim product), or a batch of products.
    Nimber(commands::nimber::NimberArgs),
    /// The 24-card game: value, outcome and winning cards of a position.
    Cards(commands::cards::CardsArgs),
    /// Play a game against the computer, with hints and explanations.
    Play(commands::play::PlayArgs),
    /// Heap games (octal codes, subtraction, named games): value, outcome, winning moves.
    Heap(commands::heap::HeapArgs),
    /// Grundy sequence G(0..N) of a heap rule with its periodicity; files, checkpoints, resume.
    Seq(commands::seq::SeqArgs),
    /// An octal code's Grundy sequence far past memory: windowed, checkpointed, with its records.
    Frontier(commands::frontier::FrontierArgs),
    /// Surveys of code families (0.??): period and figures per code, sharded, resumed, merged.
    Survey(commands::survey::SurveyArgs),
    /// Re-derive every value of a sequence file independently, in parallel blocks or shards.
    Verify(commands::verify::VerifyArgs),
    /// Misère quotient of a heap rule: presentation, |Q|, |P|, P-portion, Φ(n).
    Misere(commands::misere::MisereArgs),
    /// The heap-rule notation: a rule in words, or every named game.
    Rules(commands::rules::RulesArgs),
    /// Moore's Nim_k: reduce up to K heaps at once (--misere, --all).
    Moore(commands::moore::MooreArgs),
    /// Staircase Nim: coins per step, moved one step down; step 1 is the floor.
    Staircase(commands::staircase::NumbersArgs),
    /// Nimble: coins on cells slide left; jumping and sharing allowed.
    Nimble(commands::staircase::NumbersArgs),
    /// Nimble-2: coins on cells slide left; no jumping, no sharing.
    Nimble2(commands::staircase::NumbersArgs),
    /// Turning Turtles: turn an O face down, optionally flip a cell to its left.
    Turtles(commands::staircase::RowArgs),
    /// Twins: turn an O face down and flip a cell to its left.
    Twins(commands::staircase::RowArgs),
    /// Coin-turning games: a turning code (1-3, 1+C, 4FS) or a name, and a row of coins.
    Turning(commands::turning::TurningArgs),
    /// Northcott's game: per row the columns of the black and the white token.
    Northcott(commands::northcott::NorthcottArgs),
    /// Chips on a directed graph read from a file; cycles give Smith's values (--annihilate).
    Chips(commands::chips::ChipsArgs),
    /// Turning Corners: value, outcome and winning moves of a board.
    Corners(commands::corners::CornersArgs),
    /// Products of coin-turning games on a board: tartan (Rugs, Turning Corners) and acrostic.
    Product(commands::product::ProductArgs),
    /// Print or draw a table: nim products, nim-sums, Turning Corners values.
    Table(commands::table::TableArgs),
    /// Wythoff's game: take from one heap, or the same number from both.
    Wythoff(commands::nim::WythoffArgs),
    /// Wind-Up: subtraction modulo N, a heap game that can loop (values ∞(K), draws).
    Windup(commands::windup::WindUpArgs),
    /// Two-heap games: r-Wythoff, Mem, TakeAway(r), Fibonacci Nim, Euclid's game.
    Twoheap(commands::twoheap::TwoHeapArgs),
    /// Patterns in Grundy values (a rule's, a turning game's, numbers or a table): formulas and their evidence.
    Pattern(commands::pattern::PatternArgs),
    /// Decide a claim: 'GAME has period P from N0', 'G(n) = FORMULA for GAME', 'G(x, y) = ...', 'GAME equals GAME'.
    Check(commands::check::CheckArgs),
    /// Your own game, defined by a Rhai script: values, winning moves, tables.
    Game(commands::game::GameArgs),
    /// Every game family by its name for people, with its variant and position syntax; NAME: its rules in words.
    Families(commands::families::FamiliesArgs),
    /// The words of the theory in plain words: nimber, *n, N- and P-position, nim-sum, mex, ...
    Glossary(commands::glossary::GlossaryArgs),
}

fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Nim(a) => commands::nim::run(&a),
        Command::Nimber(a) => commands::nimber::run(&a),
        Command::Cards(a) => commands::cards::run(&a),
        Command::Play(a) => commands::play::run(&a),
        Command::Heap(a) => commands::heap::run(&a),
        Command::Seq(a) => commands::seq::run(&a),
        Command::Frontier(a) => commands::frontier::run(&a),
        Command::Survey(a) => commands::survey::run(&a),
        Command::Verify(a) => commands::verify::run(&a),
        Command::Misere(a) => commands::misere::run(&a),
        Command::Rules(a) => commands::rules::run(&a),
        Command::Moore(a) => commands::moore::run(&a),
        Command::Staircase(a) => commands::staircase::run(&a, "staircase"),
        Command::Nimble(a) => commands::staircase::run(&a, "nimble"),
        Command::Nimble2(a) => commands::staircase::run(&a, "nimble2"),
        Command::Turtles(a) => commands::staircase::run_row(&a, "turtles"),
        Command::Twins(a) => commands::staircase::run_row(&a, "twins"),
        Command::Turning(a) => commands::turning::run(&a),
        Command::Northcott(a) => commands::northcott::run(&a),
        Command::Chips(a) => commands::chips::run(&a),
        Command::Corners(a) => commands::corners::run(&a),
        Command::Product(a) => commands::product::run(&a),
        Command::Table(a) => commands::table::run(&a),
        Command::Families(a) => commands::families::run(&a),
        Command::Glossary(a) => commands::glossary::run(&a),
        Command::Game(a) => commands::game::run(&a),
        Command::Wythoff(a) => commands::nim::run_wythoff(&a),
        Command::Windup(a) => commands::windup::run(&a),
        Command::Twoheap(a) => commands::twoheap::run(&a),
        Command::Pattern(a) => commands::pattern::run(&a),
        Command::Check(a) => commands::check::run(&a),
    }
}

fn main() {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // A family's name that is no command (`grundy families` lists them):
    // the command playing its part, or the family through the registry.
    let first = args.get(1).and_then(|a| a.to_str()).map(str::to_string);
    if let Some(first) = first {
        let command = Cli::command();
        let is_command = |w: &str| command.find_subcommand(w).is_some();
        if !is_command(&first) {
            match commands::families::alias(&first, is_command) {
                Some(commands::families::Alias::Command(words)) => {
                    args.splice(1..2, words.into_iter().map(Into::into));
                }
                Some(commands::families::Alias::Family) => {
                    if let Err(e) = commands::families::run_family(&args[1..]) {
                        error::exit_with(&e.0);
                    }
                    return;
                }
                None => {}
            }
        }
    }
    let first = args.get(1).map(|a| a.to_string_lossy().into_owned());
    let cli = Cli::try_parse_from(args).unwrap_or_else(|e| {
        use clap::error::{ContextKind, ContextValue};
        // The first word named nothing: the commands, families and rules near it.
        if let (Some(ContextValue::String(word)), Some(first)) =
            (e.get(ContextKind::InvalidSubcommand), first)
        {
            if *word == first {
                let commands = Cli::command();
                let names = commands.get_subcommands().map(|c| c.get_name());
                error::exit_with(&commands::families::unknown_command(word, names));
            }
        }
        error::exit_on_usage_error(e)
    });
    if let Err(e) = run(cli) {
        error::exit_with(&e.0);
    }
}
