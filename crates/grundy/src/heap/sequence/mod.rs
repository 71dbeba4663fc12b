//! The one place that computes Grundy sequences: G(0..=n) of any heap rule,
//! whatever engine runs, stopping as soon as a periodicity theorem proves
//! the period and answering every later heap from the period.
//!
//! Engines: finite codes leaving at most two heaps run on the rare/common
//! engine ([`crate::heap::rc`]) in 8-bit cells, moved to 16 and 32 bits if a
//! value ever needs them; per-size windows ([`crate::heap::ranges`]) and
//! subtraction sets of [`LARGE_SET`] amounts or more
//! ([`crate::heap::subtraction`]) are computed in one go; everything else
//! by the reference engine ([`crate::heap::naive`]).
//!
//! When a theorem of [`crate::heap::periodicity`] covers the rule, the
//! proof is looked for at lengths growing by half from [`FIRST_LOOK`], so
//! the checks cost a constant times one linear scan; once a repetition is
//! seen, the next look is at the end of its theorem's window, so a run
//! computes no further than the proof needs. Once it holds,
//! computing stops: [`Sequence::value`] folds any later heap onto the
//! computed prefix, and [`Sequence::figures`] counts values over
//! `0..=to` from the preperiod and the period, without listing them.
//!
//! A named game's heap is counted the way its players count (a `triomino`
//! heap of n is a 2 x n board), so its sequence is the underlying sequence
//! read at multiples of the scale.
//!
//! ```
//! use grundy::heap::sequence::{compute, compute_with, Options};
//! let rule = "0.77".parse().unwrap();
//! let g = compute(&rule, 12, &Options::default()).unwrap();
//! assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
//! let t = compute(&"triomino".parse().unwrap(), 3, &Options::default()).unwrap();
//! assert_eq!(t, [0, 0, 1, 2]); // 2 x 0, 2 x 1, 2 x 2 and 2 x 3 boards
//!
//! // Dawson's Kayles to 10^9: period 34 from 53, proven after a few hundred heaps.
//! let dawson = "0.07".parse().unwrap();
//! let s = compute_with(&dawson, 1_000_000_000, &Options::default(), &[], &mut |_| true).unwrap();
//! let p = s.period.unwrap();
//! assert_eq!((p.preperiod, p.period), (53, 34));
//! assert_eq!(s.value(1_000_000_000), s.value(53 + (1_000_000_000 - 53) % 34));
//! assert!(s.computed() < 1000);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};

use super::periodicity::{analyze_with, arithmetic_proof, Periodicity, Status, Window};
use super::rc::{RcStats, Spill};
use super::rule::HeapRule;

// The run lives here; what it drives, what it returns and what it may be
// asked for each have their own file: `engine` (the engines held as one,
// and the values a resumed run starts from), `prefix` (the computed
// sequence, its period and its figures), `given` (values of no rule seen
// as a sequence) and `estimate` (the largest heaps and the memory a run
// needs). Their public items are re-exported here.
mod engine;
mod estimate;
mod given;
mod prefix;

use engine::Engine;
pub use engine::Start;
pub use estimate::{check, max_heap, memory_estimate, spilled_estimate, RC_HEAPS};
pub use given::Given;
pub use prefix::{Figures, ProvenPeriod, Sequence, Values};

/// Which engine computes the sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// The rare/common engine when it applies (finite codes leaving at most
    /// two heaps), the one-go engines for windows and large subtraction
    /// sets, else the naive one.
    #[default]
    Auto,
    /// The mex over every option
    /// ([`NaiveEngine`](crate::heap::naive::NaiveEngine)): O(n) options
    /// per heap for octal codes, O(n^2) for three-heap codes.
    Naive,
    /// The rare/common engine ([`crate::heap::rc`]); rules it cannot run
    /// fall back to the naive engine.
    Rc,
}

/// The engine that actually computed a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// The mex over every option.
    Naive,
    /// The rare/common ("sparse space") engine.
    Rc,
    /// The window sweep of [`crate::heap::ranges`].
    Ranges,
    /// The shifted bit sets of [`crate::heap::subtraction`].
    Subtraction,
    /// None: the values were read back from a file.
    Read,
    /// None: the values were given, with no rule (a [`Given`]).
    Given,
}

/// Subtraction sets from this many amounts up go to the bit-set engine.
pub const LARGE_SET: usize = 64;

/// First heap at which the proof of periodicity is looked for; later looks
/// are half as far again each time.
pub const FIRST_LOOK: usize = 256;

/// Heaps computed between two calls of the observer of [`compute_with`].
pub const CHUNK: usize = 1 << 16;

/// How to compute a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The engine.
    pub method: Method,
    /// Worker threads of the rare/common engine (1 = sequential; the
    /// values do not depend on it).
    pub threads: usize,
    /// Stop as soon as a periodicity theorem proves the period; the result
    /// is then G(0..m) for the least `m` that carries the proof.
    pub until_proven: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            method: Method::Auto,
            threads: 1,
            until_proven: false,
        }
    }
}

/// Why a sequence was not computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// The underlying heaps are past what the rule's engine counts: 32 bits
    /// for most, [`RC_HEAPS`] for the rare/common engine.
    #[error("heap {to} is too large: this rule's engine counts heaps up to {limit}")]
    TooLarge {
        /// The heap asked for.
        to: u64,
        /// The largest heap the rule allows.
        limit: u64,
    },
    /// A run told to stop at a proof found the values growing by a saltus,
    /// which no theorem here proves, so it would never stop.
    #[error("G(n + {period}) = G(n) + {saltus} from n = {preperiod} up to heap {at} (arithmetic periodicity, observed); no theorem here proves arithmetic periodicity, so a run until the proof would not end")]
    Unprovable {
        /// Where the arithmetic periodicity starts.
        preperiod: u64,
        /// Its period.
        period: u64,
        /// Its saltus.
        saltus: i64,
        /// The last heap computed.
        at: u64,
    },
    /// The file-backed value store could not be made, or the file a run
    /// resumes from could not be read.
    #[error("{0}")]
    Store(String),
    /// A per-size `ranges` rule does not define heaps that large.
    #[error("the ranges define heaps 1 to {defined} only, not {to}")]
    RangesTooShort {
        /// The heap asked for.
        to: u64,
        /// The last heap the ranges define.
        defined: u64,
    },
}

/// Where a run stands, as shown to the observer of [`compute_with`]
/// between chunks.
pub struct Progress<'a> {
    /// The last heap computed.
    pub done: usize,
    /// The heap the run is heading for.
    pub target: u64,
    /// Figures of the rare/common engine, when it runs.
    pub stats: Option<RcStats>,
    /// `G(n)` for `n <= done`.
    pub value: &'a dyn Fn(usize) -> u32,
}

/// G(0), ..., G(to) of `rule` (or fewer with `until_proven`).
pub fn compute(rule: &HeapRule, to: u64, options: &Options) -> Result<Vec<u32>, SequenceError> {
    Ok(compute_with(rule, to, options, &[], &mut |_| true)?.to_vec())
}

/// Computes `G(0..=to)` of `rule`, stopping as soon as the period is proven
/// (with `until_proven`, the sequence then ends at the least heap that
/// carries the proof). `start = G(0..m)` are known values to continue from
/// (a resumed run; they are trusted). `observe` is called every [`CHUNK`]
/// heaps (once per computation for engines that work in one go); when it
/// returns `false` the run stops there and the sequence computed so far is
/// returned, not [complete](Sequence::is_complete).
pub fn compute_with(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    start: &[u32],
    observe: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Sequence, SequenceError> {
    compute_spilled(rule, to, options, None, Start::Values(start), observe)
}

/// [`compute_with`] for a caller that stops a run from another thread (an
/// interpreter's Ctrl-C): once `stop` is raised the run ends within
/// milliseconds, even in the middle of a heap of the naive engine, and
/// returns the sequence computed so far (not
/// [complete](Sequence::is_complete): a checkpoint to continue from with
/// `start`). Between chunks the other engines stop as [`compute_with`]
/// does.
pub fn compute_stoppable(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    start: Start,
    observe: &mut dyn FnMut(&Progress) -> bool,
    stop: &AtomicBool,
) -> Result<Sequence, SequenceError> {
    compute_from(rule, to, options, None, start, observe, Some(stop))
}

/// [`compute_with`], the rare/common engine keeping its values in a file
/// with only the hot part resident when `spill` is given (see
/// [`crate::heap::rc::Cells`]); the values are the same. The other engines
/// keep theirs in memory.
pub fn compute_spilled(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    spill: Option<&Spill>,
    start: Start,
    observe: &mut dyn FnMut(&Progress) -> bool,
) -> Result<Sequence, SequenceError> {
    compute_from(rule, to, options, spill, start, observe, None)
}

/// [`compute_spilled`], stopping early once `stop` is raised.
fn compute_from(
    rule: &HeapRule,
    to: u64,
    options: &Options,
    spill: Option<&Spill>,
    start: Start,
    observe: &mut dyn FnMut(&Progress) -> bool,
    stop: Option<&AtomicBool>,
) -> Result<Sequence, SequenceError> {
    check(rule, to, options.method)?;
    let scale = rule.scale() as usize;
    let window = Window::for_rule(rule);
    let to_heap = to as usize;
    // The values of a scaled rule are not its engine's; such runs start over.
    let start = if scale == 1 {
        start
    } else {
        Start::Values(&[])
    };
    let mut engine = Engine::new(rule, options.method, start, spill)?;
    let mut look = FIRST_LOOK;
    let mut period = None;
    let mut arithmetic_end: Option<u64> = None;
    loop {
        let target =
            if window == Window::Unknown && !(options.until_proven && Window::may_prove(rule)) {
                to_heap
            } else {
                look.min(to_heap)
            };
        if !advance(
            &mut engine,
            target,
            scale,
            to,
            options.threads,
            observe,
            stop,
        ) {
            break;
        }
        let mut next = look.saturating_add(look / 2);
        if options.until_proven && Window::saltus_possible(rule) {
            if let Some(end) = growing(rule, |n| engine.value(n), target)? {
                arithmetic_end = Some(end);
                break;
            }
        }
        if window != Window::Unknown {
            let found = analyze_with(target + 1, |n| engine.value(n), window, false);
            period = proven(&found, target);
            if period.is_some() {
                break;
            }
            // A repetition already seen is proven, if it lasts, at the end
            // of its window: look there rather than up to half as far again.
            if let (Status::Observed, Some(need)) = (found.status, found.values_for_proof) {
                let last = usize::try_from(need - 1).unwrap_or(usize::MAX);
                if last > target && last < next {
                    next = last;
                }
            }
        }
        if target >= to_heap {
            break;
        }
        look = next;
    }
    // The engine may have gone past both `to` and the least heap carrying
    // the proof (it works a block at a time): the values and the figures
    // end where the sequence does.
    let mut computed = (engine.last() / scale).min(to_heap);
    let mut to = to;
    if options.until_proven && period.is_some() {
        if let Some((last, p)) = proof_point(|n| engine.value(n * scale), computed, window) {
            (computed, to, period) = (last, last as u64, Some(p));
        }
    }
    if let Some(end) = arithmetic_end {
        // The values an arithmetic period's proof reads: G(0..end).
        computed = computed.min(end.saturating_sub(1) as usize);
        to = computed as u64;
    }
    Ok(Sequence {
        rule: rule.clone(),
        to,
        stats: engine.stats_over(computed, scale),
        engine: engine.kind(),
        values: engine.into_values(scale, computed),
        period,
    })
}

/// Computes heaps up to `target` (as the user counts them) chunk by chunk,
/// calling `observe` after each; false when it asked to stop.
fn advance(
    engine: &mut Engine,
    target: usize,
    scale: usize,
    to: u64,
    threads: usize,
    observe: &mut dyn FnMut(&Progress) -> bool,
    stop: Option<&AtomicBool>,
) -> bool {
    let goal = target * scale;
    engine.reserve(goal);
    while engine.last() < goal {
        let next = if engine.whole() {
            goal
        } else {
            ((engine.last() / CHUNK + 1) * CHUNK).min(goal)
        };
        engine.extend_to(next, threads, stop);
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return false;
        }
        let e = &*engine;
        let progress = Progress {
            done: e.last() / scale,
            target: to,
            stats: e.stats(),
            value: &|n| e.value(n * scale),
        };
        if !observe(&progress) {
            return false;
        }
    }
    true
}

/// The periodicity theorem's proof over `g(0..=last)`, if it holds.
fn prove(g: impl Fn(usize) -> u32, last: usize, window: Window) -> Option<ProvenPeriod> {
    proven(&analyze_with(last + 1, g, window, false), last)
}

/// The proof in the analysis `p` of `G(0..=last)`, if it holds.
fn proven(p: &Periodicity, last: usize) -> Option<ProvenPeriod> {
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::Proven, Some(i), Some(p), Some(0)) => Some(ProvenPeriod {
            preperiod: i as usize,
            period: p as usize,
            proven_at: last,
        }),
        _ => None,
    }
}

/// Values a run looking for a proof computes before it calls growing
/// values a saltus rather than a passing stretch.
const GROWING_FROM: usize = 1000;

/// Refuses to go on looking for a proof over `g(0..=last)` when the values
/// grow by a saltus over at least half of them, at least [`GROWING_FROM`]
/// values in: a period would never be proven, and no theorem here proves
/// arithmetic periodicity.
fn growing(
    rule: &HeapRule,
    g: impl Fn(usize) -> u32,
    last: usize,
) -> Result<Option<u64>, SequenceError> {
    let p = analyze_with(last + 1, &g, Window::Unknown, true);
    if let Some(proof) = arithmetic_proof(rule, last + 1, &g, &p) {
        return Ok(Some(proof.window_end));
    }
    if last < GROWING_FROM {
        return Ok(None);
    }
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::Observed, Some(preperiod), Some(period), Some(saltus))
            if saltus != 0 && 2 * preperiod <= last as u64 =>
        {
            Err(SequenceError::Unprovable {
                preperiod,
                period,
                saltus,
                at: last as u64,
            })
        }
        _ => Ok(None),
    }
}

/// The least heap that carries the proof of the period of `g(0..=last)`
/// and the proof there, when it comes before `last`: where a run with
/// `until_proven` ends its sequence.
fn proof_point(
    g: impl Fn(usize) -> u32 + Copy,
    last: usize,
    window: Window,
) -> Option<(usize, ProvenPeriod)> {
    let need = analyze_with(last + 1, g, window, true).values_for_proof? as usize;
    // `need` values are `g(0..=need - 1)`: the proof may end at `last` itself.
    if need == 0 || need > last + 1 {
        return None;
    }
    prove(g, need - 1, window).map(|p| (need - 1, p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::{code_sequence, NaiveEngine};
    use proptest::prelude::*;

    #[test]
    fn proven_periods_extend_to_the_same_values() {
        for code in ["0.07", "0.77", "0.137", "0.16", "0.51", "0.3"] {
            let rule: HeapRule = code.parse().unwrap();
            let fast = compute(&rule, 20_000, &Options::default()).unwrap();
            let mut plain = NaiveEngine::new(&rule);
            plain.extend_to(20_000);
            assert_eq!(fast, plain.into_values(), "{code}");
        }
    }

    /// A stop raised from another thread ends a naive run within its
    /// heaps (each of the last has some 10^8 options), and the run is
    /// returned incomplete.
    #[test]
    fn a_raised_stop_ends_a_naive_run_at_once() {
        let rule: HeapRule = "0.8".parse().unwrap();
        let stop = AtomicBool::new(false);
        let options = Options {
            method: Method::Naive,
            ..Options::default()
        };
        let t = std::time::Instant::now();
        let s = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(300));
                stop.store(true, Ordering::Relaxed);
            });
            let mut observe = |_: &Progress| !stop.load(Ordering::Relaxed);
            compute_stoppable(
                &rule,
                100_000,
                &options,
                Start::Values(&[]),
                &mut observe,
                &stop,
            )
            .unwrap()
        });
        assert!(!s.is_complete() && s.computed() < 100_000);
        // The whole run takes hours; a stop is seen within milliseconds.
        assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
    }

    #[test]
    fn until_proven_stops_at_the_proof() {
        let k: HeapRule = "kayles".parse().unwrap();
        let opts = Options {
            until_proven: true,
            ..Options::default()
        };
        let g = compute(&k, 100_000, &opts).unwrap();
        // Proof for period 12 from 71: n < 2*71 + 12 + 2 = 156, values to 167.
        assert_eq!(g.len(), 168);
        let full = compute(&k, 167, &Options::default()).unwrap();
        assert_eq!(g, full);
    }

    /// A run whose last look lands on the very heap that completes the
    /// proof ends there, not at the heap it was asked for.
    #[test]
    fn the_proof_may_end_at_the_last_heap() {
        let g = compute(&"kayles".parse().unwrap(), 167, &Options::default()).unwrap();
        let window = Window::Octal {
            max_removal: 2,
            parts: 2,
        };
        let (last, p) = proof_point(|n| g[n], 167, window).unwrap();
        assert_eq!(
            (last, p.preperiod, p.period, p.proven_at),
            (167, 71, 12, 167)
        );
        assert_eq!(proof_point(|n| g[n], 166, window), None);
    }

    #[test]
    fn until_proven_refuses_growing_values() {
        // 0.8f: G(n + 7) = G(n) + 4 from n = 7 as far as computed, with
        // values before the second period above the saltus: the levels
        // test does not cover it, and no period can be proven. 0.8's
        // saltus is proven, and the run stops at its window.
        let opts = Options {
            until_proven: true,
            ..Options::default()
        };
        let s = compute(&"0.8".parse().unwrap(), 1_000_000, &opts).unwrap();
        assert_eq!(s.len(), 25);
        let e = compute(&"0.8f".parse().unwrap(), 1_000_000, &opts).unwrap_err();
        assert_eq!(
            e,
            SequenceError::Unprovable {
                preperiod: 7,
                period: 7,
                saltus: 4,
                at: 1296
            }
        );
        // Without --until-proven the run goes to the end and sees the
        // saltus, proven.
        let s = compute_with(
            &"0.8".parse().unwrap(),
            60,
            &Options::default(),
            &[],
            &mut |_| true,
        )
        .unwrap();
        assert_eq!(s.to, 60);
        let p = s.periodicity();
        assert_eq!(p.status, Status::Proven);
        assert_eq!(
            (p.preperiod, p.period, p.saltus),
            (Some(1), Some(3), Some(1))
        );
        // So does 0.3f (period 6, saltus 3); a hexadecimal code with a
        // period (0.a: 0, then 0 1 repeated) is still proven.
        let e = compute(&"0.3f".parse().unwrap(), 1_000_000, &opts).unwrap_err();
        assert!(
            matches!(
                e,
                SequenceError::Unprovable {
                    period: 6,
                    saltus: 3,
                    ..
                }
            ),
            "{e:?}"
        );
        let s = compute_with(&"0.a".parse().unwrap(), 100_000, &opts, &[], &mut |_| true).unwrap();
        assert!(s.period.is_some());
    }

    #[test]
    fn periodic_games_stop_early() {
        let rule: HeapRule = "0.16".parse().unwrap();
        let s = compute_with(&rule, 4_000_000_000, &Options::default(), &[], &mut |_| {
            true
        })
        .unwrap();
        let p = s.period.unwrap();
        assert_eq!((p.preperiod, p.period), (105351, 149459));
        assert!(s.computed() < 1_000_000);
        assert_eq!(s.engine, EngineKind::Rc);
    }

    #[test]
    fn stopped_and_resumed_runs_give_the_same_values() {
        let rule: HeapRule = "4!.0".parse().unwrap();
        let o = Options::default();
        let whole = compute(&rule, 300_000, &o).unwrap();
        let mut calls = 0;
        let part = compute_with(&rule, 300_000, &o, &[], &mut |p| {
            calls += 1;
            p.done < 2 * CHUNK
        })
        .unwrap();
        assert_eq!(part.computed(), 2 * CHUNK);
        assert!(!part.is_complete());
        let start: Vec<u32> = (0..=part.computed()).map(|x| part.values.get(x)).collect();
        let resumed = compute_with(&rule, 300_000, &o, &start, &mut |_| true).unwrap();
        assert_eq!(resumed.to_vec(), whole);
        assert!(calls >= 2);
        let naive = Options {
            method: Method::Naive,
            ..o
        };
        let resumed = compute_with(&rule, 5000, &naive, &start[..3000], &mut |_| true).unwrap();
        assert_eq!(resumed.to_vec(), whole[..=5000]);
    }

    /// A run resumed from a file read value by value, into memory or into
    /// a file, gives the values of a run from the start.
    #[cfg(feature = "files")]
    #[test]
    fn runs_resume_from_a_file() {
        let rule: HeapRule = "4!.0".parse().unwrap();
        let o = Options::default();
        let whole = compute(&rule, 300_000, &o).unwrap();
        let start = &whole[..=2 * CHUNK];
        let dir = std::env::temp_dir().join(format!("grundy-start-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("part.gsq");
        crate::heap::store::write(&file, "4!.0", start).unwrap();
        let spill = Spill {
            dir: dir.clone(),
            resident: 1 << 20,
            every: std::time::Duration::from_millis(10),
        };
        for (method, spill) in [
            (Method::Auto, None),
            (Method::Auto, Some(&spill)),
            (Method::Naive, None),
        ] {
            let o = Options { method, ..o };
            let to = if method == Method::Naive {
                140_000
            } else {
                300_000
            };
            let resumed =
                compute_spilled(&rule, to, &o, spill, Start::File(&file), &mut |_| true).unwrap();
            assert_eq!(resumed.to_vec(), whole[..=to as usize]);
        }
        // A file that cannot be read is an error, not a shorter start.
        let gone = dir.join("gone.gsq");
        let e = compute_spilled(&rule, 10, &o, None, Start::File(&gone), &mut |_| true);
        assert!(matches!(e, Err(SequenceError::Store(m)) if m.contains("gone.gsq")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn engines_agree() {
        let big: Vec<String> = (1..=80).map(|s| (s * 7 % 97 + 1).to_string()).collect();
        let big = format!("sub:{}", big.join(","));
        let windows: Vec<String> = (1..=700)
            .map(|i| format!("{}..{}", (i + 1) / 2, i))
            .collect();
        let windows = format!("ranges:{}", windows.join(","));
        for code in [
            "0.6", "0.376", "4!.0", "0.8", "0.[3]", "triomino", &big, &windows,
        ] {
            let r: HeapRule = code.parse().unwrap();
            let by = |method| {
                let o = Options {
                    method,
                    ..Options::default()
                };
                compute(&r, 700, &o).unwrap()
            };
            assert_eq!(by(Method::Naive), by(Method::Rc), "{code}");
            assert_eq!(by(Method::Naive), by(Method::Auto), "{code}");
            let threaded = Options {
                threads: 3,
                ..Options::default()
            };
            assert_eq!(
                by(Method::Naive),
                compute(&r, 700, &threaded).unwrap(),
                "{code}"
            );
        }
    }

    #[test]
    fn refusals() {
        let k: HeapRule = "kayles".parse().unwrap();
        assert!(matches!(
            compute(&k, 1 << 40, &Options::default()),
            Err(SequenceError::TooLarge { .. })
        ));
        let t: HeapRule = "triomino".parse().unwrap();
        assert_eq!(max_heap(&t, Method::Naive), u32::MAX as u64 / 2);
        assert_eq!(max_heap(&t, Method::Auto), RC_HEAPS / 2);
        let sub: HeapRule = "sub:1,2".parse().unwrap();
        assert!(matches!(
            compute(&sub, 1 << 32, &Options::default()),
            Err(SequenceError::TooLarge { limit, .. }) if limit == u32::MAX as u64
        ));
        // The same bound as a single heap's analysis.
        let s = compute_with(&k, u32::MAX as u64, &Options::default(), &[], &mut |_| true).unwrap();
        assert_eq!(
            s.value(u32::MAX as u64),
            Some(s.value(u32::MAX as u64 - 12).unwrap())
        );
        let r: HeapRule = "ranges:1..1,1..2".parse().unwrap();
        assert!(matches!(
            compute(&r, 3, &Options::default()),
            Err(SequenceError::RangesTooShort { defined: 2, .. })
        ));
        assert_eq!(memory_estimate(&k, 1000, Method::Auto), 1001 * 6);
        assert_eq!(memory_estimate(&k, 1000, Method::Naive), 1001 * 8);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        #[test]
        fn extrapolated_values_are_the_values(d in proptest::collection::vec(0u8..8, 1..4), n in 300usize..1500) {
            let code = format!("0.{}", d.iter().map(|x| x.to_string()).collect::<String>());
            let rule: HeapRule = code.parse().unwrap();
            let s = compute_with(&rule, 20 * n as u64, &Options::default(), &[], &mut |_| true).unwrap();
            let g = code_sequence(&code.parse().unwrap(), n);
            for (x, &v) in g.iter().enumerate() {
                prop_assert_eq!(s.value(x as u64), Some(v), "{} at {}", code, x);
            }
            if s.period.is_some() {
                let full = Sequence::from_values(rule, s.to_vec());
                prop_assert_eq!(s.figures(), full.figures(), "{}", code);
            }
        }
    }
}
