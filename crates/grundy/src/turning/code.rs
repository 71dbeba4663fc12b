//! Turning codes: which sets of coins a move may turn, in the language
//! CGSuite uses for coin-turning games on a strip.
//!
//! A code is a comma-separated list of elements, a move being legal when
//! one element allows it. An element is a count of coins turned, the
//! rightmost one included (`k`, `a-b` or `a+`), followed by modifiers:
//!
//! | modifier | the turned coins |
//! |---|---|
//! | `C` | are consecutive |
//! | `C(s)` | lie within a span of `s` coins ending at the rightmost |
//! | `E` | are equally spaced |
//! | `S` | are symmetric about the middle of their span |
//! | `F` | include coin 1, the leftmost of the strip |
//!
//! The later syntax puts the modifiers in parentheses, a number there
//! being the span: `1+(C)`, `3(5)`, `4(FS)`. Letters may be lower case;
//! spaces are ignored.
//!
//! Besides codes, `blocks:` followed by a list of lengths (`blocks:1,2,5`)
//! or a predicate (`squares`, `triangular`, `powers-of-two`, `fibonacci`)
//! allows turning any block of consecutive coins whose length is in the
//! set.
//!
//! ```
//! use grundy::turning::code::TurningCode;
//! let c: TurningCode = "1-3C(5), 4FS".parse().unwrap();
//! assert_eq!(c.to_string(), "1-3C(5),4FS");
//! let e = "1-3Q".parse::<TurningCode>().unwrap_err();
//! assert_eq!(e.column, 4);
//! ```

use std::fmt::{self, Display};
use std::str::FromStr;

/// The numbers of coins a move may turn, the rightmost included.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Counts {
    /// From `min` to `max` (no upper bound when `None`).
    Range {
        /// The fewest coins.
        min: u64,
        /// The most coins, if bounded.
        max: Option<u64>,
    },
    /// The perfect squares 1, 4, 9, ...
    Squares,
    /// The triangular numbers 1, 3, 6, 10, ...
    Triangular,
    /// The powers of two 1, 2, 4, 8, ...
    PowersOfTwo,
    /// The Fibonacci numbers 1, 2, 3, 5, 8, ...
    Fibonacci,
    /// The numbers listed.
    List(Vec<u64>),
}

impl Counts {
    /// Whether `k` coins may be turned.
    pub fn contains(&self, k: u64) -> bool {
        match self {
            Counts::Range { min, max } => k >= *min && max.is_none_or(|m| k <= m),
            Counts::Squares => {
                let r = k.isqrt();
                k > 0 && r * r == k
            }
            Counts::Triangular => {
                // k = t(t+1)/2 exactly when 8k + 1 is a square.
                let d = 8u128 * u128::from(k) + 1;
                let r = d.isqrt();
                k > 0 && r * r == d
            }
            Counts::PowersOfTwo => k.is_power_of_two(),
            Counts::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a < k {
                    (a, b) = (b, a.saturating_add(b));
                }
                a == k
            }
            Counts::List(l) => l.contains(&k),
        }
    }

    /// The counts up to `limit`, in increasing order.
    pub fn up_to(&self, limit: u64) -> Vec<u64> {
        match self {
            Counts::Range { min, max } => {
                let hi = max.map_or(limit, |m| m.min(limit));
                (*min..=hi).collect()
            }
            Counts::List(l) => {
                let mut v: Vec<u64> = l.iter().copied().filter(|&k| k <= limit).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            Counts::Squares => (1..)
                .map(|r: u64| r * r)
                .take_while(|&k| k <= limit)
                .collect(),
            Counts::Triangular => (1..)
                .map(|t: u64| t * (t + 1) / 2)
                .take_while(|&k| k <= limit)
                .collect(),
            Counts::PowersOfTwo => (0..64)
                .map(|i| 1u64 << i)
                .take_while(|&k| k <= limit)
                .collect(),
            Counts::Fibonacci => {
                let mut v = Vec::new();
                let (mut a, mut b) = (1u64, 2u64);
                while a <= limit {
                    v.push(a);
                    (a, b) = (b, a.saturating_add(b));
                    if a == u64::MAX {
                        break;
                    }
                }
                v
            }
        }
    }

    /// The largest count, if there is one.
    pub fn max(&self) -> Option<u64> {
        match self {
            Counts::Range { max, .. } => *max,
            Counts::List(l) => l.iter().copied().max(),
            _ => None,
        }
    }
}

impl Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Counts::Range { min, max: None } => write!(f, "{min}+"),
            Counts::Range { min, max: Some(m) } if m == min => write!(f, "{min}"),
            Counts::Range { min, max: Some(m) } => write!(f, "{min}-{m}"),
            Counts::Squares => f.write_str("squares"),
            Counts::Triangular => f.write_str("triangular"),
            Counts::PowersOfTwo => f.write_str("powers-of-two"),
            Counts::Fibonacci => f.write_str("fibonacci"),
            Counts::List(l) => {
                let parts: Vec<String> = l.iter().map(u64::to_string).collect();
                f.write_str(&parts.join(","))
            }
        }
    }
}

/// One element of a code: a count and its modifiers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Element {
    /// How many coins are turned, the rightmost included.
    pub counts: Counts,
    /// `C`: the coins are consecutive.
    pub consecutive: bool,
    /// `C(s)`: the coins lie within the `s` coins ending at the rightmost.
    pub span: Option<u64>,
    /// `E`: the coins are equally spaced.
    pub equal: bool,
    /// `S`: the coins are symmetric about the middle of their span.
    pub symmetric: bool,
    /// `F`: coin 1 is among them.
    pub first: bool,
}

impl Element {
    fn plain(counts: Counts) -> Element {
        Element {
            counts,
            consecutive: false,
            span: None,
            equal: false,
            symmetric: false,
            first: false,
        }
    }

    /// Whether the element has no modifier: any coins left of the
    /// rightmost may join it.
    pub fn is_plain(&self) -> bool {
        !self.consecutive && self.span.is_none() && !self.equal && !self.symmetric && !self.first
    }

    /// Whether the element turns blocks of consecutive coins only.
    pub fn is_blocks(&self) -> bool {
        self.consecutive && self.span.is_none() && !self.first
    }
}

impl Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if matches!(self.counts, Counts::Range { .. }) {
            write!(f, "{}", self.counts)?;
        } else {
            return write!(f, "blocks:{}", self.counts);
        }
        if self.consecutive {
            f.write_str("C")?;
        }
        if let Some(s) = self.span {
            write!(f, "C({s})")?;
        }
        for (on, c) in [(self.first, 'F'), (self.equal, 'E'), (self.symmetric, 'S')] {
            if on {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// A whole code: the moves any of its elements allows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningCode {
    /// The elements, in the order written.
    pub elements: Vec<Element>,
}

impl TurningCode {
    /// Consecutive blocks of coins whose lengths are in `counts`.
    pub fn blocks(counts: Counts) -> TurningCode {
        let mut e = Element::plain(counts);
        e.consecutive = true;
        TurningCode { elements: vec![e] }
    }

    /// Whether a move turning exactly the 1-based coins `set` (sorted
    /// increasingly) is legal: the definition of each modifier, checked
    /// on the set as given.
    pub fn allows(&self, set: &[u64]) -> bool {
        self.elements.iter().any(|e| element_allows(e, set))
    }
}

pub(crate) fn element_allows(e: &Element, set: &[u64]) -> bool {
    let (Some(&lo), Some(&hi)) = (set.first(), set.last()) else {
        return false;
    };
    let k = set.len() as u64;
    if !e.counts.contains(k) || lo == 0 {
        return false;
    }
    if e.consecutive && hi - lo + 1 != k {
        return false;
    }
    if e.span.is_some_and(|s| hi - lo >= s) {
        return false;
    }
    if e.first && lo != 1 {
        return false;
    }
    if e.equal && k >= 3 {
        let d = set[1] - set[0];
        if set.windows(2).any(|w| w[1] - w[0] != d) {
            return false;
        }
    }
    if e.symmetric
        && set
            .iter()
            .any(|&i| set.binary_search(&(lo + hi - i)).is_err())
    {
        return false;
    }
    true
}

impl Display for TurningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.elements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// Why a code could not be read: the message and the 1-based column
/// (in characters) where the problem is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("turning code '{}', column {column}: {message}", crate::escape::one_line(.code))]
pub struct CodeError {
    /// The code as written.
    pub code: String,
    /// The 1-based column.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

/// The largest count or span a code may name.
pub const MAX_NUMBER: u64 = 1 << 32;

struct Reader<'a> {
    code: &'a str,
    chars: Vec<(usize, char)>,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, column: usize, message: impl Into<String>) -> CodeError {
        CodeError {
            code: self.code.to_string(),
            column,
            message: message.into(),
        }
    }

    fn skip_spaces(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.1.is_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.chars.get(self.at).map(|c| c.1.to_ascii_uppercase())
    }

    fn column(&self) -> usize {
        self.chars
            .get(self.at)
            .map_or(self.chars.len() + 1, |c| c.0 + 1)
    }

    fn describe(&self) -> String {
        match self.chars.get(self.at) {
            Some(&(_, c)) => format!("'{}'", crate::escape::one_line(c.to_string())),
            None => "the end".to_string(),
        }
    }

    fn number(&mut self, what: &str) -> Result<u64, CodeError> {
        self.skip_spaces();
        let col = self.column();
        let mut n: u64 = 0;
        let mut digits = 0;
        while let Some(d) = self.chars.get(self.at).and_then(|c| c.1.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            digits += 1;
            self.at += 1;
        }
        if digits == 0 {
            return Err(self.error(col, format!("expected {what}, found {}", self.describe())));
        }
        if n > MAX_NUMBER {
            return Err(self.error(col, format!("{what} is larger than 2^32")));
        }
        Ok(n)
    }

    fn element(&mut self) -> Result<Element, CodeError> {
        let col = self.column();
        let min = self.number("a count of coins")?;
        if min == 0 {
            return Err(self.error(
                col,
                "a move turns at least one coin, so a count starts at 1",
            ));
        }
        let counts = match self.peek() {
            Some('+') => {
                self.at += 1;
                Counts::Range { min, max: None }
            }
            Some('-') => {
                self.at += 1;
                let c = self.column();
                let max = self.number("the largest count after '-'")?;
                if max < min {
                    return Err(self.error(c, format!("the range {min}-{max} is empty")));
                }
                Counts::Range {
                    min,
                    max: Some(max),
                }
            }
            _ => Counts::Range {
                min,
                max: Some(min),
            },
        };
        let mut e = Element::plain(counts);
        loop {
            match self.peek() {
                None | Some(',') => break,
                Some('(') => {
                    self.at += 1;
                    loop {
                        match self.peek() {
                            Some(')') => {
                                self.at += 1;
                                break;
                            }
                            Some(c) if c.is_ascii_digit() => {
                                let s = self.span_number()?;
                                e.span = Some(s);
                            }
                            Some(_) => self.letter(&mut e, false)?,
                            None => {
                                return Err(self.error(self.column(), "the '(' is not closed"));
                            }
                        }
                    }
                }
                Some(_) => self.letter(&mut e, true)?,
            }
        }
        Ok(e)
    }

    fn span_number(&mut self) -> Result<u64, CodeError> {
        let col = self.column();
        let s = self.number("a span")?;
        if s == 0 {
            return Err(self.error(col, "a span holds at least one coin"));
        }
        Ok(s)
    }

    fn letter(&mut self, e: &mut Element, outside: bool) -> Result<(), CodeError> {
        let col = self.column();
        let c = self.peek().unwrap_or(' ');
        self.at += 1;
        match c {
            'C' => {
                if outside && self.peek() == Some('(') {
                    self.at += 1;
                    let s = self.span_number()?;
                    if self.peek() != Some(')') {
                        return Err(self.error(
                            self.column(),
                            format!("expected ')' after the span, found {}", self.describe()),
                        ));
                    }
                    self.at += 1;
                    e.span = Some(s);
                } else {
                    e.consecutive = true;
                }
            }
            'E' => e.equal = true,
            'S' => e.symmetric = true,
            'F' => e.first = true,
            _ => {
                self.at -= 1;
                return Err(self.error(
                    col,
                    format!(
                        "{} is not a modifier (C consecutive, C(s) within a span, E equally spaced, \
                         S symmetric, F with the first coin) nor ','",
                        self.describe()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Reads the `blocks:` form: a list of lengths or a predicate's name.
fn parse_blocks(code: &str, rest: &str, offset: usize) -> Result<TurningCode, CodeError> {
    let name = rest.trim().to_ascii_lowercase();
    let counts = match name.as_str() {
        "squares" | "square" => Counts::Squares,
        "triangular" | "triangle" => Counts::Triangular,
        "powers-of-two" | "powers-of-2" | "pow2" => Counts::PowersOfTwo,
        "fibonacci" | "fib" => Counts::Fibonacci,
        _ => {
            let mut list = Vec::new();
            let mut col = offset + 1;
            for part in rest.split(',') {
                let t = part.trim();
                let n: u64 = t.parse().map_err(|_| CodeError {
                    code: code.to_string(),
                    column: col,
                    message: format!(
                        "'{}' is not a block length (a whole number from 1) nor squares, \
                         triangular, powers-of-two, fibonacci",
                        crate::escape::one_line(t)
                    ),
                })?;
                if n == 0 || n > MAX_NUMBER {
                    return Err(CodeError {
                        code: code.to_string(),
                        column: col,
                        message: format!("a block length is from 1 to 2^32, not {n}"),
                    });
                }
                list.push(n);
                col += part.chars().count() + 1;
            }
            list.sort_unstable();
            list.dedup();
            Counts::List(list)
        }
    };
    Ok(TurningCode::blocks(counts))
}

impl FromStr for TurningCode {
    type Err = CodeError;

    fn from_str(code: &str) -> Result<TurningCode, CodeError> {
        if let Some(rest) = code.strip_prefix("blocks:") {
            return parse_blocks(code, rest, "blocks:".len());
        }
        let mut r = Reader {
            code,
            chars: code.chars().enumerate().collect(),
            at: 0,
        };
        let mut elements = Vec::new();
        loop {
            elements.push(r.element()?);
            match r.peek() {
                None => break,
                Some(',') => r.at += 1,
                Some(_) => unreachable!("an element ends at ',' or at the end"),
            }
        }
        Ok(TurningCode { elements })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> TurningCode {
        s.parse().unwrap()
    }

    #[test]
    fn both_syntaxes_read_the_same_codes() {
        assert_eq!(code("1+(C)"), code("1+C"));
        assert_eq!(code("3(5)"), code("3C(5)"));
        assert_eq!(code("4(FS)"), code("4FS"));
        assert_eq!(code("1,2,3"), code("1, 2 ,3"));
        assert_eq!(code("1-3c(5)").to_string(), "1-3C(5)");
        assert_eq!(code("blocks:4,1,4").to_string(), "blocks:1,4");
    }

    #[test]
    fn errors_point_at_the_column() {
        let cases = [
            ("", 1, "expected a count"),
            ("1-3Q", 4, "'Q' is not a modifier"),
            ("0", 1, "at least one coin"),
            ("3-2", 3, "empty"),
            ("1,", 3, "expected a count"),
            ("2C(", 4, "expected a span"),
            ("2C(3", 5, "expected ')'"),
            ("2(C", 4, "not closed"),
            ("99999999999", 1, "larger than 2^32"),
            ("blocks:1,x", 10, "not a block length"),
            ("blocks:0", 8, "from 1"),
        ];
        for (text, column, words) in cases {
            let e = text.parse::<TurningCode>().unwrap_err();
            assert_eq!(e.column, column, "{text}: {e}");
            assert!(e.to_string().contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn predicates_agree_with_their_lists() {
        let sets = [
            (Counts::Squares, vec![1, 4, 9, 16, 25]),
            (Counts::Triangular, vec![1, 3, 6, 10, 15, 21]),
            (Counts::PowersOfTwo, vec![1, 2, 4, 8, 16]),
            (Counts::Fibonacci, vec![1, 2, 3, 5, 8, 13, 21]),
        ];
        for (c, list) in sets {
            assert_eq!(
                c.up_to(25),
                list.iter()
                    .copied()
                    .filter(|&k| k <= 25)
                    .collect::<Vec<_>>()
            );
            for k in 0..=25 {
                assert_eq!(c.contains(k), list.contains(&k), "{c} {k}");
            }
        }
    }

    #[test]
    fn modifiers_mean_what_they_say() {
        assert!(code("3C").allows(&[4, 5, 6]));
        assert!(!code("3C").allows(&[3, 5, 6]));
        assert!(code("3C(4)").allows(&[3, 5, 6]));
        assert!(!code("3C(4)").allows(&[2, 5, 6]));
        assert!(code("3E").allows(&[2, 5, 8]));
        assert!(!code("3E").allows(&[2, 6, 8]));
        assert!(code("4FS").allows(&[1, 3, 6, 8]));
        assert!(!code("4FS").allows(&[2, 3, 6, 7]));
        assert!(!code("4S").allows(&[1, 3, 5, 8]));
        assert!(code("1-2").allows(&[7]) && !code("2").allows(&[7]));
    }
}
