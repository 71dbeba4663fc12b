//! Finding and proving the misère quotient of the heaps 0, 1, …, n.
//!
//! Heap by heap, the quotient is learnt from exact outcomes, then proven.
//!
//! - **Learning.** Q is built as the classes of *representative* words
//!   (multisets of heaps) told apart by *contexts*: two words are in one
//!   class while every context added to each gives the same outcome (found
//!   by exhaustive misère search). Every class times every heap must land
//!   in a known class; where it does not, the word is a new class. This is
//!   the minimal automaton of the outcome function, learnt as in Angluin's
//!   L* with Rivest and Schapire's handling of counterexamples.
//! - **Consistency.** The classes must form a commutative monoid: heaps
//!   commute on every class, and each class acts on the others as its
//!   representative does. A failure yields two words the table calls equal
//!   and a context whose outcome differs along a chain between them; that
//!   context is added.
//! - **Proof.** The labelling "P iff the product lies in P" is right for
//!   every sum of heaps up to n, however many, when (P) no product in P has
//!   a move to a product in P, in any context of Q, and (N) every sum whose
//!   product is not in P has a move into P. (N) is decided exactly by a
//!   search over pairs (x, W): x the product of a sum and W the contexts in
//!   which the sum has a winning move; both change by one multiplication
//!   table look-up per heap added, and Q is finite, so the search ends. By
//!   induction on the length of play both conditions together make every
//!   label right, and labels by distinct classes are distinguished by a
//!   context, so Q is the misère quotient itself. A failure is a word with
//!   a wrong label, which again yields a new context.
//!
//! Each round adds a context and so a class, so the learning ends whenever
//! the quotient is finite; the limits on |Q|, on the positions searched and
//! on the (x, W) pairs stop it otherwise with a clear message.

use std::collections::HashMap;
use std::time::Instant;

/// The time now, where the platform has a clock (not in WebAssembly, where
/// only the size limits apply).
pub(crate) fn now() -> Option<Instant> {
    if cfg!(target_arch = "wasm32") {
        None
    } else {
        Some(Instant::now())
    }
}

use crate::game::{Convention, Outcome};
use crate::heap::rule::HeapRule;
use crate::heap::sums::HeapGame;
use crate::solve::SumSolver;

use super::quotient::Quotient;
use super::verify::prove_n;

/// The largest quotient computed (its table takes |Q|² entries).
pub const ORDER_LIMIT: usize = 4096;

/// The most positions the exhaustive search behind the learning may
/// store.
pub const SEARCH_LIMIT: usize = 4_000_000;

/// The most (product, winning contexts) pairs the proof may visit.
pub const PROOF_LIMIT: usize = 2_000_000;

/// The most elements of a candidate monoid that extension and
/// recalibration ([`super::extend`]) label.
pub const CANDIDATE_LIMIT: usize = 400_000;

/// How far the computation went, heap by heap.
#[derive(Clone, Debug)]
pub struct SolveRun {
    /// The quotient of the last heap proven (`top` = that heap).
    pub quotient: Quotient,
    /// |Q| after each heap 0, 1, …, top.
    pub orders: Vec<usize>,
    /// Why it stopped before the heap asked for, if it did.
    pub stopped: Option<String>,
    /// Seconds spent.
    pub seconds: f64,
}

/// Why no quotient at all was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// A limit was reached before heap 1.
    #[error("{0}")]
    TooLarge(String),
    /// The quotient a run was to start from is not a proven quotient of
    /// the rule.
    #[error("{0}")]
    Start(String),
}

/// Limits of one computation.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// See [`ORDER_LIMIT`].
    pub order: usize,
    /// See [`SEARCH_LIMIT`].
    pub search: usize,
    /// See [`PROOF_LIMIT`].
    pub proof: usize,
    /// See [`CANDIDATE_LIMIT`].
    pub candidate: usize,
    /// Seconds allowed in all, if bounded.
    pub seconds: Option<f64>,
    /// Bytes the proof's pairs may take (see [`Limits::pairs`]):
    /// [`PAIR_MEMORY`], or a quarter of the memory available when the
    /// limits come from [`Limits::given`] and that is more.
    pub pair_memory: u64,
}

/// The bytes a proof's pairs take at least may use.
pub const PAIR_MEMORY: u64 = 512 << 20;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            order: ORDER_LIMIT,
            search: SEARCH_LIMIT,
            proof: PROOF_LIMIT,
            candidate: CANDIDATE_LIMIT,
            seconds: None,
            pair_memory: PAIR_MEMORY,
        }
    }
}

impl Limits {
    /// The most (product, winning contexts) pairs a proof over a quotient of
    /// `order` elements keeps: `proof`, and what fits in `pair_memory`
    /// (each pair is stored about twice with its set of |Q| bits).
    ///
    /// ```
    /// use grundy::misere::solver::Limits;
    /// let l = Limits::default();
    /// assert_eq!(l.pairs(40), l.proof);
    /// assert!(l.pairs(30_000) < 100_000);
    /// ```
    pub fn pairs(&self, order: usize) -> usize {
        let bytes = 2 * (24 + 8 * order.div_ceil(64)) as u64;
        self.proof
            .min(usize::try_from(self.pair_memory / bytes).unwrap_or(usize::MAX))
    }

    /// The memory, in bytes, a computation within these limits may take at
    /// most, roughly: the quotient's table (|Q|² entries of 4 bytes), the
    /// candidate monoid's labelled elements (about 200 bytes each with
    /// their indexes), the search's positions and the proof's pairs
    /// (about 100 bytes each).
    pub fn memory_bytes(&self) -> u128 {
        let order = self.order as u128;
        order * order * 4
            + self.candidate as u128 * 200
            + (self.search as u128 + self.proof as u128) * 100
    }

    /// The limits a user gives, each `None` for its default: every count at
    /// least 1, the seconds a positive number, and the whole within the
    /// `available` bytes of memory ([`Limits::fits`]). The error names the
    /// option (`--max-order`, as the command line spells it).
    ///
    /// ```
    /// use grundy::misere::solver::Limits;
    /// let l = Limits::given([Some(4096), None, None, None], None, 8 << 30).unwrap();
    /// assert_eq!((l.order, l.candidate), (4096, 400_000));
    /// assert!(Limits::given([Some(0), None, None, None], None, 8 << 30).is_err());
    /// assert!(Limits::given([None; 4], Some(-1.0), 8 << 30).is_err());
    /// ```
    pub fn given(
        counts: [Option<u64>; 4],
        seconds: Option<f64>,
        available: u64,
    ) -> Result<Limits, String> {
        const NAMES: [&str; 4] = [
            "--max-order",
            "--max-candidate",
            "--max-search",
            "--max-proof",
        ];
        const DEFAULTS: [usize; 4] = [ORDER_LIMIT, CANDIDATE_LIMIT, SEARCH_LIMIT, PROOF_LIMIT];
        let mut got = DEFAULTS;
        for (i, c) in counts.into_iter().enumerate() {
            match c {
                None => {}
                Some(0) => return Err(format!("{} 0: give at least 1", NAMES[i])),
                Some(n) => got[i] = usize::try_from(n).unwrap_or(usize::MAX),
            }
        }
        if let Some(s) = seconds {
            if !(s.is_finite() && s > 0.0) {
                return Err(format!("--seconds {s}: give a positive number of seconds"));
            }
        }
        let limits = Limits {
            order: got[0],
            candidate: got[1],
            search: got[2],
            proof: got[3],
            seconds,
            pair_memory: PAIR_MEMORY.max(available / 4),
        };
        limits.fits(available)?;
        Ok(limits)
    }

    /// Refuses limits whose [`Limits::memory_bytes`] is more than
    /// `available` bytes, naming the estimate.
    ///
    /// ```
    /// use grundy::misere::solver::Limits;
    /// assert!(Limits::default().fits(8 << 30).is_ok());
    /// let huge = Limits { order: 1 << 20, ..Limits::default() };
    /// assert!(huge.fits(8 << 30).unwrap_err().contains("GiB"));
    /// ```
    pub fn fits(&self, available: u64) -> Result<(), String> {
        let need = self.memory_bytes();
        if need <= available as u128 {
            return Ok(());
        }
        let gib = |b: u128| b as f64 / (1u64 << 30) as f64;
        Err(format!(
            "these limits may take about {:.1} GiB of memory (|Q| up to {}: {:.1} GiB for its table; {} candidate elements; {} search positions; {} proof pairs), more than the {:.1} GiB available",
            gib(need),
            self.order,
            gib(self.order as u128 * self.order as u128 * 4),
            self.candidate,
            self.search,
            self.proof,
            gib(available as u128)
        ))
    }
}

enum Step {
    Proven,
    Refined,
}

struct Learner<'g, 'r> {
    rule: &'r HeapRule,
    search: SumSolver<'g, HeapGame<'r>>,
    limits: Limits,
    /// Heaps 1..=n are the letters.
    n: u32,
    reps: Vec<Vec<u32>>,
    rows: Vec<Vec<bool>>,
    by_row: HashMap<Vec<bool>, u32>,
    contexts: Vec<Vec<u32>>,
    /// `delta[s * (n + 1) + h]`: the class of reps[s] plus heap h.
    delta: Vec<u32>,
    /// Heaps with no move (they change nothing).
    terminal: Vec<bool>,
    deadline: Option<Instant>,
}

fn plus(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut w: Vec<u32> = a.iter().chain(b).copied().filter(|&h| h > 0).collect();
    w.sort_unstable();
    w
}

impl<'g, 'r> Learner<'g, 'r> {
    fn truth(&mut self, w: &[u32]) -> Result<bool, String> {
        if self.deadline.is_some_and(|d| now().is_some_and(|t| t > d)) {
            return Err(format!(
                "the time allowed ({:.1} s) ran out",
                self.limits.seconds.unwrap_or(0.0)
            ));
        }
        match self.search.outcome(w) {
            Ok(o) => Ok(o == Outcome::P),
            Err(_) => Err(format!(
                "the exhaustive search behind the quotient needed more than {} positions",
                self.limits.search
            )),
        }
    }

    fn row(&mut self, w: &[u32]) -> Result<Vec<bool>, String> {
        let mut row = Vec::with_capacity(self.contexts.len());
        for i in 0..self.contexts.len() {
            let c = plus(w, &self.contexts[i]);
            row.push(self.truth(&c)?);
        }
        Ok(row)
    }

    fn width(&self) -> usize {
        self.n as usize + 1
    }

    /// Rebuilds every row (after a context is added) and closes the table.
    fn rebuild(&mut self) -> Result<(), String> {
        self.by_row.clear();
        self.rows.clear();
        for i in 0..self.reps.len() {
            let r = self.row(&self.reps[i].clone())?;
            self.by_row.insert(r.clone(), i as u32);
            self.rows.push(r);
        }
        self.close()
    }

    /// Every class times every heap lands in a class, new classes added.
    fn close(&mut self) -> Result<(), String> {
        let width = self.width();
        self.delta.clear();
        let mut s = 0;
        while s < self.reps.len() {
            for h in 0..=self.n {
                let target = if h == 0 || self.terminal[h as usize] {
                    s as u32
                } else {
                    let w = plus(&self.reps[s], &[h]);
                    let r = self.row(&w)?;
                    match self.by_row.get(&r) {
                        Some(&t) => t,
                        None => {
                            if self.reps.len() >= self.limits.order {
                                return Err(format!(
                                    "the quotient has more than {} elements",
                                    self.limits.order
                                ));
                            }
                            let t = self.reps.len() as u32;
                            self.reps.push(w);
                            self.by_row.insert(r.clone(), t);
                            self.rows.push(r);
                            t
                        }
                    }
                };
                self.delta.push(target);
            }
            s += 1;
        }
        debug_assert_eq!(self.delta.len(), self.reps.len() * width);
        Ok(())
    }

    fn step(&self, s: u32, h: u32) -> u32 {
        self.delta[s as usize * self.width() + h as usize]
    }

    fn fold(&self, start: u32, word: &[u32]) -> u32 {
        word.iter().fold(start, |s, &h| self.step(s, h))
    }

    /// The chain of words from `reps[start] + letters + tail` to
    /// `reps[end] + tail`, folding the letters one by one; each word but the
    /// first comes with the context of the link that leads to it.
    fn chain(&self, start: u32, letters: &[u32], tail: &[u32]) -> Vec<(Vec<u32>, Vec<u32>)> {
        let mut out = vec![(
            plus(&plus(&self.reps[start as usize], letters), tail),
            Vec::new(),
        )];
        let mut s = start;
        for (i, &h) in letters.iter().enumerate() {
            s = self.step(s, h);
            let rest = plus(&letters[i + 1..], tail);
            out.push((plus(&self.reps[s as usize], &rest), rest));
        }
        out
    }

    /// Along a chain of words whose ends have different outcomes, the first
    /// link where the outcome changes gets its context added.
    fn split(&mut self, words: &[Vec<u32>], links: &[Vec<u32>]) -> Result<(), String> {
        let mut prev = self.truth(&words[0])?;
        for i in 1..words.len() {
            let t = self.truth(&words[i])?;
            if t != prev {
                let c = links[i - 1].clone();
                if self.contexts.contains(&c) {
                    return Err("internal error: a context was found twice".into());
                }
                self.contexts.push(c);
                return self.rebuild();
            }
            prev = t;
        }
        Err("internal error: a chain with equal outcomes at both ends".into())
    }

    /// A word whose label (the class its heaps fold to) is wrong: Rivest
    /// and Schapire's decomposition finds the context to add.
    fn counterexample(&mut self, w: &[u32]) -> Result<(), String> {
        let ch = self.chain(0, w, &[]);
        let words: Vec<Vec<u32>> = ch.iter().map(|c| c.0.clone()).collect();
        let links: Vec<Vec<u32>> = ch[1..].iter().map(|c| c.1.clone()).collect();
        self.split(&words, &links)
    }

    /// Two ways to the classes `a` and `b` that should meet: the chains
    /// joined at their common start, with a context telling a from b.
    fn join(
        &mut self,
        left: Vec<(Vec<u32>, Vec<u32>)>,
        middle: Option<Vec<u32>>,
        right: Vec<(Vec<u32>, Vec<u32>)>,
    ) -> Result<(), String> {
        let mut words = Vec::new();
        let mut links = Vec::new();
        for i in (0..left.len()).rev() {
            words.push(left[i].0.clone());
            if i > 0 {
                links.push(left[i].1.clone());
            }
        }
        if let Some(c) = middle {
            links.push(c);
        } else {
            // The chains share their first word.
            words.pop();
        }
        for (i, (w, c)) in right.into_iter().enumerate() {
            if i > 0 {
                links.push(c);
            }
            words.push(w);
        }
        self.split(&words, &links)
    }

    /// A context on which classes `a` and `b` differ.
    fn telling(&self, a: u32, b: u32) -> Vec<u32> {
        let (ra, rb) = (&self.rows[a as usize], &self.rows[b as usize]);
        let i = (0..ra.len())
            .find(|&i| ra[i] != rb[i])
            .expect("distinct rows");
        self.contexts[i].clone()
    }

    /// One round: consistency, then the proof; a failure adds a context.
    fn round(&mut self) -> Result<Step, String> {
        let q = self.reps.len();
        let letters: Vec<u32> = (1..=self.n)
            .filter(|&h| !self.terminal[h as usize])
            .collect();
        // Heaps commute.
        for s in 0..q as u32 {
            for (i, &a) in letters.iter().enumerate() {
                for &b in &letters[i + 1..] {
                    let (x, y) = (self.step(self.step(s, a), b), self.step(self.step(s, b), a));
                    if x != y {
                        let e = self.telling(x, y);
                        let left = self.chain(s, &[a, b], &e);
                        let right = self.chain(s, &[b, a], &e);
                        self.join(left, None, right)?;
                        return Ok(Step::Refined);
                    }
                }
            }
        }
        // Each class acts as its representative: x·y is well defined.
        let mut mul = vec![0u32; q * q];
        for z in 0..q {
            for y in 0..q {
                mul[z * q + y] = self.fold(z as u32, &self.reps[y]);
            }
        }
        for z in 0..q {
            for y in 0..q {
                for &h in &letters {
                    let a = self.step(mul[z * q + y], h);
                    let yh = self.step(y as u32, h);
                    let b = mul[z * q + yh as usize];
                    if a != b {
                        let e = self.telling(a, b);
                        let mut ry = self.reps[y].clone();
                        ry.push(h);
                        let left = self.chain(z as u32, &ry, &e);
                        let right = self.chain(z as u32, &self.reps[yh as usize].clone(), &e);
                        // Link: reps[y] + h against reps[yh], in context
                        // reps[z] + e.
                        let c = plus(&self.reps[z], &e);
                        let right_start = plus(&self.reps[yh as usize], &c);
                        debug_assert_eq!(right[0].0, right_start);
                        self.join(left, Some(c), right)?;
                        return Ok(Step::Refined);
                    }
                }
            }
        }
        let quotient = self.quotient(mul);
        // (P): no product in P moves into P.
        for z in 0..q as u32 {
            for &h in &letters {
                let zh = quotient.times(z, quotient.phi[h as usize]);
                if !quotient.p[zh as usize] {
                    continue;
                }
                let mut bad = None;
                self.rule.for_each_move(h, |_, parts| {
                    if bad.is_none() {
                        let mut x = z;
                        for &p in parts {
                            x = quotient.times(x, quotient.phi[p as usize]);
                        }
                        if quotient.p[x as usize] {
                            bad = Some(parts.to_vec());
                        }
                    }
                });
                if let Some(parts) = bad {
                    let rz = self.reps[z as usize].clone();
                    let with_h = plus(&rz, &[h]);
                    let w = if self.truth(&with_h)? {
                        plus(&rz, &parts)
                    } else {
                        with_h
                    };
                    self.counterexample(&w)?;
                    return Ok(Step::Refined);
                }
            }
        }
        // (N): every sum outside P has a move into P.
        match prove_n(
            self.rule,
            &quotient,
            &letters,
            self.limits.pairs(quotient.order),
        )? {
            None => Ok(Step::Proven),
            Some(w) => {
                let w = if self.truth(&w)? {
                    w
                } else {
                    // The sum is N, so one of its options is P, and that
                    // option's label is wrong.
                    let mut found = None;
                    for (i, &h) in w.iter().enumerate() {
                        let mut opts = Vec::new();
                        self.rule
                            .for_each_move(h, |_, parts| opts.push(parts.to_vec()));
                        for parts in opts {
                            let mut o: Vec<u32> = w[..i].to_vec();
                            o.extend_from_slice(&w[i + 1..]);
                            let o = plus(&o, &parts);
                            if self.truth(&o)? {
                                found = Some(o);
                                break;
                            }
                        }
                        if found.is_some() {
                            break;
                        }
                    }
                    found.ok_or("internal error: an N-position with no move to P")?
                };
                self.counterexample(&w)?;
                Ok(Step::Refined)
            }
        }
    }

    fn quotient(&self, mul: Vec<u32>) -> Quotient {
        let q = self.reps.len();
        Quotient {
            top: self.n,
            order: q,
            identity: 0,
            mul,
            p: (0..q).map(|s| self.rows[s][0]).collect(),
            phi: (0..=self.n).map(|h| self.step(0, h)).collect(),
            period: None,
        }
    }
}

/// The misère quotient of heaps 0, 1, …, `top`, proven, or of the largest
/// heap reached before a limit.
///
/// ```
/// use grundy::misere::solver::{solve, Limits};
/// let rule = "0.75".parse().unwrap();
/// let run = solve(&rule, 12, Limits::default()).unwrap();
/// let q = &run.quotient;
/// assert_eq!(q.top, 12);
/// // A heap of 2 on its own is an N-position, two of them a P-position.
/// assert_eq!(q.is_p(&[2]), Some(false));
/// ```
pub fn solve(rule: &HeapRule, top: u32, limits: Limits) -> Result<SolveRun, QuotientError> {
    let started = now();
    let game = HeapGame { rule };
    let mut l = Learner {
        rule,
        search: SumSolver::new(&game, Convention::Misere).with_limit(limits.search),
        limits,
        n: 0,
        reps: vec![Vec::new()],
        rows: Vec::new(),
        by_row: HashMap::new(),
        contexts: vec![Vec::new()],
        delta: Vec::new(),
        terminal: vec![true],
        deadline: started.and_then(|s| {
            limits
                .seconds
                .map(|t| s + std::time::Duration::from_secs_f64(t.max(0.0)))
        }),
    };
    let mut orders = Vec::new();
    let mut last: Option<Quotient> = None;
    let mut stopped = None;
    for n in 0..=top {
        if n > 0 {
            l.n = n;
            let mut any = false;
            rule.for_each_move(n, |_, _| any = true);
            l.terminal.push(!any);
        }
        let result = (|| -> Result<Quotient, String> {
            l.rebuild()?;
            loop {
                if let Step::Proven = l.round()? {
                    let q = l.reps.len();
                    let mut mul = vec![0u32; q * q];
                    for z in 0..q {
                        for y in 0..q {
                            mul[z * q + y] = l.fold(z as u32, &l.reps[y]);
                        }
                    }
                    return Ok(l.quotient(mul));
                }
            }
        })();
        match result {
            Ok(q) => {
                orders.push(q.order);
                last = Some(q);
            }
            Err(e) => {
                stopped = Some(format!("heap {n}: {e}"));
                break;
            }
        }
    }
    let Some(quotient) = last else {
        return Err(QuotientError::TooLarge(
            stopped.unwrap_or_else(|| "no heap was reached".into()),
        ));
    };
    Ok(SolveRun {
        quotient,
        orders,
        stopped,
        seconds: started.map_or(0.0, |s| s.elapsed().as_secs_f64()),
    })
}
