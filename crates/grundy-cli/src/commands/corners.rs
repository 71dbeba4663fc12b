//! `grundy corners`: Turning Corners on a board read from a file.

use clap::Args;
use grundy::games::corners::{self, Board, CornersMove};
use serde_json::Value;

use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{print_json, OutputArgs, PrintReport, Report};

/// Largest side for which `--all` lists every winning move.
const ALL_MAX_SIDE: usize = 64;

/// Turning Corners: flip the four corners of a rectangle whose bottom-right
/// corner is white.
#[derive(Args, Debug)]
pub struct CornersArgs {
    /// The board file: rows of '#' (black) and '.' (white), or '0' (black)
    /// and '1' (white); '-' reads standard input; or the rows written out
    /// with '/' between them (..../..#./....).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// List every winning move (boards up to 64 x 64).
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The largest board file read: a 10000 x 10000 board with `\r\n` line
/// ends is about 95 MiB.
const MAX_BOARD_BYTES: u64 = 128 << 20;

pub(crate) fn read_board(file: &str) -> CliResult<Board> {
    let text = read_board_text(file)?;
    Board::parse(&text).map_err(|e| CliError::new(format!("{}: {e}", board_name(file))))
}

/// How errors name the board file `file`.
fn board_name(file: &str) -> String {
    if file == "-" {
        "the board on standard input".to_string()
    } else {
        format!("board file '{file}'")
    }
}

/// The text of a board file (Turning Corners, a product of coin-turning
/// games), or of standard input for `-`; or the board itself written on
/// the command line with its rows separated by `/` (`..../..#./....`, as
/// `grundy families` writes positions), when no file has that name.
pub(crate) fn read_board_text(file: &str) -> CliResult<String> {
    let inline = file.contains('/') && file.chars().all(|c| ".#01/".contains(c));
    if inline && !std::path::Path::new(file).exists() {
        return Ok(file.split('/').collect::<Vec<_>>().join("\n"));
    }
    input::read_text(file, &board_name(file), MAX_BOARD_BYTES)
}

/// Cells of a move as `[row, column]` pairs.
fn cells_json(m: &CornersMove) -> Value {
    Value::from(
        m.cells()
            .iter()
            .map(|&(x, y)| Value::from(vec![x, y]))
            .collect::<Vec<_>>(),
    )
}

/// A board as JSON (its rows) and as text (the rows when small).
fn show(b: &Board) -> (Value, String) {
    let lines = b.to_lines();
    let text = if b.cols() <= 40 && b.rows() <= 40 {
        format!("\n    {}", lines.join("\n    "))
    } else {
        format!("({} x {} board)", b.rows(), b.cols())
    };
    (Value::from(lines), text)
}

/// Analyses the board and prints the report.
pub fn run(args: &CornersArgs) -> CliResult {
    let board = read_board(&args.file)?;
    if args.all && board.rows().max(board.cols()) > ALL_MAX_SIDE {
        let candidates: usize = (1..board.rows())
            .map(|x| x * (1..board.cols()).filter(|&y| board.is_white(x, y)).count())
            .sum();
        return Err(CliError::new(format!(
            "--all lists every winning move only on boards up to {ALL_MAX_SIDE} x {ALL_MAX_SIDE}; \
             this {} x {} board has {candidates} candidate moves to check, each printed with a whole board; \
             leave out --all for one winning move",
            board.rows(),
            board.cols()
        )));
    }
    let analysis = corners::analyze(&board, args.all);
    let mut report = Report::from_analysis("corners", &board, &analysis, show);
    report.position_text = format!(
        "{} ({} x {}, {} white cells)",
        args.file,
        board.rows(),
        board.cols(),
        board.white_cells()
    );
    if args.output.explain {
        report.explanation = Some(corners::explain(&board));
    }
    if args.output.json {
        for (m, w) in report.winning_moves.iter_mut().zip(&analysis.winning_moves) {
            m.cells = Some(cells_json(&w.mv));
        }
        print_json(&report)
    } else {
        report.print(&args.output)
    }
}
