//! What a search learns of the values a component does *not* have, kept
//! apart from the values themselves, in a store that forgets.
//!
//! Most positions of a pruned search end with a negative answer ("its
//! value is none of these"): on a 5 x 8 Cram board seven in eight of what
//! the search learns. Such a fact saves work only while the search is near
//! the component again, and costs nothing to lose but time: the component
//! is searched again. So negatives go to a two-way set-associative store whose size
//! follows the number of values the table holds (about one slot for each),
//! and a newcomer takes the place of the older of the two facts it meets
//! there. The values
//! stay in the table, where nothing is evicted.
//!
//! The store is shared by the threads of a search: its slots are split
//! into shards, each behind a lock, which a thread holds for one lookup or
//! one write. A negative fact is read once for each component searched, not
//! for each option, so the locks cost little.

use std::hash::Hash;
use std::sync::Mutex;

use super::table::hash;

/// The store has at most this many slots for each value in the table,
/// and at least half as many (each shard a power of two of them).
const SLOTS_PER_VALUE: usize = 1;

/// The fewest slots of a shard.
const LEAST: usize = 64;

/// One shard: a power of two of slots, each a key and the values it is
/// known not to have (bit `k`: not `k`); no bit set is a free slot.
struct Lines<K> {
    bits: u32,
    slots: Vec<(K, u64)>,
}

impl<K: Copy + Default + Eq> Lines<K> {
    fn new(size: usize) -> Self {
        Lines {
            bits: size.trailing_zeros(),
            slots: vec![(K::default(), 0); size],
        }
    }

    /// The first of the two slots a hash may be in (its high bits).
    fn pair(&self, h: u64) -> usize {
        ((h >> (65 - self.bits)) << 1) as usize
    }

    /// `mask` joined to what the pair holds of `k`, or `k` put first in
    /// the pair, its first key moved second and its second forgotten.
    fn put(&mut self, h: u64, k: K, mask: u64) {
        let i = self.pair(h);
        let pair = &mut self.slots[i..i + 2];
        match pair.iter_mut().find(|(key, m)| *key == k && *m != 0) {
            Some(slot) => slot.1 |= mask,
            None => {
                pair[1] = pair[0];
                pair[0] = (k, mask);
            }
        }
    }
}

/// A bounded, forgetting map from components to the values they do not
/// have.
pub(super) struct Negatives<K> {
    shards: Box<[Mutex<Lines<K>>]>,
    shard_bits: u32,
    /// The most slots of one shard.
    most: usize,
}

impl<K: Copy + Eq + Hash + Default> Negatives<K> {
    /// A store whose slots take at most about `memory` bytes.
    pub(super) fn new(memory: usize) -> Self {
        let slot = std::mem::size_of::<(K, u64)>();
        let fit = (memory / slot).max(LEAST);
        let fit = if fit.is_power_of_two() {
            fit
        } else {
            fit.next_power_of_two() / 2
        };
        let shards = (fit / LEAST).clamp(1, 64);
        Negatives {
            shards: (0..shards).map(|_| Mutex::new(Lines::new(LEAST))).collect(),
            shard_bits: shards.trailing_zeros(),
            most: (fit / shards).max(LEAST),
        }
    }

    fn shard(&self, h: u64) -> std::sync::MutexGuard<'_, Lines<K>> {
        let shard = &self.shards[h as usize & ((1 << self.shard_bits) - 1)];
        shard.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The values `k` is known not to have (bit `v`: not `v`), 0 when
    /// nothing is known or it was forgotten.
    pub(super) fn get(&self, k: &K) -> u64 {
        let h = hash(k);
        let lines = self.shard(h);
        let i = lines.pair(h);
        lines.slots[i..i + 2]
            .iter()
            .find(|(key, mask)| key == k && *mask != 0)
            .map_or(0, |&(_, mask)| mask)
    }

    /// Stores that `k` has none of the values of `mask`, with what is
    /// stored of it already, in place of the older of the two keys in its
    /// pair of slots. The shard doubles first while it then has at most a
    /// slot for each of the table's `values` (its share of them).
    pub(super) fn rule_out(&self, k: K, mask: u64, values: usize) {
        if mask == 0 {
            return;
        }
        let h = hash(&k);
        let mut lines = self.shard(h);
        let want = (values * SLOTS_PER_VALUE) >> self.shard_bits;
        if lines.slots.len() * 2 <= want && lines.slots.len() < self.most {
            let size = (lines.slots.len() * 2).min(self.most);
            let mut grown = Lines::new(size);
            // The older of each pair first, so that it stays the older.
            for pair in lines.slots.chunks(2) {
                for &(key, m) in pair.iter().rev().filter(|(_, m)| *m != 0) {
                    grown.put(hash(&key), key, m);
                }
            }
            *lines = grown;
        }
        lines.put(h, k, mask);
    }

    /// How many slots the store has now.
    #[cfg(test)]
    pub(super) fn slots(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).slots.len())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The store never claims more than was stored of a key: what it
        /// gives is a part of the union of the masks stored for it, and
        /// the last mask stored for a key is there until another key
        /// takes its slot.
        #[test]
        fn negatives_only_forget(ops in prop::collection::vec((0u64..400, 1u64..1 << 20, 0usize..5000), 1..800)) {
            let n: Negatives<u64> = Negatives::new(1 << 14);
            let mut all: HashMap<u64, u64> = HashMap::new();
            for (k, mask, values) in ops {
                let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                n.rule_out(key, mask, values);
                *all.entry(key).or_default() |= mask;
                prop_assert_eq!(n.get(&key) & mask, mask);
                prop_assert!(n.slots() <= (1 << 14) / 16);
            }
            for (k, m) in &all {
                let got = n.get(k);
                prop_assert_eq!(got & !m, 0);
            }
        }
    }

    /// The store grows with the number of values, up to its budget.
    #[test]
    fn negatives_grow_with_the_values() {
        // 64 shards of 64 slots at first, up to 1024 each.
        let n: Negatives<u64> = Negatives::new(1 << 20);
        assert_eq!(n.slots(), 64 * 64);
        for k in 0..100_000u64 {
            n.rule_out(k, 1, 1 << 14);
        }
        assert_eq!(n.slots(), 1 << 14);
        for k in 0..100_000u64 {
            n.rule_out(k, 1, (1 << 15) - 1);
        }
        assert_eq!(n.slots(), 1 << 14, "at most a slot for each value");
        for k in 0..100_000u64 {
            n.rule_out(k, 1, 1 << 20);
        }
        assert_eq!(n.slots(), (1 << 20) / 16);
    }
}
