//! The words players and command lines use: whole numbers, lists of them,
//! moves typed loosely (any case and spacing, parenthesised parts
//! optional), and rows of tokens.
//!
//! ```
//! use grundy::family::text::{normalize, parse_u64, without_parentheses};
//! assert_eq!(normalize("  Take 2   from heap 1 "), "take 2 from heap 1");
//! assert_eq!(without_parentheses("take 2 from heap 1 (3 -> 1)"), "take 2 from heap 1");
//! assert!(parse_u64("-3", "heap").unwrap_err().to_string().contains("negative"));
//! ```

use serde_json::Value;

use super::Error;
use crate::strategy::MoveTo;

/// Text with every parenthesised part (and the blank before it) removed.
pub fn without_parentheses(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                if depth == 0 && out.ends_with(' ') {
                    out.pop();
                }
                depth += 1;
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Lower case with single spaces and no surrounding blanks.
pub fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The index of the first move whose words match `text`
/// ([`match_all_words`]).
pub fn match_words<M: std::fmt::Display, P>(moves: &[MoveTo<M, P>], text: &str) -> Option<usize> {
    match_all_words(moves, text).first().copied()
}

/// The indices of the moves whose words match `text`, compared after
/// [`normalize`]: those whose whole words match when there are any, else
/// those whose words without their parenthesised parts do. So a move
/// typed in full is told apart from others that differ only in brackets.
pub fn match_all_words<M: std::fmt::Display, P>(moves: &[MoveTo<M, P>], text: &str) -> Vec<usize> {
    let t = normalize(text);
    let words: Vec<String> = moves
        .iter()
        .map(|(m, _)| normalize(&m.to_string()))
        .collect();
    let whole: Vec<usize> = (0..moves.len()).filter(|&i| words[i] == t).collect();
    if !whole.is_empty() {
        return whole;
    }
    (0..moves.len())
        .filter(|&i| without_parentheses(&words[i]) == t)
        .collect()
}

/// A row of `n` tokens, at most `max` drawn, then `...`.
pub fn tokens(n: u64, max: u64, token: char) -> String {
    let shown = n.min(max) as usize;
    let mut s: String = (0..shown).map(|_| token).collect();
    if n > max {
        s.push_str("...");
    }
    s
}

/// Heaps drawn one per line as rows of tokens (at most `max` drawn), each
/// with its number and size: `  heap 1  ooo   3`.
///
/// ```
/// use grundy::family::text::heap_rows;
/// assert_eq!(heap_rows(&[3, 5], 80), "  heap 1  ooo      3\n  heap 2  ooooo    5\n");
/// ```
pub fn heap_rows(heaps: &[u64], max: u64) -> String {
    use std::fmt::Write;
    let digits = heaps.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
    let width = heaps
        .iter()
        .map(|&h| h.min(max) as usize)
        .max()
        .unwrap_or(0)
        + 3;
    let mut out = String::new();
    for (i, &h) in heaps.iter().enumerate() {
        let _ = writeln!(
            out,
            "  heap {}  {:<width$} {h:>digits$}",
            i + 1,
            tokens(h, max, 'o')
        );
    }
    out
}

/// Heaps drawn one per line as rows of tokens (at most `max` drawn), each
/// with its number, size and Grundy value (`values[i]` for `heaps[i]`),
/// and `(no heap left)` for none.
///
/// ```
/// use grundy::family::text::valued_heap_rows;
/// assert_eq!(
///     valued_heap_rows(&[3, 5], &[3, 1], 80),
///     "  heap 1  ooo      3   Grundy value 3\n  heap 2  ooooo    5   Grundy value 1\n"
/// );
/// ```
pub fn valued_heap_rows(heaps: &[u64], values: &[u64], max: u64) -> String {
    use std::fmt::Write;
    let label = format!("heap {}", heaps.len().max(1)).len();
    let width = heaps
        .iter()
        .map(|&h| h.min(max) as usize)
        .max()
        .unwrap_or(0)
        + 3;
    let digits = heaps.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
    let mut out = String::new();
    for (i, (&h, g)) in heaps.iter().zip(values).enumerate() {
        let name = format!("heap {}", i + 1);
        let _ = writeln!(
            out,
            "  {name:<label$}  {:<width$} {h:>digits$}   Grundy value {g}",
            tokens(h, max, 'o'),
        );
    }
    if heaps.is_empty() {
        let _ = writeln!(out, "  (no heap left)");
    }
    out
}

/// The nim-sum of `values` written out (`3 XOR 1 = 2`), or the one value.
///
/// ```
/// use grundy::family::text::nim_sum_text;
/// assert_eq!(nim_sum_text(&[3, 1]), "3 XOR 1 = 2");
/// assert_eq!(nim_sum_text(&[4]), "4");
/// ```
pub fn nim_sum_text(values: &[u64]) -> String {
    let sum = values.iter().fold(0, |a, &v| a ^ v);
    match values.len() {
        0 | 1 => sum.to_string(),
        _ => {
            let vals: Vec<String> = values.iter().map(u64::to_string).collect();
            format!("{} = {sum}", vals.join(" XOR "))
        }
    }
}

/// The line under a drawn position: its Grundy value when known, its
/// outcome in words (`p_words` names a P-position, "a P-position" or a
/// family's own term), and who wins.
///
/// ```
/// use grundy::family::text::value_line;
/// use grundy::game::Outcome;
/// assert_eq!(
///     value_line(Some(0), Outcome::P, "a P-position"),
///     "  Grundy value 0: a P-position (the player to move loses)\n"
/// );
/// ```
pub fn value_line(value: Option<u64>, outcome: crate::game::Outcome, p_words: &str) -> String {
    let value = value.map_or(String::new(), |g| format!("Grundy value {g}: "));
    let words = match outcome {
        crate::game::Outcome::P => p_words,
        crate::game::Outcome::N => "an N-position",
    };
    format!("  {value}{words} ({})\n", outcome.describe())
}

/// Parses one non-negative whole number; `what` names it in the error
/// ("heap", "step", ...).
pub fn parse_u64(text: &str, what: &str) -> Result<u64, Error> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Error::new(format!("{what} is empty")));
    }
    if t.starts_with('-') && t.len() > 1 && t[1..].chars().all(|c| c.is_ascii_digit()) {
        return Err(Error::new(format!(
            "{what} '{text}' is negative; sizes are whole numbers from 0"
        )));
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(Error::new(format!("{what} '{text}' is not a whole number")));
    }
    t.parse::<u64>().map_err(|_| {
        Error::new(format!(
            "{what} '{text}' is too large (at most {})",
            u64::MAX
        ))
    })
}

/// Parses a list of whole numbers, refusing an empty list; `plural` names
/// the list in that error ("heaps").
pub fn parse_u64_list<S: AsRef<str>>(
    texts: &[S],
    what: &str,
    plural: &str,
) -> Result<Vec<u64>, Error> {
    if texts.is_empty() {
        return Err(Error::new(format!("no {plural} given")));
    }
    texts.iter().map(|t| parse_u64(t.as_ref(), what)).collect()
}

/// A position written as numbers: a JSON list, or numbers separated by
/// blanks or commas. `what` names one number in errors ("heap"), `listed`
/// names the JSON list ("heap sizes"). No numbers at all is the empty
/// position (every heap gone): a game's notation reads back every position
/// it writes. (A command line that is given no heaps refuses them itself,
/// through [`parse_u64_list`].)
pub fn parse_numbers(text: &str, what: &str, listed: &str) -> Result<Vec<u64>, String> {
    let t = text.trim();
    if t.starts_with('[') {
        return serde_json::from_str(t).map_err(|e| format!("not a JSON list of {listed}: {e}"));
    }
    t.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| parse_u64(s, what).map_err(|e| e.0))
        .collect()
}

/// A list of numbers as JSON and as command-line text.
pub fn show_list(v: &[u64]) -> (Value, String) {
    let text = v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    (Value::from(v.to_vec()), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_match_loosely() {
        let moves = vec![
            ("take 2 from heap 1 (3 -> 1)", 0),
            ("take 1 from heap 2 (4 -> 3)", 1),
        ];
        assert_eq!(match_words(&moves, "  Take 1 from   heap 2 "), Some(1));
        assert_eq!(match_words(&moves, "take 2 from heap 1 (3 -> 1)"), Some(0));
        assert_eq!(match_words(&moves, "take 3 from heap 1"), None);
        assert_eq!(tokens(3, 10, 'o'), "ooo");
        assert_eq!(tokens(12, 10, 'o'), "oooooooooo...");
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_u64("17", "heap"), Ok(17));
        assert!(parse_u64("-3", "heap").unwrap_err().0.contains("negative"));
        assert!(parse_u64("3x", "heap")
            .unwrap_err()
            .0
            .contains("not a whole number"));
        assert!(parse_u64("18446744073709551616", "heap")
            .unwrap_err()
            .0
            .contains("too large"));
        assert!(parse_u64_list::<&str>(&[], "heap", "heaps").is_err());
        assert_eq!(parse_numbers("1, 4 5", "heap", "heaps"), Ok(vec![1, 4, 5]));
    }
}
