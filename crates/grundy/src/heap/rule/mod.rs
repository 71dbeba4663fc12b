//! The full rule notation for heap games: octal and hexadecimal codes,
//! subtraction sets, all-but sets, take ranges, per-size ranges and the
//! names of the classical games.
//!
//! Grammar (whitespace around the text is ignored, names are case-insensitive):
//!
//! ```text
//! rule    = code | "sub:" list | "sub:" predicate | "allbut:" list | "take:" N ".." N
//!         | "ranges:" N ".." N { "," N ".." N } | name
//! code    = [digit ["!"]] "." { digit ["!"] } [ "[" digit ["!"] { digit ["!"] } "]" ]
//! digit   = 0-9 | a-f | A-F        (hexadecimal digits 8-f allow three heaps)
//! list    = N { "," N }           (positive whole numbers)
//! predicate = squares | cubes | primes | powers2 | fibonacci | triangular
//!         | divisors | proper-divisors    (see [`super::predicate`])
//! ```
//!
//! `ranges:` lists `L_i..R_i` for heaps of size `i = 1, 2, ...`: from a heap
//! of `i` a move takes between `L_i` and `R_i` tokens, `1 <= L_i <= R_i <= i`.
//! The same list can be read from text with one `L_i R_i` pair a line by
//! [`HeapRule::parse_ranges`].
//!
//! A name stands for a code, except that its heap counts what a player of
//! that game counts: `triomino` n is a 2 x n board, 0.007 on 2n cells.
//!
//! ```
//! use grundy::heap::rule::HeapRule;
//! let k: HeapRule = "kayles".parse().unwrap();
//! assert_eq!(k.to_string(), "kayles");
//! assert_eq!(k.base().to_string(), "0.77");
//! let s: HeapRule = "sub:4,1,3".parse().unwrap();
//! assert_eq!(s.to_string(), "sub:1,3,4");
//! let mut opts = Vec::new();
//! s.for_each_move(5, |take, parts| opts.push((take, parts.to_vec())));
//! assert_eq!(opts, vec![(1, vec![4]), (3, vec![2]), (4, vec![1])]);
//! assert!("take:5..2".parse::<HeapRule>().is_err());
//! ```

use std::fmt;

use super::code::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use super::predicate::Predicate;

// The rule and its moves are here; the table of named games and the
// reader of the notation (with its errors) each have their own file, their
// public items re-exported here.
mod named;
mod parse;
mod summary;

pub use named::{names, NamedGame, NAMED_GAMES};
pub use parse::RuleError;
pub use summary::{Cousin, RuleSummary};

/// The rule itself, without a name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An octal or hexadecimal take-and-break code.
    Code(TakeBreak),
    /// Take any number of tokens in the set (sorted, distinct, positive).
    Subtract(Vec<u32>),
    /// Take any positive number of tokens except those in the set.
    AllBut(Vec<u32>),
    /// Take between `min` and `max` tokens.
    Take {
        /// Fewest tokens a move takes (at least 1).
        min: u32,
        /// Most tokens a move takes.
        max: u32,
    },
    /// `ranges[i - 1] = (L_i, R_i)`: from a heap of `i`, take between
    /// `L_i` and `R_i` tokens. Heaps larger than the list are not defined
    /// (the analyses refuse them).
    Ranges(Vec<(u32, u32)>),
    /// Take any amount the predicate allows (`sub:squares`, `sub:divisors`).
    Predicate(Predicate),
}

/// A heap rule as the user wrote it: the rule, and the name it was given by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapRule {
    kind: RuleKind,
    named: Option<&'static NamedGame>,
}

impl HeapRule {
    /// A rule without a name.
    pub fn new(kind: RuleKind) -> HeapRule {
        HeapRule { kind, named: None }
    }

    /// The rule (for a named game: its rule on the underlying heap).
    pub fn kind(&self) -> &RuleKind {
        &self.kind
    }

    /// Whether this is Nim: from a heap of n, take any positive number of
    /// tokens and leave the rest as one heap (or none). Its misère play
    /// follows Bouton's rule for heaps of any size.
    ///
    /// ```
    /// use grundy::heap::rule::HeapRule;
    /// for nim in ["nim", "0.[3]", "0.33[3]"] {
    ///     assert!(nim.parse::<HeapRule>().unwrap().is_nim(), "{nim}");
    /// }
    /// for not in ["0.3", "0.[7]", "kayles", "sub:1,2"] {
    ///     assert!(!not.parse::<HeapRule>().unwrap().is_nim(), "{not}");
    /// }
    /// ```
    pub fn is_nim(&self) -> bool {
        match &self.kind {
            RuleKind::Code(code) => match code.repeat_from {
                Some(r) if r >= 1 && code.digit(0).bits == 0 => (1..code.digits.len()).all(|k| {
                    let d = code.digit(k);
                    d.bits == (LEAVE_NONE | LEAVE_ONE) && !d.unequal
                }),
                _ => false,
            },
            RuleKind::AllBut(set) => set.is_empty(),
            RuleKind::Take { min, max } => *min == 1 && *max == u32::MAX,
            _ => false,
        }
    }

    /// The named game this rule was given as, if any.
    pub fn named(&self) -> Option<&'static NamedGame> {
        self.named
    }

    /// Underlying tokens per unit of a heap as the user counts it
    /// (2 for `triomino`, whose heap is the number of columns; else 1).
    pub fn scale(&self) -> u32 {
        self.named.map_or(1, |n| n.scale)
    }

    /// The same rule without its name: the underlying heap game.
    pub fn base(&self) -> HeapRule {
        HeapRule::new(self.kind.clone())
    }

    /// The underlying heap for a heap of `n` as the user counts it, or
    /// `None` past `u32`.
    pub fn base_heap(&self, n: u64) -> Option<u32> {
        n.checked_mul(self.scale() as u64)
            .and_then(|m| u32::try_from(m).ok())
    }

    /// The largest number of tokens any move takes, if bounded.
    pub fn max_removal(&self) -> Option<u32> {
        match &self.kind {
            RuleKind::Code(c) => c.max_removal().map(|t| t as u32),
            RuleKind::Subtract(s) => s.last().copied(),
            RuleKind::AllBut(_) => None,
            RuleKind::Take { max, .. } => Some(*max),
            RuleKind::Ranges(r) => r.iter().map(|p| p.1).max(),
            RuleKind::Predicate(_) => None,
        }
    }

    /// The most heaps one move may leave (0 to 3).
    pub fn max_parts(&self) -> usize {
        match &self.kind {
            RuleKind::Code(c) => {
                let mut bits = 0;
                for d in &c.digits {
                    bits |= d.bits;
                }
                if bits & LEAVE_THREE != 0 {
                    3
                } else if bits & LEAVE_TWO != 0 {
                    2
                } else {
                    1
                }
            }
            _ => 1,
        }
    }

    /// Calls `f(take, parts)` for every move from one heap of `n` (underlying
    /// units): `take` tokens removed, the rest left as the non-empty heaps
    /// `parts` (empty when nothing is left).
    pub fn for_each_move(&self, n: u32, mut f: impl FnMut(u32, &[u32])) {
        match &self.kind {
            RuleKind::Code(code) => {
                let top = code
                    .max_removal()
                    .map_or(n, |t| (t as u64).min(n as u64) as u32);
                for k in 0..=top {
                    let d = code.digit(k as usize);
                    if d.bits == 0 {
                        continue;
                    }
                    let r = n - k;
                    if k >= 1 && r == 0 && d.bits & LEAVE_NONE != 0 {
                        f(k, &[]);
                    }
                    if k >= 1 && r >= 1 && d.bits & LEAVE_ONE != 0 {
                        f(k, &[r]);
                    }
                    if r >= 2 && d.bits & LEAVE_TWO != 0 {
                        for a in 1..=r / 2 {
                            if d.unequal && a == r - a {
                                continue;
                            }
                            f(k, &[a, r - a]);
                        }
                    }
                    if r >= 3 && d.bits & LEAVE_THREE != 0 {
                        for a in 1..=r / 3 {
                            for b in a..=(r - a) / 2 {
                                let c = r - a - b;
                                if d.unequal && (a == b || b == c) {
                                    continue;
                                }
                                f(k, &[a, b, c]);
                            }
                        }
                    }
                }
            }
            RuleKind::Subtract(set) => {
                for &k in set.iter().take_while(|&&k| k <= n) {
                    leave(n, k, &mut f);
                }
            }
            RuleKind::AllBut(set) => {
                for k in 1..=n {
                    if set.binary_search(&k).is_err() {
                        leave(n, k, &mut f);
                    }
                }
            }
            RuleKind::Take { min, max } => {
                for k in *min..=(*max).min(n) {
                    leave(n, k, &mut f);
                }
            }
            RuleKind::Ranges(r) => {
                if n >= 1 {
                    if let Some(&(lo, hi)) = r.get(n as usize - 1) {
                        for k in lo..=hi {
                            leave(n, k, &mut f);
                        }
                    }
                }
            }
            RuleKind::Predicate(p) => {
                for k in p.takes(n) {
                    leave(n, k, &mut f);
                }
            }
        }
    }

    /// The rule in words, one line per kind of move.
    ///
    /// ```
    /// use grundy::heap::rule::HeapRule;
    /// let r: HeapRule = "0.137".parse().unwrap();
    /// let words = r.describe();
    /// assert!(words.contains("remove 2 tokens: may leave 0 or 1 heaps"));
    /// ```
    pub fn describe(&self) -> String {
        let mut out = String::new();
        if let Some(n) = self.named {
            out.push_str(&format!("{}: {}\n", n.name, n.about));
            if n.scale != 1 {
                out.push_str(&format!(
                    "a heap of n counts {} n underlying tokens, which play {}\n",
                    n.scale, n.rule
                ));
            } else {
                out.push_str(&format!("the heap game {}\n", n.rule));
            }
        }
        match &self.kind {
            RuleKind::Code(code) => {
                let phrase = |d: super::code::Digit| {
                    let mut counts = Vec::new();
                    for (bit, c) in [
                        (LEAVE_NONE, "0"),
                        (LEAVE_ONE, "1"),
                        (LEAVE_TWO, "2"),
                        (LEAVE_THREE, "3"),
                    ] {
                        if d.bits & bit != 0 {
                            counts.push(c);
                        }
                    }
                    let list = match counts.len() {
                        1 => counts[0].to_string(),
                        _ => format!(
                            "{} or {}",
                            counts[..counts.len() - 1].join(", "),
                            counts[counts.len() - 1]
                        ),
                    };
                    let mut s = format!(
                        "may leave {list} heap{}",
                        if counts == ["1"] { "" } else { "s" }
                    );
                    if d.unequal {
                        s.push_str(", all of different sizes");
                    }
                    s
                };
                let d0 = code.digit(0);
                if d0.bits != 0 {
                    out.push_str(&format!("remove nothing: {}\n", phrase(d0)));
                }
                let listed = code.repeat_from.unwrap_or(code.digits.len());
                for k in 1..listed {
                    let d = code.digit(k);
                    if d.bits != 0 {
                        let s = if k == 1 { "" } else { "s" };
                        out.push_str(&format!("remove {k} token{s}: {}\n", phrase(d)));
                    }
                }
                if let Some(r) = code.repeat_from {
                    let p = code.digits.len() - r;
                    for j in 0..p {
                        let d = code.digits[r + j];
                        if d.bits != 0 {
                            if p == 1 {
                                out.push_str(&format!(
                                    "remove {r} or more tokens: {}\n",
                                    phrase(d)
                                ));
                            } else {
                                out.push_str(&format!(
                                    "remove k >= {} tokens with k = {} mod {p}: {}\n",
                                    r + j,
                                    (r + j) % p,
                                    phrase(d)
                                ));
                            }
                        }
                    }
                }
                if !code.digits.iter().any(|d| d.bits != 0) {
                    out.push_str("no moves at all\n");
                }
            }
            RuleKind::Subtract(s) => out.push_str(&format!(
                "take {} tokens from one heap\n",
                join_or(&s.iter().map(u32::to_string).collect::<Vec<_>>())
            )),
            RuleKind::AllBut(s) => out.push_str(&format!(
                "take any positive number of tokens from one heap except {}\n",
                join_or(&s.iter().map(u32::to_string).collect::<Vec<_>>()).replace(" or ", " and ")
            )),
            RuleKind::Take { min, max } => out.push_str(&format!(
                "take between {min} and {max} tokens from one heap\n"
            )),
            RuleKind::Ranges(r) => out.push_str(&format!(
                "from a heap of i (1 <= i <= {}), take between L_i and R_i tokens as listed; \
                 larger heaps are not defined\n",
                r.len()
            )),
            RuleKind::Predicate(p) => {
                out.push_str(&format!("take {} from one heap\n", p.about()));
                out.push_str(if p.is_fixed() {
                    "an infinite subtraction set: no periodicity theorem applies, so a period is only observed\n"
                } else {
                    "what may be taken depends on the heap: no fixed subtraction set and no periodicity theorem\n"
                });
            }
        }
        out
    }
}

fn join_or(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn leave(n: u32, k: u32, f: &mut impl FnMut(u32, &[u32])) {
    if n == k {
        f(k, &[]);
    } else {
        f(k, &[n - k]);
    }
}

impl fmt::Display for HeapRule {
    /// The canonical form: the canonical name for a named game, else the
    /// canonical code or list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.named {
            return f.write_str(n.name);
        }
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        match &self.kind {
            RuleKind::Code(c) => write!(f, "{c}"),
            RuleKind::Subtract(s) => write!(f, "sub:{}", list(s)),
            RuleKind::AllBut(s) => write!(f, "allbut:{}", list(s)),
            RuleKind::Take { min, max } => write!(f, "take:{min}..{max}"),
            RuleKind::Ranges(r) => {
                let parts: Vec<String> = r.iter().map(|(a, b)| format!("{a}..{b}")).collect();
                write!(f, "ranges:{}", parts.join(","))
            }
            RuleKind::Predicate(p) => write!(f, "sub:{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(rule: &str, n: u32) -> Vec<(u32, Vec<u32>)> {
        let r: HeapRule = rule.parse().unwrap();
        let mut v = Vec::new();
        r.for_each_move(n, |k, p| v.push((k, p.to_vec())));
        v
    }

    #[test]
    fn moves_follow_the_digits() {
        // Kayles from 4: take 1 leaving 3 or 1+2; take 2 leaving 2 or 1+1.
        assert_eq!(
            moves("0.77", 4),
            vec![(1, vec![3]), (1, vec![1, 2]), (2, vec![2]), (2, vec![1, 1])]
        );
        // Grundy's game from 6: 1+5, 2+4 but not 3+3.
        assert_eq!(moves("4!.0", 6), vec![(0, vec![1, 5]), (0, vec![2, 4])]);
        // Hexadecimal 0.8: remove 1 and leave three heaps.
        assert_eq!(moves("0.8", 5), vec![(1, vec![1, 1, 2])]);
        assert_eq!(moves("0.8!", 7), vec![(1, vec![1, 2, 3])]);
        assert_eq!(moves("allbut:2", 3), vec![(1, vec![2]), (3, vec![])]);
        assert_eq!(
            moves("ranges:1..1,1..2", 2),
            vec![(1, vec![1]), (2, vec![])]
        );
        assert_eq!(moves("take:2..3", 2), vec![(2, vec![])]);
    }

    #[test]
    fn words() {
        let r: HeapRule = "0.77".parse().unwrap();
        assert!(r
            .describe()
            .contains("remove 1 token: may leave 0, 1 or 2 heaps"));
        let l: HeapRule = "lasker".parse().unwrap();
        let d = l.describe();
        assert!(d.contains("remove nothing: may leave 2 heaps"), "{d}");
        assert!(
            d.contains("remove 1 or more tokens: may leave 0 or 1 heaps"),
            "{d}"
        );
        let g: HeapRule = "4!.0".parse().unwrap();
        assert!(g.describe().contains("all of different sizes"));
    }
}
