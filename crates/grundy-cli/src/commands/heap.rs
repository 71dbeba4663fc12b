//! `grundy heap`: positions of any heap game, or of a board written in the
//! game's own notation.

use clap::Args;
use grundy::family::registry;
use grundy::game::Convention;
use grundy::games::heap;
use grundy::games::strips::{self, Board, StripGame};
use grundy::heap::rule::HeapRule;
use grundy::misere::explain as misere_explain;
use grundy::misere::play::Method;
use serde_json::Value;

use crate::error::{CliError, CliResult};
use crate::report::{parse_u64, OutputArgs, PrintReport, Report};
use crate::{input, listing};

/// A heap game position: value, outcome and every winning move in words.
#[derive(Args, Debug)]
pub struct HeapArgs {
    /// The rule: a code (0.77, 4!.0, 0.[3]), sub:1,3,4, sub:squares (a predicate), allbut:1,2,
    /// take:2..5, ranges:FILE or a name (see `grundy rules --list`).
    #[arg(value_name = "RULE")]
    pub rule: String,
    /// Heap sizes, as the game counts them (a triomino heap is a 2 x n
    /// board); `-` alone reads them from standard input.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    pub heaps: Vec<String>,
    /// Read the heap sizes from a file (whitespace-separated).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["heaps", "board"])]
    pub input: Option<String>,
    /// A board in the game's notation instead of heaps: a crosses
    /// (dawson-chess) or treblecross strip like X..X....., a last-to-toggle
    /// array like 1101110, a triomino board as 'top/bottom' rows of . and #.
    #[arg(long, value_name = "BOARD", conflicts_with = "heaps")]
    pub board: Option<String>,
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
    let rule = parse_rule(&args.rule)?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let strip = StripGame::for_rule(&rule);
    if let Some(text) = &args.board {
        let game = strip.ok_or_else(|| {
            CliError::new(format!(
                "--board works with crosses (dawson-chess), treblecross, last-to-toggle and triomino, not '{rule}'"
            ))
        })?;
        let board = Board::parse(game, text).map_err(|e| CliError::new(format!("board: {e}")))?;
        return board_report(&rule, &board, convention, &args.output);
    }
    // No heaps at all is the empty position (a move's `"to": []` fed back).
    let words = input::position_words(&args.heaps, args.input.as_deref())?;
    let mut wide = Vec::with_capacity(words.len());
    for t in &words {
        wide.push(parse_u64(t, "heap")?);
    }
    // Heaps past what is computed, under a proven period: the library's
    // heap family answers them.
    if let Some(game) = registry::start_huge_heap(&rule, wide.clone(), convention) {
        let mut report = game.report().map_err(|e| CliError::new(e.0))?;
        if args.output.explain {
            report.explanation = game.explain();
        }
        return report.print(&args.output);
    }
    let mut heaps = Vec::with_capacity(wide.len());
    for &n in &wide {
        let base = rule.base_heap(n).ok_or_else(|| {
            CliError::new(format!(
                "heap {n} is too large: heaps are counted in 32 bits (at most {})",
                u32::MAX / rule.scale()
            ))
        })?;
        heaps.push(base);
    }
    if strip == Some(StripGame::Triomino) {
        // Boards side by side, each pair separated by a covered column.
        let cells: u64 = heaps.iter().map(|&h| h as u64 + 2).sum();
        if cells > strips::MAX_CELLS as u64 {
            return Err(CliError::new(format!(
                "these boards have about {cells} cells; at most {} are analysed",
                strips::MAX_CELLS
            )));
        }
        let cols: Vec<String> = heaps.iter().map(|&h| ".".repeat(h as usize / 2)).collect();
        let row = cols.join("#");
        let board = Board::parse(StripGame::Triomino, &format!("{row}/{row}"))
            .map_err(|e| CliError::new(format!("board: {e}")))?;
        return board_report(&rule, &board, convention, &args.output);
    }
    let values = match convention {
        Convention::Normal => {
            Some(heap::values_for(&rule, &heaps).map_err(|e| CliError::new(e.to_string()))?)
        }
        Convention::Misere => None,
    };
    let engine = values.is_none().then(|| heap::misere_engine(&rule, &heaps));
    let mut method = None;
    let mut moves = match (&values, &engine) {
        (Some(g), _) => heap::analyze_moves_normal(&rule, &heaps, g),
        (None, Some(e)) => {
            let (a, m) = heap::analyze_misere(&rule, &heaps, e, heap::MISERE_LIMIT)
                .map_err(|e| CliError::new(e.to_string()))?;
            method = Some(m);
            a
        }
        (None, None) => unreachable!("misère play has an engine"),
    };
    let total = moves.winning_moves.len();
    let first = listing::listed(total as u128, heaps.len());
    moves.winning_moves.truncate(first);
    let analysis = heap::with_positions(&heaps, moves);
    let show = |h: &Vec<u32>| {
        let text = h.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        (Value::from(h.clone()), text)
    };
    let label = rule_label(&args.rule, &rule);
    let mut report =
        Report::from_analysis(&label, &heaps, &analysis, show).with_total(total as u128);
    let base = match rule.named() {
        Some(_) => rule.base().to_string(),
        None => label,
    };
    report.extra.insert("rule".into(), Value::from(base));
    if let Some(g) = &values {
        let vals: Vec<u32> = heaps.iter().map(|&h| g[h as usize]).collect();
        report.extra.insert("heap_values".into(), Value::from(vals));
    }
    if let Some(m) = method {
        report.extra.insert("method".into(), Value::from(m.name()));
    }
    if args.output.explain {
        let e = match (&engine, method) {
            (Some(engine), Some(m)) if m != Method::Search => {
                misere_explain::explain(&rule, &heaps, engine, analysis.outcome)
            }
            _ => {
                heap::explain(&rule, &heaps, &analysis).map_err(|e| CliError::new(e.to_string()))?
            }
        };
        report.explanation = Some(e);
    }
    report.print(&args.output)
}

fn board_report(
    rule: &HeapRule,
    board: &Board,
    convention: Convention,
    output: &OutputArgs,
) -> CliResult {
    let analysis = strips::analyze(board, convention).map_err(|e| CliError::new(e.to_string()))?;
    let show = |b: &Board| (Value::from(b.to_string()), b.to_string());
    let mut report = Report::from_analysis(&rule.to_string(), board, &analysis, show);
    let heaps = board.heaps();
    report.extra.insert(
        "heaps".into(),
        heaps.clone().map_or(Value::Null, Value::from),
    );
    if output.explain {
        let text = match &heaps {
            Some(h) => format!(
                "The board is the sum of heaps {} of the game {} (one heap per run of playable cells). {}",
                h.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
                board.game.rule(),
                match analysis.value {
                    Some(v) => format!("Their Grundy values XOR to {}.", v.0),
                    None => "In misère play the heaps were searched exactly.".to_string(),
                }
            ),
            None => "Two X's stand at most two cells apart: the player to move completes three in a row and wins.".to_string(),
        };
        report.explanation = Some(text);
    }
    report.print(output)
}
