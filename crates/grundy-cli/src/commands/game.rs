//! `grundy game FILE`: a game defined by a Rhai script ([`grundy::script`]):
//! the value, outcome and winning moves of a position or of a sum of
//! positions, the table of values of integer positions with its pattern, or
//! the grid of values of positions `[x, y]` with the pattern of each row.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use grundy::families::script::{ScriptPlay, BYTES_PER_POSITION};
use grundy::game::Convention;
use grundy::heap::periodicity::{self, Periodicity, Status, Window};
use grundy::loopy::LoopyReport;
use grundy::script::{Limits, Script, Value};
use serde_json::{json, Value as Json};

use super::rules_file;
use crate::error::{CliError, CliResult};
use crate::input;
use crate::plot;
use crate::report::{emit, parse_u64, print_json, OutputArgs, PrintReport};

/// The largest script read: 1 MiB.
const MAX_SCRIPT: u64 = 1 << 20;

/// A game defined by a script.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The script: a Rhai file defining `fn options(p)`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Positions written as JSON (`7`, `"XOOX"`, `[3,5]`); several form a sum.
    /// None: the script's `fn start()`.
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Misère play: whoever makes the last move loses (decided by search).
    #[arg(long)]
    pub misere: bool,
    /// The values G(A), ..., G(B) of the integer positions A..B, with their pattern.
    #[arg(long, value_name = "A..B", conflicts_with_all = ["positions", "misere"])]
    pub table: Option<String>,
    /// The values G([x, y]) for x in A..B (rows) and y in C..D (columns), with
    /// the pattern of each row.
    #[arg(long, value_name = "RANGE", num_args = 2, conflicts_with_all = ["positions", "misere", "table"])]
    pub grid: Option<Vec<String>>,
    /// With --table: the values as CSV (`n,value`).
    #[arg(long, requires = "table", conflicts_with = "png")]
    pub csv: bool,
    /// With --table or --grid: draw the values into this PNG file.
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    pub png: Option<PathBuf>,
    /// Stop the script after this many seconds of work in all.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<String>,
    /// The most positions searched (each costs about 200 bytes of memory;
    /// at most 10^9).
    #[arg(long, value_name = "N", default_value = "10000000")]
    pub max_positions: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn load(args: &GameArgs) -> CliResult<Script> {
    load_script(&args.file, args.time_limit.as_deref())
}

/// Reads and compiles the script `file`, with the wall-clock limit
/// `time_limit` (seconds) started now.
pub fn load_script(file: &std::path::Path, time_limit: Option<&str>) -> CliResult<Script> {
    let path = file.display().to_string();
    let what = format!("the script '{path}'");
    let source = input::read_text(&path, &what, MAX_SCRIPT)?;
    let time = match time_limit {
        None => None,
        Some(t) => {
            let s: f64 = t
                .trim()
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e9)
                .ok_or_else(|| {
                    CliError::new(format!(
                        "time limit '{t}' is not a positive number of seconds"
                    ))
                })?;
            Some(Duration::from_secs_f64(s))
        }
    };
    let name = file
        .file_name()
        .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
    let script = Script::compile(
        &name,
        &source,
        Limits {
            time,
            ..Limits::default()
        },
    )?;
    script.start_clock();
    Ok(script)
}

/// The most positions a search may be allowed: 10^9, about 200 GB.
const MAX_POSITIONS: u64 = 1_000_000_000;

/// `--max-positions`, refused up front when it could not fit in memory.
pub fn max_positions(text: &str) -> CliResult<usize> {
    let n = parse_u64(text, "the most positions")?;
    if n > MAX_POSITIONS {
        return Err(CliError::new(format!(
            "--max-positions {n} would need about {} GB of memory ({BYTES_PER_POSITION} bytes a position); at most {MAX_POSITIONS}",
            n as u128 * BYTES_PER_POSITION as u128 / 1_000_000_000
        )));
    }
    Ok(n as usize)
}

/// Analyses a position of a scripted game, or prints its table or grid.
pub fn run(args: &GameArgs) -> CliResult {
    if rules_file::is_rules_file(&args.file) {
        if args.table.is_some() {
            return Err(CliError::new(
                "--table is for scripts; a rules file's heap rule has its sequence from grundy seq RULE, a two-heap game its table from grundy table",
            ));
        }
        return rules_file::analyse(&args.file, &args.positions, args.misere, &args.output);
    }
    let limit = max_positions(&args.max_positions)?;
    if args.png.is_some() && args.table.is_none() && args.grid.is_none() {
        return Err(CliError::new("--png draws a --table or a --grid"));
    }
    let script = load(args)?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let game = ScriptPlay::new(script, convention, limit);
    if let Some(range) = &args.table {
        return table(args, &game, range);
    }
    if let Some(ranges) = &args.grid {
        return grid(args, &game, &ranges[0], &ranges[1]);
    }
    let positions = game.positions(&args.positions)?;
    let report = match game.report(&positions, args.output.explain) {
        Ok(report) => report,
        Err(_) if game.found_cycle() && convention == Convention::Normal => {
            return loopy(args, &game, &positions, limit);
        }
        Err(e) => return Err(e.into()),
    };
    if !args.output.json {
        let drawings: Vec<String> = positions
            .iter()
            .filter_map(|p| game.script().show(p).transpose())
            .collect::<Result<_, _>>()?;
        if !drawings.is_empty() {
            emit(&format!("{}\n\n", drawings.join("\n\n")))?;
        }
    }
    report.print(&args.output)
}

/// The moves can cycle: Smith's values of the whole positions reachable
/// (normal play), with the winning moves that make progress and the moves
/// that keep a draw.
fn loopy(args: &GameArgs, game: &ScriptPlay, positions: &[Value], limit: usize) -> CliResult {
    let script = game.script();
    let a = grundy::loopy::analyze_sum(positions, |p| script.options_of(p), limit).map_err(
        |e| match e {
            grundy::loopy::ExploreError::Options(e) => CliError::new(e.to_string()),
            other => CliError::new(format!("script '{}': {other}", script.name())),
        },
    )?;
    let show = |ps: &Vec<Value>| -> (Json, String) {
        (
            Json::Array(ps.iter().map(Value::to_json).collect()),
            ps.iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        )
    };
    let mut lists = Vec::new();
    for moves in [&a.winning_moves, &a.draw_keeping_moves] {
        let mut out = Vec::new();
        for (mv, to) in moves {
            out.push((game.words(positions, mv)?, to.clone()));
        }
        lists.push((out, moves.len()));
    }
    let keeping = lists.pop().unwrap_or_default();
    let winning = lists.pop().unwrap_or_default();
    let mut report = LoopyReport::new(
        script.name(),
        &positions.to_vec(),
        a.value,
        winning,
        keeping,
        show,
    );
    report
        .extra
        .insert("positions_explored".into(), Json::from(a.positions));
    if args.output.json {
        print_json(&report)
    } else {
        emit(&report.to_text())
    }
}

fn parse_range(text: &str, what: &str) -> CliResult<(i64, i64)> {
    let bad = || {
        CliError::new(format!(
            "{what} '{text}' is not a range A..B of whole numbers"
        ))
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: i64 = a.trim().parse().map_err(|_| bad())?;
    let b: i64 = b
        .trim()
        .trim_start_matches('=')
        .parse()
        .map_err(|_| bad())?;
    if a > b {
        return Err(CliError::new(format!(
            "{what} '{text}' is empty ({a} > {b})"
        )));
    }
    Ok((a, b))
}

/// The largest table: 10^7 positions.
const TABLE_MAX: i128 = 10_000_000;
/// The largest grid: 4 * 10^6 positions, 2048 on a side.
const GRID_MAX: i128 = 4_000_000;
const GRID_SIDE: i128 = 2048;

/// The values of `positions`, in order, or the script's failure.
fn values(game: &ScriptPlay, positions: impl Iterator<Item = Value>) -> CliResult<Vec<u64>> {
    positions
        .map(|p| Ok(game.value_of(&game.script().split(&[p])?)?.0))
        .collect()
}

/// The observed pattern of `values` (G(a), G(a + 1), ...), as JSON.
fn pattern(values: &[u64], a: i64) -> (Periodicity, Json) {
    let small: Vec<u32> = values
        .iter()
        .map(|&v| v.min(u32::MAX as u64) as u32)
        .collect();
    let p = periodicity::analyze(&small, Window::Unknown, true);
    let status = match p.status {
        Status::Proven | Status::Observed => "observed",
        Status::None => "none",
    };
    let json = json!({
        "status": status,
        "preperiod": p.preperiod.map(|x| x as i64 + a),
        "period": p.period,
        "saltus": p.saltus,
    });
    (p, json)
}

/// The pattern in words: `period 5 from 0`, `period 3, saltus 3 from 2`.
fn pattern_words(p: &Periodicity, a: i64) -> Option<String> {
    let (n0, per) = (p.preperiod?, p.period?);
    let saltus = match p.saltus {
        Some(s) if s != 0 => format!(", saltus {s}"),
        _ => String::new(),
    };
    Some(format!("period {per}{saltus} from {}", n0 as i64 + a))
}

const NOTE: &str = "no periodicity theorem covers an arbitrary script: a pattern is only observed";

fn table(args: &GameArgs, game: &ScriptPlay, range: &str) -> CliResult {
    let (a, b) = parse_range(range, "table")?;
    if b as i128 - a as i128 >= TABLE_MAX {
        return Err(CliError::new(format!(
            "table '{range}' has {} positions; at most 10^7 are listed",
            b as i128 - a as i128 + 1
        )));
    }
    let values = values(game, (a..=b).map(Value::Int))?;
    let name = game.script().name();
    let (p, periodicity) = pattern(&values, a);
    let p_positions: Vec<i64> = (a..=b).filter(|&n| values[(n - a) as usize] == 0).collect();
    if let Some(path) = &args.png {
        let small: Vec<u32> = values
            .iter()
            .map(|&v| v.min(u32::MAX as u64) as u32)
            .collect();
        let title = format!("G(n) of {name}, n = {a} to {b}");
        let img = plot::sequence_image(&small, a.max(0) as u64, &title);
        img.save(path)?;
        return emit(&format!(
            "wrote {} ({} x {} pixels: {title})\n",
            path.display(),
            img.width,
            img.height
        ));
    }
    if args.csv {
        let mut out = String::from("n,value\n");
        for (i, v) in values.iter().enumerate() {
            out.push_str(&format!("{},{v}\n", a + i as i64));
        }
        return emit(&out);
    }
    if args.output.json {
        let mut periodicity = periodicity;
        periodicity["note"] = Json::from(NOTE);
        return print_json(&json!({
            "game": name,
            "from": a,
            "to": b,
            "values": values,
            "periodicity": periodicity,
            "p_positions": p_positions,
        }));
    }
    let mut out = format!("{name} G({a}..{b}):\n");
    for (i, chunk) in values.chunks(20).enumerate() {
        let row: Vec<String> = chunk.iter().map(u64::to_string).collect();
        out.push_str(&format!("{:>8}: {}\n", a + 20 * i as i64, row.join(" ")));
    }
    match pattern_words(&p, a) {
        Some(w) => out.push_str(&format!(
            "Pattern (observed; no theorem covers an arbitrary script): {w}\n"
        )),
        None => out.push_str("Pattern: none found\n"),
    }
    let shown: Vec<String> = p_positions.iter().take(50).map(i64::to_string).collect();
    out.push_str(&format!(
        "P-positions ({}): {}{}\n",
        p_positions.len(),
        shown.join(" "),
        if p_positions.len() > 50 { " ..." } else { "" }
    ));
    emit(&out)
}

fn grid(args: &GameArgs, game: &ScriptPlay, rows: &str, cols: &str) -> CliResult {
    let (a, b) = parse_range(rows, "grid rows")?;
    let (c, d) = parse_range(cols, "grid columns")?;
    let (h, w) = (b as i128 - a as i128 + 1, d as i128 - c as i128 + 1);
    if h > GRID_SIDE || w > GRID_SIDE || h * w > GRID_MAX {
        return Err(CliError::new(format!(
            "grid {rows} {cols} has {h} x {w} positions; at most {GRID_SIDE} on a side and {GRID_MAX} in all"
        )));
    }
    let (h, w) = (h as usize, w as usize);
    let cells =
        (a..=b).flat_map(|x| (c..=d).map(move |y| Value::List(vec![Value::Int(x), Value::Int(y)])));
    let values = values(game, cells)?;
    let name = game.script().name();
    let rows: Vec<&[u64]> = values.chunks(w).collect();
    let patterns: Vec<(Periodicity, Json)> = rows.iter().map(|r| pattern(r, c)).collect();
    if let Some(path) = &args.png {
        let s = plot::cell_pixels(h.max(w) as u64);
        let mut img = plot::Image::new(w as u32 * s, h as u32 * s, plot::WHITE);
        let max = values.iter().copied().max().unwrap_or(0).max(1) as f64;
        for (i, &v) in values.iter().enumerate() {
            let (row, col) = ((i / w) as u32, (i % w) as u32);
            img.fill(col * s, row * s, s, s, plot::heat_color(v as f64 / max));
        }
        img.save(path)?;
        return emit(&format!(
            "wrote {} ({} x {} pixels: {name} at [x, y], x in {a}..{b} down, y in {c}..{d} across)\n",
            path.display(),
            img.width,
            img.height
        ));
    }
    if args.output.json {
        return print_json(&json!({
            "game": name,
            "rows_from": a,
            "rows_to": b,
            "columns_from": c,
            "columns_to": d,
            "rows": rows,
            "row_periodicity": patterns.iter().map(|(_, j)| j).collect::<Vec<_>>(),
            "note": NOTE,
        }));
    }
    let width = values
        .iter()
        .map(|v| v.to_string().len())
        .chain([c.to_string().len(), d.to_string().len()])
        .max()
        .unwrap_or(1);
    let label = a.to_string().len().max(b.to_string().len()).max(3);
    let mut out = format!("{name} G([x, y]), x in {a}..{b} (rows), y in {c}..{d} (columns):\n");
    out.push_str(&format!("{:>label$}  ", "x\\y"));
    let header: Vec<String> = (c..=d).map(|y| format!("{y:>width$}")).collect();
    out.push_str(&header.join(" "));
    out.push('\n');
    for (x, row) in (a..=b).zip(&rows) {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        out.push_str(&format!("{x:>label$}  {}\n", cells.join(" ")));
    }
    out.push_str("Row patterns (observed; no theorem covers an arbitrary script):\n");
    for (x, (p, _)) in (a..=b).zip(&patterns) {
        out.push_str(&format!(
            "{x:>label$}: {}\n",
            pattern_words(p, c).unwrap_or_else(|| "none found".to_string())
        ));
    }
    emit(&out)
}
