//! Closed forms from a short catalogue, in the [`super::formula`]
//! language: in `n` the identity, the ruler function and the Ruler game's
//! largest power of 2, the popcount, the odious and evil numbers
//! (Mock Turtles' coin `n` is worth the `(n-1)`-th odious number); in `x`
//! and `y` the nim-sum `x xor y`, and `x + y`, `min`, `max`, `|x - y|`,
//! `x`, `y` modulo `m`.
//! The simplest form that holds is reported, so that a periodic table is
//! `(x + y) % 3`, not a longer equivalent.
//!
//! ```
//! use grundy::pattern::closed_form::in_n;
//! let g: Vec<u64> = (1..200u64).map(|n| n & n.wrapping_neg()).collect();
//! assert_eq!(in_n(1, &g).unwrap().formula, "G(n) = lowbit(n)");
//! ```

use super::formula::Formula;
use super::{found_len, Finding, Kind, Model, Status};

/// The forms in `n`, simplest first.
const IN_N: &[&str] = &[
    "n",
    "n - 1",
    "n + 1",
    "lowbit(n)",
    "ruler(n)",
    "popcount(n)",
    "odious(n)",
    "odious(n - 1)",
    "odious(n - 2)",
    "evil(n)",
    "evil(n - 1)",
    "n / 2",
    "n / 3",
    "2 * n",
];

/// The forms in `x` and `y`, simplest first (`M` stands for 2 to 6).
const IN_XY: &[&str] = &[
    "x xor y",
    "x + y",
    "min(x, y)",
    "max(x, y)",
    "(x + y) % M",
    "min(x, y) % M",
    "max(x, y) % M",
    "x % M xor y % M",
    "(x xor y) % M",
    "(max(x, y) - min(x, y)) % M",
    "x",
    "y",
    "x % M",
    "y % M",
];

fn candidates(forms: &[&str]) -> Vec<Formula> {
    let mut out = Vec::new();
    for f in forms {
        if f.contains('M') {
            for m in 2..=6 {
                out.push(
                    f.replace('M', &m.to_string())
                        .parse()
                        .expect("a valid form"),
                );
            }
        } else {
            out.push(f.parse().expect("a valid form"));
        }
    }
    out
}

/// The first form in `n` giving every value of `values`
/// (`values[i] = G(start + i)`), tried on the first half and checked on
/// all; at least eight values.
pub fn in_n(start: u64, values: &[u64]) -> Option<Finding> {
    let half = found_len(values.len());
    if half < 8 {
        return None;
    }
    let fits = |f: &Formula, to: usize| (0..to).all(|i| f.at(start + i as u64) == Some(values[i]));
    let f = candidates(IN_N)
        .into_iter()
        .find(|f| fits(f, half) && fits(f, values.len()))?;
    let last = start + values.len() as u64 - 1;
    Some(Finding {
        kind: Kind::ClosedForm,
        formula: format!("G(n) = {f}"),
        found_to: start + half as u64 - 1,
        checked_to: last,
        status: Status::Observed { to: last },
        model: Model::Formula(f),
    })
}

/// The first form in `x` and `y` giving every value of a table
/// (`values[x * cols + y] = G(x, y)`), tried on the first half of the
/// rows and checked on all; the finding's range counts rows.
pub fn in_xy(rows: usize, cols: usize, values: &[u64]) -> Option<Finding> {
    let half = found_len(rows);
    if half < 4 || cols < 4 {
        return None;
    }
    let fits = |f: &Formula, r: std::ops::Range<usize>| {
        r.into_iter()
            .all(|x| (0..cols).all(|y| f.at2(x as u64, y as u64) == Some(values[x * cols + y])))
    };
    let f = candidates(IN_XY)
        .into_iter()
        .find(|f| fits(f, 0..half) && fits(f, half..rows))?;
    Some(Finding {
        kind: Kind::ClosedForm,
        formula: format!("G(x, y) = {f}"),
        found_to: half as u64 - 1,
        checked_to: rows as u64 - 1,
        status: Status::Observed {
            to: rows as u64 - 1,
        },
        model: Model::Formula(f),
    })
}
