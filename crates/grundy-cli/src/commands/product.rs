//! `grundy product`: the tartan or acrostic product of two coin-turning
//! games on a board read from a file, or on the all-heads board of a given
//! size; its value, one winning move, the number of winning moves, and
//! tables and pictures of its cell values. The products are the library's
//! ([`grundy::products`]).

use clap::Args;
use grundy::products::named::{lookup, Kind};
use grundy::products::report::{self, ProductTable};
use grundy::tables::render;

use crate::commands::corners::read_board;
use crate::error::{CliError, CliResult};
use grundy::plot;

use crate::output::write_png;
use crate::report::{emit, print_json};

/// The product of two coin-turning games.
#[derive(Args, Debug)]
pub struct ProductArgs {
    /// A named product (corners, rugs, acrostic-twins), or two games, each a
    /// turning code or a name (the first along the rows, the second along
    /// the columns), then the board file ('#' or '0' tails, '.' or '1'
    /// heads; '-' reads standard input; or the rows written out with '/'
    /// between them, ..../..#./....) unless --size or --table is given.
    #[arg(value_name = "GAMES AND BOARD", num_args = 1..=3, required = true)]
    pub items: Vec<String>,
    /// The all-heads board of N rows and M columns, e.g. 1000000x1000000.
    #[arg(long, value_name = "NxM")]
    pub size: Option<String>,
    /// The acrostic product: a move plays one game in one row or one column.
    #[arg(long)]
    pub acrostic: bool,
    /// List every winning move (boards up to 64 x 64).
    #[arg(long)]
    pub all: bool,
    /// Print the values of the cells (0..N) x (0..N) instead of analysing a board.
    #[arg(long, value_name = "N")]
    pub table: Option<String>,
    /// With --table: draw the table as a PNG heat map (on a log scale when a
    /// few values dwarf the rest, as in Rugs).
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,
    /// Print one JSON object with stable field names instead of text.
    #[arg(long)]
    pub json: bool,
    /// The most elementary steps (XORs, table entries) each side's coin
    /// values may take, e.g. 2e9; about 4 · 10^8 a second.
    #[arg(long, value_name = "STEPS", default_value = "4e8")]
    pub max_work: String,
}

/// Analyses the product and prints the report.
pub fn run(args: &ProductArgs) -> CliResult {
    let (kind, g, h, rest) = match lookup(&args.items[0]) {
        Some((kind, g, h)) => (kind, g.to_string(), h.to_string(), &args.items[1..]),
        None => {
            let Some(h) = args.items.get(1) else {
                return Err(CliError::new(format!(
                    "'{}' is not a named product (corners, rugs, acrostic-twins): give two games",
                    args.items[0]
                )));
            };
            let kind = match args.acrostic {
                true => Kind::Acrostic,
                false => Kind::Tartan,
            };
            (kind, args.items[0].clone(), h.clone(), &args.items[2..])
        }
    };
    if args.png.is_some() && args.table.is_none() {
        return Err(CliError::new(
            "--png draws the values of the cells (0..N) x (0..N): give --table N with it (a board's analysis is text or JSON)",
        ));
    }
    if let Some(t) = &args.table {
        if !rest.is_empty() || args.size.is_some() {
            return Err(CliError::new(
                "--table prints cell values: give no board and no --size",
            ));
        }
        return run_table(args, kind, &g, &h, t);
    }
    let board = match (rest, &args.size) {
        ([], None) => {
            return Err(CliError::new(
                "give a board file, or --size NxM for the all-heads board",
            ))
        }
        ([file], None) => Some(read_board(file)?),
        ([], Some(_)) => None,
        ([_], Some(_)) => return Err(CliError::new("give a board file or --size, not both")),
        _ => {
            return Err(CliError::new(
                "too many arguments: games, then one board file",
            ))
        }
    };
    let size = match (&board, &args.size) {
        (Some(b), _) => (b.rows(), b.cols()),
        (None, Some(s)) => report::parse_size(s).map_err(CliError::new)?,
        (None, None) => unreachable!("checked above"),
    };
    if args.all {
        report::check_listing(size.0, size.1).map_err(CliError::new)?;
    }
    let work = report::parse_work(&args.max_work).map_err(CliError::new)?;
    let report = report::analyse(kind, &g, &h, board.as_ref(), size, args.all, work)
        .map_err(CliError::new)?;
    if args.json {
        return print_json(&report);
    }
    emit(&report.to_text())
}

fn run_table(args: &ProductArgs, kind: Kind, g: &str, h: &str, size: &str) -> CliResult {
    let n = report::parse_table_size(size, args.png.is_some()).map_err(CliError::new)?;
    let work = report::parse_work(&args.max_work).map_err(CliError::new)?;
    let values = report::table_values(kind, g, h, n, work).map_err(CliError::new)?;
    if let Some(path) = &args.png {
        let title = format!("product values of {n} x {n} cells");
        let img = plot::table_image(&values, n, None, &title);
        write_png(path, &img)?;
        return emit(&format!(
            "wrote {} ({} x {} pixels: {title})\n",
            path.display(),
            img.width,
            img.height
        ));
    }
    if args.json {
        return print_json(&ProductTable::new(&values, n));
    }
    emit(&render::text(&values, n))
}
