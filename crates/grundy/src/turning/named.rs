//! The coin-turning games of *Winning Ways* (chapter 14) by name, with
//! their turning codes.

use super::code::{CodeError, TurningCode};

/// A named coin-turning game; as JSON, its `name`, `code` and `rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Named {
    /// The name, as the command line spells it.
    pub name: &'static str,
    /// Its turning code.
    pub code: &'static str,
    /// What a move does, in words.
    pub rule: &'static str,
}

/// Every named game.
pub const NAMED: &[Named] = &[
    Named {
        name: "turtles",
        code: "1-2",
        rule: "turn one or two coins (Turning Turtles)",
    },
    Named {
        name: "twins",
        code: "2",
        rule: "turn exactly two coins",
    },
    Named {
        name: "mock-turtles",
        code: "1-3",
        rule: "turn one, two or three coins",
    },
    Named {
        name: "triplets",
        code: "3",
        rule: "turn exactly three coins",
    },
    Named {
        name: "ruler",
        code: "1+C",
        rule: "turn any block of consecutive coins",
    },
    Named {
        name: "ruler-fives",
        code: "1-5C",
        rule: "turn a block of at most five consecutive coins",
    },
    Named {
        name: "moebius",
        code: "1-5",
        rule: "turn from one to five coins",
    },
    Named {
        name: "mogul",
        code: "1-7",
        rule: "turn from one to seven coins",
    },
    Named {
        name: "moidores",
        code: "1-9",
        rule: "turn from one to nine coins",
    },
    Named {
        name: "motley",
        code: "1+",
        rule: "turn any number of coins",
    },
    Named {
        name: "turnips",
        code: "3E",
        rule: "turn three equally spaced coins",
    },
    Named {
        name: "grunt",
        code: "4FS",
        rule:
            "turn four coins symmetric about their middle, the first coin of the strip among them",
    },
    Named {
        name: "sym",
        code: "1+S",
        rule: "turn any coins symmetric about the middle of their span",
    },
    Named {
        name: "sympler",
        code: "1+FS",
        rule: "turn coins symmetric about their middle, the first coin of the strip among them",
    },
    Named {
        name: "mock-turtle-fives",
        code: "1-3C(5)",
        rule: "turn one to three coins within a span of five",
    },
    Named {
        name: "triplet-fives",
        code: "3C(5)",
        rule: "turn three coins within a span of five",
    },
];

/// The game a variant names: a name from [`NAMED`] or a turning code, with
/// the name to show (the game's name, or the code as written back).
pub fn resolve(variant: &str) -> Result<(String, TurningCode), CodeError> {
    let key = variant.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    if let Some(n) = NAMED.iter().find(|n| n.name == key) {
        let code = n.code.parse().expect("the named codes are valid");
        return Ok((n.name.to_string(), code));
    }
    let code: TurningCode = variant.parse().map_err(|mut e: CodeError| {
        // A word, not a code: the names near it.
        if !key.contains(|c: char| c.is_ascii_digit()) {
            let names = NAMED.iter().map(|n| n.name);
            e.message.push_str(&crate::suggest::hint(&key, names));
        }
        e
    })?;
    Ok((code.to_string(), code))
}
