//! The names of the classical heap games the notation accepts, each with
//! its rule on the underlying heap and what a player of it counts (a
//! `triomino` heap of n is a 2 x n board, 2n cells).
//!
//! A table of its own: adding a game is a line here, the rule notation
//! does not change.

/// A named classical game; as JSON its `about`, `aliases`, `name`, `rule`
/// and `scale` (what `grundy rules --list --json` prints).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct NamedGame {
    /// What a heap of size n is, and where the game comes from.
    pub about: &'static str,
    /// Other names accepted for it.
    pub aliases: &'static [&'static str],
    /// The canonical name.
    pub name: &'static str,
    /// The rule on the underlying heap, in this notation.
    pub rule: &'static str,
    /// Underlying tokens per unit the player counts (2 for a 2 x n board).
    pub scale: u32,
}

/// Every name the notation accepts.
pub const NAMED_GAMES: &[NamedGame] = &[
    NamedGame {
        name: "nim",
        aliases: &[],
        rule: "0.[3]",
        scale: 1,
        about: "take any number of tokens from one heap (Bouton, 1901)",
    },
    NamedGame {
        name: "kayles",
        aliases: &[],
        rule: "0.77",
        scale: 1,
        about: "a row of n pins; knock down one pin or two adjacent pins (Dudeney; Winning Ways)",
    },
    NamedGame {
        name: "dawson-kayles",
        aliases: &[],
        rule: "0.07",
        scale: 1,
        about: "a row of n pins; knock down exactly two adjacent pins (Winning Ways)",
    },
    NamedGame {
        name: "dawson-chess",
        aliases: &["crosses", "pawns"],
        rule: "0.137",
        scale: 1,
        about: "n columns of pawns on a 3 x n board, captures compulsory (Dawson, 1934); \
                the same as crosses: put an X on a strip of n cells, never next to another X",
    },
    NamedGame {
        name: "treblecross",
        aliases: &[],
        rule: "0.11337",
        scale: 1,
        about: "a strip of n empty cells; put an X, three in a row wins \
                (Winning Ways' .007 counts n + 2)",
    },
    NamedGame {
        name: "triomino",
        aliases: &[],
        rule: "0.007",
        scale: 2,
        about: "a free 2 x n board; place an L-shaped tromino (0.007 on its 2n cells)",
    },
    NamedGame {
        name: "lasker",
        aliases: &[],
        rule: "4.[3]",
        scale: 1,
        about: "Lasker's Nim: take any number from a heap, or split a heap in two (Lasker, 1931)",
    },
    NamedGame {
        name: "grundy",
        aliases: &[],
        rule: "4!.0",
        scale: 1,
        about: "Grundy's game: split a heap into two unequal heaps (Grundy, 1939)",
    },
    NamedGame {
        name: "split",
        aliases: &[],
        rule: "4.0",
        scale: 1,
        about: "split a heap into two non-empty heaps",
    },
    NamedGame {
        name: "last-to-toggle",
        aliases: &[],
        rule: "0.07",
        scale: 1,
        about: "a run of n ones in a binary array; turn two adjacent ones into zeros",
    },
    NamedGame {
        name: "take-1-3",
        aliases: &[],
        rule: "0.333",
        scale: 1,
        about: "take 1, 2 or 3 tokens",
    },
];

/// Every name and alias of [`NAMED_GAMES`], the names first.
pub fn names() -> impl Iterator<Item = &'static str> {
    NAMED_GAMES
        .iter()
        .map(|g| g.name)
        .chain(NAMED_GAMES.iter().flat_map(|g| g.aliases.iter().copied()))
}
