//! Positions of heap games under any [`HeapRule`]: the Grundy value, the
//! outcome and every winning move in words, in normal play by the
//! Sprague–Grundy theorem and in misère play by exact search.
//!
//! Heaps here are underlying heaps ([`HeapRule::base_heap`] converts a named
//! game's count, such as a triomino board's columns, into tokens).
//!
//! ```
//! use grundy::game::{Convention, Outcome};
//! use grundy::games::heap;
//! let kayles = "kayles".parse().unwrap();
//! let a = heap::analyze(&kayles, &[5, 7], Convention::Normal).unwrap();
//! assert_eq!(a.value.unwrap().0, 4 ^ 2);
//! assert_eq!(a.outcome, Outcome::N);
//! for w in &a.winning_moves {
//!     let after = heap::analyze(&kayles, &w.to, Convention::Normal).unwrap();
//!     assert_eq!(after.outcome, Outcome::P);
//! }
//! // Misère: from a row of 2 pins, knock down one and leave the last to the opponent.
//! let m = heap::analyze(&kayles, &[2], Convention::Misere).unwrap();
//! assert_eq!(m.winning_moves[0].to, vec![1]);
//! assert_eq!(m.winning_moves[0].mv.to_string(), "take 1 from the heap of 2, leaving 1");
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Outcome, WinningMove};
use crate::heap::explain;
use crate::heap::naive::{work_estimate, NaiveEngine};
use crate::heap::rule::{HeapRule, RuleKind};
pub use crate::heap::sums::{misere_positions_bound, HeapGame};
use crate::misere::play::{Method, MisereEngine};
use crate::nimber::Nimber;
use crate::solve::{SolveError, SumSolver};

/// A move on one heap: take `take` tokens from heap `heap` (0-based) of
/// `from` tokens and leave `parts`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// 0-based index of the heap moved in.
    pub heap: usize,
    /// Its size before the move.
    pub from: u32,
    /// Tokens removed (0 for a pure split).
    pub take: u32,
    /// The non-empty heaps left in its place.
    pub parts: Vec<u32>,
}

fn and_list(parts: &[u64]) -> String {
    let s: Vec<String> = parts.iter().map(u64::to_string).collect();
    match s.len() {
        0 => String::new(),
        1 => s[0].clone(),
        n => format!("{} and {}", s[..n - 1].join(", "), s[n - 1]),
    }
}

/// A move in words: take `k` from a heap of `n`, leaving `parts`.
pub(crate) fn write_move(f: &mut fmt::Formatter<'_>, k: u64, n: u64, parts: &[u64]) -> fmt::Result {
    match (k, parts.len()) {
        (0, _) => write!(f, "split the heap of {n} into {}", and_list(parts)),
        (_, 0) => write!(f, "take all {n} from the heap of {n}"),
        (_, 1) => write!(f, "take {k} from the heap of {n}, leaving {}", parts[0]),
        _ => write!(
            f,
            "take {k} from the heap of {n} and split the rest into {}",
            and_list(parts)
        ),
    }
}

impl Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<u64> = self.parts.iter().map(|&p| p as u64).collect();
        write_move(f, self.take as u64, self.from as u64, &parts)
    }
}

/// Why a position was not analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeapError {
    /// A heap is too large for the rule's engine.
    #[error("{0}")]
    TooLarge(String),
    /// The misère search failed.
    #[error("misère search: {0}")]
    Search(#[from] SolveError),
}

/// The most options the reference engine may look at for one position
/// (about ten seconds).
pub const WORK_LIMIT: f64 = 1e10;

/// The largest heap whose table G(0..=n) is built for a position (1 GiB).
pub const MAX_TABLE_HEAP: u32 = (1 << 28) - 1;

/// The most positions the misère search may store.
pub const MISERE_LIMIT: usize = 1_000_000;

/// `explain` tabulates the options of at most this many different heaps.
pub const EXPLAINED_HEAPS: usize = 4;

/// Every move from the sum of `heaps`, with the heaps it leaves (the parts
/// stand where the heap stood).
pub fn moves(rule: &HeapRule, heaps: &[u32]) -> Vec<(HeapMove, Vec<u32>)> {
    (0..heaps.len())
        .flat_map(|i| moves_on(rule, heaps, i))
        .collect()
}

/// Every move in heap `i` (0-based) of `heaps`, with the heaps after it.
pub fn moves_on(rule: &HeapRule, heaps: &[u32], i: usize) -> Vec<(HeapMove, Vec<u32>)> {
    let mut out = Vec::new();
    let h = heaps[i];
    rule.for_each_move(h, |take, parts| {
        let mut to = heaps[..i].to_vec();
        to.extend_from_slice(parts);
        to.extend_from_slice(&heaps[i + 1..]);
        out.push((
            HeapMove {
                heap: i,
                from: h,
                take,
                parts: parts.to_vec(),
            },
            to,
        ));
    });
    out
}

/// The heaps left by `mv` from `heaps`: its parts stand where the heap
/// stood.
///
/// ```
/// use grundy::games::heap::{self, HeapMove};
/// let mv = HeapMove { heap: 1, from: 7, take: 1, parts: vec![2, 4] };
/// assert_eq!(heap::apply(&[3, 7, 5], &mv), vec![3, 2, 4, 5]);
/// ```
pub fn apply(heaps: &[u32], mv: &HeapMove) -> Vec<u32> {
    let mut to = Vec::with_capacity(heaps.len() + mv.parts.len());
    to.extend_from_slice(&heaps[..mv.heap]);
    to.extend_from_slice(&mv.parts);
    to.extend_from_slice(&heaps[mv.heap + 1..]);
    to
}

/// Value, outcome and the winning moves without the positions they leave
/// (`to` is `()`): a long position can have as many winning moves as heaps,
/// so the moves are counted before [`with_positions`] lists the positions.
///
/// ```
/// use grundy::game::Convention;
/// use grundy::games::heap;
/// let kayles = "kayles".parse().unwrap();
/// let ones = vec![1; 9];
/// let a = heap::analyze_moves(&kayles, &ones, Convention::Normal).unwrap();
/// assert_eq!(a.winning_moves.len(), 9);
/// assert_eq!(heap::with_positions(&ones, a).winning_moves[0].to, vec![1; 8]);
/// ```
pub fn analyze_moves(
    rule: &HeapRule,
    heaps: &[u32],
    convention: Convention,
) -> Result<Analysis<HeapMove, ()>, HeapError> {
    match convention {
        Convention::Normal => Ok(analyze_moves_normal(rule, heaps, &values_for(rule, heaps)?)),
        Convention::Misere => analyze_moves_misere(rule, heaps, MISERE_LIMIT),
    }
}

/// Each winning move with the position it leaves.
pub fn with_positions(heaps: &[u32], a: Analysis<HeapMove, ()>) -> Analysis<HeapMove, Vec<u32>> {
    Analysis {
        convention: a.convention,
        value: a.value,
        outcome: a.outcome,
        winning_moves: a
            .winning_moves
            .into_iter()
            .map(|w| WinningMove {
                to: apply(heaps, &w.mv),
                mv: w.mv,
            })
            .collect(),
    }
}

/// G(0..=max heap) for a position, refusing heaps whose values would cost
/// more than [`WORK_LIMIT`] options.
pub fn values_for(rule: &HeapRule, heaps: &[u32]) -> Result<Vec<u32>, HeapError> {
    let top = heaps.iter().copied().max().unwrap_or(0);
    if let RuleKind::Ranges(r) = rule.kind() {
        if top as usize > r.len() {
            return Err(HeapError::TooLarge(format!(
                "heap {top}: the ranges define heaps up to {} only",
                r.len()
            )));
        }
    }
    if top > MAX_TABLE_HEAP {
        return Err(HeapError::TooLarge(format!(
            "heap {top} is too large: its value needs the table G(0..={top}), about {} MiB, \
             and at most heaps of {MAX_TABLE_HEAP} are analysed",
            ((top as u64 + 1) * 4) >> 20
        )));
    }
    let work = work_estimate(rule, top as u64);
    if work > WORK_LIMIT {
        return Err(HeapError::TooLarge(format!(
            "heap {top} is too large for this rule: its value is found by trying about {work:.1e} options, \
             more than the {WORK_LIMIT:.0e} allowed"
        )));
    }
    let mut e = NaiveEngine::new(rule);
    e.extend_to(top);
    Ok(e.into_values())
}

/// Value (normal play), outcome and every winning move of the sum of
/// `heaps` (underlying tokens).
pub fn analyze(
    rule: &HeapRule,
    heaps: &[u32],
    convention: Convention,
) -> Result<Analysis<HeapMove, Vec<u32>>, HeapError> {
    analyze_limited(rule, heaps, convention, MISERE_LIMIT)
}

/// [`analyze`] with a bound on the positions the misère search may store.
pub fn analyze_limited(
    rule: &HeapRule,
    heaps: &[u32],
    convention: Convention,
    misere_limit: usize,
) -> Result<Analysis<HeapMove, Vec<u32>>, HeapError> {
    let a = match convention {
        Convention::Normal => analyze_moves_normal(rule, heaps, &values_for(rule, heaps)?),
        Convention::Misere => analyze_moves_misere(rule, heaps, misere_limit)?,
    };
    Ok(with_positions(heaps, a))
}

/// Normal play with the values `g` = G(0..=max heap) already at hand
/// (see [`values_for`]).
pub fn analyze_normal(rule: &HeapRule, heaps: &[u32], g: &[u32]) -> Analysis<HeapMove, Vec<u32>> {
    with_positions(heaps, analyze_moves_normal(rule, heaps, g))
}

/// [`analyze_normal`] without the positions (see [`analyze_moves`]): a
/// move wins when the values of the parts it leaves XOR to the value of
/// the heap it replaces XOR the total.
pub fn analyze_moves_normal(rule: &HeapRule, heaps: &[u32], g: &[u32]) -> Analysis<HeapMove, ()> {
    let convention = Convention::Normal;
    let value_of = |hs: &[u32]| hs.iter().fold(0, |a, &h| a ^ g[h as usize]);
    let total = value_of(heaps);
    let mut winning_moves = Vec::new();
    if total != 0 {
        for (i, &h) in heaps.iter().enumerate() {
            let target = total ^ g[h as usize];
            rule.for_each_move(h, |take, parts| {
                if value_of(parts) == target {
                    winning_moves.push(WinningMove {
                        mv: HeapMove {
                            heap: i,
                            from: h,
                            take,
                            parts: parts.to_vec(),
                        },
                        to: (),
                    });
                }
            });
        }
    }
    let value = Nimber(total as u64);
    Analysis {
        convention,
        value: Some(value),
        outcome: Outcome::from_value(value),
        winning_moves,
    }
}

fn analyze_moves_misere(
    rule: &HeapRule,
    heaps: &[u32],
    misere_limit: usize,
) -> Result<Analysis<HeapMove, ()>, HeapError> {
    let engine = misere_engine(rule, heaps);
    Ok(analyze_misere(rule, heaps, &engine, misere_limit)?.0)
}

/// The engine that decides misère sums of heaps up to the largest of
/// `heaps` (see [`MisereEngine::new`]).
pub fn misere_engine(rule: &HeapRule, heaps: &[u32]) -> MisereEngine {
    let top = heaps.iter().copied().max().unwrap_or(0);
    if matches!(rule.kind(), RuleKind::Ranges(r) if top as usize > r.len()) {
        return MisereEngine::Search;
    }
    MisereEngine::new(rule, top)
}

/// Misère outcome and winning moves with `engine`: from the quotient or
/// the tame rule when it covers the heaps, else by exhaustive search (at
/// most `misere_limit` positions). Also says which method answered.
///
/// ```
/// use grundy::games::heap;
/// use grundy::game::Outcome;
/// use grundy::misere::play::Method;
/// let kayles = "kayles".parse().unwrap();
/// let heaps = vec![1, 2, 3, 4, 5, 6];
/// let engine = heap::misere_engine(&kayles, &heaps);
/// let (a, method) = heap::analyze_misere(&kayles, &heaps, &engine, 1000).unwrap();
/// assert_eq!(method, Method::Quotient);
/// assert_eq!(a.outcome, Outcome::N);
/// ```
pub fn analyze_misere(
    rule: &HeapRule,
    heaps: &[u32],
    engine: &MisereEngine,
    misere_limit: usize,
) -> Result<(Analysis<HeapMove, ()>, Method), HeapError> {
    let convention = Convention::Misere;
    if let RuleKind::Ranges(r) = rule.kind() {
        if let Some(&h) = heaps.iter().find(|&&h| h as usize > r.len()) {
            return Err(HeapError::TooLarge(format!(
                "heap {h}: the ranges define heaps up to {} only",
                r.len()
            )));
        }
    }
    if let (Some(p), Some(moves)) = (engine.is_p(heaps), engine.winning_moves(rule, heaps)) {
        let winning_moves = moves
            .into_iter()
            .map(|m| WinningMove {
                mv: HeapMove {
                    heap: m.heap,
                    from: heaps[m.heap],
                    take: m.take,
                    parts: m.parts,
                },
                to: (),
            })
            .collect();
        let a = Analysis {
            convention,
            value: None,
            outcome: if p { Outcome::P } else { Outcome::N },
            winning_moves,
        };
        return Ok((a, engine.method()));
    }
    Ok((search_misere(rule, heaps, misere_limit)?, Method::Search))
}

fn search_misere(
    rule: &HeapRule,
    heaps: &[u32],
    misere_limit: usize,
) -> Result<Analysis<HeapMove, ()>, HeapError> {
    let convention = Convention::Misere;
    let bound = misere_positions_bound(rule, heaps);
    if bound > misere_limit as f64 {
        return Err(HeapError::TooLarge(format!(
            "misère play is decided by searching every reachable position, and from here \
             that can be up to {bound:.3e} positions, more than the {misere_limit} searched; \
             try smaller heaps"
        )));
    }
    let game = HeapGame { rule };
    let mut s = SumSolver::new(&game, Convention::Misere).with_limit(misere_limit);
    let outcome = s.outcome(heaps)?;
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        // One buffer for every position tried: only the moves are kept.
        let mut to = Vec::with_capacity(heaps.len() + rule.max_parts());
        for (i, &h) in heaps.iter().enumerate() {
            let mut tried = Vec::new();
            rule.for_each_move(h, |take, parts| tried.push((take, parts.to_vec())));
            for (take, parts) in tried {
                let mv = HeapMove {
                    heap: i,
                    from: h,
                    take,
                    parts,
                };
                to.clear();
                to.extend_from_slice(&heaps[..i]);
                to.extend_from_slice(&mv.parts);
                to.extend_from_slice(&heaps[i + 1..]);
                if s.outcome(&to)? == Outcome::P {
                    winning_moves.push(WinningMove { mv, to: () });
                }
            }
        }
    }
    Ok(Analysis {
        convention,
        value: None,
        outcome,
        winning_moves,
    })
}

/// Why the answer is right: each heap's Grundy value, their nim-sum, and
/// what the first winning move does to it (normal play); in misère play,
/// how the answer was found.
pub fn explain(
    rule: &HeapRule,
    heaps: &[u32],
    analysis: &Analysis<HeapMove, Vec<u32>>,
) -> Result<String, HeapError> {
    let mut out = String::new();
    out.push_str("The rule:\n");
    for line in rule.describe().lines() {
        let _ = writeln!(out, "  {line}");
    }
    if analysis.convention == Convention::Misere {
        let _ = writeln!(
            out,
            "Misère play: the heaps' Grundy values do not add, so every position reachable from {} \
             was searched (positions that are the same multiset of heaps share one answer).",
            heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        );
        let _ = writeln!(
            out,
            "Outcome {}: {}.",
            analysis.outcome,
            analysis.outcome.describe()
        );
        return Ok(out);
    }
    let g = values_for(rule, heaps)?;
    let (periodicity, seen) = explain::pattern(rule, &g);
    let _ = writeln!(out, "{}", explain::describe_pattern(&periodicity, seen));
    let _ = writeln!(
        out,
        "Each heap is a game of its own; its Grundy value G(n) is the mex (the least value missing) of the \
         values of its options, and an option's value is the nim-sum (XOR, ⊕) of the values of the heaps it leaves:"
    );
    let mut shown: Vec<u32> = Vec::new();
    for &h in heaps {
        if shown.contains(&h) {
            continue;
        }
        if shown.len() == EXPLAINED_HEAPS {
            let _ = writeln!(out, "  (the other heaps' tables: ask for them alone)");
            break;
        }
        shown.push(h);
        out.push_str(&explain::describe(
            &explain::mex_table(rule, &g, h),
            &g,
            "  ",
        ));
    }
    let _ = writeln!(out, "The value of a sum is the nim-sum of the values:");
    let mut total = 0;
    for &h in heaps {
        let _ = writeln!(out, "  G({h}) = {}", g[h as usize]);
        total ^= g[h as usize];
    }
    let _ = writeln!(out, "  XOR = {total}");
    if total == 0 {
        let _ = writeln!(
            out,
            "The nim-sum is 0: a P-position. Every move changes one heap's value, so it leaves a non-zero nim-sum."
        );
    } else if let Some(w) = analysis.winning_moves.first() {
        let from = g[w.mv.from as usize];
        let _ = writeln!(
            out,
            "The nim-sum is {total}, not 0: an N-position. To win, replace a heap of value v by options worth v ⊕ {total}. \
             Here: {} turns G({}) = {from} into {}, and {from} ⊕ {total} = {}, so the nim-sum becomes 0.",
            w.mv,
            w.mv.from,
            explain::leaves_value(&w.mv.parts, |p| g[p as usize]),
            from ^ total
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        let mv = |take, from, parts: &[u32]| {
            HeapMove {
                heap: 0,
                from,
                take,
                parts: parts.to_vec(),
            }
            .to_string()
        };
        assert_eq!(
            mv(2, 12, &[3, 7]),
            "take 2 from the heap of 12 and split the rest into 3 and 7"
        );
        assert_eq!(mv(0, 12, &[5, 7]), "split the heap of 12 into 5 and 7");
        assert_eq!(mv(1, 5, &[4]), "take 1 from the heap of 5, leaving 4");
        assert_eq!(mv(5, 5, &[]), "take all 5 from the heap of 5");
        assert_eq!(
            mv(1, 8, &[1, 2, 4]),
            "take 1 from the heap of 8 and split the rest into 1, 2 and 4"
        );
    }

    #[test]
    fn refuses_large_heaps() {
        let hex: HeapRule = "0.8".parse().unwrap();
        assert!(analyze(&hex, &[10_000], Convention::Normal).is_err());
        let r: HeapRule = "ranges:1..1".parse().unwrap();
        assert!(analyze(&r, &[2], Convention::Normal).is_err());
        assert!(analyze(&r, &[2], Convention::Misere).is_err());
        // Dawson's chess has no misère quotient within the limits past heap
        // 24, so large misère sums of it fall back to the bounded search.
        let d: HeapRule = "0.137".parse().unwrap();
        assert!(matches!(
            analyze_limited(&d, &[40, 40, 40], Convention::Misere, 500),
            Err(HeapError::TooLarge(_))
        ));
        assert!(analyze(&d, &[200, 200, 200, 200], Convention::Misere).is_err());
        // Kayles' quotient answers the same sizes at once.
        let k: HeapRule = "kayles".parse().unwrap();
        assert!(analyze_limited(&k, &[40, 40, 40], Convention::Misere, 500).is_ok());
    }
}
