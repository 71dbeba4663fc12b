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
//! A pair whose contexts include those of a pair already kept with the
//! same product is not kept (whatever it leads to, the other leads to
//! something at least as bad), which keeps the search near the number of
//! products. When the check fails, [`least_failure`] finds the
//! least sum labelled wrong ([`SumOrder`]), the one recalibration mends.

use rustc_hash::FxHashMap as HashMap;

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

/// The state of a sum with a heap of `kind` added to a sum in state `(x, w)`:
/// z is a winning context when the sum wins beside z·Φ(h) or the heap wins
/// beside z·x. Rows of the table (it is commutative) are read in order and
/// each word of the set is built without branches.
fn add_kind(q: &Quotient, (x, w): &State, kind: &Kind) -> State {
    let nx = q.times(*x, kind.phi);
    let order = q.order;
    let by_phi = &q.mul[kind.phi as usize * order..(kind.phi as usize + 1) * order];
    let by_x = &q.mul[*x as usize * order..(*x as usize + 1) * order];
    let bit = |set: &[u64], y: u32| set[y as usize / 64] >> (y % 64) & 1;
    let nw = by_phi
        .chunks(64)
        .zip(by_x.chunks(64))
        .map(|(a, b)| {
            a.iter()
                .zip(b)
                .enumerate()
                .fold(0u64, |word, (j, (&ya, &yb))| {
                    word | (bit(w, ya) | bit(&kind.contexts, yb)) << j
                })
        })
        .collect();
    (nx, nw)
}

/// Whether `a` ⊆ `b`, as bit sets.
fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(&x, &y)| x & !y == 0)
}

/// The pairs kept, by product, so that a pair whose winning contexts
/// include those of a kept pair with the same product is not kept: a
/// heap added to both keeps the inclusion (the contexts are monotone), and
/// a sum labelled wrong has none at the identity, so whatever the larger
/// pair leads to, the smaller one leads to a pair at least as bad.
#[derive(Default)]
struct Dominance {
    by_product: HashMap<u32, Vec<usize>>,
}

impl Dominance {
    fn dominated(&self, states: &[State], (x, w): &State) -> bool {
        self.by_product
            .get(x)
            .is_some_and(|ids| ids.iter().any(|&i| subset(&states[i].1, w)))
    }

    fn insert(&mut self, x: u32, id: usize) {
        self.by_product.entry(x).or_default().push(id);
    }

    /// Forgets the pairs numbered `from` on.
    fn truncate(&mut self, states: &[State], from: usize) {
        for (x, _) in &states[from..] {
            if let Some(ids) = self.by_product.get_mut(x) {
                while ids.last().is_some_and(|&i| i >= from) {
                    ids.pop();
                }
            }
        }
    }
}

/// A sum of heaps in the order the searches go through sums: its heaps
/// from the largest down, compared lexicographically (the order of words
/// of Plambeck and Siegel and of MisereSolver: the sum with the larger
/// largest heap is the larger, then the one with more of it, and so on
/// down). A move replaces a heap by smaller ones, so every option of a sum
/// is smaller than it; adding the same heap to two sums keeps their order,
/// so a least-first search meets every option of a sum before the sum.
/// Least failures in this order use small heaps (many copies of one rather
/// than one large heap), and mending those keeps trials near the size of
/// the true quotient.
///
/// ```
/// use grundy::misere::verify::SumOrder;
/// let a = SumOrder::of(&[3, 3, 38]);
/// let b = SumOrder::of(&[4, 38]);
/// assert!(a < b && b < SumOrder::of(&[39]));
/// assert!(a.plus(5) < b.plus(5));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct SumOrder(Vec<u32>);

impl SumOrder {
    /// The key of the sum of `heaps` (in any order).
    pub fn of(heaps: &[u32]) -> SumOrder {
        let mut v = heaps.to_vec();
        v.sort_unstable_by(|a, b| b.cmp(a));
        SumOrder(v)
    }

    /// The key of this sum with a heap of `h` added.
    pub fn plus(&self, h: u32) -> SumOrder {
        let at = self.0.partition_point(|&g| g >= h);
        let mut v = Vec::with_capacity(self.0.len() + 1);
        v.extend_from_slice(&self.0[..at]);
        v.push(h);
        v.extend_from_slice(&self.0[at..]);
        SumOrder(v)
    }
}

/// The least sum labelled wrong ([`SumOrder`]), by (P) or by (N), if there
/// is one. `words[z]` is a least sum whose product is z. Every option of
/// the sum is smaller, so it is labelled right: this is the failure
/// recalibration needs (Plambeck and Siegel's least failure). (N) is a
/// least-first search over (product, winning contexts) pairs.
pub fn least_failure(
    q: &Quotient,
    kinds: &[Kind],
    words: &[Vec<u32>],
    limit: usize,
) -> Result<Option<Vec<u32>>, String> {
    Ok(search(q, kinds.to_vec(), words, limit, &mut || false)?.err())
}

/// The proof of (P) and (N) for `kinds`, or the least failure (as
/// [`least_failure`]): one least-first search does both, so a
/// failing candidate costs the pairs smaller than its least failure only.
/// `halt` is asked now and then; when it answers true the search ends with
/// the error [`STOPPED`].
pub fn search(
    q: &Quotient,
    kinds: Vec<Kind>,
    words: &[Vec<u32>],
    limit: usize,
    halt: &mut dyn FnMut() -> bool,
) -> Result<Result<Proof, Vec<u32>>, String> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut best: Option<(SumOrder, Vec<u32>)> = None;
    for z in 0..q.order as u32 {
        for k in &kinds {
            if has(&k.contexts, z) && q.p[q.times(z, k.phi) as usize] {
                let c = SumOrder::of(&words[z as usize]).plus(k.heap);
                if best.as_ref().is_none_or(|b| c < b.0) {
                    let mut w = words[z as usize].clone();
                    w.push(k.heap);
                    w.sort_unstable();
                    best = Some((c, w));
                }
            }
        }
    }
    let start: State = (q.identity, vec![0u64; q.order.div_ceil(64)]);
    let mut index: HashMap<State, usize> = HashMap::from_iter([(start.clone(), 0)]);
    let mut states = vec![start];
    let mut cost = vec![SumOrder::default()];
    let mut parent = vec![(usize::MAX, 0u32)];
    let mut done = vec![false];
    let mut queue = BinaryHeap::from([Reverse((SumOrder::default(), 0usize))]);
    let mut kept = Dominance::default();
    let mut popped = 0u32;
    while let Some(Reverse((c, i))) = queue.pop() {
        if done[i] || c != cost[i] {
            continue;
        }
        popped = popped.wrapping_add(1);
        if popped.is_multiple_of(POLL) && halt() {
            return Err(STOPPED.into());
        }
        if best.as_ref().is_some_and(|b| c >= b.0) {
            break;
        }
        done[i] = true;
        if i != 0 {
            if kept.dominated(&states, &states[i]) {
                continue;
            }
            kept.insert(states[i].0, i);
        }
        let (x, w) = &states[i];
        if i != 0 && !q.p[*x as usize] && !has(w, q.identity) {
            return Ok(Err(word_of(&parent, i)));
        }
        for k in &kinds {
            let nc = c.plus(k.heap);
            if best.as_ref().is_some_and(|b| nc >= b.0) {
                continue;
            }
            let next = add_kind(q, &states[i], k);
            match index.get(&next) {
                Some(&j) => {
                    if !done[j] && nc < cost[j] {
                        cost[j] = nc.clone();
                        parent[j] = (i, k.heap);
                        queue.push(Reverse((nc, j)));
                    }
                }
                None => {
                    if kept.dominated(&states, &next) {
                        continue;
                    }
                    if states.len() >= limit {
                        return Err(format!(
                            "finding the least failure needed more than {limit} (product, winning contexts) pairs (--max-proof, and the memory for them)"
                        ));
                    }
                    let j = states.len();
                    index.insert(next.clone(), j);
                    states.push(next);
                    cost.push(nc.clone());
                    parent.push((i, k.heap));
                    done.push(false);
                    queue.push(Reverse((nc, j)));
                }
            }
        }
    }
    if let Some((_, w)) = best {
        return Ok(Err(w));
    }
    // Every pair kept was expanded; the others are dominated by one kept.
    Ok(Ok(Proof {
        kinds,
        kept,
        states,
        parent,
        limit,
    }))
}

/// The error of a search, labelling or reduction that its `halt` ended.
pub const STOPPED: &str = "stopped";

/// How many steps a long loop takes between two calls of its `halt`.
pub const POLL: u32 = 1024;

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
    kept: Dominance,
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
        let start: State = (q.identity, vec![0u64; q.order.div_ceil(64)]);
        // The empty sum is not kept for dominance: it is the one pair
        // with no move that is not labelled wrong.
        Proof {
            kinds: Vec::new(),
            kept: Dominance::default(),
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
            self.kept.truncate(&self.states, len);
            self.states.truncate(len);
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
        let heap = self.kinds[k].heap;
        let state = add_kind(q, &self.states[i], &self.kinds[k]);
        let nx = state.0;
        if self.kept.dominated(&self.states, &state) {
            return Ok(None);
        }
        if self.states.len() >= self.limit {
            return Err(format!(
                "proving the quotient needed more than {} (product, winning contexts) pairs (--max-proof, and the memory for them)",
                self.limit
            ));
        }
        let bad = !q.p[nx as usize] && !has(&state.1, q.identity);
        let at = self.states.len();
        self.parent.push((i, heap));
        self.kept.insert(nx, at);
        self.states.push(state);
        Ok(bad.then_some(at))
    }

    fn word(&self, at: usize) -> Vec<u32> {
        word_of(&self.parent, at)
    }
}

/// The sum of heaps that reaches pair `at`, sorted, from each pair's
/// predecessor and the heap added to it.
fn word_of(parent: &[(usize, u32)], mut at: usize) -> Vec<u32> {
    let mut word = Vec::new();
    while parent[at].0 != usize::MAX {
        word.push(parent[at].1);
        at = parent[at].0;
    }
    word.sort_unstable();
    word
}
