//! Values and winning moves at huge positions (a heap of `10^18`) from a
//! pattern: proven, or observed and trusted by the caller.
//!
//! - A heap rule whose period is proven: the value from the period and a
//!   winning move from [`crate::games::huge_heap`], every split valued by
//!   the period (`G(a) xor G(b)`).
//! - A heap rule with an observed pattern: the value from the pattern; a
//!   winning move is looked for among the moves taking at most the rule's
//!   largest removal. A move leaving one heap is valued by the pattern; a
//!   split `a + b` only when the pattern is (arithmetically) periodic:
//!   then `G(a) = G(b)` needs `a` below the preperiod plus two periods, or
//!   near `b` (a saltus), and those `a` are all tried.
//! - A script: the value from the pattern, and a winning move among the
//!   script's own options at `n`, each part valued by the pattern.
//! - A table (two heaps `x`, `y`): the value from a closed form in `x` and
//!   `y`, or whether it is 0 from the P-positions as a Beatty pair or wedge
//!   (Wythoff's); the table's pattern has no moves, so no winning move is
//!   given.
//!
//! What could not be derived is said in [`At::note`].
//!
//! ```
//! use grundy::pattern::huge::rule_at;
//! let a = rule_at(&"kayles".parse().unwrap(), &[], 1_000_000_000_000_000_000, false).unwrap();
//! assert_eq!((a.value, a.proven), (Some(1), true));
//! assert_eq!(a.winning_move.as_deref(), Some("take 2 from the heap of 1000000000000000000 and split the rest into 1 and 999999999999999997"));
//! ```

use serde::Serialize;

use super::{Finding, Model, Status};
#[cfg(feature = "scripts")]
use crate::families::script::ScriptPlay;
use crate::games::huge_heap::{self, leaves, HugeMove};
use crate::heap::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::heap::periodic::PeriodicValues;
use crate::heap::rule::HeapRule;
#[cfg(feature = "scripts")]
use crate::script::Value;

/// A value at a position, with a winning move when one can be derived.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct At {
    /// The position, as written (`1000000000000000000`, `(5, 8)`).
    pub position: String,
    /// Its Grundy value; `None` when the pattern says only whether it is
    /// a P-position (a table's P-positions as a Beatty pair).
    pub value: Option<u64>,
    /// `P` (value 0: the player to move loses) or `N`.
    pub outcome: String,
    /// Whether the value (and the move) follow from a proven pattern.
    pub proven: bool,
    /// A move to a position of value 0, when the value is not 0 and one
    /// was derived.
    pub winning_move: Option<String>,
    /// The position that move leaves.
    pub leaves: Option<String>,
    /// What could not be derived, and why.
    pub note: Option<String>,
}

/// The most options of a heap rule's move searched at a huge heap.
const MAX_TAKE: u64 = 4096;

/// The first pattern of `found` that gives every value, refused when it is
/// only observed and `trust` is not set.
/// The first usable pattern of `found` and `G(n)` from it, with no
/// winning move yet.
fn pattern_at(found: &[Finding], n: u64, trust: bool) -> Result<(&Finding, At), String> {
    let f = usable(found, trust)?;
    let value = f.value(n).ok_or("the pattern gives no value there")?;
    let at = At {
        position: n.to_string(),
        value: Some(value),
        outcome: outcome(value != 0),
        proven: matches!(f.status, Status::Proven { .. }),
        winning_move: None,
        leaves: None,
        note: None,
    };
    Ok((f, at))
}

fn usable(found: &[Finding], trust: bool) -> Result<&Finding, String> {
    let f = found
        .iter()
        .find(|f| f.is_complete())
        .ok_or("no pattern found gives every value, so none gives this one")?;
    if !trust && matches!(f.status, Status::Observed { .. }) {
        return Err(format!(
            "the pattern ({}) is observed, not proven; trust it explicitly to extrapolate",
            f.formula
        ));
    }
    Ok(f)
}

/// `G(n)` of a heap rule with a winning move: from the proven period when
/// the rule has one, otherwise from the first complete pattern of `found`
/// (observed: only when `trust` is set).
pub fn rule_at(rule: &HeapRule, found: &[Finding], n: u64, trust: bool) -> Result<At, String> {
    if let Some(pv) = PeriodicValues::prove(&rule.base()) {
        let (a, _) = huge_heap::analyze(&rule.base(), &pv, &[n], 1).map_err(|e| e.to_string())?;
        let mv = a.winning_moves.first().map(|w| &w.mv);
        return Ok(At {
            position: n.to_string(),
            value: Some(pv.value(n)),
            outcome: outcome(pv.value(n) != 0),
            proven: true,
            winning_move: mv.map(ToString::to_string),
            leaves: mv.map(|m| heaps(&huge_heap::apply(&[n], m))),
            note: None,
        });
    }
    let (f, mut at) = pattern_at(found, n, trust)?;
    let value = at.value.unwrap_or(0);
    if value != 0 {
        let (mv, note) = search(&rule.base(), f, n);
        at.leaves = mv.as_ref().map(|m| heaps(&huge_heap::apply(&[n], m)));
        at.winning_move = mv.map(|m| m.to_string());
        at.note = note;
    }
    Ok(at)
}

fn heaps(h: &[u64]) -> String {
    if h.is_empty() {
        return "no heap".into();
    }
    h.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
}

/// The parts `a` of a split of `r` into `a + (r - a)`, `1 <= a <= r / 2`,
/// where `G(a) = G(r - a)` is possible under a (arithmetically) periodic
/// pattern; `None` when the pattern is not periodic.
fn split_candidates(f: &Finding, r: u64) -> Option<Vec<u64>> {
    let Model::Periodic {
        preperiod,
        period,
        saltus,
        values,
        ..
    } = &f.model
    else {
        return None;
    };
    let half = r / 2;
    let low = preperiod.saturating_add(2 * period).min(half);
    let mut out: Vec<u64> = (1..=low).collect();
    if *saltus > 0 {
        // Equal values past the preperiod are at most this many periods
        // apart, so `a` is near `r / 2`.
        let spread = values.iter().max().copied().unwrap_or(0) / saltus + 2;
        let near = half
            .saturating_sub(spread.saturating_mul(*period))
            .max(low + 1);
        out.extend(near..=half);
    }
    Some(out)
}

/// A move from a heap of `n` to value 0 under `rule`, valued by `f`, with
/// what was left unsearched.
fn search(rule: &HeapRule, f: &Finding, n: u64) -> (Option<HugeMove>, Option<String>) {
    let Some(max_take) = rule.max_removal().map(u64::from) else {
        return (
            None,
            Some("the rule takes any number of tokens: its options at this heap are too many to value one by one from the pattern".into()),
        );
    };
    let mut unsearched = Vec::new();
    if max_take > MAX_TAKE {
        unsearched.push(format!("moves taking more than {MAX_TAKE} tokens"));
    }
    let mv = |take: u64, parts: Vec<u64>| HugeMove {
        heap: 0,
        from: n,
        take,
        parts,
    };
    for k in 0..=max_take.min(MAX_TAKE).min(n) {
        let bits = leaves(rule, k);
        let r = n - k;
        if k >= 1 && r == 0 && bits & LEAVE_NONE != 0 {
            return (Some(mv(k, vec![])), None);
        }
        if k >= 1 && r >= 1 && bits & LEAVE_ONE != 0 && f.value(r) == Some(0) {
            return (Some(mv(k, vec![r])), None);
        }
        if r >= 2 && bits & LEAVE_TWO != 0 {
            match split_candidates(f, r) {
                Some(c) => {
                    if let Some(a) = c.into_iter().find(|&a| {
                        let (x, y) = (f.value(a), f.value(r - a));
                        x.is_some() && x == y
                    }) {
                        return (Some(mv(k, vec![a, r - a])), None);
                    }
                }
                None => {
                    unsearched.push("splits into two heaps (the pattern is not periodic)".into())
                }
            }
        }
        if r >= 3 && bits & LEAVE_THREE != 0 {
            unsearched.push("splits into three heaps".to_string());
        }
    }
    unsearched.dedup();
    let note = if unsearched.is_empty() {
        "no move to value 0 was found: the pattern is wrong here or misses a move of the rule"
            .to_string()
    } else {
        format!(
            "no winning move derived: the pattern cannot value {}",
            unsearched.join(" nor ")
        )
    };
    (None, Some(note))
}

/// `G(n)` of a script's position `n` from the first complete pattern of
/// `found` (observed: only when `trust` is set), with a winning move among
/// the script's options at `n` whose parts are whole numbers the pattern
/// values.
#[cfg(feature = "scripts")]
pub fn script_at(play: &ScriptPlay, found: &[Finding], n: u64, trust: bool) -> Result<At, String> {
    let (f, mut at) = pattern_at(found, n, trust)?;
    let value = at.value.unwrap_or(0);
    if value == 0 {
        return Ok(at);
    }
    let p =
        Value::Int(i64::try_from(n).map_err(|_| "script positions are whole numbers below 2^63")?);
    play.script().start_clock();
    let options = match play.script().options_of(&p) {
        Ok(o) => o,
        Err(e) => {
            at.note = Some(format!(
                "no winning move: the script's options at {n} could not be listed ({e})"
            ));
            return Ok(at);
        }
    };
    let mut unvalued = false;
    for q in &options {
        let mut total = Some(0u64);
        for part in q {
            let v = match part {
                Value::Int(m) if *m >= 0 => f.value(*m as u64),
                _ => None,
            };
            total = total.zip(v).map(|(t, v)| t ^ v);
        }
        match total {
            Some(0) => {
                let to = q
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ");
                at.winning_move = Some(
                    play.script()
                        .describe(&p, q)
                        .ok()
                        .flatten()
                        .unwrap_or_else(|| format!("move to {to}")),
                );
                at.leaves = Some(to);
                return Ok(at);
            }
            None => unvalued = true,
            Some(_) => {}
        }
    }
    at.note = Some(if unvalued {
        "no winning move derived: some options are not whole numbers the pattern values".into()
    } else {
        format!("no option of {n} has value 0 by the pattern: the pattern is wrong here")
    });
    Ok(at)
}

/// `G(n)` of a sequence given as numbers (or a game whose moves the
/// finder does not know) from the first complete pattern of `found`
/// (observed: only when `trust` is set); no winning move, which the note
/// says.
pub fn sequence_at(found: &[Finding], n: u64, trust: bool) -> Result<At, String> {
    let (_, mut at) = pattern_at(found, n, trust)?;
    if at.value != Some(0) {
        at.note =
            Some("no winning move: the values alone do not say what the moves are".to_string());
    }
    Ok(at)
}

/// `G(x, y)` of a table from its closed form in `x` and `y`, or whether
/// `(x, y)` is a P-position from its P-positions as a Beatty pair or wedge
/// (observed: only when `trust` is set); the pattern has no moves, which
/// the note says.
pub fn table_at(found: &[Finding], x: u64, y: u64, trust: bool) -> Result<At, String> {
    let mut at = At {
        position: format!("({x}, {y})"),
        value: None,
        outcome: String::new(),
        proven: false,
        winning_move: None,
        leaves: None,
        note: None,
    };
    if let Some(f) = found.iter().find(|f| f.value2(0, 0).is_some()) {
        usable(std::slice::from_ref(f), trust)?;
        let value = f.value2(x, y).ok_or("the formula has no value there")?;
        at.value = Some(value);
        at.proven = matches!(f.status, Status::Proven { .. });
    } else if let Some(f) = found.iter().find(|f| f.is_p_position(0, 0).is_some()) {
        if !trust && matches!(f.status, Status::Observed { .. }) {
            return Err(format!(
                "the pattern ({}) is observed, not proven; trust it explicitly to extrapolate",
                f.formula
            ));
        }
        let p = f
            .is_p_position(x, y)
            .ok_or("the P-positions' Beatty sequences are not computed exactly that far")?;
        at.value = p.then_some(0);
        at.proven = matches!(f.status, Status::Proven { .. });
        if !p {
            at.note = Some("the value is not 0 (not a P-position of the pattern); the pattern gives no other value".into());
        }
    } else {
        return Err("no closed form in x and y, nor the P-positions as a Beatty pair or wedge, was found, so no pattern gives G(x, y)".into());
    }
    at.outcome = outcome(at.value != Some(0));
    if at.value != Some(0) {
        let no_move = "no winning move: a table's pattern gives values, not the game's moves";
        at.note = Some(match at.note.take() {
            Some(n) => format!("{n}; {no_move}"),
            None => no_move.to_string(),
        });
    }
    Ok(at)
}

fn outcome(n: bool) -> String {
    if n { "N" } else { "P" }.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::NaiveEngine;
    use crate::pattern::rule::find_rule;

    /// Every winning move given leaves value 0 by the plain mex, on heaps
    /// small enough to compute: from the proven period, and from the
    /// pattern observed on the values (the search of splits by classes).
    #[test]
    fn moves_are_winning_by_the_mex() {
        for rule in [
            "kayles",
            "0.07",
            "0.137",
            "sub:1,3,4",
            "4.07",
            "take:2..5",
            "0.51",
        ] {
            let r: HeapRule = rule.parse().unwrap();
            let mut e = NaiveEngine::new(&r.base());
            e.extend_to(3000);
            let g: Vec<u64> = e.values().iter().map(|&v| u64::from(v)).collect();
            let observed = crate::pattern::find_sequence(0, &g[..1200]);
            let f = observed.iter().find(|f| f.is_complete()).unwrap();
            let value = |h: &[u64]| h.iter().fold(0, |a, &p| a ^ g[p as usize]);
            for n in [1u64, 7, 100, 1234, 2999] {
                let a = rule_at(&r, &[], n, false).unwrap_or_else(|e| panic!("{rule} {n}: {e}"));
                assert_eq!(a.value, Some(g[n as usize]), "{rule} {n}");
                if g[n as usize] == 0 {
                    continue;
                }
                let (mv, note) = search(&r.base(), f, n);
                assert!(mv.is_some(), "{rule} {n}: {note:?}");
                let m = mv.unwrap();
                assert_eq!(value(&huge_heap::apply(&[n], &m)), 0, "{rule} {n}: {m}");
                let left = a.leaves.unwrap();
                let parts: Vec<u64> = match left.as_str() {
                    "no heap" => vec![],
                    l => l.split(" + ").map(|p| p.parse().unwrap()).collect(),
                };
                assert_eq!(value(&parts), 0, "{rule} {n}: {left}");
            }
        }
    }

    #[test]
    fn wythoff_p_positions_at_huge_cells() {
        let n = 120;
        let g: Vec<u64> = crate::games::wythoff::values(n, n)
            .into_iter()
            .map(u64::from)
            .collect();
        let found = crate::pattern::find_table(n, n, &g);
        assert!(table_at(&found, 3, 5, false).is_err());
        let mut r: u64 = 0x2545_f491_4f6c_dd1d;
        for i in 0..3000u64 {
            r = r
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = r >> (4 + i % 50);
            // Every tenth cell a P-position by Wythoff's theorem.
            let (a, b) = crate::games::wythoff::p_position(x >> 2);
            let (x, y) = if i % 10 == 0 {
                (b as u64, a as u64)
            } else {
                (x, r.rotate_left(17) >> (4 + i % 50))
            };
            let at = table_at(&found, x, y, true).unwrap();
            let p = crate::games::wythoff::is_p_position(x, y);
            assert_eq!(at.value == Some(0), p, "({x}, {y})");
            assert_eq!(at.outcome, if p { "P" } else { "N" });
        }
    }

    #[test]
    fn observed_patterns_need_trust() {
        let r: HeapRule = "0.8f".parse().unwrap();
        let found = find_rule(&r, 300).unwrap();
        assert!(rule_at(&r, &found, 1 << 60, false).is_err());
        let a = rule_at(&r, &found, (1 << 60) + 1, true).unwrap();
        assert!(!a.proven);
        // Lasker's Nim is proven by its solution: a value and a move.
        let l: HeapRule = "lasker".parse().unwrap();
        let a = rule_at(&l, &find_rule(&l, 300).unwrap(), (1 << 60) + 2, false).unwrap();
        assert!(a.proven);
        assert_eq!(a.value, Some((1 << 60) + 2));
        assert!(a.winning_move.is_some());
        let t = table_at(&[], 3, 4, true);
        assert!(t.is_err());
    }
}
