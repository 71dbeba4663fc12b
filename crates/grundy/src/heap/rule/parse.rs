//! Reading the rule notation ([`HeapRule`]'s [`FromStr`] and
//! [`HeapRule::parse_ranges`]), with errors that point at the character
//! (or the line) at fault; the grammar is in [`super`].

use std::str::FromStr;

use super::named::{self, NAMED_GAMES};
use super::{HeapRule, RuleKind};
use crate::heap::code::{CodeError, TakeBreak};
use crate::heap::predicate::Predicate;
use crate::suggest::hint;

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
                                    "no predicate '{}'{} (expected a list of numbers or one of {})",
                                    body.trim(),
                                    hint(body, names.iter().copied()),
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
                            "unknown rule kind '{prefix}:'{} (expected sub:, allbut:, take: or ranges:)",
                            hint(&format!("{prefix}:"), ["sub:", "allbut:", "take:", "ranges:"])
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
        let near = hint(text, named::names());
        let listed = match near.is_empty() {
            true => format!(" ({})", names.join(", ")),
            false => near,
        };
        Err(syntax(
            input,
            offset + 1,
            format!(
                "'{text}' is neither a code like 0.77, nor sub:/allbut:/take:/ranges:, nor a name{listed}"
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
