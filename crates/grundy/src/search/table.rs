//! The transposition table: component values by canonical form, within a
//! memory budget fixed when the search starts.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_epoch::{self as epoch, Atomic, Guard, Owned};

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
        let m = self.memory;
        let budget = match m {
            m if m >= 1 << 30 => format!("{:.1} GiB", m as f64 / (1u64 << 30) as f64),
            m if m >= 1 << 20 => format!("{} MiB", m >> 20),
            m if m >= 1 << 10 => format!("{} KiB", m >> 10),
            m => format!("{m} bytes"),
        };
        write!(
            f,
            "more than {} component values, all the {budget} of the search table hold: the position is too large to solve in that memory (a larger memory budget may solve it)",
            self.limit,
        )
    }
}

impl std::error::Error for TableFull {}

/// A fast hash for keys that are already well spread bit sets (the
/// multiply-rotate of FxHash with a final mix, so the table's low and high
/// bits both vary).
#[derive(Default, Clone, Copy)]
struct Mix(u64);

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

/// A key's [`Mix`] hash, shared by the table and the store of negatives so
/// both spread keys the same way.
pub(super) fn hash<T: Hash + ?Sized>(k: &T) -> u64 {
    let mut h = Mix::default();
    k.hash(&mut h);
    h.finish()
}

/// A slot's value when the slot is free: no component has this value
/// (it would need as many moves).
const FREE: u32 = u32::MAX;

/// A key the table holds in atomic words, so that threads read it while
/// another writes.
pub trait Pack: Copy + Eq + Hash + Default + Send + Sync + 'static {
    /// The atomic words of a key of this type.
    type Cell: Cell<Self>;
}

/// A key in atomic words. A slot's value is written after its key and read
/// before it, so a reader that finds a value finds its whole key.
pub trait Cell<K>: Send + Sync + Sized {
    /// A cell before any key is stored in it.
    fn empty() -> Self;
    /// The key in the cell.
    fn load(&self) -> K;
    /// Stores a key in the cell.
    fn store(&self, k: K);
}

macro_rules! narrow {
    ($($t:ty => $atomic:ty),*) => {$(
        impl Pack for $t {
            type Cell = $atomic;
        }

        impl Cell<$t> for $atomic {
            fn empty() -> Self {
                <$atomic>::new(0)
            }
            fn load(&self) -> $t {
                <$atomic>::load(self, Ordering::Relaxed)
            }
            fn store(&self, k: $t) {
                <$atomic>::store(self, k, Ordering::Relaxed)
            }
        }
    )*};
}

narrow!(u32 => AtomicU32, u64 => AtomicU64);

/// A key of 128 bits in two atomic words.
pub struct Wide([AtomicU64; 2]);

impl Pack for u128 {
    type Cell = Wide;
}

impl Cell<u128> for Wide {
    fn empty() -> Self {
        Wide([AtomicU64::new(0), AtomicU64::new(0)])
    }
    fn load(&self) -> u128 {
        let low = self.0[0].load(Ordering::Relaxed);
        let high = self.0[1].load(Ordering::Relaxed);
        u128::from(high) << 64 | u128::from(low)
    }
    fn store(&self, k: u128) {
        self.0[0].store(k as u64, Ordering::Relaxed);
        self.0[1].store((k >> 64) as u64, Ordering::Relaxed);
    }
}

/// The slots of one shard: a power of two of them, their keys in one
/// array and their values in another (so that a slot of a 64-bit key
/// takes 12 bytes).
struct Slots<C> {
    bits: u32,
    keys: Box<[C]>,
    values: Box<[AtomicU32]>,
    /// How many arrays of slots the table has, this one among them.
    arrays: Arc<AtomicUsize>,
}

impl<C> Slots<C> {
    fn new<K>(size: usize, arrays: &Arc<AtomicUsize>) -> Self
    where
        C: Cell<K>,
    {
        arrays.fetch_add(1, Ordering::Relaxed);
        Slots {
            bits: size.trailing_zeros(),
            keys: (0..size).map(|_| C::empty()).collect(),
            values: (0..size).map(|_| AtomicU32::new(FREE)).collect(),
            arrays: Arc::clone(arrays),
        }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    /// The key and value of slot `i`, `None` when it is free.
    fn read<K>(&self, i: usize) -> Option<(K, u32)>
    where
        C: Cell<K>,
    {
        let v = self.values[i].load(Ordering::Acquire);
        (v != FREE).then(|| (self.keys[i].load(), v))
    }

    fn fill<K>(&self, i: usize, k: K, v: u32)
    where
        C: Cell<K>,
    {
        self.keys[i].store(k);
        self.values[i].store(v, Ordering::Release);
    }
}

impl<C> Drop for Slots<C> {
    fn drop(&mut self) {
        self.arrays.fetch_sub(1, Ordering::Relaxed);
    }
}

struct Shard<C> {
    current: Atomic<Slots<C>>,
    /// How many entries the shard holds; its lock is the writers'.
    writer: Mutex<usize>,
}

/// Values by key, at most `limit` of them, shared by the threads of a
/// search: shards of open-addressing slots with linear probing, each at
/// most three quarters full and a power of two in number, so that the slot
/// of a key can be fetched from memory while other work goes on
/// ([`Table::prefetch`]). Lookups take no lock: a shard's slots are only
/// ever filled or their entries changed, and a reader holds an epoch guard
/// ([`crossbeam_epoch`]) while it looks, so that the array a shard
/// outgrows is freed as soon as no reader may still be in it. Writers take
/// their shard's lock.
pub(super) struct Table<K: Pack> {
    shards: Box<[Shard<K::Cell>]>,
    /// How many entries the shards hold.
    total: AtomicUsize,
    arrays: Arc<AtomicUsize>,
    shard_bits: u32,
    /// The most slots, and entries, of one shard.
    most_slots: usize,
    shard_limit: usize,
    memory: usize,
}

impl<Key: Pack> Table<Key> {
    /// A table within `memory` bytes: its slots take at most half of them,
    /// so that the old slots and the new fit while a shard doubles.
    pub(super) fn new(memory: usize) -> Self {
        let fit = (memory / (std::mem::size_of::<Key::Cell>() + 4)).max(16);
        let most = if fit.is_power_of_two() {
            fit / 2
        } else {
            fit.next_power_of_two() / 4
        };
        let shards = (most / 64).clamp(1, 64);
        let most_slots = (most / shards).max(8);
        let arrays = Arc::new(AtomicUsize::new(0));
        Table {
            shards: (0..shards)
                .map(|_| Shard {
                    current: Atomic::new(Slots::new(8, &arrays)),
                    writer: Mutex::new(0),
                })
                .collect(),
            total: AtomicUsize::new(0),
            arrays,
            shard_bits: shards.trailing_zeros(),
            most_slots,
            shard_limit: most_slots / 4 * 3,
            memory,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    pub(super) fn limit(&self) -> usize {
        self.shard_limit << self.shard_bits
    }

    /// How many arrays of slots are in memory: one for each shard, and
    /// those outgrown that a reader may still be in.
    #[cfg(test)]
    pub(super) fn arrays(&self) -> usize {
        self.arrays.load(Ordering::Relaxed)
    }

    /// How many shards the table has.
    #[cfg(test)]
    pub(super) fn shards(&self) -> usize {
        self.shards.len()
    }

    /// The shard of a hash (its low bits) and the slots it uses now.
    fn slots<'g>(&self, h: u64, guard: &'g Guard) -> (&Shard<Key::Cell>, &'g Slots<Key::Cell>) {
        let shard = &self.shards[h as usize & ((1 << self.shard_bits) - 1)];
        // SAFETY: `current` always points at an array, and an array a
        // shard outgrows is freed only once no guard taken before it was
        // outgrown is held.
        let slots = unsafe { shard.current.load(Ordering::Acquire, guard).deref() };
        (shard, slots)
    }

    /// The first slot to probe for a hash: its high bits.
    fn home(h: u64, bits: u32) -> usize {
        (h >> (64 - bits)) as usize
    }

    /// The value of `k`, looked up under `guard`.
    pub(super) fn get(&self, k: &Key, guard: &Guard) -> Option<u32> {
        let h = hash(k);
        let (_, slots) = self.slots(h, guard);
        let mask = slots.len() - 1;
        let mut i = Self::home(h, slots.bits);
        loop {
            let (key, v) = slots.read(i)?;
            if key == *k {
                return Some(v);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to bring the slot of `k` into the cache, for a
    /// lookup soon after under the same guard.
    pub(super) fn prefetch(&self, k: &Key, guard: &Guard) {
        #[cfg(target_arch = "x86_64")]
        {
            let h = hash(k);
            let (_, slots) = self.slots(h, guard);
            let i = Self::home(h, slots.bits);
            let key = &slots.keys[i] as *const Key::Cell as *const i8;
            let value = &slots.values[i] as *const AtomicU32 as *const i8;
            // SAFETY: prefetching is a hint with no effect on memory; the
            // pointers are into the slots.
            unsafe {
                std::arch::x86_64::_mm_prefetch(value, std::arch::x86_64::_MM_HINT_T0);
                std::arch::x86_64::_mm_prefetch(key, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (k, guard);
    }

    /// Stores the value of a key (a key stored already keeps its value:
    /// a component has one), or refuses a new key when its shard is full.
    /// Values are below `u32::MAX`.
    pub(super) fn insert(&self, k: Key, v: u32) -> Result<(), TableFull> {
        debug_assert!(v != FREE);
        let h = hash(&k);
        let guard = epoch::pin();
        let shard = self.slots(h, &guard).0;
        let mut len = shard.writer.lock().unwrap_or_else(|e| e.into_inner());
        // Under the lock, no other writer changes the shard's slots.
        let mut slots = self.slots(h, &guard).1;
        if (*len + 1) * 4 > slots.len() * 3 && slots.len() < self.most_slots {
            let grown = Owned::new(self.grown(slots));
            let old = shard.current.swap(grown, Ordering::AcqRel, &guard);
            // SAFETY: `old` is no longer reachable from the table; readers
            // that took it hold guards, and it is freed after them.
            unsafe { guard.defer_destroy(old) };
            guard.flush();
            slots = self.slots(h, &guard).1;
        }
        let mask = slots.len() - 1;
        let mut i = Self::home(h, slots.bits);
        loop {
            match slots.read(i) {
                None => {
                    if *len >= self.shard_limit {
                        return Err(TableFull {
                            limit: self.limit(),
                            memory: self.memory,
                        });
                    }
                    slots.fill(i, k, v);
                    *len += 1;
                    self.total.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                Some((key, _)) if key == k => return Ok(()),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// The slots doubled (up to the most a shard has), the entries placed
    /// again.
    fn grown(&self, old: &Slots<Key::Cell>) -> Slots<Key::Cell> {
        let size = (old.len() * 2).min(self.most_slots);
        let new = Slots::<Key::Cell>::new::<Key>(size, &self.arrays);
        let mask = size - 1;
        for j in 0..old.len() {
            if let Some((k, v)) = old.read::<Key>(j) {
                let mut i = Self::home(hash(&k), new.bits);
                while new.read::<Key>(i).is_some() {
                    i = (i + 1) & mask;
                }
                new.fill(i, k, v);
            }
        }
        new
    }
}

impl<K: Pack> Drop for Table<K> {
    fn drop(&mut self) {
        for shard in self.shards.iter() {
            // SAFETY: the table is not shared any more, so no one else
            // holds its arrays.
            unsafe {
                let current = shard.current.load(Ordering::Relaxed, epoch::unprotected());
                drop(current.into_owned());
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
        /// The table answers as a map does, through growth, keys stored
        /// again and the refusal of a new key once it holds `limit`
        /// entries.
        #[test]
        fn table_is_a_map(ops in prop::collection::vec((0u64..300, 0u32..1000), 1..600)) {
            let t: Table<u64> = Table::new(4096);
            let mut m = HashMap::new();
            for (k, v) in ops {
                let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                match t.insert(key, v) {
                    Ok(()) => {
                        m.entry(key).or_insert(v);
                    }
                    Err(e) => {
                        prop_assert!(!m.contains_key(&key));
                        prop_assert!(m.len() <= e.limit);
                    }
                }
                prop_assert_eq!(t.len(), m.len());
                prop_assert!(t.len() <= t.limit());
            }
            let guard = epoch::pin();
            for k in 0u64..300 {
                let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                prop_assert_eq!(t.get(&key, &guard), m.get(&key).copied());
            }
        }
    }
}
