//! `grundy northcott`: Northcott's game.

use clap::{Args, ValueEnum};
use grundy::games::northcott::{self, Color, Row};
use serde_json::Value;

use crate::error::{CliError, CliResult};
use crate::report::{parse_u64, OutputArgs, PrintReport, Report};

/// The colour whose turn it is.
#[derive(ValueEnum, Clone, Copy, Debug, Default)]
pub enum Player {
    /// Black moves the black tokens.
    #[default]
    Black,
    /// White moves the white tokens.
    White,
}

/// Northcott's game: each row has a black and a white token; move yours
/// along its row without jumping.
#[derive(Args, Debug)]
pub struct NorthcottArgs {
    /// Number of columns of the board.
    #[arg(long, value_name = "W", allow_hyphen_values = true)]
    pub width: String,
    /// One B:W per row: the columns (from 1) of its black and its white token.
    #[arg(value_name = "B:W")]
    pub rows: Vec<String>,
    /// Whose turn it is (the outcome is the same for both; the moves differ).
    #[arg(long, value_enum, default_value_t = Player::Black)]
    pub player: Player,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn parse_row(text: &str, n: usize) -> CliResult<Row> {
    let Some((b, w)) = text.trim().split_once(':') else {
        return Err(CliError::new(format!(
            "row {n} '{text}' is not B:W, the columns of its black and its white token"
        )));
    };
    let black = parse_u64(b, &format!("the black token's column in row {n}"))?;
    let white = parse_u64(w, &format!("the white token's column in row {n}"))?;
    Ok(Row { black, white })
}

fn show(rows: &[Row]) -> (Value, String) {
    let texts: Vec<String> = rows.iter().map(Row::to_string).collect();
    let line = texts.join(" ");
    (Value::from(texts), line)
}

/// Analyses a board and prints the report.
pub fn run(args: &NorthcottArgs) -> CliResult {
    let width = parse_u64(&args.width, "the width")?;
    if args.rows.is_empty() {
        return Err(CliError::new("no rows given: write each row as B:W"));
    }
    let rows = args
        .rows
        .iter()
        .enumerate()
        .map(|(i, t)| parse_row(t, i + 1))
        .collect::<CliResult<Vec<Row>>>()?;
    let color = match args.player {
        Player::Black => Color::Black,
        Player::White => Color::White,
    };
    let moves =
        northcott::winning_moves(&rows, width, color).map_err(|e| CliError::new(e.to_string()))?;
    let value = northcott::value(&rows);
    let apply = |m: &northcott::NorthcottMove| northcott::apply(&rows, *m);
    let mut report =
        Report::first_moves("northcott", &rows, rows.len(), value, &moves, apply, |r| {
            show(r)
        });
    report.position_text = format!("--width {width} {}", report.position_text);
    report.extra.insert("width".into(), Value::from(width));
    report
        .extra
        .insert("player".into(), Value::from(color.to_string()));
    if args.output.explain {
        report.explanation = Some(
            northcott::explain(&rows, width, color).map_err(|e| CliError::new(e.to_string()))?,
        );
    }
    report.print(&args.output)
}
