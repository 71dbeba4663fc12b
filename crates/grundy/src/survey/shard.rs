//! Splitting a survey into `count` shards run independently (a Slurm job
//! array, GNU parallel, any batch system): shard `i` of `count` (numbered
//! from 1) takes the codes at positions `i - 1`, `i - 1 + count`, ... of the
//! canonical list. Dealing the codes round-robin spreads the slow ones
//! (which come in runs of neighbouring codes) over every shard.
//!
//! ```
//! use grundy::survey::shard::Shard;
//! let codes: Vec<String> = (0..7).map(|i| format!("0.{i}")).collect();
//! let s: Shard = "2/3".parse().unwrap();
//! assert_eq!(s.select(&codes), ["0.1", "0.4"]);
//! assert!("0/3".parse::<Shard>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

/// Shard `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 1 to `count`.
    pub index: u64,
    /// How many shards there are.
    pub count: u64,
}

impl Shard {
    /// The whole survey as one shard.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether the code at `position` of the canonical list is in this shard.
    pub fn holds(&self, position: usize) -> bool {
        position as u64 % self.count == self.index - 1
    }

    /// This shard's part of the heaps `from..=to` cut into `count`
    /// contiguous parts whose sizes differ by at most one (for work that
    /// goes by ranges, as `grundy verify` does), or `None` when the part is
    /// empty.
    ///
    /// ```
    /// use grundy::survey::shard::Shard;
    /// let s: Shard = "2/3".parse().unwrap();
    /// assert_eq!(s.range(0, 9), Some((3, 5)));
    /// ```
    pub fn range(&self, from: u64, to: u64) -> Option<(u64, u64)> {
        let len = (to - from + 1) as u128;
        let (i, n) = (self.index as u128, self.count as u128);
        let start = from + (len * (i - 1) / n) as u64;
        let end = from + (len * i / n) as u64;
        (end > start).then(|| (start, end - 1))
    }

    /// The codes of this shard, in canonical order.
    pub fn select(&self, codes: &[String]) -> Vec<String> {
        codes
            .iter()
            .enumerate()
            .filter(|&(k, _)| self.holds(k))
            .map(|(_, c)| c.clone())
            .collect()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A shard that is not `i/N` with `1 <= i <= N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shard '{}': {message}", crate::escape::one_line(.text))]
pub struct ShardError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub message: String,
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let err = |message: &str| ShardError {
            text: s.to_string(),
            message: message.to_string(),
        };
        let (i, n) = s
            .trim()
            .split_once('/')
            .ok_or_else(|| err("write it as I/N, shard I of N"))?;
        let number = |t: &str| t.trim().parse::<u64>().ok();
        let (Some(index), Some(count)) = (number(i), number(n)) else {
            return Err(err("write it as I/N with whole numbers, shard I of N"));
        };
        if count == 0 {
            return Err(err("the number of shards N must be at least 1"));
        }
        if index == 0 || index > count {
            return Err(err(&format!("shards are numbered 1 to {count}")));
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ranges_cover_the_heaps_once() {
        for (from, to) in [(0u64, 0u64), (0, 10), (5, 1000), (3, 7)] {
            for count in 1..=12u64 {
                let mut next = from;
                for index in 1..=count {
                    if let Some((a, b)) = (Shard { index, count }).range(from, to) {
                        assert_eq!(a, next);
                        next = b + 1;
                    }
                }
                assert_eq!(next, to + 1);
            }
        }
    }

    #[test]
    fn bad_shards_are_refused() {
        for (s, why) in [
            ("3", "I/N"),
            ("a/2", "whole numbers"),
            ("1/0", "at least 1"),
            ("0/4", "numbered 1 to 4"),
            ("5/4", "numbered 1 to 4"),
            ("-1/4", "whole numbers"),
        ] {
            let e = s.parse::<Shard>().unwrap_err().to_string();
            assert!(e.contains(why), "{s}: {e}");
        }
        assert_eq!("4/4".parse::<Shard>().unwrap().to_string(), "4/4");
    }

    proptest! {
        /// The shards of a list partition it: every code in exactly one
        /// shard, each shard in canonical order, the same split every time,
        /// and shard sizes differing by at most one.
        #[test]
        fn shards_partition_the_list(len in 0usize..200, count in 1u64..20) {
            let codes: Vec<String> = (0..len).map(|i| format!("{i:05}")).collect();
            let shards: Vec<Vec<String>> = (1..=count)
                .map(|index| Shard { index, count }.select(&codes))
                .collect();
            let again: Vec<Vec<String>> = (1..=count)
                .map(|index| format!("{index}/{count}").parse::<Shard>().unwrap().select(&codes))
                .collect();
            prop_assert_eq!(&shards, &again);
            let mut all: Vec<String> = shards.iter().flatten().cloned().collect();
            prop_assert_eq!(all.len(), len);
            all.sort();
            prop_assert_eq!(&all, &codes);
            for s in &shards {
                let mut sorted = s.clone();
                sorted.sort();
                prop_assert_eq!(&sorted, s);
            }
            let sizes: Vec<usize> = shards.iter().map(Vec::len).collect();
            let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
            prop_assert!(hi - lo <= 1);
            prop_assert_eq!(Shard::ALL.select(&codes), codes);
        }
    }
}
