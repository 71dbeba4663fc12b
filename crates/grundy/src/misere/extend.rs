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
//! 2. **Expansion.** Otherwise the trial is Q × ⟨t | t^4 = t^2⟩, heap n
//!    mapped to (the identity, t). Every element reached from the heaps'
//!    images is labelled from its least word (in the order of
//!    [`SumOrder`], which every move lowers): P exactly when no option of
//!    that word lands on an element labelled P. Elements no product tells
//!    apart are merged (partition refinement under the heaps' images),
//!    which gives the least monoid carrying the labels.
//! 3. **Verification and recalibration.** The trial is checked
//!    ([`super::verify`]). On a failure, the least sum w it labels wrong
//!    (least in that order, so every option of w is labelled right) is
//!    mended from the trial itself: for the fewest heaps of w that do it,
//!    each heap's old image is dropped, the others' images generate a
//!    submonoid of the trial, and each such heap gets a cyclic component
//!    of its own whose index is at least the index of its old image and
//!    its exponent in w less one (its period 2, or longer as the index
//!    grows). The first that labels w right is labelled, reduced and
//!    checked in turn. The trial stays near the size of the true quotient:
//!    only the heaps of one failure are freed at a time, and least
//!    failures in this order are sums of small heaps, whose freeing
//!    changes the trial least.
//!
//! A candidate that passes is the quotient of heaps 0..n: its labels are
//! the outcomes, and its elements are told apart by products, so none can
//! be merged.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap as HashMap;

use crate::heap::rule::HeapRule;

use super::quotient::Quotient;
use super::solver::{Limits, QuotientError, SolveRun};
use super::verify::{
    kinds, option_products, p_failure_kinds, search, winning_contexts, Kind, Proof, SumOrder, POLL,
    STOPPED,
};

/// The most recalibrations for one heap.
pub const ROUND_LIMIT: usize = 400;

/// A cyclic component ⟨t | t^(index+period) = t^index⟩: exponents
/// 0..index+period are distinct, then the powers repeat with `period`.
#[derive(Clone, Copy, Debug)]
struct Component {
    heap: u32,
    index: u32,
    period: u32,
}

impl Component {
    fn size(self) -> u32 {
        self.index + self.period
    }

    fn add(self, a: u32, b: u32) -> u32 {
        let s = a + b;
        if s < self.size() {
            s
        } else {
            self.index + (s - self.index) % self.period
        }
    }
}

/// M = B × ∏ components, elements encoded in mixed radix (B first). B is a
/// quotient already found; only the submonoid its `base_image`s generate
/// is ever reached.
struct Candidate<'a> {
    base: &'a Quotient,
    comps: Vec<Component>,
    /// Each heap's image in M.
    image: Vec<usize>,
}

impl<'a> Candidate<'a> {
    /// Heap h maps to (`base_image[h]`, the generator of its component if
    /// it has one).
    fn new(base: &'a Quotient, base_image: &[u32], comps: Vec<Component>) -> Candidate<'a> {
        let mut c = Candidate {
            base,
            comps,
            image: Vec::new(),
        };
        c.image = (0..base_image.len() as u32)
            .map(|h| {
                let mut e = vec![0; c.comps.len()];
                for (j, comp) in c.comps.iter().enumerate() {
                    if comp.heap == h {
                        e[j] = 1;
                    }
                }
                c.encode(base_image[h as usize], &e)
            })
            .collect();
        c
    }

    fn size(&self) -> Option<usize> {
        self.comps
            .iter()
            .try_fold(self.base.order, |s, c| s.checked_mul(c.size() as usize))
    }

    fn encode(&self, q: u32, e: &[u32]) -> usize {
        let mut x = 0usize;
        for (j, c) in self.comps.iter().enumerate().rev() {
            x = x * c.size() as usize + e[j] as usize;
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
            let r = c.size() as usize;
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

/// Labels every element reached from the images of `letters` from its
/// least word.
fn label(
    rule: &HeapRule,
    m: &Candidate,
    letters: &[u32],
    limit: usize,
    halt: &mut dyn FnMut() -> bool,
) -> Result<Labelled, String> {
    let mut l = Labelled {
        index: HashMap::default(),
        elems: Vec::new(),
        parent: Vec::new(),
        p: Vec::new(),
    };
    let mut best: HashMap<usize, (SumOrder, u32, u32)> = HashMap::default();
    let mut queue = BinaryHeap::new();
    best.insert(m.identity(), (SumOrder::default(), u32::MAX, 0));
    queue.push(Reverse((SumOrder::default(), m.identity())));
    while let Some(Reverse((d, x))) = queue.pop() {
        if l.index.contains_key(&x) || best[&x].0 != d {
            continue;
        }
        let (up, h) = (best[&x].1, best[&x].2);
        let i = l.elems.len() as u32;
        if i % POLL == POLL - 1 && halt() {
            return Err(STOPPED.into());
        }
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
            if l.index.contains_key(&y) {
                continue;
            }
            let dy = d.plus(g);
            let better = best.get(&y).is_none_or(|b| dy < b.0);
            if better {
                best.insert(y, (dy.clone(), i, g));
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
    halt: &mut dyn FnMut() -> bool,
) -> Result<Reduced, String> {
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
        if halt() {
            return Err(STOPPED.into());
        }
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::default();
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

/// Counts of each heap in a sorted word.
fn counts(w: &[u32]) -> HashMap<u32, u32> {
    let mut c = HashMap::default();
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
    // Expansion: Q × ⟨t | t^4 = t^2⟩, heap n mapped to t.
    let mut base_image = base.phi.clone();
    base_image.push(base.identity);
    let first = vec![Component {
        heap: n,
        index: 2,
        period: 2,
    }];
    let m = Candidate::new(base, &base_image, first);
    let expanded = label(rule, &m, letters, limits.candidate, stop)
        .and_then(|l| reduce(&m, &l, letters, n, limits.order, stop));
    let (mut trial, mut words) = match expanded {
        Err(e) if e == STOPPED => return Ok(None),
        r => r?,
    };
    for _ in 0..ROUND_LIMIT {
        if stop() {
            return Ok(None);
        }
        // One least-first search proves the trial or finds the least sum
        // it labels wrong.
        let w = match search(
            &trial,
            kinds(rule, &trial, letters),
            &words,
            limits.pairs(trial.order),
            stop,
        ) {
            Err(e) if e == STOPPED => return Ok(None),
            Err(e) => return Err(e),
            Ok(Ok(proof)) => return Ok(Some((trial, Some(proof)))),
            Ok(Err(w)) => w,
        };
        match recalibrate(rule, &trial, &w, letters, limits, stop) {
            Err(e) if e == STOPPED => return Ok(None),
            Err(e) => return Err(e),
            Ok(next) => (trial, words) = next,
        }
    }
    Err(format!(
        "no quotient was found after {ROUND_LIMIT} recalibrations"
    ))
}

/// A run's starting point: the quotient of heaps 0..=top and |Q| after
/// each of them.
pub type Start = (Quotient, Vec<usize>);

/// Whether heap `h` has a move (a heap without one is the identity).
fn has_moves(rule: &HeapRule, h: u32) -> bool {
    let mut any = false;
    rule.for_each_move(h, |_, _| any = true);
    any
}

/// The proof, (P) and (N) for every sum of heaps 0..=top, of a quotient a
/// run starts from, with the heaps that have moves; the error says what is
/// labelled wrong.
pub fn prove_start(
    rule: &HeapRule,
    q: &Quotient,
    limits: &Limits,
) -> Result<(Vec<u32>, Proof), String> {
    let letters: Vec<u32> = (1..=q.top).filter(|&h| has_moves(rule, h)).collect();
    let kinds = kinds(rule, q, &letters);
    if let Some((z, h)) = p_failure_kinds(q, &kinds) {
        return Err(format!(
            "heap {h} beside element {z} is labelled P with a move to P"
        ));
    }
    match Proof::new(q, kinds, limits.pairs(q.order))? {
        Ok(proof) => Ok((letters, proof)),
        Err(w) => Err(format!("it labels the sum {w:?} wrong")),
    }
}

/// A reduced candidate and its elements' least words.
type Reduced = (Quotient, Vec<Vec<u32>>);

/// The trial quotient recalibrated so that it labels the failing sum `w`
/// right (the recalibration of Plambeck and Siegel 2008): for the fewest
/// heaps of `w` that do it, each heap's old image is dropped, the
/// candidate is regenerated from the other heaps' images, and each such
/// heap gets a cyclic component of its own whose index is at least both
/// the index of its old image and its exponent in `w` less one; the
/// candidate is labelled and reduced. The error [`STOPPED`] when `stop`
/// ends it.
fn recalibrate(
    rule: &HeapRule,
    trial: &Quotient,
    w: &[u32],
    letters: &[u32],
    limits: &Limits,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Reduced, String> {
    let n = trial.top;
    let Some(x) = trial.product(w) else {
        return Err(format!(
            "internal error: the failing sum {w:?} is past the trial's heaps"
        ));
    };
    let should_be_p = !trial.p[x as usize];
    let exps = counts(w);
    let mut involved: Vec<u32> = exps.keys().copied().collect();
    involved.sort_unstable();
    let mut too_large = None;
    for size in 1..=involved.len() {
        for heaps in combinations(&involved, size) {
            if stop() {
                return Err(STOPPED.into());
            }
            let mut base_image = trial.phi.clone();
            let comps: Vec<Component> = heaps
                .iter()
                .map(|&h| {
                    base_image[h as usize] = trial.identity;
                    let index =
                        index_of(trial, trial.phi[h as usize]).max(exps[&h].saturating_sub(1));
                    let period = if index >= 4 {
                        (2 * ((index - 4) / 2)).max(2)
                    } else {
                        2
                    };
                    Component {
                        heap: h,
                        index,
                        period,
                    }
                })
                .collect();
            let m = Candidate::new(trial, &base_image, comps);
            if m.size().is_none() {
                continue;
            }
            let l = match label(rule, &m, letters, limits.candidate, stop) {
                Ok(l) => l,
                Err(e) if e == STOPPED => return Err(e),
                Err(e) => {
                    too_large.get_or_insert(e);
                    continue;
                }
            };
            let x = w
                .iter()
                .fold(m.identity(), |a, &h| m.times(a, m.image[h as usize]));
            if l.index
                .get(&x)
                .is_some_and(|&i| l.p[i as usize] == should_be_p)
            {
                return reduce(&m, &l, letters, n, limits.order, stop);
            }
        }
    }
    Err(too_large
        .unwrap_or_else(|| format!("internal error: no recalibration labels the sum {w:?} right")))
}

/// The index of x: the least i with x^i = x^(i+p) for some p > 0.
fn index_of(q: &Quotient, x: u32) -> u32 {
    let mut seen = HashMap::default();
    let mut power = q.identity;
    let mut i = 0u32;
    while let std::collections::hash_map::Entry::Vacant(e) = seen.entry(power) {
        e.insert(i);
        i += 1;
        power = q.times(power, x);
    }
    seen[&power]
}

/// The subsets of `items` of `size` elements, in lexicographic order.
fn combinations(items: &[u32], size: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        out.push(pick.iter().map(|&i| items[i]).collect());
        let Some(j) = (0..size).rev().find(|&j| pick[j] < items.len() - size + j) else {
            return out;
        };
        pick[j] += 1;
        for k in j + 1..size {
            pick[k] = pick[k - 1] + 1;
        }
    }
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
    solve_from(rule, None, top, limits, |q, _| stop(q))
}

/// [`solve`] from a quotient already found (a [`Start`], as read from a
/// [`super::checkpoint::Checkpoint`]) rather than from heap 0: its proof
/// is rebuilt, then heaps past its top are added. `stop` also sees |Q|
/// after each heap so far, all a checkpoint needs. The error
/// [`QuotientError::Start`] when the start is not a proven quotient of
/// `rule`.
pub fn solve_from(
    rule: &HeapRule,
    start: Option<Start>,
    top: u32,
    limits: Limits,
    mut stop: impl FnMut(&Quotient, &[usize]) -> bool,
) -> Result<SolveRun, QuotientError> {
    let started = super::solver::now();
    let deadline = started.and_then(|s| {
        limits
            .seconds
            .map(|t| s + std::time::Duration::from_secs_f64(t.max(0.0)))
    });
    let (mut q, mut orders, mut letters, mut proof) = match start {
        // Heap 0 alone: the empty sum, an N-position.
        None => {
            let q = Quotient {
                top: 0,
                order: 1,
                identity: 0,
                mul: vec![0],
                p: vec![false],
                phi: vec![0],
                period: None,
            };
            let proof = Proof::empty(&q, limits.pairs(1));
            (q, vec![1], Vec::new(), proof)
        }
        Some((q, orders)) => {
            let (letters, proof) = prove_start(rule, &q, &limits)
                .map_err(|e| QuotientError::Start(format!("the start is wrong: {e}")))?;
            (q, orders, letters, proof)
        }
    };
    let mut stopped = None;
    let past_deadline = || deadline.is_some_and(|d| super::solver::now().is_some_and(|t| t > d));
    let ran_out = |n: u32| {
        format!(
            "heap {n}: the time allowed ({:.1} s) ran out",
            limits.seconds.unwrap_or(0.0)
        )
    };
    for n in q.top + 1..=top {
        if stop(&q, &orders) {
            break;
        }
        if past_deadline() {
            stopped = Some(ran_out(n));
            break;
        }
        if !has_moves(rule, n) {
            q.top = n;
            q.phi.push(q.identity);
            orders.push(q.order);
            continue;
        }
        letters.push(n);
        let mut stop_here = || stop(&q, &orders) || past_deadline();
        match next_heap(rule, &q, n, &letters, &mut proof, &limits, &mut stop_here) {
            // Stopped during the heap: the quotient of the heaps below.
            Ok(None) => {
                if past_deadline() {
                    stopped = Some(ran_out(n));
                }
                break;
            }
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
