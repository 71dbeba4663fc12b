//! `grundy play`: play a game against the computer, with hints and
//! explanations. The game and the session are the library's
//! ([`grundy::families`], [`grundy::family::session`]); this file reads the
//! start position from the command line, feeds the session the lines typed
//! and prints what it says.
//!
//! - Terminal (standard input is a terminal): the position is drawn before
//!   each of the person's moves and a prompt `your move> ` waits for a line.
//! - Pipe (standard input is not a terminal): the same plain text without
//!   the prompt, one input line per move or command, for scripts.
//! - JSON (`--json`): one JSON object per line (see the session's docs).

use std::io::{BufRead, IsTerminal, Read};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use grundy::families::script::ScriptPlay;
use grundy::families::script_loopy::ScriptLoopyPlay;
use grundy::families::{
    cards, corners, heap, moore, nim, nimble, northcott, product, staircase, strips, turning,
    turtles, twoheap, wythoff,
};
use grundy::family::registry;
use grundy::family::session::{Line, Mode, Options, Output, Session, Side, PROMPT};
use grundy::family::Family;
use grundy::game::Convention;
use grundy::games::turtles::Variant;
use rustyline::error::ReadlineError;

use crate::commands::heap::parse_rule;
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
}

/// Heap sizes.
#[derive(Args, Debug)]
pub struct HeapsStart {
    /// Heap sizes.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
}

/// A heap game position to play from.
#[derive(Args, Debug)]
pub struct HeapStart {
    /// The rule: a code (0.77, 4!.0, 0.[3]), sub:1,3,4, take:2..5, or a
    /// name (see `grundy rules --list`).
    #[arg(value_name = "RULE")]
    pub rule: String,
    /// Heap sizes, as the game counts them.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    /// A board in the game's notation instead of heaps: a crosses
    /// (dawson-chess) or treblecross strip like X..X....., a last-to-toggle
    /// array like 1101110, a triomino board as 'top/bottom' rows of . and #.
    #[arg(long, value_name = "BOARD", conflicts_with = "heaps")]
    pub board: Option<String>,
}

/// Numbers from the command line: coins per step, or coin cells.
#[derive(Args, Debug)]
pub struct ListStart {
    /// Coins on steps 1, 2, ... (staircase) or the cells of the coins (Nimble).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub items: Vec<String>,
}

/// A row of coins from the command line.
#[derive(Args, Debug)]
pub struct RowStart {
    /// The row: O face up, X face down, cell 1 on the left.
    #[arg(value_name = "ROW")]
    pub row: String,
}

/// A Turning Corners board to play on.
#[derive(Args, Debug)]
pub struct CornersStart {
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

/// Moore's Nim_k position to play from.
#[derive(Args, Debug)]
pub struct MooreStart {
    /// K, the most heaps one move may reduce (K = 1 is Nim).
    #[arg(short = 'k', value_name = "K", allow_hyphen_values = true)]
    pub k: String,
    /// Heap sizes.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
}

/// Chips on a graph to play from.
#[derive(Args, Debug)]
pub struct ChipsStart {
    /// The graph: one edge `u v` per line, `#` comments, names may be words.
    #[arg(value_name = "GRAPH_FILE")]
    pub graph: PathBuf,
    /// The vertices holding chips (a vertex may be named more than once).
    #[arg(value_name = "VERTEX")]
    pub chips: Vec<String>,
    /// Two chips meeting on a vertex annihilate each other.
    #[arg(long)]
    pub annihilate: bool,
}

/// A Northcott board to play on.
#[derive(Args, Debug)]
pub struct NorthcottStart {
    /// The number of columns.
    #[arg(long, value_name = "W", allow_hyphen_values = true)]
    pub width: String,
    /// Per row the columns of its black and its white token, as B:W.
    #[arg(value_name = "B:W")]
    pub rows: Vec<String>,
}

/// The games that can be played, each with its start position written as
/// its analysis command takes it.
#[derive(Subcommand, Debug)]
pub enum PlayGame {
    /// Nim: take any number of tokens from one heap.
    Nim(HeapsStart),
    /// The 24-card game: take a card, add it to the total, never pass the limit.
    Cards(crate::commands::cards::CardsPositionArgs),
    /// Any heap game: an octal or hexadecimal code, a subtraction game, a named game (--board: on its board).
    Heap(HeapStart),
    /// Staircase Nim: coins on steps 1, 2, ...; move coins one step down.
    Staircase(ListStart),
    /// Nimble: coins on cells slide left; jumping and sharing allowed.
    Nimble(ListStart),
    /// Nimble-2: coins on cells slide left; no jumping, no sharing.
    Nimble2(ListStart),
    /// Turning Turtles: turn an O face down, optionally flip a cell to its left.
    Turtles(RowStart),
    /// Twins: turn an O face down and flip a cell to its left.
    Twins(RowStart),
    /// A coin-turning game: a turning code or a name, and a row of H (heads) and T (tails).
    Turning(TurningStart),
    /// Turning Corners on a board read from a file.
    Corners(CornersStart),
    /// A product of two coin-turning games (tartan, or --acrostic) on a board read from a file.
    Product(ProductStart),
    /// Moore's Nim_k: reduce up to K heaps at once.
    Moore(MooreStart),
    /// Chips on a graph read from a file; on a graph with a cycle a position repeated three times is a draw.
    Chips(ChipsStart),
    /// Northcott's game: per row the columns of the black and the white token (black moves first).
    Northcott(NorthcottStart),
    /// Wythoff's game: take from one heap, or the same number from both.
    Wythoff(HeapsStart),
    /// Wind-Up: subtraction modulo N; a position repeated three times is a draw.
    Windup(WindUpStart),
    /// Two-heap games: r-Wythoff, Mem, TakeAway(r), Fibonacci Nim, Euclid's game.
    Twoheap(TwoHeapStart),
    /// Your own game: `grundy play FILE [POSITION...]` with a Rhai script
    /// (see `grundy game`) or a rules file (`FILE.toml`).
    #[command(external_subcommand)]
    Script(Vec<String>),
}

/// Wind-Up heaps to play from.
#[derive(Args, Debug)]
pub struct WindUpStart {
    /// The modulus N: heaps are residues 0..N-1.
    #[arg(long = "modulus", short = 'n', value_name = "N")]
    pub modulus: String,
    /// The amounts that may be subtracted, separated by commas: 2,3.
    #[arg(long = "subtract", short = 's', value_name = "S1,S2,...")]
    pub subtract: String,
    /// The heaps (residues below N).
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
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

/// A rules file to play: `grundy play FILE.toml [POSITION...]`.
#[derive(clap::Parser, Debug)]
#[command(name = "grundy play")]
struct RulesStart {
    /// The rules file (`FILE.toml`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The position, as the file's family writes it (none: the file's
    /// start).
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    positions: Vec<String>,
    #[command(flatten)]
    after: AfterFile,
}

/// Any family of the registry to play: `grundy play NAME[:VARIANT]
/// [POSITION...]`, for the families with no subcommand of their own
/// (`grundy families` lists them all).
#[derive(clap::Parser, Debug)]
#[command(name = "grundy play")]
struct FamilyStart {
    /// The family's name or alias, with its variant after a colon
    /// (`r-wythoff:3`, `heap:kayles`).
    #[arg(value_name = "FAMILY")]
    family: String,
    /// The position, written as `grundy families` says (none: the family's
    /// empty position, where it has one).
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    positions: Vec<String>,
    #[command(flatten)]
    after: AfterFile,
}

/// Whether `word` names a family of the registry (`NAME` or
/// `NAME:VARIANT`).
fn is_family(word: &str) -> bool {
    let name = word.split_once(':').map_or(word, |(name, _)| name);
    grundy::family::registry::find(name).is_ok()
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
}

/// The words after `grundy play` parsed as `T` (a script's or a rules
/// file's start), errors in one line.
fn parse_start<T: clap::Parser>(words: &[String]) -> CliResult<T> {
    T::try_parse_from(std::iter::once("grundy play".to_string()).chain(words.iter().cloned()))
        .map_err(|e| CliError::new(first_line(&e.to_string())))
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

/// The largest graph file played on: 64 MiB.
const MAX_GRAPH_BYTES: u64 = 64 << 20;

/// Reads the board file of Turning Corners (never standard input, which
/// carries the moves).
fn read_corners(args: &CornersStart, convention: Convention) -> CliResult<String> {
    corners::normal_only(convention)?;
    if args.file == "-" {
        return Err(CliError::new(
            "the board must come from a file: standard input carries the moves",
        ));
    }
    crate::commands::corners::read_board_text(&args.file)
}

/// Starts the session.
pub fn run(args: &PlayArgs) -> CliResult {
    let (mut script, mut rules, mut family) = (None, None, None);
    match &args.game {
        PlayGame::Script(words)
            if words
                .first()
                .is_some_and(|w| crate::commands::rules_file::is_rules_file(Path::new(w))) =>
        {
            rules = Some(parse_start::<RulesStart>(words)?);
        }
        PlayGame::Script(words) if is_family(&words[0]) && !Path::new(&words[0]).is_file() => {
            family = Some(parse_start::<FamilyStart>(words)?);
        }
        PlayGame::Script(words)
            if !words[0].ends_with(".rhai") && !Path::new(&words[0]).is_file() =>
        {
            return Err(CliError::new(format!(
                "unrecognized subcommand '{}': name a game (see grundy play --help and grundy families), a script file or a rules file (.toml)",
                words[0]
            )));
        }
        PlayGame::Script(words) => script = Some(parse_start::<ScriptStart>(words)?),
        _ => {}
    };
    // Flags after a script's, a rules file's or a family's name count as
    // before it.
    let s = script.as_ref().map(|s| &s.after);
    let s = s.or(rules.as_ref().map(|r| &r.after));
    let s = s.or(family.as_ref().map(|f| &f.after));
    let first = s.and_then(|s| s.first).unwrap_or(args.first);
    let misere = args.misere || s.is_some_and(|s| s.misere);
    let json = args.json || s.is_some_and(|s| s.json);
    let seed = s.and_then(|s| s.seed.as_ref()).or(args.seed.as_ref());
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
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
    let c = convention;
    if let Some(f) = family {
        let (name, variant) = f.family.split_once(':').unwrap_or((&f.family, ""));
        let game = grundy::family::registry::start(name, variant, &f.positions.join(" "), c)?;
        return drive_any(game.session(&options), input);
    }
    if let Some(a) = script {
        let limit = crate::commands::game::max_positions(&a.max_positions)?;
        let script = crate::commands::game::load_script(&a.file, a.time_limit.as_deref())?;
        let game = ScriptPlay::new(script, c, limit);
        let given = game.positions(&a.positions)?;
        let p = game.script().split(&given)?;
        if let Err(e) = game.check(&p) {
            if !(game.found_cycle() && c == Convention::Normal) {
                return Err(e.into());
            }
            // The moves can cycle: Smith's values, draws ended by repetition.
            let game = ScriptLoopyPlay::new(game, &p, limit)?;
            return drive((game, p), &options, input);
        }
        return drive((game, p), &options, input);
    }
    match &args.game {
        PlayGame::Nim(a) => drive(nim::start(&a.heaps, c)?, &options, input),
        PlayGame::Cards(a) => {
            let (rules, p) = a.parse()?;
            drive(cards::start(rules, p, c)?, &options, input)
        }
        PlayGame::Heap(a) => {
            let rule = parse_rule(&a.rule)?;
            match &a.board {
                Some(text) => {
                    let game = heap::board_game(&rule)?;
                    let started = strips::start(game, text, c)
                        .map_err(|e| CliError::new(format!("board: {e}")))?;
                    drive(started, &options, input)
                }
                None => drive(heap::start(rule, &a.heaps, c)?, &options, input),
            }
        }
        PlayGame::Staircase(a) => drive(staircase::start(&a.items, c)?, &options, input),
        PlayGame::Nimble(a) => drive(nimble::start(&a.items, false, c)?, &options, input),
        PlayGame::Nimble2(a) => drive(nimble::start(&a.items, true, c)?, &options, input),
        PlayGame::Turtles(a) => drive(
            turtles::start(&a.row, Variant::Turtles, c)?,
            &options,
            input,
        ),
        PlayGame::Twins(a) => drive(turtles::start(&a.row, Variant::Twins, c)?, &options, input),
        PlayGame::Turning(a) => drive(turning::start(&a.code, &a.row, c)?, &options, input),
        PlayGame::Corners(a) => {
            let text = read_corners(a, c)?;
            let started = corners::start(&text, c)
                .map_err(|e| CliError::new(format!("board file '{}': {e}", a.file)))?;
            drive(started, &options, input)
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
            if file == "-" {
                return Err(CliError::new(
                    "the board must come from a file: standard input carries the moves",
                ));
            }
            let text = crate::commands::corners::read_board_text(file)?;
            let started = product::start(&variant, &text, c)
                .map_err(|e| CliError::new(format!("board file '{file}': {e}")))?;
            drive(started, &options, input)
        }
        PlayGame::Wythoff(a) => drive(wythoff::start(&a.heaps, c)?, &options, input),
        PlayGame::Windup(a) => {
            if a.heaps.is_empty() {
                return Err(CliError::new("no heaps given"));
            }
            let variant = format!("{}:{}", a.modulus.trim(), a.subtract);
            let g = registry::start("wind-up", &variant, &a.heaps.join(" "), c)?;
            drive_any(g.session(&options), input)
        }
        PlayGame::Script(words) => {
            let Some(r) = &rules else {
                return Err(CliError::new(format!(
                    "unrecognized subcommand '{}': name a game (see grundy play --help) or a rules file ending in .toml",
                    words[0]
                )));
            };
            let session = crate::commands::rules_file::session(&r.file, &r.positions, c, &options)?;
            drive_any(session, input)
        }
        PlayGame::Twoheap(a) => {
            let game = crate::commands::twoheap::parse_game(&a.game)?;
            drive(twoheap::start(game, &a.numbers, c)?, &options, input)
        }
        PlayGame::Moore(a) => drive(moore::start(&a.k, &a.heaps, c)?, &options, input),
        PlayGame::Northcott(a) => drive(northcott::start(&a.width, &a.rows, c)?, &options, input),
        PlayGame::Chips(a) => {
            if a.chips.is_empty() {
                return Err(CliError::new("no chips given"));
            }
            let text = crate::commands::chips::read_graph(&a.graph, MAX_GRAPH_BYTES)?;
            let g = crate::commands::chips::start(&a.graph, &text, &a.chips, a.annihilate, c)?;
            drive_any(g.session(&options), input)
        }
    }
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

/// Plays a started game: feeds the session each line read from `input` and
/// prints what it says, until the game ends or the player quits.
fn drive<F: Family, R: BufRead>(
    (game, start): (F, F::Position),
    options: &Options,
    mut input: Input<R>,
) -> CliResult {
    let editing = matches!(input, Input::Editor(_));
    let mut session = Session::new(game, start, options);
    let begun = session.begin();
    flush(&mut session, editing)?;
    begun?;
    while !session.is_finished() {
        let line = input.read()?;
        let done = session.input(line);
        flush(&mut session, editing)?;
        done?;
    }
    Ok(())
}

/// [`drive`] for a session whose game is known only by its interface.
fn drive_any<R: BufRead>(
    mut session: Box<dyn grundy::family::registry::AnySession>,
    mut input: Input<R>,
) -> CliResult {
    let editing = matches!(input, Input::Editor(_));
    let emit_all = |s: &mut Box<dyn grundy::family::registry::AnySession>| -> CliResult {
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

/// Prints what the session said; the line editor shows the prompt itself.
fn flush<F: Family>(session: &mut Session<F>, editing: bool) -> CliResult {
    for out in session.take_output() {
        match out {
            Output::Text(t) if editing && t == PROMPT => {}
            Output::Text(t) => emit(&t)?,
            Output::Json(v) => print_json(&v)?,
        }
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
