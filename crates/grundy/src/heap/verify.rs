//! Independent verification of stored Grundy values: every `G(s)` in a
//! range is derived again from the stored values of smaller heaps and
//! compared with the stored one.
//!
//! The check of a heap `s` uses only the stored values `G(0..s)`, never
//! the code that computed them, so blocks of heaps are independent: they
//! run in parallel here, and on other machines as shards. If every heap
//! passes, the whole sequence is right by induction (each value is the mex
//! of options built from values already shown right).
//!
//! # Rules with two-heap splits: the rare/common argument
//!
//! Plainly, `G(s)` of a splitting rule is a mex over `O(s)` options. For
//! finite octal codes (no three-heap moves) the check is near-linear
//! instead, by the parity argument of the rare/common engine ([`super::rc`]),
//! re-derived here on its own. Fix a [`RareMask`] `m` (chosen from the
//! histogram of the stored values by [`best_rare_mask`]; soundness holds for
//! every mask, the choice only sets the speed). Write `par(w)` for the parity
//! of `popcount(w & m)` and `d(x) = [domain] * ((x + p) mod 2)`, where `p` is
//! the parity shared by every removal that splits (the domain variant is
//! used only when they share one). A heap `x` is *rare* when
//! `par(G(x)) + d(x)` is even, *common* otherwise; the rare positions are
//! listed once.
//!
//! A split of `s` removing `k` tokens leaves `a + b = s - k`, with option
//! value `w = G(a) ^ G(b)`, so `par(w) = par(G(a)) + par(G(b))`, and
//! `d(a) + d(b) = d(s)` (mod 2) because `a + b = s - k` and `k = p`
//! (mod 2). Hence `par(w) + d(s)` is odd exactly when one of `a`, `b` is
//! rare and the other common. Call a value `u` *mixed* (for `s`) when
//! `par(u) + d(s)` is odd: a split option with a mixed value comes only
//! from a rare/common pair.
//!
//! To show `G(s) = v` for the stored `v`:
//!
//! 1. List every option that takes the whole heap or leaves one heap, and
//!    every split one of whose parts is rare (pair each rare `r < s - k`
//!    with `s - k - r`). These include every split with a mixed value.
//! 2. If one of them has value `v`, the stored value is wrong.
//! 3. A mixed `u < v` not seen in step 1 is the value of no option at all:
//!    the stored value is wrong (the mex is at most `u`).
//! 4. If `v` is mixed, step 1 has seen every option that could equal `v`,
//!    so none does. The values `u < v` still missing are not mixed; splits
//!    are searched (small part first) until each is seen. If the search
//!    runs out first, the stored value is wrong.
//! 5. If `v` is not mixed (the heap is rare), every split is scanned: no
//!    option may equal `v` and every `u < v` must be seen.
//!
//! Steps 4 and 5 together show that every `u < v` is an option value and
//! `v` is not: `G(s) = v`. Rare heaps cost a full scan, common ones the
//! rare list plus a short search, which is what makes the rare/common engine
//! fast. Whenever the check fails, the value reported as derived is the
//! plain mex over every option, so a reported error never rests on the
//! argument above.
//!
//! Other rules (subtraction sets, per-size ranges, codes repeating a digit
//! forever, hexadecimal codes) are checked by the plain mex over every
//! option ([`HeapRule::for_each_move`]).
//!
//! ```
//! use grundy::heap::verify::{verify, Options};
//! let kayles = "0.77".parse().unwrap();
//! let mut values: Vec<u32> = vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4];
//! let r = verify(&kayles, &values, 0..=12, &Options::default()).unwrap();
//! assert!(r.first_wrong.is_none() && r.checked == 13);
//! values[9] = 5;
//! let r = verify(&kayles, &values, 0..=12, &Options::default()).unwrap();
//! let w = r.first_wrong.unwrap();
//! assert_eq!((w.position, w.stored, w.derived), (9, 5, 4));
//! ```

use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use serde::Serialize;

use super::rc::{best_rare_mask, Moves, RareMask, StoredValue};
use super::rule::{HeapRule, RuleKind};

/// Values at or past this are left out of the histogram the mask is chosen
/// from, and heaps holding one are checked by the plain mex (their marks
/// would not fit a small table).
const MARK_LIMIT: u32 = 1 << 20;

/// Splits looked at in one go by the search of steps 4 and 5.
const CHUNK: usize = 256;

/// How the values are re-derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The mex over every option of every heap.
    Plain,
    /// The rare/common parity argument (see the module documentation).
    RareCommon,
}

/// The first heap whose stored value is not the mex of its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Wrong {
    /// The heap.
    pub position: u64,
    /// Its value in the file.
    pub stored: u32,
    /// The mex of its options, computed from the stored values below it.
    pub derived: u32,
}

/// What a verification found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Verification {
    /// First heap of the range.
    pub from: u64,
    /// Last heap of the range.
    pub to: u64,
    /// Heaps whose value was checked (all of the range unless a wrong value
    /// or an interruption stopped the work early).
    pub checked: u64,
    /// The first wrong value in the range, if any.
    pub first_wrong: Option<Wrong>,
    /// How the values were derived.
    pub method: Method,
    /// The mask of the rare/common argument.
    pub rare_mask: Option<RareMask>,
    /// Rare positions up to the end of the range.
    pub rare_count: u64,
    /// Stopped by [`Options::stop`] before the end.
    pub interrupted: bool,
}

/// How to run a verification.
#[derive(Default)]
pub struct Options<'a> {
    /// Worker threads (0 or 1: the calling thread alone).
    pub threads: usize,
    /// Raised to stop at the next block.
    pub stop: Option<&'a AtomicBool>,
    /// Counts the heaps checked so far, for a progress display.
    pub done: Option<&'a AtomicU64>,
}

/// Why a range cannot be verified.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The range reaches past the values given.
    #[error("heaps {from}..={to} asked for, the values end at heap {last}")]
    OutOfRange {
        /// First heap asked for.
        from: u64,
        /// Last heap asked for.
        to: u64,
        /// Last heap with a value.
        last: u64,
    },
    /// The rule's heaps are counted in units of several tokens, so the
    /// values of the heaps in between are not in the file.
    #[error("{0} counts its heaps in units of {1} tokens; the values of the heaps in between are not stored, so they cannot be re-derived")]
    Scaled(String, u32),
    /// Heaps past 32 bits of a rule whose options are listed in 32 bits
    /// (every rule but the finite octal codes).
    #[error("{0} lists the options of heaps up to 4294967295 only")]
    Past32Bits(String),
}

/// The rare/common data shared by all blocks.
struct Parity {
    moves: Moves,
    mask: RareMask,
    /// The parity shared by the splitting removals (0 without one).
    split_parity: usize,
    rare: Vec<usize>,
    /// `G` of each rare position, in the same order.
    rare_g: Vec<u32>,
    /// A power of two above every option value of heaps holding values
    /// below [`MARK_LIMIT`]: the slot larger option values are clamped to.
    sink: u32,
}

impl Parity {
    /// `d(x)`: whether the position's parity joins in.
    #[inline]
    fn d(&self, x: usize) -> u32 {
        (self.mask.domain as u32) & ((x ^ self.split_parity) as u32 & 1)
    }

    #[inline]
    fn par(&self, w: u32) -> u32 {
        (w & self.mask.mask).count_ones() & 1
    }
}

/// Checks `G(s)` for every `s` in `range` against the mex of its options
/// built from `values` (which must reach the end of the range), in any
/// cell type: `u32`, `u16`, or the cells of a sequence file read in place
/// (`store::Mapped`, with the `files` feature).
pub fn verify<V: StoredValue>(
    rule: &HeapRule,
    values: &[V],
    range: RangeInclusive<u64>,
    options: &Options,
) -> Result<Verification, VerifyError> {
    if rule.scale() != 1 {
        return Err(VerifyError::Scaled(rule.to_string(), rule.scale()));
    }
    let (from, to) = (*range.start(), *range.end());
    let coded = matches!(rule.kind(), RuleKind::Code(c) if Moves::of(c).is_ok());
    if to > u32::MAX as u64 && !coded {
        return Err(VerifyError::Past32Bits(rule.to_string()));
    }
    if from > to || to >= values.len() as u64 {
        return Err(VerifyError::OutOfRange {
            from,
            to,
            last: (values.len() as u64).saturating_sub(1),
        });
    }
    let parity = parity_for(rule, &values[..=to as usize]);
    let mut report = Verification {
        from,
        to,
        checked: 0,
        first_wrong: None,
        method: if parity.is_some() {
            Method::RareCommon
        } else {
            Method::Plain
        },
        rare_mask: parity.as_ref().map(|p| p.mask),
        rare_count: parity.as_ref().map_or(0, |p| p.rare.len() as u64),
        interrupted: false,
    };
    let (from, to) = (from as usize, to as usize);
    let len = to - from + 1;
    let threads = options.threads.max(1);
    let block = (len / (threads * 64)).clamp(256, 1 << 16);
    let blocks = len.div_ceil(block);
    let next = AtomicUsize::new(0);
    // The least wrong position found so far (usize::MAX: none).
    let wrong_at = AtomicUsize::new(usize::MAX);
    let checked = AtomicU64::new(0);
    let found = std::sync::Mutex::new(None::<Wrong>);
    let work = || {
        let mut c = Checker::new(rule, values, parity.as_ref());
        loop {
            if options.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return;
            }
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= blocks {
                return;
            }
            let start = from + b * block;
            if start > wrong_at.load(Ordering::Relaxed) {
                return;
            }
            let end = (start + block).min(to + 1);
            for s in start..end {
                if let Some(derived) = c.wrong(s) {
                    wrong_at.fetch_min(s, Ordering::Relaxed);
                    let mut f = found.lock().unwrap_or_else(|e| e.into_inner());
                    if f.is_none_or(|w: Wrong| (s as u64) < w.position) {
                        *f = Some(Wrong {
                            position: s as u64,
                            stored: c.g[s].get(),
                            derived,
                        });
                    }
                    break;
                }
                checked.fetch_add(1, Ordering::Relaxed);
                if let Some(d) = options.done {
                    d.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    };
    run_workers(threads, &work);
    report.first_wrong = found.into_inner().unwrap_or_else(|e| e.into_inner());
    report.checked = checked.into_inner();
    if let Some(w) = report.first_wrong {
        // Heaps from the start of the range up to the wrong one are all
        // checked (blocks are handed out in order and each is finished).
        report.checked = w.position - from as u64;
    }
    report.interrupted = report.first_wrong.is_none() && report.checked < len as u64;
    Ok(report)
}

#[cfg(feature = "threads")]
fn run_workers(threads: usize, work: &(dyn Fn() + Sync)) {
    if threads <= 1 {
        return work();
    }
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(work);
        }
    });
}

#[cfg(not(feature = "threads"))]
fn run_workers(_threads: usize, work: &(dyn Fn() + Sync)) {
    work()
}

/// The rare/common data for a finite octal code with splits, from the
/// values `G(0..=to)`; `None` for the rules checked by the plain mex.
fn parity_for<V: StoredValue>(rule: &HeapRule, values: &[V]) -> Option<Parity> {
    let RuleKind::Code(code) = rule.kind() else {
        return None;
    };
    let moves = Moves::of(code).ok()?;
    if moves.two.is_empty() {
        return None;
    }
    let split_parity = moves.split_parity.unwrap_or(0);
    let mut hist = [vec![0u64; 1], vec![0u64; 1]];
    for (x, v) in values.iter().enumerate().skip(1) {
        let v = v.get();
        if v >= MARK_LIMIT {
            continue;
        }
        let class = (x ^ split_parity) & 1;
        if v as usize >= hist[class].len() {
            let len = (v as usize + 1).next_power_of_two();
            hist[0].resize(len, 0);
            hist[1].resize(len, 0);
        }
        hist[class][v as usize] += 1;
    }
    let (mask, _) = best_rare_mask(&hist, moves.split_parity.is_some());
    let mut p = Parity {
        moves,
        mask,
        split_parity,
        rare: Vec::new(),
        rare_g: Vec::new(),
        sink: hist[0].len() as u32,
    };
    p.rare = (1..values.len())
        .filter(|&x| p.par(values[x].get()) ^ p.d(x) == 0)
        .collect();
    p.rare_g = p.rare.iter().map(|&r| values[r].get()).collect();
    Some(p)
}

/// One worker's tables.
struct Checker<'a, V> {
    rule: &'a HeapRule,
    g: &'a [V],
    parity: Option<&'a Parity>,
    /// The moves of a finite code, to list the options of heaps past 32
    /// bits (the rule lists those up to there).
    moves: Option<Moves>,
    /// `marks[u] == stamp`: `u` is the value of an option seen.
    marks: Vec<u32>,
    stamp: u32,
    /// Option values of one heap, for the plain mex.
    seen: Vec<u32>,
}

impl<'a, V: StoredValue> Checker<'a, V> {
    fn new(rule: &'a HeapRule, g: &'a [V], parity: Option<&'a Parity>) -> Checker<'a, V> {
        let moves = match rule.kind() {
            RuleKind::Code(code) => Moves::of(code).ok(),
            _ => None,
        };
        Checker {
            rule,
            g,
            parity,
            moves,
            marks: Vec::new(),
            stamp: 0,
            seen: Vec::new(),
        }
    }

    /// `None` when the stored `G(s)` is right, else the mex of its options.
    fn wrong(&mut self, s: usize) -> Option<u32> {
        let v = self.g[s].get();
        let shown = match self.parity {
            Some(p) if v < p.sink => self.rare_common(p, s, v),
            _ => false,
        };
        if shown {
            return None;
        }
        let derived = self.plain_mex(s);
        (derived != v).then_some(derived)
    }

    /// The mex of every option of `s`, from the definition: the moves the
    /// rule lists, or past 32 bits those of its code.
    fn plain_mex(&mut self, s: usize) -> u32 {
        let g = self.g;
        let seen = &mut self.seen;
        seen.clear();
        match (u32::try_from(s), &self.moves) {
            (Ok(s), _) => self.rule.for_each_move(s, |_, parts| {
                seen.push(parts.iter().fold(0, |w, &p| w ^ g[p as usize].get()));
            }),
            (Err(_), Some(moves)) => options_of(moves, g, s, seen),
            (Err(_), None) => unreachable!("verify refuses heaps past 32 bits of other rules"),
        }
        mex_of(seen)
    }
}

/// The values of the options of heap `s` under `moves`, into `seen`.
fn options_of<V: StoredValue>(moves: &Moves, g: &[V], s: usize, seen: &mut Vec<u32>) {
    for &k in &moves.none {
        if k == s {
            seen.push(0);
        }
    }
    for &k in &moves.one {
        if k < s {
            seen.push(g[s - k].get());
        }
    }
    for &(k, unequal) in &moves.two {
        if s < k + 2 {
            continue;
        }
        let t = s - k;
        for a in 1..=t / 2 {
            if !(unequal && 2 * a == t) {
                seen.push(g[a].get() ^ g[t - a].get());
            }
        }
    }
}

/// The least value not in `seen`.
fn mex_of(seen: &mut Vec<u32>) -> u32 {
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &w)| w != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}

impl<V: StoredValue> Checker<'_, V> {
    /// Whether the argument of the module documentation shows `G(s) = v`.
    /// `false` means it does not (the caller then takes the plain mex).
    fn rare_common(&mut self, p: &Parity, s: usize, v: u32) -> bool {
        let g = self.g;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        // Every option value below 2^bits lands in its own slot, larger
        // ones (only next to a value past MARK_LIMIT) in the last slot,
        // which is above `v` and never read.
        let sink = p.sink as usize;
        if self.marks.len() <= sink {
            self.marks.resize(sink + 1, 0);
        }
        let stamp = self.stamp;
        let marks = &mut self.marks[..=sink];
        // Step 1.
        for &k in &p.moves.none {
            if k == s {
                marks[0] = stamp;
            }
        }
        for &k in &p.moves.one {
            if k < s {
                marks[g[s - k].get().min(p.sink) as usize] = stamp;
            }
        }
        for &(k, unequal) in &p.moves.two {
            if s < k + 2 {
                continue;
            }
            let t = s - k;
            let n = p.rare.partition_point(|&r| r < t);
            for (&r, &gr) in p.rare[..n].iter().zip(&p.rare_g[..n]) {
                let b = t - r;
                if !(unequal && b == r) {
                    marks[(gr ^ g[b].get()).min(p.sink) as usize] = stamp;
                }
            }
        }
        let hit_v = marks[v as usize] == stamp;
        let mut need = marks[..v as usize].iter().filter(|&&m| m != stamp).count();
        // Step 2.
        if hit_v {
            return false;
        }
        let ds = p.d(s);
        let mixed = |u: u32| p.par(u) ^ ds == 1;
        // Step 3.
        if need > 0 && (0..v).any(|u| marks[u as usize] != stamp && mixed(u)) {
            return false;
        }
        let v_mixed = mixed(v);
        if v_mixed && need == 0 {
            return true;
        }
        // Steps 4 and 5: every split, in chunks taken alternately from the
        // small end (a small heap against a recent one) and from the middle
        // (two older heaps); step 4 stops as soon as nothing is missing.
        for &(k, unequal) in &p.moves.two {
            if s < k + 2 {
                continue;
            }
            let t = s - k;
            // The parts `a` still to look at: `lo..hi`.
            let (mut lo, mut hi) = (1, t / 2 + 1);
            let mut from_small = true;
            while lo < hi {
                let (a0, a1) = if from_small {
                    let e = (lo + CHUNK).min(hi);
                    (std::mem::replace(&mut lo, e), e)
                } else {
                    let b = hi.saturating_sub(CHUNK).max(lo);
                    (b, std::mem::replace(&mut hi, b))
                };
                from_small = !from_small;
                // a = a0 + i against b = t - a.
                let small = &g[a0..a1];
                let large = &g[t + 1 - a1..t + 1 - a0];
                for (i, (ga, gb)) in small.iter().zip(large.iter().rev()).enumerate() {
                    let w = ga.get() ^ gb.get();
                    if w <= v && marks[w as usize] != stamp {
                        if unequal && 2 * (a0 + i) == t {
                            continue;
                        }
                        if w == v {
                            return false;
                        }
                        marks[w as usize] = stamp;
                        need -= 1;
                        if need == 0 && v_mixed {
                            return true;
                        }
                    }
                }
            }
        }
        need == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::code::code_strategy;
    use crate::heap::naive::NaiveEngine;
    #[cfg(feature = "files")]
    use crate::heap::store::Le16;
    use proptest::prelude::*;

    fn values(rule: &HeapRule, n: u32) -> Vec<u32> {
        let mut e = NaiveEngine::new(rule);
        e.extend_to(n);
        e.into_values()
    }

    fn two() -> Options<'static> {
        Options {
            threads: 2,
            ..Options::default()
        }
    }

    /// The first wrong position by the definition, heap after heap.
    fn first_wrong_plainly(
        rule: &HeapRule,
        g: &[u32],
        range: RangeInclusive<u64>,
    ) -> Option<Wrong> {
        let mut c = Checker::new(rule, g, None);
        range.map(|s| s as usize).find_map(|s| {
            let derived = c.plain_mex(s);
            (derived != g[s]).then_some(Wrong {
                position: s as u64,
                stored: g[s],
                derived,
            })
        })
    }

    #[test]
    fn clean_sequences_pass() {
        for (text, n, method) in [
            ("kayles", 3000, Method::RareCommon),
            ("0.6", 5000, Method::RareCommon),
            ("4!.0", 5000, Method::RareCommon),
            ("0.137", 3000, Method::RareCommon),
            ("sub:1,3,4", 3000, Method::Plain),
            ("0.[3]", 500, Method::Plain),
            ("4.[3]", 300, Method::Plain),
            ("0.8", 200, Method::Plain),
            ("ranges:1..1,1..2,2..3,1..4", 4, Method::Plain),
        ] {
            let rule: HeapRule = text.parse().unwrap();
            let g = values(&rule, n);
            let r = verify(&rule, &g, 0..=n as u64, &two()).unwrap();
            assert_eq!(r.first_wrong, None, "{text}");
            assert_eq!((r.checked, r.method), (n as u64 + 1, method), "{text}");
            assert!(!r.interrupted);
        }
    }

    #[test]
    fn the_rare_positions_are_few_for_0_6() {
        let rule: HeapRule = "0.6".parse().unwrap();
        let g = values(&rule, 20_000);
        let r = verify(&rule, &g, 0..=20_000, &two()).unwrap();
        assert!(r.rare_count < 2000, "{r:?}");
        assert!(r.rare_mask.is_some());
    }

    #[test]
    fn a_range_past_the_values_or_a_scaled_rule_is_refused() {
        let rule: HeapRule = "0.6".parse().unwrap();
        let g = values(&rule, 10);
        assert!(matches!(
            verify(&rule, &g, 5..=11, &two()),
            Err(VerifyError::OutOfRange { last: 10, .. })
        ));
        let (six, five) = (6, 5);
        assert!(verify(&rule, &g, six..=five, &two()).is_err());
        let tri: HeapRule = "triomino".parse().unwrap();
        assert!(matches!(
            verify(&tri, &g, 0..=10, &two()),
            Err(VerifyError::Scaled(..))
        ));
    }

    #[test]
    fn a_raised_stop_flag_checks_nothing_more() {
        let rule: HeapRule = "0.6".parse().unwrap();
        let g = values(&rule, 1000);
        let stop = AtomicBool::new(true);
        let o = Options {
            threads: 2,
            stop: Some(&stop),
            done: None,
        };
        let r = verify(&rule, &g, 0..=1000, &o).unwrap();
        assert!(r.interrupted && r.checked == 0 && r.first_wrong.is_none());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// On right values the argument alone shows every heap (the plain
        /// mex, the fallback, is never needed): it is complete as well as
        /// sound.
        #[test]
        fn the_argument_shows_every_right_value(code in code_strategy(1..5), n in 1u32..600) {
            let rule: HeapRule = code.parse().unwrap();
            let g = values(&rule, n);
            if let Some(p) = parity_for(&rule, &g) {
                let mut c = Checker::new(&rule, &g, Some(&p));
                for (s, &v) in g.iter().enumerate() {
                    prop_assert!(c.rare_common(&p, s, v), "{} at {}", code, s);
                }
            }
        }

        /// Random octal codes, random damage (a value changed, or all
        /// values from a point shifted), random ranges: the same first
        /// wrong value as the definition heap after heap.
        #[test]
        fn agrees_with_the_plain_definition(
            code in code_strategy(1..5),
            n in 1u32..400,
            damage in proptest::collection::vec((0.0f64..1.0, 0u32..6), 0..3),
            cut in (0.0f64..1.0, 0.0f64..1.0),
            threads in 1usize..4,
        ) {
            let rule: HeapRule = code.parse().unwrap();
            let mut g = values(&rule, n);
            for (at, by) in damage {
                let s = (at * n as f64) as usize;
                g[s] = if by == 0 { 0 } else { g[s] ^ by };
            }
            let (a, b) = ((cut.0 * n as f64) as u64, (cut.1 * n as f64) as u64);
            let range = a.min(b)..=a.max(b);
            let o = Options { threads, ..Options::default() };
            let r = verify(&rule, &g, range.clone(), &o).unwrap();
            let expected = first_wrong_plainly(&rule, &g, range.clone());
            prop_assert_eq!(r.first_wrong, expected);
            let len = range.end() - range.start() + 1;
            prop_assert_eq!(r.checked, expected.map_or(len, |w| w.position - range.start()));
            // The same, read in place from the cells of a file.
            #[cfg(feature = "files")]
            if g.iter().all(|&v| v <= u16::MAX as u32) {
                let cells: Vec<Le16> = g.iter().map(|&v| Le16::put(v)).collect();
                prop_assert_eq!(verify(&rule, &cells, range, &o).unwrap(), r);
            }
        }

        /// The options past 32 bits come from the code's moves: on small
        /// heaps, the same as the rule lists.
        #[test]
        fn the_moves_of_a_code_give_the_options_the_rule_lists(
            code in code_strategy(1..5),
            n in 1u32..300,
            damage in proptest::collection::vec((0.0f64..1.0, 0u32..6), 0..3),
        ) {
            let rule: HeapRule = code.parse().unwrap();
            let RuleKind::Code(c) = rule.kind() else { unreachable!() };
            let Ok(moves) = Moves::of(c) else { return Ok(()) };
            let mut g = values(&rule, n);
            for (at, by) in damage {
                let s = (at * n as f64) as usize;
                g[s] ^= by;
            }
            let mut checker = Checker::new(&rule, &g, None);
            let mut seen = Vec::new();
            for s in 0..=n as usize {
                seen.clear();
                options_of(&moves, &g, s, &mut seen);
                prop_assert_eq!(mex_of(&mut seen), checker.plain_mex(s), "{} at {}", code, s);
            }
        }

        /// Subtraction sets and all-but sets, by the plain mex.
        #[test]
        fn other_rules_agree_too(
            set in proptest::collection::btree_set(1u32..12, 1..4),
            all_but: bool,
            n in 1u32..200,
            at in 0.0f64..1.0,
            by in 1u32..4,
        ) {
            let list: Vec<String> = set.iter().map(|k| k.to_string()).collect();
            let text = format!("{}:{}", if all_but { "allbut" } else { "sub" }, list.join(","));
            let rule: HeapRule = text.parse().unwrap();
            let mut g = values(&rule, n);
            let s = (at * n as f64) as usize;
            g[s] ^= by;
            let r = verify(&rule, &g, 0..=n as u64, &two()).unwrap();
            prop_assert_eq!(r.first_wrong, first_wrong_plainly(&rule, &g, 0..=n as u64));
            prop_assert_eq!(r.first_wrong.map(|w| w.position), Some(s as u64));
        }
    }
}
