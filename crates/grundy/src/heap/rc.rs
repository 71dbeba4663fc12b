//! The rare/common ("sparse space") engine for take-and-break sequences.
//!
//! For a mask `m`, split the nimbers by the parity of `popcount(v & m)`.
//! The even ones form a subgroup `H` of the nimbers under nim-sum, the odd
//! ones its other coset. If almost every position of a game has an odd
//! ("common") value and only a few have an even ("rare") one, then a split
//! `a + b` leaves an odd option `G(a) ^ G(b)` only when exactly one of `a`,
//! `b` is rare. So the odd options of a position are all found by pairing
//! each rare position with its partner: `O(#rare)` work instead of `O(n)`.
//! The even options come from common/common pairs, which are so many that
//! every small even value is hit after a few tries; the search stops as soon
//! as every even value below the smallest missing odd value has been seen.
//! The mex is then exact: nothing is guessed, a position whose value turns out
//! rare simply costs a full scan.
//!
//! The "domain" variant also flips the class of odd-sized positions (useful
//! when all splitting moves remove a number of tokens of the same parity):
//! then a split leaves an option in a coset fixed by the parity of the heap
//! that is split.
//!
//! The mask is chosen automatically: a Walsh–Hadamard transform of the
//! histogram of values gives, for every mask at once, how many positions would
//! be rare, and the best is taken. It is re-chosen when the sequence doubles
//! in length, when values need a wider mask, or when rare positions pile up.
//!
//! Options are collected in a mex table with version stamps per 64-value
//! word, so nothing is cleared between positions.
//!
//! ```
//! use grundy::heap::rc::RcEngine;
//! let rule = "0.6".parse().unwrap();
//! let mut engine = RcEngine::<u16>::new(&rule).unwrap();
//! engine.extend_to(30).unwrap();
//! let g: Vec<u32> = (0..=12).map(|n| engine.value(n)).collect();
//! assert_eq!(g, [0, 1, 0, 1, 2, 2, 3, 1, 4, 3, 2, 1, 4]);
//! ```

use crate::heap::rule::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};

/// A storage cell for Grundy values: `u16` when values stay small (half the
/// memory and cache traffic), `u32` otherwise.
pub trait Cell: Copy + Default + Send + Sync + 'static {
    /// The largest value the cell holds.
    const LIMIT: u32;
    /// The stored value.
    fn get(self) -> u32;
    /// Stores `v`, which is at most [`Cell::LIMIT`].
    fn put(v: u32) -> Self;
}

impl Cell for u16 {
    const LIMIT: u32 = u16::MAX as u32;
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Self {
        v as u16
    }
}

impl Cell for u32 {
    const LIMIT: u32 = u32::MAX;
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn put(v: u32) -> Self {
        v
    }
}

/// Why the engine cannot (or can no longer) compute a rule's sequence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RcError {
    /// The rule is outside what the engine handles (the naive engine does).
    #[error("the rare/common engine does not handle {0}")]
    Unsupported(String),
    /// A value does not fit the chosen cell width.
    #[error("value {value} at position {position} does not fit in {bits} bits")]
    Overflow {
        /// The position whose value overflowed.
        position: usize,
        /// The value.
        value: u32,
        /// Width of the cell.
        bits: u32,
    },
}

/// The moves of a rule, sorted by what they leave.
#[derive(Clone, Debug)]
pub struct Moves {
    /// Removals that may take a whole heap.
    pub none: Vec<usize>,
    /// Removals that may leave one heap.
    pub one: Vec<usize>,
    /// Removals that may split the rest in two, with the unequal flag.
    pub two: Vec<(usize, bool)>,
    /// The parity shared by all splitting removals, if they share one.
    pub split_parity: Option<usize>,
}

impl Moves {
    /// Reads the moves of a finite code with at most two heaps left.
    pub fn of(rule: &TakeBreak) -> Result<Moves, RcError> {
        let repeats = rule
            .repeat_from
            .is_some_and(|r| rule.digits[r..].iter().any(|d| d.bits != 0));
        if repeats {
            return Err(RcError::Unsupported(
                "codes repeating a non-zero digit forever".into(),
            ));
        }
        let last = rule.max_removal().unwrap_or(0);
        let mut m = Moves {
            none: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            split_parity: None,
        };
        for k in 0..=last {
            let d = rule.digit(k);
            if d.bits & LEAVE_THREE != 0 {
                return Err(RcError::Unsupported(
                    "moves leaving three heaps (hexadecimal digit 8)".into(),
                ));
            }
            if k > 0 && d.bits & LEAVE_NONE != 0 {
                m.none.push(k);
            }
            if k > 0 && d.bits & LEAVE_ONE != 0 {
                m.one.push(k);
            }
            if d.bits & LEAVE_TWO != 0 {
                m.two.push((k, d.unequal));
            }
        }
        let parities: Vec<usize> = m.two.iter().map(|&(k, _)| k & 1).collect();
        if let Some(&p) = parities.first() {
            if parities.iter().all(|&q| q == p) {
                m.split_parity = Some(p);
            }
        }
        Ok(m)
    }
}

/// Which positions count as rare: those whose value `v` at position `x` has
/// `popcount(v & mask) + [domain] * (x + split parity)` even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Split {
    /// The bits whose parity classifies a value.
    pub mask: u32,
    /// Whether the position's parity joins in (the "domain" variant).
    pub domain: bool,
}

/// Figures of a run, as the tables of Flammenkamp and Czajka report them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RcStats {
    /// The split in use (`None` while every position is treated as rare).
    pub split: Option<Split>,
    /// Number of rare positions among `1..=n`.
    pub rare_count: usize,
    /// The largest rare position.
    pub last_rare: Option<usize>,
    /// The largest value and the first position holding it.
    pub max_value: u32,
    /// Where the largest value first occurs.
    pub max_at: usize,
    /// How many times the split was re-chosen.
    pub rechosen: u32,
    /// Pairs looked at (rare pairs and scan steps).
    pub pairs: u64,
}

/// A mex table over nimbers: bit words with a version stamp each, so a new
/// position starts with an empty set without clearing anything.
#[derive(Clone, Debug)]
pub(crate) struct Marks {
    stamp: Vec<u32>,
    bits: Vec<u64>,
    current: u32,
}

impl Marks {
    pub(crate) fn new(words: usize) -> Marks {
        Marks {
            stamp: vec![0; words],
            bits: vec![0; words],
            current: 1,
        }
    }

    pub(crate) fn ensure(&mut self, words: usize) {
        if self.stamp.len() < words {
            self.stamp.resize(words, 0);
            self.bits.resize(words, 0);
        }
    }

    /// Starts an empty set.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    #[inline]
    pub(crate) fn insert(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if self.stamp[w] != self.current {
            self.stamp[w] = self.current;
            self.bits[w] = 0;
        }
        self.bits[w] |= 1u64 << (v & 63);
    }

    #[inline]
    pub(crate) fn word(&self, w: usize) -> u64 {
        if self.stamp[w] == self.current {
            self.bits[w]
        } else {
            0
        }
    }

    #[inline]
    pub(crate) fn contains(&self, v: u32) -> bool {
        self.word((v >> 6) as usize) >> (v & 63) & 1 != 0
    }

    /// The smallest value not in the set.
    #[inline]
    pub(crate) fn mex(&self) -> u32 {
        let mut w = 0;
        loop {
            let free = !self.word(w);
            if free != 0 {
                return (w as u32) * 64 + free.trailing_zeros();
            }
            w += 1;
        }
    }
}

/// Bits `i` of a word (values `64w + i`) whose `popcount(v & mask)` parity
/// equals `parity`.
#[inline]
fn parity_word(mask: u32, w: usize, parity: u32) -> u64 {
    let low = mask & 63;
    let mut even = 0u64;
    for i in 0..64u32 {
        if (i & low).count_ones() & 1 == 0 {
            even |= 1 << i;
        }
    }
    let word_parity = (((w as u32) << 6) & mask).count_ones() & 1;
    if word_parity ^ parity == 0 {
        even
    } else {
        !even
    }
}

/// Number of rare positions for every mask at once, from value histograms
/// split by position class: `hist[c][v]` counts positions of class `c`
/// (`(x + split parity) mod 2`) holding value `v`. Returns the best split and
/// its rare count; `domain` splits are scored only when `allow_domain`.
pub fn best_split(hist: &[Vec<u64>; 2], allow_domain: bool) -> (Split, u64) {
    let size = hist[0].len().max(hist[1].len()).next_power_of_two().max(1);
    let transform = |h: &Vec<u64>| {
        let mut a: Vec<i64> = (0..size)
            .map(|v| h.get(v).copied().unwrap_or(0) as i64)
            .collect();
        let mut len = 1;
        while len < size {
            for start in (0..size).step_by(2 * len) {
                for i in start..start + len {
                    let (x, y) = (a[i], a[i + len]);
                    a[i] = x + y;
                    a[i + len] = x - y;
                }
            }
            len *= 2;
        }
        a
    };
    let w0 = transform(&hist[0]);
    let w1 = transform(&hist[1]);
    let n0: i64 = hist[0].iter().sum::<u64>() as i64;
    let n1: i64 = hist[1].iter().sum::<u64>() as i64;
    let mut best = (
        Split {
            mask: 0,
            domain: false,
        },
        (n0 + n1) as u64,
    );
    for m in 1..size {
        let rare = ((n0 + n1 + w0[m] + w1[m]) / 2) as u64;
        if rare < best.1 {
            best = (
                Split {
                    mask: m as u32,
                    domain: false,
                },
                rare,
            );
        }
    }
    if allow_domain {
        for m in 0..size {
            let rare = ((n0 + w0[m]) / 2 + (n1 - w1[m]) / 2) as u64;
            if rare < best.1 {
                best = (
                    Split {
                        mask: m as u32,
                        domain: true,
                    },
                    rare,
                );
            }
        }
    }
    best
}

/// The rare/common engine: computes `G(0), G(1), ...` of a finite octal code
/// (two-heap splits, `!` unequal splits included) in cells of type `V`.
#[derive(Clone, Debug)]
pub struct RcEngine<V: Cell> {
    moves: Moves,
    g: Vec<V>,
    rare: Vec<u32>,
    rare_g: Vec<V>,
    split: Option<Split>,
    marks: Marks,
    bits: u32,
    hist: [Vec<u64>; 2],
    next_review: usize,
    rare_at_review: usize,
    stats: RcStats,
}

/// First position at which a split is chosen; below it every position is
/// treated as rare, which is the plain mex.
const FIRST_REVIEW: usize = 64;

impl<V: Cell> RcEngine<V> {
    /// An engine holding `G(0) = 0`.
    pub fn new(rule: &TakeBreak) -> Result<RcEngine<V>, RcError> {
        let moves = Moves::of(rule)?;
        Ok(RcEngine {
            moves,
            g: vec![V::put(0)],
            rare: Vec::new(),
            rare_g: Vec::new(),
            split: None,
            marks: Marks::new(4),
            bits: 0,
            hist: [vec![0; 1], vec![0; 1]],
            next_review: FIRST_REVIEW,
            rare_at_review: 0,
            stats: RcStats::default(),
        })
    }

    /// The moves the engine plays.
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// The largest position computed.
    pub fn last(&self) -> usize {
        self.g.len() - 1
    }

    /// `G(n)` for a computed position.
    pub fn value(&self, n: usize) -> u32 {
        self.g[n].get()
    }

    /// All computed values, `G(0)..=G(last)`.
    pub fn cells(&self) -> &[V] {
        &self.g
    }

    /// Figures of the run so far.
    pub fn stats(&self) -> RcStats {
        let mut s = self.stats.clone();
        s.split = self.split;
        s.rare_count = self.rare.len();
        s.last_rare = self.rare.last().map(|&r| r as usize);
        s
    }

    /// Computes every position up to `n`.
    pub fn extend_to(&mut self, n: usize) -> Result<(), RcError> {
        self.g.reserve(n.saturating_sub(self.last()));
        while self.last() < n {
            let x = self.last() + 1;
            let v = self.compute(x, 0, 0);
            self.push(x, v)?;
        }
        Ok(())
    }

    /// Class of position `x` with value `v` under the current split: rare?
    #[inline]
    fn is_rare(&self, x: usize, v: u32) -> bool {
        match self.split {
            None => true,
            Some(s) => {
                let kp = self.moves.split_parity.unwrap_or(0);
                let d = (s.domain as u32) & ((x ^ kp) as u32 & 1);
                ((v & s.mask).count_ones() & 1) ^ d == 0
            }
        }
    }

    /// Records `G(x) = v` and keeps the split up to date.
    pub(crate) fn push(&mut self, x: usize, v: u32) -> Result<(), RcError> {
        if v > V::LIMIT {
            return Err(RcError::Overflow {
                position: x,
                value: v,
                bits: V::LIMIT.count_ones(),
            });
        }
        self.g.push(V::put(v));
        if v > self.stats.max_value {
            self.stats.max_value = v;
            self.stats.max_at = x;
        }
        let class = (x ^ self.moves.split_parity.unwrap_or(0)) & 1;
        if v as usize >= self.hist[class].len() {
            let len = (v as usize + 1).next_power_of_two();
            self.hist[0].resize(len, 0);
            self.hist[1].resize(len, 0);
        }
        self.hist[class][v as usize] += 1;
        let mut widened = false;
        while v >= (1u32 << self.bits) {
            self.bits += 1;
            widened = true;
        }
        // Options are nim-sums of values below 2^bits, the mex at most 2^bits.
        self.marks.ensure(((1usize << self.bits) >> 6) + 2);
        if self.is_rare(x, v) {
            self.rare.push(x as u32);
            self.rare_g.push(V::put(v));
        }
        let piled_up = self.rare.len() > 2 * self.rare_at_review + 64 && x * 4 >= self.next_review;
        if x >= self.next_review || (x >= FIRST_REVIEW && (widened || piled_up)) {
            self.review();
        }
        Ok(())
    }

    /// Re-chooses the split and rebuilds the list of rare positions.
    fn review(&mut self) {
        let x = self.last();
        self.next_review = (2 * x).max(FIRST_REVIEW);
        let (best, count) = best_split(&self.hist, self.moves.split_parity.is_some());
        let current = self.rare.len() as u64;
        if self.split != Some(best) && count < current {
            self.split = Some(best);
            self.stats.rechosen += 1;
            self.rare.clear();
            self.rare_g.clear();
            for y in 1..=x {
                let v = self.g[y].get();
                if self.is_rare(y, v) {
                    self.rare.push(y as u32);
                    self.rare_g.push(self.g[y]);
                }
            }
        }
        self.rare_at_review = self.rare.len();
    }

    /// Marks the options of `n` that pair a rare position `rare[i]`,
    /// `i in from..to`, with a partner, for every splitting removal.
    #[inline]
    fn mark_rare_pairs(&mut self, n: usize, from: usize, to: usize) {
        let g = &self.g;
        for &(k, unequal) in &self.moves.two {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let mut count = 0u64;
            for i in from..to {
                let r = self.rare[i] as usize;
                if r >= s {
                    break;
                }
                let b = s - r;
                if unequal && b == r {
                    continue;
                }
                self.marks.insert(self.rare_g[i].get() ^ g[b].get());
                count += 1;
            }
            self.stats.pairs += count;
        }
    }

    /// `G(n)`, given `G(0..n)`. Rare pairs with index below `skip_to` have
    /// already been inserted in the marks by the caller (see `prefilled`).
    fn compute(&mut self, n: usize, skip_from: usize, skip_to: usize) -> u32 {
        if skip_to == 0 {
            self.marks.clear();
        }
        for i in 0..self.moves.none.len() {
            if self.moves.none[i] == n {
                self.marks.insert(0);
            }
        }
        for i in 0..self.moves.one.len() {
            let k = self.moves.one[i];
            if n > k {
                let v = self.g[n - k].get();
                self.marks.insert(v);
            }
        }
        let len = self.rare.len();
        if skip_to == 0 {
            self.mark_rare_pairs(n, 0, len);
        } else {
            self.mark_rare_pairs(n, 0, skip_from);
            self.mark_rare_pairs(n, skip_to, len);
        }
        let split = match self.split {
            None => return self.marks.mex(),
            Some(s) => s,
        };
        if self.moves.two.is_empty() {
            return self.marks.mex();
        }
        // Odd options (relative to the coset of this heap size) are all in.
        let kp = self.moves.split_parity.unwrap_or(0);
        let e = 1 ^ ((split.domain as u32) & ((n ^ kp) as u32 & 1));
        let mut need = 0u32;
        let mut w = 0usize;
        let cstar = loop {
            let free = !self.marks.word(w);
            let odd = parity_word(split.mask, w, e);
            if free & odd != 0 {
                let c = free & odd;
                let below = (c & c.wrapping_neg()) - 1;
                need += (free & !odd & below).count_ones();
                break (w as u32) * 64 + c.trailing_zeros();
            }
            need += (free & !odd).count_ones();
            w += 1;
        };
        if need == 0 {
            return cstar;
        }
        // Even values below c* must be found among the common pairs.
        let mut steps = 0u64;
        'scan: for t in 0..self.moves.two.len() {
            let (k, unequal) = self.moves.two[t];
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            for a in 1..=s / 2 {
                let b = s - a;
                if unequal && a == b {
                    continue;
                }
                let v = self.g[a].get() ^ self.g[b].get();
                steps += 1;
                if v < cstar && !self.marks.contains(v) {
                    self.marks.insert(v);
                    need -= 1;
                    if need == 0 {
                        break 'scan;
                    }
                }
            }
        }
        self.stats.pairs += steps;
        self.marks.mex()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `G(0..=n)` straight from the definition: every move, every split.
    pub(crate) fn plain(rule: &TakeBreak, n: usize) -> Vec<u32> {
        let mut g = vec![0u32; n + 1];
        for x in 1..=n {
            let mut seen = std::collections::HashSet::new();
            for k in 0..=x {
                let d = rule.digit(k);
                if k == x && k > 0 && d.allows(0) {
                    seen.insert(0);
                }
                let rest = x - k;
                if k > 0 && rest >= 1 && d.allows(1) {
                    seen.insert(g[rest]);
                }
                if rest >= 2 && d.allows(2) {
                    for a in 1..=rest / 2 {
                        if d.unequal && a == rest - a {
                            continue;
                        }
                        seen.insert(g[a] ^ g[rest - a]);
                    }
                }
            }
            g[x] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    fn rc(code: &str, n: usize) -> Vec<u32> {
        let rule: TakeBreak = code.parse().unwrap();
        let mut e = RcEngine::<u16>::new(&rule).unwrap();
        e.extend_to(n).unwrap();
        (0..=n).map(|x| e.value(x)).collect()
    }

    #[test]
    fn known_sequences() {
        // Kayles, Dawson's Kayles, Grundy's game.
        assert_eq!(rc("0.77", 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
        assert_eq!(rc("0.07", 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
        assert_eq!(
            rc("4!.0", 16),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3]
        );
    }

    #[test]
    fn agrees_with_plain_mex_on_long_runs() {
        for code in [
            "0.6", "0.14", "0.376", "4!.0", "0.16", "4.7", "0.007", "0.56", "0.6!",
        ] {
            let rule: TakeBreak = code.parse().unwrap();
            assert_eq!(rc(code, 3000), plain(&rule, 3000), "{code}");
        }
    }

    #[test]
    fn picks_a_sparse_split_for_kayles_like_games() {
        let rule: TakeBreak = "0.6".parse().unwrap();
        let mut e = RcEngine::<u16>::new(&rule).unwrap();
        e.extend_to(20000).unwrap();
        let s = e.stats();
        assert!(s.split.is_some());
        assert!(s.rare_count < 2000, "{s:?}");
    }

    #[test]
    fn refuses_what_it_cannot_do() {
        for code in ["0.[3]", "0.8", "8.1"] {
            let rule: TakeBreak = code.parse().unwrap();
            assert!(matches!(
                RcEngine::<u16>::new(&rule),
                Err(RcError::Unsupported(_))
            ));
        }
    }

    /// Two-bit cells, to see an overflow without huge runs.
    #[derive(Clone, Copy, Default)]
    struct Tiny(u8);

    impl Cell for Tiny {
        const LIMIT: u32 = 3;
        fn get(self) -> u32 {
            self.0 as u32
        }
        fn put(v: u32) -> Self {
            Tiny(v as u8)
        }
    }

    #[test]
    fn overflow_is_reported() {
        // Kayles reaches 4 at heap 5.
        let rule: TakeBreak = "0.77".parse().unwrap();
        let mut e = RcEngine::<Tiny>::new(&rule).unwrap();
        assert_eq!(
            e.extend_to(100),
            Err(RcError::Overflow {
                position: 5,
                value: 4,
                bits: 2
            })
        );
        assert_eq!(e.last(), 4);
    }

    #[test]
    fn walsh_hadamard_counts_rare_positions() {
        // Values 1,2,4,7 (odd popcount) common under mask 7, value 0 rare.
        let mut h = [vec![0u64; 8], vec![0u64; 8]];
        for v in [1usize, 2, 4, 7, 1, 2] {
            h[0][v] += 1;
        }
        h[0][0] += 1;
        let (split, rare) = best_split(&h, false);
        assert_eq!(rare, 1);
        assert_eq!((split.mask.count_ones() & 1, split.domain), (1, false));
    }

    fn code_strategy() -> impl Strategy<Value = String> {
        (
            prop_oneof![Just(0u8), Just(4u8)],
            any::<bool>(),
            proptest::collection::vec((0u8..8, any::<bool>()), 1..5),
        )
            .prop_map(|(d0, bang0, ds)| {
                let mut s = String::new();
                s.push_str(&d0.to_string());
                if d0 == 4 && bang0 {
                    s.push('!');
                }
                s.push('.');
                for (d, bang) in ds {
                    s.push_str(&d.to_string());
                    if bang && d & 4 != 0 {
                        s.push('!');
                    }
                }
                s
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_plain_mex(code in code_strategy(), n in 1usize..700) {
            let rule: TakeBreak = code.parse().unwrap();
            prop_assert_eq!(rc(&code, n), plain(&rule, n), "{}", code);
        }
    }
}
