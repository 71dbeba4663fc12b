//! Least period and least arithmetic period (saltus) of a sequence, by the
//! linear-time detection of [`crate::heap::periodicity`]: the period found
//! is the least one of the longest periodic tail, never a multiple, and
//! the preperiod is the least for it.
//!
//! ```
//! use grundy::pattern::period;
//! // 0 2 1, then each block of three 3 more: saltus 3, period 3.
//! let h: Vec<u64> = (0..60).map(|n| [0, 2, 1][n % 3] + 3 * (n as u64 / 3)).collect();
//! let f = period::arithmetic(0, &h).unwrap();
//! assert_eq!(f.formula, "G(n + 3) = G(n) + 3 for n >= 0");
//! ```

use super::{found_len, Finding, Kind, Model, Status};
use crate::heap::periodicity::{analyze_with, Periodicity, Status as PStatus, Window};

/// `(preperiod, period, saltus)` of `values[..len]`, positions counted
/// from `start`: the least period of the longest convincing tail (two
/// whole periods, a quarter of the values).
fn detect(start: u64, values: &[u64], len: usize, arithmetic: bool) -> Option<(u64, u64, i64)> {
    if values[..len].iter().any(|&v| v > u64::from(u32::MAX)) {
        return None;
    }
    let p: Periodicity = analyze_with(len, |i| values[i] as u32, Window::Unknown, arithmetic);
    if p.status == PStatus::None {
        return None;
    }
    Some((start + p.preperiod?, p.period?, p.saltus?))
}

/// Whether `G(n + p) = G(n) + s` for every `n >= n0` of `values`.
pub fn holds(start: u64, values: &[u64], n0: u64, p: u64, s: i64) -> bool {
    let from = (n0 - start) as usize;
    let p = p as usize;
    (from..values.len().saturating_sub(p))
        .all(|i| values[i + p] as i128 - values[i] as i128 == s as i128)
}

/// The finding for a repetition checked on all of `values`.
pub(crate) fn finding(
    start: u64,
    values: &[u64],
    (n0, p, s): (u64, u64, i64),
    found_to: u64,
    status: Status,
) -> Finding {
    let formula = match s {
        0 => format!("G(n + {p}) = G(n) for n >= {n0}"),
        s => format!("G(n + {p}) = G(n) + {s} for n >= {n0}"),
    };
    let keep = ((n0 + p - start) as usize).min(values.len());
    Finding {
        kind: if s == 0 {
            Kind::Period
        } else {
            Kind::ArithmeticPeriod
        },
        formula,
        found_to,
        checked_to: start + values.len() as u64 - 1,
        status,
        model: Model::Periodic {
            start,
            values: values[..keep].to_vec(),
            preperiod: n0,
            period: p,
            saltus: s as u64,
        },
    }
}

fn find(start: u64, values: &[u64], arithmetic: bool) -> Option<Finding> {
    let len = found_len(values.len());
    if len < 4 {
        return None;
    }
    let (n0, p, s) = detect(start, values, len, arithmetic)?;
    if (s != 0) != arithmetic || s < 0 || !holds(start, values, n0, p, s) {
        return None;
    }
    let last = start + values.len() as u64 - 1;
    Some(finding(
        start,
        values,
        (n0, p, s),
        start + len as u64 - 1,
        Status::Observed { to: last },
    ))
}

/// The least period of `values` (`values[i] = G(start + i)`), found on the
/// first half and re-checked on all.
pub fn plain(start: u64, values: &[u64]) -> Option<Finding> {
    find(start, values, false)
}

/// The least arithmetic period with a positive saltus, when the values are
/// not plainly periodic; found on the first half, re-checked on all.
pub fn arithmetic(start: u64, values: &[u64]) -> Option<Finding> {
    find(start, values, true)
}
