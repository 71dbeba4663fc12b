//! What every analysis command prints: the same fields for every game, as
//! human text or as JSON (`--json`), whose field names are stable.
//!
//! JSON: `{"game", "position", "convention": "normal"|"misere", "value"
//! (null in misère), "outcome": "N"|"P", "winning_moves": [{"move", "to"}]}`
//! plus, for some games, extra fields after these. `position` and each `to`
//! are written in the syntax the command accepts, so they can be fed back.

use std::io::Write;

use grundy::game::{Analysis, Convention, Outcome};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{CliError, CliResult};

/// Output flags shared by the analysis commands.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Print one JSON object with stable field names instead of text.
    #[arg(long)]
    pub json: bool,
    /// Explain why the answer is right, step by step.
    #[arg(long)]
    pub explain: bool,
}

/// One winning move: its words and the position it leaves.
#[derive(Serialize, Debug, Clone)]
pub struct MoveReport {
    /// The move in the game's own words.
    #[serde(rename = "move")]
    pub words: String,
    /// The cells the move touches, for games played on a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Value>,
    /// The position after the move, in the command's syntax.
    pub to: Value,
    /// The same position as command-line text, for human output.
    #[serde(skip)]
    pub to_text: String,
}

/// The answer for one position.
#[derive(Serialize, Debug, Clone)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// The position analysed, in the command's syntax.
    pub position: Value,
    /// Play convention.
    pub convention: Convention,
    /// Grundy value (normal play); `null` in misère play.
    pub value: Option<u64>,
    /// `N` (the player to move wins) or `P`.
    pub outcome: Outcome,
    /// Every winning move.
    pub winning_moves: Vec<MoveReport>,
    /// Game-specific fields, after the common ones.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
    /// The position as command-line text, for human output.
    #[serde(skip)]
    pub position_text: String,
    /// Step-by-step explanation, printed with `--explain` (with `--json`,
    /// the last field).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

impl Report {
    /// A report from a library analysis; `show` writes a position both as
    /// JSON and as text.
    pub fn from_analysis<M: std::fmt::Display, P>(
        game: &str,
        position: &P,
        analysis: &Analysis<M, P>,
        show: impl Fn(&P) -> (Value, String),
    ) -> Report {
        let (position_json, position_text) = show(position);
        let winning_moves = analysis
            .winning_moves
            .iter()
            .map(|w| {
                let (to, to_text) = show(&w.to);
                MoveReport {
                    words: w.mv.to_string(),
                    cells: None,
                    to,
                    to_text,
                }
            })
            .collect();
        Report {
            game: game.to_string(),
            position: position_json,
            convention: analysis.convention,
            value: analysis.value.map(|v| v.0),
            outcome: analysis.outcome,
            winning_moves,
            extra: Map::new(),
            position_text,
            explanation: None,
        }
    }

    /// The human-readable form.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let conv = match self.convention {
            Convention::Normal => "normal play",
            Convention::Misere => "misère play",
        };
        s.push_str(&format!("{} {} ({conv})\n", self.game, self.position_text));
        if let Some(v) = self.value {
            s.push_str(&format!("Grundy value: {v}\n"));
        }
        s.push_str(&format!(
            "Outcome: {} ({})\n",
            self.outcome,
            self.outcome.describe()
        ));
        match self.winning_moves.len() {
            0 if self.outcome == Outcome::P => {
                s.push_str("No winning move: every move leads to an N-position.\n")
            }
            0 => s.push_str("No move is left to make: the game is over.\n"),
            n => {
                let title = if n == 1 {
                    "Winning move:".to_string()
                } else {
                    format!("Winning moves ({n}):")
                };
                s.push_str(&title);
                s.push('\n');
                for m in &self.winning_moves {
                    s.push_str(&format!("  {}  ->  {}\n", m.words, m.to_text));
                }
            }
        }
        if let Some(e) = &self.explanation {
            s.push('\n');
            s.push_str(e);
            if !e.ends_with('\n') {
                s.push('\n');
            }
        }
        s
    }

    /// Prints the report as asked by `out`.
    pub fn print(&self, out: &OutputArgs) -> CliResult {
        if out.json {
            print_json(self)
        } else {
            emit(&self.to_text())
        }
    }
}

/// Writes `text` to standard output; a closed pipe ends quietly.
pub fn emit(text: &str) -> CliResult {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::new(format!("cannot write output: {e}"))),
    }
}

/// Writes a value as one line of JSON.
pub fn print_json<T: Serialize>(value: &T) -> CliResult {
    let mut text = serde_json::to_string(value)
        .map_err(|e| CliError::new(format!("cannot write JSON: {e}")))?;
    text.push('\n');
    emit(&text)
}

/// Parses one non-negative whole number given on the command line; `what`
/// names it in the error ("heap", "step", ...).
pub fn parse_u64(text: &str, what: &str) -> CliResult<u64> {
    let t = text.trim();
    if t.is_empty() {
        return Err(CliError::new(format!("{what} is empty")));
    }
    if t.starts_with('-') && t.len() > 1 && t[1..].chars().all(|c| c.is_ascii_digit()) {
        return Err(CliError::new(format!(
            "{what} '{text}' is negative; sizes are whole numbers from 0"
        )));
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(CliError::new(format!(
            "{what} '{text}' is not a whole number"
        )));
    }
    t.parse::<u64>().map_err(|_| {
        CliError::new(format!(
            "{what} '{text}' is too large (at most {})",
            u64::MAX
        ))
    })
}

/// Parses a list of whole numbers, refusing an empty list.
pub fn parse_u64_list(texts: &[String], what: &str, plural: &str) -> CliResult<Vec<u64>> {
    if texts.is_empty() {
        return Err(CliError::new(format!("no {plural} given")));
    }
    texts.iter().map(|t| parse_u64(t, what)).collect()
}

/// A list of numbers as JSON and as command-line text.
pub fn show_list(v: &[u64]) -> (Value, String) {
    let text = v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    (Value::from(v.to_vec()), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(parse_u64("17", "heap"), Ok(17));
        assert!(parse_u64("-3", "heap").unwrap_err().0.contains("negative"));
        assert!(parse_u64("3x", "heap")
            .unwrap_err()
            .0
            .contains("not a whole number"));
        assert!(parse_u64("18446744073709551616", "heap")
            .unwrap_err()
            .0
            .contains("too large"));
        assert!(parse_u64_list(&[], "heap", "heaps").is_err());
    }
}
