//! `grundy play`: play a game against the computer, with hints and
//! explanations. Every game is a family of the registry
//! ([`grundy::family::registry`]), started from the words typed: a
//! family's name with its variant and position (`grundy play r-wythoff:3
//! 4 10`), the named forms the analysis commands take (`grundy play moore
//! -k 2 1 2 3`, which say the same in their own words), a rules file or a
//! script. The session is the library's ([`grundy::family::session`]);
//! this file reads the files named, feeds the session the lines typed and
//! prints what it says.
//!
//! - Terminal (standard input is a terminal): the position is drawn before
//!   each of the person's moves and a prompt `your move> ` waits for a line.
//! - Pipe (standard input is not a terminal): the same plain text without
//!   the prompt, one input line per move or command, for scripts.
//! - JSON (`--json`): one JSON object per line (see the session's docs).

use std::io::{BufRead, IsTerminal, Read};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use grundy::families::{heap, product};
use grundy::family::registry::{self, AnyGame, AnySession, Started};
use grundy::family::session::{Line, Mode, Options, Output, Side, PROMPT};
use grundy::game::Convention;
use rustyline::error::ReadlineError;

use grundy::games::twoheap::TwoHeapGame;

use super::cards::CardsPositionArgs;
use super::chips::ChipsStart;
use super::families::start;
use super::heap::{parse_rule, HeapStart};
use super::moore::MooreStart;
use super::nim::Heaps;
use super::northcott::{NorthcottStart, Player};
use super::staircase::{Numbers, Row};
use super::windup::WindUpStart;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json};

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// The person (or script) at the other end.
    Human,
    /// The computer.
    Computer,
}

/// Play against the computer.
#[derive(Args, Debug)]
#[command(subcommand_value_name = "GAME", subcommand_help_heading = "Games")]
pub struct PlayArgs {
    #[command(subcommand)]
    pub game: PlayGame,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Human, global = true)]
    pub first: First,
    /// Misère play: whoever makes the last move loses.
    #[arg(long, global = true)]
    pub misere: bool,
    /// Seed for the computer's choice among equally good moves (default: the clock).
    #[arg(long, value_name = "N", global = true, allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// One JSON object per line; moves may be typed as whole positions.
    #[arg(long, global = true)]
    pub json: bool,
    /// How well the computer plays: perfect, or hard, medium or easy, where it
    /// plays a random move on 1, 3 or 6 turns in 10.
    #[arg(long, value_name = "LEVEL", global = true)]
    pub level: Option<String>,
}

/// A board read from a file.
#[derive(Args, Debug)]
pub struct BoardStart {
    /// The board file: rows of '#' (black) and '.' (white), or '0' and '1'.
    #[arg(value_name = "FILE")]
    pub file: String,
}

/// A product of coin-turning games and the board to play it on.
#[derive(Args, Debug)]
pub struct ProductStart {
    /// A named product (rugs, corners, acrostic-twins) or two games, each a
    /// turning code or a name (the first along the rows), then the board
    /// file ('.' or '1' heads, '#' or '0' tails).
    #[arg(value_name = "GAMES AND BOARD", num_args = 1..=3, required = true)]
    pub items: Vec<String>,
    /// The acrostic product: a move plays one game in one row or one column.
    #[arg(long)]
    pub acrostic: bool,
}

/// A coin-turning game's code and row.
#[derive(Args, Debug)]
pub struct TurningStart {
    /// A turning code (1-3, 1+C, 4FS) or a name (mock-turtles, ruler, grunt).
    #[arg(value_name = "CODE")]
    pub code: String,
    /// The row: H heads and T tails (or O and X).
    #[arg(value_name = "ROW")]
    pub row: String,
}

/// A two-heap game position to play from.
#[derive(Args, Debug)]
pub struct TwoHeapStart {
    /// The game: wythoff, r-wythoff:R, mem, takeaway:R, fibonacci-nim or euclid.
    #[arg(value_name = "GAME")]
    pub game: String,
    /// The two numbers (for mem and takeaway the heap alone is a fresh heap).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub numbers: Vec<String>,
}

/// The games named as their analysis commands take them; each is a family
/// of the registry.
#[derive(Subcommand, Debug)]
pub enum PlayGame {
    /// Nim: take any number of tokens from one heap.
    Nim(Heaps),
    /// The 24-card game: take a card, add it to the total, never pass the limit.
    Cards(CardsPositionArgs),
    /// Any heap game: an octal or hexadecimal code, a subtraction game, a named game (--board: on its board).
    Heap(HeapStart),
    /// Staircase Nim: coins on steps 1, 2, ...; move coins one step down.
    Staircase(Numbers),
    /// Nimble: coins on cells slide left; jumping and sharing allowed.
    Nimble(Numbers),
    /// Nimble-2: coins on cells slide left; no jumping, no sharing.
    Nimble2(Numbers),
    /// Turning Turtles: turn an O face down, optionally flip a cell to its left.
    Turtles(Row),
    /// Twins: turn an O face down and flip a cell to its left.
    Twins(Row),
    /// A coin-turning game: a turning code or a name, and a row of H (heads) and T (tails).
    Turning(TurningStart),
    /// Turning Corners on a board read from a file.
    Corners(BoardStart),
    /// A product of two coin-turning games (tartan, or --acrostic) on a board read from a file.
    Product(ProductStart),
    /// Moore's Nim_k: reduce up to K heaps at once.
    Moore(MooreStart),
    /// Chips on a graph read from a file; on a graph with a cycle a position repeated three times is a draw.
    Chips(ChipsStart),
    /// Northcott's game: per row the columns of the black and the white token (black moves first).
    Northcott(NorthcottStart),
    /// Wythoff's game: take from one heap, or the same number from both.
    Wythoff(Heaps),
    /// Wind-Up: subtraction modulo N; a position repeated three times is a draw.
    Windup(WindUpStart),
    /// Two-heap games: r-Wythoff, Mem, TakeAway(r), Fibonacci Nim, Euclid's game.
    Twoheap(TwoHeapStart),
    /// Any family of the registry (`grundy play NAME[:VARIANT] POSITION...`,
    /// see `grundy families`), or your own game: `grundy play FILE
    /// [POSITION...]` with a Rhai script (see `grundy game`) or a rules
    /// file (`FILE.toml`).
    #[command(external_subcommand)]
    Script(Vec<String>),
}

/// The largest graph file played on: 64 MiB.
const MAX_GRAPH_BYTES: u64 = 64 << 20;

/// The board file `file` of a game played on it (never standard input,
/// which carries the moves), and the game started on it, its mistakes
/// named by the file.
fn on_board(family: &str, variant: &str, file: &str, c: Convention) -> CliResult<Box<dyn AnyGame>> {
    if file == "-" {
        return Err(CliError::new(
            "the board must come from a file: standard input carries the moves",
        ));
    }
    let text = crate::commands::corners::read_board_text(file)?;
    start(family, variant, &text, c).map_err(|e| CliError::new(format!("board file '{file}': {e}")))
}

/// The named game `game` as a family of the registry: its name, variant
/// and position in the registry's words, and the files it names read.
fn named(game: &PlayGame, c: Convention) -> CliResult<Box<dyn AnyGame>> {
    match game {
        PlayGame::Nim(a) => start("nim", "", &a.heaps.join(" "), c),
        PlayGame::Wythoff(a) => start("wythoff", "", &a.heaps.join(" "), c),
        PlayGame::Staircase(a) => start("staircase", "", &a.items.join(" "), c),
        PlayGame::Nimble(a) => start("nimble", "", &a.items.join(" "), c),
        PlayGame::Nimble2(a) => start("nimble2", "", &a.items.join(" "), c),
        PlayGame::Turtles(a) => start("turtles", "", &a.row, c),
        PlayGame::Twins(a) => start("twins", "", &a.row, c),
        PlayGame::Turning(a) => start("turning", &a.code, &a.row, c),
        PlayGame::Moore(a) => a.start(c),
        PlayGame::Northcott(a) => a.start(Player::Black, c),
        PlayGame::Cards(a) => a.start(c),
        PlayGame::Windup(a) => a.start(c),
        PlayGame::Heap(a) if a.board.is_some() => a.start(&[], c),
        // The heap family as computed: heaps past it are refused here.
        PlayGame::Heap(a) => {
            let game = heap::start(parse_rule(&a.rule)?, &a.heaps, c)?;
            Ok(Box::new(Started::new(game)))
        }
        PlayGame::Twoheap(a) => {
            let game: TwoHeapGame = a.game.parse().map_err(CliError::new)?;
            let spec = game.to_string();
            let (name, variant) = spec.split_once(':').unwrap_or((&spec, ""));
            start(name, variant, &a.numbers.join(" "), c)
        }
        PlayGame::Chips(a) if a.chips.is_empty() => Err(CliError::new("no chips given")),
        PlayGame::Chips(a) => a.start(MAX_GRAPH_BYTES, c),
        PlayGame::Corners(a) => {
            grundy::families::corners::normal_only(c)?;
            on_board("corners", "", &a.file, c)
        }
        PlayGame::Product(a) => {
            let (variant, file) = match &a.items[..] {
                [name, file] if !a.acrostic => (name.clone(), file),
                [name, _] => {
                    return Err(CliError::new(format!(
                        "--acrostic takes two games, not the named product '{name}'"
                    )))
                }
                [g, h, file] => {
                    let form = if a.acrostic { "acrostic" } else { "tartan" };
                    (format!("{form}:{g} x {h}"), file)
                }
                _ => {
                    return Err(CliError::new(
                        "give a named product and a board file, or two games and a board file",
                    ))
                }
            };
            product::normal_only(c)?;
            product::parse_variant(&variant).map_err(CliError::new)?;
            on_board("product", &variant, file, c)
        }
        PlayGame::Script(words) => Err(CliError::new(format!(
            "'{}' names no game (see grundy play --help)",
            words.join(" ")
        ))),
    }
}

/// A scripted game to play: `grundy play FILE [POSITION...]`.
#[derive(clap::Parser, Debug)]
#[command(name = "grundy play")]
struct ScriptStart {
    /// The script: a Rhai file defining `fn options(p)`.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Positions written as JSON (`7`, `"XOOX"`, `[3,5]`); several form a
    /// sum. None: the script's `fn start()`.
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    positions: Vec<String>,
    /// Stop the script after this many seconds of work in all.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<String>,
    /// The most positions searched (each costs about 200 bytes of memory).
    #[arg(long, value_name = "N", default_value = "10000000")]
    max_positions: String,
    #[command(flatten)]
    after: AfterFile,
}

/// A rules file (`FILE.toml`), or any family of the registry (`NAME[:VARIANT]`,
/// `grundy families` lists them), and the position to play from.
#[derive(clap::Parser, Debug)]
#[command(name = "grundy play")]
struct FileOrFamily {
    /// The rules file, or the family's name or alias with its variant
    /// after a colon (`r-wythoff:3`, `heap:kayles`).
    #[arg(value_name = "FILE OR FAMILY")]
    game: String,
    /// The position, as the file's family or the family writes it (none:
    /// the file's start, or the family's empty position where it has one).
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    positions: Vec<String>,
    /// The most memory the search of a game solved by search (cram,
    /// node-kayles) may take, such as 8G (default: half the memory
    /// available, at least 1G).
    #[arg(long, value_name = "SIZE")]
    memory: Option<String>,
    #[command(flatten)]
    after: AfterFile,
}

/// Whether `word` names a family of the registry (`NAME` or
/// `NAME:VARIANT`).
fn is_family(word: &str) -> bool {
    let name = word.split_once(':').map_or(word, |(name, _)| name);
    registry::find(name).is_ok()
}

/// The options of play written after a script's or a rules file's name
/// (`grundy play FILE --json`), as they may be before it.
#[derive(clap::Args, Debug)]
struct AfterFile {
    #[arg(long, value_enum)]
    first: Option<First>,
    #[arg(long)]
    misere: bool,
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    seed: Option<String>,
    #[arg(long)]
    json: bool,
    #[arg(long, value_name = "LEVEL")]
    level: Option<String>,
}

/// The words after `grundy play` parsed as `T` (a script's, a rules
/// file's or a family's start), errors in one line.
fn parse_start<T: clap::Parser>(words: &[String]) -> CliResult<T> {
    T::try_parse_from(std::iter::once("grundy play".to_string()).chain(words.iter().cloned()))
        .map_err(|e| CliError::new(first_line(&e.to_string())))
}

/// What the words after `grundy play` name, when no named game: a rules
/// file, a family, or a script.
enum Other {
    Rules(FileOrFamily),
    Family(FileOrFamily),
    Script(ScriptStart),
}

fn other(words: &[String]) -> CliResult<Other> {
    let first = &words[0];
    let rules = crate::commands::rules_file::is_rules_file(Path::new(first));
    let file = Path::new(first).is_file();
    if rules {
        return Ok(Other::Rules(parse_start(words)?));
    }
    if is_family(first) && !file {
        return Ok(Other::Family(parse_start(words)?));
    }
    if !first.ends_with(".rhai") && !file {
        let games = PlayGame::augment_subcommands(clap::Command::new("play"));
        let games = games.get_subcommands().map(|c| c.get_name());
        let hint = crate::commands::families::near_names(first, games);
        return Err(CliError::new(format!(
            "unrecognized subcommand '{first}': name a game (see grundy play --help and grundy families), a script file or a rules file (.toml){hint}"
        )));
    }
    Ok(Other::Script(parse_start(words)?))
}

/// Starts the session.
pub fn run(args: &PlayArgs) -> CliResult {
    let other = match &args.game {
        PlayGame::Script(words) => Some(other(words)?),
        _ => None,
    };
    // Flags after a script's, a rules file's or a family's name count as
    // before it.
    let after = match &other {
        Some(Other::Rules(f) | Other::Family(f)) => Some(&f.after),
        Some(Other::Script(s)) => Some(&s.after),
        None => None,
    };
    let first = after.and_then(|s| s.first).unwrap_or(args.first);
    let misere = args.misere || after.is_some_and(|s| s.misere);
    let json = args.json || after.is_some_and(|s| s.json);
    let seed = after.and_then(|s| s.seed.as_ref()).or(args.seed.as_ref());
    let level = match after.and_then(|s| s.level.as_ref()).or(args.level.as_ref()) {
        Some(l) => l.parse().map_err(CliError::new)?,
        None => Default::default(),
    };
    let c = super::families::convention(misere);
    let stdin = std::io::stdin();
    let mode = if json {
        Mode::Json
    } else if stdin.is_terminal() {
        Mode::Terminal
    } else {
        Mode::Pipe
    };
    let seed = match seed {
        Some(s) => parse_u64(s, "seed")?,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    };
    let options = Options {
        first: match first {
            First::Human => Side::Human,
            First::Computer => Side::Computer,
        },
        mode,
        seed,
        level,
    };
    // Line editing and history when a person types at a terminal that can
    // move its cursor; piped input (and a dumb terminal) is read as it comes.
    let capable = std::env::var("TERM").is_ok_and(|t| !t.is_empty() && t != "dumb");
    let input = if mode == Mode::Terminal && capable && std::io::stdout().is_terminal() {
        match rustyline::DefaultEditor::new() {
            Ok(editor) => Input::Editor(Box::new(editor)),
            Err(_) => Input::Plain(stdin.lock()),
        }
    } else {
        Input::Plain(stdin.lock())
    };
    let game = match other {
        None => named(&args.game, c)?,
        Some(Other::Family(f)) => {
            let (name, variant) = f.game.split_once(':').unwrap_or((&f.game, ""));
            let budget = crate::commands::families::budget(f.memory.as_deref())?;
            registry::start_with(name, variant, &f.positions.join(" "), c, &budget)?
        }
        Some(Other::Rules(r)) => {
            let path = Path::new(&r.game);
            let (text, _) = crate::commands::rules_file::load(path)?;
            crate::commands::rules_file::start(path, &text, &r.positions, c)?
        }
        Some(Other::Script(a)) => {
            let limit = crate::commands::game::max_positions(&a.max_positions)?;
            let script = crate::commands::game::load_script(&a.file, a.time_limit.as_deref())?;
            grundy::families::script_loopy::start_script(script, &a.positions, c, limit)?
        }
    };
    drive(game.session(&options), input)
}

/// Where the moves come from: a pipe or a terminal read as it comes, or a
/// line editor with history at a terminal.
enum Input<R> {
    Plain(R),
    Editor(Box<rustyline::DefaultEditor>),
}

impl<R: BufRead> Input<R> {
    fn read(&mut self) -> CliResult<Line> {
        match self {
            Input::Plain(r) => read_line(r),
            Input::Editor(editor) => match editor.readline(PROMPT) {
                Ok(text) if text.len() as u64 > MAX_LINE => Err(too_long()),
                Ok(text) => {
                    if !text.trim().is_empty() {
                        let _ = editor.add_history_entry(text.as_str());
                    }
                    Ok(Line::Text(text))
                }
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(Line::End),
                Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    Ok(Line::NotText { valid_up_to: 0 })
                }
                Err(e) => Err(CliError::new(format!("cannot read the terminal: {e}"))),
            },
        }
    }
}

/// The first line of a message (clap's end with usage and help lines).
fn first_line(text: &str) -> String {
    text.lines()
        .next()
        .unwrap_or("")
        .trim_start_matches("error: ")
        .to_string()
}

/// Plays a session: feeds it each line read from `input` and prints what
/// it says, until the game ends or the player quits; the line editor shows
/// the prompt itself.
fn drive<R: BufRead>(mut session: Box<dyn AnySession>, mut input: Input<R>) -> CliResult {
    let editing = matches!(input, Input::Editor(_));
    let emit_all = |s: &mut Box<dyn AnySession>| -> CliResult {
        for out in s.take_output() {
            match out {
                Output::Text(t) if editing && t == PROMPT => {}
                Output::Text(t) => emit(&t)?,
                Output::Json(v) => print_json(&v)?,
            }
        }
        Ok(())
    };
    let begun = session.begin();
    emit_all(&mut session)?;
    begun?;
    while !session.is_finished() {
        let line = input.read()?;
        let done = session.input(line);
        emit_all(&mut session)?;
        done?;
    }
    Ok(())
}

fn too_long() -> CliError {
    CliError::new(format!(
        "an input line is longer than {} MiB; a move or a position fits on a much shorter line",
        MAX_LINE >> 20
    ))
}

/// The longest input line read: a move or a whole position (a million
/// heaps fit); anything longer, such as endless input, ends the session.
const MAX_LINE: u64 = 16 << 20;

/// One line of input, without its line ending.
fn read_line(input: &mut impl BufRead) -> CliResult<Line> {
    let mut bytes = Vec::new();
    let n = input
        .take(MAX_LINE + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| CliError::new(format!("cannot read standard input: {e}")))?;
    if n == 0 {
        return Ok(Line::End);
    }
    if n as u64 > MAX_LINE && bytes.last() != Some(&b'\n') {
        return Err(too_long());
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text),
        Err(e) => Line::NotText {
            valid_up_to: e.utf8_error().valid_up_to(),
        },
    })
}
