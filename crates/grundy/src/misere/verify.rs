//! The check that a candidate quotient labels every sum of heaps right.
//!
//! A candidate (Q, P, Φ) labels a sum of heaps P exactly when the product
//! of Φ over its heaps lies in P. The labels are the misère outcomes of
//! every sum, however many heaps, when (P) no sum labelled P has a move to
//! a sum labelled P, and (N) every sum labelled N has a move to one
//! labelled P: by induction on the length of play each label is then the
//! outcome. (P) is a look-up for every element and heap; (N) is a
//! breadth-first search over pairs (x, W), x the product of a sum and W
//! the elements z such that the sum has a move to a product in P in the
//! context z. Both are exact and finite, whatever the number of heaps.

use std::collections::HashMap;

use crate::heap::rule::HeapRule;

use super::quotient::Quotient;

/// How one heap acts in sums, as the proof sees it: its image Φ(h) and its
/// winning contexts, the elements z such that h beside a sum of product z
/// has a move leaving a product in P. Heaps with equal kinds are
/// interchangeable in the check, so a proof needs each kind once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Φ(h).
    pub phi: u32,
    /// The winning contexts, a bit per element of Q.
    pub contexts: Vec<u64>,
    /// The least heap of this kind.
    pub heap: u32,
}

fn has(w: &[u64], z: u32) -> bool {
    w[z as usize / 64] >> (z % 64) & 1 == 1
}

/// The distinct products Φ of the options of heap `h` (every part below
/// `h`, so only Φ of smaller heaps is read).
pub fn option_products(rule: &HeapRule, q: &Quotient, h: u32) -> Vec<u32> {
    let mut seen = vec![false; q.order];
    let mut out = Vec::new();
    rule.for_each_move(h, |_, parts| {
        let x = parts
            .iter()
            .fold(q.identity, |x, &p| q.times(x, q.phi[p as usize]));
        if !seen[x as usize] {
            seen[x as usize] = true;
            out.push(x);
        }
    });
    out
}

/// The winning contexts of a heap whose options have the products `options`.
pub fn winning_contexts(q: &Quotient, options: &[u32]) -> Vec<u64> {
    let mut d = vec![0u64; q.order.div_ceil(64)];
    for z in 0..q.order as u32 {
        if options.iter().any(|&s| q.p[q.times(z, s) as usize]) {
            d[z as usize / 64] |= 1 << (z % 64);
        }
    }
    d
}

/// The kinds of `letters` under `q`, each once, in order of their least heap.
pub fn kinds(rule: &HeapRule, q: &Quotient, letters: &[u32]) -> Vec<Kind> {
    let mut out: Vec<Kind> = Vec::new();
    for &h in letters {
        let contexts = winning_contexts(q, &option_products(rule, q, h));
        let phi = q.phi[h as usize];
        if !out.iter().any(|k| k.phi == phi && k.contexts == contexts) {
            out.push(Kind {
                phi,
                contexts,
                heap: h,
            });
        }
    }
    out
}

/// Condition (P) for one kind: an element z with z·Φ(h) in P from which h
/// has a move into P, if there is one.
pub fn p_failure_of(q: &Quotient, kind: &Kind) -> Option<u32> {
    (0..q.order as u32).find(|&z| has(&kind.contexts, z) && q.p[q.times(z, kind.phi) as usize])
}

/// Condition (P): an element `z` and a heap `h` such that z·Φ(h) is in P
/// and some option o of h has z·Φ(o) in P, if there is one (the least z,
/// and for it the least heap).
pub fn p_failure(rule: &HeapRule, q: &Quotient, letters: &[u32]) -> Option<(u32, u32)> {
    p_failure_kinds(q, &kinds(rule, q, letters))
}

/// [`p_failure`] over kinds already computed.
pub fn p_failure_kinds(q: &Quotient, kinds: &[Kind]) -> Option<(u32, u32)> {
    (0..q.order as u32).find_map(|z| {
        kinds
            .iter()
            .find(|k| has(&k.contexts, z) && q.p[q.times(z, k.phi) as usize])
            .map(|k| (z, k.heap))
    })
}

/// Condition (N) of the proof: a sum of heaps whose product is not in P
/// and that has no move into P, if there is one (the first found by
/// breadth-first search, so one of the fewest heaps).
pub fn prove_n(
    rule: &HeapRule,
    q: &Quotient,
    letters: &[u32],
    limit: usize,
) -> Result<Option<Vec<u32>>, String> {
    prove_n_kinds(q, &kinds(rule, q, letters), limit)
}

/// [`prove_n`] over kinds already computed.
pub fn prove_n_kinds(
    q: &Quotient,
    kinds: &[Kind],
    limit: usize,
) -> Result<Option<Vec<u32>>, String> {
    Ok(Proof::new(q, kinds.to_vec(), limit)?.err())
}

type State = (u32, Vec<u64>);

/// The search of condition (N) for one quotient, kept so that a heap of a
/// new kind extends it rather than starting again: every (product, winning
/// contexts) pair reached from the empty sum, and how.
///
/// Adding a kind only adds pairs, so the pairs already reached stay good
/// and only the new ones are looked at: heaps whose images and contexts
/// keep varying (a quotient whose Φ is not yet periodic) cost what they
/// add, not a search over all heaps again.
pub struct Proof {
    kinds: Vec<Kind>,
    index: HashMap<State, usize>,
    states: Vec<State>,
    /// Each pair's predecessor and the heap added to it.
    parent: Vec<(usize, u32)>,
    limit: usize,
}

impl Proof {
    /// The search for `kinds` from the empty sum: the proof, or a sum
    /// labelled wrong (one of the fewest heaps).
    pub fn new(
        q: &Quotient,
        kinds: Vec<Kind>,
        limit: usize,
    ) -> Result<Result<Proof, Vec<u32>>, String> {
        let mut proof = Proof::empty(q, limit);
        proof.kinds = kinds;
        Ok(match proof.close(q, 0)? {
            Some(bad) => Err(proof.word(bad)),
            None => Ok(proof),
        })
    }

    /// The proof for no heap at all: the empty sum alone, which has no
    /// move and is not in P (in misère play its mover wins).
    pub fn empty(q: &Quotient, limit: usize) -> Proof {
        let words = q.order.div_ceil(64);
        // Each pair is stored twice with its set of contexts: keep them
        // within about 512 MB.
        let limit = limit.min((512usize << 20) / (2 * (24 + 8 * words)));
        let start: State = (q.identity, vec![0u64; words]);
        Proof {
            kinds: Vec::new(),
            index: HashMap::from([(start.clone(), 0)]),
            states: vec![start],
            parent: vec![(usize::MAX, 0)],
            limit,
        }
    }

    /// Whether a heap of `kind` adds nothing to the proof: a kind already
    /// in it has the same image and winning contexts that are a subset.
    /// A sum's winning contexts grow with those of its heaps, and a sum
    /// labelled wrong has none at the identity, so a sum with this heap
    /// replaced by that one would be labelled wrong too.
    pub fn covers(&self, kind: &Kind) -> bool {
        self.kinds.iter().any(|k| {
            k.phi == kind.phi
                && k.contexts
                    .iter()
                    .zip(&kind.contexts)
                    .all(|(&a, &b)| a & !b == 0)
        })
    }

    /// The kinds proven so far.
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// Adds a heap of a new kind: whether (N) still holds. When it does not,
    /// the proof is left as it was.
    pub fn extend(&mut self, q: &Quotient, kind: Kind) -> Result<bool, String> {
        let (len, k) = (self.states.len(), self.kinds.len());
        self.kinds.push(kind);
        let mut bad = None;
        for i in 0..len {
            bad = self.step(q, i, k)?;
            if bad.is_some() {
                break;
            }
        }
        if bad.is_none() {
            bad = self.close(q, len)?;
        }
        if bad.is_some() {
            for s in self.states.drain(len..) {
                self.index.remove(&s);
            }
            self.parent.truncate(len);
            self.kinds.truncate(k);
            return Ok(false);
        }
        Ok(true)
    }

    /// Every kind applied to every pair from `from` on, and to the pairs
    /// that brings; the first pair labelled wrong, if any.
    fn close(&mut self, q: &Quotient, from: usize) -> Result<Option<usize>, String> {
        let mut i = from;
        while i < self.states.len() {
            for k in 0..self.kinds.len() {
                if let Some(bad) = self.step(q, i, k)? {
                    return Ok(Some(bad));
                }
            }
            i += 1;
        }
        Ok(None)
    }

    /// A heap of kind `k` added to pair `i`; the new pair if it is labelled
    /// wrong (its product not in P, and no move into P).
    fn step(&mut self, q: &Quotient, i: usize, k: usize) -> Result<Option<usize>, String> {
        let Kind {
            phi,
            contexts: d,
            heap,
        } = &self.kinds[k];
        let (x, w) = &self.states[i];
        let nx = q.times(*x, *phi);
        let mut nw = vec![0u64; w.len()];
        for z in 0..q.order as u32 {
            if has(w, q.times(z, *phi)) || has(d, q.times(z, *x)) {
                nw[z as usize / 64] |= 1 << (z % 64);
            }
        }
        let state = (nx, nw);
        if self.index.contains_key(&state) {
            return Ok(None);
        }
        if self.states.len() >= self.limit {
            return Err(format!(
                "proving the quotient needed more than {} (product, winning contexts) pairs",
                self.limit
            ));
        }
        let bad = !q.p[nx as usize] && !has(&state.1, q.identity);
        let at = self.states.len();
        self.parent.push((i, *heap));
        self.index.insert(state.clone(), at);
        self.states.push(state);
        Ok(bad.then_some(at))
    }

    /// The sum of heaps that reaches pair `at`, sorted.
    fn word(&self, mut at: usize) -> Vec<u32> {
        let mut word = Vec::new();
        while self.parent[at].0 != usize::MAX {
            word.push(self.parent[at].1);
            at = self.parent[at].0;
        }
        word.sort_unstable();
        word
    }
}
