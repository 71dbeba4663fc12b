//! Two threads: a helper thread works one block of heaps ahead, pairing
//! heaps already known, while the main thread finishes the current block in
//! order and takes over the heaps the helper did not reach.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::block::mark_block;
use super::governor::Governor;
use super::kernels::pack_bits;
use super::search::{Prefilled, Scanned, SCAN_CHUNK};
use super::{RcEngine, RcError, StoredValue};

/// First heap computed with two threads; smaller heaps are too quick to share.
pub(super) const PARALLEL_FROM: usize = 4096;

/// Heaps finished between two hand-overs from `x` on, for options below
/// `width`: short blocks early, when the heaps are quick, and long ones
/// later, since each hand-over wakes the second thread, which takes some
/// tens of microseconds. On 0.167 to 2^24 blocks of at most 512 heaps made
/// two threads 0.89 of one thread's wall time for 1.31 of its CPU time, at
/// most 8,192 heaps 0.70 for 1.15 (least of two runs). The second thread's
/// tables (a byte per value and heap) stay within a megabyte.
pub(super) fn block_len(x: usize, width: usize) -> usize {
    let most = ((1 << 20) / width.max(1)).clamp(512, 8192);
    (x / 64).clamp(64, most)
}

/// Heaps one thread goes through between two reviews of the rare mask.
pub(super) fn alone_len(x: usize) -> usize {
    (x / 64).clamp(64, 512)
}

/// Heaps whose tables are filled together with the pairs of the old rare
/// positions (see [`mark_block`]), for options below `width`: longer runs
/// walk the window of partners fewer times, but each pair stores a byte at
/// a scattered place in its heap's table, so a run's tables should stay in
/// the first-level cache (32 KiB). For values below 512 (Grundy's game)
/// that is 64 heaps: on one thread at 2^22 runs of 64 took 0.92 of the
/// time of runs of 32 (128: 0.91). For 0.04 and 0.06 at 2^17 (values to
/// 1024, tables of 2048 bytes) runs of 16 instead of 64 took 0.63 – 0.76
/// of the time, on one thread and on two.
fn run_len(width: usize) -> usize {
    (RUN_BYTES / width).clamp(8, 64)
}

/// The bytes of tables a run of heaps fills at once (see [`run_len`]).
const RUN_BYTES: usize = 32 << 10;

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
    /// Heaps per run of [`mark_block`]; the first thread must go in the
    /// same runs, as `ready` counts whole ones.
    run: usize,
}

/// What the second thread needs to collect an [`Ahead`].
struct Job {
    rare: Vec<usize>,
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
    fn run<V: StoredValue>(
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
        let run = run_len(width);
        for (b, tables) in seen.chunks_mut(run * width).enumerate() {
            if stop.load(Ordering::Relaxed) {
                ready = b * run;
                break;
            }
            let x0 = self.start + b * run;
            let rare = &self.rare[..self.to];
            for &split in two {
                pairs += mark_block(
                    tables,
                    width,
                    g,
                    x0,
                    split,
                    0..self.known,
                    (rare, &self.rare_g),
                );
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
        let mut round = 0;
        while more && round < AHEAD_ROUNDS && !stop.load(Ordering::Relaxed) {
            more = false;
            round += 1;
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
            run,
        })
    }
}

/// Rounds of search chunks the second thread does ahead for each heap and
/// splitting removal: the first chunks from the middle are ones the first
/// thread would take itself for nearly every heap that needs a search past
/// its first pairs, so they save it work; more rounds would mostly be pairs
/// no heap needs, a core's time spent for nothing.
pub(super) const AHEAD_ROUNDS: usize = 1;

impl<V: StoredValue> RcEngine<V> {
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
        if threads <= 1 || self.moves.two.is_empty() || self.window.is_some() {
            return self.extend_to(n);
        }
        self.g.reserve(n.saturating_sub(self.last()));
        while self.last() < n.min(PARALLEL_FROM) {
            let x = self.last() + 1;
            let v = self.compute(x, None);
            self.push(x, v)?;
        }
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
                while let Ok((job, known)) = jobs.recv() {
                    if to_main.send(job.run(known, two, stop, &mut seen)).is_err() {
                        break;
                    }
                }
            });
            let mut ahead: Option<Ahead> = None;
            let mut governor = Governor::new(Instant::now(), self.last());
            while self.last() < n {
                let x0 = self.last() + 1;
                let width = 64usize << self.bits.saturating_sub(6);
                let len = block_len(x0, width).min(n + 1 - x0);
                let x1 = x0 + len;
                let len1 = if x1 > n {
                    0
                } else {
                    block_len(x1, width).min(n + 1 - x1)
                };
                let mask = self.rare_mask;
                let next = if governor.two_threads(Instant::now(), x0) {
                    let to = self.rare.len();
                    let job = Job {
                        rare: self.rare.clone(),
                        rare_g: self.rare_g.iter().map(|c| c.get()).collect(),
                        to,
                        known: x0,
                        start: x1,
                        len: len1,
                        words: ((2usize << self.bits) >> 6) + 1,
                        values: width,
                    };
                    // SAFETY: `g` has room for every heap up to `n` (reserved
                    // above), so finishing this block never moves it, and the
                    // job reads only heaps below `x0`, which are never
                    // written again (the job is done before the next block
                    // begins).
                    let known: &[V] = unsafe { std::slice::from_raw_parts(self.g.as_ptr(), x0) };
                    stop.store(false, Ordering::Relaxed);
                    to_helper
                        .send((job, known))
                        .expect("the helper thread is waiting");
                    let result = self.finish_block(x0, len, ahead.take());
                    stop.store(true, Ordering::Relaxed);
                    let next = results.recv().expect("the helper thread answers");
                    result?;
                    next
                } else {
                    self.finish_block(x0, len, ahead.take())?;
                    None
                };
                if self.review_due {
                    self.review_due = false;
                    self.review();
                }
                ahead = next.filter(|_| self.rare_mask == mask);
            }
            Ok(())
        })
    }

    /// [`RcEngine::finish_block`] with nothing collected ahead: how one
    /// thread goes through a block.
    pub(super) fn finish_alone(&mut self, x0: usize, len: usize) -> Result<(), RcError> {
        self.finish_block(x0, len, None)
    }

    /// Finishes the heaps `x0..x0 + len` in order, starting from the pairs
    /// collected ahead, if any. The heaps go in runs (the second thread's
    /// if it collected, else [`run_len`]): at the start of a run every heap
    /// before it is known, so the pairs of the rare positions whose partner
    /// lies before the run and that the second thread did not do are marked
    /// for the whole run at once ([`mark_block`]); each heap then adds only
    /// the pairs with a partner in the run itself.
    fn finish_block(&mut self, x0: usize, len: usize, ahead: Option<Ahead>) -> Result<(), RcError> {
        self.defer_review = true;
        let mut result = Ok(());
        let nk = self.moves.two.len();
        let (mut tables, mut sets) = (Vec::new(), Vec::new());
        let run = ahead
            .as_ref()
            .map_or(run_len(64usize << self.bits.saturating_sub(6)), |a| a.run);
        'runs: for y0 in (x0..x0 + len).step_by(run) {
            let m = run.min(x0 + len - y0);
            let width = 64usize << self.bits.saturating_sub(6);
            let words = ((2usize << self.bits) >> 6) + 1;
            let to = self.rare.len();
            // The second thread fills whole runs: all of this one or none.
            let ahead = ahead.as_ref().filter(|a| y0 - x0 < a.ready);
            tables.clear();
            tables.resize(m * width, 0u8);
            let (g, rare, rare_g) = (&self.g[..y0], &self.rare, &self.rare_g);
            for &split in &self.moves.two {
                // The second thread did the old rare positions with a
                // partner before its `known`.
                let from = match ahead {
                    Some(a) => {
                        let (old, old_g) = (&rare[..a.to], &rare_g[..a.to]);
                        self.stats.pairs +=
                            mark_block(&mut tables, width, g, y0, split, a.known..y0, (old, old_g));
                        a.to
                    }
                    None => 0,
                };
                let (new, new_g) = (&rare[from..to], &rare_g[from..to]);
                self.stats.pairs +=
                    mark_block(&mut tables, width, g, y0, split, 0..y0, (new, new_g));
            }
            sets.clear();
            sets.resize(m * words, 0u64);
            for (j, (set, table)) in sets.chunks_mut(words).zip(tables.chunks(width)).enumerate() {
                pack_bits(table, set);
                if let Some(a) = ahead {
                    let h = y0 - x0 + j;
                    for (w, &b) in set.iter_mut().zip(&a.sets[h * a.words..(h + 1) * a.words]) {
                        *w |= b;
                    }
                }
            }
            for j in 0..m {
                let x = y0 + j;
                let now = ((2usize << self.bits) >> 6) + 1;
                self.marks.clear_to(&sets[j * words..(j + 1) * words], now);
                let scanned = ahead.map(|a| {
                    let r = (y0 - x0 + j) * nk..(y0 - x0 + j + 1) * nk;
                    Scanned {
                        known: a.known,
                        ups: &a.ups[r.clone()],
                        lows: &a.lows[r],
                    }
                });
                let prefilled = Prefilled {
                    to,
                    known: y0,
                    scanned,
                };
                let v = self.compute(x, Some(prefilled));
                result = self.push(x, v);
                if result.is_err() {
                    break 'runs;
                }
            }
        }
        self.defer_review = false;
        if let Some(a) = &ahead {
            self.stats.pairs += a.pairs;
        }
        result
    }
}
