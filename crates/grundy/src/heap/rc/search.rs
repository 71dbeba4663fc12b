//! The value of one heap: the options paired with rare positions first,
//! then the search among common pairs for the even values still missing
//! below the smallest missing odd value.

use super::kernels::{mark_bytes, pack_bits, short_table};
use super::{Marks, RcEngine, StoredValue, WANTED};

/// What is already in the marks of a heap `n`: the pairs of the rare
/// positions `rare[..to]` with a partner below `known`, and the search
/// pairs of [`Scanned`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Prefilled<'a> {
    pub(super) to: usize,
    pub(super) known: usize,
    pub(super) scanned: Option<Scanned<'a>>,
}

/// The search pairs the second thread put in the marks of a heap `n`: for
/// the `t`-th splitting removal `s = n - k`, the pairs `(a, s - a)` with
/// `s + 1 - known <= a < ups[t]` and with `a >= lows[t]`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scanned<'a> {
    pub(super) known: usize,
    pub(super) ups: &'a [usize],
    pub(super) lows: &'a [usize],
}

/// Pairs the plain search takes from one end before turning to the other.
pub(super) const SCAN_CHUNK: usize = 128;
/// The first chunk of the plain search, doubled at each turn up to
/// [`SCAN_CHUNK`]: where a few pairs find the values still missing (0.104,
/// 0.106: some twenty pairs a heap), a whole chunk would be mostly wasted.
const FIRST_CHUNK: usize = 32;
/// The same, once the search compares options with the few values left.
const COMPARE_CHUNK: usize = 512;

/// Pairs the plain search tries before aiming at the values still missing.
const AIM_AFTER: u64 = 1024;
/// Aim only when at most this many values are still missing.
const AIM_VALUES: usize = 3;
/// Pairs tried when aiming at one value.
const AIM_TRIES: u32 = 32;
/// Heaps below this are indexed by value, for aiming (fewer in the unit
/// tests, so that windowed runs are tried on short sequences).
#[cfg(not(test))]
pub(super) const INDEXED: usize = 1 << 16;
#[cfg(test)]
pub(super) const INDEXED: usize = 1 << 10;
/// Recent heaps whose values are counted, for aiming.
#[cfg(not(test))]
pub(super) const RECENT: usize = 1 << 16;
#[cfg(test)]
pub(super) const RECENT: usize = 1 << 10;
/// Most frequent recent values aimed at.
pub(super) const PARTNERS: usize = 16;

/// Aims at one missing value `v` of a heap split as `s = a + (s - a)`:
/// tries the small heaps `a` holding `v ^ w` for the most frequent recent
/// values `w`, whose partner `s - a` then gives `v` whenever it holds `w`.
/// Marks `v` when a pair gives it; returns the pairs tried. Only heaps
/// `a <= below` are tried (a windowed run keeps no others).
#[allow(clippy::too_many_arguments)]
fn aim<V: StoredValue>(
    g: &[V],
    marks: &mut Marks,
    by_value: &[Vec<u32>],
    partners: &[u32],
    v: u32,
    s: usize,
    unequal: bool,
    below: usize,
) -> u64 {
    let mut tries = 0u32;
    for &w in partners {
        let Some(list) = by_value.get((v ^ w) as usize) else {
            continue;
        };
        for &a in list {
            let a = a as usize;
            if a >= s || a > below || tries >= AIM_TRIES {
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

/// How many rare positions are below `bound`; past the last one (nearly
/// every heap) without a search.
fn rare_below(rare: &[usize], bound: usize) -> usize {
    match rare.last() {
        Some(&last) if last < bound => rare.len(),
        _ => rare.partition_point(|&r| r < bound),
    }
}

/// The runs `rare[lo..hi]` of rare positions below `s` to pair with their
/// partners: all of them, except `s / 2` for an unequal split, which cannot
/// leave two heaps of the same size.
pub(super) fn rare_runs(rare: &[usize], s: usize, unequal: bool) -> [(usize, usize); 2] {
    let end = rare.len();
    // Past the last rare position (nearly every heap) there is nothing to
    // look up.
    let skip = if unequal && s.is_multiple_of(2) && rare.last().is_some_and(|&r| r >= s / 2) {
        rare.binary_search(&(s / 2)).ok()
    } else {
        None
    };
    match skip {
        Some(i) => [(0, i), (i + 1, end)],
        None => [(0, end), (end, end)],
    }
}

impl<V: StoredValue> RcEngine<V> {
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
            let end = rare_below(rare, s);
            // Indices `gap.0..gap.1` are done already.
            let gap = match ahead {
                Some((known, to)) => {
                    let recent = rare_below(rare, (s + 1).saturating_sub(known));
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
                            stamp[((gr.get() ^ g[s - r].get()) & 0xFFFF) as usize] = current;
                        }
                    } else {
                        for (&r, &gr) in pairs {
                            stamp[(gr.get() ^ g[s - r].get()) as usize] = current;
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
    pub(super) fn compute(&mut self, n: usize, prefilled: Option<Prefilled>) -> u32 {
        // Once there is a split, the marks of the odd options stay in the bit
        // set until the search, so that `c*` is found a word at a time.
        let in_bits =
            prefilled.is_some() || (self.rare_mask.is_some() && !self.moves.two.is_empty());
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
                p.scanned
            }
        };
        let mask = match self.rare_mask {
            None => return self.marks.mex(),
            Some(s) => s,
        };
        if self.moves.two.is_empty() {
            return self.marks.mex();
        }
        let kp = self.moves.split_parity.unwrap_or(0);
        let e = 1 ^ ((mask.domain as u32) & ((n ^ kp) as u32 & 1));
        self.missing.clear();
        let cstar = if mask.mask == 0 && e == 1 {
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
        if self.partial_scan && (cstar == u32::MAX || !self.missing.is_empty()) {
            // The pairs left out could hold the values still missing:
            // every pair, the values file read in order.
            self.stats.pairs += self.full_scan(n);
            self.missing.retain(|&v| !self.marks.stamped(v));
            if cstar != u32::MAX && self.missing.is_empty() {
                return cstar;
            }
        }
        if cstar != u32::MAX && self.missing.is_empty() {
            return cstar;
        }
        self.marks.mex().min(cstar)
    }

    /// Marks the options of every pair `(a, s - a)` of every splitting
    /// removal of `n`, for a windowed run whose values are in a file: the
    /// two ends are read in order, a stretch at a time, and the pages read
    /// are handed back after each stretch, so that a scan of a long
    /// sequence stays within the run's memory. Returns the pairs.
    fn full_scan(&mut self, n: usize) -> u64 {
        const STRETCH: usize = 1 << 24;
        let mut pairs = 0u64;
        for &(k, unequal) in &self.moves.two {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let top = if unequal { (s - 1) / 2 } else { s / 2 };
            let mut a = 1;
            while a <= top {
                let c = STRETCH.min(top + 1 - a);
                let (stamp, current) = self.marks.parts();
                let xs = &self.g[a..a + c];
                let ys = &self.g[s + 1 - a - c..s + 1 - a];
                for (x, y) in xs.iter().zip(ys.iter().rev()) {
                    stamp[(x.get() ^ y.get()) as usize] = current;
                }
                pairs += c as u64;
                a += c;
                self.g.trim();
            }
        }
        pairs
    }

    /// The plain search: marks the options of the pairs `(a, s - a)` of
    /// every splitting removal until no value of `self.missing` is missing
    /// (or all of them, with `every`); with `lows`, the pairs from
    /// `a = lows[t]` up to the middle are already in. The pairs are taken in chunks
    /// alternately from the small end (`a = 1` up: a small heap against a
    /// recent one) and from the middle (`a = s / 2` down: two recent heaps),
    /// which meet options of different sizes. Returns the pairs tried.
    fn scan(&mut self, n: usize, every: bool, done: Option<Scanned>) -> u64 {
        self.partial_scan = false;
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
            let mut top = if unequal { (s - 1) / 2 } else { s / 2 };
            // A windowed run sees only the pairs of a small heap and a
            // recent one: `a` below the prefix kept, `s - a` within the
            // recent heaps kept.
            if let Some(w) = self.window {
                let limit = w.prefix.min(w.recent).saturating_sub(k + 1);
                if top > limit {
                    top = limit;
                    self.partial_scan = true;
                }
            }
            let aim_below = if self.window.is_some() {
                top
            } else {
                usize::MAX
            };
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
                }
                .min(FIRST_CHUNK << (turn - 1).min(8));
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
                            steps += aim(g, marks, by_value, partners, v, s, unequal, aim_below);
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
