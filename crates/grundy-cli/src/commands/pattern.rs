//! `grundy pattern`: the patterns in a heap rule's values, a coin-turning
//! game's, or numbers read from standard input or a file (a sequence, or a
//! table with `--grid`), each with the range it was checked on and whether
//! a theorem proves it.

use clap::Args;
use grundy::families::script::ScriptPlay;
use grundy::game::Convention;
use grundy::pattern::games::Game;
use grundy::pattern::numbers;
use grundy::pattern::report::{check_script_to, Report, Values, DEFAULT_TABLE_LAST, DEFAULT_TO};

use crate::commands::heap::parse_rule;
use crate::commands::twoheap::parse_game;
use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{emit, parse_u64, print_json};

/// Patterns in Grundy values.
#[derive(Args, Debug)]
pub struct PatternArgs {
    /// A heap rule (0.77, sub:1,3,4, a name), a Rhai script FILE.rhai
    /// whose positions are the integers, a rules file FILE.toml of kind
    /// heap, turning or twoheap, turning:NAME for a
    /// coin-turning game (coins from 1), twoheap:GAME for the table of a
    /// two-heap game (wythoff, r-wythoff:R, mem, takeaway:R, euclid,
    /// bounded-wythoff:F), or `-` for numbers on standard
    /// input: G(0), G(1), ... separated by white space, or the CSV of
    /// `grundy game FILE --table A..B --csv`.
    #[arg(value_name = "SOURCE")]
    pub source: Option<String>,
    /// Read the numbers from a file instead of standard input.
    #[arg(long, value_name = "FILE", conflicts_with = "source")]
    pub input: Option<String>,
    /// The numbers are a table: one row per line, G(x, y) the y-th number
    /// of line x (as `grundy table KIND` prints them).
    #[arg(long)]
    pub grid: bool,
    /// The position of the first number read (default 0).
    #[arg(long, value_name = "N", default_value = "0")]
    pub start: String,
    /// For a rule or a turning game: compute the values up to this
    /// position (default 2000); for a two-heap game, the last row and
    /// column (default 199, at most 999).
    #[arg(long, value_name = "N")]
    pub to: Option<String>,
    /// Also print G(N) (N may be written 10^18) and a winning move from
    /// the pattern: the proven period of a rule, or with --trust-pattern
    /// the first pattern found that gives every value; X,Y for a table.
    #[arg(long, value_name = "N")]
    pub at: Option<String>,
    /// With --at or --sum-to: extrapolate from a pattern only observed,
    /// not proven.
    #[arg(long)]
    pub trust_pattern: bool,
    /// For a table whose P-positions are a Beatty pair (Wythoff's game,
    /// r-Wythoff) or a wedge (Euclid's game): count the P-positions (x, y)
    /// with 0 < x < y <= N and sum their x + y (N may be written 10^16),
    /// exactly, by Euclid's algorithm on the pattern's slope.
    #[arg(long, value_name = "N")]
    pub sum_to: Option<String>,
    /// With --sum-to: the count and the sum modulo M (M may be written 7^10).
    #[arg(long = "mod", value_name = "M", requires = "sum_to")]
    pub modulus: Option<String>,
    /// Print one JSON object with stable field names instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Finds and prints the patterns.
pub fn run(args: &PatternArgs) -> CliResult {
    let start = parse_u64(&args.start, "start")?;
    let to = args
        .to
        .as_deref()
        .map(|t| parse_u64(t, "bound"))
        .transpose()?;
    let from_input = args.input.is_some() || args.source.as_deref() == Some("-");
    let (mut report, values) = if from_input {
        let path = args.input.as_deref().unwrap_or("-");
        let what = match path {
            "-" => "standard input".to_string(),
            _ => format!("the file '{path}'"),
        };
        let text = input::read_text(path, &what, input::MAX_LIST_FILE)?;
        if args.grid {
            if args.start != "0" {
                return Err(CliError::new(
                    "--start is for a sequence, not a --grid table",
                ));
            }
            let (rows, cols, values) = numbers::grid(&text, &what).map_err(CliError::new)?;
            let report = Report::table(what, rows, cols, &values, None);
            (report, Values::Table)
        } else {
            let (start, values) =
                numbers::sequence(&text, &what, start, args.start != "0").map_err(CliError::new)?;
            (
                Report::sequence(what, start, &values, None),
                Values::Sequence,
            )
        }
    } else {
        named(args, to)?
    };
    if args.trust_pattern && args.at.is_none() && args.sum_to.is_none() {
        return Err(CliError::new("--trust-pattern is for --at or --sum-to"));
    }
    if let Some(at) = &args.at {
        report
            .answer_at(at, &values, args.trust_pattern)
            .map_err(CliError::new)?;
    }
    if let Some(bound) = &args.sum_to {
        if report.table.is_none() {
            return Err(CliError::new(
                "--sum-to is for a table's P-positions (twoheap:GAME, or --grid numbers)",
            ));
        }
        let bound = numbers::whole(bound, "bound", "--sum-to").map_err(CliError::new)?;
        let modulus = args
            .modulus
            .as_deref()
            .map(|m| numbers::whole(m, "modulus", "--mod").map_err(CliError::new))
            .transpose()?;
        report
            .sum_to(bound, modulus, args.trust_pattern)
            .map_err(CliError::new)?;
    }
    if args.json {
        return print_json(&report);
    }
    emit(&report.to_text())
}

/// The report on the game `SOURCE` names, with what its values at a
/// position come from.
fn named(args: &PatternArgs, to: Option<u64>) -> CliResult<(Report, Values)> {
    let Some(source) = args.source.as_deref() else {
        return Err(CliError::new(
            "give a rule, turning:NAME, '-' for standard input, or --input FILE",
        ));
    };
    if args.grid {
        return Err(CliError::new(
            "--grid reads a table from standard input or --input FILE",
        ));
    }
    if args.start != "0" {
        return Err(CliError::new(
            "--start is for numbers read from standard input or a file",
        ));
    }
    let prefix = |p: &str| {
        source
            .get(..p.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(p))
    };
    // A rules file names a rule, a turning game or a two-heap game.
    let named = if source.to_ascii_lowercase().ends_with(".toml") {
        Some(Game::parse(source).map_err(CliError::new)?)
    } else if prefix("twoheap:") {
        Some(Game::TwoHeap(parse_game(&source[8..])?))
    } else {
        None
    };
    if let Some(Game::TwoHeap(game)) = named {
        let last = to.unwrap_or(DEFAULT_TABLE_LAST);
        let report = Report::two_heap(game, last).map_err(CliError::new)?;
        return Ok((report, Values::Table));
    }
    let to = to.unwrap_or(DEFAULT_TO);
    if source.ends_with(".rhai") {
        check_script_to(to).map_err(CliError::new)?;
        let script = crate::commands::game::load_script(std::path::Path::new(source), None)?;
        let limit = crate::commands::game::max_positions("10000000")?;
        let play = ScriptPlay::new(script, Convention::Normal, limit);
        let name = play.script().name().to_string();
        let report = Report::script(name, &play, to).map_err(CliError::new)?;
        return Ok((report, Values::Script(Box::new(play))));
    }
    let turning = match &named {
        Some(Game::Turning(name, _)) => Some(name.clone()),
        _ => prefix("turning:").then(|| source[8..].to_string()),
    };
    if let Some(name) = turning {
        let report = Report::turning(&name, to).map_err(CliError::new)?;
        return Ok((report, Values::Sequence));
    }
    let rule = match named {
        Some(Game::Rule(rule)) => rule,
        _ => parse_rule(source)?,
    };
    let to32 = u32::try_from(to)
        .map_err(|_| CliError::new(format!("--to {to}: heaps are counted in 32 bits")))?;
    let report = Report::rule(&rule, to32, None, false).map_err(CliError::new)?;
    Ok((report, Values::Rule(rule)))
}
