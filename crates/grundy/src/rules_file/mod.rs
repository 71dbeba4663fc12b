//! Rules files: a game described in TOML, so that a user names a game
//! without writing a script. The file has a `[game]` table whose `kind`
//! picks the family and whose other keys are the kind's own:
//!
//! | kind | keys |
//! |---|---|
//! | `turning` | `code` (a turning code), or `name` (a named game), or `blocks` (a list of lengths or `squares`, `triangular`, `powers-of-two`, `fibonacci`) |
//! | `product` | `name` (`corners`, `rugs`, `acrostic-twins`), or `rows` and `cols` (each a code or a name) with `product = "tartan"` (the default) or `"acrostic"` |
//!
//! Errors name the line (1-based) where the problem is.
//!
//! ```
//! use grundy::rules_file::{parse, GameRules};
//! let rules = parse("[game]\nkind = \"turning\"\ncode = \"1-3\"\n").unwrap();
//! assert!(matches!(rules, GameRules::Turning { .. }));
//! let e = parse("[game]\nkind = \"turning\"\ncode = \"1-3Q\"\n").unwrap_err();
//! assert_eq!(e.line, 3);
//! ```

mod turning;

use serde::Deserialize;
use toml::Spanned;

use crate::products::named::Kind;
use crate::turning::code::TurningCode;

/// A game as a rules file describes it, compiled to the engine that plays
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRules {
    /// A coin-turning game on a strip.
    Turning {
        /// The game's name or its code as written back.
        title: String,
        /// The code.
        code: TurningCode,
    },
    /// A product of two coin-turning games.
    Product {
        /// Tartan or acrostic.
        kind: Kind,
        /// The game along the rows: a code or a name.
        rows: String,
        /// The game along the columns.
        cols: String,
    },
}

/// Why a rules file was refused: the line and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RulesError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

/// The line holding byte `offset` of `text`.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |t| t.matches('\n').count() + 1)
}

/// The error of a TOML parse, at its line.
pub(crate) fn toml_error(text: &str, e: &toml::de::Error) -> RulesError {
    RulesError {
        line: e.span().map_or(1, |s| line_of(text, s.start)),
        message: crate::escape::one_line(e.message().trim().to_string()),
    }
}

/// An error at the value `at`.
pub(crate) fn at<T>(text: &str, at: &Spanned<T>, message: impl Into<String>) -> RulesError {
    RulesError {
        line: line_of(text, at.span().start),
        message: crate::escape::one_line(message.into()),
    }
}

#[derive(Deserialize)]
struct Head {
    game: Option<KindOnly>,
}

#[derive(Deserialize)]
struct KindOnly {
    kind: Option<Spanned<String>>,
}

/// The kinds of game a rules file may describe.
pub const KINDS: &[&str] = &["turning", "product"];

/// Reads a rules file.
pub fn parse(text: &str) -> Result<GameRules, RulesError> {
    let head: Head = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    let Some(game) = head.game else {
        return Err(RulesError {
            line: 1,
            message: "no [game] table: a rules file starts with [game] and kind = \"...\"".into(),
        });
    };
    let Some(kind) = game.kind else {
        return Err(RulesError {
            line: 1,
            message: format!("the [game] table has no kind (one of {})", KINDS.join(", ")),
        });
    };
    match kind.get_ref().as_str() {
        "turning" => turning::parse_turning(text),
        "product" => turning::parse_product(text),
        other => Err(at(
            text,
            &kind,
            format!("kind '{other}' is not one of {}", KINDS.join(", ")),
        )),
    }
}
