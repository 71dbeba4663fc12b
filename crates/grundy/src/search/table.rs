//! The transposition table: component values by canonical form, within a
//! memory budget fixed when the search starts.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The search needed to store more components than its memory budget holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFull {
    /// The most components the budget holds.
    pub limit: usize,
    /// The budget, in bytes.
    pub memory: usize,
}

impl fmt::Display for TableFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "more than {} components met, all the {} MB of the search table hold: the position is too large to solve in that memory",
            self.limit,
            self.memory >> 20
        )
    }
}

impl std::error::Error for TableFull {}

/// A fast hash for keys that are already well spread bit sets (the
/// multiply-rotate of FxHash with a final mix, so the table's low and high
/// bits both vary).
#[derive(Default, Clone, Copy)]
pub(super) struct Mix(u64);

const K: u64 = 0xf135_7aea_2e62_a9c5;

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(K);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        let x = self.0;
        x ^ (x >> 29)
    }
}

/// Values by key, at most `limit` of them.
pub(super) struct Table<K> {
    map: HashMap<K, u64, BuildHasherDefault<Mix>>,
    limit: usize,
    memory: usize,
}

impl<Key: Copy + Eq + Hash> Table<Key> {
    /// A table within about `memory` bytes: an entry costs its key, its
    /// value and a control byte, counted twice for the free slots of a
    /// table that grows by doubling.
    pub(super) fn new(memory: usize) -> Self {
        let entry = 2 * (std::mem::size_of::<(Key, u64)>() + 1);
        Table {
            map: HashMap::default(),
            limit: (memory / entry).max(1),
            memory,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    pub(super) fn limit(&self) -> usize {
        self.limit
    }

    pub(super) fn get(&self, k: &Key) -> Option<u64> {
        self.map.get(k).copied()
    }

    /// Stores an entry, or refuses a new key when the table is full.
    pub(super) fn insert(&mut self, k: Key, v: u64) -> Result<(), TableFull> {
        if self.map.len() >= self.limit && !self.map.contains_key(&k) {
            return Err(TableFull {
                limit: self.limit,
                memory: self.memory,
            });
        }
        self.map.insert(k, v);
        Ok(())
    }
}
