//! Whether the second thread pays, measured as the run goes.
//!
//! A second thread helps only when it has a core to itself and the code
//! leaves it enough work: on a machine shared with other work, or on a code
//! whose heaps are settled by pairs with the last few values (nothing a
//! thread a block ahead can do), two threads are slower than one. So the
//! run measures instead of guessing: every [`CYCLE`] it runs a short probe
//! on each side, in heaps per second of wall time, and goes on with the
//! faster. Two threads must be [`MARGIN`] faster to be kept, since they
//! cost more CPU time for the same heaps. At worst a cycle spends one probe
//! on the slower side, a few per cent of the run.
//!
//! ```
//! # use std::time::{Duration, Instant};
//! # use grundy::heap::rc::Governor;
//! let t = Instant::now();
//! let mut g = Governor::new(t, 0);
//! let ms = |m| t + Duration::from_millis(m);
//! assert!(g.two_threads(ms(0), 0)); // the first probe: two threads
//! assert!(!g.two_threads(ms(250), 1500)); // then one
//! // Two threads went 6,000 heaps a second, one 4,000: two it is.
//! assert!(g.two_threads(ms(500), 2500));
//! ```

use std::time::{Duration, Instant};

/// How long each probe lasts.
pub const PROBE: Duration = Duration::from_millis(250);
/// Probes and the run on the faster side, together.
pub const CYCLE: Duration = Duration::from_secs(5);
/// How much faster two threads must go to be kept.
pub const MARGIN: f64 = 1.05;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// Measuring two threads, then one.
    Probe { two: bool },
    /// Going on with the faster side until the cycle ends.
    Run { two: bool },
}

/// Chooses, block by block, between one thread and two (see the module).
#[derive(Clone, Debug)]
pub struct Governor {
    phase: Phase,
    since: Instant,
    heap: usize,
    cycle: Instant,
    two_rate: f64,
}

impl Governor {
    /// Starts a cycle at `now`, with heaps below `heap` already done.
    pub fn new(now: Instant, heap: usize) -> Self {
        Governor {
            phase: Phase::Probe { two: true },
            since: now,
            heap,
            cycle: now,
            two_rate: 0.0,
        }
    }

    /// Whether the block starting at `heap` goes on two threads.
    pub fn two_threads(&mut self, now: Instant, heap: usize) -> bool {
        let spent = now.saturating_duration_since(self.since);
        let rate = || (heap - self.heap) as f64 / spent.as_secs_f64().max(1e-9);
        match self.phase {
            Phase::Probe { two: true } if spent >= PROBE => {
                self.two_rate = rate();
                self.begin(Phase::Probe { two: false }, now, heap);
            }
            Phase::Probe { two: false } if spent >= PROBE => {
                let two = self.two_rate > rate() * MARGIN;
                self.begin(Phase::Run { two }, now, heap);
            }
            Phase::Run { .. } if now.saturating_duration_since(self.cycle) >= CYCLE => {
                self.cycle = now;
                self.begin(Phase::Probe { two: true }, now, heap);
            }
            _ => {}
        }
        match self.phase {
            Phase::Probe { two } | Phase::Run { two } => two,
        }
    }

    fn begin(&mut self, phase: Phase, now: Instant, heap: usize) {
        self.phase = phase;
        self.since = now;
        self.heap = heap;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drives a governor with a fixed rate for each side: returns the
    /// fraction of heaps done on two threads over `secs` seconds.
    fn share_of_two(one: f64, two: f64, secs: f64) -> f64 {
        let t0 = Instant::now();
        let mut g = Governor::new(t0, 0);
        let (mut t, mut heap, mut on_two) = (0.0f64, 0usize, 0usize);
        while t < secs {
            let now = t0 + Duration::from_secs_f64(t);
            let block = 1000;
            let rate = if g.two_threads(now, heap) {
                on_two += block;
                two
            } else {
                one
            };
            heap += block;
            t += block as f64 / rate;
        }
        on_two as f64 / heap as f64
    }

    #[test]
    fn the_faster_side_is_kept() {
        // Two threads twice as fast: all but one probe of each cycle.
        assert!(share_of_two(1e6, 2e6, 60.0) > 0.9);
        // Two threads slower (a shared machine): only their probes.
        assert!(share_of_two(1e6, 0.5e6, 60.0) < 0.05);
        // Level: one thread, which costs less CPU time.
        assert!(share_of_two(1e6, 1.02e6, 60.0) < 0.1);
    }

    #[test]
    fn the_slower_side_costs_little() {
        // Wall time against always taking the faster side.
        for (one, two) in [(1e6, 2e6), (1e6, 0.5e6), (1e6, 0.25e6)] {
            let t0 = Instant::now();
            let mut g = Governor::new(t0, 0);
            let (mut t, mut heap) = (0.0f64, 0usize);
            let n = 60_000_000usize;
            while heap < n {
                let now = t0 + Duration::from_secs_f64(t);
                let rate = if g.two_threads(now, heap) { two } else { one };
                heap += 1000;
                t += 1000.0 / rate;
            }
            let best = n as f64 / f64::max(one, two);
            assert!(t <= best * 1.1, "{one} {two}: {t} s against {best} s");
        }
    }
}
