//! `G(0..=N)` of a heap rule as a long run: every check made up front
//! (memory, disk, the files written, the file resumed from) by
//! [`SeqRequest::prepare`], then [`Prepared::run`] computes
//! ([`sequence::compute_spilled`], which stops once the period is proven)
//! while the `out` file takes the values as they come
//! ([`store::Writer`]), saves a checkpoint now and then and when the
//! cancel flag is raised, and ends the `out` file with the values that
//! follow from the period and the claim that proves it. [`read`] takes the
//! values from a file instead.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use grundy::job::seq::SeqRequest;
//! let request = SeqRequest::new("0.07".parse().unwrap(), 1_000_000);
//! let run = request.prepare().unwrap().run(&AtomicBool::new(false), &mut |_| {}).unwrap();
//! let p = run.sequence.period.unwrap();
//! assert_eq!((p.preperiod, p.period), (53, 34));
//! assert_eq!(run.sequence.to, 1_000_000);
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::files::{check_disk, identity, out_err, parent, read_store, scan_store, target};
use super::plan::{self, check_disks, Need, Plan};
use super::platform::{available_memory, available_space, device};
use super::{size, Error};
use crate::family::limits::check_values;
use crate::heap::periodicity::Window;
use crate::heap::rule::HeapRule;
use crate::heap::sequence::{self, Figures, Method, Options, Progress, Sequence, Start};
use crate::heap::store;

/// Last heap a run until the proof goes to without a last heap.
pub const PROVE_LIMIT: u64 = 1_000_000_000;

/// Bytes of text per listed value (digits, separator, the index of CSV
/// lines) counted when refusing a listing that would not fit in memory.
const TEXT_BYTES: u64 = 12;

/// Time between two checkpoints when none is asked for.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(300);

/// A run of `G(0..=to)` as asked for: the flags of `grundy seq`.
#[derive(Clone, Debug)]
pub struct SeqRequest {
    /// The rule.
    pub rule: HeapRule,
    /// The last heap ([`last_heap`] finds it when not given).
    pub to: u64,
    /// The first heap listed.
    pub from: u64,
    /// Stop as soon as the periodicity is proven.
    pub until_proven: bool,
    /// The engine.
    pub method: Method,
    /// Threads of the rare/common engine.
    pub threads: usize,
    /// Whether the values are listed as text (not a summary only).
    pub listed: bool,
    /// Whether the values are also drawn (held as numbers).
    pub drawn: bool,
    /// Most memory the run may keep resident (default: the memory
    /// available).
    pub memory: Option<u64>,
    /// Keep the values in a file in this directory, whatever their size.
    pub spill: Option<PathBuf>,
    /// The sequence file written as the values come.
    pub out: Option<PathBuf>,
    /// The file the values computed so far are saved to now and then.
    pub checkpoint: Option<PathBuf>,
    /// Least time between two checkpoints.
    pub checkpoint_every: Duration,
    /// The file a run continues from.
    pub resume: Option<PathBuf>,
}

impl SeqRequest {
    /// `G(0..=to)` of `rule`, summarised, in memory, no file.
    pub fn new(rule: HeapRule, to: u64) -> SeqRequest {
        SeqRequest {
            rule,
            to,
            from: 0,
            until_proven: false,
            method: Method::Auto,
            threads: 1,
            listed: false,
            drawn: false,
            memory: None,
            spill: None,
            out: None,
            checkpoint: None,
            checkpoint_every: CHECKPOINT_EVERY,
            resume: None,
        }
    }
}

/// The last heap of a run: `to` when given, else, for a run until the
/// proof of a rule a theorem covers, as far as the engine counts up to
/// [`PROVE_LIMIT`].
pub fn last_heap(
    rule: &HeapRule,
    to: Option<u64>,
    until_proven: bool,
    method: Method,
) -> Result<u64, Error> {
    match to {
        Some(t) => Ok(t),
        None if until_proven => {
            if !Window::may_prove(rule) {
                return Err(Error::new(format!(
                    "no periodicity theorem covers {rule}, so --until-proven needs --to N"
                )));
            }
            Ok(PROVE_LIMIT.min(sequence::max_heap(rule, method)))
        }
        None => Err(Error::new("give the last heap size with --to N")),
    }
}

/// Refuses a listing past the cap, and `from` past `to`.
pub fn check_listing(listed: bool, drawn: bool, from: u64, to: u64) -> Result<(), Error> {
    if from > to {
        return Err(Error::new(format!("--from {from} is past --to {to}")));
    }
    if listed || drawn {
        check_values((to - from).saturating_add(1))?;
    }
    Ok(())
}

/// A run checked and planned, ready to start.
#[derive(Debug)]
pub struct Prepared {
    request: SeqRequest,
    plan: Plan,
    /// The `out` file as it will be written.
    out: Option<PathBuf>,
    /// The checkpoint as it will be written.
    checkpoint: Option<PathBuf>,
    /// Whether what is listed is checked once the length is known.
    later: bool,
    /// The values resumed from, held in memory.
    start: Vec<u32>,
    /// The file resumed from, read in order as the engine takes it.
    resume_file: Option<PathBuf>,
}

impl SeqRequest {
    /// Checks the run up front: the engine's range, what the listing
    /// takes, memory and disk (see [`plan::plan`]), the files written and
    /// the file resumed from (read into memory unless the values go to a
    /// file).
    pub fn prepare(self) -> Result<Prepared, Error> {
        let (rule, to, from, method) = (&self.rule, self.to, self.from, self.method);
        // Past what the engine counts, values can only come from a proven
        // period: a rule a theorem may prove periodic runs as far as the
        // engine counts, and says so if no period is proven by then.
        let provable = Window::may_prove(rule);
        let engine_to = if Window::for_rule(rule) != Window::Unknown {
            to.min(sequence::max_heap(rule, method))
        } else {
            to
        };
        sequence::check(rule, engine_to, method)
            .map_err(|e| Error::new(format!("--to {to}: {e}")))?;
        let count = to.saturating_sub(from).saturating_add(1);
        // With until_proven the sequence usually ends long before `to`:
        // what it lists is checked once its length is known.
        let later = self.until_proven && provable;
        // Listed values are held as text; a picture holds them as numbers.
        let mut extra = 0u64;
        if self.listed && !later {
            extra = extra.saturating_add(count.saturating_mul(TEXT_BYTES));
        }
        if self.drawn && !later {
            extra = extra.saturating_add(count.saturating_mul(4));
        }
        let dir = plan::spill_dir(self.spill.as_deref(), self.out.as_deref());
        if self.spill.is_some() && !dir.is_dir() {
            return Err(Error::new(format!(
                "--spill {}: not a directory",
                dir.display()
            )));
        }
        if later && from > to {
            return Err(Error::new(format!("--from {from} is past --to {to}")));
        } else if !later {
            check_listing(self.listed, self.drawn, from, to)?;
        }
        let plan = plan::plan(&plan::Request {
            rule,
            to: engine_to,
            method,
            extra,
            limit: self.memory,
            forced: self.spill.is_some(),
            dir: &dir,
            have: available_memory(),
            disk: available_space(&dir),
        })?;
        let rule_text = rule.to_string();
        let out = match &self.out {
            Some(path) => {
                let out = target(path, "--out")?;
                check_disk(&out, &rule_text, to.saturating_add(1), 2)?;
                Some(out)
            }
            None => None,
        };
        let checkpoint = match &self.checkpoint {
            Some(path) => Some(target(path, "--checkpoint")?),
            None => None,
        };
        self.check_disks(&plan, out.as_deref(), checkpoint.as_deref())?;
        let mut prepared = Prepared {
            request: self,
            plan,
            out,
            checkpoint,
            later,
            start: Vec::new(),
            resume_file: None,
        };
        prepared.read_resumed()?;
        Ok(prepared)
    }

    /// Refuses files that together would not fit on their disks: the
    /// values file, `out` and the checkpoint (there twice while it is
    /// replaced) may share one.
    fn check_disks(&self, plan: &Plan, out: Option<&Path>, cp: Option<&Path>) -> Result<(), Error> {
        let file = store::file_size(&self.rule.to_string(), plan.reach.saturating_add(1), 2);
        let mut needs = Vec::new();
        if let Some(spill) = &plan.spill {
            needs.push(Need {
                dir: spill.dir.clone(),
                bytes: file,
                what: "the values file",
            });
        }
        if let Some(o) = out {
            needs.push(Need {
                dir: parent(o),
                bytes: file,
                what: "--out",
            });
        }
        if let Some(c) = cp {
            let old = std::fs::metadata(c).map_or(0, |m| m.len());
            needs.push(Need {
                dir: parent(c),
                bytes: file.saturating_mul(2).saturating_sub(old),
                what: "--checkpoint",
            });
        }
        check_disks(self.to, &needs, available_space, device)?;
        if let (Some(o), Some(c)) = (out, cp) {
            // The out file grows under its temporary name during the run,
            // the very name a checkpoint is saved under.
            if identity(o) == identity(c) {
                return Err(Error::new(format!(
                    "--out and --checkpoint name the same file {}; give two files",
                    o.display()
                )));
            }
        }
        Ok(())
    }
}

impl Prepared {
    /// A note on where the values go, their size and the time the run
    /// takes, when they go to a file.
    pub fn note(&self) -> Option<&str> {
        self.plan.note.as_deref()
    }

    /// The last heap the engine is run to (below the last heap asked for
    /// when the values do not fit and the rule may still be proven
    /// periodic).
    pub fn reach(&self) -> u64 {
        self.plan.reach
    }

    /// The `out` file as it will be written.
    pub fn out(&self) -> Option<&Path> {
        self.out.as_deref()
    }

    /// Whether a checkpoint is saved (and so the cancel flag stops the run
    /// with one to resume from).
    pub fn checkpoints(&self) -> bool {
        self.checkpoint.is_some()
    }

    /// A run whose values go to a file reads the one it resumes from in
    /// order as the engine takes them, holding none of it; others read it
    /// into memory first.
    fn read_resumed(&mut self) -> Result<(), Error> {
        let Some(path) = self.request.resume.clone() else {
            return Ok(());
        };
        let (held_rule, held) = match self.plan.spill {
            Some(_) => {
                let scanned = scan_store(&path)?;
                (scanned.header.rule, scanned.header.count)
            }
            None => {
                let stored = read_store(&path)?;
                let held = stored.values.len() as u64;
                self.start = stored.values;
                (stored.rule, held)
            }
        };
        let (rule_text, to) = (self.request.rule.to_string(), self.request.to);
        if held_rule != rule_text {
            return Err(Error::new(format!(
                "{} holds {held_rule}, not {rule_text}",
                path.display(),
            )));
        }
        if let Some(o) = &self.out {
            if identity(o) == identity(&path) && to.saturating_add(1) < held {
                return Err(Error::new(format!(
                    "--out {} is the file resumed from, which holds G(0..={}); --to {to} would cut it short: give --to {} or more, or another --out",
                    path.display(),
                    held - 1,
                    held - 1
                )));
            }
        }
        if self.plan.spill.is_some() {
            self.resume_file = Some(path);
        }
        Ok(())
    }

    /// Runs the engine, handing each progress report to `observe` and
    /// stopping (with a checkpoint saved, when one is asked for) once
    /// `cancel` is raised; the `out` file takes the values as they come.
    pub fn run(
        self,
        cancel: &AtomicBool,
        observe: &mut dyn FnMut(&Progress),
    ) -> Result<SeqRun, Error> {
        let r = &self.request;
        let rule_text = r.rule.to_string();
        let mut writer = match &self.out {
            Some(path) => Some(store::Writer::create(path, &rule_text).map_err(out_err)?),
            None => None,
        };
        let start = match &self.resume_file {
            Some(path) => Start::File(path),
            None => Start::Values(&self.start),
        };
        let options = Options {
            method: r.method,
            threads: r.threads,
            until_proven: r.until_proven,
        };
        let mut saver = Saver {
            checkpoint: self.checkpoint.as_deref(),
            every: r.checkpoint_every,
            rule: &rule_text,
            last_save: Instant::now(),
            last_write: Duration::ZERO,
        };
        let mut failure: Option<Error> = None;
        let mut stopped_at: Option<usize> = None;
        let reach = self.plan.reach;
        let result = sequence::compute_spilled(
            &r.rule,
            reach,
            &options,
            self.plan.spill.as_ref(),
            start,
            &mut |p| {
                observe(p);
                if let Some(w) = writer.as_mut() {
                    let next = w.len();
                    if let Err(e) = w.append((next..=p.done as u64).map(|n| (p.value)(n as usize)))
                    {
                        failure = Some(out_err(e));
                        return false;
                    }
                }
                let stop = cancel.load(Ordering::SeqCst);
                if let Err(e) = saver.save(p, stop) {
                    failure = Some(e);
                    return false;
                }
                if stop {
                    stopped_at = Some(p.done);
                }
                !stop
            },
        );
        if let Some(e) = failure {
            return Err(e);
        }
        let mut s = result.map_err(|e| match e {
            sequence::SequenceError::Unprovable { .. } => Error::new(format!(
                "{}: {e}; give --to N to compute a fixed range",
                r.rule
            )),
            e => Error::new(format!("--to {reach}: {e}")),
        })?;
        if let Some(done) = stopped_at {
            return Err(Error::new(match &r.checkpoint {
                Some(path) => format!(
                    "interrupted at heap {done}; resume with --resume {}",
                    path.display()
                ),
                None => format!("interrupted at heap {done}"),
            }));
        }
        if let Some(path) = saver.checkpoint {
            store::write_with(path, &rule_text, s.computed() + 1, |n| s.values.get(n))
                .map_err(|e| Error::new(format!("checkpoint: {e}")))?;
        }
        let to = r.to;
        let arithmetic = r.until_proven
            && s.period.is_none()
            && s.periodicity().status == crate::heap::periodicity::Status::Proven;
        if s.period.is_some() || arithmetic {
            if !r.until_proven {
                s.to = to;
            }
        } else if s.to < to {
            return Err(Error::new(format!(
                "no period proven up to heap {}; all of G(0..={to}) needs about {} of memory, more than the {} available",
                s.computed(),
                size(sequence::memory_estimate(&r.rule, to, r.method)),
                size(available_memory())
            )));
        }
        if self.later {
            check_listing(r.listed, r.drawn, r.from.min(s.to), s.to)?;
        }
        let figures = s.figures();
        if let Some(mut w) = writer {
            // A proven period ends the run early: the rest comes from it.
            let next = w.len();
            w.append((next..=s.to).map(|n| s.value(n).expect("a complete sequence")))
                .map_err(out_err)?;
            // The proven period goes with the values that prove it, for a
            // verification to check.
            w.finish_claimed(s.to + 1, s.claim(s.to + 1).as_ref())
                .map_err(out_err)?;
        }
        Ok(SeqRun {
            from: r.from.min(s.to),
            sequence: s,
            figures,
        })
    }
}

/// The checkpoints of a run: a long run spends at most a tenth of its time
/// writing them.
struct Saver<'a> {
    checkpoint: Option<&'a Path>,
    every: Duration,
    rule: &'a str,
    last_save: Instant,
    last_write: Duration,
}

impl Saver<'_> {
    /// Saves a checkpoint when it is time, or `now`.
    fn save(&mut self, p: &Progress, now: bool) -> Result<(), Error> {
        let Some(path) = self.checkpoint else {
            return Ok(());
        };
        if now || self.last_save.elapsed() >= self.every.max(self.last_write * 9) {
            let began = Instant::now();
            store::write_with(path, self.rule, p.done + 1, p.value)
                .map_err(|e| Error::new(format!("checkpoint: {e}")))?;
            self.last_write = began.elapsed();
            self.last_save = Instant::now();
        }
        Ok(())
    }
}

/// A finished run: the sequence up to its last heap, the first heap listed
/// and the figures over `0..=to`.
#[derive(Debug)]
pub struct SeqRun {
    /// The sequence, `to` set to the last heap reported.
    pub sequence: Sequence,
    /// The first heap listed.
    pub from: u64,
    /// Largest value, value counts, P-positions, checksum.
    pub figures: Figures,
}

/// The values of a sequence file, `from..=to` listed (`to` defaults to the
/// last value held), refusing a file of another rule than `rule`.
pub fn read(
    path: &Path,
    rule: Option<HeapRule>,
    from: u64,
    to: Option<u64>,
    listed: bool,
    drawn: bool,
) -> Result<SeqRun, Error> {
    let stored = read_store(path)?;
    if let Some(rule) = &rule {
        if rule.to_string() != stored.rule {
            return Err(Error::new(format!(
                "{} holds {}, not {rule}",
                path.display(),
                stored.rule
            )));
        }
    }
    let rule: HeapRule = match rule {
        Some(r) => r,
        None => stored.rule.parse().map_err(|e| {
            Error::new(format!(
                "{}: rule '{}' in the header: {e}",
                path.display(),
                stored.rule
            ))
        })?,
    };
    let Some(last) = (stored.values.len() as u64).checked_sub(1) else {
        return Err(Error::new(format!("{} holds no values", path.display())));
    };
    let to = to.unwrap_or(last);
    if to > last {
        return Err(Error::new(format!(
            "--to {to} is past the last value in {} (heap {last})",
            path.display()
        )));
    }
    check_listing(listed, drawn, from, to)?;
    let mut s = Sequence::from_values(rule, stored.values);
    s.to = to;
    let figures = s.figures();
    Ok(SeqRun {
        sequence: s,
        from,
        figures,
    })
}

/// One line of progress for a log: where the run stands and how fast it
/// goes.
pub fn progress_line(p: &Progress, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-3);
    let mut line = format!(
        "grundy: heap {} of {} after {:.0} s ({:.0} heaps/s)",
        p.done,
        p.target,
        secs,
        p.done as f64 / secs
    );
    if let Some(st) = &p.stats {
        line.push_str(&format!(
            ", rare {}, largest value {}",
            st.rare_count, st.max_value
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines_say_where_the_run_stands() {
        let p = Progress {
            done: 65536,
            target: 1_000_000,
            stats: None,
            value: &|_| 0,
        };
        assert_eq!(
            progress_line(&p, Duration::from_secs(2)),
            "grundy: heap 65536 of 1000000 after 2 s (32768 heaps/s)"
        );
    }

    #[test]
    fn a_cancelled_run_saves_its_checkpoint() {
        let dir = std::env::temp_dir().join(format!("grundy-job-seq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cp = dir.join("cp.gsq");
        let mut r = SeqRequest::new("0.137".parse().unwrap(), 1 << 22);
        r.checkpoint = Some(cp.clone());
        let e = r
            .prepare()
            .unwrap()
            .run(&AtomicBool::new(true), &mut |_| {})
            .unwrap_err();
        assert!(e.0.starts_with("interrupted at heap "), "{e}");
        assert!(
            e.0.ends_with(&format!("resume with --resume {}", cp.display())),
            "{e}"
        );
        let held = store::read(&cp).unwrap();
        assert_eq!(held.rule, "0.137");
        let mut r = SeqRequest::new("0.137".parse().unwrap(), 2000);
        r.resume = Some(cp);
        let run = r
            .prepare()
            .unwrap()
            .run(&AtomicBool::new(false), &mut |_| {})
            .unwrap();
        assert_eq!(run.sequence.to, 2000);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn runs_without_a_last_heap_need_a_theorem() {
        let kayles = "0.77".parse().unwrap();
        assert_eq!(
            last_heap(&kayles, None, true, Method::Auto).unwrap(),
            PROVE_LIMIT
        );
        let e = last_heap(&kayles, None, false, Method::Auto).unwrap_err();
        assert_eq!(e.0, "give the last heap size with --to N");
        assert!(check_listing(true, false, 5, 4).is_err());
    }
}
