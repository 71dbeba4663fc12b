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
//! one block of heaps ahead: everything that pairs heaps already known (the
//! old rare positions, then search pairs from both ends) while the first
//! finishes the current block in order. When the first thread is done with
//! its block it stops the second where it is and takes over the heaps not
//! reached, so neither waits for the other.
//!
//! ```
//! use grundy::heap::rc::RcEngine;
//! let rule = "0.6".parse().unwrap();
//! let mut engine = RcEngine::<u16>::new(&rule).unwrap();
//! engine.extend_to(30).unwrap();
//! let g: Vec<u32> = (0..=12).map(|n| engine.value(n)).collect();
//! assert_eq!(g, [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0]);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};

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
    /// Which of the values `want` are among `xs[i] ^ ys[len - 1 - i]` (the
    /// options of the splits that pair `xs` with `ys` read backwards): bit
    /// `j` is set when `want[j]` is.
    #[inline]
    fn hits(xs: &[Self], ys: &[Self], want: &[u32; WANTED]) -> u32 {
        let mut found = [false; WANTED];
        for (x, y) in xs.iter().zip(ys.iter().rev()) {
            let o = x.get() ^ y.get();
            for (f, &w) in found.iter_mut().zip(want) {
                *f |= o == w;
            }
        }
        found
            .iter()
            .enumerate()
            .map(|(j, &f)| (f as u32) << j)
            .sum()
    }
}

/// Values the plain search looks for by comparison rather than by marking.
pub const WANTED: usize = 8;

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
    #[inline]
    fn hits(xs: &[u16], ys: &[u16], want: &[u32; WANTED]) -> u32 {
        let want = want.map(|w| w as u16);
        // Fewer distinct values, fewer comparisons: the padding repeats the
        // last one.
        let four = want[3..].iter().all(|&w| w == want[WANTED - 1]);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe {
                if four {
                    hits16_avx2::<4>(xs, ys, &want)
                } else {
                    hits16_avx2::<WANTED>(xs, ys, &want)
                }
            };
        }
        if four {
            hits16::<4>(xs, ys, &want)
        } else {
            hits16::<WANTED>(xs, ys, &want)
        }
    }
}

/// [`Cell::hits`] in 16-bit lanes, kept out of line so that the loop is
/// compiled on its own, to vector instructions.
#[inline(never)]
fn hits16<const K: usize>(xs: &[u16], ys: &[u16], want: &[u16; WANTED]) -> u32 {
    hits16_lanes::<K>(xs, ys, want)
}

/// [`hits16`] compiled for AVX2 (16 lanes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
unsafe fn hits16_avx2<const K: usize>(xs: &[u16], ys: &[u16], want: &[u16; WANTED]) -> u32 {
    hits16_lanes::<K>(xs, ys, want)
}

/// [`Cell::hits`] for the first `K` values of `want`; the others repeat
/// `want[K - 1]`.
#[inline(always)]
fn hits16_lanes<const K: usize>(xs: &[u16], ys: &[u16], want: &[u16; WANTED]) -> u32 {
    let n = xs.len().min(ys.len());
    let (xs, ys) = (&xs[..n], &ys[ys.len() - n..]);
    let mut found = [0u16; K];
    for i in 0..n {
        let o = xs[i] ^ ys[n - 1 - i];
        for j in 0..K {
            found[j] |= (o == want[j]) as u16;
        }
    }
    let mut bits = 0;
    for (j, &f) in found.iter().enumerate() {
        bits |= ((f != 0) as u32) << j;
    }
    if K < WANTED && bits >> (K - 1) & 1 == 1 {
        // The padding repeats `want[K - 1]`.
        bits |= ((1 << WANTED) - 1) & !((1 << K) - 1);
    }
    bits
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
    /// Values put in at once as a bit set; empty when there are none.
    pre: Vec<u64>,
}

impl Marks {
    pub(crate) fn new(len: usize) -> Marks {
        Marks {
            stamp: vec![0; len],
            current: 1,
            pre: Vec::new(),
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

    /// The stamps and the current version, for inserting many values in a
    /// tight loop: `stamp[v] = current` inserts `v`.
    #[inline]
    pub(crate) fn parts(&mut self) -> (&mut [u32], u32) {
        (&mut self.stamp, self.current)
    }

    /// Starts an empty set.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.pre.clear();
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    /// Starts a set holding the values of a bit set (bit `v % 64` of word
    /// `v / 64` stands for `v`).
    pub(crate) fn clear_to(&mut self, bits: &[u64], words: usize) {
        self.clear();
        self.pre.extend_from_slice(bits);
        if self.pre.len() < words {
            self.pre.resize(words, 0);
        }
    }

    /// The bit set part, to insert many values in a tight loop.
    pub(crate) fn bits_mut(&mut self) -> &mut [u64] {
        &mut self.pre
    }

    /// Inserts `v` into the bit set part (cheap while the stamps are
    /// untouched, and read word by word by [`Marks::bits`]).
    #[inline]
    pub(crate) fn insert_bit(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.pre.len() {
            self.pre.resize(w + 1, 0);
        }
        self.pre[w] |= 1 << (v & 63);
    }

    /// The bit set part.
    pub(crate) fn bits(&self) -> &[u64] {
        &self.pre
    }

    #[inline]
    pub(crate) fn insert(&mut self, v: u32) {
        self.stamp[v as usize] = self.current;
    }

    /// Whether `v` went in by [`Marks::insert`]: the same as
    /// [`Marks::contains`], and cheaper, for a value known to be outside
    /// the bit set (the missing values of the search are).
    #[inline]
    pub(crate) fn stamped(&self, v: u32) -> bool {
        self.stamp[v as usize] == self.current
    }

    #[inline]
    pub(crate) fn contains(&self, v: u32) -> bool {
        self.stamp[v as usize] == self.current
            || self
                .pre
                .get((v >> 6) as usize)
                .is_some_and(|w| (w >> (v & 63)) & 1 == 1)
    }

    /// The smallest value not in the set.
    #[inline]
    pub(crate) fn mex(&self) -> u32 {
        (0..self.stamp.len() as u32)
            .find(|&v| !self.contains(v))
            .expect("a free value")
    }
}

/// The stamps as a table with room for every 16-bit value, when the cells
/// hold 16 bits (options are then 16-bit too, and indexing needs no check).
#[inline]
fn short_table<V: Cell>(stamp: &mut [u32]) -> Option<&mut [u32; 1 << 16]> {
    if V::LIMIT <= 0xFFFF {
        stamp.get_mut(..1 << 16).and_then(|t| t.try_into().ok())
    } else {
        None
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

/// What the second thread already put in the marks of a heap `n`: the pairs
/// of the rare positions `rare[..to]` with a partner below `known` and, for
/// the `t`-th splitting removal `s = n - k`, the pairs `(a, s - a)` with
/// `s + 1 - known <= a < ups[t]` and with `a >= lows[t]`.
#[derive(Clone, Copy, Debug)]
struct Prefilled<'a> {
    to: usize,
    known: usize,
    ups: &'a [usize],
    lows: &'a [usize],
}

/// Pairs the plain search takes from one end before turning to the other.
const SCAN_CHUNK: usize = 128;
/// The same, once the search compares options with the few values left.
const COMPARE_CHUNK: usize = 512;

/// Pairs the plain search tries before aiming at the values still missing.
const AIM_AFTER: u64 = 1024;
/// Aim only when at most this many values are still missing.
const AIM_VALUES: usize = 3;
/// Pairs tried when aiming at one value.
const AIM_TRIES: u32 = 32;
/// Heaps below this are indexed by value, for aiming.
const INDEXED: usize = 1 << 16;
/// Recent heaps whose values are counted, for aiming.
const RECENT: usize = 1 << 16;
/// Most frequent recent values aimed at.
const PARTNERS: usize = 16;

/// First heap computed with two threads; smaller heaps are too quick to share.
const PARALLEL_FROM: usize = 4096;

/// Options of a block of heaps found ahead by the second thread:
/// `sets[j * words..]` is a bit set of options of heap `start + j`, from the
/// pairs of the rare positions `rare[..to]` (as numbered when the job began)
/// with a partner below `known` and, for the `t`-th splitting removal
/// (`i = j * removals + t`),
/// the pairs `(a, s - a)` with `a` from `s + 1 - known` below `ups[i]` and
/// from `lows[i]` up to the middle.
#[derive(Debug)]
struct Ahead {
    /// Heaps `start..start + ready` are collected; the others not at all.
    ready: usize,
    known: usize,
    sets: Vec<u64>,
    lows: Vec<usize>,
    ups: Vec<usize>,
    words: usize,
    to: usize,
    pairs: u64,
}

/// What the second thread needs to collect an [`Ahead`].
struct Job {
    rare: Vec<u32>,
    rare_g: Vec<u32>,
    to: usize,
    /// Heaps below this are known.
    known: usize,
    start: usize,
    len: usize,
    words: usize,
    /// `2^bits` (64 at least): every option is below it.
    values: usize,
}

impl Job {
    /// Collects the pairs of the old rare positions for every heap of the
    /// block, then pairs of two known heaps from the middle down, a chunk
    /// per heap in turn, until `stop` is set (or none are left).
    fn run<V: Cell>(
        &self,
        g: &[V],
        two: &[(usize, bool)],
        stop: &AtomicBool,
        seen: &mut Vec<u8>,
    ) -> Option<Ahead> {
        if self.len == 0 {
            return None;
        }
        let (words, nk) = (self.words, two.len());
        // Options are below `2^bits`: only that much of each set is filled.
        let width = self.values;
        // One byte per value and heap, so that marking is a plain store;
        // packed into bits at the end.
        seen.clear();
        seen.resize(self.len * width, 0);
        let mut lows = vec![0usize; self.len * nk];
        for (j, low) in lows.chunks_mut(nk).enumerate() {
            for (t, &(k, unequal)) in two.iter().enumerate() {
                let s0 = (self.start + j).saturating_sub(k);
                low[t] = if unequal {
                    s0.saturating_sub(1) / 2
                } else {
                    s0 / 2
                } + 1;
            }
        }
        let mut pairs = 0u64;
        // The first thread may finish its block first; it then takes over
        // the heaps not reached here.
        let mut ready = self.len;
        for (j, table) in seen.chunks_mut(width).enumerate() {
            if j % 8 == 0 && stop.load(Ordering::Relaxed) {
                ready = j;
                break;
            }
            let x = self.start + j;
            for &(k, unequal) in two {
                if x < k + 2 {
                    continue;
                }
                let s = x - k;
                let end = self.rare.partition_point(|&r| (r as usize) < s);
                let old = self.rare.partition_point(|&r| r as usize + self.known <= s);
                for (lo, hi) in rare_runs(&self.rare[..end], s, unequal) {
                    let lo = lo.max(old);
                    if lo < hi {
                        mark_bytes(table, g, s, &self.rare[lo..hi], &self.rare_g[lo..hi]);
                    }
                }
                pairs += end.saturating_sub(old) as u64;
            }
        }
        // Pairs `(a, s - a)` of two known heaps: `a` from `s + 1 - known` up
        // and from the middle down, a chunk per heap and end in turn.
        let mut ups = vec![0usize; self.len * nk];
        for (j, up) in ups.chunks_mut(nk).enumerate() {
            for (t, &(k, _)) in two.iter().enumerate() {
                up[t] = (self.start + j).saturating_sub(k) + 1;
                up[t] = up[t].saturating_sub(self.known).max(1);
            }
        }
        let mut more = ready == self.len;
        let mut from_top = true;
        while more && !stop.load(Ordering::Relaxed) {
            more = false;
            for (j, table) in seen.chunks_mut(width).enumerate() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let x = self.start + j;
                for (t, &(k, _)) in two.iter().enumerate() {
                    if x < k + 2 {
                        continue;
                    }
                    let s = x - k;
                    let i = j * nk + t;
                    let (up, hi) = (ups[i], lows[i] - 1);
                    if hi < up {
                        continue;
                    }
                    let c = SCAN_CHUNK.min(hi + 1 - up);
                    let lo = if from_top { hi + 1 - c } else { up };
                    for (a, b) in g[lo..lo + c]
                        .iter()
                        .zip(g[s + 1 - lo - c..s + 1 - lo].iter().rev())
                    {
                        table[(a.get() ^ b.get()) as usize] = 1;
                    }
                    if from_top {
                        lows[i] = lo;
                    } else {
                        ups[i] = lo + c;
                    }
                    pairs += c as u64;
                    more = true;
                }
            }
            from_top = !from_top;
        }
        let mut sets = vec![0u64; ready * words];
        for (set, table) in sets.chunks_mut(words).zip(seen.chunks(width)) {
            pack_bits(table, set);
        }
        Some(Ahead {
            ready,
            known: self.known,
            sets,
            lows,
            ups,
            words,
            to: self.to,
            pairs,
        })
    }
}

/// The next message of a channel, or `None` once the sender is gone. The
/// two threads hand work to each other thousands of times a second, so the
/// receiver spins a while before it sleeps: waking a sleeping thread takes
/// longer than the wait usually lasts.
fn receive<T>(from: &std::sync::mpsc::Receiver<T>) -> Option<T> {
    use std::sync::mpsc::TryRecvError;
    for _ in 0..SPINS {
        match from.try_recv() {
            Ok(x) => return Some(x),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) => std::hint::spin_loop(),
        }
    }
    from.recv().ok()
}

/// Times [`receive`] polls before it sleeps.
const SPINS: u32 = 1 << 10;

/// Aims at one missing value `v` of a heap split as `s = a + (s - a)`:
/// tries the small heaps `a` holding `v ^ w` for the most frequent recent
/// values `w`, whose partner `s - a` then gives `v` whenever it holds `w`.
/// Marks `v` when a pair gives it; returns the pairs tried.
fn aim<V: Cell>(
    g: &[V],
    marks: &mut Marks,
    by_value: &[Vec<u32>],
    partners: &[u32],
    v: u32,
    s: usize,
    unequal: bool,
) -> u64 {
    let mut tries = 0u32;
    for &w in partners {
        let Some(list) = by_value.get((v ^ w) as usize) else {
            continue;
        };
        for &a in list {
            let a = a as usize;
            if a >= s || tries >= AIM_TRIES {
                break;
            }
            if unequal && 2 * a == s {
                continue;
            }
            tries += 1;
            if g[s - a].get() == w {
                marks.insert(v);
                return tries as u64;
            }
        }
    }
    tries as u64
}

/// The values still missing (at most [`WANTED`], the last being `last`),
/// padded with `last`.
fn wanted_values(missing: &[u32], last: u32) -> [u32; WANTED] {
    let mut want = [last; WANTED];
    want[..missing.len()].copy_from_slice(missing);
    want
}

/// The runs `rare[lo..hi]` of rare positions below `s` to pair with their
/// partners: all of them, except `s / 2` for an unequal split, which cannot
/// leave two heaps of the same size.
fn rare_runs(rare: &[u32], s: usize, unequal: bool) -> [(usize, usize); 2] {
    let end = rare.len();
    let skip = if unequal && s.is_multiple_of(2) {
        rare.binary_search(&((s / 2) as u32)).ok()
    } else {
        None
    };
    match skip {
        Some(i) => [(0, i), (i + 1, end)],
        None => [(0, end), (end, end)],
    }
}

/// Sets `seen[G(r) ^ G(s - r)]` for the rare positions `r` (with values
/// `rare_g`), all below `s`. Every option is below `seen.len()`, a power of
/// two.
#[inline(never)]
fn mark_bytes<V: Cell, R: Cell>(seen: &mut [u8], g: &[V], s: usize, rare: &[u32], rare_g: &[R]) {
    macro_rules! fixed {
        ($($w:literal)*) => {
            match seen.len() {
                $($w => return mark_fixed::<V, R, $w>(
                    seen.try_into().expect("the length just matched"),
                    g, s, rare, rare_g,
                ),)*
                _ => {}
            }
        };
    }
    fixed!(64 128 256 512 1024 2048 4096);
    let top = seen.len() - 1;
    for (&r, &gr) in rare.iter().zip(rare_g) {
        seen[(gr.get() ^ g[s - r as usize].get()) as usize & top] = 1;
    }
}

/// [`mark_bytes`] for a table of `W` bytes, indexed without a check.
#[inline(always)]
fn mark_fixed<V: Cell, R: Cell, const W: usize>(
    seen: &mut [u8; W],
    g: &[V],
    s: usize,
    rare: &[u32],
    rare_g: &[R],
) {
    for (&r, &gr) in rare.iter().zip(rare_g) {
        seen[(gr.get() ^ g[s - r as usize].get()) as usize & (W - 1)] = 1;
    }
}

/// Packs bytes that are 0 or 1 into bits, adding to what `bits` holds: byte
/// `i` sets bit `i % 64` of word `i / 64`.
fn pack_bits(bytes: &[u8], bits: &mut [u64]) {
    for (word, chunk) in bits.iter_mut().zip(bytes.chunks_exact(64)) {
        let mut w = 0u64;
        for (i, eight) in chunk.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            // Multiplying gathers the low bit of byte i into bit 56 + i.
            w |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        }
        *word |= w;
    }
}

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

    /// Makes room for every position up to `n` at once (the value store
    /// grows by exactly that, not by doubling).
    pub fn reserve(&mut self, n: usize) {
        self.g.reserve_exact((n + 1).saturating_sub(self.g.len()));
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

    /// Computes every position up to `n` on `threads` threads (two are
    /// used). Heaps go in blocks of `L`; while one thread finishes a block
    /// in order, the other collects, for every heap of the next block
    /// (length `L'`), the pairs `(r, s - r)` of the rare positions
    /// `r >= L + L'`: their partners all lie before the current block, so
    /// they are known. The first thread then adds the pairs of the smaller
    /// and the newer rare positions and searches for the even values; heaps
    /// the second thread had not reached when the block ended it does
    /// whole. The values are those of [`RcEngine::extend_to`].
    pub fn extend_to_threads(&mut self, n: usize, threads: usize) -> Result<(), RcError> {
        if threads <= 1 || self.moves.two.is_empty() {
            return self.extend_to(n);
        }
        self.g.reserve(n.saturating_sub(self.last()));
        while self.last() < n.min(PARALLEL_FROM) {
            let x = self.last() + 1;
            let v = self.compute(x, None);
            self.push(x, v)?;
        }
        let block_len = |x: usize| (x / 64).clamp(64, 512);
        let two = self.moves.two.clone();
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let (to_helper, jobs) = std::sync::mpsc::channel::<(Job, &[V])>();
            let (to_main, results) = std::sync::mpsc::channel();
            let two = &two;
            let stop = &stop;
            scope.spawn(move || {
                // Kept from job to job, so that it is not allocated each time.
                let mut seen = Vec::new();
                while let Some((job, known)) = receive(&jobs) {
                    if to_main.send(job.run(known, two, stop, &mut seen)).is_err() {
                        break;
                    }
                }
            });
            let mut ahead: Option<Ahead> = None;
            while self.last() < n {
                let x0 = self.last() + 1;
                let len = block_len(x0).min(n + 1 - x0);
                let x1 = x0 + len;
                let len1 = if x1 > n {
                    0
                } else {
                    block_len(x1).min(n + 1 - x1)
                };
                let to = self.rare.len();
                let job = Job {
                    rare: self.rare.clone(),
                    rare_g: self.rare_g.iter().map(|c| c.get()).collect(),
                    to,
                    known: x0,
                    start: x1,
                    len: len1,
                    words: ((2usize << self.bits) >> 6) + 1,
                    values: 64usize << self.bits.saturating_sub(6),
                };
                // SAFETY: `g` has room for every heap up to `n` (reserved
                // above), so finishing this block never moves it, and the job
                // reads only heaps below `x0`, which are never written again
                // (the job is done before the next block begins).
                let known: &[V] = unsafe { std::slice::from_raw_parts(self.g.as_ptr(), x0) };
                stop.store(false, Ordering::Relaxed);
                to_helper
                    .send((job, known))
                    .expect("the helper thread is waiting");
                let result = self.finish_block(x0, len, ahead.take());
                stop.store(true, Ordering::Relaxed);
                let next = receive(&results).expect("the helper thread answers");
                let split = self.split;
                result?;
                if self.review_due {
                    self.review_due = false;
                    self.review();
                }
                ahead = next.filter(|_| self.split == split);
            }
            Ok(())
        })
    }

    /// Finishes the heaps `x0..x0 + len` in order, starting from the pairs
    /// collected ahead, if any.
    fn finish_block(&mut self, x0: usize, len: usize, ahead: Option<Ahead>) -> Result<(), RcError> {
        self.defer_review = true;
        let mut result = Ok(());
        for j in 0..len {
            let x = x0 + j;
            let nk = self.moves.two.len();
            let prefilled = match &ahead {
                Some(a) if j < a.ready => {
                    let words = ((2usize << self.bits) >> 6) + 1;
                    self.marks
                        .clear_to(&a.sets[j * a.words..(j + 1) * a.words], words);
                    let r = j * nk..(j + 1) * nk;
                    Some(Prefilled {
                        to: a.to,
                        known: a.known,
                        ups: &a.ups[r.clone()],
                        lows: &a.lows[r],
                    })
                }
                _ => None,
            };
            let v = self.compute(x, prefilled);
            result = self.push(x, v);
            if result.is_err() {
                break;
            }
        }
        self.defer_review = false;
        if let Some(a) = &ahead {
            self.stats.pairs += a.pairs;
        }
        result
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

    /// Ranks the common values of the recent heaps by frequency.
    fn refresh_partners(&mut self) {
        let mask = match self.split {
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
        let mask = self.split.map_or(0, |s| s.mask);
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

    /// Marks the options of `n` that pair a rare position with a partner,
    /// for every splitting removal. With `ahead = Some((known, to))` the
    /// second thread has done the pairs of `rare[..to]` whose partner is
    /// below `known`, so only the others are left.
    #[inline]
    fn mark_rare_pairs(&mut self, n: usize, ahead: Option<(usize, usize)>, in_bits: bool) {
        if in_bits {
            self.bytes.clear();
            self.bytes.resize(64usize << self.bits.saturating_sub(6), 0);
        }
        let g = &self.g;
        for &(k, unequal) in &self.moves.two {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let rare = &self.rare;
            let end = rare.partition_point(|&r| (r as usize) < s);
            // Indices `gap.0..gap.1` are done already.
            let gap = match ahead {
                Some((known, to)) => {
                    let recent = rare.partition_point(|&r| r as usize + known <= s);
                    (recent, to.max(recent))
                }
                None => (end, end),
            };
            for (lo, hi) in rare_runs(&rare[..end], s, unequal) {
                for (lo, hi) in [(lo, hi.min(gap.0)), (lo.max(gap.1), hi)] {
                    if lo >= hi {
                        continue;
                    }
                    let pairs = rare[lo..hi].iter().zip(&self.rare_g[lo..hi]);
                    let (stamp, current) = self.marks.parts();
                    if in_bits {
                        // Every option is below 2^bits; a byte per value, so
                        // that marking is a plain store, packed into the bit
                        // set below.
                        let (rare, rare_g) = (&rare[lo..hi], &self.rare_g[lo..hi]);
                        mark_bytes(&mut self.bytes, g, s, rare, rare_g);
                    } else if let Some(stamp) = short_table::<V>(stamp) {
                        for (&r, &gr) in pairs {
                            stamp[((gr.get() ^ g[s - r as usize].get()) & 0xFFFF) as usize] =
                                current;
                        }
                    } else {
                        for (&r, &gr) in pairs {
                            stamp[(gr.get() ^ g[s - r as usize].get()) as usize] = current;
                        }
                    }
                    self.stats.pairs += (hi - lo) as u64;
                }
            }
        }
        if in_bits {
            pack_bits(&self.bytes, self.marks.bits_mut());
        }
    }

    /// `G(n)`, given `G(0..n)`. With `prefilled` the second thread has
    /// already put some pairs in the marks (see [`Prefilled`]).
    ///
    /// The odd options (relative to the coset of this heap size) all come
    /// from pairs with a rare position, so after those the smallest missing
    /// odd value `c*` is known exactly. Every even value below `c*` must then
    /// be found among the common pairs, which the plain search does.
    fn compute(&mut self, n: usize, prefilled: Option<Prefilled>) -> u32 {
        // Once there is a split, the marks of the odd options stay in the bit
        // set until the search, so that `c*` is found a word at a time.
        let in_bits = prefilled.is_some() || (self.split.is_some() && !self.moves.two.is_empty());
        if prefilled.is_none() {
            if in_bits {
                self.marks.clear_to(&[], ((2usize << self.bits) >> 6) + 1);
            } else {
                self.marks.clear();
            }
        }
        let mark = |marks: &mut Marks, v: u32| {
            if in_bits {
                marks.insert_bit(v)
            } else {
                marks.insert(v)
            }
        };
        for i in 0..self.moves.none.len() {
            if self.moves.none[i] == n {
                mark(&mut self.marks, 0);
            }
        }
        for i in 0..self.moves.one.len() {
            let k = self.moves.one[i];
            if n > k {
                mark(&mut self.marks, self.g[n - k].get());
            }
        }
        let lows = match prefilled {
            None => {
                self.mark_rare_pairs(n, None, in_bits);
                None
            }
            Some(p) => {
                self.mark_rare_pairs(n, Some((p.known, p.to)), true);
                Some(p)
            }
        };
        let split = match self.split {
            None => return self.marks.mex(),
            Some(s) => s,
        };
        if self.moves.two.is_empty() {
            return self.marks.mex();
        }
        let kp = self.moves.split_parity.unwrap_or(0);
        let e = 1 ^ ((split.domain as u32) & ((n ^ kp) as u32 & 1));
        self.missing.clear();
        let cstar = if split.mask == 0 && e == 1 {
            // No value has odd parity under the empty mask: nothing is known
            // exactly, every pair must be seen.
            u32::MAX
        } else {
            let mut v = 0u32;
            if in_bits {
                let odd_bits = &self.odd_bits;
                for (w, &present) in self.marks.bits().iter().enumerate() {
                    let class = if e == 1 { odd_bits[w] } else { !odd_bits[w] };
                    let free = !present & class;
                    let below = if free == 0 {
                        u64::MAX
                    } else {
                        (1u64 << free.trailing_zeros()) - 1
                    };
                    let mut miss = !present & !class & below;
                    while miss != 0 {
                        self.missing.push(w as u32 * 64 + miss.trailing_zeros());
                        miss &= miss - 1;
                    }
                    v = w as u32 * 64 + 64;
                    if free != 0 {
                        v = w as u32 * 64 + free.trailing_zeros();
                        break;
                    }
                }
            }
            loop {
                if !self.marks.contains(v) {
                    if self.odd[v as usize] as u32 == e {
                        break v;
                    }
                    self.missing.push(v);
                }
                v += 1;
            }
        };
        if self.missing.is_empty() && cstar != u32::MAX {
            return cstar;
        }
        let steps = self.scan(n, cstar == u32::MAX, lows);
        self.stats.pairs += steps;
        if cstar != u32::MAX && self.missing.is_empty() {
            return cstar;
        }
        self.marks.mex().min(cstar)
    }

    /// The plain search: marks the options of the pairs `(a, s - a)` of
    /// every splitting removal until no value of `self.missing` is missing
    /// (or all of them, with `every`); with `lows`, the pairs from
    /// `a = lows[t]` up to the middle are already in. The pairs are taken in chunks
    /// alternately from the small end (`a = 1` up: a small heap against a
    /// recent one) and from the middle (`a = s / 2` down: two recent heaps),
    /// which meet options of different sizes. Returns the pairs tried.
    fn scan(&mut self, n: usize, every: bool, done: Option<Prefilled>) -> u64 {
        let g = &self.g;
        let marks = &mut self.marks;
        let missing = &mut self.missing;
        let (by_value, partners) = (&self.by_value, &self.partners);
        let mut aimed = false;
        let mut steps = 0u64;
        // Once only a few values are missing, the search compares each
        // option with them instead of marking it.
        let mut wanted: Option<[u32; WANTED]> = None;
        let mut chunks = 0u32;
        for (t, &(k, unequal)) in self.moves.two.iter().enumerate() {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let top = if unequal { (s - 1) / 2 } else { s / 2 };
            // The stretches of `a` left: all of them, or those around what
            // the second thread did.
            let mut zones = match done {
                None => [(1, top), (1, 0)],
                Some(p) => {
                    let first = (s + 1).saturating_sub(p.known).max(1);
                    [(1, first - 1), (p.ups[t], p.lows[t] - 1)]
                }
            };
            let mut turn = 0usize;
            while zones.iter().any(|&(lo, hi)| lo <= hi) {
                let (zone, from_top) = ((turn / 2) % zones.len(), turn % 2 == 1);
                turn += 1;
                let (lo, hi) = &mut zones[zone];
                if *lo > *hi {
                    continue;
                }
                let chunk = if wanted.is_some() {
                    COMPARE_CHUNK
                } else {
                    SCAN_CHUNK
                };
                let c = chunk.min(*hi + 1 - *lo);
                let first = if from_top { *hi + 1 - c } else { *lo };
                if from_top {
                    *hi -= c;
                } else {
                    *lo += c;
                }
                let xs = &g[first..first + c];
                let ys = &g[s + 1 - first - c..s + 1 - first];
                steps += c as u64;
                let mut found = 0;
                if let Some(want) = &wanted {
                    found = V::hits(xs, ys, want);
                    for (j, &w) in want.iter().enumerate() {
                        if (found >> j) & 1 == 1 {
                            marks.insert(w);
                        }
                    }
                } else {
                    let (stamp, current) = marks.parts();
                    if let Some(stamp) = short_table::<V>(stamp) {
                        for (x, y) in xs.iter().zip(ys.iter().rev()) {
                            stamp[((x.get() ^ y.get()) & 0xFFFF) as usize] = current;
                        }
                    } else {
                        for (x, y) in xs.iter().zip(ys.iter().rev()) {
                            stamp[(x.get() ^ y.get()) as usize] = current;
                        }
                    }
                }
                if every {
                    continue;
                }
                chunks += 1;
                if wanted.is_some() {
                    if found != 0 {
                        missing.retain(|&v| !marks.stamped(v));
                    }
                } else if missing.len() <= 4 * WANTED || chunks.is_multiple_of(8) {
                    missing.retain(|&v| !marks.stamped(v));
                } else {
                    // Marks are never taken back within a heap, so looking
                    // at the last missing value is enough between sweeps.
                    while missing.last().is_some_and(|&v| marks.stamped(v)) {
                        missing.pop();
                    }
                }
                if !aimed && steps >= AIM_AFTER {
                    aimed = true;
                    missing.retain(|&v| !marks.stamped(v));
                    if missing.len() <= AIM_VALUES {
                        for &v in missing.iter() {
                            steps += aim(g, marks, by_value, partners, v, s, unequal);
                        }
                        missing.retain(|&v| !marks.stamped(v));
                    }
                }
                match missing.last() {
                    None => return steps,
                    Some(&last)
                        if missing.len() <= WANTED && missing.iter().all(|&v| v <= V::LIMIT) =>
                    {
                        wanted = Some(wanted_values(missing, last));
                    }
                    Some(_) => {}
                }
            }
        }
        steps
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

    /// The options of `xs[i]` with `ys[len - 1 - i]` that are in `want`.
    fn plain_hits(xs: &[u32], ys: &[u32], want: &[u32; WANTED]) -> u32 {
        let options: Vec<u32> = xs.iter().zip(ys.iter().rev()).map(|(x, y)| x ^ y).collect();
        (0..WANTED)
            .filter(|&j| options.contains(&want[j]))
            .map(|j| 1 << j)
            .sum()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn comparing_finds_the_options_marking_would(
            pairs in proptest::collection::vec((0u32..64, 0u32..64), 0..600),
            mut want in proptest::collection::vec(0u32..64, 1..=WANTED),
        ) {
            let (xs, ys): (Vec<u32>, Vec<u32>) = pairs.into_iter().unzip();
            let last = *want.last().unwrap();
            want.resize(WANTED, last);
            let want: [u32; WANTED] = want.try_into().unwrap();
            let expected = plain_hits(&xs, &ys, &want);
            prop_assert_eq!(<u32 as Cell>::hits(&xs, &ys, &want), expected);
            let xs16: Vec<u16> = xs.iter().map(|&x| x as u16).collect();
            let ys16: Vec<u16> = ys.iter().map(|&y| y as u16).collect();
            prop_assert_eq!(<u16 as Cell>::hits(&xs16, &ys16, &want), expected);
            // Both widths of the portable loop, whatever the processor.
            let want16 = want.map(|w| w as u16);
            if want[3..].iter().all(|&w| w == last) {
                prop_assert_eq!(hits16::<4>(&xs16, &ys16, &want16), expected);
            }
            prop_assert_eq!(hits16::<WANTED>(&xs16, &ys16, &want16), expected);
        }
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Past `PARALLEL_FROM` the second thread works ahead; the values
        /// stay those of the plain mex.
        #[test]
        fn two_threads_agree_with_plain_mex(code in code_strategy(), extra in 0usize..3000) {
            let rule: TakeBreak = code.parse().unwrap();
            let n = PARALLEL_FROM + 1000 + extra;
            let mut e = RcEngine::<u16>::new(&rule).unwrap();
            e.extend_to_threads(n, 2).unwrap();
            let got: Vec<u32> = (0..=n).map(|x| e.value(x)).collect();
            prop_assert_eq!(got, plain(&rule, n), "{}", code);
        }
    }
}
