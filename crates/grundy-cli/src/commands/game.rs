//! `grundy game FILE`: a game defined by a Rhai script ([`grundy::script`]):
//! the value, outcome and winning moves of a position or of a sum of
//! positions ([`script_loopy::analyse`]), the table of values of integer
//! positions with its pattern ([`Table`]), or the grid of values of
//! positions `[x, y]` with the pattern of each row ([`Grid`]).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use grundy::families::script::{ScriptPlay, BYTES_PER_POSITION};
use grundy::families::script_loopy;
use grundy::families::script_table::{Grid, Table};
use grundy::script::{Limits, Script};

use super::rules_file;
use crate::error::{CliError, CliResult};
use crate::input;
use grundy::plot;

use crate::output::write_png;
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
    let game = ScriptPlay::new(script, super::families::convention(args.misere), limit);
    if let Some(range) = &args.table {
        let table = Table::compute(&game, range)?;
        return match &args.png {
            Some(path) => table_png(&table, path),
            None if args.csv => emit(&table.to_csv()),
            None if args.output.json => print_json(&table),
            None => emit(&table.to_text()),
        };
    }
    if let Some(ranges) = &args.grid {
        let grid = Grid::compute(&game, &ranges[0], &ranges[1])?;
        return match &args.png {
            Some(path) => grid_png(&grid, path),
            None if args.output.json => print_json(&grid),
            None => emit(&grid.to_text()),
        };
    }
    let (report, drawings) =
        script_loopy::analyse(&game, &args.positions, args.output.explain, limit)?;
    if !args.output.json && !drawings.is_empty() {
        emit(&format!("{}\n\n", drawings.join("\n\n")))?;
    }
    report.print(&args.output)
}

/// Draws a table's values into the PNG file `path`.
fn table_png(t: &Table, path: &std::path::Path) -> CliResult {
    let small: Vec<u32> = t
        .values
        .iter()
        .map(|&v| v.min(u32::MAX as u64) as u32)
        .collect();
    let title = format!("G(n) of {}, n = {} to {}", t.game, t.from, t.to);
    let img = plot::sequence_image(&small, t.from.max(0) as u64, &title);
    write_png(path, &img)?;
    emit(&format!(
        "wrote {} ({} x {} pixels: {title})\n",
        path.display(),
        img.width,
        img.height
    ))
}

/// Draws a grid's values into the PNG file `path`, one square a cell.
fn grid_png(g: &Grid, path: &std::path::Path) -> CliResult {
    let img = plot::grid_image(&g.rows);
    write_png(path, &img)?;
    emit(&format!(
        "wrote {} ({} x {} pixels: {} at [x, y], x in {}..{} down, y in {}..{} across)\n",
        path.display(),
        img.width,
        img.height,
        g.game,
        g.rows_from,
        g.rows_to,
        g.columns_from,
        g.columns_to
    ))
}
