//! `grundy heap`: positions of any heap game (the registry's `heap`
//! family), or of a board written in the game's own notation (its `strip`
//! family).

use clap::Args;
use grundy::families::{heap_rule, strips};
use grundy::family::registry::{self, AnyGame};
use grundy::game::Convention;
use grundy::games::strips::StripGame;
use grundy::heap::rule::HeapRule;

use super::families::{convention, print, start};
use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{parse_u64, OutputArgs};

/// A heap game and its heaps, or its board.
#[derive(Args, Debug)]
pub struct HeapStart {
    /// The rule: a code (0.77, 4!.0, 0.[3]), sub:1,3,4, sub:squares (a predicate), allbut:1,2,
    /// take:2..5, ranges:FILE or a name (see `grundy rules --list`).
    #[arg(value_name = "RULE")]
    pub rule: String,
    /// Heap sizes, as the game counts them (a triomino heap is a 2 x n
    /// board); `-` alone reads them from standard input.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    /// A board in the game's notation instead of heaps: a crosses
    /// (dawson-chess) or treblecross strip like X..X....., a last-to-toggle
    /// array like 1101110, a triomino board as 'top/bottom' rows of . and #.
    #[arg(long, value_name = "BOARD", conflicts_with = "heaps")]
    pub board: Option<String>,
}

/// A heap game position: value, outcome and every winning move in words.
#[derive(Args, Debug)]
pub struct HeapArgs {
    #[command(flatten)]
    pub start: HeapStart,
    /// Read the heap sizes from a file (whitespace-separated).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["heaps", "board"])]
    pub input: Option<String>,
    /// Misère play: whoever makes the last move loses (decided by search).
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The largest ranges file read (a line per heap size: far more heap sizes
/// than any table is computed for).
pub const MAX_RANGES_FILE: u64 = 64 << 20;

/// Reads a rule; `ranges:FILE` reads the file (`ranges:1..1,1..2` inline
/// also works).
pub fn parse_rule(text: &str) -> CliResult<HeapRule> {
    if let Some(body) = ranges_file(text) {
        let what = format!("ranges file '{body}'");
        let content = input::read_text(body, &what, MAX_RANGES_FILE)?;
        return HeapRule::parse_ranges(&content)
            .map_err(|e| CliError::new(format!("ranges file '{body}': {e}")));
    }
    text.trim()
        .parse()
        .map_err(|e| CliError::new(format!("rule '{text}': {e}")))
}

/// The file named by `ranges:FILE` (not inline ranges such as
/// `ranges:1..1,1..2`, unless a file has that name).
fn ranges_file(text: &str) -> Option<&str> {
    let t = text.trim();
    let body = t
        .get(..7)
        .filter(|p| p.eq_ignore_ascii_case("ranges:"))
        .map(|_| &t[7..])?;
    (!body.contains("..") || std::path::Path::new(body).exists()).then_some(body)
}

/// The rule as output names it: `ranges:FILE` as given (its ranges can run
/// to megabytes), any other rule in its canonical form.
pub fn rule_label(text: &str, rule: &HeapRule) -> String {
    match ranges_file(text) {
        Some(body) => format!("ranges:{body}"),
        None => rule.to_string(),
    }
}

/// Analyses the position and prints the report.
pub fn run(args: &HeapArgs) -> CliResult {
    // No heaps at all is the empty position (a move's `"to": []` fed back).
    let words = input::position_words(&args.start.heaps, args.input.as_deref())?;
    let game = args.start.start(&words, convention(args.misere))?;
    print(&*game, None, false, &args.output)
}

impl HeapStart {
    /// The game on its board (the registry's `strip` family), or at the
    /// heaps `words` ([`heap_game`]).
    pub fn start(&self, words: &[String], c: Convention) -> CliResult<Box<dyn AnyGame>> {
        let rule = parse_rule(&self.rule)?;
        match &self.board {
            Some(board) => start("strip", &rule.to_string(), board, c),
            None => heap_game(&self.rule, rule, words, c),
        }
    }
}

/// The heap game `rule` (typed as `text`) at the heaps `words`: heaps past
/// what is computed from the rule's proven period, Triomino heaps on their
/// board (the registry's strip family), the others as heaps.
fn heap_game(
    text: &str,
    rule: HeapRule,
    words: &[String],
    c: Convention,
) -> CliResult<Box<dyn AnyGame>> {
    let sizes = words
        .iter()
        .map(|w| parse_u64(w, "heap"))
        .collect::<CliResult<Vec<u64>>>()?;
    if let Some(huge) = registry::start_huge_heap(&rule, sizes.clone(), c) {
        return Ok(huge);
    }
    if StripGame::for_rule(&rule) == Some(StripGame::Triomino) {
        let board = strips::triomino_board(&rule, &sizes)?;
        return start("strip", &rule.to_string(), &board, c);
    }
    let label = rule_label(text, &rule);
    Ok(heap_rule::start(rule, &label, &words.join(" "), c)?)
}
