//! The report of a frontier run, as a serde struct (`grundy frontier
//! --json`, with stable field names) and as text.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Outcome, Repetition};
use crate::heap::rc::{RcStats, Window};

/// What `grundy frontier --json` prints.
#[derive(Serialize, Debug)]
pub struct FrontierReport {
    /// The rule, as written.
    pub rule: String,
    /// The last heap computed.
    pub done: u64,
    /// `G(done)`.
    pub value: u32,
    /// Whether the run reached the heap it was asked for.
    pub complete: bool,
    /// The window once entered (`null` for a run kept whole in memory).
    pub window: Option<Window>,
    /// Fletcher's checksum of `G(0..=done)`.
    pub checksum: String,
    /// The largest value and its first heap.
    pub max_value: u32,
    /// Where the largest value first occurs.
    pub max_at: u64,
    /// The rare positions with their values.
    pub rare: Vec<(u64, u32)>,
    /// A repetition seen by the hash check (evidence of a period, not a
    /// proof), if any.
    pub repetition: Option<Repetition>,
    /// Counts over `G(1..=n)` at every power of two `n` reached.
    pub frequencies: Vec<super::Frequencies>,
    /// Block checksums.
    pub blocks: Vec<super::Block>,
    /// The engine's figures.
    pub stats: RcStats,
    /// Heaps this process computed.
    pub computed: u64,
}

/// The report of `outcome`.
pub fn report(outcome: &Outcome) -> FrontierReport {
    let r = &outcome.records;
    FrontierReport {
        rule: r.rule.clone(),
        done: r.done.unwrap_or(0),
        value: outcome.value,
        complete: outcome.complete,
        window: outcome.window,
        checksum: r.checksum.clone(),
        max_value: r.max_value,
        max_at: r.max_at,
        rare: r.rare.clone(),
        repetition: outcome.repetition,
        frequencies: r.frequencies.clone(),
        blocks: r.blocks.clone(),
        stats: outcome.stats.clone(),
        computed: outcome.computed,
    }
}

/// The report as text: the figures, not the tables (they go to files).
pub fn text(r: &FrontierReport) -> String {
    let mut t = String::new();
    let state = if r.complete {
        ""
    } else {
        " (stopped; resume from the checkpoint)"
    };
    let _ = writeln!(t, "{}: G(0..={}){state}", r.rule, r.done);
    let _ = writeln!(t, "G({}) = {}", r.done, r.value);
    match r.window {
        Some(w) => {
            let _ = writeln!(
                t,
                "window: heaps below {} and the last {} values kept",
                w.prefix, w.recent
            );
        }
        None => {
            let _ = writeln!(t, "window: none (every value kept)");
        }
    }
    let _ = writeln!(
        t,
        "largest value: {} (first at n = {})",
        r.max_value, r.max_at
    );
    let last = r
        .rare
        .last()
        .map_or("none".to_string(), |x| x.0.to_string());
    let _ = writeln!(t, "rare positions: {} (last {last})", r.rare.len());
    if let Some(s) = r.stats.split {
        let domain = if s.domain { " with heap parity" } else { "" };
        let _ = writeln!(t, "rare mask: {:#x}{domain}", s.mask);
    }
    match r.repetition {
        Some(p) => {
            let _ = writeln!(
                t,
                "repetition: distance {} seen {} times by hash, heaps {}..={} (evidence of a period, not a proof)",
                p.distance, p.times, p.first, p.last
            );
        }
        None => {
            let _ = writeln!(t, "repetition: none seen");
        }
    }
    let _ = writeln!(t, "blocks: {} checksums", r.blocks.len());
    let _ = writeln!(t, "pairs examined: {}", r.stats.pairs);
    let _ = writeln!(t, "checksum: {} (Fletcher, G(0..={}))", r.checksum, r.done);
    t
}
