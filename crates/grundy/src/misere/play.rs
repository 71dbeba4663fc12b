//! Deciding misère sums of heaps: from the quotient when one is found for
//! the heaps involved, by the misère Nim rule when every heap is tame, and
//! otherwise by exhaustive search (which the caller runs).
//!
//! ```
//! use grundy::misere::play::{MisereEngine, Method};
//! let kayles = "kayles".parse().unwrap();
//! let e = MisereEngine::new(&kayles, 6);
//! assert_eq!(e.method(), Method::Quotient);
//! // Thousands of heaps are decided at once: Φ(3) = ab, and (ab)^4000 = b²
//! // lies in the P-portion.
//! let heaps = vec![3u32; 4000];
//! assert_eq!(e.is_p(&heaps), Some(true));
//! assert_eq!(e.is_p(&[3, 3, 3]), Some(false));
//! ```

use crate::heap::rule::HeapRule;

use super::extend::solve;
use super::genus::{GenusTable, Phylum};
use super::quotient::{Quotient, QuotientMove};
use super::solver::Limits;

/// Limits for a quotient computed on the way to an answer: small enough
/// that a hopeless quotient gives way to search quickly. They count work,
/// not time, so the method that answers is the same on every machine.
pub const QUICK: Limits = Limits {
    order: 256,
    search: 150_000,
    proof: 100_000,
    candidate: 20_000,
    seconds: None,
};

/// The most positions of the genus table computed on the way to an answer.
pub const QUICK_GENUS: usize = 200_000;

/// How a misère sum was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The product of Φ over the heaps, in the quotient.
    Quotient,
    /// Every heap hereditarily tame: the misère Nim rule on (g, γ0).
    Tame,
    /// Exhaustive search.
    Search,
}

impl Method {
    /// `quotient`, `tame` or `search`, as JSON shows it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Quotient => "quotient",
            Method::Tame => "tame",
            Method::Search => "search",
        }
    }
}

/// What is known to decide sums of heaps up to some size.
#[derive(Clone, Debug)]
pub enum MisereEngine {
    /// The quotient of heaps 0..=top.
    Quotient(Quotient),
    /// (g, γ0) of heaps 0..=top, every one of them hereditarily tame.
    Tame(Vec<(u32, u32)>),
    /// Neither was found: search.
    Search,
}

/// The misère Nim rule for a sum of tame positions with these (g, γ0): P
/// when γ0 of the sum is 0, where γ0 of the sum is g ⊕ 1 if every part is
/// like 0 or *1 (g ≤ 1 and γ0 = 1 − g), and g otherwise (Winning Ways
/// ch. 13).
pub fn tame_is_p(parts: impl IntoIterator<Item = (u32, u32)>) -> bool {
    let mut g = 0;
    let mut small = true;
    for (gp, gm) in parts {
        g ^= gp;
        small &= gp <= 1 && gm == 1 - gp;
    }
    (if small { g ^ 1 } else { g }) == 0
}

impl MisereEngine {
    /// The best engine for sums of heaps up to `top`: the quotient when it
    /// is found within [`QUICK`], else the tame rule when every heap up to
    /// `top` is a nim heap or hereditarily tame, else search.
    pub fn new(rule: &HeapRule, top: u32) -> MisereEngine {
        if let Ok(run) = solve(rule, top, QUICK, |_| false) {
            if run.stopped.is_none() {
                return MisereEngine::Quotient(run.quotient);
            }
        }
        if let Ok(genera) = GenusTable::new(rule).with_limit(QUICK_GENUS).heaps(top) {
            if genera
                .iter()
                .all(|g| matches!(g.phylum, Phylum::NimHeap | Phylum::HereditarilyTame))
            {
                return MisereEngine::Tame(genera.iter().map(|g| (g.g, g.gamma[0])).collect());
            }
        }
        MisereEngine::Search
    }

    /// Which method answers.
    pub fn method(&self) -> Method {
        match self {
            MisereEngine::Quotient(_) => Method::Quotient,
            MisereEngine::Tame(_) => Method::Tame,
            MisereEngine::Search => Method::Search,
        }
    }

    /// The quotient, if that is the method.
    pub fn quotient(&self) -> Option<&Quotient> {
        match self {
            MisereEngine::Quotient(q) => Some(q),
            _ => None,
        }
    }

    /// Whether the sum of `heaps` is a misère P-position; `None` when the
    /// engine cannot tell (search, or a heap past what it covers).
    pub fn is_p(&self, heaps: &[u32]) -> Option<bool> {
        match self {
            MisereEngine::Quotient(q) => q.is_p(heaps),
            MisereEngine::Tame(t) => {
                let mut parts = Vec::with_capacity(heaps.len());
                for &h in heaps {
                    parts.push(*t.get(h as usize)?);
                }
                Some(tame_is_p(parts))
            }
            MisereEngine::Search => None,
        }
    }

    /// Every winning move of the sum of `heaps`, or `None` when the engine
    /// cannot tell.
    pub fn winning_moves(&self, rule: &HeapRule, heaps: &[u32]) -> Option<Vec<QuotientMove>> {
        match self {
            MisereEngine::Quotient(q) => q.winning_moves(rule, heaps),
            MisereEngine::Tame(t) => {
                if heaps.iter().any(|&h| h as usize >= t.len()) {
                    return None;
                }
                if tame_is_p(heaps.iter().map(|&h| t[h as usize])) {
                    return Some(Vec::new());
                }
                // The sum without heap i, as (g, all small) from prefix and
                // suffix folds.
                let n = heaps.len();
                let fold = |a: (u32, bool), h: u32| {
                    let (gp, gm) = t[h as usize];
                    (a.0 ^ gp, a.1 && gp <= 1 && gm == 1 - gp)
                };
                let mut prefix = vec![(0, true); n + 1];
                for i in 0..n {
                    prefix[i + 1] = fold(prefix[i], heaps[i]);
                }
                let mut suffix = vec![(0, true); n + 1];
                for i in (0..n).rev() {
                    suffix[i] = fold(suffix[i + 1], heaps[i]);
                }
                let mut out = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    let rest = (
                        prefix[i].0 ^ suffix[i + 1].0,
                        prefix[i].1 && suffix[i + 1].1,
                    );
                    rule.for_each_move(h, |take, parts| {
                        let (g, small) = parts.iter().fold(rest, |a, &p| fold(a, p));
                        if (if small { g ^ 1 } else { g }) == 0 {
                            out.push(QuotientMove {
                                heap: i,
                                take,
                                parts: parts.to_vec(),
                            });
                        }
                    });
                }
                Some(out)
            }
            MisereEngine::Search => None,
        }
    }
}
