//! Patterns in Grundy values: from a table of values to a formula with its
//! evidence, and claims about values decided.
//!
//! The finder looks, in order of simplicity, for
//! - periodicity, then a closed form in `n`, then arithmetic periodicity
//!   (a saltus), with the least period, never a multiple ([`period`],
//!   [`closed_form`]);
//! - values constant on intervals whose ends follow a linear recurrence
//!   (they grow geometrically in floor(n/k) games), so that `G(10^18)`
//!   follows ([`intervals`]);
//! - the P-positions as a linear recurrence, found by Berlekamp–Massey
//!   ([`recurrence`]), or as a Beatty sequence `floor(k alpha + beta)` with
//!   `alpha` a rational or a quadratic irrational recognised by its
//!   continued fraction ([`beatty`]);
//! - for tables: a closed form in `x` and `y`, symmetry, the rows'
//!   periodicity (plain or additive), and the P-positions as a pair of
//!   Beatty sequences ([`table`]).
//!
//! Each pattern is found on the first half of the values and then checked
//! on all of them; what fails the check is dropped, so nothing reported is
//! false on the values given. A finding is *observed* on that range unless
//! a theorem proves it: for heap rules, the periodicity theorems of
//! [`crate::heap::periodicity`] ([`rule`]). [`check`] decides claims
//! ("0.07 has period 34 from 53") the same way: proven, refuted at the
//! first failing position, or observed up to a bound.
//!
//! ```
//! use grundy::pattern::{find_sequence, Kind};
//! // n -> floor(n/2), ..., floor(n/6): constant on intervals.
//! let mut g = vec![0u64; 200_000];
//! for n in 1..g.len() {
//!     let seen: Vec<u64> = (2..=6).map(|k| g[n / k]).collect();
//!     g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
//! }
//! let found = find_sequence(0, &g);
//! assert_eq!(found[0].kind, Kind::Intervals);
//! assert_eq!(found[0].value(1_000_000_000_000_000_000), Some(3));
//! ```

use serde::Serialize;

pub mod beatty;
pub mod catalogue;
pub mod check;
pub mod closed_form;
pub mod floor_sum;
pub mod formula;
pub mod games;
pub mod huge;
pub mod intervals;
pub mod numbers;
pub mod p_sums;
pub mod period;
pub mod recurrence;
pub mod report;
pub mod rule;
pub mod table;
pub mod twoheap_theorems;
pub mod values;

/// What kind of pattern a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// `G(n + p) = G(n)` from a preperiod on.
    Period,
    /// `G(n + p) = G(n) + s` from a preperiod on (saltus `s`).
    ArithmeticPeriod,
    /// `G` given by a formula in `n` (or `x`, `y`).
    ClosedForm,
    /// `G` constant on intervals whose ends follow a linear recurrence.
    Intervals,
    /// The P-positions' differences are periodic.
    PPositionDifferences,
    /// The P-positions follow a linear recurrence.
    PPositionRecurrence,
    /// The P-positions are a Beatty sequence `floor(k alpha + beta)`.
    PPositionBeatty,
    /// A table equals its transpose.
    Symmetry,
    /// A table's rows are periodic or additively periodic.
    RowPeriods,
    /// A table's P-positions are a pair of Beatty sequences.
    PPositionBeattyPair,
    /// A table's P-positions are the axes and, in each row `x`, the cells
    /// `x < y <= u(x)` (and their mirror images), `u` a Beatty sequence.
    PPositionWedge,
    /// A table's diagonals `x - y = d` are periodic or additively
    /// periodic.
    Diagonals,
    /// The values equal a known game's (or sequence's) from the
    /// [`catalogue`], possibly shifted.
    KnownGame,
}

/// How far a finding is established.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Status {
    /// For every position, by the named theorem.
    Proven {
        /// The theorem and what of it was checked.
        theorem: String,
    },
    /// On every position up to `to` (inclusive), and no further known.
    Observed {
        /// The last position checked.
        to: u64,
    },
}

/// A pattern found, with its evidence.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// Which pattern.
    pub kind: Kind,
    /// The pattern as a formula or in words.
    pub formula: String,
    /// The last position of the range the pattern was found on.
    pub found_to: u64,
    /// The last position of the range it was re-checked on (all values).
    pub checked_to: u64,
    /// Proven, or observed up to a position.
    #[serde(flatten)]
    pub status: Status,
    /// The pattern as something that computes values, when it gives them.
    #[serde(skip)]
    pub model: Model,
}

/// A finding as a way to compute values beyond the table.
#[derive(Clone, Debug, Default)]
pub enum Model {
    /// The finding does not give every value (P-positions, symmetry).
    #[default]
    Partial,
    /// `values[i]` is `G(start + i)` up to one period past the preperiod,
    /// then `G(n + period) = G(n) + saltus`.
    Periodic {
        /// The first position.
        start: u64,
        /// The values from `start` to `preperiod + period - 1`.
        values: Vec<u64>,
        /// The first position of the periodic part.
        preperiod: u64,
        /// The period.
        period: u64,
        /// What a period adds.
        saltus: u64,
    },
    /// A formula in `n`, or in `x` and `y` for a table.
    Formula(formula::Formula),
    /// Constant on intervals.
    Intervals(intervals::Intervals),
    /// A table's P-positions: `(a(k), b(k))` and `(b(k), a(k))`.
    BeattyPair(beatty::Beatty, beatty::Beatty),
    /// A table's P-positions: the axes and the cells `x < y <= u(x)`, with
    /// their mirror images.
    Wedge(beatty::Beatty),
}

impl Finding {
    /// `G(n)` from the pattern, when it gives every value and `n` is past
    /// the first position (`None` for partial findings or beyond `u64`).
    pub fn value(&self, n: u64) -> Option<u64> {
        match &self.model {
            Model::Partial => None,
            Model::Periodic {
                start,
                values,
                preperiod,
                period,
                saltus,
            } => {
                if n < *start {
                    return None;
                }
                if n < *preperiod {
                    return values.get((n - start) as usize).copied();
                }
                let d = n - preperiod;
                let at = values[(preperiod + d % period - start) as usize];
                (d / period).checked_mul(*saltus)?.checked_add(at)
            }
            Model::Formula(f) if f.uses("x") || f.uses("y") => None,
            Model::Formula(f) => f.at(n),
            Model::Intervals(iv) => iv.value(n),
            Model::BeattyPair(..) | Model::Wedge(..) => None,
        }
    }

    /// Whether `(x, y)` is a P-position of a table whose P-positions the
    /// finding gives as a Beatty pair or a wedge (`None` for other
    /// findings, or past what the sequences compute exactly).
    ///
    /// ```
    /// use grundy::pattern::{find_table, Kind};
    /// let n = 120;
    /// let g: Vec<u64> = grundy::games::wythoff::values(n, n).iter().map(|&v| v as u64).collect();
    /// let found = find_table(n, n, &g);
    /// let pair = found.iter().find(|f| f.kind == Kind::PPositionBeattyPair).unwrap();
    /// // floor(k phi), floor(k phi^2) for k = 10^17.
    /// assert_eq!(pair.is_p_position(161803398874989484, 261803398874989484), Some(true));
    /// assert_eq!(pair.is_p_position(161803398874989484, 261803398874989485), Some(false));
    /// ```
    pub fn is_p_position(&self, x: u64, y: u64) -> Option<bool> {
        let (lo, hi) = (x.min(y), x.max(y));
        let (a, b) = match &self.model {
            Model::BeattyPair(a, b) => (a, b),
            Model::Wedge(u) => return Some(lo == 0 || (lo < hi && hi <= u.term(lo)?)),
            _ => return None,
        };
        // The least k with a(k) >= lo: a is increasing.
        let (mut l, mut h) = (0u64, lo.saturating_add(1));
        while l < h {
            let m = l + (h - l) / 2;
            match a.term(m) {
                Some(t) if t < lo => l = m + 1,
                _ => h = m,
            }
        }
        Some(a.term(l)? == lo && b.term(l)? == hi)
    }

    /// `G(x, y)` from a table's closed form (`None` for other findings or
    /// beyond `u64`).
    ///
    /// ```
    /// use grundy::pattern::find_table;
    /// let g: Vec<u64> = (0..400).map(|i| ((i / 20) ^ (i % 20)) as u64).collect();
    /// let found = find_table(20, 20, &g);
    /// assert_eq!(found[0].value2(1 << 60, 5), Some((1 << 60) + 5));
    /// ```
    pub fn value2(&self, x: u64, y: u64) -> Option<u64> {
        match &self.model {
            Model::Formula(f) if !f.uses("n") => f.at2(x, y),
            _ => None,
        }
    }

    /// Whether the finding gives every value.
    pub fn is_complete(&self) -> bool {
        !matches!(
            self.model,
            Model::Partial | Model::BeattyPair(..) | Model::Wedge(..)
        )
    }

    /// The finding in one line of text.
    pub fn to_text(&self) -> String {
        let status = match &self.status {
            Status::Proven { theorem } => format!("proven ({theorem})"),
            Status::Observed { to } => format!("observed on n <= {to}"),
        };
        format!(
            "{}: {} [found on n <= {}; {status}]",
            self.kind.words(),
            self.formula,
            self.found_to
        )
    }
}

impl Kind {
    /// The kind in words.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Period => "period",
            Kind::ArithmeticPeriod => "arithmetic period",
            Kind::ClosedForm => "closed form",
            Kind::Intervals => "intervals",
            Kind::PPositionDifferences => "P-positions",
            Kind::PPositionRecurrence => "P-positions",
            Kind::PPositionBeatty => "P-positions",
            Kind::Symmetry => "symmetry",
            Kind::RowPeriods => "rows",
            Kind::PPositionBeattyPair => "P-positions",
            Kind::PPositionWedge => "P-positions",
            Kind::KnownGame => "known game",
            Kind::Diagonals => "diagonals",
        }
    }
}

/// Where a pattern is looked for and where it is re-checked: the first
/// half of the values, then all of them.
pub(crate) fn found_len(len: usize) -> usize {
    len / 2
}

/// Patterns in `values`, where `values[i] = G(start + i)`: found on the
/// first half of the values, re-checked on all; the simplest first. A
/// periodic sequence is described by its period alone; otherwise the first
/// finding that gives every value is reported, then the P-positions.
///
/// ```
/// use grundy::pattern::{find_sequence, Kind};
/// let g: Vec<u64> = (0..300).map(|n| [0, 1, 2, 0, 1][n % 5]).collect();
/// let found = find_sequence(0, &g);
/// assert_eq!(found[0].kind, Kind::Period);
/// assert_eq!(found[0].formula, "G(n + 5) = G(n) for n >= 0");
/// ```
pub fn find_sequence(start: u64, values: &[u64]) -> Vec<Finding> {
    let mut out = Vec::new();
    if values.len() < 8 || start.checked_add(values.len() as u64).is_none() {
        return out;
    }
    if let Some(f) = period::plain(start, values) {
        return vec![f];
    }
    let complete = closed_form::in_n(start, values)
        .or_else(|| period::arithmetic(start, values))
        .or_else(|| intervals::find(start, values));
    out.extend(complete);
    out.extend(p_positions(start, values));
    out
}

/// The P-positions (the positions of value 0) of `values`, described by
/// periodic differences, a linear recurrence or a Beatty sequence, when
/// there are enough of them.
pub fn p_positions(start: u64, values: &[u64]) -> Option<Finding> {
    let all: Vec<u64> = positions_of_zero(start, values);
    let half = start + found_len(values.len()) as u64;
    let found = all.iter().filter(|&&p| p < half).count();
    let last = start + values.len() as u64 - 1;
    recurrence::p_positions(&all, found, half - 1, last)
        .or_else(|| beatty::p_positions(&all, found, half - 1, last))
}

fn positions_of_zero(start: u64, values: &[u64]) -> Vec<u64> {
    values
        .iter()
        .enumerate()
        .filter(|(_, &v)| v == 0)
        .map(|(i, _)| start + i as u64)
        .collect()
}

pub use table::find_table;

#[cfg(test)]
mod tests;
