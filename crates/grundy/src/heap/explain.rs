//! Why a heap has the Grundy value it has: its options, the value of each
//! (the nim-sum of the heaps a move leaves), and their mex; and the pattern
//! the rule's values follow, when they are periodic.
//!
//! The table is what a reader checks by hand: when a heap has few options
//! every one is listed; otherwise, for each value below `G(n)`, the first
//! option that reaches it, which with "no option is worth `G(n)`" is the
//! whole proof of the mex.
//!
//! ```
//! use grundy::heap::explain::{mex_table, Listing};
//! use grundy::heap::naive::NaiveEngine;
//!
//! let kayles: grundy::heap::rule::HeapRule = "0.77".parse().unwrap();
//! let mut e = NaiveEngine::new(&kayles);
//! e.extend_to(3);
//! let t = mex_table(&kayles, e.values(), 3);
//! assert_eq!(t.value, 3);
//! // Take 1 leaving 2, or 1 and 1; take 2 leaving 1: values 2, 0, 1.
//! assert!(matches!(t.listing, Listing::All(ref o) if o.len() == 3));
//! ```

use std::fmt::Write;

use super::naive::{work_estimate, NaiveEngine};
use super::periodicity::{analyze_rule, Periodicity, Status};
use super::rule::{HeapRule, RuleKind};

/// A heap with at most this many options has them all listed.
pub const LIST_ALL: usize = 12;

/// At most this many values below `G(n)` are shown with an option reaching
/// them.
pub const WITNESSES: usize = 16;

/// At most this many options are tried to tabulate one heap.
pub const OPTIONS_LIMIT: usize = 1 << 20;

/// The values looked at for a pattern: at most this many heaps...
const PATTERN_HEAPS: u32 = 4096;

/// ...and at most this many options tried (a few milliseconds).
const PATTERN_WORK: f64 = 5e6;

/// One option of a heap: the tokens taken, the heaps left, and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapOption {
    /// Tokens taken.
    pub take: u32,
    /// The heaps left (none, one, or several).
    pub parts: Vec<u32>,
    /// The nim-sum of the parts' values.
    pub value: u32,
}

/// How the options of a heap are shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listing {
    /// Every option, in the rule's order.
    All(Vec<HeapOption>),
    /// For each value `0, 1, ...` below `G(n)` (at most [`WITNESSES`]), the
    /// first option reaching it.
    Witnesses(Vec<HeapOption>),
    /// Too many options to tabulate.
    TooMany,
}

/// The options of heap `n` and the mex that makes `G(n)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MexTable {
    /// The heap.
    pub heap: u32,
    /// `G(heap)`.
    pub value: u32,
    /// How many options the heap has (counted up to [`OPTIONS_LIMIT`]).
    pub options: usize,
    /// The options shown.
    pub listing: Listing,
}

/// The table for heap `n`, given `g` = G(0..=n) at least.
pub fn mex_table(rule: &HeapRule, g: &[u32], n: u32) -> MexTable {
    let value = g[n as usize];
    let mut all = Vec::new();
    let mut count = 0usize;
    let mut first: Vec<Option<HeapOption>> = vec![None; (value as usize).min(WITNESSES)];
    rule.for_each_move(n, |take, parts| {
        count += 1;
        if count > OPTIONS_LIMIT {
            return;
        }
        let v = parts.iter().fold(0, |a, &p| a ^ g[p as usize]);
        let option = || HeapOption {
            take,
            parts: parts.to_vec(),
            value: v,
        };
        if all.len() <= LIST_ALL {
            all.push(option());
        }
        if let Some(slot @ None) = first.get_mut(v as usize) {
            *slot = Some(option());
        }
    });
    let listing = if count <= LIST_ALL {
        Listing::All(all)
    } else if count > OPTIONS_LIMIT {
        Listing::TooMany
    } else {
        Listing::Witnesses(first.into_iter().flatten().collect())
    };
    MexTable {
        heap: n,
        value,
        options: count.min(OPTIONS_LIMIT),
        listing,
    }
}

/// The option in words: `take 1, leave 3 and 4`.
pub fn option_words(o: &HeapOption, from: u32) -> String {
    let left = match o.parts.as_slice() {
        [] => "leave nothing".to_string(),
        [a] => format!("leave {a}"),
        parts => {
            let (last, rest) = parts.split_last().expect("several parts");
            let rest: Vec<String> = rest.iter().map(u32::to_string).collect();
            format!("leave {} and {last}", rest.join(", "))
        }
    };
    match (o.take, o.parts.len()) {
        (t, 0) if t == from => format!("take all {t}"),
        (0, _) => format!("split: {left}"),
        (t, _) => format!("take {t}, {left}"),
    }
}

/// The option's value worked out: `G(1) ⊕ G(3) = 1 ⊕ 3 = 2`.
pub fn option_value(o: &HeapOption, g: &[u32]) -> String {
    leaves_value(&o.parts, |p| g[p as usize])
}

/// The value of the heaps a move leaves, worked out from `g`:
/// `0 (no heap)`, `G(4) = 1` or `G(1) ⊕ G(3) = 1 ⊕ 3 = 2`.
pub fn leaves_value<T: Copy + std::fmt::Display, V: Into<u64>>(
    parts: &[T],
    g: impl Fn(T) -> V,
) -> String {
    let g = |p: T| -> u64 { g(p).into() };
    match parts {
        [] => "0 (no heap)".to_string(),
        [a] => format!("G({a}) = {}", g(*a)),
        parts => {
            let names: Vec<String> = parts.iter().map(|p| format!("G({p})")).collect();
            let values: Vec<String> = parts.iter().map(|&p| g(p).to_string()).collect();
            let total = parts.iter().fold(0, |a, &p| a ^ g(p));
            format!("{} = {} = {total}", names.join(" ⊕ "), values.join(" ⊕ "))
        }
    }
}

/// The table as text, indented by `indent`.
pub fn describe(table: &MexTable, g: &[u32], indent: &str) -> String {
    let mut out = String::new();
    let (n, v) = (table.heap, table.value);
    let rows = |os: &[HeapOption], out: &mut String| {
        let words: Vec<String> = os.iter().map(|o| option_words(o, n)).collect();
        let width = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
        for (o, w) in os.iter().zip(&words) {
            let _ = writeln!(out, "{indent}  {w:<width$}  {}", option_value(o, g));
        }
    };
    match &table.listing {
        Listing::All(os) if os.is_empty() => {
            let _ = writeln!(
                out,
                "{indent}G({n}) = 0: a heap of {n} has no move, and the mex of nothing is 0."
            );
        }
        Listing::All(os) => {
            let _ = writeln!(
                out,
                "{indent}G({n}) = {v}: the options of a heap of {n} and their values:"
            );
            rows(os, &mut out);
            let mut seen: Vec<u32> = os.iter().map(|o| o.value).collect();
            seen.sort_unstable();
            seen.dedup();
            let seen: Vec<String> = seen.iter().map(u32::to_string).collect();
            let _ = writeln!(
                out,
                "{indent}  values {{{}}}: the least value missing (the mex) is {v}.",
                seen.join(", ")
            );
        }
        Listing::Witnesses(os) => {
            let _ = writeln!(
                out,
                "{indent}G({n}) = {v}: a heap of {n} has {} options; for each value below {v}, the first option worth it:",
                table.options
            );
            rows(os, &mut out);
            if v as usize > WITNESSES {
                let _ = writeln!(
                    out,
                    "{indent}  (values {WITNESSES} to {} are reached too)",
                    v - 1
                );
            }
            let _ = writeln!(
                out,
                "{indent}  and no option is worth {v}, so the mex is {v}."
            );
        }
        Listing::TooMany => {
            let _ = writeln!(
                out,
                "{indent}G({n}) = {v}: the mex of the values of more than {OPTIONS_LIMIT} options (too many to list)."
            );
        }
    }
    out
}

/// The periodicity of the rule's values, looked for in as many values as a
/// few milliseconds allow beyond `g` (G(0..) already computed), with how
/// many values were looked at.
pub fn pattern(rule: &HeapRule, g: &[u32]) -> (Periodicity, u32) {
    let most = match rule.kind() {
        RuleKind::Ranges(r) => (r.len() as u32).min(PATTERN_HEAPS),
        _ => PATTERN_HEAPS,
    };
    let mut len = (g.len() as u32).max(1);
    while 2 * len <= most && work_estimate(rule, 2 * len as u64) <= PATTERN_WORK {
        len *= 2;
    }
    if len as usize <= g.len() {
        return (analyze_rule(rule, g), g.len() as u32);
    }
    let mut e = NaiveEngine::from_values(rule, g);
    e.extend_to(len - 1);
    let values = e.values();
    (analyze_rule(rule, values), values.len() as u32)
}

/// The pattern in words: `G(n + 12) = G(n) for every n >= 71 (proven: ...)`.
pub fn describe_pattern(p: &Periodicity, seen: u32) -> String {
    let (Some(n0), Some(period)) = (p.preperiod, p.period) else {
        return format!("No period shows in G(0..={}).", seen.saturating_sub(1));
    };
    let shift = match p.saltus {
        Some(s) if s != 0 => format!("G(n) + {s}"),
        _ => "G(n)".to_string(),
    };
    let head = if p.saltus.is_some_and(|s| s != 0) {
        "The values are arithmetic-periodic"
    } else {
        "The values are periodic"
    };
    match p.status {
        Status::Proven => format!(
            "{head}: G(n + {period}) = {shift} for every n >= {n0} (period {period}, preperiod {n0}); proven, \
             since the periodicity theorem's window has been checked."
        ),
        _ => format!(
            "{head} as far as computed: G(n + {period}) = {shift} for {n0} <= n < {} (period {period}, \
             preperiod {n0}); observed, not proven.",
            seen as u64 - period
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn values(rule: &HeapRule, n: u32) -> Vec<u32> {
        let mut e = NaiveEngine::new(rule);
        e.extend_to(n);
        e.values().to_vec()
    }

    fn mex(mut seen: Vec<u32>) -> u32 {
        seen.sort_unstable();
        seen.dedup();
        seen.iter()
            .enumerate()
            .take_while(|(i, &v)| *i as u32 == v)
            .count() as u32
    }

    proptest! {
        /// The table proves the value: listed options are the rule's options
        /// with their nim-sums, whose mex is G(n); witnesses reach each value
        /// below G(n) in turn, and no option reaches G(n).
        #[test]
        fn tables_prove_the_value(code in "0\\.[0-7]{1,4}", n in 0u32..60) {
            let rule: HeapRule = code.parse().unwrap();
            let g = values(&rule, n);
            let t = mex_table(&rule, &g, n);
            let mut options = Vec::new();
            rule.for_each_move(n, |take, parts| options.push((take, parts.to_vec())));
            let worth: Vec<u32> = options.iter().map(|(_, ps)| ps.iter().fold(0, |a, &p| a ^ g[p as usize])).collect();
            prop_assert_eq!(t.value, mex(worth.clone()));
            prop_assert_eq!(t.options, options.len());
            match t.listing {
                Listing::All(os) => {
                    prop_assert!(os.len() <= LIST_ALL);
                    prop_assert_eq!(os.len(), options.len());
                    prop_assert_eq!(mex(os.iter().map(|o| o.value).collect()), t.value);
                    for (o, (take, parts)) in os.iter().zip(&options) {
                        prop_assert_eq!((o.take, &o.parts), (*take, parts));
                    }
                }
                Listing::Witnesses(os) => {
                    prop_assert_eq!(os.len(), (t.value as usize).min(WITNESSES));
                    for (w, o) in os.iter().enumerate() {
                        prop_assert_eq!(o.value, w as u32);
                        prop_assert_eq!(o.parts.iter().fold(0, |a, &p| a ^ g[p as usize]), o.value);
                        prop_assert!(options.contains(&(o.take, o.parts.clone())));
                    }
                    prop_assert!(!worth.contains(&t.value));
                }
                Listing::TooMany => prop_assert!(false, "small heaps are listed"),
            }
        }
    }

    #[test]
    fn kayles_words() {
        let kayles: HeapRule = "0.77".parse().unwrap();
        let g = values(&kayles, 5);
        let text = describe(&mex_table(&kayles, &g, 4), &g, "");
        assert!(
            text.starts_with("G(4) = 1: the options of a heap of 4"),
            "{text}"
        );
        assert!(
            text.contains("take 1, leave 1 and 2  G(1) ⊕ G(2) = 1 ⊕ 2 = 3"),
            "{text}"
        );
        assert!(
            text.contains("values {0, 2, 3}: the least value missing (the mex) is 1."),
            "{text}"
        );
        let zero = describe(&mex_table(&kayles, &g, 0), &g, "");
        assert!(zero.contains("no move"), "{zero}");
    }

    #[test]
    fn large_heaps_show_witnesses() {
        // Nim: G(n) = n, every value below reached by one option.
        let nim: HeapRule = "0.[3]".parse().unwrap();
        let g = values(&nim, 40);
        let t = mex_table(&nim, &g, 40);
        assert_eq!(t.options, 40);
        let Listing::Witnesses(ref os) = t.listing else {
            panic!("{t:?}")
        };
        assert_eq!(os.len(), WITNESSES);
        assert_eq!(os[0].take, 40);
        let text = describe(&t, &g, "");
        assert!(text.contains("(values 16 to 39 are reached too)"), "{text}");
        assert!(text.contains("no option is worth 40"), "{text}");
    }

    #[test]
    fn patterns_are_named() {
        // Kayles: period 12 from 71, proven (Guy and Smith).
        let kayles: HeapRule = "0.77".parse().unwrap();
        let (p, seen) = pattern(&kayles, &values(&kayles, 12));
        assert_eq!(
            (p.status, p.preperiod, p.period),
            (Status::Proven, Some(71), Some(12))
        );
        let text = describe_pattern(&p, seen);
        assert!(
            text.contains("G(n + 12) = G(n) for every n >= 71") && text.contains("proven"),
            "{text}"
        );
        // Lasker's Nim: G(n + 4) = G(n) + 4.
        let lasker: HeapRule = "lasker".parse().unwrap();
        let (p, seen) = pattern(&lasker, &values(&lasker, 9));
        assert!(
            describe_pattern(&p, seen).contains("G(n + 4) = G(n) + 4"),
            "{p:?}"
        );
        // Grundy's game shows no period.
        let grundy: HeapRule = "4!.0".parse().unwrap();
        let (p, seen) = pattern(&grundy, &values(&grundy, 20));
        assert!(describe_pattern(&p, seen).starts_with("No period"), "{p:?}");
    }
}
