//! The misère quotient heap by heap, by extension and recalibration
//! (the method of Siegel's MisereSolver; Plambeck and Siegel, *Misère
//! quotients for impartial games*, 2008).
//!
//! The quotient Q of heaps 0..n−1 is known and proven; heap n is added:
//!
//! 1. **Conservative extension.** Φ(n) is tried as each element x of Q
//!    whose P-portion status fits heap n alone and that passes the check
//!    (P) of [`super::verify`] for heap n; the first that passes the whole
//!    check is the image (at most one can: distinct elements are told
//!    apart by sums of smaller heaps). Q is unchanged.
//! 2. **Expansion.** Otherwise a candidate M = Q × C is built, C a product
//!    of cyclic monoids ⟨t | t^(b+1) = t^(b−1)⟩, one for heap n and one for
//!    each earlier heap that recalibration adds, each heap h mapped to
//!    (Φ(h), its generator). Every element of M reached from the images is
//!    labelled from its least word (by weight 2·tokens − heaps, which every
//!    move lowers): P exactly when no option of that word lands on an
//!    element labelled P. Elements no product tells apart are merged
//!    (partition refinement under the heaps' images), which gives the
//!    least monoid carrying the labels.
//! 3. **Verification and recalibration.** The merged candidate is checked
//!    ([`super::verify`]). A failure is a sum w whose label disagrees with
//!    its options; its element's least word r is another sum, and the
//!    heaps in which w and r differ get exact exponents up to their
//!    counts (a component of their own, or a larger bound b), which tells
//!    w from r. Then 2 and 3 are repeated.
//!
//! A candidate that passes is the quotient of heaps 0..n: its labels are
//! the outcomes, and its elements are told apart by products, so none can
//! be merged.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use crate::heap::rule::HeapRule;

use super::quotient::Quotient;
use super::solver::{Limits, QuotientError, SolveRun};
use super::verify::{kinds, option_products, p_failure_kinds, winning_contexts, Kind, Proof};

/// The most recalibrations for one heap.
pub const ROUND_LIMIT: usize = 400;

/// A cyclic component: exponents 0..=bound are distinct, then the powers
/// repeat with period 2 (t^(bound+1) = t^(bound−1)).
#[derive(Clone, Copy, Debug)]
struct Component {
    heap: u32,
    bound: u32,
}

impl Component {
    fn add(self, a: u32, b: u32) -> u32 {
        let s = a + b;
        if s <= self.bound {
            s
        } else {
            let i = self.bound - 1;
            i + (s - i) % 2
        }
    }
}

/// M = Q × ∏ components, elements encoded in mixed radix (Q first).
struct Candidate<'a> {
    base: &'a Quotient,
    comps: Vec<Component>,
    /// Each heap's image in M.
    image: Vec<usize>,
}

impl<'a> Candidate<'a> {
    fn new(base: &'a Quotient, comps: Vec<Component>, n: u32) -> Candidate<'a> {
        let mut c = Candidate {
            base,
            comps,
            image: Vec::new(),
        };
        c.image = (0..=n)
            .map(|h| {
                let q = if h <= base.top {
                    base.phi[h as usize]
                } else {
                    base.identity
                };
                let mut e = vec![0; c.comps.len()];
                for (j, comp) in c.comps.iter().enumerate() {
                    if comp.heap == h {
                        e[j] = 1;
                    }
                }
                c.encode(q, &e)
            })
            .collect();
        c
    }

    fn size(&self) -> Option<usize> {
        self.comps
            .iter()
            .try_fold(self.base.order, |s, c| s.checked_mul(c.bound as usize + 1))
    }

    fn encode(&self, q: u32, e: &[u32]) -> usize {
        let mut x = 0usize;
        for (j, c) in self.comps.iter().enumerate().rev() {
            x = x * (c.bound as usize + 1) + e[j] as usize;
        }
        x * self.base.order + q as usize
    }

    fn times(&self, x: usize, y: usize) -> usize {
        let order = self.base.order;
        let q = self.base.times((x % order) as u32, (y % order) as u32);
        let (mut a, mut b) = (x / order, y / order);
        let mut out = 0usize;
        let mut scale = 1usize;
        for c in &self.comps {
            let r = c.bound as usize + 1;
            out += scale * c.add((a % r) as u32, (b % r) as u32) as usize;
            scale *= r;
            a /= r;
            b /= r;
        }
        out * order + q as usize
    }

    fn identity(&self) -> usize {
        self.base.identity as usize
    }
}

/// The elements of a candidate reached from the heaps' images, each with
/// its least word and its label.
struct Labelled {
    /// Element → index in the vectors below.
    index: HashMap<usize, u32>,
    elems: Vec<usize>,
    /// Least word as (index of the element it extends, heap added).
    parent: Vec<(u32, u32)>,
    p: Vec<bool>,
}

impl Labelled {
    fn word(&self, mut i: u32) -> Vec<u32> {
        let mut w = Vec::new();
        while i != 0 {
            let (up, h) = self.parent[i as usize];
            w.push(h);
            i = up;
        }
        w.sort_unstable();
        w
    }
}

fn weight(h: u32) -> u64 {
    2 * h as u64 - 1
}

/// Labels every element reached from the images of `letters` from its
/// least word.
fn label(
    rule: &HeapRule,
    m: &Candidate,
    letters: &[u32],
    limit: usize,
) -> Result<Labelled, String> {
    let mut l = Labelled {
        index: HashMap::new(),
        elems: Vec::new(),
        parent: Vec::new(),
        p: Vec::new(),
    };
    let mut best: HashMap<usize, (u64, u32, u32)> = HashMap::new();
    let mut queue = BinaryHeap::new();
    best.insert(m.identity(), (0, u32::MAX, 0));
    queue.push(Reverse((0u64, m.identity())));
    while let Some(Reverse((d, x))) = queue.pop() {
        if l.index.contains_key(&x) || best[&x].0 != d {
            continue;
        }
        let (_, up, h) = best[&x];
        let i = l.elems.len() as u32;
        l.index.insert(x, i);
        l.elems.push(x);
        l.parent.push(if up == u32::MAX { (0, 0) } else { (up, h) });
        // The label from the options of the least word.
        let w = l.word(i);
        // The empty sum has no move: a win for the mover in misère play.
        let mut is_p = !w.is_empty();
        let mut k = 0;
        while k < w.len() && is_p {
            let h = w[k];
            let rest = w
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .fold(m.identity(), |a, (_, &g)| m.times(a, m.image[g as usize]));
            let mut err = None;
            rule.for_each_move(h, |_, parts| {
                if is_p && err.is_none() {
                    let o = parts
                        .iter()
                        .fold(rest, |a, &g| m.times(a, m.image[g as usize]));
                    match l.index.get(&o) {
                        Some(&j) => is_p = !l.p[j as usize],
                        None => err = Some("internal error: an option labelled late"),
                    }
                }
            });
            if let Some(e) = err {
                return Err(e.into());
            }
            while k < w.len() && w[k] == h {
                k += 1;
            }
        }
        l.p.push(is_p);
        if l.elems.len() > limit {
            return Err(format!(
                "no quotient was found: a candidate grew past {limit} elements"
            ));
        }
        for &g in letters {
            let y = m.times(x, m.image[g as usize]);
            let dy = d + weight(g);
            if l.index.contains_key(&y) {
                continue;
            }
            let better = best.get(&y).is_none_or(|b| dy < b.0);
            if better {
                best.insert(y, (dy, i, g));
                queue.push(Reverse((dy, y)));
            }
        }
    }
    Ok(l)
}

/// The least monoid carrying the labels: elements no product tells apart
/// are merged (Moore's partition refinement under the heaps' images).
/// Returns the quotient and each class's least word.
fn reduce(
    m: &Candidate,
    l: &Labelled,
    letters: &[u32],
    n: u32,
    order_limit: usize,
) -> Result<(Quotient, Vec<Vec<u32>>), String> {
    let count = l.elems.len();
    let mut gens: Vec<usize> = letters.iter().map(|&h| m.image[h as usize]).collect();
    gens.sort_unstable();
    gens.dedup();
    let step: Vec<Vec<u32>> = (0..count)
        .map(|i| {
            gens.iter()
                .map(|&g| l.index[&m.times(l.elems[i], g)])
                .collect()
        })
        .collect();
    let mut class: Vec<u32> = l.p.iter().map(|&p| p as u32).collect();
    let mut classes = 0;
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut next = vec![0u32; count];
        for i in 0..count {
            let mut sig = Vec::with_capacity(gens.len() + 1);
            sig.push(class[i]);
            sig.extend(step[i].iter().map(|&j| class[j as usize]));
            let fresh = ids.len() as u32;
            next[i] = *ids.entry(sig).or_insert(fresh);
        }
        let now = ids.len();
        class = next;
        if now == classes {
            break;
        }
        classes = now;
    }
    if classes > order_limit {
        return Err(format!(
            "no quotient within {order_limit} elements was found (a candidate grew past it)"
        ));
    }
    // Elements are numbered in order of their least words, so the first of
    // each class is its representative.
    let mut rep = vec![u32::MAX; classes];
    for i in 0..count {
        if rep[class[i] as usize] == u32::MAX {
            rep[class[i] as usize] = i as u32;
        }
    }
    let mut mul = vec![0u32; classes * classes];
    for a in 0..classes {
        for b in 0..classes {
            let x = m.times(l.elems[rep[a] as usize], l.elems[rep[b] as usize]);
            mul[a * classes + b] = class[l.index[&x] as usize];
        }
    }
    let q = Quotient {
        top: n,
        order: classes,
        identity: class[0],
        mul,
        p: rep.iter().map(|&i| l.p[i as usize]).collect(),
        phi: (0..=n)
            .map(|h| class[l.index[&m.image[h as usize]] as usize])
            .collect(),
        period: None,
    };
    let words = rep.iter().map(|&i| l.word(i)).collect();
    Ok((q, words))
}

/// The proof of a candidate from the kinds of its letters, or a sum it
/// labels wrong by (P) or (N).
fn failure(
    q: &Quotient,
    kinds: Vec<Kind>,
    words: &[Vec<u32>],
    limit: usize,
) -> Result<Result<Proof, Vec<u32>>, String> {
    if let Some((z, h)) = p_failure_kinds(q, &kinds) {
        let mut w = words[z as usize].clone();
        w.push(h);
        w.sort_unstable();
        return Ok(Err(w));
    }
    Proof::new(q, kinds, limit)
}

/// Whether the label of the sum `w` in the candidate agrees with its
/// options' labels.
fn consistent(rule: &HeapRule, m: &Candidate, l: &Labelled, w: &[u32]) -> bool {
    let img = |word: &mut dyn Iterator<Item = u32>, start: usize| {
        word.fold(start, |a, g| m.times(a, m.image[g as usize]))
    };
    let x = img(&mut w.iter().copied(), m.identity());
    let Some(&i) = l.index.get(&x) else {
        return false;
    };
    let mut has_move = false;
    let mut to_p = false;
    for k in 0..w.len() {
        if k > 0 && w[k] == w[k - 1] {
            continue;
        }
        let rest = img(
            &mut w
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &g)| g),
            m.identity(),
        );
        rule.for_each_move(w[k], |_, parts| {
            has_move = true;
            let o = img(&mut parts.iter().copied(), rest);
            to_p |= l.index.get(&o).is_some_and(|&j| l.p[j as usize]);
        });
    }
    l.p[i as usize] == (has_move && !to_p)
}

/// Counts of each heap in a sorted word.
fn counts(w: &[u32]) -> HashMap<u32, u32> {
    let mut c = HashMap::new();
    for &h in w {
        *c.entry(h).or_insert(0) += 1;
    }
    c
}

/// The quotient of heaps 0..=n from that of 0..=n−1, whose proof for the
/// letters below n is `proof`: extended in place when Q is unchanged, or
/// a new proof with the new Q.
///
/// Conservative extension costs one pass over heap n's moves and over Q:
/// when heap n acts like an earlier heap, or is better placed (same image,
/// winning contexts that include that heap's), the earlier proof of (N)
/// covers it; a new kind only extends that proof.
fn next_heap(
    rule: &HeapRule,
    base: &Quotient,
    n: u32,
    letters: &[u32],
    proof: &mut Proof,
    limits: &Limits,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Option<(Quotient, Option<Proof>)>, String> {
    // Conservative extension.
    let contexts = winning_contexts(base, &option_products(rule, base, n));
    // Heap n alone is P when none of its options is.
    let heap_alone_p = contexts[base.identity as usize / 64] >> (base.identity % 64) & 1 == 0;
    for x in 0..base.order as u32 {
        if base.p[x as usize] != heap_alone_p {
            continue;
        }
        let kind = Kind {
            phi: x,
            contexts: contexts.clone(),
            heap: n,
        };
        let mut q = base.clone();
        q.top = n;
        q.phi.push(x);
        if p_failure_kinds(&q, std::slice::from_ref(&kind)).is_some() {
            continue;
        }
        if proof.covers(&kind) || proof.extend(&q, kind)? {
            return Ok(Some((q, None)));
        }
    }
    // Expansion and recalibration.
    let mut comps = vec![Component { heap: n, bound: 1 }];
    for _ in 0..ROUND_LIMIT {
        if stop() {
            return Ok(None);
        }
        let m = Candidate::new(base, comps.clone(), n);
        if m.size().is_none() {
            return Err("a candidate quotient is too large to index".into());
        }
        let l = label(rule, &m, letters, limits.candidate)?;
        let (q, words) = reduce(&m, &l, letters, n, limits.order)?;
        let w = match failure(&q, kinds(rule, &q, letters), &words, limits.proof)? {
            Ok(proof) => return Ok(Some((q, Some(proof)))),
            Err(w) => w,
        };
        // The least word of w's element in M: w is told from it.
        let x = w
            .iter()
            .fold(m.identity(), |a, &h| m.times(a, m.image[h as usize]));
        let r = l.word(l.index[&x]);
        let (cw, cr) = (counts(&w), counts(&r));
        let mut heaps: Vec<u32> = cw.keys().chain(cr.keys()).copied().collect();
        heaps.sort_unstable_by_key(|&h| (!comps.iter().any(|c| c.heap == h), Reverse(h)));
        heaps.dedup();
        // Each change that would tell w from r: a larger bound for a heap
        // that has a component, or a new component.
        let mut changes: Vec<Vec<Component>> = Vec::new();
        for h in heaps {
            let (a, b) = (
                cw.get(&h).copied().unwrap_or(0),
                cr.get(&h).copied().unwrap_or(0),
            );
            if a == b {
                continue;
            }
            let need = a.max(b).max(1);
            let mut next = comps.clone();
            match next.iter_mut().find(|c| c.heap == h) {
                Some(c) if c.bound < need => c.bound = need,
                Some(_) => continue,
                None => next.push(Component {
                    heap: h,
                    bound: need,
                }),
            }
            changes.push(next);
        }
        if changes.is_empty() {
            return Err(format!(
                "internal error: the sum {w:?} and {r:?} could not be told apart"
            ));
        }
        // The first single change that labels w right, as recalibration
        // does; else all of them together.
        let mut chosen = None;
        if changes.len() > 1 {
            for next in &changes {
                let m = Candidate::new(base, next.clone(), n);
                if m.size().is_none() {
                    continue;
                }
                let l = label(rule, &m, letters, limits.candidate)?;
                if consistent(rule, &m, &l, &w) {
                    chosen = Some(next.clone());
                    break;
                }
            }
        }
        comps = match chosen {
            Some(c) => c,
            None => {
                let mut all = comps.clone();
                for next in changes {
                    for c in next {
                        match all.iter_mut().find(|a| a.heap == c.heap) {
                            Some(a) => a.bound = a.bound.max(c.bound),
                            None => all.push(c),
                        }
                    }
                }
                all
            }
        };
    }
    Err(format!(
        "no quotient was found after {ROUND_LIMIT} recalibrations"
    ))
}

/// The misère quotient of heaps 0, 1, …, `top` by extension and
/// recalibration, proven, or of the largest heap reached before a limit;
/// `stop` may end the run early after any heap (it sees that heap's
/// quotient); it is also asked between the recalibration rounds of a heap,
/// with the quotient of the heaps below, so a long heap can be stopped.
///
/// ```
/// use grundy::misere::extend::solve;
/// use grundy::misere::solver::Limits;
/// let kayles = "0.77".parse().unwrap();
/// let run = solve(&kayles, 30, Limits::default(), |_| false).unwrap();
/// let q = &run.quotient;
/// assert_eq!(q.top, 30);
/// // Two heaps of 1 are a win for the mover (take one, leave the last);
/// // heaps 1, 2 and 3 together are a loss.
/// assert_eq!(q.is_p(&[1, 1]), Some(false));
/// assert_eq!(q.is_p(&[1, 2, 3]), Some(true));
/// ```
pub fn solve(
    rule: &HeapRule,
    top: u32,
    limits: Limits,
    mut stop: impl FnMut(&Quotient) -> bool,
) -> Result<SolveRun, QuotientError> {
    let started = super::solver::now();
    let deadline = started.and_then(|s| {
        limits
            .seconds
            .map(|t| s + std::time::Duration::from_secs_f64(t.max(0.0)))
    });
    // Heap 0 alone: the empty sum, an N-position.
    let mut q = Quotient {
        top: 0,
        order: 1,
        identity: 0,
        mul: vec![0],
        p: vec![false],
        phi: vec![0],
        period: None,
    };
    let mut orders = vec![1];
    let mut letters: Vec<u32> = Vec::new();
    let mut proof = Proof::empty(&q, limits.proof);
    let mut stopped = None;
    for n in 1..=top {
        if stop(&q) {
            break;
        }
        if deadline.is_some_and(|d| super::solver::now().is_some_and(|t| t > d)) {
            stopped = Some(format!(
                "heap {n}: the time allowed ({:.1} s) ran out",
                limits.seconds.unwrap_or(0.0)
            ));
            break;
        }
        let mut any = false;
        rule.for_each_move(n, |_, _| any = true);
        if !any {
            q.top = n;
            q.phi.push(q.identity);
            orders.push(q.order);
            continue;
        }
        letters.push(n);
        let mut stop_here = || stop(&q);
        match next_heap(rule, &q, n, &letters, &mut proof, &limits, &mut stop_here) {
            // Stopped during recalibration: the quotient of the heaps below.
            Ok(None) => break,
            Ok(Some((next, next_proof))) => {
                q = next;
                if let Some(p) = next_proof {
                    proof = p;
                }
                orders.push(q.order);
            }
            Err(e) => {
                stopped = Some(format!("heap {n}: {e}"));
                break;
            }
        }
    }
    Ok(SolveRun {
        quotient: q,
        orders,
        stopped,
        seconds: started.map_or(0.0, |s| s.elapsed().as_secs_f64()),
    })
}
