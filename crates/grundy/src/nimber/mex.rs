//! The minimum excludant (mex), the operation that defines Grundy values.

/// The minimum excludant: the least value not in `values`.
///
/// Runs in O(c) for c values with one scratch allocation; for many calls use
/// [`Mex`], which reuses its marks through version stamps.
///
/// ```
/// assert_eq!(grundy::nimber::mex([0, 1, 3, 7]), 2);
/// assert_eq!(grundy::nimber::mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut m = Mex::new();
    m.extend(values);
    m.finish()
}

/// A reusable mex calculator with version stamps (seed 000): marking a value
/// writes the current stamp, and starting a new set just bumps the stamp, so
/// no clearing is needed between calls. Values at or above the number of
/// values marked in the current set can never be the mex and are skipped.
///
/// ```
/// use grundy::nimber::Mex;
/// let mut m = Mex::new();
/// m.insert(0); m.insert(2);
/// assert_eq!(m.finish(), 1);   // finish() starts a fresh set
/// m.insert(1);
/// assert_eq!(m.finish(), 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Mex {
    stamp: Vec<u32>,
    current: u32,
    /// Values too far past the marks to be worth a slot; checked only when
    /// every marked value below them is present.
    overflow: Vec<u64>,
}

impl Mex {
    /// An empty calculator.
    pub fn new() -> Self {
        Mex {
            stamp: Vec::new(),
            current: 1,
            overflow: Vec::new(),
        }
    }

    /// Adds a value to the current set.
    pub fn insert(&mut self, v: u64) {
        let len = self.stamp.len() as u64;
        if v >= len {
            if v > 2 * len + 1024 {
                self.overflow.push(v);
                return;
            }
            self.stamp.resize(v as usize + 1, 0);
        }
        self.stamp[v as usize] = self.current;
    }

    /// The mex of the current set; then starts a new, empty set.
    pub fn finish(&mut self) -> u64 {
        let mut g = 0usize;
        while g < self.stamp.len() && self.stamp[g] == self.current {
            g += 1;
        }
        let mut g = g as u64;
        if g == self.stamp.len() as u64 && !self.overflow.is_empty() {
            self.overflow.sort_unstable();
            for &b in &self.overflow {
                if b == g {
                    g += 1;
                } else if b > g {
                    break;
                }
            }
        }
        self.overflow.clear();
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.current = 1;
        }
        g
    }
}

impl Extend<u64> for Mex {
    fn extend<I: IntoIterator<Item = u64>>(&mut self, iter: I) {
        for v in iter {
            self.insert(v);
        }
    }
}
