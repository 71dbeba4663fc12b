//! Values written as text, for the pattern finder: a sequence `G(start),
//! G(start + 1), ...` separated by white space or as the CSV `n,value`, a
//! table one row a line, and a position asked for (`N`, `B^E`, `X,Y`).
//! `what` names the text in errors ("standard input", "the file 'x'").
//!
//! ```
//! use grundy::pattern::numbers::{grid, position, sequence};
//! assert_eq!(sequence("n,value\n5,1\n6,0\n", "input", 0, false).unwrap(), (5, vec![1, 0]));
//! assert_eq!(grid("0 1\n1 0\n", "input").unwrap(), (2, 2, vec![0, 1, 1, 0]));
//! assert_eq!(position("10^18", false).unwrap(), (1_000_000_000_000_000_000, 0));
//! ```

use crate::escape::one_line;
use crate::family::text::parse_u64;

/// Each word a whole number.
fn numbers(words: &[&str], what: &str) -> Result<Vec<u64>, String> {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            w.parse::<u64>().map_err(|_| {
                format!(
                    "{what}: number {} ('{}') is not a whole number from 0 to 2^64 - 1",
                    i + 1,
                    one_line(w)
                )
            })
        })
        .collect()
}

/// The values of a CSV table `n,value` (as `grundy game FILE --table A..B
/// --csv` prints it), with its first position; `None` when the text does
/// not start with that header.
fn csv_values(text: &str, what: &str) -> Result<Option<(u64, Vec<u64>)>, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    if lines.next().map(str::trim) != Some("n,value") {
        return Ok(None);
    }
    let mut first = None;
    let mut values = Vec::new();
    for (i, line) in lines.enumerate() {
        let bad = || format!("{what}: line {} is not 'n,value'", i + 2);
        let (n, v) = line.trim().split_once(',').ok_or_else(bad)?;
        let (n, v): (u64, u64) = (n.parse().map_err(|_| bad())?, v.parse().map_err(|_| bad())?);
        let expected = first.map(|f: u64| f + values.len() as u64);
        if expected.is_some_and(|e| e != n) {
            return Err(format!(
                "{what}: line {} is position {n}, expected {}",
                i + 2,
                expected.unwrap_or(0)
            ));
        }
        first.get_or_insert(n);
        values.push(v);
    }
    Ok(first.map(|f| (f, values)))
}

/// A sequence: the CSV `n,value` with its own first position (then
/// `start_given` is refused), or numbers separated by white space from
/// `start`; with the first position. At least one number, and the last
/// position below 2^64.
pub fn sequence(
    text: &str,
    what: &str,
    start: u64,
    start_given: bool,
) -> Result<(u64, Vec<u64>), String> {
    let (start, values) = match csv_values(text, what)? {
        Some((first, values)) if !start_given => (first, values),
        Some(_) => return Err("--start: the CSV names its positions".to_string()),
        None => (
            start,
            numbers(&text.split_whitespace().collect::<Vec<_>>(), what)?,
        ),
    };
    if values.is_empty() {
        return Err(format!("{what} holds no numbers"));
    }
    start
        .checked_add(values.len() as u64 - 1)
        .ok_or("--start plus the count of numbers passes 2^64")?;
    Ok((start, values))
}

/// A table, one row a line, `G(x, y)` the `y`-th number of line `x` (as
/// `grundy table KIND` prints them): its rows, columns and values row by
/// row. Every row has as many numbers as the first.
pub fn grid(text: &str, what: &str) -> Result<(usize, usize, Vec<u64>), String> {
    let rows: Vec<Vec<u64>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| numbers(&l.split_whitespace().collect::<Vec<_>>(), what))
        .collect::<Result<_, _>>()?;
    let cols = rows.first().map_or(0, Vec::len);
    if rows.is_empty() || cols == 0 {
        return Err(format!("{what} holds no table"));
    }
    if let Some(i) = rows.iter().position(|r| r.len() != cols) {
        return Err(format!(
            "{what}: row {i} has {} numbers, row 0 has {cols}",
            rows[i].len()
        ));
    }
    Ok((rows.len(), cols, rows.concat()))
}

/// A whole number written `N` or `B^E` (`10^16`, `7^10`), called `what`
/// in a refusal, and `flag` when it passes 64 bits.
///
/// ```
/// use grundy::pattern::numbers::whole;
/// assert_eq!(whole("10^16", "bound", "--sum-to"), Ok(10_000_000_000_000_000));
/// assert_eq!(whole("7^10", "modulus", "--mod"), Ok(282_475_249));
/// assert!(whole("2^64", "bound", "--sum-to").unwrap_err().contains("past 2^64 - 1"));
/// ```
pub fn whole(t: &str, what: &str, flag: &str) -> Result<u64, String> {
    let number = |t: &str, what: &str| parse_u64(t, what).map_err(|e| e.0);
    match t.split_once('^') {
        Some((b, e)) => {
            let (b, e) = (number(b, what)?, number(e, "exponent")?);
            u32::try_from(e)
                .ok()
                .and_then(|e| b.checked_pow(e))
                .ok_or_else(|| format!("{flag} {t} is past 2^64 - 1"))
        }
        None => number(t, what),
    }
}

/// A position asked for: `N` or `B^E` for a sequence (`(N, 0)`), `X,Y` for
/// a table.
pub fn position(text: &str, table: bool) -> Result<(u64, u64), String> {
    let one = |t: &str| whole(t, "position", "--at");
    match (text.split_once(','), table) {
        (Some((x, y)), true) => Ok((one(x)?, one(y)?)),
        (None, false) => Ok((one(text)?, 0)),
        (Some(_), false) => Err("--at X,Y is for a table; a sequence takes --at N".to_string()),
        (None, true) => Err("--at X,Y: a table's cell is two numbers".to_string()),
    }
}
