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

use super::catalogue::{self, Itself};
use super::huge::{self, rule_at, At};
use super::numbers::position;
use super::p_sums::{p_sums, PSums};
use super::rule::find_rule;
use super::{find_sequence, find_table, Finding, Kind, Status};
#[cfg(feature = "scripts")]
use crate::families::script::ScriptPlay;
use crate::games::twoheap::TwoHeapGame;
use crate::heap::rule::HeapRule;
use crate::turning::{named, values::coin_values};

/// The last position valued of a rule or a coin-turning game, unless
/// asked otherwise.
pub const DEFAULT_TO: u64 = 2000;
/// The last row (and column) of a two-heap game's table, unless asked
/// otherwise.
pub const DEFAULT_TABLE_LAST: u64 = 199;
/// The most rows (and columns) of a two-heap game's table.
pub const MAX_TABLE: u64 = 1000;
/// The most positions of a script valued.
pub const MAX_SCRIPT_TO: u64 = 10_000_000;
/// The most coins of a coin-turning game valued.
pub const MAX_COINS: u64 = 1 << 20;

/// What a value at a position asked for is derived from, beside the
/// findings: the rule's or the script's moves give a winning move too.
pub enum Values {
    /// Numbers of a sequence, no moves known.
    Sequence,
    /// A table's cells.
    Table,
    /// A heap rule.
    Rule(HeapRule),
    /// A game defined by a script.
    #[cfg(feature = "scripts")]
    Script(Box<ScriptPlay>),
}

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
    /// The count and sum over the P-positions up to a bound asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sums: Option<PSums>,
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
            sums: None,
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

    /// The patterns of the sequence `values` = `G(start..)` of `source`
    /// ([`find_sequence`], then the known games it equals, other than
    /// `itself`).
    pub fn sequence(
        source: String,
        start: u64,
        values: &[u64],
        itself: Option<Itself<'_>>,
    ) -> Report {
        let mut found = find_sequence(start, values);
        found.extend(catalogue::sequence(start, values, itself));
        let last = start.saturating_add((values.len() as u64).saturating_sub(1));
        Report::new(source, start, last, None, found, None)
    }

    /// The patterns of a table of `rows x cols` values, row by row
    /// ([`find_table`], then the known tables it equals, other than the
    /// one named `itself`).
    pub fn table(
        source: String,
        rows: usize,
        cols: usize,
        values: &[u64],
        itself: Option<&str>,
    ) -> Report {
        let mut found = find_table(rows, cols, values);
        found.extend(catalogue::table(rows, cols, values, itself));
        let last = rows.saturating_sub(1) as u64;
        Report::new(source, 0, last, Some((rows, cols)), found, None)
    }

    /// The patterns of a two-heap game's table `G(x, y)`, `x, y <= last`.
    pub fn two_heap(game: TwoHeapGame, last: u64) -> Result<Report, String> {
        if last >= MAX_TABLE {
            return Err(format!(
                "--to {last}: two-heap tables here have at most {MAX_TABLE} rows"
            ));
        }
        let n = last as usize + 1;
        let values: Vec<u64> = game.values(n, n).into_iter().map(u64::from).collect();
        let label = format!("twoheap:{game}");
        let mut report = Report::table(label.clone(), n, n, &values, Some(&label));
        super::twoheap_theorems::prove(&game, n, &values, &mut report.findings);
        Ok(report)
    }

    /// The patterns of a coin-turning game's coin values `G(1..=to)`.
    pub fn turning(name: &str, to: u64) -> Result<Report, String> {
        if to > MAX_COINS {
            return Err(format!(
                "--to {to} is more coins than the {MAX_COINS} computed here"
            ));
        }
        let (title, code) =
            named::resolve(name).map_err(|e| format!("turning game '{name}': {e}"))?;
        let v = coin_values(&code, to.max(1)).map_err(|e| e.to_string())?;
        let itself = Some(Itself::Turning(&title));
        Ok(Report::sequence(
            format!("turning:{title}"),
            1,
            &v[1..],
            itself,
        ))
    }

    /// The patterns of the values `G(0..=to)` of a game a script defines,
    /// named `name`; at most [`MAX_SCRIPT_TO`] positions
    /// ([`check_script_to`]).
    #[cfg(feature = "scripts")]
    pub fn script(name: String, play: &ScriptPlay, to: u64) -> Result<Report, String> {
        check_script_to(to)?;
        let values = (0..=to as i64)
            .map(|n| {
                let parts = play.script().split(&[crate::script::Value::Int(n)])?;
                Ok(play.value_of(&parts)?.0)
            })
            .collect::<Result<Vec<u64>, crate::family::Error>>()
            .map_err(|e| e.0)?;
        Ok(Report::sequence(name, 0, &values, None))
    }

    /// Answers `--at TEXT` ([`position`]): `G` there from the first
    /// finding that gives every value (an observed one only when `trust`
    /// is set), with a winning move where `values` gives the moves.
    pub fn answer_at(&mut self, text: &str, values: &Values, trust: bool) -> Result<(), String> {
        let (x, y) = position(text, self.table.is_some())?;
        let found = &self.findings;
        let at = match values {
            Values::Rule(rule) => huge::rule_at(rule, found, x, trust),
            #[cfg(feature = "scripts")]
            Values::Script(play) => huge::script_at(play, found, x, trust),
            Values::Table => huge::table_at(found, x, y, trust),
            Values::Sequence => huge::sequence_at(found, x, trust),
        };
        let at = at.map_err(
            |e| match e.strip_suffix("trust it explicitly to extrapolate") {
                Some(head) => format!("{head}add --trust-pattern to extrapolate from it"),
                None => format!("--at {text}: {e}"),
            },
        )?;
        self.at = Some(ValueAt::new(at, x, y, self.table.is_some()));
        Ok(())
    }

    /// Answers `--sum-to BOUND [--mod M]`: the count and the sum of `x + y`
    /// over the P-positions `0 < x < y <= bound` of the finding that gives
    /// a table's P-positions ([`super::p_sums`]; an observed one only when
    /// `trust` is set).
    pub fn sum_to(&mut self, bound: u64, modulus: Option<u64>, trust: bool) -> Result<(), String> {
        let Some(f) = self
            .findings
            .iter()
            .find(|f| f.is_p_position(0, 0).is_some())
        else {
            return Err("--sum-to: no pattern found gives the P-positions as a Beatty pair or a wedge, so nothing is summed".into());
        };
        if !trust && matches!(f.status, Status::Observed { .. }) {
            return Err(format!(
                "the pattern ({}) is observed, not proven; add --trust-pattern to extrapolate from it",
                f.formula
            ));
        }
        self.sums = Some(p_sums(f, bound, modulus).map_err(|e| format!("--sum-to {bound}: {e}"))?);
        Ok(())
    }

    /// The report in words, as `grundy pattern` prints it.
    pub fn to_text(&self) -> String {
        let mut out = match self.table {
            Some((rows, cols)) => format!(
                "{}: a table of {rows} rows and {cols} columns\n",
                self.source
            ),
            None => format!("{}: G({}..={})\n", self.source, self.first, self.last),
        };
        if self.findings.is_empty() {
            out.push_str("Pattern: none found\n");
        }
        for f in &self.findings {
            out.push_str(&finding_text(f, self.table.is_some()));
        }
        if let Some(a) = &self.at {
            out.push_str(&a.to_text());
        }
        if let Some(s) = &self.sums {
            out.push_str(&s.to_text());
        }
        out
    }
}

/// A finding in words: its kind and formula, then how it is known.
fn finding_text(f: &Finding, table: bool) -> String {
    let formula = match f.kind {
        Kind::RowPeriods | Kind::Diagonals => {
            format!("\n    {}", f.formula.replace("; ", "\n    "))
        }
        _ => format!(" {}", f.formula),
    };
    let mut out = format!("- {}:{formula}\n", f.kind.words());
    match &f.status {
        Status::Proven { theorem } => out.push_str(&format!("  proven: {theorem}\n")),
        Status::Observed { to } => {
            let var = match (table, f.kind) {
                (false, _) => "n",
                (true, Kind::RowPeriods) => "y",
                (true, Kind::Diagonals) => "k",
                (true, _) => "x",
            };
            out.push_str(&match f.kind {
                Kind::KnownGame => format!("  observed: equal on {var} <= {to}; no theorem proves it\n"),
                _ => format!(
                    "  observed: found on {var} <= {}, checked on {var} <= {to}; no theorem proves it\n",
                    f.found_to
                ),
            })
        }
    }
    out
}

impl ValueAt {
    /// The value in words, with the winning move and a note.
    pub fn to_text(&self) -> String {
        let how = if self.proven {
            "proven"
        } else {
            "extrapolated from an observed pattern"
        };
        let at = match (self.n, self.xy) {
            (_, Some([x, y])) => format!("{x}, {y}"),
            (n, _) => n.unwrap_or(0).to_string(),
        };
        let mut out = match self.value {
            Some(v) => format!("G({at}) = {v} ({how})\n"),
            None => format!("G({at}) != 0: an N-position ({how})\n"),
        };
        if let Some(m) = &self.winning_move {
            out.push_str(&format!("Winning move: {m}"));
            if let Some(l) = &self.leaves {
                out.push_str(&format!(" (leaves {l})"));
            }
            out.push('\n');
        }
        if let Some(note) = &self.note {
            out.push_str(&format!("Note: {note}\n"));
        }
        out
    }
}

/// A script's values are computed up to at most [`MAX_SCRIPT_TO`].
pub fn check_script_to(to: u64) -> Result<(), String> {
    if to >= MAX_SCRIPT_TO {
        return Err(format!(
            "--to {to}: at most {MAX_SCRIPT_TO} positions of a script are computed here"
        ));
    }
    Ok(())
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
        // 0.8f: G(n + 7) = G(n) + 4, observed: an extrapolation, given
        // only when trusted. Lasker's Nim's is proven.
        let hex: HeapRule = "0.8f".parse().unwrap();
        assert!(Report::rule(&hex, 300, Some(10_000), false).is_err());
        let at = Report::rule(&hex, 300, Some(10_000), true)
            .unwrap()
            .at
            .unwrap();
        assert_eq!((at.n, at.proven), (Some(10_000), false));
        let lasker: HeapRule = "lasker".parse().unwrap();
        let at = Report::rule(&lasker, 300, Some(10), false)
            .unwrap()
            .at
            .unwrap();
        assert_eq!((at.n, at.value, at.proven), (Some(10), Some(10), true));
    }
}
