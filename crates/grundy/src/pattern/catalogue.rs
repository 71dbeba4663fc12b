//! A catalogue of known Grundy sequences and tables, to name the game a
//! sequence (or a table) equals: every named heap game of the rule
//! notation (Nim, Kayles 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137,
//! Grundy's game, Lasker's Nim, ...), the subtraction games `take:1..k`
//! and a few classic subtraction sets, the coin-turning games of *Winning
//! Ways* (Mock Turtles, Ruler, ...), the odious and evil numbers and the
//! ruler function; for tables Nim's (`x xor y`) and every two-heap game's
//! (Wythoff, r-Wythoff, Euclid, Mem, Fibonacci Nim).
//!
//! Each entry's values are computed once, by the library's engines, on the
//! first [`CAP`] positions (fewer for the costly ones); a sequence matches an entry when
//! `G(n) = E(n + d)` on every position both give (at least [`MIN_COMPARED`]
//! of them), for a shift `d` from -2 to 2, the smallest first. A match is
//! *observed* on the positions compared, and *proven* when both sides are
//! heap rules with a proven period and they agree until both repeat.
//!
//! ```
//! use grundy::pattern::catalogue;
//! // Dawson's Kayles (0.07) is Dawson's chess (0.137) one pin later.
//! let g = grundy::pattern::values::values(&"0.07".parse().unwrap(), 300).unwrap();
//! let found = catalogue::sequence(0, &g, None);
//! assert!(found.iter().any(|f| f.formula == "G(n) = G(n - 1) of dawson-chess (0.137)"));
//! ```

use std::sync::OnceLock;

use super::formula::{evil, odious, ruler};
use super::{Finding, Kind, Model, Status};
use crate::games::twoheap::TwoHeapGame;
use crate::heap::naive::work_estimate;
use crate::heap::periodic::PeriodicValues;
use crate::heap::rule::{HeapRule, NAMED_GAMES};
use crate::turning::{named, values::coin_values_within};

/// The most positions of a sequence compared with an entry (the first
/// ones), and the most rows and columns of a table.
pub const CAP: u64 = 1000;

/// The most rows (and columns) of a table compared.
pub const TABLE_CAP: usize = 120;

/// The fewest positions a match is compared on.
pub const MIN_COMPARED: usize = 24;

/// The shifts `d` tried, smallest first: `G(n) = E(n + d)`.
const SHIFTS: [i64; 5] = [0, -1, 1, -2, 2];

/// Where an entry's values come from.
#[derive(Clone, Debug)]
enum Source {
    Rule(HeapRule),
    Turning(String),
    Odious,
    Evil,
    Ruler,
}

/// A known sequence: how grundy names it, what it is, and its first
/// [`CAP`] values.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The name grundy reads (`dawson-chess`, `turning:mock-turtles`,
    /// `odious`).
    pub name: String,
    /// What it is, in a few words (`0.137`, a code or a sequence number).
    pub about: String,
    /// The first position.
    pub first: u64,
    source: Source,
    values: Vec<u64>,
}

/// The most elementary steps spent on one entry's values: the entries of
/// costly games are computed on fewer positions.
const ENTRY_WORK: f64 = 4e6;

/// The fewer positions tried for a costly entry, most first.
const FEWER: [u64; 3] = [CAP, 256, 64];

fn rule_entry(name: &str, about: &str) -> Entry {
    let rule: HeapRule = name.parse().expect("a catalogue rule is valid");
    let to = FEWER
        .into_iter()
        .find(|&to| work_estimate(&rule.base(), to) <= ENTRY_WORK)
        .unwrap_or(MIN_COMPARED as u64);
    let values = super::values::values(&rule, to as u32).expect("catalogue rules are small");
    Entry {
        name: name.to_string(),
        about: about.to_string(),
        first: 0,
        source: Source::Rule(rule),
        values,
    }
}

fn build_sequences() -> Vec<Entry> {
    let mut out = Vec::new();
    for g in NAMED_GAMES {
        if g.scale == 1 {
            out.push(rule_entry(g.name, g.rule));
        }
    }
    for k in [1, 2, 4, 5, 6] {
        out.push(rule_entry(&format!("take:1..{k}"), "a subtraction game"));
    }
    for (rule, about) in [
        ("sub:squares", "subtract-a-square"),
        ("sub:1,3,4", "a subtraction game"),
        ("sub:1,4", "a subtraction game"),
        ("sub:2,3", "a subtraction game"),
        ("0.6", "an octal game"),
        ("4.07", "an octal game"),
    ] {
        out.push(rule_entry(rule, about));
    }
    for n in named::NAMED {
        let (_, code) = named::resolve(n.name).expect("the named codes are valid");
        let Some(values) = FEWER
            .into_iter()
            .find_map(|to| coin_values_within(&code, to, ENTRY_WORK as u64).ok())
        else {
            continue;
        };
        out.push(Entry {
            name: format!("turning:{}", n.name),
            about: n.code.to_string(),
            first: 1,
            source: Source::Turning(n.name.to_string()),
            values: values[1..].to_vec(),
        });
    }
    let formula = |name: &str, about: &str, first: u64, source: Source, f: fn(u128) -> u64| Entry {
        name: name.to_string(),
        about: about.to_string(),
        first,
        source,
        values: (first..=CAP).map(|k| f(u128::from(k))).collect(),
    };
    out.push(formula(
        "odious",
        "the odious numbers, A000069",
        0,
        Source::Odious,
        |k| odious(k).unwrap_or(0) as u64,
    ));
    out.push(formula(
        "evil",
        "the evil numbers, A001969",
        0,
        Source::Evil,
        |k| evil(k).unwrap_or(0) as u64,
    ));
    out.push(formula(
        "ruler",
        "the ruler function, A001511",
        1,
        Source::Ruler,
        |k| ruler(k) as u64,
    ));
    out
}

/// Every known sequence, computed once.
pub fn sequences() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(build_sequences)
}

impl Entry {
    /// `E(n)`, when `n` is among the positions computed.
    pub fn value(&self, n: u64) -> Option<u64> {
        self.values
            .get(usize::try_from(n.checked_sub(self.first)?).ok()?)
            .copied()
    }

    /// The heap rule of the entry, if it is one.
    pub fn rule(&self) -> Option<&HeapRule> {
        match &self.source {
            Source::Rule(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the entry is the coin-turning game `name`.
    fn is_turning(&self, name: &str) -> bool {
        matches!(&self.source, Source::Turning(t) if t == name)
    }

    fn words(&self) -> String {
        match self.source {
            Source::Odious | Source::Evil | Source::Ruler => self.about.clone(),
            _ => format!("{} ({})", self.name, self.about),
        }
    }
}

/// What a sequence is, to leave its own entry out of the matches.
#[derive(Clone, Copy, Debug)]
pub enum Itself<'a> {
    /// The values of this heap rule.
    Rule(&'a HeapRule),
    /// The values of this coin-turning game (its name).
    Turning(&'a str),
}

impl Itself<'_> {
    fn is(&self, e: &Entry) -> bool {
        match (self, e.rule()) {
            (Itself::Rule(r), Some(er)) => r.base() == er.base(),
            (Itself::Turning(t), _) => e.is_turning(t),
            _ => false,
        }
    }
}

/// The shift `d` with `G(n) = E(n + d)` on every position of `values`
/// (`values[i] = G(start + i)`, the first [`CAP`]) that `e` gives, with
/// the last position compared; `None` when none fits on at least
/// [`MIN_COMPARED`] positions.
fn shift(start: u64, values: &[u64], e: &Entry) -> Option<(i64, u64)> {
    'shifts: for d in SHIFTS {
        let mut compared = 0usize;
        let mut last = 0;
        for (i, &v) in values.iter().enumerate().take(CAP as usize + 1) {
            let n = start + i as u64;
            let Some(m) = n.checked_add_signed(d) else {
                continue;
            };
            let Some(w) = e.value(m) else {
                continue;
            };
            if w != v {
                continue 'shifts;
            }
            compared += 1;
            last = n;
        }
        if compared >= MIN_COMPARED {
            return Some((d, last));
        }
    }
    None
}

fn shifted(var: &str, d: i64) -> String {
    match d {
        0 => var.to_string(),
        d if d < 0 => format!("{var} - {}", -d),
        d => format!("{var} + {d}"),
    }
}

/// The known sequences `values` equals (`values[i] = G(start + i)`), on
/// the positions both give among the first [`CAP`]: one finding each,
/// observed there. `itself`, when given, is left out, and a match between
/// two heap rules is proven when both periods are.
pub fn sequence(start: u64, values: &[u64], itself: Option<Itself<'_>>) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut own: Option<Option<PeriodicValues>> = None;
    for e in sequences() {
        if itself.is_some_and(|s| s.is(e)) {
            continue;
        }
        let Some((d, last)) = shift(start, values, e) else {
            continue;
        };
        let mut status = Status::Observed { to: last };
        if let (Some(Itself::Rule(r)), Some(er)) = (itself, e.rule()) {
            let mine = own.get_or_insert_with(|| PeriodicValues::prove(&r.base()));
            if let Some(t) = mine
                .as_ref()
                .and_then(|pa| proven_equal(pa, &PeriodicValues::prove(&er.base())?, d))
            {
                status = Status::Proven { theorem: t };
            }
        }
        out.push(Finding {
            kind: Kind::KnownGame,
            formula: format!("G(n) = G({}) of {}", shifted("n", d), e.words()),
            found_to: last,
            checked_to: last,
            status,
            model: Model::Partial,
        });
    }
    out
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The theorem by which `A(n) = B(n + d)` for every `n >= max(0, -d)`,
/// both proven periodic, when their values agree until both repeat.
pub fn proven_equal(a: &PeriodicValues, b: &PeriodicValues, d: i64) -> Option<String> {
    // Past both windows, a period of both adds the same to each only when
    // the saltus per token is the same.
    if u128::from(a.saltus()) * u128::from(b.period())
        != u128::from(b.saltus()) * u128::from(a.period())
    {
        return None;
    }
    let l = (a.period() / gcd(a.period(), b.period())).checked_mul(b.period())?;
    let from = (-d).max(0) as u64;
    let both = a
        .preperiod()
        .max(b.preperiod().saturating_add_signed(-d))
        .max(from);
    let end = both.checked_add(l)?;
    if end - from > 1 << 24 {
        return None;
    }
    let agree = (from..end).all(|n| a.value(n) == b.value(n.saturating_add_signed(d)));
    agree.then(|| {
        format!(
            "periodicity theorems: periods {} from {} and {} from {}, both proven; the values agree for {from} <= n < {end}, after which both {}",
            a.period(),
            a.preperiod(),
            b.period(),
            b.preperiod(),
            if a.saltus() == 0 { "repeat" } else { "grow by the same saltus" }
        )
    })
}

/// A known table: Nim's, or a two-heap game's.
struct TableEntry {
    name: String,
    values: Vec<u64>,
}

fn tables() -> &'static [TableEntry] {
    static TABLES: OnceLock<Vec<TableEntry>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let n = TABLE_CAP;
        let mut out = vec![TableEntry {
            name: "nim (two heaps: x xor y)".into(),
            values: (0..n * n).map(|i| ((i / n) ^ (i % n)) as u64).collect(),
        }];
        for g in [
            "wythoff",
            "r-wythoff:2",
            "r-wythoff:3",
            "euclid",
            "mem",
            "fibonacci-nim",
        ] {
            let game: TwoHeapGame = g.parse().expect("a catalogue game is valid");
            out.push(TableEntry {
                name: format!("twoheap:{game}"),
                values: game.values(n, n).into_iter().map(u64::from).collect(),
            });
        }
        out
    })
}

/// The known tables that `values` (`values[x * cols + y] = G(x, y)`)
/// equals on its first [`TABLE_CAP`] rows and columns (at least 8 of
/// each), observed there; `itself` (`twoheap:GAME`) left out.
pub fn table(rows: usize, cols: usize, values: &[u64], itself: Option<&str>) -> Vec<Finding> {
    let (r, c) = (rows.min(TABLE_CAP), cols.min(TABLE_CAP));
    if r < 8 || c < 8 || values.len() != rows * cols {
        return Vec::new();
    }
    tables()
        .iter()
        .filter(|t| itself != Some(t.name.as_str()))
        .filter(|t| {
            (0..r).all(|x| (0..c).all(|y| values[x * cols + y] == t.values[x * TABLE_CAP + y]))
        })
        .map(|t| Finding {
            kind: Kind::KnownGame,
            formula: format!("G(x, y) = G(x, y) of {}", t.name),
            found_to: r as u64 - 1,
            checked_to: r as u64 - 1,
            status: Status::Observed { to: r as u64 - 1 },
            model: Model::Partial,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::values::values;
    use crate::turning::values::coin_values;

    fn names(found: &[Finding]) -> Vec<&str> {
        found.iter().map(|f| f.formula.as_str()).collect()
    }

    #[test]
    fn published_games_are_named() {
        let g = values(&"0.77".parse().unwrap(), 400).unwrap();
        assert_eq!(
            names(&sequence(0, &g, None)),
            ["G(n) = G(n) of kayles (0.77)"]
        );
        // Its own entry is left out; Dawson's Kayles is Dawson's chess one
        // pin later, proven by both periods.
        let r: HeapRule = "0.07".parse().unwrap();
        let found = sequence(0, &values(&r, 400).unwrap(), Some(Itself::Rule(&r)));
        assert_eq!(names(&found), ["G(n) = G(n - 1) of dawson-chess (0.137)"]);
        assert!(matches!(found[0].status, Status::Proven { .. }));
        // Mock Turtles' coin n is worth the (n-1)-th odious number, and
        // Triplets' coin n + 2 (Winning Ways, ch. 14).
        let mock = coin_values(&named::resolve("mock-turtles").unwrap().1, 500).unwrap();
        let found = sequence(1, &mock[1..], Some(Itself::Turning("mock-turtles")));
        assert_eq!(
            names(&found),
            [
                "G(n) = G(n + 2) of turning:triplets (3)",
                "G(n) = G(n - 1) of the odious numbers, A000069"
            ]
        );
        assert_eq!(found[1].status, Status::Observed { to: 500 });
        // n mod 3 is the subtraction game {1, 2}.
        let m3: Vec<u64> = (0..100).map(|n| n % 3).collect();
        assert!(names(&sequence(0, &m3, None))
            .contains(&"G(n) = G(n) of take:1..2 (a subtraction game)"));
    }

    #[test]
    fn every_entry_matches_itself_and_nothing_else_by_accident() {
        for e in sequences() {
            let found = sequence(e.first, &e.values, None);
            let me = format!("G(n) = G(n) of {}", e.words());
            assert!(names(&found).contains(&me.as_str()), "{}", e.name);
        }
        // Random values match nothing.
        let mut x = 7u64;
        let g: Vec<u64> = (0..300)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                (x >> 60) % 4
            })
            .collect();
        assert!(sequence(0, &g, None).is_empty());
    }

    #[test]
    fn tables_are_named() {
        let n = 50;
        let g: Vec<u64> = crate::games::wythoff::values(n, n)
            .into_iter()
            .map(u64::from)
            .collect();
        assert_eq!(
            names(&table(n, n, &g, None)),
            ["G(x, y) = G(x, y) of twoheap:wythoff"]
        );
        assert!(table(n, n, &g, Some("twoheap:wythoff")).is_empty());
        let x: Vec<u64> = (0..n * n).map(|i| ((i / n) ^ (i % n)) as u64).collect();
        assert_eq!(
            names(&table(n, n, &x, None)),
            ["G(x, y) = G(x, y) of nim (two heaps: x xor y)"]
        );
    }
}
