//! A small formula language for Grundy values: what the finder prints and
//! what a claim (`G(n) = n % 3`) states, read and evaluated exactly.
//!
//! Variables `n` (a heap or a coin), `x` and `y` (the two coordinates of a
//! table); whole numbers; `+ - * / %` (division and remainder round toward
//! minus infinity, as `floor`); `xor`, `and`, `or` on the bits; functions
//! `ruler(n)` (the ruler function A001511: one more than the number of
//! times 2 divides `n`), `lowbit(n)` (the largest power of 2 dividing `n`,
//! A006519, the value of the Ruler game's coin `n`), `popcount(n)`,
//! `odious(k)` and `evil(k)` (the `k`-th number, from `k = 0`, with an odd
//! or even number of ones: A000069 and A001969), `min(a, b)` and `max(a, b)`.
//! Precedence, loosest first: `or`, `xor`, `and`, `+ -`, `* / %`, unary `-`.
//! Arithmetic is on 128-bit integers; an overflow or a division by zero is
//! an [`EvalError`], never a wrong number.
//!
//! ```
//! use grundy::pattern::formula::Formula;
//! let f: Formula = "(x + y) % 3 xor lowbit(n)".parse().unwrap();
//! assert_eq!(f.eval(&[("n", 12), ("x", 2), ("y", 2)]).unwrap(), 1 ^ 4);
//! assert_eq!("odious(3)".parse::<Formula>().unwrap().eval(&[]).unwrap(), 7);
//! ```

use std::fmt;
use std::str::FromStr;

/// The deepest nesting of parentheses and operators read.
const MAX_DEPTH: usize = 64;

/// The longest formula read, in bytes.
pub const MAX_LEN: usize = 1000;

/// A parsed formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    expr: Expr,
    text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Expr {
    Num(i128),
    Var(String),
    Neg(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    Call(Func, Vec<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Xor,
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Func {
    Ruler,
    Lowbit,
    Popcount,
    Odious,
    Evil,
    Min,
    Max,
}

impl Func {
    fn named(name: &str) -> Option<(Func, usize)> {
        Some(match name {
            "ruler" => (Func::Ruler, 1),
            "lowbit" => (Func::Lowbit, 1),
            "popcount" => (Func::Popcount, 1),
            "odious" => (Func::Odious, 1),
            "evil" => (Func::Evil, 1),
            "min" => (Func::Min, 2),
            "max" => (Func::Max, 2),
            _ => return None,
        })
    }
}

/// Why a formula could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Why a formula has no value at a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// A variable the point does not give.
    Unbound(String),
    /// Division or remainder by zero.
    DivisionByZero,
    /// A result outside 128 bits.
    Overflow,
    /// A function outside its domain (`odious(-1)`).
    Domain(&'static str),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Unbound(v) => write!(f, "the variable '{v}' has no value here"),
            EvalError::DivisionByZero => f.write_str("division by zero"),
            EvalError::Overflow => f.write_str("a number beyond 128 bits"),
            EvalError::Domain(what) => write!(f, "{what} of a negative number"),
        }
    }
}

impl std::error::Error for EvalError {}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Num(i128),
    Word(String),
    Sym(char),
}

fn tokens(text: &str) -> Result<Vec<Token>, ParseError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c.is_ascii_digit() {
            let mut end = i;
            while let Some(&(j, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = j + 1;
                chars.next();
            }
            let n = text[i..end]
                .parse()
                .map_err(|_| ParseError(format!("the number '{}' is too large", &text[i..end])))?;
            out.push(Token::Num(n));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let mut end = i;
            while let Some(&(j, d)) = chars.peek() {
                if !(d.is_ascii_alphanumeric() || d == '_') {
                    break;
                }
                end = j + 1;
                chars.next();
            }
            out.push(Token::Word(text[i..end].to_ascii_lowercase()));
        } else if "+-*/%(),".contains(c) {
            out.push(Token::Sym(c));
            chars.next();
        } else {
            return Err(ParseError(format!(
                "unexpected '{c}' in the formula (operators: + - * / % xor and or)"
            )));
        }
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn eat_sym(&mut self, c: char) -> bool {
        if self.peek() == Some(&Token::Sym(c)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if matches!(self.peek(), Some(Token::Word(x)) if x == w) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn deeper(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError(format!(
                "the formula nests deeper than {MAX_DEPTH} levels"
            )));
        }
        Ok(())
    }

    /// `level` 0: or, 1: xor, 2: and, 3: + -, 4: * / %.
    fn binary(&mut self, level: usize) -> Result<Expr, ParseError> {
        if level == 5 {
            return self.unary();
        }
        let mut left = self.binary(level + 1)?;
        loop {
            let op = match level {
                0 if self.eat_word("or") => Op::Or,
                1 if self.eat_word("xor") => Op::Xor,
                2 if self.eat_word("and") => Op::And,
                3 if self.eat_sym('+') => Op::Add,
                3 if self.eat_sym('-') => Op::Sub,
                4 if self.eat_sym('*') => Op::Mul,
                4 if self.eat_sym('/') => Op::Div,
                4 if self.eat_sym('%') => Op::Rem,
                _ => break,
            };
            let right = self.binary(level + 1)?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        if !self.eat_sym('-') {
            return self.atom();
        }
        self.deeper()?;
        let e = Expr::Neg(Box::new(self.unary()?));
        self.depth -= 1;
        Ok(e)
    }

    fn atom(&mut self) -> Result<Expr, ParseError> {
        let t = self.peek().cloned();
        self.at += 1;
        match t {
            Some(Token::Num(n)) => Ok(Expr::Num(n)),
            Some(Token::Sym('(')) => {
                self.deeper()?;
                let e = self.binary(0)?;
                if !self.eat_sym(')') {
                    return Err(ParseError("a '(' is not closed".into()));
                }
                self.depth -= 1;
                Ok(e)
            }
            Some(Token::Word(w)) => {
                if let Some((f, arity)) = Func::named(&w) {
                    if !self.eat_sym('(') {
                        return Err(ParseError(format!("'{w}' needs its argument in ( )")));
                    }
                    self.deeper()?;
                    let mut args = vec![self.binary(0)?];
                    while self.eat_sym(',') {
                        args.push(self.binary(0)?);
                    }
                    if !self.eat_sym(')') {
                        return Err(ParseError(format!("'{w}(' is not closed")));
                    }
                    self.depth -= 1;
                    if args.len() != arity {
                        return Err(ParseError(format!(
                            "'{w}' takes {arity} argument{}",
                            if arity == 1 { "" } else { "s" }
                        )));
                    }
                    Ok(Expr::Call(f, args))
                } else if ["n", "x", "y"].contains(&w.as_str()) {
                    Ok(Expr::Var(w))
                } else {
                    Err(ParseError(format!(
                        "unknown word '{w}' (variables n, x, y; functions ruler, lowbit, popcount, odious, evil, min, max)"
                    )))
                }
            }
            Some(Token::Sym(c)) => Err(ParseError(format!("unexpected '{c}' in the formula"))),
            None => Err(ParseError("the formula ends too early".into())),
        }
    }
}

impl FromStr for Formula {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Formula, ParseError> {
        if text.len() > MAX_LEN {
            return Err(ParseError(format!(
                "the formula is longer than {MAX_LEN} bytes"
            )));
        }
        let mut p = Parser {
            tokens: tokens(text)?,
            at: 0,
            depth: 0,
        };
        if p.tokens.is_empty() {
            return Err(ParseError("the formula is empty".into()));
        }
        let expr = p.binary(0)?;
        if p.at < p.tokens.len() {
            return Err(ParseError(format!(
                "unexpected {} after the formula",
                match &p.tokens[p.at] {
                    Token::Num(n) => format!("'{n}'"),
                    Token::Word(w) => format!("'{w}'"),
                    Token::Sym(c) => format!("'{c}'"),
                }
            )));
        }
        Ok(Formula {
            expr,
            text: text.split_whitespace().collect::<Vec<_>>().join(" "),
        })
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The `k`-th odious number (A000069), from `k = 0`: `2k`, or `2k + 1`
/// when `k` is evil, so that the result has an odd number of ones.
pub fn odious(k: u128) -> Option<u128> {
    let two_k = k.checked_mul(2)?;
    Some(two_k + u128::from(k.count_ones().is_multiple_of(2)))
}

/// The `k`-th evil number (A001969), from `k = 0`: `2k`, or `2k + 1` when
/// `k` is odious, so that the result has an even number of ones.
pub fn evil(k: u128) -> Option<u128> {
    let two_k = k.checked_mul(2)?;
    Some(two_k + u128::from(k.count_ones() % 2 == 1))
}

/// The ruler function (A001511): `1 +` the 2-adic valuation of `n`; 0 at 0.
pub fn ruler(n: u128) -> u128 {
    if n == 0 {
        0
    } else {
        u128::from(n.trailing_zeros()) + 1
    }
}

/// The largest power of 2 dividing `n` (A006519); 0 at 0.
pub fn lowbit(n: u128) -> u128 {
    n & n.wrapping_neg()
}

fn floor_div(a: i128, b: i128) -> Result<i128, EvalError> {
    if b == 0 {
        return Err(EvalError::DivisionByZero);
    }
    let q = a.checked_div(b).ok_or(EvalError::Overflow)?;
    Ok(if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

fn natural(v: i128, what: &'static str) -> Result<u128, EvalError> {
    u128::try_from(v).map_err(|_| EvalError::Domain(what))
}

fn back(v: Option<u128>) -> Result<i128, EvalError> {
    v.and_then(|v| i128::try_from(v).ok())
        .ok_or(EvalError::Overflow)
}

impl Expr {
    fn eval(&self, vars: &[(&str, i128)]) -> Result<i128, EvalError> {
        match self {
            Expr::Num(n) => Ok(*n),
            Expr::Var(v) => vars
                .iter()
                .find(|(name, _)| *name == v)
                .map(|&(_, x)| x)
                .ok_or_else(|| EvalError::Unbound(v.clone())),
            Expr::Neg(e) => e.eval(vars)?.checked_neg().ok_or(EvalError::Overflow),
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.eval(vars)?, b.eval(vars)?);
                let of = EvalError::Overflow;
                match op {
                    Op::Add => a.checked_add(b).ok_or(of),
                    Op::Sub => a.checked_sub(b).ok_or(of),
                    Op::Mul => a.checked_mul(b).ok_or(of),
                    Op::Div => floor_div(a, b),
                    Op::Rem => {
                        let q = floor_div(a, b)?;
                        Ok(a - q * b)
                    }
                    Op::Xor => Ok(a ^ b),
                    Op::And => Ok(a & b),
                    Op::Or => Ok(a | b),
                }
            }
            Expr::Call(f, args) => {
                let a = args[0].eval(vars)?;
                match f {
                    Func::Ruler => back(Some(ruler(natural(a, "ruler")?))),
                    Func::Lowbit => back(Some(lowbit(natural(a, "lowbit")?))),
                    Func::Popcount => back(Some(u128::from(natural(a, "popcount")?.count_ones()))),
                    Func::Odious => back(odious(natural(a, "odious")?)),
                    Func::Evil => back(evil(natural(a, "evil")?)),
                    Func::Min => Ok(a.min(args[1].eval(vars)?)),
                    Func::Max => Ok(a.max(args[1].eval(vars)?)),
                }
            }
        }
    }

    fn uses(&self, var: &str) -> bool {
        match self {
            Expr::Num(_) => false,
            Expr::Var(v) => v == var,
            Expr::Neg(e) => e.uses(var),
            Expr::Bin(_, a, b) => a.uses(var) || b.uses(var),
            Expr::Call(_, args) => args.iter().any(|a| a.uses(var)),
        }
    }
}

/// How a formula depends on one variable `n` (the others absent): as
/// `a n + b` with small whole coefficients, or through residues only, with
/// a period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `a n + b`, `|a|, |b| <= 2^40`, so that it is exact for every `n`
    /// below `2^64`.
    Affine(i128, i128),
    /// The value at `n` depends only on `n mod q`.
    Periodic(u64),
}

/// The largest coefficient of an affine shape kept.
const MAX_COEFF: i128 = 1 << 40;

/// The longest period a shape is given.
const MAX_SHAPE_PERIOD: u64 = 1 << 32;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: u64, b: u64) -> Option<u64> {
    (a / gcd(a, b))
        .checked_mul(b)
        .filter(|&l| l <= MAX_SHAPE_PERIOD)
}

fn affine(a: i128, b: i128) -> Option<Shape> {
    (a.abs() <= MAX_COEFF && b.abs() <= MAX_COEFF).then_some(Shape::Affine(a, b))
}

impl Shape {
    /// The period of a shape that is periodic or constant.
    fn period(self) -> Option<u64> {
        match self {
            Shape::Affine(0, _) => Some(1),
            Shape::Affine(..) => None,
            Shape::Periodic(q) => Some(q),
        }
    }

    /// Both periodic (or constant): the common period.
    fn both(self, other: Shape) -> Option<Shape> {
        Some(Shape::Periodic(lcm(self.period()?, other.period()?)?))
    }
}

impl Expr {
    /// The shape of the expression in `var`, when it is one of the two.
    fn shape(&self, var: &str) -> Option<Shape> {
        use Shape::{Affine, Periodic};
        // A part that does not depend on `var`, valued at any point.
        let constant = |e: &Expr| e.eval(&[(var, 0)]).ok();
        match self {
            Expr::Num(n) => affine(0, *n),
            Expr::Var(v) if v == var => affine(1, 0),
            Expr::Var(_) => None,
            Expr::Neg(e) => match e.shape(var)? {
                Affine(a, b) => affine(-a, -b),
                p => Some(p),
            },
            Expr::Bin(op, l, r) => {
                let (x, y) = (l.shape(var)?, r.shape(var)?);
                match (op, x, y) {
                    (Op::Add, Affine(a, b), Affine(c, d)) => affine(a + c, b + d),
                    (Op::Sub, Affine(a, b), Affine(c, d)) => affine(a - c, b - d),
                    (Op::Mul, Affine(a, b), Affine(0, c))
                    | (Op::Mul, Affine(0, c), Affine(a, b)) => {
                        affine(a.checked_mul(c)?, b.checked_mul(c)?)
                    }
                    (Op::Rem, Affine(a, _), Affine(0, _)) if a != 0 => {
                        let m = constant(r)?;
                        (m != 0).then_some(Periodic(u64::try_from(m.unsigned_abs()).ok()?))
                    }
                    (Op::And, Affine(a, _), Affine(0, _)) if a != 0 => {
                        let c = constant(r)?;
                        // The low bits of a n + b repeat every power of 2
                        // past the mask.
                        let bits = 128 - u128::try_from(c).ok()?.leading_zeros();
                        (bits <= 32).then_some(Periodic(1u64 << bits))
                    }
                    (_, Affine(0, _), Affine(0, _)) => Some(Affine(0, constant(self)?)),
                    _ => x.both(y),
                }
            }
            Expr::Call(_, args) => {
                let mut out = Shape::Periodic(1);
                for a in args {
                    out = out.both(a.shape(var)?)?;
                }
                Some(out)
            }
        }
    }
}

impl Formula {
    /// A period `q` such that the formula's value at `n` depends only on
    /// `n mod q` for every `n` from 0 to `2^64 - 1`, when its form shows
    /// one: `n` appears only inside `(a n + b) % m`, `(a n + b) and c`,
    /// and operations on such parts (so `n % 3 xor (n + 1) % 2` has period
    /// 6). `None` for other formulas, periodic or not.
    ///
    /// ```
    /// use grundy::pattern::formula::Formula;
    /// let f: Formula = "n % 3 xor (2 * n + 1) % 4".parse().unwrap();
    /// assert_eq!(f.period("n"), Some(12));
    /// assert_eq!("n / 2 % 3".parse::<Formula>().unwrap().period("n"), None);
    /// ```
    pub fn period(&self, var: &str) -> Option<u64> {
        self.expr.shape(var)?.period()
    }

    /// The value at a point given as `(variable, value)` pairs.
    pub fn eval(&self, vars: &[(&str, i128)]) -> Result<i128, EvalError> {
        self.expr.eval(vars)
    }

    /// The value at `n`, when it is a number `u64` holds.
    pub fn at(&self, n: u64) -> Option<u64> {
        u64::try_from(self.eval(&[("n", n as i128)]).ok()?).ok()
    }

    /// The value at `(x, y)`, when it is a number `u64` holds.
    pub fn at2(&self, x: u64, y: u64) -> Option<u64> {
        u64::try_from(self.eval(&[("x", x as i128), ("y", y as i128)]).ok()?).ok()
    }

    /// Whether the formula reads the variable `var`.
    pub fn uses(&self, var: &str) -> bool {
        self.expr.uses(var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ev(s: &str, n: i128) -> Result<i128, EvalError> {
        s.parse::<Formula>().unwrap().eval(&[("n", n)])
    }

    #[test]
    fn precedence_and_functions() {
        assert_eq!(ev("1 + 2 * 3 xor 1", 0), Ok(6));
        assert_eq!(ev("n % 4 or 8", 6), Ok(10));
        assert_eq!(ev("-7 / 2", 0), Ok(-4));
        assert_eq!(ev("-7 % 2", 0), Ok(1));
        assert_eq!(ev("ruler(n)", 12), Ok(3));
        assert_eq!(ev("lowbit(n)", 12), Ok(4));
        assert_eq!(ev("popcount(n)", 7), Ok(3));
        assert_eq!(ev("min(n, 3) + max(n, 3)", 5), Ok(8));
        let odious: Vec<i128> = (0..8).map(|k| ev("odious(n)", k).unwrap()).collect();
        assert_eq!(odious, [1, 2, 4, 7, 8, 11, 13, 14]);
        let evil: Vec<i128> = (0..8).map(|k| ev("evil(n)", k).unwrap()).collect();
        assert_eq!(evil, [0, 3, 5, 6, 9, 10, 12, 15]);
    }

    #[test]
    fn shapes_without_a_period() {
        for f in [
            "n",
            "n / 2 % 3",
            "n xor 1",
            "n * n % 5",
            "lowbit(n)",
            "x % 2",
            "(n % 2) * n",
        ] {
            assert_eq!(f.parse::<Formula>().unwrap().period("n"), None, "{f}");
        }
        assert_eq!("5".parse::<Formula>().unwrap().period("n"), Some(1));
        assert_eq!("n and 5".parse::<Formula>().unwrap().period("n"), Some(8));
    }

    #[test]
    fn errors_are_values_not_panics() {
        assert_eq!(ev("n / 0", 1), Err(EvalError::DivisionByZero));
        assert_eq!(ev("n % (n - n)", 1), Err(EvalError::DivisionByZero));
        assert_eq!(
            ev("170141183460469231731687303715884105727 + 1", 0),
            Err(EvalError::Overflow)
        );
        assert!(ev("odious(-1)", 0).is_err());
        assert!("x".parse::<Formula>().unwrap().eval(&[]).is_err());
        for bad in [
            "",
            "(",
            "n +",
            "sin(n)",
            "n $ 2",
            "min(1)",
            "1 2",
            "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1",
        ] {
            assert!(bad.parse::<Formula>().is_err(), "{bad}");
        }
        assert!("9".repeat(60).parse::<Formula>().is_err());
    }

    proptest! {
        #[test]
        fn a_period_shown_is_a_period(
            a in -5i128..6, b in -9i128..10, m in 1i128..9, c in 0i128..20, k in 0usize..4,
            n in 0u64..1_000_000,
        ) {
            let forms = [
                format!("({a} * n + {b}) % {m}"),
                format!("(n + {b}) % {m} xor ({a} * n) % 3"),
                format!("min(({a} * n - {b}) and {c}, 7) + popcount(n % {m})"),
                format!("n % {m} * {c} / (1 + n % 2)"),
            ];
            let f: Formula = forms[k].parse().unwrap();
            let q = f.period("n");
            prop_assert!(q.is_some(), "{}", f);
            let q = q.unwrap();
            prop_assert_eq!(f.at(n), f.at(n % q), "{} {}", f, q);
            prop_assert_eq!(f.at(u64::MAX - n), f.at((u64::MAX - n) % q), "{} {}", f, q);
        }

        #[test]
        fn arithmetic_is_exact(a in -1000i128..1000, b in 1i128..50) {
            let q = ev(&format!("{a} / {b}"), 0).unwrap();
            let r = ev(&format!("{a} % {b}"), 0).unwrap();
            prop_assert_eq!(q * b + r, a);
            prop_assert!((0..b).contains(&r));
        }

        #[test]
        fn odious_and_evil_partition_the_numbers(k in 0u128..1_000_000) {
            prop_assert_eq!(odious(k).unwrap().count_ones() % 2, 1);
            prop_assert_eq!(evil(k).unwrap().count_ones() % 2, 0);
            let below = (0..odious(k).unwrap()).filter(|m| m.count_ones() % 2 == 1).count();
            prop_assert!(k > 2000 || below as u128 == k);
        }
    }
}
