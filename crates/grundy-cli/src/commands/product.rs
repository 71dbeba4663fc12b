//! `grundy product`: the tartan or acrostic product of two coin-turning
//! games on a board read from a file, or on the all-heads board of a given
//! size; its value, one winning move, the number of winning moves, and
//! tables and pictures of its cell values. The products are the library's
//! ([`grundy::products`]).

use clap::Args;
use grundy::games::corners::Board;
use grundy::products::acrostic::Acrostic;
use grundy::products::named::{lookup, Kind};
use grundy::products::side::Side;
use grundy::products::tartan::{ProductMove, Tartan};
use grundy::turning::values::MAX_COINS;
use serde::Serialize;
use serde_json::Value;

use crate::commands::corners::read_board;
use crate::commands::table;
use crate::error::{CliError, CliResult};
use crate::plot;
use crate::report::{emit, print_json};

/// Largest side for which `--all` lists every winning move.
const ALL_MAX_SIDE: usize = 64;

/// Largest text or JSON table, and largest picture.
const TEXT_MAX: usize = 1024;
const PNG_MAX: usize = 4096;

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

/// `--max-work`: a whole number of steps, in plain or `2e9` notation.
fn max_work(text: &str) -> CliResult<u64> {
    let t = text.trim();
    let n = match t.parse::<u64>() {
        Ok(n) => Some(n),
        Err(_) => t
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 1.0 && *x <= 1e15 && x.fract() == 0.0)
            .map(|x| x as u64),
    };
    match n {
        Some(n) if (1..=1_000_000_000_000_000).contains(&n) => Ok(n),
        _ => Err(CliError::new(format!(
            "--max-work '{text}' is not a number of steps from 1 to 1e15"
        ))),
    }
}

/// A side that could not be built, naming the option that allows more
/// work when that is what stopped it.
fn side_err(which: &str, e: String) -> CliError {
    if e.contains("more steps") {
        CliError::new(format!("{which}: {e} (--max-work STEPS)"))
    } else {
        CliError::new(format!("{which}: {e}"))
    }
}

/// One winning move as JSON.
#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    words: String,
    rows: Vec<usize>,
    cols: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<Vec<String>>,
}

/// What `grundy product --json` prints.
#[derive(Serialize)]
struct ProductReport {
    game: String,
    product: &'static str,
    size: [usize; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<Vec<String>>,
    convention: &'static str,
    value: u64,
    outcome: &'static str,
    winning_move: Option<MoveJson>,
    winning_moves_total: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<MoveJson>>,
}

fn parse_size(text: &str) -> CliResult<(usize, usize)> {
    let bad = || CliError::new(format!("--size '{text}' is not NxM, e.g. 100x200"));
    let (a, b) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let n: u64 = a.trim().parse().map_err(|_| bad())?;
    let m: u64 = b.trim().parse().map_err(|_| bad())?;
    for s in [n, m] {
        if s == 0 || s > MAX_COINS {
            return Err(CliError::new(format!(
                "--size {text}: each side is from 1 to {MAX_COINS} coins (16 bytes of values per coin, \
                 and histograms of the values)"
            )));
        }
    }
    Ok((n as usize, m as usize))
}

fn move_json(m: &ProductMove, board: Option<&Board>) -> MoveJson {
    MoveJson {
        words: m.to_string(),
        rows: m.rows.clone(),
        cols: m.cols.clone(),
        to: board.map(|b| m.apply(b).to_lines()),
    }
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
            let kind = if args.acrostic {
                Kind::Acrostic
            } else {
                Kind::Tartan
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
    let (rows, cols) = match (&board, &args.size) {
        (Some(b), _) => (b.rows(), b.cols()),
        (None, Some(s)) => parse_size(s)?,
        (None, None) => unreachable!("checked above"),
    };
    if args.all && (rows > ALL_MAX_SIDE || cols > ALL_MAX_SIDE) {
        return Err(CliError::new(format!(
            "--all lists winning moves on boards up to {ALL_MAX_SIDE} x {ALL_MAX_SIDE}; this one is {rows} x {cols} \
             (without --all, one move and their number are given)"
        )));
    }
    let work = max_work(&args.max_work)?;
    let gs = Side::within(&g, rows, work).map_err(|e| side_err("rows", e))?;
    let hs = Side::within(&h, cols, work).map_err(|e| side_err("columns", e))?;
    let name = match kind {
        Kind::Tartan => format!("tartan {} x {}", gs.title, hs.title),
        Kind::Acrostic => format!("acrostic {} x {}", gs.title, hs.title),
    };
    let (value, first, total, listed) = match kind {
        Kind::Tartan => {
            let t = Tartan::new(gs, hs);
            match &board {
                Some(b) => {
                    let listed = args.all.then(|| t.list_winning(b));
                    (
                        t.value(b),
                        t.winning_move(b).map_err(CliError::new)?,
                        t.count_winning(b).map_err(CliError::new)?,
                        listed,
                    )
                }
                None => {
                    let listed = args.all.then(|| t.list_winning(&all_heads(rows, cols)));
                    (
                        t.all_heads_value(),
                        t.all_heads_winning_move().map_err(CliError::new)?,
                        t.count_all_heads().map_err(CliError::new)?,
                        listed,
                    )
                }
            }
        }
        Kind::Acrostic => {
            let a = Acrostic::new(gs, hs).map_err(CliError::new)?;
            let b = board.clone().unwrap_or_else(|| all_heads(rows, cols));
            let all = a.list_winning(&b);
            let total = all.len() as u128;
            (
                a.value(&b),
                all.first().cloned(),
                total,
                args.all.then_some(all),
            )
        }
    };
    let report = ProductReport {
        game: name,
        product: match kind {
            Kind::Tartan => "tartan",
            Kind::Acrostic => "acrostic",
        },
        size: [rows, cols],
        position: board.as_ref().map(Board::to_lines),
        convention: "normal",
        value,
        outcome: if value == 0 { "P" } else { "N" },
        winning_move: first.as_ref().map(|m| move_json(m, board.as_ref())),
        winning_moves_total: Some(total.to_string()),
        winning_moves: listed.map(|l| l.iter().map(|m| move_json(m, board.as_ref())).collect()),
    };
    if args.json {
        return print_json(&report);
    }
    emit(&text(&report))
}

fn all_heads(rows: usize, cols: usize) -> Board {
    Board::new(rows, cols, vec![true; rows * cols])
}

fn text(r: &ProductReport) -> String {
    let mut s = format!(
        "{} on {} x {} (normal play)\n",
        r.game, r.size[0], r.size[1]
    );
    if r.position.is_none() {
        s.push_str("Board: every coin heads\n");
    }
    s.push_str(&format!("Grundy value: {}\n", r.value));
    let who = if r.value == 0 {
        "P (the player to move loses)"
    } else {
        "N (the player to move wins)"
    };
    s.push_str(&format!("Outcome: {who}\n"));
    if let Some(m) = &r.winning_move {
        s.push_str(&format!(
            "Winning moves: {}\nOne winning move: {}\n",
            r.winning_moves_total.as_deref().unwrap_or("?"),
            m.words
        ));
    } else {
        s.push_str("No winning move: every move leads to an N-position.\n");
    }
    if let Some(all) = &r.winning_moves {
        s.push_str("Every winning move:\n");
        for m in all {
            s.push_str(&format!("  {}\n", m.words));
        }
    }
    s
}

/// The values of the cells `(0..n) x (0..n)` of the product, row by row.
fn table_values(kind: Kind, g: &str, h: &str, n: usize, work: u64) -> CliResult<Vec<u64>> {
    let gs = Side::within(g, n, work).map_err(|e| side_err("rows", e))?;
    let hs = Side::within(h, n, work).map_err(|e| side_err("columns", e))?;
    Ok(match kind {
        Kind::Tartan => {
            let t = Tartan::new(gs, hs);
            (0..n * n).map(|i| t.cell_value(i / n, i % n)).collect()
        }
        Kind::Acrostic => Acrostic::new(gs, hs).map_err(CliError::new)?.table,
    })
}

fn run_table(args: &ProductArgs, kind: Kind, g: &str, h: &str, size: &str) -> CliResult {
    let n: usize = size
        .trim()
        .parse()
        .map_err(|_| CliError::new(format!("--table '{size}' is not a whole number")))?;
    let max = if args.png.is_some() {
        PNG_MAX
    } else {
        TEXT_MAX
    };
    if n == 0 || n > max {
        return Err(CliError::new(format!(
            "--table {size}: from 1 to {TEXT_MAX} for text and JSON, {PNG_MAX} for pictures"
        )));
    }
    let values = table_values(kind, g, h, n, max_work(&args.max_work)?)?;
    if let Some(path) = &args.png {
        let title = format!("product values of {n} x {n} cells");
        let img = plot::table_image(&values, n, None, &title);
        img.save(path)?;
        return emit(&format!(
            "wrote {} ({} x {} pixels: product values of {n} x {n} cells)\n",
            path.display(),
            img.width,
            img.height
        ));
    }
    if args.json {
        let rows: Vec<Value> = values.chunks(n).map(|r| Value::from(r.to_vec())).collect();
        return print_json(&serde_json::json!({ "table": "product", "size": n, "rows": rows }));
    }
    emit(&table::text(&values, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour of each cell of a table picture, read at its corner.
    fn cell_colours(values: &[u64], n: usize) -> Vec<[u8; 3]> {
        let img = plot::table_image(values, n, None, "T");
        let s = plot::cell_pixels(n as u64);
        let (left, top) = plot::table_origin();
        (0..n as u32 * n as u32)
            .map(|i| img.get(left + (i % n as u32) * s, top + (i / n as u32) * s))
            .collect()
    }

    /// The Rugs table is mostly 1, 2 and 4 with a few far larger powers of
    /// two: its picture must still tell them apart (on a linear scale it is
    /// one dark square), while Turning Corners keeps its linear scale.
    #[test]
    fn pictures_of_rugs_show_its_structure() {
        let (kind, g, h) = lookup("rugs").unwrap();
        let n = 256;
        let colours = cell_colours(
            &table_values(kind, g, h, n, grundy::turning::values::WORK_LIMIT).unwrap(),
            n,
        );
        let mut counts = std::collections::HashMap::new();
        for c in &colours {
            *counts.entry(*c).or_insert(0usize) += 1;
        }
        let commonest = counts.values().max().unwrap();
        assert!(counts.len() >= 8, "{} colours", counts.len());
        assert!(
            2 * commonest < colours.len(),
            "{commonest} cells of one colour"
        );
        let (kind, g, h) = lookup("corners").unwrap();
        assert!(!plot::needs_log_scale(
            &table_values(kind, g, h, 64, grundy::turning::values::WORK_LIMIT).unwrap()
        ));
    }
}
