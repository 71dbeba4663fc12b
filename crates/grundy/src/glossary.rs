//! The words of the theory for a reader who meets them for the first
//! time: nimber, `*n`, N- and P-positions, nim-sum, mex, normal and misère
//! play, winning move, remoteness, octal code, period. Every front-end shows
//! the same definitions: `grundy glossary`, Python's `glossary()` and the
//! page's hover texts.
//!
//! ```
//! use grundy::glossary;
//! let t = glossary::find("P-position").unwrap();
//! assert!(t.definition.contains("the player to move loses"));
//! assert_eq!(glossary::find("nimsum").unwrap().term, "nim-sum");
//! ```

use serde::Serialize;

/// A term and what it means; as JSON, `{"term", "aliases", "definition"}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Term {
    /// The term as the reports write it ("nim-sum", "*n").
    pub term: &'static str,
    /// Other ways it is written or said ("Grundy value" for "nimber").
    pub aliases: &'static [&'static str],
    /// One or two sentences in plain words.
    pub definition: &'static str,
}

/// Every term, in the order a reader meets them.
pub static GLOSSARY: &[Term] = &[
    Term {
        term: "normal play",
        aliases: &[],
        definition: "The player who cannot move loses, so whoever makes the last move wins. Games are played this way unless misère play is chosen.",
    },
    Term {
        term: "misère play",
        aliases: &["misere play", "misère", "misere"],
        definition: "The player who cannot move wins, so whoever makes the last move loses. Grundy values no longer add up; a misère game is decided by search or by its misère quotient.",
    },
    Term {
        term: "P-position",
        aliases: &["P", "P-positions"],
        definition: "A position the Previous player (the one who just moved) wins: every move from it leads to an N-position, so the player to move loses against best play. In normal play, exactly the positions of Grundy value 0.",
    },
    Term {
        term: "N-position",
        aliases: &["N", "N-positions"],
        definition: "A position the Next player (the one about to move) wins: some move from it leads to a P-position. In normal play, exactly the positions whose Grundy value is not 0.",
    },
    Term {
        term: "winning move",
        aliases: &["winning moves"],
        definition: "A move to a P-position: after it the opponent loses whatever they do, as long as you keep finding winning moves. In normal play, a move to a position of Grundy value 0.",
    },
    Term {
        term: "mex",
        aliases: &["minimum excludant"],
        definition: "The minimum excludant: the least whole number missing from a set. mex{0, 1, 3} = 2 and mex{1, 2} = 0.",
    },
    Term {
        term: "nimber",
        aliases: &["Grundy value", "Grundy number", "G(n)"],
        definition: "The Grundy value of a position: the mex of the values of the positions one move away, so 0 when no move is left. The player to move loses exactly when it is 0, and a position of value n plays, in any sum of games, like a Nim heap of n.",
    },
    Term {
        term: "*n",
        aliases: &["star", "*0", "*1", "*2"],
        definition: "The nimber n, read \"star n\": the value of a Nim heap of n tokens. *0 is a position with no winning move; *2 plays like a heap of 2.",
    },
    Term {
        term: "nim-sum",
        aliases: &["nimsum", "⊕", "XOR", "exclusive or"],
        definition: "Adding in binary without carrying (exclusive or), written ⊕: 3 ⊕ 5 = 6, and n ⊕ n = 0. The value of several games played side by side is the nim-sum of their values (the Sprague–Grundy theorem), so Nim is won by leaving a nim-sum of 0.",
    },
    Term {
        term: "remoteness",
        aliases: &[],
        definition: "How many moves the game lasts with best play, where the winner ends it as soon as possible and the loser holds out as long as possible: in normal play odd for an N-position and even for a P-position (in misère play the other way round). When losing, the computer plays to make the game last.",
    },
    Term {
        term: "octal code",
        aliases: &["octal game"],
        definition: "A heap game's rule written as digits after a point, such as 0.77 for Kayles. The digit in place k says what a move taking k tokens from a heap may leave: add 1 if it may leave nothing, 2 if one heap, 4 if two heaps (7 allows all three).",
    },
    Term {
        term: "period",
        aliases: &["preperiod", "periodic", "period and preperiod"],
        definition: "Many heap games' values repeat: G(n + p) = G(n) for every n from some n0 on. p is the period and n0 the preperiod, the values before n0 that need not repeat. For an octal game, checking enough values proves that the repetition goes on for ever.",
    },
];

/// Every term, in the order a reader meets them.
pub fn glossary() -> &'static [Term] {
    GLOSSARY
}

/// The term written `word` (its term or one of its aliases), in any case.
pub fn find(word: &str) -> Option<&'static Term> {
    let w = word.trim().to_lowercase();
    GLOSSARY
        .iter()
        .find(|t| t.term.to_lowercase() == w || t.aliases.iter().any(|a| a.to_lowercase() == w))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The terms the reports use are all defined, in words of one or two
    /// sentences, and every name finds one term only.
    #[test]
    fn every_term_the_reports_use_is_defined_once() {
        for word in [
            "nimber",
            "Grundy value",
            "*n",
            "N-position",
            "P-position",
            "nim-sum",
            "mex",
            "normal play",
            "misère play",
            "winning move",
            "remoteness",
            "octal code",
            "period",
            "preperiod",
        ] {
            let t = find(word).unwrap_or_else(|| panic!("{word} is not defined"));
            assert!(t.definition.len() > 40, "{word}");
        }
        let mut names: Vec<String> = GLOSSARY
            .iter()
            .flat_map(|t| std::iter::once(t.term).chain(t.aliases.iter().copied()))
            .map(str::to_lowercase)
            .collect();
        let all = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all, "a name is given to two terms");
    }

    #[test]
    fn terms_are_found_in_any_case() {
        assert_eq!(find(" p-POSITION ").unwrap().term, "P-position");
        assert_eq!(find("grundy value").unwrap().term, "nimber");
        assert!(find("checkmate").is_none());
    }
}
