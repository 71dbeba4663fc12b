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
//! The search for the even values takes the splits in chunks, alternately
//! from the small end (a small heap against a recent one) and from the
//! middle (two older heaps). Once at most [`WANTED`] values are left, it
//! compares each option with them, many pairs at a time in vector registers,
//! instead of marking it; once it has run a while with only a few values
//! left, it aims at each through the small heaps holding `v ^ w` for the
//! most frequent recent values `w`, then goes on if that fails.
//!
//! On two threads ([`RcEngine::extend_to_threads`]) a second thread works
//! one block of heaps ahead: the pairs that join heaps already known (the
//! old rare positions, one chunk of search pairs from the middle) while the
//! first finishes the current block in order; then it sleeps. When the
//! first thread is done with its block it stops the second where it is and
//! takes over the heaps not reached. A [`Governor`] measures both ways as
//! the run goes and keeps the second thread only where it makes the run
//! faster.
//!
//! ```
//! use grundy::heap::rc::RcEngine;
//! let rule = "0.6".parse().unwrap();
//! let mut engine = RcEngine::<u16>::new(&rule).unwrap();
//! engine.extend_to(30).unwrap();
//! let g: Vec<u32> = (0..=12).map(|n| engine.value(n)).collect();
//! assert_eq!(g, [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0]);
//! ```

#[cfg(feature = "threads")]
mod block;
mod cells;
#[cfg(feature = "threads")]
mod governor;
mod kernels;
mod marks;
mod mask;
mod moves;
#[cfg(feature = "threads")]
mod pipeline;
mod search;
#[cfg(test)]
mod tests;
mod window;

pub use cells::{Cells, Spill};
#[cfg(feature = "threads")]
pub use governor::Governor;
pub use kernels::{StoredValue, WANTED};
pub use mask::{best_rare_mask, RareMask};
pub use moves::Moves;
pub use window::{Snapshot, Window};

pub(crate) use marks::Marks;

use crate::heap::code::TakeBreak;
use search::{INDEXED, PARTNERS, RECENT};

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
    /// A windowed run cannot start here.
    #[error("{0}")]
    NoWindow(String),
}

/// Figures of a run, as the tables of Flammenkamp and Czajka report them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RcStats {
    /// The rare mask in use (`None` while every position is treated as
    /// rare); named `split` in the JSON figures too.
    pub split: Option<RareMask>,
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

/// The rare/common engine: computes `G(0), G(1), ...` of a finite octal code
/// (two-heap splits, `!` unequal splits included) in cells of type `V`.
#[derive(Clone, Debug)]
pub struct RcEngine<V: StoredValue> {
    moves: Moves,
    g: Cells<V>,
    rare: Vec<usize>,
    rare_g: Vec<V>,
    rare_mask: Option<RareMask>,
    marks: Marks,
    /// `odd[v]`: parity of `popcount(v & mask)` for every value in the marks.
    odd: Vec<u8>,
    /// The same parities, 64 values to a word.
    odd_bits: Vec<u64>,
    bits: u32,
    hist: [Vec<u64>; 2],
    next_review: usize,
    rare_at_review: usize,
    defer_review: bool,
    review_due: bool,
    /// The even values below `c*` not yet found, for the heap at hand.
    missing: Vec<u32>,
    /// Options of the heap at hand as bytes, `2^bits` of them (64 at least).
    bytes: Vec<u8>,
    /// `by_value[u]`: the heaps below [`INDEXED`] holding `u`, in order.
    by_value: Vec<Vec<u32>>,
    /// `recent[v]`: how many of the last [`RECENT`] heaps hold `v`.
    recent: Vec<u32>,
    /// The most frequent common values among the recent heaps.
    partners: Vec<u32>,
    /// A split given from outside, never re-chosen (tests of the choice),
    /// or fixed for a windowed run.
    fixed: bool,
    stats: RcStats,
    /// The values a windowed run keeps; `None` keeps them all.
    window: Option<Window>,
    /// Whether the last search left pairs out (a windowed run's).
    partial_scan: bool,
}

/// First position at which a split is chosen; below it every position is
/// treated as rare, which is the plain mex.
const FIRST_REVIEW: usize = 64;

impl<V: StoredValue> RcEngine<V> {
    /// An engine holding `G(0) = 0`.
    pub fn new(rule: &TakeBreak) -> Result<RcEngine<V>, RcError> {
        RcEngine::with_cells(rule, Cells::in_memory())
    }

    /// An engine holding `G(0) = 0` in the empty store `cells` (a
    /// file-backed one, for runs longer than memory).
    ///
    /// ```
    /// use grundy::heap::rc::{Cells, RcEngine};
    /// let rule = "4!.0".parse().unwrap();
    /// let mut e = RcEngine::<u16>::with_cells(&rule, Cells::in_memory()).unwrap();
    /// e.extend_to(10).unwrap();
    /// let g: Vec<u32> = (0..=10).map(|n| e.value(n)).collect();
    /// assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
    /// ```
    pub fn with_cells(rule: &TakeBreak, mut cells: Cells<V>) -> Result<RcEngine<V>, RcError> {
        let moves = Moves::of(rule)?;
        cells.truncate(0);
        cells.push(V::put(0));
        Ok(RcEngine {
            moves,
            g: cells,
            rare: Vec::new(),
            rare_g: Vec::new(),
            rare_mask: None,
            marks: Marks::new(if V::LIMIT <= 0xFFFF { 1 << 16 } else { 256 }),
            odd: vec![0; 256],
            odd_bits: vec![0; 4],
            bits: 0,
            hist: [vec![0; 1], vec![0; 1]],
            next_review: FIRST_REVIEW,
            rare_at_review: 0,
            defer_review: false,
            review_due: false,
            missing: Vec::new(),
            bytes: Vec::new(),
            by_value: Vec::new(),
            recent: Vec::new(),
            partners: Vec::new(),
            fixed: false,
            stats: RcStats::default(),
            window: None,
            partial_scan: false,
        })
    }

    /// An engine that uses `split` from the first heap on and never
    /// re-chooses it, whatever the values: the values do not depend on the
    /// choice, which the tests check for every mask.
    #[cfg(test)]
    pub(crate) fn with_split(rule: &TakeBreak, split: RareMask) -> Result<RcEngine<V>, RcError> {
        let mut e = RcEngine::new(rule)?;
        e.fixed = true;
        e.rare_mask = Some(split);
        e.refresh_parity();
        Ok(e)
    }

    /// An engine holding known values `G(0..values.len())` (an empty slice
    /// is the same as [`RcEngine::new`]); the split and the rare positions
    /// are rebuilt as if the engine had computed them.
    pub fn from_values(rule: &TakeBreak, values: &[u32]) -> Result<RcEngine<V>, RcError> {
        RcEngine::from_values_in(rule, values.iter().copied(), Cells::in_memory())
    }

    /// [`RcEngine::from_values`] with the values kept in the empty store
    /// `cells`.
    pub fn from_values_in(
        rule: &TakeBreak,
        values: impl IntoIterator<Item = u32>,
        cells: Cells<V>,
    ) -> Result<RcEngine<V>, RcError> {
        let values = values.into_iter();
        let mut e = RcEngine::with_cells(rule, cells)?;
        e.g.reserve(values.size_hint().0);
        for (x, v) in values.enumerate().skip(1) {
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
    pub fn cells(&self) -> &Cells<V> {
        &self.g
    }

    /// Figures of the run so far.
    pub fn stats(&self) -> RcStats {
        let mut s = self.stats.clone();
        s.split = self.rare_mask;
        s.rare_count = self.rare.len();
        s.last_rare = self.rare.last().copied();
        s
    }

    /// Figures of the run over the heaps `0..=heaps` only, a heap of `n`
    /// being position `scale * n` (2 for `triomino`, whose heap counts
    /// columns; else 1), with positions given as heaps. A run may compute
    /// past the heap it reports (a block at a time, or on to the point where
    /// a period is proven): its rare positions and largest value past that
    /// heap are not the reported sequence's. The mask is the run's.
    pub fn stats_over(&self, heaps: usize, scale: usize) -> RcStats {
        let mut s = self.stats();
        let scale = scale.max(1);
        let last = heaps.saturating_mul(scale).min(self.last());
        let rare = &self.rare[..self.rare.partition_point(|&y| y <= last)];
        if scale == 1 {
            s.rare_count = rare.len();
            s.last_rare = rare.last().copied();
        } else {
            let mut heaps = rare.iter().filter(|&&y| y % scale == 0).map(|&y| y / scale);
            s.rare_count = heaps.clone().count();
            s.last_rare = heaps.next_back();
        }
        if scale != 1 || s.max_at > last {
            (s.max_value, s.max_at) = (0, 0);
            for n in 0..=last / scale {
                let v = self.value(n * scale);
                if v > s.max_value {
                    (s.max_value, s.max_at) = (v, n);
                }
            }
        }
        s
    }

    /// Makes room for every position up to `n` at once (the value store
    /// grows by exactly that, not by doubling).
    pub fn reserve(&mut self, n: usize) {
        self.g.reserve((n + 1).saturating_sub(self.g.len()));
    }

    /// Computes every position up to `n`.
    pub fn extend_to(&mut self, n: usize) -> Result<(), RcError> {
        self.g.reserve(n.saturating_sub(self.last()));
        while self.last() < n {
            let x = self.last() + 1;
            // Past the small heaps, a code with splits goes a block at a
            // time, as the first of two threads does: the pairs of the
            // old rare positions are marked for a run of heaps at once.
            #[cfg(feature = "threads")]
            if x >= pipeline::PARALLEL_FROM && !self.moves.two.is_empty() {
                let len = pipeline::alone_len(x).min(n + 1 - x);
                self.finish_alone(x, len)?;
                if self.review_due {
                    self.review_due = false;
                    self.review();
                }
                continue;
            }
            let v = self.compute(x, None);
            self.push(x, v)?;
        }
        Ok(())
    }

    /// The computed values, `G(0..=last)`, giving up the engine.
    pub fn into_cells(self) -> Cells<V> {
        self.g
    }

    /// Computes every position up to `n`: on one thread, as
    /// [`RcEngine::extend_to`], since the crate is built without its
    /// `threads` feature (with it, a second thread works a block ahead).
    #[cfg(not(feature = "threads"))]
    pub fn extend_to_threads(&mut self, n: usize, threads: usize) -> Result<(), RcError> {
        let _ = threads;
        self.extend_to(n)
    }

    /// Class of position `x` with value `v` under the current split: rare?
    #[inline]
    fn is_rare(&self, x: usize, v: u32) -> bool {
        match self.rare_mask {
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
        if x < INDEXED {
            if self.by_value.len() <= v as usize {
                self.by_value.resize(v as usize + 1, Vec::new());
            }
            self.by_value[v as usize].push(x as u32);
        }
        if self.recent.len() <= v as usize {
            self.recent.resize(v as usize + 1, 0);
        }
        self.recent[v as usize] += 1;
        if x > RECENT {
            let old = self.g[x - RECENT].get() as usize;
            self.recent[old] -= 1;
        }
        if x.is_multiple_of(4096) {
            self.refresh_partners();
        }
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
            self.rare.push(x);
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

    /// Ranks the common values of the recent heaps by frequency.
    fn refresh_partners(&mut self) {
        let mask = match self.rare_mask {
            Some(s) if !s.domain => s.mask,
            _ => 0,
        };
        let recent = &self.recent;
        let mut values: Vec<u32> = (0..recent.len() as u32)
            .filter(|&w| recent[w as usize] > 0 && (mask == 0 || (w & mask).count_ones() % 2 == 1))
            .collect();
        values.sort_by_key(|&w| std::cmp::Reverse(recent[w as usize]));
        values.truncate(PARTNERS);
        self.partners = values;
    }

    fn refresh_parity(&mut self) {
        let mask = self.rare_mask.map_or(0, |s| s.mask);
        self.odd = (0..self.marks.len() as u32)
            .map(|v| ((v & mask).count_ones() & 1) as u8)
            .collect();
        self.odd_bits = self
            .odd
            .chunks(64)
            .map(|c| c.iter().enumerate().map(|(i, &o)| (o as u64) << i).sum())
            .collect();
    }

    /// Re-chooses the split and rebuilds the list of rare positions.
    fn review(&mut self) {
        let x = self.last();
        self.next_review = (2 * x).max(FIRST_REVIEW);
        if self.fixed {
            return;
        }
        let (best, count) = best_rare_mask(&self.hist, self.moves.split_parity.is_some());
        let current = self.rare.len() as u64;
        if self.rare_mask != Some(best) && count < current {
            self.rare_mask = Some(best);
            self.refresh_parity();
            self.stats.rechosen += 1;
            self.rare.clear();
            self.rare_g.clear();
            for y in 1..=x {
                let v = self.g[y].get();
                if self.is_rare(y, v) {
                    self.rare.push(y);
                    self.rare_g.push(self.g[y]);
                }
            }
        }
        self.rare_at_review = self.rare.len();
    }
}
