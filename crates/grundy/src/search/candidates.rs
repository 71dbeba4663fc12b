//! The values a component may still have while its options are searched
//! (Beling and Rogalski's set of potential nimbers).
//!
//! A component with `m` options has a value of at most `m`, so the search
//! starts from the `m + 1` values `0..=m`, and each option, once its value
//! `v` is known, removes exactly one: `v` when it is still there, the
//! largest otherwise. The true value is never removed (every value below
//! it is some option's, and there are too few options left to remove it
//! as a largest), so after the last option one value is left: the
//! component's. When an option's value is only known to lie outside a
//! set of wanted values, the largest is removed in its place, which keeps
//! the candidates up to the largest wanted value exactly right.

/// Candidate values: those below 64 as bits, and how many of 64 and up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Candidates {
    pub(super) low: u64,
    high: u32,
}

impl Candidates {
    /// The `n` values `0..n`.
    pub(super) fn lowest(n: u32) -> Self {
        if n <= 64 {
            Candidates {
                low: below(n),
                high: 0,
            }
        } else {
            Candidates {
                low: u64::MAX,
                high: n - 64,
            }
        }
    }

    /// The candidates below 64 but the largest candidate.
    pub(super) fn without_largest(&self) -> u64 {
        if self.high > 0 {
            self.low
        } else {
            without_top(self.low)
        }
    }

    pub(super) fn remove_largest(&mut self) {
        if self.high > 0 {
            self.high -= 1;
        } else {
            self.low = without_top(self.low);
        }
    }

    /// Removes `v` when it is a candidate, the largest otherwise.
    pub(super) fn remove(&mut self, v: u32) {
        if v < 64 && self.low >> v & 1 == 1 {
            self.low &= !(1 << v);
        } else if v >= 64 && v - 64 < self.high {
            self.high -= 1;
        } else {
            self.remove_largest();
        }
    }
}

/// The set `0..n`, `n` at most 64.
pub(super) fn below(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// `set` without its largest element.
fn without_top(set: u64) -> u64 {
    if set == 0 {
        0
    } else {
        set & !(1 << (63 - set.leading_zeros()))
    }
}

/// Every value up to the largest of `set` (not empty).
pub(super) fn up_to_largest(set: u64) -> u64 {
    below(64 - set.leading_zeros())
}

/// Each element of `set` nim-added to `x` (below 64).
pub(super) fn xor_each(set: u64, x: u32) -> u64 {
    if x == 0 {
        return set;
    }
    let mut out = 0;
    let mut left = set;
    while left != 0 {
        let v = left.trailing_zeros();
        left &= left - 1;
        out |= 1 << (v ^ x);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removal_keeps_the_mex() {
        // Options valued 0, 5, 1, 1, 3: the value is 2.
        let mut c = Candidates::lowest(6);
        for v in [0, 5, 1, 1, 3] {
            c.remove(v);
        }
        assert_eq!(
            c,
            Candidates {
                low: 1 << 2,
                high: 0
            }
        );
        // Past 64 the count is kept.
        let mut c = Candidates::lowest(66);
        assert_eq!(c.without_largest(), u64::MAX);
        c.remove(70);
        c.remove(65);
        assert_eq!(c.without_largest(), u64::MAX >> 1);
    }

    #[test]
    fn sets() {
        assert_eq!(up_to_largest(0b1000), 0b1111);
        assert_eq!(up_to_largest(1 << 63), u64::MAX);
        assert_eq!(xor_each(0b0110, 1), 0b1001);
        assert_eq!(below(0), 0);
    }
}
