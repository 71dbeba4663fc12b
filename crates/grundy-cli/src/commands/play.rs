//! `grundy play`: play a game against the computer, with hints and
//! explanations. See [`crate::play`] for the session and the adapters.

use std::io::IsTerminal;

use clap::{Args, Subcommand};
use grundy::game::Convention;

use crate::error::CliError;
use crate::error::CliResult;
use crate::play::session::{self, Mode, Options, Side};
use crate::play::{cards, chips, corners, heap, moore, nim, northcott, reduced, strip};
use crate::report::parse_u64;
use grundy::games::turtles::Variant;

/// Play against the computer.
#[derive(Args, Debug)]
#[command(subcommand_value_name = "GAME", subcommand_help_heading = "Games")]
pub struct PlayArgs {
    #[command(subcommand)]
    pub game: PlayGame,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = Side::Human, global = true)]
    pub first: Side,
    /// Misère play: whoever makes the last move loses.
    #[arg(long, global = true)]
    pub misere: bool,
    /// Seed for the computer's choice among equally good moves (default: the clock).
    #[arg(long, value_name = "N", global = true, allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// One JSON object per line; moves may be typed as whole positions.
    #[arg(long, global = true)]
    pub json: bool,
}

/// The games that can be played, each with its start position written as
/// its analysis command takes it.
#[derive(Subcommand, Debug)]
pub enum PlayGame {
    /// Nim: take any number of tokens from one heap.
    Nim(nim::NimStart),
    /// The 24-card game: take a card, add it to the total, never pass the limit.
    Cards(crate::commands::cards::CardsPositionArgs),
    /// Any heap game: an octal or hexadecimal code, a subtraction game, a named game (--board: on its board).
    Heap(heap::HeapStart),
    /// Staircase Nim: coins on steps 1, 2, ...; move coins one step down.
    Staircase(reduced::ListStart),
    /// Nimble: coins on cells slide left; jumping and sharing allowed.
    Nimble(reduced::ListStart),
    /// Nimble-2: coins on cells slide left; no jumping, no sharing.
    Nimble2(reduced::ListStart),
    /// Turning Turtles: turn an O face down, optionally flip a cell to its left.
    Turtles(reduced::RowStart),
    /// Twins: turn an O face down and flip a cell to its left.
    Twins(reduced::RowStart),
    /// Turning Corners on a board read from a file.
    Corners(corners::CornersStart),
    /// Moore's Nim_k: reduce up to K heaps at once.
    Moore(moore::MooreStart),
    /// Chips on a directed acyclic graph read from a file.
    Chips(chips::ChipsStart),
    /// Northcott's game: per row the columns of the black and the white token (black moves first).
    Northcott(northcott::NorthcottStart),
}

/// Starts the session.
pub fn run(args: &PlayArgs) -> CliResult {
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let stdin = std::io::stdin();
    let mode = if args.json {
        Mode::Json
    } else if stdin.is_terminal() {
        Mode::Terminal
    } else {
        Mode::Pipe
    };
    let seed = match &args.seed {
        Some(s) => parse_u64(s, "seed")?,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    };
    let options = Options {
        first: args.first,
        mode,
        seed,
    };
    let input = stdin.lock();
    match &args.game {
        PlayGame::Nim(a) => {
            let (game, start) = nim::start(a, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Cards(a) => {
            let (game, start) = cards::start(a, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Heap(a) => match heap::board(a)? {
            Some((kind, text)) => {
                let (game, start) = strip::start(kind, text, convention)?;
                session::run(&game, start, &options, input)
            }
            None => {
                let (game, start) = heap::start(a, convention)?;
                session::run(&game, start, &options, input)
            }
        },
        PlayGame::Staircase(a) => {
            let (game, start) = reduced::start_staircase(a, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Nimble(a) => {
            let (game, start) = reduced::start_nimble(a, false, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Nimble2(a) => {
            let (game, start) = reduced::start_nimble(a, true, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Turtles(a) => {
            let (game, start) = reduced::start_turtles(a, Variant::Turtles, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Twins(a) => {
            let (game, start) = reduced::start_turtles(a, Variant::Twins, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Corners(a) => {
            let (game, start) = corners::start(a, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Moore(a) => {
            let (game, start) = moore::start(a, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Northcott(a) => {
            let (game, start) = northcott::start(a, convention)?;
            session::run(&game, start, &options, input)
        }
        PlayGame::Chips(a) => {
            let text = chips::read(a)?;
            let graph = grundy::games::chips::Graph::parse(&text).map_err(|e| {
                CliError::new(format!("in the graph file '{}': {e}", a.graph.display()))
            })?;
            let (game, start) = chips::start(&graph, a, convention)?;
            session::run(&game, start, &options, input)
        }
    }
}
