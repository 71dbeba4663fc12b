//! Nimbers: the values of impartial games, with nim-sum, nim product and mex.
//!
//! The nimbers below 2^64 form a field: addition is bitwise XOR (nim-sum) and
//! multiplication is Conway's nim product, defined by
//! `a * b = mex{ a'*b + a*b' + a'*b' : a' < a, b' < b }`.
//! The product here uses the Fermat-power recursion: with `F = 2^(2^k)`,
//! `F * F = F + F/2` (nim-sum), and `x * y` for `x, y < F` is an ordinary
//! nimber product in the subfield below `F`.
//!
//! ```
//! use grundy::nimber::Nimber;
//! let a = Nimber(2);
//! let b = Nimber(3);
//! assert_eq!(a + b, Nimber(1));
//! assert_eq!(a * b, Nimber(1)); // 2 * 3 = 1: 2 and 3 are inverses in GF(4)
//! assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
//! ```

use std::fmt;
use std::ops::{Add, AddAssign, Mul, MulAssign};

use serde::{Deserialize, Serialize};

/// A nimber `*n` for `n < 2^64`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `*0`: the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*1`, the multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The underlying integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `*0`.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Self {
        Nimber(v)
    }
}

/// Nim-sum is bitwise XOR.
impl Add for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(nim_mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        self.0 = nim_mul(self.0, rhs.0);
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

/// Nim products of all bytes: `BYTE_TABLE[a][b] = a * b` for `a, b < 256`.
static BYTE_TABLE: std::sync::LazyLock<Box<[[u8; 256]; 256]>> = std::sync::LazyLock::new(|| {
    let mut t = Box::new([[0u8; 256]; 256]);
    for a in 0..256u64 {
        for b in a..256u64 {
            let p = nim_mul_rec(a, b, 8) as u8;
            t[a as usize][b as usize] = p;
            t[b as usize][a as usize] = p;
        }
    }
    t
});

/// Nim product of `a` and `b`, both below `2^bits` (`bits` a power of two).
fn nim_mul_rec(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let lo = nim_mul_rec(a0, b0, h);
    let hi = nim_mul_rec(a1, b1, h);
    // (a1 + a0)(b1 + b0) = a1 b1 + a1 b0 + a0 b1 + a0 b0  (Karatsuba over nim-sum)
    let mid = nim_mul_rec(a1 ^ a0, b1 ^ b0, h) ^ lo;
    // F*F = F + F/2, so a1 b1 F^2 = a1 b1 F + a1 b1 (F/2).
    let half = nim_mul_rec(hi, 1u64 << (h - 1), h);
    (mid << h) | (lo ^ half)
}

fn nim_mul_tab(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    if bits <= 8 {
        return BYTE_TABLE[a as usize][b as usize] as u64;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    let lo = nim_mul_tab(a0, b0, h);
    let hi = nim_mul_tab(a1, b1, h);
    let mid = nim_mul_tab(a1 ^ a0, b1 ^ b0, h) ^ lo;
    let half = nim_mul_tab(hi, 1u64 << (h - 1), h);
    (mid << h) | (lo ^ half)
}

/// Nim product of two 64-bit values.
///
/// ```
/// assert_eq!(grundy::nimber::nim_mul(5, 8), 3);
/// assert_eq!(grundy::nimber::nim_mul(16, 16), 24);
/// ```
pub fn nim_mul(a: u64, b: u64) -> u64 {
    let bits = match a.max(b) {
        0..=0xff => 8,
        0x100..=0xffff => 16,
        0x1_0000..=0xffff_ffff => 32,
        _ => 64,
    };
    nim_mul_tab(a, b, bits)
}

/// The minimum excludant: the least value not in `values`.
///
/// Runs in O(c) for c values with one scratch allocation; for many calls use
/// [`Mex`], which reuses its marks through version stamps.
///
/// ```
/// assert_eq!(grundy::nimber::mex([0, 1, 3, 7]), 2);
/// assert_eq!(grundy::nimber::mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut m = Mex::new();
    m.extend(values);
    m.finish()
}

/// A reusable mex calculator with version stamps (seed 000): marking a value
/// writes the current stamp, and starting a new set just bumps the stamp, so
/// no clearing is needed between calls. Values at or above the number of
/// values marked in the current set can never be the mex and are skipped.
///
/// ```
/// use grundy::nimber::Mex;
/// let mut m = Mex::new();
/// m.insert(0); m.insert(2);
/// assert_eq!(m.finish(), 1);   // finish() starts a fresh set
/// m.insert(1);
/// assert_eq!(m.finish(), 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Mex {
    stamp: Vec<u32>,
    current: u32,
    /// Values too far past the marks to be worth a slot; checked only when
    /// every marked value below them is present.
    overflow: Vec<u64>,
}

impl Mex {
    /// An empty calculator.
    pub fn new() -> Self {
        Mex {
            stamp: Vec::new(),
            current: 1,
            overflow: Vec::new(),
        }
    }

    /// Adds a value to the current set.
    pub fn insert(&mut self, v: u64) {
        let len = self.stamp.len() as u64;
        if v >= len {
            if v > 2 * len + 1024 {
                self.overflow.push(v);
                return;
            }
            self.stamp.resize(v as usize + 1, 0);
        }
        self.stamp[v as usize] = self.current;
    }

    /// The mex of the current set; then starts a new, empty set.
    pub fn finish(&mut self) -> u64 {
        let mut g = 0usize;
        while g < self.stamp.len() && self.stamp[g] == self.current {
            g += 1;
        }
        let mut g = g as u64;
        if g == self.stamp.len() as u64 && !self.overflow.is_empty() {
            self.overflow.sort_unstable();
            for &b in &self.overflow {
                if b == g {
                    g += 1;
                } else if b > g {
                    break;
                }
            }
        }
        self.overflow.clear();
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.current = 1;
        }
        g
    }
}

impl Extend<u64> for Mex {
    fn extend<I: IntoIterator<Item = u64>>(&mut self, iter: I) {
        for v in iter {
            self.insert(v);
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The nim product straight from its mex definition, for small values.
    fn product_table_by_mex(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut opts = Vec::new();
                for a2 in 0..a {
                    for b2 in 0..b {
                        opts.push(t[a2][b] ^ t[a][b2] ^ t[a2][b2]);
                    }
                }
                t[a][b] = mex(opts);
            }
        }
        t
    }

    #[test]
    fn product_matches_mex_definition_below_64() {
        let t = product_table_by_mex(64);
        for a in 0..64u64 {
            for b in 0..64u64 {
                assert_eq!(nim_mul(a, b), t[a as usize][b as usize], "{a} * {b}");
            }
        }
    }

    #[test]
    fn table_path_matches_plain_recursion() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = x;
            let b = x.rotate_left(29) ^ 0x5555;
            assert_eq!(nim_mul(a, b), nim_mul_rec(a, b, 64));
        }
    }

    #[test]
    fn known_products() {
        // Fermat 2-powers square to 3/2 of themselves.
        assert_eq!(nim_mul(2, 2), 3);
        assert_eq!(nim_mul(4, 4), 6);
        assert_eq!(nim_mul(16, 16), 24);
        assert_eq!(nim_mul(1 << 32, 1 << 32), 3 << 31);
        // Library Checker sample, first nine answers.
        let got: Vec<u64> = (0..9).map(|b| nim_mul(5, b)).collect();
        assert_eq!(got, vec![0, 5, 10, 15, 2, 7, 8, 13, 3]);
    }

    fn pow(mut a: u64, mut e: u128) -> u64 {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = nim_mul(r, a);
            }
            a = nim_mul(a, a);
            e >>= 1;
        }
        r
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn associative(a: u64, b: u64, c: u64) {
            prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
        }

        #[test]
        fn commutative_and_distributive(a: u64, b: u64, c: u64) {
            prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
        }

        #[test]
        fn inverses_exist(a in 1u64..) {
            // In GF(2^64) the inverse of a is a^(2^64 - 2).
            let inv = pow(a, (1u128 << 64) - 2);
            prop_assert_eq!(nim_mul(a, inv), 1);
        }

        #[test]
        fn mex_is_least_missing(values in proptest::collection::vec(0u64..40, 0..60)) {
            let m = mex(values.iter().copied());
            prop_assert!(!values.contains(&m));
            for v in 0..m {
                prop_assert!(values.contains(&v));
            }
        }
    }

    #[test]
    fn mex_reuse_and_large_values() {
        let mut m = Mex::new();
        m.extend([0, 1, 2, u64::MAX, 1 << 40]);
        assert_eq!(m.finish(), 3);
        m.extend([5, 6]);
        assert_eq!(m.finish(), 0);
        m.extend([1, 0]);
        assert_eq!(m.finish(), 2);
    }

    #[test]
    fn expressions() {
        assert_eq!(eval("3*5 + 7"), Ok(Nimber(8)));
        assert_eq!(eval("*2 * *2"), Ok(Nimber(3)));
        assert_eq!(eval("0xff + 0XF0"), Ok(Nimber(0x0f)));
        assert!(eval("").is_err());
        assert!(eval("3 + ").is_err());
        assert!(eval("(3").is_err());
        assert!(eval("18446744073709551616").is_err());
        assert!(eval("0x").is_err());
        assert!(eval("3 - 1").is_err());
        assert!(eval(&"(".repeat(100000)).is_err());
        let e = eval("1 + 2x").unwrap_err();
        assert_eq!(e.position, 5);
    }
}
