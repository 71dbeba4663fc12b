//! The report of a pattern search, one shape for every front-end: what the
//! values are of, the range searched, every finding, and `G(n)` at a
//! position asked for. `grundy pattern --json` prints it and the page shows
//! it, so their fields are the same.
//!
//! ```
//! use grundy::pattern::report::Report;
//! let r = Report::rule(&"kayles".parse().unwrap(), 400, Some(1_000_000)).unwrap();
//! assert_eq!((r.first, r.last), (0, 400));
//! assert_eq!(r.findings[0].formula, "G(n + 12) = G(n) for n >= 71");
//! let at = r.at.unwrap();
//! assert_eq!((at.value, at.proven), (1, true)); // 10^6 = 71 + 11 (mod 12), G(82) = 1
//! let json = serde_json::to_value(&r).unwrap();
//! assert_eq!(json["findings"][0]["status"], "proven");
//! ```

use serde::Serialize;

use super::rule::find_rule;
use super::{Finding, Status};
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

/// `G(n)` given by the first finding that gives every value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ValueAt {
    /// The position.
    pub n: u64,
    /// Its value.
    pub value: u64,
    /// Whether the pattern it comes from is proven (else it is an
    /// extrapolation of an observed pattern).
    pub proven: bool,
}

impl Report {
    /// The report of `findings` over positions `first..=last` of `source`,
    /// with `G(at)` from the first finding that gives every value; an
    /// error when `at` is asked for and no finding gives it.
    pub fn new(
        source: String,
        first: u64,
        last: u64,
        table: Option<(usize, usize)>,
        findings: Vec<Finding>,
        at: Option<u64>,
    ) -> Result<Report, String> {
        let at = match at {
            None => None,
            Some(n) => {
                let Some(f) = findings.iter().find(|f| f.is_complete()) else {
                    return Err(format!(
                        "no pattern found gives every value, so none gives G({n})"
                    ));
                };
                let value = f.value(n).ok_or_else(|| {
                    format!(
                        "the pattern gives no value at {n} (before the first position, or past 2^64)"
                    )
                })?;
                Some(ValueAt {
                    n,
                    value,
                    proven: matches!(f.status, Status::Proven { .. }),
                })
            }
        };
        Ok(Report {
            source,
            first,
            last,
            table,
            findings,
            at,
        })
    }

    /// The patterns of a heap rule's values `G(0..=to)` ([`find_rule`]),
    /// with `G(at)` when asked for.
    pub fn rule(rule: &HeapRule, to: u32, at: Option<u64>) -> Result<Report, String> {
        let found = find_rule(rule, to)?;
        Report::new(rule.to_string(), 0, u64::from(to), None, found, at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_has_the_fields_front_ends_read() {
        let r = Report::rule(&"0.07".parse().unwrap(), 300, None).unwrap();
        // In this order: `grundy pattern --json` writes them so.
        let text = serde_json::to_string(&r).unwrap();
        let head = r#"{"source":"0.07","first":0,"last":300,"table":null,"findings":[{"kind":"period","formula":"G(n + 34) = G(n) for n >= 53","#;
        assert!(text.starts_with(head), "{text}");
        assert!(text.ends_with(r#"}],"at":null}"#), "{text}");
    }

    #[test]
    fn a_value_asked_for_needs_a_finding_that_gives_every_value() {
        let e = Report::rule(&"sub:squares".parse().unwrap(), 2000, Some(5)).unwrap_err();
        assert_eq!(e, "no pattern found gives every value, so none gives G(5)");
        let lasker = Report::rule(&"lasker".parse().unwrap(), 300, Some(10)).unwrap();
        // Lasker's Nim: G(4k + 1) = 4k + 1; observed, so an extrapolation.
        assert_eq!(
            lasker.at,
            Some(ValueAt {
                n: 10,
                value: 10,
                proven: false
            })
        );
    }
}
