//! `grundy table`: tables of nim products, nim-sums, Turning Corners values
//! and the values of two-heap games, as aligned text, CSV, JSON or a PNG
//! picture; for two-heap games also their P-positions and the observed
//! periodicity of each row.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use grundy::tables::{self, render, Kind, Parts, Table};

use crate::error::{CliError, CliResult};
use grundy::plot;

use crate::output::write_png;
use crate::report::{emit, parse_u64, print_json};

/// Which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableKind {
    /// `x * y`, the nim product.
    NimProduct,
    /// `x + y`, the nim-sum (XOR).
    NimSum,
    /// The value of Turning Corners with one white cell `(x, y)`, computed
    /// by playing the game (the mex over its moves).
    Corners,
    /// The Grundy value `G(x, y)` of Wythoff's game.
    Wythoff,
    /// r-Wythoff (`--r`, default 2): `G(x, y)`.
    RWythoff,
    /// Mem: `G(n, b)`, heap `n`, take at least `b`.
    Mem,
    /// TakeAway(r) (`--r`, default 2): `G(n, b)`, heap `n`, take at most `b`.
    Takeaway,
    /// Fibonacci Nim, TakeAway(2): `G(n, b)`.
    FibonacciNim,
    /// Euclid's game: `G(x, y)`.
    Euclid,
    /// Generalized Wythoff with a bounding function (`--f`, default
    /// `2k+1`): `G(x, y)`.
    BoundedWythoff,
}

/// Print an `N x N` table, or draw it as a PNG heat map.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// nim-product, nim-sum, corners or wythoff.
    #[arg(value_enum)]
    pub kind: TableKind,
    /// Rows and columns `0..N`.
    #[arg(
        long,
        value_name = "N",
        default_value = "16",
        allow_negative_numbers = true
    )]
    pub size: String,
    /// Draw the table into this PNG file instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Show only bit K of each value (0 is the last bit).
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    pub bit: Option<String>,
    /// Print `{"table", "size", "bit", "rows"}` as JSON; two-heap games
    /// add `"game"`, `"p_positions"` and `"row_periods"` (with
    /// --p-positions or --periods, only the parts asked for, no `"rows"`).
    #[arg(long, conflicts_with = "png")]
    pub json: bool,
    /// Print the table as CSV: a header `x,0,1,...`, then each row led by
    /// its index.
    #[arg(long, conflicts_with_all = ["png", "json"])]
    pub csv: bool,
    /// The bounding function of bounded-wythoff: `2k+1`, or first values
    /// and a linear tail, `3,5;2k+1` (default 2k+1).
    #[arg(long, value_name = "F")]
    pub f: Option<String>,
    /// r of r-wythoff and takeaway (default 2).
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    pub r: Option<String>,
    /// Two-heap games: print the P-positions in the table instead of it
    /// (with --json, the field `"p_positions"`).
    #[arg(long, conflicts_with_all = ["png", "csv"])]
    pub p_positions: bool,
    /// Two-heap games: print each row's periodicity (observed) instead of
    /// the table (with --json, the field `"row_periods"`; with --json
    /// both may be asked for).
    #[arg(long, conflicts_with_all = ["png", "csv"])]
    pub periods: bool,
}

/// Prints or draws the table.
pub fn run(args: &TableArgs) -> CliResult {
    let name = args
        .kind
        .to_possible_value()
        .map_or(String::new(), |v| v.get_name().to_string());
    let kind: Kind = name.parse().map_err(CliError::new)?;
    let n = parse_u64(&args.size, "size")?;
    tables::check_size(n).map_err(CliError::new)?;
    let bit = match &args.bit {
        Some(b) => Some(tables::check_bit(parse_u64(b, "bit")?).map_err(CliError::new)?),
        None => None,
    };
    let r = args.r.as_deref().map(|t| parse_u64(t, "r")).transpose()?;
    let game = kind.game(r, args.f.as_deref()).map_err(CliError::new)?;
    if game.is_none() && (args.p_positions || args.periods) {
        return Err(CliError::new(format!(
            "--p-positions and --periods are for two-heap games, not {kind}"
        )));
    }
    if args.p_positions && args.periods && !args.json {
        return Err(CliError::new(
            "--p-positions and --periods print different lists: give one, or add --json for both",
        ));
    }
    let table = Table::of_game(kind, game, n, args.png.is_some()).map_err(CliError::new)?;
    if args.json && (args.p_positions || args.periods) {
        let parts = Parts {
            rows: false,
            p_positions: args.p_positions,
            row_periods: args.periods,
        };
        return print_json(&table.report_of(bit, parts));
    }
    if args.p_positions {
        return emit(&render::p_positions(&table.p_positions()));
    }
    if args.periods {
        return emit(&render::row_periods(&table.row_periods()));
    }
    if let Some(path) = &args.png {
        let img = plot::table_image(table.values(), table.size, bit, &table.title(bit));
        write_png(path, &img)?;
        return emit(&format!(
            "wrote {} ({} x {} pixels: the {kind} table of size {n}{})\n",
            path.display(),
            img.width,
            img.height,
            tables::bit_words(bit)
        ));
    }
    if args.json {
        return print_json(&table.report(bit));
    }
    let values = bit.map_or_else(|| table.values().to_vec(), |k| table.bits(k));
    match args.csv {
        true => emit(&render::csv(&values, table.size)),
        false => emit(&render::text(&values, table.size)),
    }
}
