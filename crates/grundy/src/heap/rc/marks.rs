//! The mex table of one heap's options.

/// A mex table over nimbers with a version stamp per value: a new position
/// starts with an empty set by bumping the version, nothing is cleared, and
/// inserting is a single store.
#[derive(Clone, Debug)]
pub(crate) struct Marks {
    stamp: Vec<u32>,
    current: u32,
    /// Values put in at once as a bit set; empty when there are none.
    pre: Vec<u64>,
}

impl Marks {
    pub(crate) fn new(len: usize) -> Marks {
        Marks {
            stamp: vec![0; len],
            current: 1,
            pre: Vec::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.stamp.len()
    }

    pub(crate) fn ensure(&mut self, len: usize) {
        if self.stamp.len() < len {
            self.stamp.resize(len, 0);
        }
    }

    /// The stamps and the current version, for inserting many values in a
    /// tight loop: `stamp[v] = current` inserts `v`.
    #[inline]
    pub(crate) fn parts(&mut self) -> (&mut [u32], u32) {
        (&mut self.stamp, self.current)
    }

    /// Starts an empty set.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.pre.clear();
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    /// Starts a set holding the values of a bit set (bit `v % 64` of word
    /// `v / 64` stands for `v`).
    pub(crate) fn clear_to(&mut self, bits: &[u64], words: usize) {
        self.clear();
        self.pre.extend_from_slice(bits);
        if self.pre.len() < words {
            self.pre.resize(words, 0);
        }
    }

    /// The bit set part, to insert many values in a tight loop.
    pub(crate) fn bits_mut(&mut self) -> &mut [u64] {
        &mut self.pre
    }

    /// Inserts `v` into the bit set part (cheap while the stamps are
    /// untouched, and read word by word by [`Marks::bits`]).
    #[inline]
    pub(crate) fn insert_bit(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.pre.len() {
            self.pre.resize(w + 1, 0);
        }
        self.pre[w] |= 1 << (v & 63);
    }

    /// The bit set part.
    pub(crate) fn bits(&self) -> &[u64] {
        &self.pre
    }

    #[inline]
    pub(crate) fn insert(&mut self, v: u32) {
        self.stamp[v as usize] = self.current;
    }

    /// Whether `v` went in by [`Marks::insert`]: the same as
    /// [`Marks::contains`], and cheaper, for a value known to be outside
    /// the bit set (the missing values of the search are).
    #[inline]
    pub(crate) fn stamped(&self, v: u32) -> bool {
        self.stamp[v as usize] == self.current
    }

    #[inline]
    pub(crate) fn contains(&self, v: u32) -> bool {
        self.stamp[v as usize] == self.current
            || self
                .pre
                .get((v >> 6) as usize)
                .is_some_and(|w| (w >> (v & 63)) & 1 == 1)
    }

    /// The smallest value not in the set.
    #[inline]
    pub(crate) fn mex(&self) -> u32 {
        (0..self.stamp.len() as u32)
            .find(|&v| !self.contains(v))
            .expect("a free value")
    }
}
