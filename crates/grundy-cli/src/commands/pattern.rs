//! `grundy pattern`: the patterns in a heap rule's values, a coin-turning
//! game's, or numbers read from standard input or a file (a sequence, or a
//! table with `--grid`), each with the range it was checked on and whether
//! a theorem proves it.

use clap::Args;
use grundy::families::script::ScriptPlay;
use grundy::game::Convention;
use grundy::heap::rule::HeapRule;
use grundy::pattern::catalogue::{self, Itself};
use grundy::pattern::games::Game;
use grundy::pattern::report::{Report, ValueAt};
use grundy::pattern::{find_sequence, find_table, huge, rule::find_rule, Finding, Kind, Status};
use grundy::script::Value;
use grundy::turning::{named, values::coin_values};

use crate::commands::heap::parse_rule;
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
    /// With --at: extrapolate from a pattern only observed, not proven.
    #[arg(long, requires = "at")]
    pub trust_pattern: bool,
    /// Print one JSON object with stable field names instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What `--at` is answered from.
enum Eval<'a> {
    Sequence,
    Rule(HeapRule),
    Script(&'a ScriptPlay),
    Table,
}

/// A position of `--at`: `N`, `B^E`, or `X,Y` for a table.
fn position(text: &str, table: bool) -> CliResult<(u64, u64)> {
    let one = |t: &str| -> CliResult<u64> {
        match t.split_once('^') {
            Some((b, e)) => {
                let (b, e) = (parse_u64(b, "position")?, parse_u64(e, "exponent")?);
                u32::try_from(e)
                    .ok()
                    .and_then(|e| b.checked_pow(e))
                    .ok_or_else(|| CliError::new(format!("--at {t} is past 2^64 - 1")))
            }
            None => parse_u64(t, "position"),
        }
    };
    match (text.split_once(','), table) {
        (Some((x, y)), true) => Ok((one(x)?, one(y)?)),
        (None, false) => Ok((one(text)?, 0)),
        (Some(_), false) => Err(CliError::new(
            "--at X,Y is for a table; a sequence takes --at N",
        )),
        (None, true) => Err(CliError::new("--at X,Y: a table's cell is two numbers")),
    }
}

/// The default `--to` of rules and coin-turning games.
const DEFAULT_TO: u64 = 2000;

/// The default rows (and columns) of a two-heap game's table.
const DEFAULT_TABLE: u64 = 200;

/// The most rows (and columns) of a two-heap game's table.
const MAX_TABLE: u64 = 1000;

/// The most positions of a script computed.
const MAX_SCRIPT_TO: u64 = 10_000_000;

/// The largest bound `--to` accepted for a coin-turning game.
const MAX_COINS: u64 = 1 << 20;

fn numbers(words: &[&str], what: &str) -> CliResult<Vec<u64>> {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            w.parse::<u64>().map_err(|_| {
                CliError::new(format!(
                    "{what}: number {} ('{}') is not a whole number from 0 to 2^64 - 1",
                    i + 1,
                    crate::error::one_line(w)
                ))
            })
        })
        .collect()
}

/// The values of a CSV table `n,value` (as `grundy game FILE --table A..B
/// --csv` prints it), with its first position; `None` when the text does
/// not start with that header.
fn csv_values(text: &str, what: &str) -> CliResult<Option<(u64, Vec<u64>)>> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    if lines.next().map(str::trim) != Some("n,value") {
        return Ok(None);
    }
    let mut first = None;
    let mut values = Vec::new();
    for (i, line) in lines.enumerate() {
        let bad = || CliError::new(format!("{what}: line {} is not 'n,value'", i + 2));
        let (n, v) = line.trim().split_once(',').ok_or_else(bad)?;
        let (n, v): (u64, u64) = (n.parse().map_err(|_| bad())?, v.parse().map_err(|_| bad())?);
        let expected = first.map(|f: u64| f + values.len() as u64);
        if expected.is_some_and(|e| e != n) {
            return Err(CliError::new(format!(
                "{what}: line {} is position {n}, expected {}",
                i + 2,
                expected.unwrap_or(0)
            )));
        }
        first.get_or_insert(n);
        values.push(v);
    }
    Ok(first.map(|f| (f, values)))
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
    let mut table = None;
    let (label, first, last, findings) = if from_input {
        let path = args.input.as_deref().unwrap_or("-");
        let what = if path == "-" {
            "standard input".to_string()
        } else {
            format!("the file '{path}'")
        };
        let text = input::read_text(path, &what, input::MAX_LIST_FILE)?;
        if args.grid {
            if args.start != "0" {
                return Err(CliError::new(
                    "--start is for a sequence, not a --grid table",
                ));
            }
            let rows: Vec<Vec<u64>> = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| numbers(&l.split_whitespace().collect::<Vec<_>>(), &what))
                .collect::<CliResult<_>>()?;
            let cols = rows.first().map_or(0, Vec::len);
            if rows.is_empty() || cols == 0 {
                return Err(CliError::new(format!("{what} holds no table")));
            }
            if let Some(i) = rows.iter().position(|r| r.len() != cols) {
                return Err(CliError::new(format!(
                    "{what}: row {i} has {} numbers, row 0 has {cols}",
                    rows[i].len()
                )));
            }
            let values: Vec<u64> = rows.concat();
            table = Some((rows.len(), cols));
            let mut found = find_table(rows.len(), cols, &values);
            found.extend(catalogue::table(rows.len(), cols, &values, None));
            (what, 0, rows.len() as u64 - 1, found)
        } else {
            let (start, values) = match csv_values(&text, &what)? {
                Some((first, values)) if args.start == "0" => (first, values),
                Some(_) => return Err(CliError::new("--start: the CSV names its positions")),
                None => (
                    start,
                    numbers(&text.split_whitespace().collect::<Vec<_>>(), &what)?,
                ),
            };
            if values.is_empty() {
                return Err(CliError::new(format!("{what} holds no numbers")));
            }
            let last = start
                .checked_add(values.len() as u64 - 1)
                .ok_or_else(|| CliError::new("--start plus the count of numbers passes 2^64"))?;
            let mut found = find_sequence(start, &values);
            found.extend(catalogue::sequence(start, &values, None));
            (what, start, last, found)
        }
    } else {
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
            Some(Game::TwoHeap(crate::commands::twoheap::parse_game(
                &source[8..],
            )?))
        } else {
            None
        };
        if let Some(Game::TwoHeap(game)) = named {
            let last = to.unwrap_or(DEFAULT_TABLE - 1);
            if last >= MAX_TABLE {
                return Err(CliError::new(format!(
                    "--to {last}: two-heap tables here have at most {MAX_TABLE} rows"
                )));
            }
            let n = last as usize + 1;
            let values: Vec<u64> = game.values(n, n).into_iter().map(u64::from).collect();
            table = Some((n, n));
            let label = format!("twoheap:{game}");
            let mut found = find_table(n, n, &values);
            found.extend(catalogue::table(n, n, &values, Some(&label)));
            return finish(args, label, 0, last, table, found, Eval::Table);
        }
        let to = to.unwrap_or(DEFAULT_TO);
        if source.ends_with(".rhai") {
            let (label, values, game) = script_values(source, to)?;
            let mut found = find_sequence(0, &values);
            found.extend(catalogue::sequence(0, &values, None));
            return finish(args, label, 0, to, None, found, Eval::Script(&game));
        }
        let turning = match &named {
            Some(Game::Turning(name, _)) => Some(name.clone()),
            _ => source
                .get(..8)
                .filter(|p| p.eq_ignore_ascii_case("turning:"))
                .map(|_| source[8..].to_string()),
        };
        if let Some(name) = turning {
            if to > MAX_COINS {
                return Err(CliError::new(format!(
                    "--to {to} is more coins than the {MAX_COINS} computed here"
                )));
            }
            let (title, code) = named::resolve(&name)
                .map_err(|e| CliError::new(format!("turning game '{name}': {e}")))?;
            let v = coin_values(&code, to.max(1)).map_err(|e| CliError::new(e.to_string()))?;
            let mut found = find_sequence(1, &v[1..]);
            found.extend(catalogue::sequence(
                1,
                &v[1..],
                Some(Itself::Turning(&title)),
            ));
            (format!("turning:{title}"), 1, to.max(1), found)
        } else {
            let rule = match named {
                Some(Game::Rule(rule)) => rule,
                _ => parse_rule(source)?,
            };
            let to32 = u32::try_from(to)
                .map_err(|_| CliError::new(format!("--to {to}: heaps are counted in 32 bits")))?;
            let found = find_rule(&rule, to32).map_err(CliError::new)?;
            return finish(args, rule.to_string(), 0, to, None, found, Eval::Rule(rule));
        }
    };
    let eval = if table.is_some() {
        Eval::Table
    } else {
        Eval::Sequence
    };
    finish(args, label, first, last, table, findings, eval)
}

/// G(0..=to) of the game a Rhai script defines, with the script's name
/// and the game.
fn script_values(file: &str, to: u64) -> CliResult<(String, Vec<u64>, ScriptPlay)> {
    if to >= MAX_SCRIPT_TO {
        return Err(CliError::new(format!(
            "--to {to}: at most {MAX_SCRIPT_TO} positions of a script are computed here"
        )));
    }
    let script = crate::commands::game::load_script(std::path::Path::new(file), None)?;
    let limit = crate::commands::game::max_positions("10000000")?;
    let game = ScriptPlay::new(script, Convention::Normal, limit);
    let values = (0..=to as i64)
        .map(|n| Ok(game.value_of(&game.script().split(&[Value::Int(n)])?)?.0))
        .collect::<CliResult<Vec<u64>>>()?;
    Ok((game.script().name().to_string(), values, game))
}

/// Answers `--at` and prints the report.
fn finish(
    args: &PatternArgs,
    label: String,
    first: u64,
    last: u64,
    table: Option<(usize, usize)>,
    findings: Vec<Finding>,
    eval: Eval<'_>,
) -> CliResult {
    let at = match &args.at {
        None => None,
        Some(text) => {
            let (x, y) = position(text, table.is_some())?;
            let trust = args.trust_pattern;
            let a = match eval {
                Eval::Rule(rule) => huge::rule_at(&rule, &findings, x, trust),
                Eval::Script(game) => huge::script_at(game, &findings, x, trust),
                Eval::Table => huge::table_at(&findings, x, y, trust),
                Eval::Sequence => huge::sequence_at(&findings, x, trust),
            };
            let a = a.map_err(
                |e| match e.strip_suffix("trust it explicitly to extrapolate") {
                    Some(head) => {
                        CliError::new(format!("{head}add --trust-pattern to extrapolate from it"))
                    }
                    None => CliError::new(format!("--at {text}: {e}")),
                },
            )?;
            Some(ValueAt::new(a, x, y, table.is_some()))
        }
    };
    // What `--json` prints: the library's report, as the page shows it.
    let report = Report::new(label, first, last, table, findings, at);
    if args.json {
        return print_json(&report);
    }
    emit(&text(&report))
}

fn text(r: &Report) -> String {
    let mut out = match r.table {
        Some((rows, cols)) => format!("{}: a table of {rows} rows and {cols} columns\n", r.source),
        None => format!("{}: G({}..={})\n", r.source, r.first, r.last),
    };
    if r.findings.is_empty() {
        out.push_str("Pattern: none found\n");
    }
    for f in &r.findings {
        let formula = match f.kind {
            Kind::RowPeriods | Kind::Diagonals => {
                format!("\n    {}", f.formula.replace("; ", "\n    "))
            }
            _ => format!(" {}", f.formula),
        };
        out.push_str(&format!("- {}:{formula}\n", f.kind.words()));
        match &f.status {
            Status::Proven { theorem } => out.push_str(&format!("  proven: {theorem}\n")),
            Status::Observed { to } => {
                let var = match (r.table, f.kind) {
                    (None, _) => "n",
                    (Some(_), Kind::RowPeriods) => "y",
                    (Some(_), Kind::Diagonals) => "k",
                    (Some(_), _) => "x",
                };
                out.push_str(&match f.kind {
                    Kind::KnownGame => format!("  observed: equal on {var} <= {to}; no theorem proves it\n"),
                    _ => format!(
                        "  observed: found on {var} <= {}, checked on {var} <= {to}; no theorem proves it\n",
                        f.found_to
                    ),
                })
            }
        }
    }
    if let Some(a) = &r.at {
        let how = if a.proven {
            "proven"
        } else {
            "extrapolated from an observed pattern"
        };
        let at = match (a.n, a.xy) {
            (_, Some([x, y])) => format!("{x}, {y}"),
            (n, _) => n.unwrap_or(0).to_string(),
        };
        match a.value {
            Some(v) => out.push_str(&format!("G({at}) = {v} ({how})\n")),
            None => out.push_str(&format!("G({at}) != 0: an N-position ({how})\n")),
        }
        if let Some(m) = &a.winning_move {
            out.push_str(&format!("Winning move: {m}"));
            if let Some(l) = &a.leaves {
                out.push_str(&format!(" (leaves {l})"));
            }
            out.push('\n');
        }
        if let Some(note) = &a.note {
            out.push_str(&format!("Note: {note}\n"));
        }
    }
    out
}
