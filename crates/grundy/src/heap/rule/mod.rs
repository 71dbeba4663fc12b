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
use std::str::FromStr;

use super::code::{CodeError, TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use super::predicate::Predicate;

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

/// A named classical game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedGame {
    /// The canonical name.
    pub name: &'static str,
    /// Other names accepted for it.
    pub aliases: &'static [&'static str],
    /// The rule on the underlying heap, in this notation.
    pub rule: &'static str,
    /// Underlying tokens per unit the player counts (2 for a 2 x n board).
    pub scale: u32,
    /// What a heap of size n is, and where the game comes from.
    pub about: &'static str,
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

/// A heap rule as the user wrote it: the rule, and the name it was given by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapRule {
    kind: RuleKind,
    named: Option<&'static NamedGame>,
}

/// A rule that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A malformed octal or hexadecimal code.
    #[error("bad code: {0}")]
    Code(#[from] CodeError),
    /// Anything else, with the 1-based character position of the problem.
    #[error(
        "{} (at character {position} of '{}')",
        crate::escape::one_line(.message),
        crate::escape::one_line(.text)
    )]
    Syntax {
        /// The rule as given.
        text: String,
        /// 1-based position of the offending character.
        position: usize,
        /// What is wrong.
        message: String,
    },
    /// A `ranges` line that breaks `1 <= L_i <= R_i <= i`.
    #[error("line {line}: {}", crate::escape::one_line(.message))]
    Ranges {
        /// 1-based line number (= heap size i).
        line: usize,
        /// What is wrong.
        message: String,
    },
}

fn syntax(text: &str, position: usize, message: impl Into<String>) -> RuleError {
    RuleError::Syntax {
        text: text.to_string(),
        position,
        message: message.into(),
    }
}

/// Reads a positive whole number starting at byte `start` of `text`; returns
/// it and the byte after it.
fn read_number(
    text: &str,
    start: usize,
    full: &str,
    offset: usize,
) -> Result<(u32, usize), RuleError> {
    let bytes = text.as_bytes();
    let mut end = start;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    if end == start {
        let what = match text[start..].chars().next() {
            Some(c) => format!("expected a whole number, found '{c}'"),
            None => "expected a whole number".to_string(),
        };
        return Err(syntax(full, offset + start + 1, what));
    }
    let n: u32 = text[start..end].parse().map_err(|_| {
        syntax(
            full,
            offset + start + 1,
            format!("{} is too large (at most {})", &text[start..end], u32::MAX),
        )
    })?;
    Ok((n, end))
}

/// Reads `N,N,...` (at least one) with every number positive.
fn read_list(body: &str, full: &str, offset: usize) -> Result<Vec<u32>, RuleError> {
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let (n, end) = read_number(body, i, full, offset)?;
        if n == 0 {
            return Err(syntax(
                full,
                offset + i + 1,
                "a move must take at least 1 token",
            ));
        }
        out.push(n);
        i = end;
        match body.as_bytes().get(i) {
            None => break,
            Some(b',') => i += 1,
            Some(_) => {
                let c = body[i..].chars().next().expect("a character");
                return Err(syntax(
                    full,
                    offset + i + 1,
                    format!("expected ',' or the end, found '{c}'"),
                ));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Reads `L..R` at `i`; returns the pair and the byte after it.
fn read_range(
    body: &str,
    i: usize,
    full: &str,
    offset: usize,
) -> Result<((u32, u32), usize), RuleError> {
    let (lo, end) = read_number(body, i, full, offset)?;
    if !body[end..].starts_with("..") {
        return Err(syntax(
            full,
            offset + end + 1,
            "expected '..' between the two ends of a range",
        ));
    }
    let (hi, end2) = read_number(body, end + 2, full, offset)?;
    if lo == 0 {
        return Err(syntax(
            full,
            offset + i + 1,
            "a move must take at least 1 token",
        ));
    }
    if lo > hi {
        return Err(syntax(
            full,
            offset + i + 1,
            format!("the range {lo}..{hi} is empty (its start is past its end)"),
        ));
    }
    Ok(((lo, hi), end2))
}

fn check_ranges(ranges: &[(u32, u32)]) -> Result<(), RuleError> {
    for (k, &(lo, hi)) in ranges.iter().enumerate() {
        let i = k + 1;
        if lo < 1 || lo > hi || hi as usize > i {
            return Err(RuleError::Ranges {
                line: i,
                message: format!(
                    "L_{i} = {lo}, R_{i} = {hi} breaks 1 <= L_i <= R_i <= i (here i = {i})"
                ),
            });
        }
    }
    Ok(())
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

    /// Per-size ranges from text: line `i` holds `L_i R_i`. Blank lines
    /// and lines starting with `#` are skipped only at the end or as
    /// comments before the first pair.
    ///
    /// ```
    /// use grundy::heap::rule::HeapRule;
    /// let r = HeapRule::parse_ranges("1 1\n1 2\n2 3\n").unwrap();
    /// assert_eq!(r.to_string(), "ranges:1..1,1..2,2..3");
    /// assert!(HeapRule::parse_ranges("1 1\n3 3\n").is_err()); // L_2 > 2
    /// ```
    pub fn parse_ranges(text: &str) -> Result<HeapRule, RuleError> {
        let mut ranges = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = t.split_whitespace().collect();
            let bad = |m: String| RuleError::Ranges {
                line: k + 1,
                message: m,
            };
            if fields.len() != 2 {
                return Err(bad(format!(
                    "expected two whole numbers 'L_i R_i', found '{t}'"
                )));
            }
            let mut pair = [0u32; 2];
            for (j, f) in fields.iter().enumerate() {
                pair[j] = f
                    .parse()
                    .map_err(|_| bad(format!("'{f}' is not a whole number below 2^32")))?;
            }
            ranges.push((pair[0], pair[1]));
        }
        if ranges.is_empty() {
            return Err(RuleError::Ranges {
                line: 1,
                message: "no 'L_i R_i' lines".to_string(),
            });
        }
        check_ranges(&ranges).map_err(|e| match e {
            // Report the real line numbers when comments were skipped.
            RuleError::Ranges { line, message } => {
                let real = text
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| {
                        let t = l.trim();
                        !t.is_empty() && !t.starts_with('#')
                    })
                    .nth(line - 1)
                    .map_or(line, |(k, _)| k + 1);
                RuleError::Ranges {
                    line: real,
                    message,
                }
            }
            other => other,
        })?;
        Ok(HeapRule::new(RuleKind::Ranges(ranges)))
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

impl FromStr for HeapRule {
    type Err = RuleError;

    fn from_str(input: &str) -> Result<HeapRule, RuleError> {
        let text = input.trim();
        // In characters: positions count characters, and spaces may be wide.
        let offset = input.chars().count() - input.trim_start().chars().count();
        if text.is_empty() {
            return Err(syntax(input, 1, "the rule is empty"));
        }
        let lower = text.to_ascii_lowercase();
        for g in NAMED_GAMES {
            if lower == g.name || g.aliases.contains(&lower.as_str()) {
                let base: HeapRule = g.rule.parse().expect("named rules parse");
                return Ok(HeapRule {
                    kind: base.kind,
                    named: Some(g),
                });
            }
        }
        if let Some((prefix, body)) = text.split_once(':') {
            let at = offset + prefix.len() + 1;
            let kind = match prefix.to_ascii_lowercase().as_str() {
                "sub"
                    if body
                        .trim_start()
                        .starts_with(|c: char| c.is_ascii_alphabetic()) =>
                {
                    match Predicate::from_name(body) {
                        Some(p) => RuleKind::Predicate(p),
                        None => {
                            let names: Vec<&str> =
                                Predicate::ALL.iter().map(|p| p.name()).collect();
                            return Err(syntax(
                                input,
                                at + 1,
                                format!(
                                    "no predicate '{}' (expected a list of numbers or one of {})",
                                    body.trim(),
                                    names.join(", ")
                                ),
                            ));
                        }
                    }
                }
                "sub" => RuleKind::Subtract(read_list(body, input, at)?),
                "allbut" => RuleKind::AllBut(read_list(body, input, at)?),
                "take" => {
                    let ((min, max), end) = read_range(body, 0, input, at)?;
                    if end != body.len() {
                        return Err(syntax(
                            input,
                            at + end + 1,
                            "nothing may follow 'take:L..R'",
                        ));
                    }
                    RuleKind::Take { min, max }
                }
                "ranges" => {
                    let mut ranges = Vec::new();
                    let mut i = 0;
                    loop {
                        let (pair, end) = read_range(body, i, input, at)?;
                        ranges.push(pair);
                        i = end;
                        match body.as_bytes().get(i) {
                            None => break,
                            Some(b',') => i += 1,
                            Some(_) => {
                                return Err(syntax(input, at + i + 1, "expected ',' or the end"))
                            }
                        }
                    }
                    check_ranges(&ranges)?;
                    RuleKind::Ranges(ranges)
                }
                _ => {
                    return Err(syntax(
                        input,
                        offset + 1,
                        format!(
                        "unknown rule kind '{prefix}:' (expected sub:, allbut:, take: or ranges:)"
                    ),
                    ))
                }
            };
            return Ok(HeapRule::new(kind));
        }
        let mut chars = text.chars();
        let first = chars.next().expect("non-empty");
        let second = chars.next();
        let looks_like_code = first.is_ascii_digit()
            || first == '.'
            || (first.is_ascii_hexdigit() && matches!(second, Some('.') | Some('!')));
        if looks_like_code {
            let code: TakeBreak = text.parse().map_err(|e: CodeError| CodeError {
                code: input.to_string(),
                position: e.position + offset,
                message: e.message,
            })?;
            return Ok(HeapRule::new(RuleKind::Code(code)));
        }
        let names: Vec<&str> = NAMED_GAMES.iter().map(|g| g.name).collect();
        Err(syntax(
            input,
            offset + 1,
            format!(
                "'{text}' is neither a code like 0.77, nor sub:/allbut:/take:/ranges:, nor a name ({})",
                names.join(", ")
            ),
        ))
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
    fn canonical_forms() {
        for (input, canonical) in [
            ("sub:3,1,3", "sub:1,3"),
            ("ALLBUT:2,1", "allbut:1,2"),
            ("take:2..5", "take:2..5"),
            (" 0.77 ", "0.77"),
            ("Kayles", "kayles"),
            ("crosses", "dawson-chess"),
            ("pawns", "dawson-chess"),
            ("ranges:1..1,2..2", "ranges:1..1,2..2"),
            (".137", "0.137"),
        ] {
            let r: HeapRule = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(r.to_string(), canonical);
            assert_eq!(canonical.parse::<HeapRule>().unwrap(), r);
        }
        for g in NAMED_GAMES {
            let r: HeapRule = g.name.parse().unwrap();
            assert_eq!(r.base().to_string(), g.rule, "{}", g.name);
        }
    }

    #[test]
    fn refusals_point_at_the_character() {
        for (bad, pos) in [
            ("0.8x", 4),
            ("4.", 3),
            ("0.", 3),
            ("sub:", 5),
            ("sub:1,,2", 7),
            ("sub:0", 5),
            ("take:5..2", 6),
            ("take:2-5", 7),
            ("take:1..2x", 10),
            ("ranges:1..1,3..3", 13),
            ("foo:1", 1),
            ("kaylez", 1),
            ("sub:99999999999", 5),
        ] {
            match bad.parse::<HeapRule>() {
                Err(RuleError::Syntax { position, .. }) => assert_eq!(position, pos, "{bad}"),
                Err(RuleError::Code(e)) => assert_eq!(e.position, pos, "{bad}"),
                Err(RuleError::Ranges { line, .. }) => assert_eq!(line, pos - 11, "{bad}"),
                Ok(r) => panic!("{bad} parsed as {r}"),
            }
        }
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
    fn ranges_text() {
        let r = HeapRule::parse_ranges("# heaps\n1 1\n\n1 2\n").unwrap();
        assert_eq!(r.to_string(), "ranges:1..1,1..2");
        match HeapRule::parse_ranges("1 1\n# note\n3 3\n") {
            Err(RuleError::Ranges { line, .. }) => assert_eq!(line, 3),
            other => panic!("{other:?}"),
        }
        assert!(HeapRule::parse_ranges("1\n").is_err());
        assert!(HeapRule::parse_ranges("").is_err());
        assert!(HeapRule::parse_ranges("0 1\n").is_err());
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
