//! Nimber expressions: `+` nim-sum, `*` nim product, parentheses, literals.

use super::Nimber;

/// An error in a nimber expression, with the byte offset where it was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} at position {position}")]
pub struct ExprError {
    /// What is wrong.
    pub message: String,
    /// 1-based character position in the expression.
    pub position: usize,
}

/// Evaluates a nimber expression: `+` is nim-sum, `*` nim product, with
/// parentheses and decimal or `0x` literals (an optional `*` prefix on a
/// literal, as in `*3`, is accepted).
///
/// ```
/// use grundy::nimber::{eval, Nimber};
/// assert_eq!(eval("3*5 + 7").unwrap(), Nimber(8));
/// assert_eq!(eval("(2+1)*(0x2)").unwrap(), Nimber(1));
/// assert!(eval("3 *").is_err());
/// ```
pub fn eval(expr: &str) -> Result<Nimber, ExprError> {
    let mut p = ExprParser {
        chars: expr.chars().collect(),
        pos: 0,
        depth: 0,
    };
    p.skip_ws();
    if p.pos == p.chars.len() {
        return Err(p.error("empty expression"));
    }
    let v = p.sum()?;
    p.skip_ws();
    if p.pos != p.chars.len() {
        let c = p.chars[p.pos];
        return Err(p.error(&format!("unexpected '{c}'")));
    }
    Ok(v)
}

const MAX_EXPR_DEPTH: usize = 256;

struct ExprParser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

impl ExprParser {
    fn error(&self, message: &str) -> ExprError {
        ExprError {
            message: message.to_string(),
            position: self.pos + 1,
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.pos).copied()
    }

    fn sum(&mut self) -> Result<Nimber, ExprError> {
        let mut v = self.product()?;
        while self.peek() == Some('+') {
            self.pos += 1;
            v += self.product()?;
        }
        Ok(v)
    }

    fn product(&mut self) -> Result<Nimber, ExprError> {
        let mut v = self.atom()?;
        while self.peek() == Some('*') {
            self.pos += 1;
            v *= self.atom()?;
        }
        Ok(v)
    }

    fn atom(&mut self) -> Result<Nimber, ExprError> {
        match self.peek() {
            None => Err(self.error("expression ends where a number was expected")),
            Some('(') => {
                self.depth += 1;
                if self.depth > MAX_EXPR_DEPTH {
                    return Err(self.error("parentheses nested too deeply"));
                }
                self.pos += 1;
                let v = self.sum()?;
                if self.peek() != Some(')') {
                    return Err(self.error("missing ')'"));
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(v)
            }
            Some('*') => {
                // `*5` is the usual way to write the nimber 5.
                self.pos += 1;
                match self.chars.get(self.pos) {
                    Some(c) if c.is_ascii_digit() => self.number(),
                    _ => Err(self.error("expected a number after '*'")),
                }
            }
            Some(c) if c.is_ascii_digit() => self.number(),
            Some(c) => Err(self.error(&format!("unexpected '{c}'"))),
        }
    }

    fn number(&mut self) -> Result<Nimber, ExprError> {
        let start = self.pos;
        let (radix, digits_start) = if self.chars[self.pos] == '0'
            && matches!(self.chars.get(self.pos + 1), Some('x') | Some('X'))
        {
            (16, self.pos + 2)
        } else {
            (10, self.pos)
        };
        self.pos = digits_start;
        while self.pos < self.chars.len() && self.chars[self.pos].is_ascii_alphanumeric() {
            self.pos += 1;
        }
        let text: String = self.chars[digits_start..self.pos].iter().collect();
        if text.is_empty() {
            self.pos = start;
            return Err(self.error("'0x' with no hexadecimal digits"));
        }
        u64::from_str_radix(&text, radix)
            .map_err(|e| {
                let literal: String = self.chars[start..self.pos].iter().collect();
                let why = match e.kind() {
                    std::num::IntErrorKind::PosOverflow => "does not fit in 64 bits",
                    _ => "is not a number",
                };
                ExprError {
                    message: format!("'{literal}' {why}"),
                    position: start + 1,
                }
            })
            .map(Nimber)
    }
}
