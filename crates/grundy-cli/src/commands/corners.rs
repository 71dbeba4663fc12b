//! `grundy corners`: Turning Corners on a board read from a file, as
//! [`grundy::families::corners::report`] answers it.

use clap::Args;
use grundy::families::corners;
use grundy::games::corners::Board;

use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{OutputArgs, PrintReport};

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

/// The board of a board file (see [`read_board_text`]), its mistakes
/// named by the file.
pub(crate) fn read_board(file: &str) -> CliResult<Board> {
    let text = read_board_text(file)?;
    Board::parse(&text).map_err(|e| CliError::new(format!("{}: {e}", board_name(file))))
}

/// Analyses the board and prints the report.
pub fn run(args: &CornersArgs) -> CliResult {
    let board = read_board(&args.file)?;
    corners::report(&board, &args.file, args.all, args.output.explain)?.print(&args.output)
}
