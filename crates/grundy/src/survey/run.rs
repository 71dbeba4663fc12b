//! Computing a survey's records: [`survey_code`] for one code, [`run`] for
//! a list, several codes at a time, each on one thread of its own (the
//! codes are independent, so this uses every core without any engine
//! needing more than one).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Record, SurveyStatus};
use crate::heap::periodicity::Status;
use crate::heap::rule::{HeapRule, RuleKind};
use crate::heap::sequence::{self, Method, Options, SequenceError};

/// Whether `rule` allows no move from any heap.
fn no_moves(rule: &HeapRule) -> bool {
    match rule.kind() {
        RuleKind::Code(c) => c.digits.iter().all(|d| d.bits == 0),
        RuleKind::Subtract(set) => set.is_empty(),
        _ => false,
    }
}

/// The record of `code` surveyed up to heap `to`: the sequence computed by
/// the automatic engine choice on one thread until a periodicity theorem
/// proves the period (the sequence then ends at the least heap carrying
/// the proof, as `grundy seq --until-proven` ends it) or `to` is reached.
/// `None` when `stop` said to stop before the end.
pub fn survey_code(code: &str, to: u64, stop: &dyn Fn() -> bool) -> Option<Record> {
    survey_code_with(code, to, stop, &mut |_| {})
}

/// [`survey_code`], telling `progress` the last heap computed now and then.
pub fn survey_code_with(
    code: &str,
    to: u64,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(u64),
) -> Option<Record> {
    let began = Instant::now();
    let rule: HeapRule = match code.parse() {
        Ok(r) => r,
        Err(e) => {
            return Some(Record::failed(
                code,
                to,
                SurveyStatus::Invalid,
                format!("{e}"),
            ))
        }
    };
    if no_moves(&rule) {
        let mut r = Record::failed(code, to, SurveyStatus::NoMoves, String::new());
        r.error = None;
        (r.period, r.preperiod, r.saltus) = (Some(1), Some(0), Some(0));
        (r.computed, r.max_value) = (Some(0), Some(0));
        r.checksum = Some(format!("{:08X}", crate::heap::store::fletcher(&[0])));
        return Some(r);
    }
    let mut stopped = false;
    let mut observe = |p: &sequence::Progress| {
        progress(p.done as u64);
        stopped = stop();
        !stopped
    };
    let mut options = Options {
        method: Method::Auto,
        threads: 1,
        until_proven: true,
    };
    let mut result = sequence::compute_with(&rule, to, &options, &[], &mut observe);
    if let Err(SequenceError::Unprovable { .. }) = result {
        // Values growing by a saltus: no proof will come, so all of 0..=to.
        options.until_proven = false;
        result = sequence::compute_with(&rule, to, &options, &[], &mut observe);
    }
    let s = match result {
        Ok(s) => s,
        Err(e) => {
            return Some(Record::failed(
                code,
                to,
                SurveyStatus::Refused,
                e.to_string(),
            ))
        }
    };
    if stopped {
        return None;
    }
    let p = s.periodicity();
    let f = s.figures();
    let stats = s.stats.as_ref();
    Some(Record {
        code: code.to_string(),
        to,
        status: match p.status {
            Status::Proven => SurveyStatus::Proven,
            Status::Observed => SurveyStatus::Observed,
            Status::None => SurveyStatus::None,
        },
        period: p.period,
        preperiod: p.preperiod,
        saltus: p.saltus,
        computed: Some(s.to),
        max_value: Some(f.max_value),
        engine: serde_json::to_value(s.engine)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string)),
        rare_mask: stats.and_then(|st| st.split.map(|m| m.mask)),
        rare_parity: stats.and_then(|st| st.split.map(|m| m.domain)),
        rare_count: stats.map(|st| st.rare_count as u64),
        last_rare: stats.and_then(|st| st.last_rare.map(|r| r as u64)),
        checksum: Some(format!("{:08X}", f.checksum)),
        seconds: began.elapsed().as_secs_f64(),
        error: None,
    })
}

/// What [`run`] reports as it goes.
pub enum Event<'a> {
    /// A code is done.
    Done(Box<Record>),
    /// Now and then: the codes being computed, as (code, last heap computed).
    Running(&'a [(String, u64)]),
}

/// Surveys `codes` up to heap `to` on `workers` threads, each taking the
/// next code not yet taken, and hands every finished record to `event` on
/// the calling thread (in the order they finish), with a
/// [`Event::Running`] report every `tick`. Stops early, leaving the codes
/// under way unrecorded, once `stop` is raised or `event` returns false.
pub fn run(
    codes: &[String],
    to: u64,
    workers: usize,
    stop: &AtomicBool,
    tick: Duration,
    event: &mut dyn FnMut(Event) -> bool,
) {
    let halt = AtomicBool::new(false);
    let halted = || halt.load(Ordering::SeqCst) || stop.load(Ordering::SeqCst);
    #[cfg(feature = "threads")]
    {
        use std::sync::atomic::{AtomicU64, AtomicUsize};
        let workers = workers.clamp(1, codes.len().max(1));
        let next = AtomicUsize::new(0);
        // Per worker: the code under way (an index, or usize::MAX) and its heap.
        let current: Vec<(AtomicUsize, AtomicU64)> = (0..workers)
            .map(|_| (AtomicUsize::new(usize::MAX), AtomicU64::new(0)))
            .collect();
        let (tx, rx) = std::sync::mpsc::channel::<Record>();
        std::thread::scope(|scope| {
            for slot in &current {
                let tx = tx.clone();
                let (next, halted) = (&next, &halted);
                scope.spawn(move || loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    if k >= codes.len() || halted() {
                        slot.0.store(usize::MAX, Ordering::SeqCst);
                        break;
                    }
                    slot.1.store(0, Ordering::SeqCst);
                    slot.0.store(k, Ordering::SeqCst);
                    let mut heap = |n: u64| slot.1.store(n, Ordering::Relaxed);
                    match survey_code_with(&codes[k], to, halted, &mut heap) {
                        Some(r) => {
                            if tx.send(r).is_err() {
                                break;
                            }
                        }
                        None => break,
                    }
                });
            }
            drop(tx);
            let mut last_tick = Instant::now();
            loop {
                match rx.recv_timeout(tick.min(Duration::from_millis(200))) {
                    Ok(r) => {
                        if !event(Event::Done(Box::new(r))) {
                            halt.store(true, Ordering::SeqCst);
                        }
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
                }
                if last_tick.elapsed() >= tick {
                    last_tick = Instant::now();
                    let running: Vec<(String, u64)> = current
                        .iter()
                        .filter_map(|(k, n)| {
                            let k = k.load(Ordering::SeqCst);
                            codes.get(k).map(|c| (c.clone(), n.load(Ordering::Relaxed)))
                        })
                        .collect();
                    if !running.is_empty() && !event(Event::Running(&running)) {
                        halt.store(true, Ordering::SeqCst);
                    }
                }
            }
        });
    }
    #[cfg(not(feature = "threads"))]
    {
        let _ = (workers, tick);
        for code in codes {
            if halted() {
                break;
            }
            match survey_code(code, to, &halted) {
                Some(r) => {
                    if !event(Event::Done(Box::new(r))) {
                        break;
                    }
                }
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::NaiveEngine;
    use crate::heap::store::fletcher;

    fn all(codes: &[&str], to: u64, workers: usize) -> Vec<Record> {
        let codes: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        let mut got = Vec::new();
        let stop = AtomicBool::new(false);
        run(
            &codes,
            to,
            workers,
            &stop,
            Duration::from_secs(60),
            &mut |e| {
                if let Event::Done(r) = e {
                    got.push(*r);
                }
                true
            },
        );
        got.sort_by(|a, b| a.code.cmp(&b.code));
        got
    }

    /// The record's figures, checked against the plain mex recursion over
    /// the heaps the record says were computed.
    #[test]
    fn records_agree_with_the_reference_engine() {
        let codes = crate::survey::pattern::expand("0.??").unwrap();
        let refs: Vec<&str> = codes.iter().map(String::as_str).collect();
        for r in all(&refs, 3000, 2) {
            let rule: HeapRule = r.code.parse().unwrap();
            let last = r.computed.unwrap();
            let mut e = NaiveEngine::from_values(&rule, &[]);
            e.extend_to(last as u32);
            let g = &e.values()[..=last as usize];
            assert_eq!(
                r.checksum.as_deref(),
                Some(format!("{:08X}", fletcher(g)).as_str()),
                "{}",
                r.code
            );
            assert_eq!(r.max_value, g.iter().copied().max(), "{}", r.code);
            assert!(last <= r.to, "{}", r.code);
            rare_figures_hold(&r, g);
            if r.status == SurveyStatus::Proven || r.status == SurveyStatus::NoMoves {
                let (n0, p) = (r.preperiod.unwrap() as usize, r.period.unwrap() as usize);
                for n in n0..g.len() - p {
                    assert_eq!(g[n], g[n + p], "{} at {n}", r.code);
                }
            }
        }
    }

    /// The rare/common figures of a record say what the survey's documents
    /// say: `rare_count` heaps of `1..=computed` are rare, the last of them
    /// `last_rare`; recounted from the values where the mask alone decides
    /// (no mask: every heap is rare). Other engines have none.
    fn rare_figures_hold(r: &Record, g: &[u32]) {
        let last = g.len() as u64 - 1;
        if r.engine.as_deref() != Some("rc") {
            assert_eq!((r.rare_mask, r.rare_count, r.last_rare), (None, None, None));
            return;
        }
        let count = r.rare_count.unwrap();
        assert!(
            count <= last,
            "{}: {count} rare heaps in 1..={last}",
            r.code
        );
        assert!(r.last_rare.is_none_or(|l| (1..=last).contains(&l)), "{r:?}");
        assert_eq!(count == 0, r.last_rare.is_none(), "{}", r.code);
        let rare: Vec<u64> = match (r.rare_mask, r.rare_parity) {
            (None, _) => (1..=last).collect(),
            (Some(mask), Some(false)) => (1..=last)
                .filter(|&n| (g[n as usize] & mask).count_ones().is_multiple_of(2))
                .collect(),
            _ => return,
        };
        assert_eq!(count, rare.len() as u64, "{}", r.code);
        assert_eq!(r.last_rare, rare.last().copied(), "{}", r.code);
    }

    #[test]
    fn workers_do_not_change_the_records() {
        let codes = ["0.07", "0.16", "0.77", "4.7", "0.00", "1.0", "8.0"];
        let one = all(&codes, 2000, 1);
        let two = all(&codes, 2000, 2);
        assert_eq!(one.len(), codes.len());
        for (a, b) in one.iter().zip(&two) {
            assert!(a.same_result(b), "{a:?} {b:?}");
        }
        let by = |c: &str| one.iter().find(|r| r.code == c).unwrap().clone();
        assert_eq!(by("1.0").status, SurveyStatus::Invalid);
        assert!(by("1.0")
            .error
            .as_deref()
            .unwrap()
            .contains("before the point"));
        let hex = by("8.0");
        // G(n + 2) = G(n) + 1, proven by the levels test.
        assert_eq!((hex.status, hex.saltus), (SurveyStatus::Proven, Some(1)));
        // The run stops at the window of the proof, G(0..14), as for a period.
        assert_eq!(hex.computed, Some(14));
        assert_eq!(by("0.00").status, SurveyStatus::NoMoves);
    }

    #[test]
    fn a_raised_stop_leaves_the_codes_unrecorded() {
        let codes: Vec<String> = vec!["0.16".into(), "0.56".into()];
        let stop = AtomicBool::new(true);
        let mut got = 0;
        run(
            &codes,
            1_000_000,
            2,
            &stop,
            Duration::from_secs(60),
            &mut |_| {
                got += 1;
                true
            },
        );
        assert_eq!(got, 0);
        assert!(survey_code("0.16", 1_000_000, &|| true).is_none());
    }

    #[test]
    fn sizes_past_the_engines_are_refused_per_code() {
        let r = survey_code("0.07", u64::MAX, &|| false).unwrap();
        assert_eq!(r.status, SurveyStatus::Refused);
        assert!(r.error.unwrap().contains("too large"));
    }
}
