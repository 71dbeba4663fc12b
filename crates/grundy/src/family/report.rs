//! What every analysis command prints: the same fields for every game, as
//! human text or as JSON (`--json`), whose field names are stable.
//!
//! JSON: `{"game", "position", "convention": "normal"|"misere", "value"
//! (null in misère), "outcome": "N"|"P", "winning_moves": [{"move", "to"}]}`
//! plus, for some games, extra fields after these. When there are too many
//! winning moves to list (see [`super::limits::listed`]), `winning_moves`
//! holds the first ones and `winning_moves_total` counts them all. `position` and each `to`
//! are written in the syntax the command accepts, so they can be fed back.
//!
//! A game that can loop ([`crate::loopy`]) reports Smith's value instead:
//! `"value"` is a number or `{"infinity": [..K]}`, `"outcome"` may be `"D"`
//! (a draw), and `"draw_keeping_moves"` (with `"draw_keeping_moves_total"`
//! when cut) follows the winning moves ([`Smith`]).

use crate::game::{Analysis, Convention, Outcome};
use crate::loopy::{LoopyOutcome, LoopyValue};
use crate::nimber::Nimber;
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

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

/// What the report of a game that can loop has beyond the common fields:
/// Smith's value, the outcome with draws, and the moves that keep a draw.
#[derive(Debug, Clone)]
pub struct Smith {
    /// A nimber, or ∞(K).
    pub value: LoopyValue,
    /// `N`, `P` or `D`.
    pub outcome: LoopyOutcome,
    /// The moves that keep a draw (empty unless `D`), or the first ones.
    pub draw_keeping_moves: Vec<MoveReport>,
    /// How many there are, when only the first are listed.
    pub draw_keeping_moves_total: Option<u128>,
}

/// The answer for one position.
#[derive(Debug, Clone)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// The position analysed, in the command's syntax.
    pub position: Value,
    /// Play convention.
    pub convention: Convention,
    /// Grundy value (normal play); `null` in misère play, and for an
    /// infinite value of a game that can loop (see [`Report::smith`]).
    pub value: Option<u64>,
    /// `N` (the player to move wins) or `P`; `N` also for a draw of a game
    /// that can loop (the player to move does not lose; see
    /// [`Report::smith`]).
    pub outcome: Outcome,
    /// Every winning move, or the first ones when `winning_moves_total`
    /// is set.
    pub winning_moves: Vec<MoveReport>,
    /// How many winning moves there are, when only the first are listed.
    pub winning_moves_total: Option<u128>,
    /// Game-specific fields, after the common ones.
    pub extra: Map<String, Value>,
    /// The position as command-line text, for human output.
    pub position_text: String,
    /// Step-by-step explanation, printed with `--explain` (with `--json`,
    /// the last field).
    pub explanation: Option<String>,
    /// For a game that can loop: Smith's value and the three outcomes,
    /// which the JSON and the text then give in place of `value` and
    /// `outcome`. `None` for the other games.
    pub smith: Option<Smith>,
}

/// A value as the JSON writes it: a nimber (or `null`), or Smith's value.
#[derive(Serialize)]
#[serde(untagged)]
enum WireValue<'a> {
    Nimber(Option<u64>),
    Smith(&'a LoopyValue),
}

/// An outcome as the JSON writes it.
#[derive(Serialize)]
#[serde(untagged)]
enum WireOutcome {
    Two(Outcome),
    Three(LoopyOutcome),
}

/// The JSON of a report, fields in order.
#[derive(Serialize)]
struct Wire<'a> {
    game: &'a str,
    position: &'a Value,
    convention: Convention,
    value: WireValue<'a>,
    outcome: WireOutcome,
    winning_moves: &'a [MoveReport],
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves_total: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw_keeping_moves: Option<&'a [MoveReport]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw_keeping_moves_total: Option<u128>,
    #[serde(flatten)]
    extra: &'a Map<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<&'a str>,
}

impl Serialize for Report {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let smith = self.smith.as_ref();
        Wire {
            game: &self.game,
            position: &self.position,
            convention: self.convention,
            value: match smith {
                Some(m) => WireValue::Smith(&m.value),
                None => WireValue::Nimber(self.value),
            },
            outcome: match smith {
                Some(m) => WireOutcome::Three(m.outcome),
                None => WireOutcome::Two(self.outcome),
            },
            winning_moves: &self.winning_moves,
            winning_moves_total: self.winning_moves_total,
            draw_keeping_moves: smith.map(|m| m.draw_keeping_moves.as_slice()),
            draw_keeping_moves_total: smith.and_then(|m| m.draw_keeping_moves_total),
            extra: &self.extra,
            explanation: self.explanation.as_deref(),
        }
        .serialize(s)
    }
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
            winning_moves_total: None,
            extra: Map::new(),
            position_text,
            explanation: None,
            smith: None,
        }
    }

    /// A normal-play report of a position of `length` numbers (heaps,
    /// coins, rows) with value `value` and winning moves `moves`, listing
    /// only as many as [`super::limits::listed`] allows, with their total:
    /// the value, the outcome and the first moves always come, however
    /// many moves there are. `apply` gives the position after a move and is
    /// called for the listed moves only, so a long position with a winning
    /// move on every heap costs no more than its first moves.
    ///
    /// ```
    /// use grundy::family::report::Report;
    /// use grundy::nimber::Nimber;
    /// // 20001 heaps of 1 in Nim: every heap is a winning move.
    /// let heaps = vec![1u64; 20001];
    /// let moves: Vec<usize> = (0..heaps.len()).collect();
    /// let r = Report::first_moves("nim", &heaps, heaps.len(), Nimber(1), &moves,
    ///     |&i| { let mut h = heaps.clone(); h.remove(i); h },
    ///     |h| (serde_json::json!(h), format!("{} heaps", h.len())));
    /// assert_eq!((r.winning_moves.len(), r.winning_moves_total), (10, Some(20001)));
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn first_moves<M: std::fmt::Display, P>(
        game: &str,
        position: &P,
        length: usize,
        value: Nimber,
        moves: &[M],
        apply: impl Fn(&M) -> P,
        show: impl Fn(&P) -> (Value, String),
    ) -> Report {
        let first = super::limits::listed(moves.len() as u128, length);
        let (position_json, position_text) = show(position);
        let winning_moves = moves
            .iter()
            .take(first)
            .map(|mv| {
                let (to, to_text) = show(&apply(mv));
                MoveReport {
                    words: mv.to_string(),
                    cells: None,
                    to,
                    to_text,
                }
            })
            .collect();
        Report {
            game: game.to_string(),
            position: position_json,
            convention: Convention::Normal,
            value: Some(value.0),
            outcome: Outcome::from_value(value),
            winning_moves,
            winning_moves_total: None,
            extra: Map::new(),
            position_text,
            explanation: None,
            smith: None,
        }
        .with_total(moves.len() as u128)
    }

    /// Records that the position has `total` winning moves: when more than
    /// are listed, the report says so.
    pub fn with_total(mut self, total: u128) -> Report {
        if total > self.winning_moves.len() as u128 {
            self.winning_moves_total = Some(total);
        }
        self
    }

    /// The human-readable form.
    pub fn to_text(&self) -> String {
        if let Some(smith) = &self.smith {
            return self.smith_text(smith);
        }
        let mut s = String::new();
        let conv = match self.convention {
            Convention::Normal => "normal play",
            Convention::Misere => "misère play",
        };
        s.push_str(&format!(
            "{} {} ({conv})\n",
            self.game,
            abbreviate(&self.position_text)
        ));
        if let Some(v) = self.value {
            s.push_str(&format!("Grundy value: {v}\n"));
        }
        s.push_str(&format!(
            "Outcome: {} ({})\n",
            self.outcome,
            self.outcome.describe()
        ));
        if let Some(Value::String(m)) = self.extra.get("method") {
            s.push_str(&format!("Method: {m}\n"));
        }
        match self.winning_moves.len() {
            0 if self.outcome == Outcome::P => {
                s.push_str("No winning move: every move leads to an N-position.\n")
            }
            0 => s.push_str("No move is left to make: the game is over.\n"),
            n => {
                let title = if let Some(t) = self.winning_moves_total {
                    format!("Winning moves ({t}, the first {n} shown):")
                } else if n == 1 {
                    "Winning move:".to_string()
                } else {
                    format!("Winning moves ({n}):")
                };
                s.push_str(&title);
                s.push('\n');
                for m in &self.winning_moves {
                    // A move that empties the position leaves no text to show.
                    let to = match m.to_text.as_str() {
                        "" => "(nothing left)".into(),
                        t => abbreviate(t),
                    };
                    s.push_str(&format!("  {}  ->  {to}\n", m.words));
                }
            }
        }
        self.push_explanation(&mut s);
        s
    }

    /// The human-readable form of a game that can loop: Smith's value, the
    /// outcome, and the winning moves or the moves that keep the draw.
    fn smith_text(&self, smith: &Smith) -> String {
        let mut s = format!("{} {} (normal play)\n", self.game, self.position_text);
        s.push_str(&format!("Value: {}\n", smith.value));
        s.push_str(&format!(
            "Outcome: {} ({})\n",
            smith.outcome,
            smith.outcome.describe()
        ));
        let section =
            |s: &mut String, one: &str, many: &str, moves: &[MoveReport], total: Option<u128>| {
                let n = moves.len();
                let title = match total {
                    Some(t) => format!("{many} ({t}, the first {n} shown):"),
                    None if n == 1 => format!("{one}:"),
                    None => format!("{many} ({n}):"),
                };
                s.push_str(&title);
                s.push('\n');
                for m in moves {
                    s.push_str(&format!("  {}  ->  {}\n", m.words, m.to_text));
                }
            };
        match smith.outcome {
            LoopyOutcome::N => section(
                &mut s,
                "Winning move",
                "Winning moves",
                &self.winning_moves,
                self.winning_moves_total,
            ),
            LoopyOutcome::D => section(
                &mut s,
                "Move that keeps the draw",
                "Moves that keep the draw",
                &smith.draw_keeping_moves,
                smith.draw_keeping_moves_total,
            ),
            LoopyOutcome::P if self.winning_moves.is_empty() => {
                s.push_str("No winning move: every move leads to an N-position.\n")
            }
            LoopyOutcome::P => {}
        }
        self.push_explanation(&mut s);
        s
    }

    fn push_explanation(&self, s: &mut String) {
        if let Some(e) = &self.explanation {
            s.push('\n');
            s.push_str(e);
            if !e.ends_with('\n') {
                s.push('\n');
            }
        }
    }
}

/// The longest position written whole in the human-readable form; `--json`
/// always has the whole position.
pub const TEXT_POSITION_MAX: usize = 160;

/// A position's text cut, at a space, to about [`TEXT_POSITION_MAX`]
/// characters, with the number of words left out: a position of 10^6 heaps
/// stays one readable line.
///
/// ```
/// use grundy::family::report::abbreviate;
/// assert_eq!(abbreviate("1 4 5"), "1 4 5");
/// let long = vec!["7"; 1000].join(" ");
/// let short = abbreviate(&long);
/// assert!(short.len() < 200);
/// assert!(short.ends_with("... (920 more)"), "{short}");
/// ```
pub fn abbreviate(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= TEXT_POSITION_MAX {
        return text.into();
    }
    let mut cut = TEXT_POSITION_MAX;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let cut = text[..cut].rfind(' ').filter(|&c| c > 0).unwrap_or(cut);
    let left = text[cut..].split_whitespace().count();
    format!("{} ... ({left} more)", text[..cut].trim_end()).into()
}
