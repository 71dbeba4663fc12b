//! Nimber expressions: `+` nim-sum, `*` nim product, `/` division, `^`
//! powers, `sqrt(...)` and `inv(...)`, parentheses, literals.

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

/// Evaluates a nimber expression: `+` is nim-sum, `*` nim product, `/`
/// division in the nimber field, `x^k` the `k`-th power for a whole number
/// `k` (`x^-1` is the inverse), `sqrt(x)` the square root and `inv(x)` the
/// inverse, with parentheses and decimal or `0x` literals (an optional `*`
/// prefix on a literal, as in `*3`, is accepted). `^` binds tighter than
/// `*` and `/`, which bind tighter than `+`.
///
/// ```
/// use grundy::nimber::{eval, Nimber};
/// assert_eq!(eval("3*5 + 7").unwrap(), Nimber(8));
/// assert_eq!(eval("(2+1)*(0x2)").unwrap(), Nimber(1));
/// assert_eq!(eval("1/2").unwrap(), Nimber(3));
/// assert_eq!(eval("2^-1 + inv(2)").unwrap(), Nimber(0));
/// assert_eq!(eval("sqrt(3)").unwrap(), Nimber(2));
/// assert_eq!(eval("16^2").unwrap(), Nimber(24));
/// assert!(eval("3 *").is_err());
/// assert!(eval("5 / 0").is_err());
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
        let mut v = self.power()?;
        loop {
            match self.peek() {
                Some('*') => {
                    self.pos += 1;
                    v *= self.power()?;
                }
                Some('/') => {
                    self.pos += 1;
                    self.skip_ws();
                    let at = self.pos;
                    let d = self.power()?;
                    v = v.checked_div(d).ok_or_else(|| ExprError {
                        message: "division by 0".to_string(),
                        position: at + 1,
                    })?;
                }
                _ => return Ok(v),
            }
        }
    }

    /// An atom, raised to a whole power when `^` follows.
    fn power(&mut self) -> Result<Nimber, ExprError> {
        let start = self.pos;
        let base = self.atom()?;
        if self.peek() != Some('^') {
            return Ok(base);
        }
        self.pos += 1;
        self.skip_ws();
        let negative = self.chars.get(self.pos) == Some(&'-');
        if negative {
            self.pos += 1;
        }
        if !matches!(self.chars.get(self.pos), Some(c) if c.is_ascii_digit()) {
            return Err(self.error("expected a whole-number exponent after '^'"));
        }
        let e = self.number()?.0;
        if self.peek() == Some('^') {
            return Err(self.error("'^' twice in a row: use parentheses"));
        }
        let base = if negative {
            base.inverse().ok_or_else(|| ExprError {
                message: "0 has no negative powers".to_string(),
                position: start + 1,
            })?
        } else {
            base
        };
        Ok(base.pow(e))
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
            Some(c) if c.is_ascii_alphabetic() => self.function(),
            Some(c) => Err(self.error(&format!("unexpected '{c}'"))),
        }
    }

    /// `sqrt(...)` or `inv(...)`.
    fn function(&mut self) -> Result<Nimber, ExprError> {
        let start = self.pos;
        while self.pos < self.chars.len() && self.chars[self.pos].is_ascii_alphanumeric() {
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        if name != "sqrt" && name != "inv" {
            self.pos = start;
            return Err(self.error(&format!(
                "unknown function '{name}' (there are sqrt and inv)"
            )));
        }
        if self.peek() != Some('(') {
            return Err(self.error(&format!("expected '(' after '{name}'")));
        }
        let v = self.atom()?;
        if name == "sqrt" {
            Ok(v.sqrt())
        } else {
            v.inverse().ok_or_else(|| ExprError {
                message: "inv(0): 0 has no inverse".to_string(),
                position: start + 1,
            })
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
