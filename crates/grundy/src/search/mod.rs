//! A search engine for one big position of a game that splits: a position
//! is a sum of independent components (a move in one never touches
//! another), so its value is the nim-sum of theirs, and each component's
//! value is the mex of the values of the positions one move in it leaves.
//!
//! What makes it fast is what a component is looked up by: the game
//! reduces each one to a canonical form ([`Split::components`]) before it
//! meets the transposition table, so a component met again, moved, turned
//! or mirrored, costs one lookup; and the game may know a component's value
//! without search ([`Split::known`]: a strip of Cram is a heap of Dawson's
//! Kayles).
//!
//! And a component's value is not found as the mex of all its options'
//! values, which needs every option's exact value, but as the least `k`
//! for which the component plus a Nim heap of `k` is a P-position
//! (Lemoine and Viennot): each such question is settled by a search that
//! stops at its first winning move, and in a sum only the largest
//! component whose value is unknown is searched, the others valued.
//!
//! The table is bounded: [`Search::new`] takes a memory budget in bytes,
//! and a search that would store more components than fit in it stops with
//! [`TableFull`] (nothing is evicted, so every component stored stays
//! known: play from a solved position is lookups).
//!
//! ```
//! use grundy::search::{Search, Split};
//! /// Nim heaps as a splitting game: a heap is its own canonical form.
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

mod table;

use std::fmt;
use std::hash::Hash;

use table::Table;
pub use table::TableFull;

/// A game whose positions split into independent components, each with a
/// canonical form.
pub trait Split {
    /// A position: what a move leaves.
    type Position: Clone;
    /// A component in canonical form: equal keys are components of equal
    /// value (the same up to the game's symmetries).
    type Key: Copy + Eq + Hash;

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
}

/// The values of the components met so far, and the game.
pub struct Search<G: Split> {
    game: G,
    table: Table<G::Key>,
    /// Scratch stacks shared by every level of the recursion.
    positions: Vec<G::Position>,
    keys: Vec<G::Key>,
    /// The components of one option, looked up before any is searched.
    probe: Vec<G::Key>,
}

impl<G: Split> fmt::Debug for Search<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("stored", &self.table.len())
            .field("limit", &self.table.limit())
            .finish()
    }
}

impl<G: Split> Search<G> {
    /// An engine for `game` whose table may use about `memory` bytes.
    pub fn new(game: G, memory: usize) -> Self {
        Search {
            game,
            table: Table::new(memory),
            positions: Vec::new(),
            keys: Vec::new(),
            probe: Vec::new(),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many components are stored.
    pub fn stored(&self) -> usize {
        self.table.len()
    }

    /// The most components the table may store.
    pub fn limit(&self) -> usize {
        self.table.limit()
    }

    /// The value of `p`: the nim-sum of its components' values.
    pub fn value(&mut self, p: &G::Position) -> Result<u32, TableFull> {
        let start = self.keys.len();
        self.game.components(p, &mut self.keys);
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
        self.game.components(p, &mut keys);
        keys.iter().try_fold(0, |sum, k| Some(sum ^ self.exact(k)?))
    }

    /// The value of `c` when it is known or stored.
    fn exact(&self, c: &G::Key) -> Option<u32> {
        self.game.known(c).or_else(|| {
            let e = self.table.get(c)?;
            (e & EXACT != 0).then_some((e & !EXACT) as u32)
        })
    }

    /// The value of the component `c` (in canonical form): the least `k`
    /// for which `c + *k` is a P-position.
    pub fn component(&mut self, c: G::Key) -> Result<u32, TableFull> {
        if let Some(v) = self.exact(&c) {
            return Ok(v);
        }
        for k in 0..MASKED {
            if self.is_p(c, k)? {
                return Ok(k);
            }
        }
        self.by_mex(c)
    }

    /// Whether `c + *k` is a P-position, that is whether `c` has value `k`
    /// (Lemoine and Viennot): every move to `c + *j`, `j < k`, and every
    /// move in `c` must lead to an N-position, and the search of each stops
    /// at its first move to a P-position. What is learnt is stored: the
    /// value, or that `c + *k` is an N-position (`c`'s value is not `k`).
    fn is_p(&mut self, c: G::Key, k: u32) -> Result<bool, TableFull> {
        if let Some(v) = self.exact(&c) {
            return Ok(v == k);
        }
        if k >= MASKED {
            return Ok(self.component(c)? == k);
        }
        let entry = self.table.get(&c).unwrap_or(0);
        if entry >> k & 1 == 1 {
            return Ok(false);
        }
        // A move in c: first to a position valued from the table alone.
        let start = self.positions.len();
        self.game.options(&c, &mut self.positions);
        let end = self.positions.len();
        // Each option with its unknown cells, to search the smallest first.
        let mut order: Vec<(u32, usize)> = Vec::with_capacity(end - start);
        let mut probe = std::mem::take(&mut self.probe);
        let mut found = false;
        for i in start..end {
            probe.clear();
            self.game.components(&self.positions[i], &mut probe);
            let (mut sum, mut unknown) = (k, 0);
            for key in &probe {
                match self.exact(key) {
                    Some(v) => sum ^= v,
                    None => unknown += self.game.size(key),
                }
            }
            if unknown == 0 && sum == 0 {
                found = true;
                break;
            }
            order.push((unknown, i));
        }
        self.probe = probe;
        if !found {
            order.sort_unstable();
            for &(_, i) in &order {
                let p = self.positions[i].clone();
                match self.sum_is_p(&p, k) {
                    Ok(false) => {}
                    Ok(true) => {
                        found = true;
                        break;
                    }
                    Err(e) => {
                        self.positions.truncate(start);
                        return Err(e);
                    }
                }
            }
        }
        self.positions.truncate(start);
        if found {
            let entry = self.table.get(&c).unwrap_or(0);
            self.table.insert(c, entry | 1 << k)?;
            return Ok(false);
        }
        // A move in *k: c + *j is a P-position for some j < k.
        for j in 0..k {
            if self.table.get(&c).unwrap_or(0) >> j & 1 == 0 && self.is_p(c, j)? {
                return Ok(false);
            }
        }
        self.table.insert(c, EXACT | u64::from(k))?;
        Ok(true)
    }

    /// Whether `p + *k` is a P-position: the components whose values are
    /// known fold into `k`; of the others, all but the largest are valued
    /// and the largest is searched with [`Search::is_p`].
    fn sum_is_p(&mut self, p: &G::Position, k: u32) -> Result<bool, TableFull> {
        let start = self.keys.len();
        self.game.components(p, &mut self.keys);
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
                if c != big || self.keys[start..i].contains(&big) {
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
        self.table.insert(c, EXACT | u64::from(v))?;
        Ok(v)
    }
}

/// A table entry with this bit holds a value in its low bits; without it,
/// bit `k` set says the component's value is not `k`.
const EXACT: u64 = 1 << 63;

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
