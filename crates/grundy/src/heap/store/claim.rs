//! The claim a sequence file may carry after its values: that the sequence
//! is periodic for ever, by a named theorem whose window the file's values
//! cover. `grundy verify` checks the values, then the claim from them.
//!
//! A file with a claim has format version 2 and ends with 49 bytes
//! (little-endian): the tag `PERIODIC`, the theorem `u8` (1: the octal
//! periodicity theorem for a take-and-break code removing at most `t`
//! tokens and leaving at most `k` heaps; 2: the periodicity of a finite
//! subtraction game whose largest move is `t`), the preperiod `n0` `u64`,
//! the period `p` `u64`, `t` `u64`, `k` `u64` (0 for a subtraction game)
//! and the end of the window `u64`: the claim is that `G(n + p) = G(n)` was
//! checked for `n0 <= n < end`, which the theorem turns into every
//! `n >= n0`. The file holds at least `end + p` values.
//!
//! ```
//! use grundy::heap::store::{Claim, Theorem};
//! let kayles = Claim {
//!     preperiod: 71,
//!     period: 12,
//!     theorem: Theorem::Octal { max_removal: 2, parts: 2 },
//!     window_end: 156,
//! };
//! assert_eq!(Claim::from_bytes(&kayles.to_bytes()), Ok(kayles));
//! assert_eq!(kayles.values_needed(), 168);
//! ```

use serde::{Deserialize, Serialize};

use super::FormatError;

/// The tag that opens a claim.
const TAG: &[u8; 8] = b"PERIODIC";

/// Bytes of a claim at the end of a file.
pub const CLAIM_SIZE: u64 = 8 + 1 + 5 * 8;

/// The theorem a claim rests on, with the figures of the rule it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "theorem", rename_all = "snake_case")]
pub enum Theorem {
    /// The octal periodicity theorem (Guy and Smith) for a take-and-break
    /// code whose moves remove at most `max_removal` tokens and leave at
    /// most `parts` heaps.
    Octal {
        /// The most tokens a move removes (t).
        max_removal: u64,
        /// The most heaps a move leaves (k).
        parts: u64,
    },
    /// The periodicity of a finite subtraction game.
    Subtraction {
        /// The largest move.
        max: u64,
    },
}

/// A claim of periodicity for ever: `G(n + period) = G(n)` for every
/// `n >= preperiod`, by `theorem`, whose window `preperiod..window_end`
/// was checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Claim {
    /// The first heap of the periodic part (n0).
    pub preperiod: u64,
    /// The period (p).
    pub period: u64,
    /// The theorem.
    #[serde(flatten)]
    pub theorem: Theorem,
    /// The end (exclusive) of the heaps `n` with `G(n + p) = G(n)` checked.
    pub window_end: u64,
}

impl Claim {
    /// Values `G(0..)` the window reads: `window_end + period`.
    pub fn values_needed(&self) -> u64 {
        self.window_end.saturating_add(self.period)
    }

    /// The claim's bytes at the end of a file.
    pub fn to_bytes(&self) -> [u8; CLAIM_SIZE as usize] {
        let (kind, t, k) = match self.theorem {
            Theorem::Octal { max_removal, parts } => (1u8, max_removal, parts),
            Theorem::Subtraction { max } => (2u8, max, 0),
        };
        let mut b = [0u8; CLAIM_SIZE as usize];
        b[..8].copy_from_slice(TAG);
        b[8] = kind;
        for (i, x) in [self.preperiod, self.period, t, k, self.window_end]
            .into_iter()
            .enumerate()
        {
            b[9 + 8 * i..17 + 8 * i].copy_from_slice(&x.to_le_bytes());
        }
        b
    }

    /// Reads a claim's bytes, refusing a damaged one.
    pub fn from_bytes(b: &[u8]) -> Result<Claim, FormatError> {
        let damaged = |why: &str| FormatError(format!("damaged claim ({why})"));
        if b.len() != CLAIM_SIZE as usize || &b[..8] != TAG {
            return Err(damaged("no PERIODIC tag"));
        }
        let word =
            |i: usize| u64::from_le_bytes(b[9 + 8 * i..17 + 8 * i].try_into().expect("8 bytes"));
        let (preperiod, period, t, k, window_end) = (word(0), word(1), word(2), word(3), word(4));
        let theorem = match b[8] {
            1 => Theorem::Octal {
                max_removal: t,
                parts: k,
            },
            2 => Theorem::Subtraction { max: t },
            other => return Err(damaged(&format!("theorem {other} is not 1 or 2"))),
        };
        if period == 0 {
            return Err(damaged("period 0"));
        }
        Ok(Claim {
            preperiod,
            period,
            theorem,
            window_end,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_claims_are_refused() {
        let c = Claim {
            preperiod: 3,
            period: 4,
            theorem: Theorem::Subtraction { max: 3 },
            window_end: 6,
        };
        let b = c.to_bytes();
        assert_eq!(Claim::from_bytes(&b), Ok(c));
        let mut bad = b;
        bad[0] = b'X';
        assert!(Claim::from_bytes(&bad).is_err());
        let mut bad = b;
        bad[8] = 7;
        assert!(Claim::from_bytes(&bad).unwrap_err().0.contains("theorem 7"));
        assert!(Claim::from_bytes(&b[1..]).is_err());
        let zero = Claim { period: 0, ..c };
        assert!(Claim::from_bytes(&zero.to_bytes()).is_err());
    }
}
