//! The codes a survey covers: a pattern such as `0.??` expanded into every
//! code it stands for, or a list of codes read from a file, in one
//! canonical order (sorted, duplicates removed) so that every machine
//! sharding the same survey sees the same list.
//!
//! In a pattern each `?` stands for a digit. After the point it runs over
//! the octal digits `0` to `7`; before the point over `0` and `4`, the only
//! octal digits a code may have there (removing no tokens can only split a
//! heap). Hexadecimal digits written out (`8` to `f`) stay as written: `?`
//! never stands for a hexadecimal digit, so `0.?f` is eight codes and a
//! hexadecimal family is surveyed from a list of codes.
//!
//! ```
//! use grundy::survey::pattern::expand;
//! let codes = expand("0.?").unwrap();
//! assert_eq!(codes, ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
//! assert_eq!(expand("?.1").unwrap(), ["0.1", "4.1"]);
//! assert_eq!(expand("0.??").unwrap().len(), 64);
//! ```

use crate::heap::rule::HeapRule;

/// Most codes one pattern may stand for (eight `?` after the point).
pub const MAX_CODES: usize = 1 << 24;

/// A pattern that stands for no code, or for too many.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("pattern '{}': {message}", crate::escape::one_line(.pattern))]
pub struct PatternError {
    /// The pattern as given.
    pub pattern: String,
    /// What is wrong.
    pub message: String,
}

/// A pattern taken apart: at each position the character written, and the
/// digits a `?` there runs over (empty for a fixed character).
struct Slots {
    fixed: Vec<char>,
    slots: Vec<&'static str>,
    count: usize,
}

/// Checks `pattern` and takes it apart.
fn slots(pattern: &str) -> Result<Slots, PatternError> {
    let err = |message: String| PatternError {
        pattern: pattern.to_string(),
        message,
    };
    let text = pattern.trim();
    if text.is_empty() {
        return Err(err("give a code or a pattern such as 0.??".into()));
    }
    let point = text.find('.');
    // The choices at each position: the character itself, or the digits a `?` there runs over.
    let mut slots: Vec<&'static str> = Vec::new();
    let mut fixed: Vec<char> = Vec::new();
    let mut count: usize = 1;
    for (i, c) in text.char_indices() {
        if c == '?' {
            let before_point = point.is_none_or(|p| i < p);
            let digits = if before_point { "04" } else { "01234567" };
            count = count.saturating_mul(digits.len());
            if count > MAX_CODES {
                return Err(err(format!(
                    "stands for more than {MAX_CODES} codes; split it into smaller patterns"
                )));
            }
            slots.push(digits);
        } else {
            slots.push("");
        }
        fixed.push(c);
    }
    // The pattern must be a code once its `?` are filled in.
    let first: String = fixed
        .iter()
        .zip(&slots)
        .map(|(&c, s)| s.chars().next().unwrap_or(c))
        .collect();
    if let Err(e) = first.parse::<HeapRule>() {
        return Err(err(format!("not a code with its ? filled in ({e})")));
    }
    Ok(Slots {
        fixed,
        slots,
        count,
    })
}

/// How many codes `pattern` stands for, found without listing them (a
/// survey too large to run is refused before its list takes the memory).
///
/// ```
/// use grundy::survey::pattern::count;
/// assert_eq!(count("0.??").unwrap(), 64);
/// assert_eq!(count("?.0?").unwrap(), 16);
/// assert_eq!(count("0.????????").unwrap(), 1 << 24);
/// ```
pub fn count(pattern: &str) -> Result<usize, PatternError> {
    slots(pattern).map(|s| s.count)
}

/// Every code `pattern` stands for, in canonical order.
pub fn expand(pattern: &str) -> Result<Vec<String>, PatternError> {
    let Slots {
        fixed,
        slots,
        count,
    } = slots(pattern)?;
    let mut codes = Vec::with_capacity(count);
    let mut choice = vec![0usize; slots.len()];
    loop {
        codes.push(
            fixed
                .iter()
                .zip(&slots)
                .zip(&choice)
                .map(|((&c, s), &k)| s.chars().nth(k).unwrap_or(c))
                .collect::<String>(),
        );
        // The last `?` turns fastest, as an odometer.
        let mut i = slots.len();
        loop {
            if i == 0 {
                return Ok(canonical(codes));
            }
            i -= 1;
            if slots[i].is_empty() {
                continue;
            }
            choice[i] += 1;
            if choice[i] < slots[i].len() {
                break;
            }
            choice[i] = 0;
        }
    }
}

/// The codes of a list file: one per line, `#` starting a comment, blank
/// lines skipped; in canonical order.
///
/// ```
/// use grundy::survey::pattern::read_list;
/// let codes = read_list("# Kayles and Dawson's Kayles\n0.77\n0.07  # Dawson\n\n0.77\n");
/// assert_eq!(codes, ["0.07", "0.77"]);
/// ```
pub fn read_list(text: &str) -> Vec<String> {
    let codes = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    canonical(codes)
}

/// Sorted, each code once.
pub fn canonical(mut codes: Vec<String>) -> Vec<String> {
    codes.sort();
    codes.dedup();
    codes
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn patterns_expand_in_order() {
        let codes = expand("0.??").unwrap();
        assert_eq!(codes.len(), 64);
        assert_eq!(codes[0], "0.00");
        assert_eq!(codes[1], "0.01");
        assert_eq!(codes[8], "0.10");
        assert_eq!(codes[63], "0.77");
        assert_eq!(expand("4.?").unwrap()[3], "4.3");
        assert_eq!(expand("0.?0?").unwrap().len(), 64);
        assert!(expand("0.?0?").unwrap().iter().all(|c| &c[3..4] == "0"));
        assert_eq!(expand(" 0.77 ").unwrap(), ["0.77"]);
        assert_eq!(expand("0.?f").unwrap()[7], "0.7f");
        assert_eq!(expand("?.?").unwrap().len(), 16);
    }

    #[test]
    fn bad_patterns_are_refused() {
        for (p, why) in [
            ("", "give a code"),
            ("x.??", "not a code"),
            ("0.??z", "not a code"),
            ("0.????????????", "more than"),
        ] {
            let e = expand(p).unwrap_err().to_string();
            assert!(e.contains(why), "{p}: {e}");
        }
    }

    proptest! {
        /// Each code of a pattern has the pattern's fixed characters, an
        /// allowed digit at each `?`, and every such code is there once.
        #[test]
        fn expansion_is_every_filling(digits in proptest::collection::vec(prop_oneof![Just('?'), (0u8..8).prop_map(|d| (b'0' + d) as char)], 1..5)) {
            let pattern: String = std::iter::once("0.".to_string()).chain(digits.iter().map(|c| c.to_string())).collect();
            let codes = expand(&pattern).unwrap();
            prop_assert_eq!(count(&pattern).unwrap(), codes.len());
            let wild = digits.iter().filter(|&&c| c == '?').count();
            prop_assert_eq!(codes.len(), 1 << (3 * wild));
            let mut sorted = codes.clone();
            sorted.sort();
            sorted.dedup();
            prop_assert_eq!(&sorted, &codes);
            for code in &codes {
                prop_assert_eq!(code.len(), pattern.len());
                for (p, c) in pattern.chars().zip(code.chars()) {
                    if p == '?' {
                        prop_assert!(('0'..='7').contains(&c));
                    } else {
                        prop_assert_eq!(p, c);
                    }
                }
            }
        }
    }
}
