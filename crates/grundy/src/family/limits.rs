//! Caps on what is listed, shared by every front-end. Each winning move is
//! listed with the whole position it leads to, so a long position with many
//! winning moves (an odd number of heaps of 1 in Nim: every heap is a
//! winning move) would need moves x length numbers: 20001 heaps already
//! make 4 * 10^8. Such a list is cut before anything is built: the value
//! and the outcome are always given, with the first moves and their count
//! ([`listed`]).

use super::Error;

/// The most numbers (heaps, cells, rows, chips) all the listed positions
/// may hold together (measured: 90 MB at the peak and 4 MB of output for
/// Nim with 1413 heaps of 1, 1413 moves of 1413 heaps each).
pub const MAX_LISTED: u64 = 2_000_000;

/// The most moves a `moves` listing shows, and the most a position may
/// have for a typed position to be matched against every move.
pub const MOVE_LIST_CAP: u128 = 2000;

/// The most values `grundy seq` lists (about a gigabyte of text); longer
/// runs are summarised (`--summary`) or written to a file (`--out`).
pub const MAX_VALUES: u64 = 100_000_000;

/// Refuses a listing of `count` values of a sequence past [`MAX_VALUES`].
pub fn check_values(count: u64) -> Result<(), Error> {
    if count > MAX_VALUES {
        return Err(Error::new(format!(
            "listing {count} values is too much output (at most {MAX_VALUES}); \
             add --summary, narrow --from/--to or write them with --out"
        )));
    }
    Ok(())
}

/// How many winning moves are listed when cut: the first ones only.
pub const FIRST_LISTED: usize = 10;

/// How many of `moves` winning moves, each listed with a position of
/// `length` numbers, are listed: all of them when they hold at most
/// [`MAX_LISTED`] numbers together, otherwise the first [`FIRST_LISTED`]
/// (fewer for very long positions, but always one).
///
/// ```
/// use grundy::family::limits::listed;
/// assert_eq!(listed(3, 5), 3);
/// assert_eq!(listed(2001, 2001), 10);
/// assert_eq!(listed(1_000_000, 1_000_000), 2);
/// assert_eq!(listed(u128::MAX, 1), 10);
/// ```
pub fn listed(moves: u128, length: usize) -> usize {
    let length = length.max(1) as u128;
    if moves.saturating_mul(length) <= MAX_LISTED as u128 {
        return moves as usize;
    }
    let fit = (MAX_LISTED as u128 / length).max(1);
    fit.min(FIRST_LISTED as u128) as usize
}

/// Refuses a list of `moves` winning moves over positions of `length`
/// `unit`s (plural, e.g. "heaps") when it would exceed [`MAX_LISTED`].
pub fn check(moves: u64, length: usize, unit: &str) -> Result<(), Error> {
    let total = moves.saturating_mul(length as u64);
    if total > MAX_LISTED {
        return Err(Error::new(format!(
            "this position has {moves} winning moves, each listed with the whole position of \
             {length} {unit}: {total} {unit} in all, more than the {MAX_LISTED} that are listed"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap() {
        assert!(check(2000, 1000, "heaps").is_ok());
        let e = check(2001, 1000, "heaps").unwrap_err();
        assert!(e.0.contains("2001 winning moves"), "{e}");
        assert!(check(u64::MAX, usize::MAX, "cells").is_err());
        assert!(check(0, usize::MAX, "cells").is_ok());
        assert!(check_values(MAX_VALUES).is_ok());
        assert!(check_values(MAX_VALUES + 1).is_err());
    }
}
