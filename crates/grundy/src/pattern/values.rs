//! A heap rule's values `G(0..=to)` as the finder and the claims use them,
//! refused up front when they would take too long or hold too many.
//!
//! ```
//! let g = grundy::pattern::values::values(&"kayles".parse().unwrap(), 6).unwrap();
//! assert_eq!(g, [0, 1, 2, 3, 1, 4, 3]);
//! ```

use crate::heap::naive::{work_estimate, NaiveEngine};
use crate::heap::rule::HeapRule;

/// The most options looked at to compute a rule's values here (a few
/// seconds at most).
pub const MAX_WORK: f64 = 2e9;

/// The most values computed here.
pub const MAX_VALUES: u32 = 1 << 24;

/// `G(0..=to)` of the underlying heaps of `rule`, or an error when that
/// would take too long or hold too many values.
pub fn values(rule: &HeapRule, to: u32) -> Result<Vec<u64>, String> {
    if to >= MAX_VALUES {
        return Err(format!(
            "G(0..={to}) is more values than the {MAX_VALUES} computed here; try a smaller bound"
        ));
    }
    let base = rule.base();
    if work_estimate(&base, u64::from(to)) > MAX_WORK {
        return Err(format!(
            "computing G(0..={to}) of '{rule}' takes too long here; try a smaller bound"
        ));
    }
    let mut e = NaiveEngine::new(&base);
    e.extend_to(to);
    Ok(e.values().iter().map(|&v| u64::from(v)).collect())
}
