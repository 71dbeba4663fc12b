//! Windowed runs: the rare/common engine with its values in a file and
//! only a window of them resident, so that a run to `2^40` holds a bounded
//! amount of memory.
//!
//! A heap `n` of a code leaving at most two heaps reads:
//! - `G(n - k)` for its one-heap moves: recent heaps;
//! - `G(r) ^ G(s - r)` for every rare position `r` (`s = n - k`): `r` is in
//!   the list of rare positions with its value, and `s - r` is recent while
//!   `r + k` is below the window of recent values (the partners of rare
//!   positions further back are read from the file, in order);
//! - the search pairs `(a, s - a)`: a windowed run first searches only the
//!   pairs with `a` below both the prefix kept and the window less `k`,
//!   where `a` is kept and `s - a` recent, which settles nearly every heap
//!   once the rare positions are few; a heap it does not settle (a new
//!   rare value, or a common value whose even options only older pairs
//!   give) is scanned in full, the file read in order a stretch at a time.
//!
//! So the values a run reads between two such scans are the prefix, the
//! recent window and one stretch per far rare position; the file store
//! ([`Cells::kept`]) hands every other page back to the kernel each
//! second. The values are those of a run in memory: only the order of the
//! search differs. The rare mask is fixed when the window is entered.
//!
//! ```
//! use grundy::heap::rc::{Cells, RcEngine, Window};
//! use std::time::Duration;
//! let rule = "0.167".parse().unwrap();
//! let mut full = RcEngine::<u8>::new(&rule).unwrap();
//! full.extend_to(200_000).unwrap();
//! let path = std::env::temp_dir().join(format!("doc-window-{}", std::process::id()));
//! let window = Window { prefix: 100_000, recent: 70_000 };
//! let cells = Cells::kept(&path, (100_000, 0, 70_000), Duration::from_secs(1), None).unwrap();
//! let mut e = RcEngine::<u8>::with_cells(&rule, cells).unwrap();
//! e.extend_to(99_999).unwrap();
//! e.enter_window(window).unwrap();
//! e.extend_to(200_000).unwrap();
//! assert_eq!(e.value(200_000), full.value(200_000));
//! std::fs::remove_file(&path).unwrap();
//! ```

use serde::{Deserialize, Serialize};

use super::cells::Cells;
use super::mask::RareMask;
use super::search::{INDEXED, RECENT};
use super::{RcEngine, RcError, StoredValue};
use crate::heap::code::TakeBreak;

/// The values a windowed run keeps resident: `G(0..prefix)` and the last
/// `recent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Heaps below this are kept.
    pub prefix: usize,
    /// The number of recent values kept.
    pub recent: usize,
}

/// Everything of a windowed engine but its values: what a checkpoint holds
/// beside the values file to rebuild it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The window.
    pub window: Window,
    /// The rare mask, fixed.
    pub split: RareMask,
    /// The rare positions and their values.
    pub rare: Vec<(usize, u32)>,
    /// How many heaps of each class (the heap's parity) hold each value.
    pub hist: [Vec<u64>; 2],
    /// Values are below `2^bits`.
    pub bits: u32,
    /// The largest value and its first heap.
    pub max_value: u32,
    /// Where the largest value first occurs.
    pub max_at: usize,
    /// Times the split was re-chosen before the window.
    pub rechosen: u32,
    /// Pairs looked at.
    pub pairs: u64,
}

impl<V: StoredValue> RcEngine<V> {
    /// The window of a windowed run.
    pub fn window(&self) -> Option<Window> {
        self.window
    }

    /// From the next heap on, searches first within `window` and fixes the
    /// rare mask (see the module documentation). The engine must hold
    /// exactly `G(0..window.prefix)`, in a file ([`Cells::kept`]). Refused
    /// (the engine unchanged) when the values are in memory, no rare mask
    /// has been chosen yet, or the code does not split.
    pub fn enter_window(&mut self, window: Window) -> Result<(), RcError> {
        if !self.g.is_file() {
            return Err(RcError::NoWindow(
                "a windowed run keeps its values in a file".into(),
            ));
        }
        self.check_window(window)?;
        if self.last() + 1 != window.prefix {
            return Err(RcError::NoWindow(format!(
                "the window's prefix is {} values, the engine holds {}",
                window.prefix,
                self.last() + 1
            )));
        }
        self.fixed = true;
        self.window = Some(window);
        Ok(())
    }

    fn check_window(&self, window: Window) -> Result<(), RcError> {
        let no = |why: String| Err(RcError::NoWindow(why));
        let kmax = self.moves.two.iter().map(|&(k, _)| k).max();
        let Some(kmax) = kmax else {
            return no("a windowed run needs a code that splits heaps".into());
        };
        match self.rare_mask {
            Some(s) if s.mask != 0 => {}
            _ => return no("no rare mask has been chosen yet: keep more values first".into()),
        }
        let kone = self.moves.one.iter().copied().max().unwrap_or(0);
        if window.prefix == 0 || window.recent <= RECENT + kmax.max(kone) {
            return no(format!(
                "a window keeps at least {} recent values",
                RECENT + kmax.max(kone) + 1
            ));
        }
        Ok(())
    }

    /// The rare positions under the current mask.
    pub fn rare_positions(&self) -> Vec<usize> {
        self.rare.clone()
    }

    /// The state of a windowed run besides its values.
    pub fn snapshot(&self) -> Option<Snapshot> {
        Some(Snapshot {
            window: self.window?,
            split: self.rare_mask?,
            rare: self
                .rare
                .iter()
                .zip(&self.rare_g)
                .map(|(&r, g)| (r, g.get()))
                .collect(),
            hist: self.hist.clone(),
            bits: self.bits,
            max_value: self.stats.max_value,
            max_at: self.stats.max_at,
            rechosen: self.stats.rechosen,
            pairs: self.stats.pairs,
        })
    }

    /// A windowed engine rebuilt from its [`Snapshot`] and `cells`, which
    /// hold its values (a resumed run, or the same run in wider cells).
    pub fn resume_in(
        rule: &TakeBreak,
        snap: &Snapshot,
        cells: Cells<V>,
    ) -> Result<RcEngine<V>, RcError> {
        let len = cells.len();
        let mut e = RcEngine::with_cells(rule, Cells::in_memory())?;
        e.g = cells;
        if len < snap.window.prefix || len == 0 {
            return Err(RcError::NoWindow(
                "the values kept end before the prefix".into(),
            ));
        }
        e.bits = snap.bits;
        e.marks.ensure((2usize << e.bits) + 64);
        e.rare_mask = Some(snap.split);
        e.refresh_parity();
        e.fixed = true;
        e.rare = snap.rare.iter().map(|&(r, _)| r).collect();
        e.rare_g = snap.rare.iter().map(|&(_, v)| V::put(v)).collect();
        e.rare_at_review = e.rare.len();
        e.next_review = usize::MAX;
        e.hist = snap.hist.clone();
        for x in 1..INDEXED.min(len) {
            let v = e.g[x].get() as usize;
            if e.by_value.len() <= v {
                e.by_value.resize(v + 1, Vec::new());
            }
            e.by_value[v].push(x as u32);
        }
        let last = len - 1;
        for y in (last + 1).saturating_sub(RECENT).max(1)..=last {
            let v = e.g[y].get() as usize;
            if e.recent.len() <= v {
                e.recent.resize(v + 1, 0);
            }
            e.recent[v] += 1;
        }
        e.refresh_partners();
        e.stats.max_value = snap.max_value;
        e.stats.max_at = snap.max_at;
        e.stats.rechosen = snap.rechosen;
        e.stats.pairs = snap.pairs;
        e.check_window(snap.window)?;
        e.window = Some(snap.window);
        Ok(e)
    }

    /// The same windowed run in cells of type `W` (wider, once a value
    /// needs it), its values written anew into the empty file store `cells`.
    pub fn widen<W: StoredValue>(
        &self,
        rule: &TakeBreak,
        mut cells: Cells<W>,
    ) -> Result<RcEngine<W>, RcError> {
        let snap = self
            .snapshot()
            .ok_or_else(|| RcError::NoWindow("only a windowed run widens this way".into()))?;
        cells.truncate(0);
        for v in self.g.iter() {
            cells.push(W::put(v.get()));
        }
        RcEngine::resume_in(rule, &snap, cells)
    }
}
