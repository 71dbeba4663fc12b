//! The transposition table: component values by canonical form, within a
//! memory budget fixed when the search starts.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

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

/// A slot's entry when the slot is free (no entry has every bit set: an
/// exact value below 2^63 - 1).
const FREE: u64 = u64::MAX;

/// An entry with this bit holds a value in its low bits; without it, bit
/// `k` set says the component's value is not `k`.
pub(super) const EXACT: u64 = 1 << 63;

/// What two entries for one key say together: an exact value when either
/// holds one, else the values both rule out.
fn merge(old: u64, new: u64) -> u64 {
    match (old & EXACT != 0, new & EXACT != 0) {
        (true, _) => old,
        (false, true) => new,
        (false, false) => old | new,
    }
}

/// A key the table holds in atomic words, so that threads read it while
/// another writes.
pub trait Pack: Copy + Eq + Hash + Default + Send + Sync + 'static {
    /// The slot of a key of this type and its entry.
    type Slot: Slot<Self>;
}

/// One slot of the table: a key and its entry in atomic words. The entry
/// is written after the key and read before it, so a reader that finds an
/// entry finds its whole key.
pub trait Slot<K>: Send + Sync + Sized {
    /// A free slot.
    fn free() -> Self;
    /// The key and entry, `None` when the slot is free.
    fn read(&self) -> Option<(K, u64)>;
    /// Fills a free slot.
    fn fill(&self, k: K, entry: u64);
    /// Changes the entry of a filled slot.
    fn set(&self, entry: u64);
}

/// A slot of a key of at most 64 bits.
pub struct Narrow {
    key: AtomicU64,
    entry: AtomicU64,
}

/// A slot of a key of 128 bits.
pub struct Wide {
    low: AtomicU64,
    high: AtomicU64,
    entry: AtomicU64,
}

macro_rules! narrow {
    ($($t:ty),*) => {$(
        impl Pack for $t {
            type Slot = Narrow;
        }

        impl Slot<$t> for Narrow {
            fn free() -> Self {
                Narrow { key: AtomicU64::new(0), entry: AtomicU64::new(FREE) }
            }
            fn read(&self) -> Option<($t, u64)> {
                let e = self.entry.load(Ordering::Acquire);
                (e != FREE).then(|| (self.key.load(Ordering::Relaxed) as $t, e))
            }
            fn fill(&self, k: $t, entry: u64) {
                self.key.store(k as u64, Ordering::Relaxed);
                self.entry.store(entry, Ordering::Release);
            }
            fn set(&self, entry: u64) {
                self.entry.store(entry, Ordering::Release);
            }
        }
    )*};
}

narrow!(u32, u64);

impl Pack for u128 {
    type Slot = Wide;
}

impl Slot<u128> for Wide {
    fn free() -> Self {
        Wide {
            low: AtomicU64::new(0),
            high: AtomicU64::new(0),
            entry: AtomicU64::new(FREE),
        }
    }
    fn read(&self) -> Option<(u128, u64)> {
        let e = self.entry.load(Ordering::Acquire);
        (e != FREE).then(|| {
            let low = self.low.load(Ordering::Relaxed);
            let high = self.high.load(Ordering::Relaxed);
            (u128::from(high) << 64 | u128::from(low), e)
        })
    }
    fn fill(&self, k: u128, entry: u64) {
        self.low.store(k as u64, Ordering::Relaxed);
        self.high.store((k >> 64) as u64, Ordering::Relaxed);
        self.entry.store(entry, Ordering::Release);
    }
    fn set(&self, entry: u64) {
        self.entry.store(entry, Ordering::Release);
    }
}

/// The slots of one shard: a power of two of them.
struct Slots<S> {
    bits: u32,
    slots: Box<[S]>,
}

impl<S> Slots<S> {
    fn new<K>(size: usize) -> Box<Self>
    where
        S: Slot<K>,
    {
        Box::new(Slots {
            bits: size.trailing_zeros(),
            slots: (0..size).map(|_| S::free()).collect(),
        })
    }
}

/// What only the thread holding a shard's lock touches: how many entries
/// it holds, and every array of slots it has had since the table was last
/// reclaimed (the last is the one in use; the others stay for readers that
/// may still look at them).
struct Writer<S> {
    len: usize,
    // Boxed: readers hold the address of an array, which must not move
    // when this list grows.
    #[allow(clippy::vec_box)]
    arrays: Vec<Box<Slots<S>>>,
}

struct Shard<S> {
    current: AtomicPtr<Slots<S>>,
    len: AtomicUsize,
    writer: Mutex<Writer<S>>,
}

/// Values by key, at most `limit` of them, shared by the threads of a
/// search: shards of open-addressing slots with linear probing, each at
/// most three quarters full and a power of two in number, so that the slot
/// of a key can be fetched from memory while other work goes on
/// ([`Table::prefetch`]). Lookups take no lock: a shard's slots are only
/// ever filled or their entries changed, and an array outgrown stays in
/// memory until the table is reclaimed ([`Table::reclaim`], which takes it
/// unshared). Writers take their shard's lock.
pub(super) struct Table<K: Pack> {
    shards: Box<[Shard<K::Slot>]>,
    /// Whether some shard keeps an outgrown array.
    retired: AtomicBool,
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
        let fit = (memory / std::mem::size_of::<Key::Slot>()).max(16);
        let most = if fit.is_power_of_two() {
            fit / 2
        } else {
            fit.next_power_of_two() / 4
        };
        let shards = (most / 64).clamp(1, 64);
        let most_slots = (most / shards).max(8);
        Table {
            shards: (0..shards)
                .map(|_| {
                    let first = Slots::new(8);
                    Shard {
                        current: AtomicPtr::new(&*first as *const Slots<Key::Slot> as *mut _),
                        len: AtomicUsize::new(0),
                        writer: Mutex::new(Writer {
                            len: 0,
                            arrays: vec![first],
                        }),
                    }
                })
                .collect(),
            retired: AtomicBool::new(false),
            shard_bits: shards.trailing_zeros(),
            most_slots,
            shard_limit: most_slots / 4 * 3,
            memory,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.len.load(Ordering::Relaxed))
            .sum()
    }

    pub(super) fn limit(&self) -> usize {
        self.shard_limit << self.shard_bits
    }

    fn hash(k: &Key) -> u64 {
        let mut h = Mix::default();
        k.hash(&mut h);
        h.finish()
    }

    /// The shard of a hash (its low bits) and the slots it uses now.
    fn slots(&self, h: u64) -> (&Shard<Key::Slot>, &Slots<Key::Slot>) {
        let shard = &self.shards[h as usize & ((1 << self.shard_bits) - 1)];
        // SAFETY: `current` always points at an array its shard's writer
        // owns, and no array is freed before the table is.
        let slots = unsafe { &*shard.current.load(Ordering::Acquire) };
        (shard, slots)
    }

    /// The first slot to probe for a hash: its high bits.
    fn home(h: u64, bits: u32) -> usize {
        (h >> (64 - bits)) as usize
    }

    pub(super) fn get(&self, k: &Key) -> Option<u64> {
        let h = Self::hash(k);
        let (_, slots) = self.slots(h);
        let mask = slots.slots.len() - 1;
        let mut i = Self::home(h, slots.bits);
        loop {
            let (key, entry) = slots.slots[i].read()?;
            if key == *k {
                return Some(entry);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to bring the slot of `k` into the cache, for a
    /// lookup soon after.
    pub(super) fn prefetch(&self, k: &Key) {
        #[cfg(target_arch = "x86_64")]
        {
            let h = Self::hash(k);
            let (_, slots) = self.slots(h);
            let p = &slots.slots[Self::home(h, slots.bits)] as *const Key::Slot as *const i8;
            // SAFETY: prefetching is a hint with no effect on memory; the
            // pointer is into the slots.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = k;
    }

    /// Stores what is learnt of a key (with what is stored of it already,
    /// [`merge`]), or refuses a new key when its shard is full.
    pub(super) fn insert(&self, k: Key, v: u64) -> Result<(), TableFull> {
        debug_assert!(v != FREE);
        let h = Self::hash(&k);
        let (shard, _) = self.slots(h);
        let mut writer = shard.writer.lock().unwrap_or_else(|e| e.into_inner());
        let mut slots: &Slots<Key::Slot> = writer.arrays.last().expect("a shard has slots");
        if (writer.len + 1) * 4 > slots.slots.len() * 3 && slots.slots.len() < self.most_slots {
            let grown = Self::grown(slots, self.most_slots);
            shard.current.store(
                &*grown as *const Slots<Key::Slot> as *mut _,
                Ordering::Release,
            );
            writer.arrays.push(grown);
            self.retired.store(true, Ordering::Relaxed);
            slots = writer.arrays.last().expect("a shard has slots");
        }
        let mask = slots.slots.len() - 1;
        let mut i = Self::home(h, slots.bits);
        loop {
            match slots.slots[i].read() {
                None => {
                    if writer.len >= self.shard_limit {
                        return Err(TableFull {
                            limit: self.limit(),
                            memory: self.memory,
                        });
                    }
                    slots.slots[i].fill(k, v);
                    writer.len += 1;
                    shard.len.store(writer.len, Ordering::Relaxed);
                    return Ok(());
                }
                Some((key, old)) if key == k => {
                    slots.slots[i].set(merge(old, v));
                    return Ok(());
                }
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Whether an outgrown array waits for [`Table::reclaim`].
    pub(super) fn has_retired(&self) -> bool {
        self.retired.load(Ordering::Relaxed)
    }

    /// Frees the outgrown arrays: no reader can be looking at them, since
    /// no one else holds the table.
    pub(super) fn reclaim(&mut self) {
        for shard in self.shards.iter_mut() {
            let writer = shard.writer.get_mut().unwrap_or_else(|e| e.into_inner());
            let last = writer.arrays.len() - 1;
            writer.arrays.drain(..last);
        }
        *self.retired.get_mut() = false;
    }

    /// The slots doubled (up to `most`), the entries placed again.
    fn grown(old: &Slots<Key::Slot>, most: usize) -> Box<Slots<Key::Slot>> {
        let size = (old.slots.len() * 2).min(most);
        let new = Slots::<Key::Slot>::new::<Key>(size);
        let mask = size - 1;
        for slot in old.slots.iter() {
            if let Some((k, v)) = slot.read() {
                let mut i = Self::home(Self::hash(&k), new.bits);
                while new.slots[i].read().is_some() {
                    i = (i + 1) & mask;
                }
                new.slots[i].fill(k, v);
            }
        }
        new
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The table answers as a map does, through growth, the freeing of
        /// outgrown arrays, updates and the refusal of a new key once it
        /// holds `limit` entries.
        #[test]
        fn table_is_a_map(ops in prop::collection::vec((0u64..300, 0u64..1000), 1..600)) {
            let mut t: Table<u64> = Table::new(4096);
            let mut m = HashMap::new();
            for (k, v) in ops {
                let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                match t.insert(key, v) {
                    Ok(()) => {
                        let old = m.get(&key).copied();
                        m.insert(key, old.map_or(v, |o| merge(o, v)));
                    }
                    Err(e) => {
                        prop_assert!(!m.contains_key(&key));
                        prop_assert!(m.len() <= e.limit);
                    }
                }
                prop_assert_eq!(t.len(), m.len());
                prop_assert!(t.len() <= t.limit());
                if v % 5 == 0 && t.has_retired() {
                    t.reclaim();
                    prop_assert!(!t.has_retired());
                }
            }
            for k in 0u64..300 {
                let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                prop_assert_eq!(t.get(&key), m.get(&key).copied());
            }
        }
    }
}
