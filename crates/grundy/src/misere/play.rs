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
use super::report::phi_periodicity;
use super::solver::Limits;
use crate::heap::periodicity::Window;

/// Limits for a quotient computed on the way to an answer: small enough
/// that a hopeless quotient gives way to search quickly. They count work,
/// not time, so the method that answers is the same on every machine.
pub const QUICK: Limits = Limits {
    order: 256,
    search: 150_000,
    proof: 100_000,
    candidate: 20_000,
    seconds: None,
    pair_memory: super::solver::PAIR_MEMORY,
};

/// The most positions of the genus table computed on the way to an answer.
pub const QUICK_GENUS: usize = 200_000;

/// The largest heap whose quotient is computed heap by heap on the way to
/// an answer; past it, only a quotient whose Φ is proven periodic (within
/// [`PROOF_HEAP`]) covers the heaps.
pub const MAX_QUOTIENT_HEAP: u32 = 64;

/// The largest heap the search for a proven period of Φ goes to.
pub const PROOF_HEAP: u32 = 400;

/// The largest heap a genus table is computed to on the way to an answer.
pub const MAX_TAME_HEAP: u32 = 4096;

/// The quotient of every heap, when Φ is proven periodic (the misère
/// periodicity theorem) by heap [`PROOF_HEAP`] within [`QUICK`]'s limits;
/// its heaps up to `top` are then all covered.
fn proven_quotient(rule: &HeapRule, top: u32) -> Option<Quotient> {
    if Window::for_rule(rule) == Window::Unknown {
        return None;
    }
    let mut found = None;
    let run = solve(rule, top.min(PROOF_HEAP), QUICK, |q| {
        let p = phi_periodicity(rule, &q.phi);
        if p.status == "proven" {
            found = p.preperiod.zip(p.period);
        }
        found.is_some()
    })
    .ok()?;
    let mut q = run.quotient;
    if found.is_none() && run.stopped.is_none() && q.top >= top {
        return Some(q);
    }
    q.period = Some(found?);
    Some(q)
}

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
    /// (g, γ0) of the heaps, every one of them hereditarily tame.
    Tame(Tame),
    /// Neither was found: search.
    Search,
}

/// The genera (g, γ0) of heaps that are all hereditarily tame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tame {
    /// (g, γ0) of heaps 0..=top, from the genus table.
    Table(Vec<(u32, u32)>),
    /// Nim, whose every heap is a nim heap: 0^1, 1^0 and n^n for n ≥ 2
    /// (Bouton's misère rule), for heaps of any size.
    Nim,
}

impl Tame {
    /// (g, γ0) of heap `h`, or `None` past the table.
    pub fn genus(&self, h: u32) -> Option<(u32, u32)> {
        match self {
            Tame::Table(t) => t.get(h as usize).copied(),
            Tame::Nim => Some(match h {
                0 => (0, 1),
                1 => (1, 0),
                _ => (h, h),
            }),
        }
    }

    /// Which heaps are known tame, in words.
    pub fn covered(&self) -> String {
        match self {
            Tame::Table(t) => format!("Every heap up to {} is tame", t.len().saturating_sub(1)),
            Tame::Nim => "Every heap of Nim is a nim heap, tame".to_string(),
        }
    }
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
    /// The best engine for sums of heaps up to `top`: Bouton's misère rule
    /// for Nim; the quotient of heaps up to `top` when it is found within
    /// [`QUICK`] (`top` at most [`MAX_QUOTIENT_HEAP`]), or the quotient of
    /// every heap when Φ is proven periodic; else the tame rule when every
    /// heap up to `top` is a nim heap or hereditarily tame; else search.
    ///
    /// ```
    /// use grundy::misere::play::{Method, MisereEngine};
    /// // Kayles' Φ has period 12 from heap 71 (proven at heap 167): heaps
    /// // of any size are decided by the quotient.
    /// let kayles = "kayles".parse().unwrap();
    /// let e = MisereEngine::new(&kayles, 1_000_000);
    /// assert_eq!(e.method(), Method::Quotient);
    /// assert_eq!(e.is_p(&[1_000_000, 1_000_000]), Some(true));
    /// // Nim: misère Bouton, whatever the heaps.
    /// let nim = "nim".parse().unwrap();
    /// assert_eq!(MisereEngine::new(&nim, 300).is_p(&[300, 200, 100]), Some(false));
    /// // Three heaps of 1: the last token falls to the mover, who loses.
    /// assert_eq!(MisereEngine::new(&nim, 300).is_p(&[1, 1, 1]), Some(true));
    /// assert_eq!(MisereEngine::new(&nim, 300).is_p(&[1, 1]), Some(false));
    /// ```
    pub fn new(rule: &HeapRule, top: u32) -> MisereEngine {
        if rule.is_nim() {
            return MisereEngine::Tame(Tame::Nim);
        }
        // Past MAX_QUOTIENT_HEAP only a quotient proven for every heap can
        // serve, so the table to that heap is not computed for nothing.
        if top <= MAX_QUOTIENT_HEAP {
            if let Ok(run) = solve(rule, top, QUICK, |_| false) {
                if run.stopped.is_none() && run.quotient.top >= top {
                    return MisereEngine::Quotient(run.quotient);
                }
            }
        } else if let Some(q) = proven_quotient(rule, top) {
            return MisereEngine::Quotient(q);
        }
        if top <= MAX_TAME_HEAP {
            if let Ok(genera) = GenusTable::new(rule).with_limit(QUICK_GENUS).heaps(top) {
                if genera
                    .iter()
                    .all(|g| matches!(g.phylum, Phylum::NimHeap | Phylum::HereditarilyTame))
                {
                    return MisereEngine::Tame(Tame::Table(
                        genera.iter().map(|g| (g.g, g.gamma[0])).collect(),
                    ));
                }
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
                    parts.push(t.genus(h)?);
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
                let genera: Vec<(u32, u32)> =
                    heaps.iter().map(|&h| t.genus(h)).collect::<Option<_>>()?;
                if tame_is_p(genera.iter().copied()) {
                    return Some(Vec::new());
                }
                // The sum without heap i, as (g, all small) from prefix and
                // suffix folds. Options are smaller than their heap, so
                // covered.
                let n = heaps.len();
                let fold = |a: (u32, bool), h: u32| {
                    let (gp, gm) = t.genus(h).unwrap_or((0, 1));
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
