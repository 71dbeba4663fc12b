//! Take-and-break rules written as octal or hexadecimal codes.
//!
//! A code `d0.d1d2d3...` gives, for each number `k` of tokens removed, a digit
//! `d_k` whose bits say what the rest of the heap may become:
//! `1` nothing (the heap had exactly `k` tokens), `2` one non-empty heap,
//! `4` two non-empty heaps, `8` (hexadecimal digits) three non-empty heaps.
//! `d0` removes nothing, so only its `4` and `8` bits mean anything.
//!
//! CGSuite's extensions are accepted: `[..]` repeats a block of digits
//! forever (`0.[3]` is Nim, `4.[3]` Lasker's Nim) and `!` after a digit says
//! the heaps it leaves must all be different (`4!.0` is Grundy's game).
//!
//! ```
//! use grundy::heap::code::TakeBreak;
//! let kayles: TakeBreak = "0.77".parse().unwrap();
//! assert_eq!(kayles.digit(2).bits, 7);
//! assert_eq!(kayles.digit(3).bits, 0);
//! assert_eq!(kayles.max_removal(), Some(2));
//! let grundy: TakeBreak = "4!.0".parse().unwrap();
//! assert!(grundy.digit(0).unequal);
//! let lasker: TakeBreak = "4.[3]".parse().unwrap();
//! assert_eq!(lasker.digit(1000).bits, 3);
//! assert_eq!(lasker.max_removal(), None);
//! ```

use std::fmt;
use std::str::FromStr;

/// The heap leaves nothing: removal of exactly the whole heap.
pub const LEAVE_NONE: u8 = 1;
/// The rest stays as one non-empty heap.
pub const LEAVE_ONE: u8 = 2;
/// The rest is split into two non-empty heaps.
pub const LEAVE_TWO: u8 = 4;
/// The rest is split into three non-empty heaps (hexadecimal digits).
pub const LEAVE_THREE: u8 = 8;

/// One digit of a code: what removing `k` tokens may leave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Digit {
    /// Sum of [`LEAVE_NONE`], [`LEAVE_ONE`], [`LEAVE_TWO`], [`LEAVE_THREE`].
    pub bits: u8,
    /// The heaps left by a split must be pairwise different (`!`).
    pub unequal: bool,
}

impl Digit {
    /// Whether removing this many tokens may leave `heaps` heaps (0 to 3).
    pub fn allows(self, heaps: usize) -> bool {
        heaps <= 3 && self.bits & (1 << heaps) != 0
    }
}

/// A take-and-break rule given by an octal or hexadecimal code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    /// `digits[k]` for `k = 0, 1, ...`; `digits[0]` is the digit before the point.
    pub digits: Vec<Digit>,
    /// When set, `digits[r..]` repeat forever after the last digit.
    pub repeat_from: Option<usize>,
}

impl TakeBreak {
    /// The digit for removing `k` tokens (0 past the end of a finite code).
    pub fn digit(&self, k: usize) -> Digit {
        if k < self.digits.len() {
            return self.digits[k];
        }
        match self.repeat_from {
            Some(r) => {
                let period = self.digits.len() - r;
                self.digits[r + (k - r) % period]
            }
            None => Digit::default(),
        }
    }

    /// The largest number of tokens a move may remove, or `None` when the
    /// code repeats a non-zero digit forever.
    pub fn max_removal(&self) -> Option<usize> {
        if let Some(r) = self.repeat_from {
            if self.digits[r..].iter().any(|d| d.bits != 0) {
                return None;
            }
        }
        (0..self.digits.len())
            .rev()
            .find(|&k| self.digits[k].bits != 0)
    }

    /// Whether any digit uses hexadecimal (three-heap) moves.
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|d| d.bits & LEAVE_THREE != 0)
    }

    /// Whether any move splits a heap (a digit has the 4 or 8 bit).
    pub fn splits(&self) -> bool {
        self.digits
            .iter()
            .any(|d| d.bits & (LEAVE_TWO | LEAVE_THREE) != 0)
    }
}

/// A code that could not be read, with the 1-based character position of
/// the offending character.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} (at character {position} of '{}')",
    crate::escape::one_line(.message),
    crate::escape::one_line(.code)
)]
pub struct CodeError {
    /// The code as given.
    pub code: String,
    /// 1-based position of the problem.
    pub position: usize,
    /// What is wrong.
    pub message: String,
}

impl FromStr for TakeBreak {
    type Err = CodeError;

    /// Reads `d0.d1d2...` (hexadecimal digits allowed, `d0` optional), with
    /// `[..]` for a block repeated forever (last, at most once) and `!` after
    /// a digit for unequal parts.
    fn from_str(code: &str) -> Result<TakeBreak, CodeError> {
        let err = |position: usize, message: &str| CodeError {
            code: code.to_string(),
            position,
            message: message.to_string(),
        };
        let chars: Vec<char> = code.chars().collect();
        let mut digits: Vec<Digit> = Vec::new();
        let mut repeat_from = None;
        let mut i = 0;
        // d0 (optional): a single digit before the point.
        if chars.first().is_some_and(|c| *c != '.') {
            let d = read_digit(chars[0]).ok_or_else(|| err(1, "expected a digit or '.'"))?;
            if d & (LEAVE_NONE | LEAVE_ONE) != 0 {
                return Err(err(
                    1,
                    "the digit before the point may only be 0, 4, 8 or c (removing no tokens cannot leave zero or one heap)",
                ));
            }
            digits.push(Digit {
                bits: d,
                unequal: false,
            });
            i = 1;
            if chars.get(i) == Some(&'!') {
                digits[0].unequal = true;
                i += 1;
            }
        } else {
            digits.push(Digit::default());
        }
        if chars.get(i) != Some(&'.') {
            return Err(err(i + 1, "expected '.' after the first digit"));
        }
        i += 1;
        let mut in_repeat = false;
        let mut closed = false;
        while i < chars.len() {
            let c = chars[i];
            match c {
                '[' if repeat_from.is_none() => {
                    repeat_from = Some(digits.len());
                    in_repeat = true;
                }
                '[' => return Err(err(i + 1, "only one repeated block '[..]' is allowed")),
                ']' if in_repeat => {
                    if repeat_from == Some(digits.len()) {
                        return Err(err(i + 1, "the repeated block '[]' is empty"));
                    }
                    in_repeat = false;
                    closed = true;
                }
                ']' => return Err(err(i + 1, "']' without '['")),
                '!' => {
                    if digits.len() <= 1 || chars[i - 1] == '!' || !chars[i - 1].is_ascii_hexdigit()
                    {
                        return Err(err(i + 1, "'!' must follow a digit"));
                    }
                    digits.last_mut().expect("a digit").unequal = true;
                }
                _ if closed => {
                    return Err(err(i + 1, "nothing may follow the repeated block '[..]'"));
                }
                _ => {
                    let d = read_digit(c).ok_or_else(|| {
                        err(
                            i + 1,
                            &format!("'{c}' is not an octal or hexadecimal digit"),
                        )
                    })?;
                    digits.push(Digit {
                        bits: d,
                        unequal: false,
                    });
                }
            }
            i += 1;
        }
        if in_repeat {
            return Err(err(chars.len() + 1, "'[' is never closed"));
        }
        if digits.len() == 1 {
            return Err(err(chars.len() + 1, "no digits after the point"));
        }
        Ok(TakeBreak {
            digits,
            repeat_from,
        })
    }
}

fn read_digit(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

impl fmt::Display for TakeBreak {
    /// The canonical code: `d0` written only when non-zero, trailing zero
    /// digits of a finite code dropped, hexadecimal digits in lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let write_digit = |f: &mut fmt::Formatter<'_>, d: Digit| -> fmt::Result {
            write!(f, "{:x}", d.bits)?;
            if d.unequal {
                f.write_str("!")?;
            }
            Ok(())
        };
        if self.digits[0].bits != 0 || self.digits[0].unequal {
            write_digit(f, self.digits[0])?;
        } else {
            f.write_str("0")?;
        }
        f.write_str(".")?;
        let end = match self.repeat_from {
            Some(r) => r,
            None => {
                let last = (1..self.digits.len())
                    .rev()
                    .find(|&k| self.digits[k] != Digit::default())
                    .unwrap_or(1);
                last + 1
            }
        };
        for k in 1..end.min(self.digits.len()) {
            write_digit(f, self.digits[k])?;
        }
        if let Some(r) = self.repeat_from {
            f.write_str("[")?;
            for k in r..self.digits.len() {
                write_digit(f, self.digits[k])?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// A random octal code as text, for property tests: a 4 or 0 before the
/// point (with `!` sometimes), then `digits` digits 0 to 7, each with `!`
/// sometimes where it allows splitting.
#[cfg(test)]
pub(crate) fn code_strategy(
    digits: std::ops::Range<usize>,
) -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    (
        prop_oneof![Just(0u8), Just(4u8)],
        any::<bool>(),
        proptest::collection::vec((0u8..8, any::<bool>()), digits),
    )
        .prop_map(|(d0, bang0, ds)| {
            let mut s = d0.to_string();
            if d0 == 4 && bang0 {
                s.push('!');
            }
            s.push('.');
            for (d, bang) in ds {
                s.push_str(&d.to_string());
                if bang && d & 4 != 0 {
                    s.push('!');
                }
            }
            s
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for (input, canonical) in [
            ("0.77", "0.77"),
            (".137", "0.137"),
            ("4.07", "4.07"),
            ("0.11337", "0.11337"),
            ("0.[3]", "0.[3]"),
            ("4.[3]", "4.[3]"),
            ("4!.0", "4!.0"),
            ("0.7700", "0.77"),
            ("0.F", "0.f"),
            ("0.6!", "0.6!"),
            ("0.0", "0.0"),
        ] {
            let r: TakeBreak = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(r.to_string(), canonical, "{input}");
            let again: TakeBreak = canonical.parse().unwrap();
            assert_eq!(again.to_string(), canonical);
        }
    }

    #[test]
    fn refuses_bad_codes() {
        for (bad, pos) in [
            ("0.8x", 4),
            ("4.", 3),
            ("0.", 3),
            ("", 1),
            ("7.1", 1),
            ("0.1[2", 6),
            ("0.[]", 4),
            ("0.1]", 4),
            ("0.[1]2", 6),
            ("0.!1", 3),
            ("0.1!!", 5),
            ("0.1[2][3]", 7),
            ("0..1", 3),
        ] {
            let e = bad.parse::<TakeBreak>().unwrap_err();
            assert_eq!(e.position, pos, "{bad}: {e}");
        }
    }

    #[test]
    fn digits_and_removal() {
        let r: TakeBreak = "0.[12]".parse().unwrap();
        assert_eq!(r.digit(1).bits, 1);
        assert_eq!(r.digit(2).bits, 2);
        assert_eq!(r.digit(5).bits, 1);
        assert_eq!(r.max_removal(), None);
        let t: TakeBreak = "0.11337".parse().unwrap();
        assert_eq!(t.max_removal(), Some(5));
        assert!(!t.is_hexadecimal());
        assert!(t.splits());
        assert!(Digit {
            bits: 6,
            unequal: false
        }
        .allows(2));
        assert!(!Digit {
            bits: 6,
            unequal: false
        }
        .allows(0));
    }
}
