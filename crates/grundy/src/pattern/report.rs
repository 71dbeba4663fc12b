//! The report of a pattern search, one shape for every front-end: what the
//! values are of, the range searched, every finding, and `G(n)` at a
//! position asked for. `grundy pattern --json` prints it and the page shows
//! it, so their fields are the same.
//!
//! ```
//! use grundy::pattern::report::Report;
//! let r = Report::rule(&"kayles".parse().unwrap(), 400, Some(1_000_000), false).unwrap();
//! assert_eq!((r.first, r.last), (0, 400));
//! assert_eq!(r.findings[0].formula, "G(n + 12) = G(n) for n >= 71");
//! let at = r.at.as_ref().unwrap();
//! assert_eq!((at.value, at.proven), (Some(1), true)); // 10^6 = 71 + 11 (mod 12), G(82) = 1
//! let json = serde_json::to_value(&r).unwrap();
//! assert_eq!(json["findings"][0]["status"], "proven");
//! ```

use serde::Serialize;

use super::huge::{rule_at, At};
use super::rule::find_rule;
use super::Finding;
use crate::heap::rule::HeapRule;

/// The patterns found in a sequence or a table of values.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// What the values are of (a rule, a file, a game).
    pub source: String,
    /// The first position.
    pub first: u64,
    /// The last position (for a table: the last row).
    pub last: u64,
    /// For a table: its rows and columns.
    pub table: Option<(usize, usize)>,
    /// Every pattern found, the simplest first.
    pub findings: Vec<Finding>,
    /// `G` at the position asked for.
    pub at: Option<ValueAt>,
}

/// `G` at a position asked for, from the first finding that gives every
/// value ([`super::huge`]): with a winning move where one follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueAt {
    /// The position of a sequence (`null` for a table's cell).
    pub n: Option<u64>,
    /// The cell of a table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xy: Option<[u64; 2]>,
    /// Its value; `null` when the pattern says only that it is not 0.
    pub value: Option<u64>,
    /// `P` (value 0) or `N`.
    pub outcome: String,
    /// Whether the pattern it comes from is proven (else it is an
    /// extrapolation of an observed pattern).
    pub proven: bool,
    /// A move to value 0, when the value is not 0 and one was derived.
    pub winning_move: Option<String>,
    /// The position it leaves.
    pub leaves: Option<String>,
    /// What could not be derived, and why.
    pub note: Option<String>,
}

impl ValueAt {
    /// The answer `at` of [`super::huge`] at position `x` of a sequence,
    /// or at cell `(x, y)` of a table.
    pub fn new(at: At, x: u64, y: u64, table: bool) -> ValueAt {
        ValueAt {
            n: (!table).then_some(x),
            xy: table.then_some([x, y]),
            value: at.value,
            outcome: at.outcome,
            proven: at.proven,
            winning_move: at.winning_move,
            leaves: at.leaves,
            note: at.note,
        }
    }
}

impl Report {
    /// The report of `findings` over positions `first..=last` of `source`,
    /// with the value at a position asked for.
    pub fn new(
        source: String,
        first: u64,
        last: u64,
        table: Option<(usize, usize)>,
        findings: Vec<Finding>,
        at: Option<ValueAt>,
    ) -> Report {
        Report {
            source,
            first,
            last,
            table,
            findings,
            at,
        }
    }

    /// The patterns of a heap rule's values `G(0..=to)` ([`find_rule`]),
    /// with `G(at)` and a winning move there when asked for: from the
    /// proven period, or (when `trust` is set) from an observed pattern.
    pub fn rule(rule: &HeapRule, to: u32, at: Option<u64>, trust: bool) -> Result<Report, String> {
        let found = find_rule(rule, to)?;
        let at = match at {
            None => None,
            Some(n) => Some(ValueAt::new(rule_at(rule, &found, n, trust)?, n, 0, false)),
        };
        Ok(Report::new(
            rule.to_string(),
            0,
            u64::from(to),
            None,
            found,
            at,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_has_the_fields_front_ends_read() {
        let r = Report::rule(&"0.07".parse().unwrap(), 300, None, false).unwrap();
        // In this order: `grundy pattern --json` writes them so.
        let text = serde_json::to_string(&r).unwrap();
        let head = r#"{"source":"0.07","first":0,"last":300,"table":null,"findings":[{"kind":"period","formula":"G(n + 34) = G(n) for n >= 53","#;
        assert!(text.starts_with(head), "{text}");
        assert!(text.ends_with(r#"}],"at":null}"#), "{text}");
    }

    #[test]
    fn a_value_asked_for_needs_a_finding_that_gives_every_value() {
        let e = Report::rule(&"sub:squares".parse().unwrap(), 2000, Some(5), true).unwrap_err();
        assert!(e.starts_with("no pattern found gives every value"), "{e}");
        // Lasker's Nim: G(4k + 1) = 4k + 1, observed: an extrapolation,
        // given only when trusted.
        let lasker: HeapRule = "lasker".parse().unwrap();
        assert!(Report::rule(&lasker, 300, Some(10), false).is_err());
        let at = Report::rule(&lasker, 300, Some(10), true)
            .unwrap()
            .at
            .unwrap();
        assert_eq!((at.n, at.value, at.proven), (Some(10), Some(10), false));
    }
}
