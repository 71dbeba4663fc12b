//! The transposition table: component values by canonical form, within a
//! memory budget fixed when the search starts.

use std::fmt;
use std::hash::{Hash, Hasher};

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

/// A slot's value when the slot is free (no entry has every bit set: an
/// exact value below 2^63 - 1).
const FREE: u64 = u64::MAX;

/// The bytes of one slot.
fn slot_bytes<K>() -> usize {
    std::mem::size_of::<(K, u64)>()
}

/// Values by key, at most `limit` of them: an open-addressing table with
/// linear probing, its slots at most three quarters full and a power of two
/// in number, so that the slot of a key can be fetched from memory while
/// other work goes on ([`Table::prefetch`]).
pub(super) struct Table<K> {
    slots: Vec<(K, u64)>,
    len: usize,
    limit: usize,
    most_slots: usize,
    memory: usize,
}

impl<Key: Copy + Eq + Hash + Default> Table<Key> {
    /// A table within `memory` bytes: its slots take at most half of them,
    /// so that the old slots and the new fit while it doubles.
    pub(super) fn new(memory: usize) -> Self {
        let fit = (memory / slot_bytes::<Key>()).max(16);
        let most_slots = if fit.is_power_of_two() {
            fit / 2
        } else {
            fit.next_power_of_two() / 4
        };
        Table {
            slots: Vec::new(),
            len: 0,
            limit: most_slots / 4 * 3,
            most_slots,
            memory,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn limit(&self) -> usize {
        self.limit
    }

    fn hash(k: &Key) -> u64 {
        let mut h = Mix::default();
        k.hash(&mut h);
        h.finish()
    }

    /// The first slot to probe for a key: the hash's high bits.
    fn home(&self, k: &Key) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (Self::hash(k) >> (64 - bits)) as usize
    }

    pub(super) fn get(&self, k: &Key) -> Option<u64> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(k);
        loop {
            let (key, value) = self.slots[i];
            if value == FREE {
                return None;
            }
            if key == *k {
                return Some(value);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to bring the slot of `k` into the cache, for a
    /// lookup soon after.
    pub(super) fn prefetch(&self, k: &Key) {
        #[cfg(target_arch = "x86_64")]
        if !self.slots.is_empty() {
            let p = self.slots[self.home(k)..].as_ptr() as *const i8;
            // SAFETY: prefetching is a hint with no effect on memory; the
            // pointer is into the slots.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = k;
    }

    /// Stores an entry, or refuses a new key when the table is full.
    pub(super) fn insert(&mut self, k: Key, v: u64) -> Result<(), TableFull> {
        debug_assert!(v != FREE);
        if self.slots.len() < 8 || (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(&k);
        loop {
            let (key, value) = self.slots[i];
            if value == FREE {
                if self.len >= self.limit {
                    return Err(TableFull {
                        limit: self.limit,
                        memory: self.memory,
                    });
                }
                self.slots[i] = (k, v);
                self.len += 1;
                return Ok(());
            }
            if key == k {
                self.slots[i].1 = v;
                return Ok(());
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots (up to the most the memory holds) and places the
    /// entries again.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).clamp(8, self.most_slots.max(8));
        if size == self.slots.len() {
            return;
        }
        let old = std::mem::replace(&mut self.slots, vec![(Key::default(), FREE); size]);
        let mask = size - 1;
        for (k, v) in old {
            if v != FREE {
                let mut i = self.home(&k);
                while self.slots[i].1 != FREE {
                    i = (i + 1) & mask;
                }
                self.slots[i] = (k, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The table answers as a map does, through growth, updates and
        /// the refusal of a new key once it holds `limit` entries.
        #[test]
        fn table_is_a_map(ops in prop::collection::vec((0u64..300, 0u64..1000), 1..600)) {
            let mut t: Table<u64> = Table::new(4096);
            let mut m = HashMap::new();
            for (k, v) in ops {
                let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                match t.insert(key, v) {
                    Ok(()) => {
                        m.insert(key, v);
                    }
                    Err(e) => {
                        prop_assert!(!m.contains_key(&key));
                        prop_assert_eq!(m.len(), e.limit);
                    }
                }
                prop_assert_eq!(t.len(), m.len());
                prop_assert!(t.len() <= t.limit());
            }
            for k in 0u64..300 {
                let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                prop_assert_eq!(t.get(&key), m.get(&key).copied());
            }
        }
    }
}
