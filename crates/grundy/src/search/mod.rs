//! A search engine for one big position of a game that splits: a position
//! is a sum of independent components (a move in one never touches
//! another), so its value is the nim-sum of theirs, and each component's
//! value is the mex of the values of the positions one move in it leaves.
//!
//! What makes it fast is what a component is looked up by: the game
//! reduces each one to a canonical form ([`Split::components`]) before it
//! meets the transposition table, so a component met again, moved, turned
//! or mirrored, costs one lookup, and two equal components of a sum cancel;
//! the game may know a component's value without search ([`Split::known`]:
//! a strip of Cram is a heap of Dawson's Kayles), or settle it once by a
//! strategy ([`Split::settled`], [`Split::not_zero`]: Cram's symmetries).
//!
//! And a component's value is not found as the mex of all its options'
//! exact values. The value of a component with `m` options is at most `m`;
//! the search keeps the values it may still have and asks each option only
//! whether its value is one that matters (Beling and Rogalski, *On pruning
//! search trees of impartial games*, Artificial Intelligence 283, 2020),
//! stopping as soon as no wanted value is left. At the top, each candidate
//! value in turn is tried against the options not yet valued (Beling's
//! aspiration sets). In a sum only the largest component whose value is
//! unknown is searched, the others valued. Options are tried easiest
//! first: the least sum of squared component sizes, then the game's order.
//! Before any is searched, the options whose values the table already
//! holds are counted, in the game's order, and a component whose wanted
//! values they rule out is left there, its other options not even split
//! into components: that is where most of a search's positions end.
//!
//! Threads ([`Search::with_threads`]) share one table, which they read
//! without a lock. At the top, the options of the component searched are
//! shared out among them one at a time, options with the same components
//! once: the first thread takes the easiest left, to meet an option of
//! the candidate value soon when there is one, the others the hardest.
//!
//! What a search learns goes two ways. A component's value goes into the
//! table, which is bounded: [`Search::new`] takes a memory budget in
//! bytes, and a search that would store more values than fit in it stops
//! with [`TableFull`] (nothing is evicted, so every value stored stays
//! known: play from a solved position is lookups). The values a component
//! does not have, what most positions of a pruned search end with, go to
//! a store that forgets: about one slot for each value in the table, a
//! newcomer in place of the older of the two facts it meets
//! (`negatives.rs`).
//!
//! ```
//! use grundy::search::{Search, Split};
//! /// Nim heaps as a splitting game: a heap is its own canonical form.
//! #[derive(Clone)]
//! struct Heaps;
//! impl Split for Heaps {
//!     type Position = Vec<u32>;
//!     type Key = u32;
//!     fn components(&self, p: &Vec<u32>, out: &mut Vec<u32>) {
//!         out.extend(p.iter().filter(|&&h| h > 0));
//!     }
//!     fn options(&self, h: &u32, out: &mut Vec<Vec<u32>>) {
//!         out.extend((0..*h).map(|k| vec![k]));
//!     }
//!     fn size(&self, h: &u32) -> u32 {
//!         *h
//!     }
//! }
//! let mut s = Search::new(Heaps, 1 << 20);
//! assert_eq!(s.value(&vec![3, 4, 5]), Ok(2));
//! assert_eq!(s.known_value(&vec![5]), Some(5));
//! ```

mod candidates;
mod negatives;
mod table;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_epoch::{self as epoch, Guard};

use candidates::{below, up_to_largest, xor_each, Candidates};
use negatives::Negatives;
use table::Table;
pub use table::{Cell, Pack, TableFull, Wide};

/// The least memory a family's search table is given unless told
/// otherwise: 1 GiB (all of it in a browser, whose memory is unknown).
pub const DEFAULT_MEMORY: usize = 1 << 30;

/// The memory a family's search table may use unless told otherwise: half
/// the memory available now, and at least [`DEFAULT_MEMORY`] (or all that
/// is available, if less); [`DEFAULT_MEMORY`] in a browser, and in a
/// build without the `files` feature, where the memory is not read. The table grows only as the search needs it, so
/// a small position takes little of it; a large one may use it all before
/// it is refused.
///
/// ```
/// let m = grundy::search::default_memory();
/// assert!(m >= 64 << 20);
/// ```
pub fn default_memory() -> usize {
    #[cfg(any(not(feature = "files"), target_arch = "wasm32"))]
    {
        DEFAULT_MEMORY
    }
    #[cfg(all(feature = "files", not(target_arch = "wasm32")))]
    {
        let available = crate::job::platform::available_memory();
        let half = available / 2;
        let floor = (DEFAULT_MEMORY as u64).min(available);
        usize::try_from(half.max(floor)).unwrap_or(usize::MAX)
    }
}

/// The threads a search may use: as many as the machine runs at once (one
/// where that is unknown, as in a browser, or without the `threads`
/// feature).
pub fn available_threads() -> usize {
    if cfg!(feature = "threads") {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    }
}

/// A game whose positions split into independent components, each with a
/// canonical form.
pub trait Split: Clone + Send + Sync {
    /// A position: what a move leaves.
    type Position: Clone + Send;
    /// A component in canonical form: equal keys are components of equal
    /// value (the same up to the game's symmetries).
    type Key: Pack;

    /// Pushes the canonical forms of the components of `p` onto `out`.
    /// Components with no move may be left out: their value is 0.
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Key>);

    /// Pushes every position one move in the component `c` leaves onto
    /// `out` (once per move, or once per distinct position).
    fn options(&self, c: &Self::Key, out: &mut Vec<Self::Position>);

    /// The size of `c` (its cells, its vertices): of the components of a
    /// sum whose values are unknown, the largest is searched and the others
    /// valued.
    fn size(&self, c: &Self::Key) -> u32;

    /// The value of `c` when it is known without search (a small fact of
    /// the game); `None` by default.
    fn known(&self, _c: &Self::Key) -> Option<u32> {
        None
    }

    /// The value of `c` when a fact that costs more to check than a
    /// lookup settles it (a symmetry strategy): asked before `c` is first
    /// searched, and stored (asked again only if the search has forgotten
    /// all it learnt of `c`). `None` by default.
    fn settled(&self, _c: &Self::Key) -> Option<u32> {
        None
    }

    /// Whether such a fact shows `c` is an N-position (its value is not
    /// 0: the first player has a strategy), when [`Split::settled`] does
    /// not give its value; asked and stored like it.
    fn not_zero(&self, _c: &Self::Key) -> bool {
        false
    }
}

/// The values of the components met so far, and the game.
pub struct Search<G: Split> {
    game: G,
    table: Arc<Table<G::Key>>,
    negatives: Arc<Negatives<G::Key>>,
    /// How many threads search a position's options at the top.
    threads: usize,
    /// Scratch stacks shared by every level of the recursion.
    positions: Vec<G::Position>,
    keys: Vec<G::Key>,
}

impl<G: Split> fmt::Debug for Search<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("stored", &self.table.len())
            .field("limit", &self.table.limit())
            .finish()
    }
}

/// One option of a component while it is searched: its components whose
/// values are not known (`keys[first..first + len]`, the largest first),
/// the nim-sum `x` of the others, and how hard it looks.
#[derive(Clone, Copy)]
struct Pending {
    first: usize,
    len: usize,
    x: u32,
    cost: u64,
}

impl<G: Split> Search<G> {
    /// An engine for `game` whose table may use about `memory` bytes.
    pub fn new(game: G, memory: usize) -> Self {
        Search {
            game,
            table: Arc::new(Table::new(memory)),
            negatives: Arc::new(Negatives::new(memory / 4)),
            threads: 1,
            positions: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The engine with `threads` threads: at the top of a search the
    /// options of the component searched are shared out among them, one
    /// at a time, and what each learns goes into one table. Without the
    /// `threads` feature the engine keeps to one, with the same values.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = if cfg!(feature = "threads") {
            threads.max(1)
        } else {
            1
        };
        self
    }

    /// A second engine on the same table, for one more thread.
    fn fork(&self) -> Self {
        Search {
            game: self.game.clone(),
            table: Arc::clone(&self.table),
            negatives: Arc::clone(&self.negatives),
            threads: 1,
            positions: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many components' values are stored.
    pub fn stored(&self) -> usize {
        self.table.len()
    }

    /// The most components' values the table may store.
    pub fn limit(&self) -> usize {
        self.table.limit()
    }

    /// The value of `p`: the nim-sum of its components' values.
    pub fn value(&mut self, p: &G::Position) -> Result<u32, TableFull> {
        let start = self.keys.len();
        collect(&self.game, p, &mut self.keys);
        let mut sum = 0;
        let mut result = Ok(());
        for i in start..self.keys.len() {
            match self.component(self.keys[i]) {
                Ok(v) => sum ^= v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.keys.truncate(start);
        result.map(|()| sum)
    }

    /// Whether `p` is a P-position (value 0), decided without the value of
    /// its largest component where the others' are enough.
    pub fn is_zero(&mut self, p: &G::Position) -> Result<bool, TableFull> {
        self.sum_is_p(p, 0)
    }

    /// The value of `p` from the table alone: `Some` when the value of every
    /// component of it is stored or known.
    pub fn known_value(&self, p: &G::Position) -> Option<u32> {
        let mut keys = Vec::new();
        collect(&self.game, p, &mut keys);
        keys.iter().try_fold(0, |sum, k| Some(sum ^ self.exact(k)?))
    }

    /// Stores the value of `c`.
    fn store(&mut self, c: G::Key, v: u32) -> Result<(), TableFull> {
        self.table.insert(c, v)
    }

    /// Stores that `c` has none of the values of `mask` (bit `k`: not
    /// `k`), while the store of negatives keeps it.
    fn rule_out(&self, c: G::Key, mask: u64) {
        self.negatives
            .rule_out(c, mask & below(MASKED), self.table.len());
    }

    /// The value of `c` when it is known or stored.
    fn exact(&self, c: &G::Key) -> Option<u32> {
        self.exact_in(c, &epoch::pin())
    }

    /// [`Search::exact`] under a guard the caller holds.
    fn exact_in(&self, c: &G::Key, guard: &Guard) -> Option<u32> {
        self.game.known(c).or_else(|| self.table.get(c, guard))
    }

    /// The value of `c` when it is known, stored, or settled by the game
    /// (then stored, so that the game is asked once), else the values it
    /// is known not to have.
    fn exact_or_settled(&mut self, c: G::Key) -> Result<Result<u32, u64>, TableFull> {
        if let Some(v) = self.exact(&c) {
            return Ok(Ok(v));
        }
        // Something ruled out: the game was asked already.
        let ruled_out = self.negatives.get(&c);
        if ruled_out != 0 {
            return Ok(Err(ruled_out));
        }
        match self.game.settled(&c) {
            Some(v) => {
                self.store(c, v)?;
                Ok(Ok(v))
            }
            None if self.game.not_zero(&c) => {
                self.rule_out(c, 1);
                Ok(Err(1))
            }
            None => Ok(Err(0)),
        }
    }

    /// The value of the component `c` (in canonical form).
    pub fn component(&mut self, c: G::Key) -> Result<u32, TableFull> {
        if let Ok(v) = self.exact_or_settled(c)? {
            return Ok(v);
        }
        let first_key = self.keys.len();
        // Wanting nothing, the expansion is never cut; were it, the mex
        // below would still be right.
        let found = match self.expand(c, 0) {
            Some((cand, pending)) => self.aspire(c, cand, pending),
            None => Ok(None),
        };
        self.keys.truncate(first_key);
        match found? {
            Some(v) => Ok(v),
            None => self.by_mex(c),
        }
    }

    /// The value of `c` by aspiration (Beling's aspiration sets): for each
    /// candidate `r` in turn, least first, every option not yet valued is
    /// asked only whether its value is `r`; the first `r` no option has is
    /// the value. An option whose value turns up is not asked again.
    /// `None` when the value is past what the candidates hold.
    fn aspire(
        &mut self,
        c: G::Key,
        mut cand: Candidates,
        mut pending: Vec<Pending>,
    ) -> Result<Option<u32>, TableFull> {
        let mut r = 0;
        loop {
            let excluded = self.negatives.get(&c);
            let next = cand.low & !below(r) & !excluded;
            if next == 0 {
                return Ok(None);
            }
            r = next.trailing_zeros();
            let mut taken = false;
            if self.threads > 1 && pending.len() > 1 {
                let answers = self.ask_all(&pending, r)?;
                let mut i = 0;
                pending.retain(|_| {
                    i += 1;
                    answers[i - 1].is_none()
                });
                for v in answers.into_iter().flatten() {
                    cand.remove(v);
                    taken |= v == r;
                }
            } else {
                let mut i = 0;
                while i < pending.len() {
                    match self.ask(&mut pending[i], r)? {
                        Some(v) => {
                            pending.remove(i);
                            cand.remove(v);
                            if v == r {
                                taken = true;
                                break;
                            }
                        }
                        None => i += 1,
                    }
                }
            }
            if !taken {
                self.store(c, r)?;
                return Ok(Some(r));
            }
            r += 1;
        }
    }

    /// Asks the option `p` whether its value is `r`: its value when that
    /// is found (always when it is `r`), `None` when it is not `r`.
    fn ask(&mut self, p: &mut Pending, r: u32) -> Result<Option<u32>, TableFull> {
        let x = self.settle(p)?;
        let big = self.keys[p.first];
        Ok(if x >= 64 {
            Some(self.component(big)? ^ x)
        } else {
            self.in_set(big, 1 << (r ^ x))?.map(|v| v ^ x)
        })
    }

    /// [`Search::ask`] for every option of `pending`, the options shared
    /// out among the engine's threads one at a time, on one table. Once an
    /// option has value `r` no more are begun. For each option, its value
    /// when it was found.
    fn ask_all(&mut self, pending: &[Pending], r: u32) -> Result<Vec<Option<u32>>, TableFull> {
        // Options with the same components (images of each other under a
        // symmetry, most often) are one job: two threads on one job would
        // do the same work side by side.
        let mut jobs: Vec<(Vec<G::Key>, u32)> = Vec::new();
        let mut job_of = Vec::with_capacity(pending.len());
        for p in pending {
            let keys = &self.keys[p.first..p.first + p.len];
            let same = |(ks, x): &(Vec<G::Key>, u32)| {
                *x == p.x && ks.len() == keys.len() && keys.iter().all(|k| ks.contains(k))
            };
            match jobs.iter().position(same) {
                Some(j) => job_of.push(j),
                None => {
                    job_of.push(jobs.len());
                    jobs.push((keys.to_vec(), p.x));
                }
            }
        }
        // The jobs not begun: the first thread takes the easiest, to find
        // an option of value `r` soon when there is one; the others the
        // hardest, so that no long job is left to the end.
        let left = Mutex::new(0..jobs.len());
        let stop = AtomicBool::new(false);
        let answers = Mutex::new(vec![None; jobs.len()]);
        let failed = Mutex::new(None);
        let work = |t: usize, mut worker: Self| {
            while !stop.load(Ordering::Relaxed) {
                let next = if t == 0 {
                    lock(&left).next()
                } else {
                    lock(&left).next_back()
                };
                let Some(j) = next else {
                    break;
                };
                let (keys, x) = &jobs[j];
                worker.keys.clear();
                worker.keys.extend_from_slice(keys);
                let mut p = Pending {
                    first: 0,
                    len: keys.len(),
                    x: *x,
                    cost: 0,
                };
                match worker.ask(&mut p, r) {
                    Ok(v) => {
                        if v == Some(r) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        lock(&answers)[j] = v;
                    }
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        *lock(&failed) = Some(e);
                    }
                }
            }
        };
        // The first worker is this thread.
        std::thread::scope(|scope| {
            for t in 1..self.threads {
                let (worker, work) = (self.fork(), &work);
                scope.spawn(move || work(t, worker));
            }
            work(0, self.fork());
        });
        if let Some(e) = lock(&failed).take() {
            return Err(e);
        }
        let answers = std::mem::take(&mut *lock(&answers));
        Ok(job_of.into_iter().map(|j| answers[j]).collect())
    }

    /// Pushes the components of each option of `c` whose values are not
    /// known onto `keys` and returns them as [`Pending`] options, easiest
    /// first, with the candidate values of `c` left once the options valued
    /// from the table alone are counted. `None` as soon as those options
    /// leave no candidate in `wanted` (0: never): the rest of the options
    /// are then not even split into components, which is where most of a
    /// search's positions end.
    fn expand(&mut self, c: G::Key, wanted: u64) -> Option<(Candidates, Vec<Pending>)> {
        let start = self.positions.len();
        self.game.options(&c, &mut self.positions);
        let mut cand = Candidates::lowest((self.positions.len() - start) as u32 + 1);
        let mut keys = std::mem::take(&mut self.keys);
        let first_key = keys.len();
        let mut pending: Vec<Pending> = Vec::new();
        let mut cut = false;
        let guard = epoch::pin();
        // Each option's components, their slots of the table asked for at
        // once, then each looked up.
        for i in start..self.positions.len() {
            let first = keys.len();
            collect(&self.game, &self.positions[i], &mut keys);
            for k in &keys[first..] {
                self.table.prefetch(k, &guard);
            }
            let (mut read, mut write) = (first, first);
            let (mut x, mut cost, mut big) = (0, 0, 0);
            while read < keys.len() {
                let k = keys[read];
                read += 1;
                if let Some(v) = self.exact_in(&k, &guard) {
                    x ^= v;
                    continue;
                }
                let size = self.game.size(&k);
                cost += u64::from(size) * u64::from(size);
                keys[write] = k;
                if size > big {
                    big = size;
                    keys.swap(first, write);
                }
                write += 1;
            }
            keys.truncate(write);
            if write == first {
                cand.remove(x);
                if wanted != 0 && cand.low & wanted == 0 {
                    cut = true;
                    break;
                }
            } else {
                pending.push(Pending {
                    first,
                    len: write - first,
                    x,
                    cost,
                });
            }
        }
        self.positions.truncate(start);
        if cut {
            keys.truncate(first_key);
            self.keys = keys;
            return None;
        }
        self.keys = keys;
        pending.sort_by_key(|p| p.cost);
        Some((cand, pending))
    }

    /// Values every component of the option `p` but its largest, folding
    /// them into its nim-sum, which it returns.
    fn settle(&mut self, p: &mut Pending) -> Result<u32, TableFull> {
        while p.len > 1 {
            let v = self.component(self.keys[p.first + p.len - 1])?;
            p.x ^= v;
            p.len -= 1;
        }
        Ok(p.x)
    }

    /// Whether `c + *k` is a P-position, that is whether `c` has value `k`.
    fn is_p(&mut self, c: G::Key, k: u32) -> Result<bool, TableFull> {
        if k >= MASKED {
            return Ok(self.component(c)? == k);
        }
        Ok(self.in_set(c, 1 << k)? == Some(k))
    }

    /// The value of the component `c` when it lies in `wanted` (values
    /// below 64 as bits): `Some(v)` is `c`'s value, which is found whenever
    /// it is at most the largest wanted value; `None` says it is not
    /// wanted. This is Beling and Rogalski's search: `c`'s candidate values
    /// ([`Candidates`]) shrink option by option, each option is asked only
    /// whether its value is a candidate that matters (below the largest
    /// candidate and the largest wanted value), and the search stops once
    /// no wanted value is a candidate. What is learnt is stored: the value,
    /// or the wanted values `c` does not have.
    fn in_set(&mut self, c: G::Key, wanted: u64) -> Result<Option<u32>, TableFull> {
        let ruled_out = match self.exact_or_settled(c)? {
            Ok(v) => return Ok(Some(v)),
            Err(ruled_out) => ruled_out,
        };
        let wanted = wanted & !ruled_out;
        if wanted == 0 {
            return Ok(None);
        }
        let upto = up_to_largest(wanted);
        let first_key = self.keys.len();
        let Some((mut cand, mut pending)) = self.expand(c, wanted) else {
            self.rule_out(c, wanted);
            return Ok(None);
        };
        let mut exact = true;
        let mut done = true;
        let mut result = Ok(());
        for p in &mut pending {
            if cand.low & wanted == 0 {
                done = false;
                break;
            }
            let lower = cand.without_largest();
            let x = match self.settle(p) {
                Ok(x) => x,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            let big = self.keys[p.first];
            let found = if x >= 64 {
                self.component(big).map(Some)
            } else {
                match xor_each(lower & upto, x) {
                    0 => Ok(self.exact(&big)),
                    ask => self.in_set(big, ask),
                }
            };
            match found {
                Ok(Some(v)) => cand.remove(v ^ x),
                Ok(None) => {
                    cand.remove_largest();
                    exact = false;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.keys.truncate(first_key);
        result?;
        // One candidate is left: the value, when every option's was exact
        // or when it is at most the largest wanted value.
        let v = cand.low.trailing_zeros();
        if done && cand.low != 0 && (exact || cand.low & upto != 0) {
            self.store(c, v)?;
            return Ok(Some(v));
        }
        if done && cand.low == 0 && exact {
            return self.by_mex(c).map(Some);
        }
        self.rule_out(c, wanted);
        Ok(None)
    }

    /// Whether `p + *k` is a P-position: the components whose values are
    /// known fold into `k`; of the others, all but the largest are valued
    /// and the largest is searched with [`Search::is_p`].
    fn sum_is_p(&mut self, p: &G::Position, k: u32) -> Result<bool, TableFull> {
        let start = self.keys.len();
        collect(&self.game, p, &mut self.keys);
        let mut k = k;
        let mut largest: Option<(u32, G::Key)> = None;
        let mut i = start;
        while i < self.keys.len() {
            let c = self.keys[i];
            if let Some(v) = self.exact(&c) {
                k ^= v;
                self.keys.swap_remove(i);
                continue;
            }
            let size = self.game.size(&c);
            if largest.is_none_or(|(s, _)| size > s) {
                largest = Some((size, c));
            }
            i += 1;
        }
        let mut result = Ok(());
        if let Some((_, big)) = largest {
            for i in start..self.keys.len() {
                let c = self.keys[i];
                if c != big {
                    match self.component(c) {
                        Ok(v) => k ^= v,
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    }
                }
            }
        }
        self.keys.truncate(start);
        result?;
        match largest {
            None => Ok(k == 0),
            Some((_, big)) => self.is_p(big, k),
        }
    }

    /// The value of `c` by the mex of its options' values: for values past
    /// what an entry's mask holds.
    fn by_mex(&mut self, c: G::Key) -> Result<u32, TableFull> {
        let start = self.positions.len();
        self.game.options(&c, &mut self.positions);
        let mut seen = Seen::default();
        while self.positions.len() > start {
            let p = self.positions.pop().expect("an option above start");
            match self.value(&p) {
                Ok(v) => seen.insert(v),
                Err(e) => {
                    self.positions.truncate(start);
                    return Err(e);
                }
            }
        }
        let v = seen.mex();
        self.store(c, v)?;
        Ok(v)
    }
}

/// The data behind a lock, even if a thread holding it stopped.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Pushes the components of `p` onto `keys`, less pairs of equal ones (a
/// component plus its copy is a P-position).
fn collect<G: Split>(game: &G, p: &G::Position, keys: &mut Vec<G::Key>) {
    let start = keys.len();
    game.components(p, keys);
    let mut i = start;
    while i < keys.len() {
        match keys[i + 1..].iter().position(|k| *k == keys[i]) {
            Some(j) => {
                keys.swap_remove(i + 1 + j);
                keys.swap_remove(i);
            }
            None => i += 1,
        }
    }
}

/// The values an entry's mask can rule out: 0 to 62.
const MASKED: u32 = 63;

/// The values of the options of a component: nimbers below 256, as a
/// component with fewer than 256 moves has.
#[derive(Default)]
struct Seen([u64; 4], Vec<u32>);

impl Seen {
    fn insert(&mut self, v: u32) {
        match v {
            0..=255 => self.0[v as usize / 64] |= 1 << (v % 64),
            _ => self.1.push(v),
        }
    }

    fn mex(&self) -> u32 {
        for (i, w) in self.0.iter().enumerate() {
            if *w != u64::MAX {
                return i as u32 * 64 + w.trailing_ones();
            }
        }
        (256..)
            .find(|v| !self.1.contains(v))
            .expect("a value is missing")
    }
}

#[cfg(test)]
mod tests;
