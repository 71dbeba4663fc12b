//! Repetitions longer than any window, found by hashing.
//!
//! A windowed run cannot compare `G(n)` with `G(n - p)` once `n - p` is
//! forgotten. Instead it rolls a polynomial hash over the last [`SPAN`]
//! values and keeps the hash at every heap that is a multiple of `SPAN` (an
//! *anchor*): a few words per `SPAN` heaps. If the sequence is periodic
//! with period `p` from some heap on, then among any `SPAN` heaps of the
//! periodic part one has `n - p` on an anchor, whose hash equals the hash
//! at `n`; so a period of any length shows up, as a distance `d` (a
//! multiple of `p`) seen again at every anchor. Such a repetition is
//! reported with how often it was seen, as evidence, not as a proof: the
//! values behind it are gone.
//!
//! ```
//! use grundy::heap::frontier::Repeats;
//! let mut r = Repeats::new(64);
//! let g = |n: u64| if n < 1000 { (n * n % 101) as u32 } else { (n % 300) as u32 };
//! for n in 0..20_000u64 {
//!     r.push(n, g(n), if n >= 64 { Some(g(n - 64)) } else { None });
//! }
//! let seen = r.best().unwrap();
//! assert_eq!(seen.distance % 300, 0);
//! assert!(seen.times > 10);
//! ```

use serde::{Deserialize, Serialize};

/// Values hashed at once (the default).
pub const SPAN: u64 = 1 << 16;

const M: u64 = (1 << 61) - 1;
const BASE: u64 = 0x1F3D_5B79_A4C2_E681 % M;

fn mul(a: u64, b: u64) -> u64 {
    let x = a as u128 * b as u128;
    let s = (x as u64 & M) + (x >> 61) as u64;
    let s = (s & M) + (s >> 61);
    if s >= M {
        s - M
    } else {
        s
    }
}

fn add(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= M {
        s - M
    } else {
        s
    }
}

/// A repetition seen: `G(n - distance .. n)` hashed like the `span` values
/// before it, at `times` anchors, the first time at heap `first`, the last
/// at `last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repetition {
    /// The distance between the two stretches.
    pub distance: u64,
    /// The first heap at which it was seen.
    pub first: u64,
    /// The last heap at which it was seen.
    pub last: u64,
    /// How many anchors saw it in a row.
    pub times: u64,
}

/// The rolling hash and the anchors (see the module documentation).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Repeats {
    span: u64,
    /// `BASE^span`.
    top: u64,
    hash: u64,
    /// Anchor hashes by slot (open addressing): `(hash, heap)`.
    slots: Vec<(u64, u64)>,
    used: usize,
    current: Option<Repetition>,
    best: Option<Repetition>,
}

impl Repeats {
    /// Hashing `span` values at a time.
    pub fn new(span: u64) -> Repeats {
        let span = span.max(1);
        let mut top = 1;
        for _ in 0..span {
            top = mul(top, BASE);
        }
        Repeats {
            span,
            top,
            hash: 0,
            slots: vec![(0, u64::MAX); 64],
            used: 0,
            current: None,
            best: None,
        }
    }

    /// The values hashed at once.
    pub fn span(&self) -> u64 {
        self.span
    }

    /// Takes `G(n) = v` (heaps in order from 0), `old` being `G(n - span)`
    /// once `n >= span`.
    #[inline]
    pub fn push(&mut self, n: u64, v: u32, old: Option<u32>) {
        self.hash = add(mul(self.hash, BASE), v as u64 + 1);
        if let Some(o) = old {
            self.hash = add(self.hash, M - mul(self.top, o as u64 + 1));
        }
        if n + 1 < self.span {
            return;
        }
        if let Some(a) = self.find(self.hash) {
            self.seen(n, n - a);
        }
        if (n + 1).is_multiple_of(self.span) {
            self.insert(self.hash, n);
        }
    }

    fn slot(&self, h: u64) -> usize {
        (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & (self.slots.len() - 1)
    }

    fn find(&self, h: u64) -> Option<u64> {
        let mut i = self.slot(h);
        loop {
            let (k, at) = self.slots[i];
            if at == u64::MAX {
                return None;
            }
            if k == h {
                return Some(at);
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn insert(&mut self, h: u64, n: u64) {
        if 2 * (self.used + 1) > self.slots.len() {
            let wider = vec![(0, u64::MAX); 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, wider);
            self.used = 0;
            for (k, at) in old {
                if at != u64::MAX {
                    self.insert(k, at);
                }
            }
        }
        let mut i = self.slot(h);
        loop {
            let (k, at) = self.slots[i];
            if at == u64::MAX {
                self.slots[i] = (h, n);
                self.used += 1;
                return;
            }
            if k == h {
                // The latest anchor, so that a short period is seen at a
                // short distance.
                self.slots[i].1 = n;
                return;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn seen(&mut self, n: u64, d: u64) {
        let span = self.span;
        let go_on = self.current.filter(|c| {
            n - c.last <= span && (d.is_multiple_of(c.distance) || c.distance.is_multiple_of(d))
        });
        let c = match go_on {
            Some(mut c) => {
                c.distance = c.distance.min(d);
                c.last = n;
                c.times += 1;
                c
            }
            None => Repetition {
                distance: d,
                first: n,
                last: n,
                times: 1,
            },
        };
        self.current = Some(c);
        if self.best.is_none_or(|b| c.times >= b.times) {
            self.best = Some(c);
        }
    }

    /// The repetition seen the most often in a row, if any.
    pub fn best(&self) -> Option<Repetition> {
        self.best
    }

    /// The repetition that still goes on at heap `n` (seen within the last
    /// `span` heaps).
    pub fn ongoing(&self, n: u64) -> Option<Repetition> {
        self.current.filter(|c| n - c.last <= self.span)
    }

    /// Restarts the rolling hash (a resumed run), from the last `span`
    /// values, oldest first; the anchors are kept.
    pub fn rehash(&mut self, last: impl Iterator<Item = u32>) {
        self.hash = 0;
        for v in last {
            self.hash = add(mul(self.hash, BASE), v as u64 + 1);
        }
    }
}
