//! Values constant on intervals whose ends follow a linear recurrence: the
//! shape of games whose moves divide the heap (`n -> floor(n/k)`), where
//! the interval ends grow geometrically. The run starts `s(0) < s(1) < ...`
//! are found as a recurrence by Berlekamp–Massey ([`super::recurrence`]),
//! the runs' values as a periodic sequence; `G(n)` for `n` up to `2^64 - 1`
//! then takes a few dozen steps.
//!
//! ```
//! use grundy::pattern::intervals;
//! // G = 0 on [0, 1), then 1, 2 alternate on runs doubling in length.
//! let g: Vec<u64> = (0..5000u64).map(|n| match n { 0 => 0, n => 1 + (63 - n.leading_zeros() as u64) % 2 }).collect();
//! let f = intervals::find(0, &g).unwrap();
//! assert_eq!(f.value(1 << 40), Some(1));
//! assert_eq!(f.value((1 << 41) + 5), Some(2));
//! ```

use super::recurrence::{self, Recurrence};
use super::{found_len, Finding, Kind, Model, Status};

/// The fewest runs the pattern is looked for on.
const MIN_RUNS: usize = 10;

/// The most run starts generated to answer `G(n)`: the pattern is kept
/// only if this many carry the starts past `2^64`, so that the ends grow
/// geometrically and every answer is quick.
const MAX_STARTS: usize = 4096;

/// Values constant on runs: the run starts follow a recurrence, the runs'
/// values repeat with a period (counted in runs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intervals {
    /// The first run starts, as many as the recurrence needs.
    starts: Vec<u64>,
    /// The recurrence of the run starts.
    rec: Recurrence,
    /// The values of the first runs, through one period of them.
    values: Vec<u64>,
    /// The first run of the periodic part of the values.
    value_from: usize,
    /// The period of the runs' values.
    value_period: usize,
}

impl Intervals {
    /// `G(n)`, or `None` before the first position or when a run start
    /// would pass 128 bits.
    pub fn value(&self, n: u64) -> Option<u64> {
        if n < self.starts[0] {
            return None;
        }
        let s = self.starts_past(n)?;
        let run = s.iter().rposition(|&v| v <= i128::from(n))?;
        Some(self.run_value(run))
    }

    /// The run starts up to the first one past `n`.
    fn starts_past(&self, n: u64) -> Option<Vec<i128>> {
        let mut s: Vec<i128> = self.starts.iter().map(|&v| v as i128).collect();
        let target = n as i128;
        while *s.last()? <= target {
            if s.len() >= MAX_STARTS {
                return None;
            }
            let k = s.len();
            let mut next: i128 = 0;
            for (j, &c) in self.rec.coeffs.iter().enumerate() {
                next = next.checked_add(c.checked_mul(s[k - 1 - j])?)?;
            }
            if next <= s[k - 1] {
                return None;
            }
            s.push(next);
        }
        Some(s)
    }

    fn run_value(&self, run: usize) -> u64 {
        if run < self.values.len() {
            self.values[run]
        } else {
            self.values[self.value_from + (run - self.value_from) % self.value_period]
        }
    }
}

/// The runs of equal values: `(start, value)`.
fn runs(start: u64, values: &[u64]) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        if out.last().is_none_or(|&(_, w)| w != v) {
            out.push((start + i as u64, v));
        }
    }
    out
}

/// The least period `c` of `v[from..]` with three whole periods in
/// `v[from..found]`, holding on all of `v[from..]`.
fn least_period(v: &[u64], from: usize, found: usize) -> Option<usize> {
    (1..=found.saturating_sub(from) / 3).find(|&c| (from..v.len() - c).all(|i| v[i] == v[i + c]))
}

/// Values constant on intervals whose starts follow a linear recurrence
/// and whose values repeat, found on the first half of `values` (at least
/// ten runs, four positions a run on average) and checked on all.
pub fn find(start: u64, values: &[u64]) -> Option<Finding> {
    let all = runs(start, values);
    let half = start + found_len(values.len()) as u64;
    let found = all.iter().filter(|r| r.0 < half).count();
    if found < MIN_RUNS || values.len() < 4 * all.len() {
        return None;
    }
    let starts: Vec<i128> = all.iter().map(|r| r.0 as i128).collect();
    let rec = recurrence::find(&starts, found)?;
    let d = rec.coeffs.len();
    let v: Vec<u64> = all.iter().map(|r| r.1).collect();
    let c = least_period(&v, rec.from, found)?;
    let value_from = rec.from;
    let keep = (value_from + c).max(rec.from + d).min(v.len());
    let iv = Intervals {
        starts: all[..rec.from + d].iter().map(|r| r.0).collect(),
        rec,
        values: v[..keep].to_vec(),
        value_from,
        value_period: c,
    };
    let last = start + values.len() as u64 - 1;
    // The ends grow geometrically: every position up to 2^64 - 1 is
    // answered within MAX_STARTS run starts.
    iv.starts_past(u64::MAX)?;
    // The model's runs are the runs of all the values.
    let model = iv.starts_past(last)?;
    let same_runs = model.len() == all.len() + 1
        && all
            .iter()
            .enumerate()
            .all(|(i, r)| model[i] == i128::from(r.0) && iv.run_value(i) == r.1);
    if !same_runs {
        return None;
    }
    let head: Vec<String> = iv.starts.iter().map(u64::to_string).collect();
    let cycle: Vec<String> = v[iv.value_from..iv.value_from + c]
        .iter()
        .map(u64::to_string)
        .collect();
    let formula = format!(
        "G is constant on runs [s(k), s(k+1)): {}, s(0..) = {}; the runs' values repeat {} from run {}",
        iv.rec.text("s"),
        head.join(", "),
        cycle.join(" "),
        iv.value_from
    );
    Some(Finding {
        kind: Kind::Intervals,
        formula,
        found_to: half - 1,
        checked_to: last,
        status: Status::Observed { to: last },
        model: Model::Intervals(iv),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `n -> floor(n / k)` for `k` in `divisors`, by the plain mex.
    fn floor_game(divisors: &[u64], len: usize) -> Vec<u64> {
        let mut g = vec![0u64; len];
        for n in 1..len {
            let seen: Vec<u64> = divisors.iter().map(|&k| g[n / k as usize]).collect();
            g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    #[test]
    fn runs_growing_linearly_are_not_intervals() {
        // Runs of lengths 1, 2, 3, ...: starts k(k+1)/2, a recurrence of
        // order 3, but no quick answer at 10^18.
        let mut g = Vec::new();
        let mut k = 0u64;
        while g.len() < 100_000 {
            g.extend(std::iter::repeat_n(k % 3, k as usize + 1));
            k += 1;
        }
        assert!(find(0, &g).is_none());
    }

    #[test]
    fn halving_games() {
        // n -> floor(n/2) or floor(n/3).
        let g = floor_game(&[2, 3], 1 << 18);
        if let Some(f) = find(0, &g) {
            for n in (0..g.len()).step_by(97) {
                assert_eq!(f.value(n as u64), Some(g[n]));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn planted_intervals_are_recovered(
            ratio in 2u64..4,
            cycle in proptest::collection::vec(0u64..4, 2..4),
            first in 1u64..5,
        ) {
            prop_assume!((0..cycle.len()).all(|i| cycle[i] != cycle[(i + 1) % cycle.len()]));
            // G = 9 below `first`, then runs [first r^i, first r^(i+1)) with
            // values cycling.
            let planted = |n: u64| -> u64 {
                if n < first {
                    return 9;
                }
                let (mut s, mut i) = (first as u128, 0usize);
                while s * ratio as u128 <= n as u128 {
                    s *= ratio as u128;
                    i += 1;
                }
                cycle[i % cycle.len()]
            };
            let len = first * ratio.pow(3 * cycle.len() as u32 + 5);
            let vals: Vec<u64> = (0..len).map(planted).collect();
            let f = find(0, &vals);
            prop_assert!(f.is_some());
            let f = f.unwrap();
            for n in [0u64, 1, 77, len - 1, 1 << 40, 1_000_000_000_000_000_000, u64::MAX / 8] {
                prop_assert_eq!(f.value(n), Some(planted(n)), "{}", n);
            }
        }
    }
}
