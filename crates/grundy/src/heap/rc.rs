//! The rare/common ("sparse space") engine for take-and-break sequences.
//!
//! For a mask `m`, split the nimbers by the parity of `popcount(v & m)`.
//! The even ones form a subgroup `H` of the nimbers under nim-sum, the odd
//! ones its other coset. If almost every position of a game has an odd
//! ("common") value and only a few have an even ("rare") one, then a split
//! `a + b` leaves an odd option `G(a) ^ G(b)` only when exactly one of `a`,
//! `b` is rare. So the odd options of a position are all found by pairing
//! each rare position with its partner: `O(#rare)` work instead of `O(n)`.
//! The even options come from common/common pairs, which are so many that
//! every small even value is hit after a few tries; the search stops as soon
//! as every even value below the smallest missing odd value has been seen.
//! The mex is then exact: nothing is guessed, a position whose value turns out
//! rare simply costs a full scan.
//!
//! The "domain" variant also flips the class of odd-sized positions (useful
//! when all splitting moves remove a number of tokens of the same parity):
//! then a split leaves an option in a coset fixed by the parity of the heap
//! that is split.
//!
//! The mask is chosen automatically: a Walsh–Hadamard transform of the
//! histogram of values gives, for every mask at once, how many positions would
//! be rare, and the best is taken. It is re-chosen when the sequence doubles
//! in length, when values need a wider mask, or when rare positions pile up.
//!
//! Options are collected in a mex table with a version stamp per value, so
//! nothing is cleared between positions.
//!
//! ```
//! use grundy::heap::rc::RcEngine;
//! let rule = "0.6".parse().unwrap();
//! let mut engine = RcEngine::<u16>::new(&rule).unwrap();
//! engine.extend_to(30).unwrap();
//! let g: Vec<u32> = (0..=12).map(|n| engine.value(n)).collect();
//! assert_eq!(g, [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0]);
//! ```

use crate::heap::rule::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};

/// A storage cell for Grundy values: `u16` when values stay small (half the
/// memory and cache traffic), `u32` otherwise.
pub trait Cell: Copy + Default + Send + Sync + 'static {
    /// The largest value the cell holds.
    const LIMIT: u32;
    /// The stored value.
    fn get(self) -> u32;
    /// Stores `v`, which is at most [`Cell::LIMIT`].
    fn put(v: u32) -> Self;
}

impl Cell for u16 {
    const LIMIT: u32 = u16::MAX as u32;
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Self {
        v as u16
    }
}

impl Cell for u32 {
    const LIMIT: u32 = u32::MAX;
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn put(v: u32) -> Self {
        v
    }
}

/// Why the engine cannot (or can no longer) compute a rule's sequence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RcError {
    /// The rule is outside what the engine handles (the naive engine does).
    #[error("the rare/common engine does not handle {0}")]
    Unsupported(String),
    /// A value does not fit the chosen cell width.
    #[error("value {value} at position {position} does not fit in {bits} bits")]
    Overflow {
        /// The position whose value overflowed.
        position: usize,
        /// The value.
        value: u32,
        /// Width of the cell.
        bits: u32,
    },
}

/// The moves of a rule, sorted by what they leave.
#[derive(Clone, Debug)]
pub struct Moves {
    /// Removals that may take a whole heap.
    pub none: Vec<usize>,
    /// Removals that may leave one heap.
    pub one: Vec<usize>,
    /// Removals that may split the rest in two, with the unequal flag.
    pub two: Vec<(usize, bool)>,
    /// The parity shared by all splitting removals, if they share one.
    pub split_parity: Option<usize>,
}

impl Moves {
    /// Reads the moves of a finite code with at most two heaps left.
    pub fn of(rule: &TakeBreak) -> Result<Moves, RcError> {
        let repeats = rule
            .repeat_from
            .is_some_and(|r| rule.digits[r..].iter().any(|d| d.bits != 0));
        if repeats {
            return Err(RcError::Unsupported(
                "codes repeating a non-zero digit forever".into(),
            ));
        }
        let last = rule.max_removal().unwrap_or(0);
        let mut m = Moves {
            none: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            split_parity: None,
        };
        for k in 0..=last {
            let d = rule.digit(k);
            if d.bits & LEAVE_THREE != 0 {
                return Err(RcError::Unsupported(
                    "moves leaving three heaps (hexadecimal digit 8)".into(),
                ));
            }
            if k > 0 && d.bits & LEAVE_NONE != 0 {
                m.none.push(k);
            }
            if k > 0 && d.bits & LEAVE_ONE != 0 {
                m.one.push(k);
            }
            if d.bits & LEAVE_TWO != 0 {
                m.two.push((k, d.unequal));
            }
        }
        let parities: Vec<usize> = m.two.iter().map(|&(k, _)| k & 1).collect();
        if let Some(&p) = parities.first() {
            if parities.iter().all(|&q| q == p) {
                m.split_parity = Some(p);
            }
        }
        Ok(m)
    }
}

/// Which positions count as rare: those whose value `v` at position `x` has
/// `popcount(v & mask) + [domain] * (x + split parity)` even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Split {
    /// The bits whose parity classifies a value.
    pub mask: u32,
    /// Whether the position's parity joins in (the "domain" variant).
    pub domain: bool,
}

/// Figures of a run, as the tables of Flammenkamp and Czajka report them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RcStats {
    /// The split in use (`None` while every position is treated as rare).
    pub split: Option<Split>,
    /// Number of rare positions among `1..=n`.
    pub rare_count: usize,
    /// The largest rare position.
    pub last_rare: Option<usize>,
    /// The largest value and the first position holding it.
    pub max_value: u32,
    /// Where the largest value first occurs.
    pub max_at: usize,
    /// How many times the split was re-chosen.
    pub rechosen: u32,
    /// Pairs looked at (rare pairs and scan steps).
    pub pairs: u64,
}

/// A mex table over nimbers with a version stamp per value: a new position
/// starts with an empty set by bumping the version, nothing is cleared, and
/// inserting is a single store.
#[derive(Clone, Debug)]
pub(crate) struct Marks {
    stamp: Vec<u32>,
    current: u32,
}

impl Marks {
    pub(crate) fn new(len: usize) -> Marks {
        Marks {
            stamp: vec![0; len],
            current: 1,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.stamp.len()
    }

    pub(crate) fn ensure(&mut self, len: usize) {
        if self.stamp.len() < len {
            self.stamp.resize(len, 0);
        }
    }

    /// Starts an empty set.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    #[inline]
    pub(crate) fn insert(&mut self, v: u32) {
        self.stamp[v as usize] = self.current;
    }

    #[inline]
    pub(crate) fn contains(&self, v: u32) -> bool {
        self.stamp[v as usize] == self.current
    }

    /// The smallest value not in the set.
    #[inline]
    pub(crate) fn mex(&self) -> u32 {
        let c = self.current;
        self.stamp
            .iter()
            .position(|&s| s != c)
            .expect("a free value") as u32
    }
}

/// Number of rare positions for every mask at once, from value histograms
/// split by position class: `hist[c][v]` counts positions of class `c`
/// (`(x + split parity) mod 2`) holding value `v`. Returns the best split and
/// its rare count; `domain` splits are scored only when `allow_domain`.
pub fn best_split(hist: &[Vec<u64>; 2], allow_domain: bool) -> (Split, u64) {
    let size = hist[0].len().max(hist[1].len()).next_power_of_two().max(1);
    let transform = |h: &Vec<u64>| {
        let mut a: Vec<i64> = (0..size)
            .map(|v| h.get(v).copied().unwrap_or(0) as i64)
            .collect();
        let mut len = 1;
        while len < size {
            for start in (0..size).step_by(2 * len) {
                for i in start..start + len {
                    let (x, y) = (a[i], a[i + len]);
                    a[i] = x + y;
                    a[i + len] = x - y;
                }
            }
            len *= 2;
        }
        a
    };
    let w0 = transform(&hist[0]);
    let w1 = transform(&hist[1]);
    let n0: i64 = hist[0].iter().sum::<u64>() as i64;
    let n1: i64 = hist[1].iter().sum::<u64>() as i64;
    let mut best = (
        Split {
            mask: 0,
            domain: false,
        },
        (n0 + n1) as u64,
    );
    for m in 1..size {
        let rare = ((n0 + n1 + w0[m] + w1[m]) / 2) as u64;
        if rare < best.1 {
            best = (
                Split {
                    mask: m as u32,
                    domain: false,
                },
                rare,
            );
        }
    }
    if allow_domain {
        for m in 0..size {
            let rare = ((n0 + w0[m]) / 2 + (n1 - w1[m]) / 2) as u64;
            if rare < best.1 {
                best = (
                    Split {
                        mask: m as u32,
                        domain: true,
                    },
                    rare,
                );
            }
        }
    }
    best
}

/// What the parallel phase already put in the marks of a heap: the pairs of
/// the rare positions `rare[from..to]` and, for the `t`-th splitting removal,
/// the search pairs `(a, s - a)` with `a` in `scanned[t]` (inclusive bounds).
type Prefilled<'a> = (usize, usize, &'a [(usize, usize)]);

/// The rare/common engine: computes `G(0), G(1), ...` of a finite octal code
/// (two-heap splits, `!` unequal splits included) in cells of type `V`.
#[derive(Clone, Debug)]
pub struct RcEngine<V: Cell> {
    moves: Moves,
    g: Vec<V>,
    rare: Vec<u32>,
    rare_g: Vec<V>,
    split: Option<Split>,
    marks: Marks,
    /// `odd[v]`: parity of `popcount(v & mask)` for every value in the marks.
    odd: Vec<u8>,
    bits: u32,
    hist: [Vec<u64>; 2],
    next_review: usize,
    rare_at_review: usize,
    defer_review: bool,
    review_due: bool,
    /// Search pairs per splitting removal collected in parallel; adjusted
    /// so that few heaps need to search further in order.
    budget: usize,
    /// Whether the last heap finished in order had to search further.
    continued: bool,
    stats: RcStats,
}

/// First position at which a split is chosen; below it every position is
/// treated as rare, which is the plain mex.
const FIRST_REVIEW: usize = 64;

impl<V: Cell> RcEngine<V> {
    /// An engine holding `G(0) = 0`.
    pub fn new(rule: &TakeBreak) -> Result<RcEngine<V>, RcError> {
        let moves = Moves::of(rule)?;
        Ok(RcEngine {
            moves,
            g: vec![V::put(0)],
            rare: Vec::new(),
            rare_g: Vec::new(),
            split: None,
            marks: Marks::new(256),
            odd: vec![0; 256],
            bits: 0,
            hist: [vec![0; 1], vec![0; 1]],
            next_review: FIRST_REVIEW,
            rare_at_review: 0,
            defer_review: false,
            review_due: false,
            budget: 1024,
            continued: false,
            stats: RcStats::default(),
        })
    }

    /// An engine holding known values `G(0..values.len())` (an empty slice
    /// is the same as [`RcEngine::new`]); the split and the rare positions
    /// are rebuilt as if the engine had computed them.
    pub fn from_values(rule: &TakeBreak, values: &[u32]) -> Result<RcEngine<V>, RcError> {
        let mut e = RcEngine::new(rule)?;
        e.g.reserve(values.len());
        for (x, &v) in values.iter().enumerate().skip(1) {
            e.push(x, v)?;
        }
        Ok(e)
    }

    /// The moves the engine plays.
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// The largest position computed.
    pub fn last(&self) -> usize {
        self.g.len() - 1
    }

    /// `G(n)` for a computed position.
    pub fn value(&self, n: usize) -> u32 {
        self.g[n].get()
    }

    /// All computed values, `G(0)..=G(last)`.
    pub fn cells(&self) -> &[V] {
        &self.g
    }

    /// Figures of the run so far.
    pub fn stats(&self) -> RcStats {
        let mut s = self.stats.clone();
        s.split = self.split;
        s.rare_count = self.rare.len();
        s.last_rare = self.rare.last().map(|&r| r as usize);
        s
    }

    /// Computes every position up to `n`.
    pub fn extend_to(&mut self, n: usize) -> Result<(), RcError> {
        self.g.reserve(n.saturating_sub(self.last()));
        while self.last() < n {
            let x = self.last() + 1;
            let v = self.compute(x, None);
            self.push(x, v)?;
        }
        Ok(())
    }

    /// The computed values, `G(0..=last)`, giving up the engine.
    pub fn into_cells(self) -> Vec<V> {
        self.g
    }

    /// Computes every position up to `n` on `threads` threads. Within a
    /// block of `L` consecutive heaps, a pair `(r, s - r)` with `r >= L`
    /// has its partner before the block, and so do the pairs `(a, s - a)`
    /// with `a` near `s / 2` where the search for even values starts: both
    /// are collected in parallel, each heap into its own bit set. Each heap
    /// is then finished in order (rare positions below `L`, moves leaving
    /// one heap, the rest of the search when needed). The values are those
    /// of [`RcEngine::extend_to`].
    pub fn extend_to_threads(&mut self, n: usize, threads: usize) -> Result<(), RcError> {
        if threads <= 1 {
            return self.extend_to(n);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        self.g.reserve(n.saturating_sub(self.last()));
        while self.last() < n {
            let start = self.last() + 1;
            let block = (start / 16).clamp(16, 256).min(n + 1 - start);
            if self.split.is_none() || start < 4096 || self.moves.two.is_empty() {
                let v = self.compute(start, None);
                self.push(start, v)?;
                continue;
            }
            let small = self.rare.partition_point(|&r| (r as usize) < block);
            let old = self.rare.len();
            let words = ((2usize << self.bits) >> 6) + 1;
            let budget = self.budget;
            let mut pre = vec![0u64; block * words];
            let mut scanned = vec![(1usize, 0usize); block * self.moves.two.len()];
            let g = &self.g;
            let (rare, rare_g, two) = (
                &self.rare[small..old],
                &self.rare_g[small..old],
                &self.moves.two,
            );
            let nk = two.len();
            let pairs: u64 = pool.install(|| {
                use rayon::prelude::*;
                pre.par_chunks_mut(words)
                    .zip(scanned.par_chunks_mut(nk))
                    .enumerate()
                    .map_init(
                        || Marks::new(words * 64),
                        |seen, (j, (set, lows))| {
                            let x = start + j;
                            let mut count = 0u64;
                            seen.clear();
                            for (t, &(k, unequal)) in two.iter().enumerate() {
                                lows[t] = (1, 0);
                                if x < k + 2 {
                                    continue;
                                }
                                let s = x - k;
                                let end = rare.partition_point(|&r| (r as usize) < s);
                                for (&r, &gr) in rare[..end].iter().zip(&rare_g[..end]) {
                                    let b = s - r as usize;
                                    if !(unequal && b == r as usize) {
                                        let v = gr.get() ^ g[b].get();
                                        if !seen.contains(v) {
                                            seen.insert(v);
                                            set[(v >> 6) as usize] |= 1u64 << (v & 63);
                                        }
                                    }
                                }
                                count += end as u64;
                                // The search from `a = block` up pairs old heaps only.
                                let top = if unequal { (s - 1) / 2 } else { s / 2 };
                                let lo = block.max((s + 1).saturating_sub(start));
                                let hi = (lo + budget).min(top);
                                lows[t] = (lo, lo - 1);
                                if lo <= hi {
                                    for (x1, y1) in
                                        g[lo..=hi].iter().zip(g[s - hi..=s - lo].iter().rev())
                                    {
                                        let v = x1.get() ^ y1.get();
                                        if !seen.contains(v) {
                                            seen.insert(v);
                                            set[(v >> 6) as usize] |= 1u64 << (v & 63);
                                        }
                                    }
                                    count += (hi + 1 - lo) as u64;
                                    lows[t] = (lo, hi);
                                }
                            }
                            count
                        },
                    )
                    .sum()
            });
            self.stats.pairs += pairs;
            self.defer_review = true;
            let mut result = Ok(());
            let mut continued = 0;
            for j in 0..block {
                let x = start + j;
                self.marks.clear();
                for (w, &word) in pre[j * words..(j + 1) * words].iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        self.marks.insert((w as u32) * 64 + word.trailing_zeros());
                        word &= word - 1;
                    }
                }
                self.continued = false;
                let v = self.compute(x, Some((small, old, &scanned[j * nk..(j + 1) * nk])));
                continued += self.continued as usize;
                result = self.push(x, v);
                if result.is_err() {
                    break;
                }
            }
            self.defer_review = false;
            result?;
            if continued * 4 > block {
                self.budget += self.budget / 4;
            } else if continued * 8 < block {
                self.budget = (self.budget - self.budget / 8).max(64);
            }
            if self.review_due {
                self.review_due = false;
                self.review();
            }
        }
        Ok(())
    }

    /// Class of position `x` with value `v` under the current split: rare?
    #[inline]
    fn is_rare(&self, x: usize, v: u32) -> bool {
        match self.split {
            None => true,
            Some(s) => {
                let kp = self.moves.split_parity.unwrap_or(0);
                let d = (s.domain as u32) & ((x ^ kp) as u32 & 1);
                ((v & s.mask).count_ones() & 1) ^ d == 0
            }
        }
    }

    /// Records `G(x) = v` and keeps the split up to date.
    pub(crate) fn push(&mut self, x: usize, v: u32) -> Result<(), RcError> {
        if v > V::LIMIT {
            return Err(RcError::Overflow {
                position: x,
                value: v,
                bits: V::LIMIT.count_ones(),
            });
        }
        self.g.push(V::put(v));
        if v > self.stats.max_value {
            self.stats.max_value = v;
            self.stats.max_at = x;
        }
        let class = (x ^ self.moves.split_parity.unwrap_or(0)) & 1;
        if v as usize >= self.hist[class].len() {
            let len = (v as usize + 1).next_power_of_two();
            self.hist[0].resize(len, 0);
            self.hist[1].resize(len, 0);
        }
        self.hist[class][v as usize] += 1;
        let mut widened = false;
        while v >= (1u32 << self.bits) {
            self.bits += 1;
            widened = true;
        }
        // Options are nim-sums of values below 2^bits; the smallest missing
        // value of either class is below 2^(bits + 1).
        let len = (2usize << self.bits) + 64;
        if self.marks.len() < len {
            self.marks.ensure(len);
            self.refresh_parity();
        }
        if self.is_rare(x, v) {
            self.rare.push(x as u32);
            self.rare_g.push(V::put(v));
        }
        let piled_up = self.rare.len() > 2 * self.rare_at_review + 64 && x * 4 >= self.next_review;
        if x >= self.next_review || (x >= FIRST_REVIEW && (widened || piled_up)) {
            if self.defer_review {
                self.review_due = true;
            } else {
                self.review();
            }
        }
        Ok(())
    }

    fn refresh_parity(&mut self) {
        let mask = self.split.map_or(0, |s| s.mask);
        self.odd = (0..self.marks.len() as u32)
            .map(|v| ((v & mask).count_ones() & 1) as u8)
            .collect();
    }

    /// Re-chooses the split and rebuilds the list of rare positions.
    fn review(&mut self) {
        let x = self.last();
        self.next_review = (2 * x).max(FIRST_REVIEW);
        let (best, count) = best_split(&self.hist, self.moves.split_parity.is_some());
        let current = self.rare.len() as u64;
        if self.split != Some(best) && count < current {
            self.split = Some(best);
            self.refresh_parity();
            self.stats.rechosen += 1;
            self.rare.clear();
            self.rare_g.clear();
            for y in 1..=x {
                let v = self.g[y].get();
                if self.is_rare(y, v) {
                    self.rare.push(y as u32);
                    self.rare_g.push(self.g[y]);
                }
            }
        }
        self.rare_at_review = self.rare.len();
    }

    /// Marks the options of `n` that pair a rare position `rare[i]`,
    /// `i in from..to`, with a partner, for every splitting removal.
    #[inline]
    fn mark_rare_pairs(&mut self, n: usize, from: usize, to: usize) {
        let g = &self.g;
        for &(k, unequal) in &self.moves.two {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let rare = &self.rare[from..to];
            let end = rare.partition_point(|&r| (r as usize) < s);
            let rare_g = &self.rare_g[from..from + end];
            let marks = &mut self.marks;
            if unequal {
                for (&r, &gr) in rare[..end].iter().zip(rare_g) {
                    let b = s - r as usize;
                    if b != r as usize {
                        marks.insert(gr.get() ^ g[b].get());
                    }
                }
            } else {
                for (&r, &gr) in rare[..end].iter().zip(rare_g) {
                    marks.insert(gr.get() ^ g[s - r as usize].get());
                }
            }
            self.stats.pairs += end as u64;
        }
    }

    /// `G(n)`, given `G(0..n)`. With `prefilled = Some((from, to, lows))`
    /// the caller has already put in the marks the pairs of the rare
    /// positions `rare[from..to]` and, for the `t`-th splitting removal, the
    /// search pairs `(a, s - a)` with `a` in `scanned[t]` (inclusive).
    fn compute(&mut self, n: usize, prefilled: Option<Prefilled<'_>>) -> u32 {
        if prefilled.is_none() {
            self.marks.clear();
        }
        for i in 0..self.moves.none.len() {
            if self.moves.none[i] == n {
                self.marks.insert(0);
            }
        }
        for i in 0..self.moves.one.len() {
            let k = self.moves.one[i];
            if n > k {
                let v = self.g[n - k].get();
                self.marks.insert(v);
            }
        }
        let len = self.rare.len();
        match prefilled {
            None => self.mark_rare_pairs(n, 0, len),
            Some((from, to, _)) => {
                self.mark_rare_pairs(n, 0, from);
                self.mark_rare_pairs(n, to, len);
            }
        }
        let split = match self.split {
            None => return self.marks.mex(),
            Some(s) => s,
        };
        if self.moves.two.is_empty() {
            return self.marks.mex();
        }
        // Odd options (relative to the coset of this heap size) are all in.
        let kp = self.moves.split_parity.unwrap_or(0);
        let e = 1 ^ ((split.domain as u32) & ((n ^ kp) as u32 & 1));
        let mut need = 0u32;
        let cstar = if split.mask == 0 && e == 1 {
            // No value has odd parity under the empty mask: nothing is known
            // exactly, every pair must be seen.
            need = u32::MAX;
            u32::MAX
        } else {
            let mut v = 0u32;
            loop {
                if !self.marks.contains(v) {
                    if self.odd[v as usize] as u32 == e {
                        break v;
                    }
                    need += 1;
                }
                v += 1;
            }
        };
        if need == 0 {
            return cstar;
        }
        // Even values below c* must be found among the common pairs: search
        // each split from its small end.
        let mut steps = 0u64;
        let g = &self.g;
        let marks = &mut self.marks;
        'scan: for t in 0..self.moves.two.len() {
            let (k, unequal) = self.moves.two[t];
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let top = if unequal { (s - 1) / 2 } else { s / 2 };
            let (done_lo, done_hi) = match prefilled {
                Some((_, _, scanned)) => scanned[t],
                None => (1, 0),
            };
            let ranges = [
                (1, (done_lo - 1).min(top)),
                (done_hi.max(done_lo - 1) + 1, top),
            ];
            for (lo, hi) in ranges {
                if lo > hi {
                    continue;
                }
                for (a, b) in g[lo..=hi].iter().zip(g[s - hi..=s - lo].iter().rev()) {
                    let v = a.get() ^ b.get();
                    steps += 1;
                    if !marks.contains(v) {
                        marks.insert(v);
                        if v < cstar {
                            need -= 1;
                            if need == 0 {
                                break 'scan;
                            }
                        }
                    }
                }
            }
        }
        self.stats.pairs += steps;
        self.continued = steps > 0;
        let m = self.marks.mex();
        m.min(cstar)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    pub(crate) use crate::heap::naive::code_sequence as plain;

    fn rc(code: &str, n: usize) -> Vec<u32> {
        let rule: TakeBreak = code.parse().unwrap();
        let mut e = RcEngine::<u16>::new(&rule).unwrap();
        e.extend_to(n).unwrap();
        (0..=n).map(|x| e.value(x)).collect()
    }

    #[test]
    fn known_sequences() {
        // Kayles, Dawson's Kayles, Grundy's game.
        assert_eq!(rc("0.77", 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
        assert_eq!(rc("0.07", 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
        assert_eq!(
            rc("4!.0", 16),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3]
        );
    }

    #[test]
    fn agrees_with_plain_mex_on_long_runs() {
        for code in [
            "0.6", "0.14", "0.376", "4!.0", "0.16", "4.7", "0.007", "0.56", "0.6!",
        ] {
            let rule: TakeBreak = code.parse().unwrap();
            assert_eq!(rc(code, 3000), plain(&rule, 3000), "{code}");
        }
    }

    #[test]
    fn threads_give_the_same_values() {
        for code in ["0.6", "0.376", "4!.0", "0.14", "0.165"] {
            let rule: TakeBreak = code.parse().unwrap();
            let mut one = RcEngine::<u16>::new(&rule).unwrap();
            one.extend_to(60000).unwrap();
            let mut two = RcEngine::<u16>::new(&rule).unwrap();
            two.extend_to_threads(25000, 2).unwrap();
            two.extend_to_threads(60000, 3).unwrap();
            assert_eq!(one.cells(), two.cells(), "{code}");
        }
    }

    #[test]
    fn picks_a_sparse_split_for_kayles_like_games() {
        let rule: TakeBreak = "0.6".parse().unwrap();
        let mut e = RcEngine::<u16>::new(&rule).unwrap();
        e.extend_to(20000).unwrap();
        let s = e.stats();
        assert!(s.split.is_some());
        assert!(s.rare_count < 2000, "{s:?}");
    }

    #[test]
    fn refuses_what_it_cannot_do() {
        for code in ["0.[3]", "0.8", "8.1"] {
            let rule: TakeBreak = code.parse().unwrap();
            assert!(matches!(
                RcEngine::<u16>::new(&rule),
                Err(RcError::Unsupported(_))
            ));
        }
    }

    /// Two-bit cells, to see an overflow without huge runs.
    #[derive(Clone, Copy, Default)]
    struct Tiny(u8);

    impl Cell for Tiny {
        const LIMIT: u32 = 3;
        fn get(self) -> u32 {
            self.0 as u32
        }
        fn put(v: u32) -> Self {
            Tiny(v as u8)
        }
    }

    #[test]
    fn overflow_is_reported() {
        // Kayles reaches 4 at heap 5.
        let rule: TakeBreak = "0.77".parse().unwrap();
        let mut e = RcEngine::<Tiny>::new(&rule).unwrap();
        assert_eq!(
            e.extend_to(100),
            Err(RcError::Overflow {
                position: 5,
                value: 4,
                bits: 2
            })
        );
        assert_eq!(e.last(), 4);
    }

    #[test]
    fn walsh_hadamard_counts_rare_positions() {
        // Values 1,2,4,7 (odd popcount) common under mask 7, value 0 rare.
        let mut h = [vec![0u64; 8], vec![0u64; 8]];
        for v in [1usize, 2, 4, 7, 1, 2] {
            h[0][v] += 1;
        }
        h[0][0] += 1;
        let (split, rare) = best_split(&h, false);
        assert_eq!(rare, 1);
        assert_eq!((split.mask.count_ones() & 1, split.domain), (1, false));
    }

    fn code_strategy() -> impl Strategy<Value = String> {
        (
            prop_oneof![Just(0u8), Just(4u8)],
            any::<bool>(),
            proptest::collection::vec((0u8..8, any::<bool>()), 1..5),
        )
            .prop_map(|(d0, bang0, ds)| {
                let mut s = String::new();
                s.push_str(&d0.to_string());
                if d0 == 4 && bang0 {
                    s.push('!');
                }
                s.push('.');
                for (d, bang) in ds {
                    s.push_str(&d.to_string());
                    if bang && d & 4 != 0 {
                        s.push('!');
                    }
                }
                s
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_plain_mex(code in code_strategy(), n in 1usize..700) {
            let rule: TakeBreak = code.parse().unwrap();
            prop_assert_eq!(rc(&code, n), plain(&rule, n), "{}", code);
        }
    }
}
