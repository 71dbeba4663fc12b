//! Heap rules and their Grundy sequences (`grundy.rule`): the engines run
//! with the GIL released and a stop flag, and sequence files.

use super::*;
use crate::beside::Beside;
use grundy::job::platform::available_memory;
use grundy::misere::genus_report::genera;
use grundy::misere::report::{quotient_with, QuotientRequest};
use grundy::misere::solver::Limits;
use std::sync::atomic::AtomicU64;

pub(crate) fn parse_rule(text: &str) -> PyResult<HeapRule> {
    guard(|| {
        text.trim()
            .parse::<HeapRule>()
            .map_err(|e| format!("rule '{text}': {e}"))
    })
}

/// A heap rule: an octal or hexadecimal code, a subtraction game, a name.
#[pyclass(frozen, module = "grundy._grundy")]
pub(crate) struct Rule {
    rule: HeapRule,
}

fn size(bytes: u64) -> String {
    format!(
        "{bytes} bytes ({:.1} GiB)",
        bytes as f64 / (1u64 << 30) as f64
    )
}

/// Bytes of memory available, or 8 GiB when the machine does not say.
fn memory() -> u64 {
    let read = || -> Option<u64> {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    };
    read().unwrap_or(8 << 30)
}

/// The refusal of a run whose values do not fit in memory, in the command
/// line's words with Python's argument.
fn too_big(to: u64, need: u64, have: u64) -> String {
    format!(
        "to={to} needs about {} of memory, more than the {} available",
        size(need),
        size(have)
    )
}

/// Heaps a run that does not fit in memory computes before it is refused,
/// unless a period proven by then gives every value (a fraction of a
/// second). `until_proven=True` runs on instead, as far as memory allows.
const PROBE: u64 = 1 << 16;

/// How far a run may go in memory, as the command line decides it.
fn memory_reach(rule: &HeapRule, to: u64, method: Method) -> Result<u64, String> {
    let need = sequence::memory_estimate(rule, to, method);
    let have = memory();
    if need <= have {
        return Ok(to);
    }
    if Window::for_rule(rule) == Window::Unknown {
        return Err(too_big(to, need, have));
    }
    let per_heap = sequence::memory_estimate(rule, 1 << 20, method) >> 20;
    Ok((have / per_heap.max(1)).min(to))
}

fn method(text: &str) -> PyResult<Method> {
    match text {
        "auto" => Ok(Method::Auto),
        "naive" => Ok(Method::Naive),
        "rc" => Ok(Method::Rc),
        other => Err(err(format!("method '{other}': give auto, naive or rc"))),
    }
}

/// Runs `job` on a thread of its own while this one waits with the GIL
/// released, waking every 50 ms to run `tick` (progress reports) and to
/// check for signals. On a signal, or an error from `tick`, the job's stop
/// flag is raised and the job awaited; `on_stop` then makes the error
/// raised from it and what the job returned (to say where a checkpoint
/// went).
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    job: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
    on_stop: impl FnOnce(PyErr, Option<T>) -> PyErr,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let job = Beside::spawn(move || job(flag));
    match job.wait(py, |py| py.check_signals().and_then(|()| tick(py))) {
        Ok(result) => result,
        Err((e, job)) => {
            stop.store(true, Ordering::SeqCst);
            let left = py.detach(move || job.finish());
            Err(on_stop(e, left))
        }
    }
}

/// The last heap of a run, as the command line's `--to` takes it: a
/// TypeError for what is not an integer, a `GrundyError` for a negative
/// one or one past 2^64.
fn last_heap(to: &Bound<'_, PyAny>) -> PyResult<u64> {
    argument("to", to)
}

/// A whole number argument of Python's `name`: a TypeError for what is not
/// an integer, a `GrundyError` for a negative one or one past 2^64.
fn argument(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u64> {
    const RANGE: &str = "give a whole number from 0 to 2^64 - 1";
    whole(v, RANGE)
        .map_err(|_| err(format!("{name}={v}: {RANGE}")))?
        .ok_or_else(|| PyTypeError::new_err(format!("{name}={}: {RANGE}", short(v))))
}

/// Why a sequence's run ended without a sequence.
enum Halt {
    /// A one-line error.
    Failed(String),
    /// Stopped (Ctrl-C or the progress function); the last heap saved to
    /// the `out` file as a checkpoint, if any.
    Stopped(Option<u64>),
}

#[pymethods]
impl Rule {
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        Ok(Rule {
            rule: parse_rule(text)?,
        })
    }

    /// The rule's canonical form.
    fn __str__(&self) -> String {
        self.rule.to_string()
    }

    fn __repr__(&self) -> String {
        format!("grundy.rule({:?})", self.rule.to_string())
    }

    /// Pickles as the canonical form, which parses back to the same rule.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let args = (self.rule.to_string(),).into_pyobject(py)?;
        PyTuple::new(py, [py.get_type::<Rule>().into_any(), args.into_any()])
    }

    /// The largest heap a sequence of this rule may reach.
    #[getter]
    fn max_heap(&self) -> u64 {
        sequence::max_heap(&self.rule, sequence::Method::Auto)
    }

    /// G(0..=to), stopping early once the period is proven (the rest then
    /// follows from it). Releases the GIL; Ctrl-C raises KeyboardInterrupt.
    /// With `out`, the values are written to that sequence file once the
    /// run is complete (never a half-written file); a run stopped early
    /// leaves there the values computed so far instead, a checkpoint that
    /// `resume=True` continues from. `progress(done, to)` is called about
    /// ten times a second from this thread, and once at the end; an
    /// exception it raises stops the run.
    #[pyo3(signature = (to, *, until_proven = false, method = "auto", threads = None, out = None, resume = false, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn sequence(
        &self,
        py: Python<'_>,
        to: &Bound<'_, PyAny>,
        until_proven: bool,
        method: &str,
        threads: Option<usize>,
        out: Option<PathBuf>,
        resume: bool,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Sequence> {
        let to = last_heap(to)?;
        let method = self::method(method)?;
        let threads = match threads {
            Some(t @ 1..=1024) => t,
            Some(t) => return Err(err(format!("threads={t}: give between 1 and 1024 threads"))),
            None => std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
        };
        let rule = self.rule.clone();
        guard(|| sequence::check(&rule, to, method).map_err(|e| format!("to={to}: {e}")))?;
        let reach = guard(|| memory_reach(&rule, to, method))?;
        if let Some(path) = &out {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            };
            if !dir.is_dir() || path.is_dir() {
                return Err(err(format!(
                    "out={}: directory {} does not exist or the name is a directory",
                    path.display(),
                    dir.display()
                )));
            }
        }
        let known = match (&out, resume) {
            (None, true) => return Err(err("resume=True continues from the out file: give out=")),
            (Some(path), true) if path.exists() => resumed_values(&rule, path)?,
            _ => Vec::new(),
        };
        // Shortened to what fits, a run gives every value only if a period
        // is proven on the way: looked for in the first heaps, refused up
        // front when not found there.
        let probed = reach < to && !until_proven;
        let reach = match probed {
            true => reach.min(PROBE.max(known.len() as u64)),
            false => reach,
        };
        let options = Options {
            method,
            threads,
            until_proven,
        };
        let done = Arc::new(AtomicU64::new(known.len().saturating_sub(1) as u64));
        let seen = done.clone();
        let out_shown = out.as_ref().map(|p| p.display().to_string());
        let result = interruptible(
            py,
            move |stop| {
                let mut observe = |p: &sequence::Progress| {
                    seen.store(p.done as u64, Ordering::Relaxed);
                    !stop.load(Ordering::SeqCst)
                };
                let start = sequence::Start::Values(&known);
                let r =
                    sequence::compute_stoppable(&rule, reach, &options, start, &mut observe, &stop);
                let mut s = r.map_err(|e| Halt::Failed(format!("to={to}: {e}")))?;
                if stop.load(Ordering::SeqCst) && !s.is_complete() {
                    let last = s.computed() as u64;
                    let saved = match &out {
                        Some(path) if s.computed() + 1 > known.len() => {
                            store::write_with(path, &s.rule.to_string(), s.computed() + 1, |n| {
                                s.values.get(n)
                            })
                            .ok()
                            .map(|()| last)
                        }
                        _ => None,
                    };
                    return Err(Halt::Stopped(saved));
                }
                if s.period.is_some() {
                    if !until_proven {
                        s.to = to;
                    }
                } else if s.to < to && probed {
                    let need = sequence::memory_estimate(&rule, to, method);
                    return Err(Halt::Failed(format!(
                        "{} (no period is proven by heap {}; until_proven=True runs on as far as memory allows)",
                        too_big(to, need, memory()),
                        s.computed()
                    )));
                } else if s.to < to {
                    return Err(Halt::Failed(format!(
                        "no period proven up to heap {}; all of G(0..={to}) needs about {} of memory, more than the {} available",
                        s.computed(),
                        size(sequence::memory_estimate(&rule, to, method)),
                        size(memory())
                    )));
                }
                if let Some(path) = &out {
                    store::write_with(path, &s.rule.to_string(), s.to as usize + 1, |n| {
                        s.value(n as u64).expect("a complete sequence")
                    })
                    .map_err(|e| Halt::Failed(format!("out={e}")))?;
                }
                Ok(Sequence::new(s))
            },
            {
                let (mut last, mut at) = (u64::MAX, std::time::Instant::now());
                let progress = progress.as_ref().map(|p| p.clone_ref(py));
                move |py: Python<'_>| {
                    let Some(f) = &progress else { return Ok(()) };
                    let now = done.load(Ordering::Relaxed);
                    if now != last && at.elapsed() >= Duration::from_millis(100) {
                        (last, at) = (now, std::time::Instant::now());
                        f.call1(py, (now, to))?;
                    }
                    Ok(())
                }
            },
            |e, left| match (left, out_shown) {
                (Some(Err(Halt::Stopped(Some(last)))), Some(path))
                    if e.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) =>
                {
                    pyo3::exceptions::PyKeyboardInterrupt::new_err(format!(
                        "stopped at heap {last}: G(0..={last}) saved to {path}; \
                         sequence({to}, out=..., resume=True) continues from there"
                    ))
                }
                _ => e,
            },
        )?;
        match result {
            Ok(s) => {
                if let Some(f) = &progress {
                    f.call1(py, (to, to))?;
                }
                Ok(s)
            }
            Err(Halt::Failed(m)) => Err(err(m)),
            // Stopped without a pending signal: cannot happen, the flag is
            // only raised on one.
            Err(Halt::Stopped(_)) => Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("")),
        }
    }

    /// The misère quotient of heaps 0..=to (`grundy misere RULE --to TO
    /// --json`): presentation, |Q|, |P|, P-portion, Φ of each heap and its
    /// periodicity. With `until_proven`, it stops at the first heap where
    /// the misère periodicity theorem proves Φ periodic (up to `to`, or
    /// heaps of 10000). The limits are those of `grundy misere`
    /// (`--max-order` and the others; `None`: the default). Releases the
    /// GIL; Ctrl-C raises KeyboardInterrupt.
    #[pyo3(signature = (to = None, *, until_proven = false, max_order = None, max_candidate = None, max_search = None, max_proof = None, seconds = None))]
    #[allow(clippy::too_many_arguments)]
    fn misere_quotient(
        &self,
        py: Python<'_>,
        to: Option<&Bound<'_, PyAny>>,
        until_proven: bool,
        max_order: Option<u64>,
        max_candidate: Option<u64>,
        max_search: Option<u64>,
        max_proof: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let to = to.map(|t| last_heap(t)).transpose()?;
        let rule = self.rule.clone();
        let counts = [max_order, max_candidate, max_search, max_proof];
        let limits = Limits::given(counts, seconds, available_memory()).map_err(err)?;
        let request = QuotientRequest {
            to,
            until_proven,
            limits,
        };
        let report = interruptible(
            py,
            move |stop| {
                guard(|| quotient_with(&rule, &request, &mut |_, _| !stop.load(Ordering::Relaxed)))
            },
            |_| Ok(()),
            |e, _| e,
        )??;
        to_py(
            py,
            &serde_json::to_value(report).map_err(|e| err(e.to_string()))?,
        )
    }

    /// The genus of each heap `start..=to`, from heap 0 without `start`
    /// (`grundy seq RULE --from START --to TO --genus --json`): normal and
    /// misère values, the genus as CGSuite displays it and in full,
    /// tameness and phylum. Releases the GIL.
    #[pyo3(signature = (to, *, start = None))]
    fn genus(
        &self,
        py: Python<'_>,
        to: &Bound<'_, PyAny>,
        start: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let to = last_heap(to)?;
        let start = match start {
            None => 0,
            Some(s) => argument("start", s)?,
        };
        let rule = self.rule.clone();
        let report = py.detach(move || guard(|| genera(&rule, start, to)))?;
        to_py(
            py,
            &serde_json::to_value(report).map_err(|e| err(e.to_string()))?,
        )
    }
}

/// The values of a checkpoint (or any sequence file) of `rule` to continue
/// from.
fn resumed_values(rule: &HeapRule, path: &std::path::Path) -> PyResult<Vec<u32>> {
    let stored = store::read(path).map_err(|e| err(format!("resume from {e}")))?;
    let same = stored
        .rule
        .parse::<HeapRule>()
        .is_ok_and(|r| r.to_string() == rule.to_string());
    if !same {
        return Err(err(format!(
            "resume from {}: the file holds values of {}, not of {rule}",
            path.display(),
            stored.rule
        )));
    }
    Ok(stored.values)
}

/// What a sequence holds: a rule's values (computed, or read from a
/// file), or values given with no rule.
enum Held {
    Rule(Box<RustSequence>),
    Given(Given),
}

/// A sequence G(0..=to) with its periodicity and figures: a rule's,
/// computed, or a user's own values given with no rule. It never changes
/// once made (so threads may share it): the values stay here, `values`
/// hands numpy a read-only view of them, and `save` and `value` read them.
#[pyclass(frozen, module = "grundy._grundy")]
pub(crate) struct Sequence {
    held: Held,
    /// The rule's canonical form; `None` for values given with no rule.
    rule: Option<String>,
    to: u64,
    computed: u64,
    status: Status,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<i64>,
    proved_at: Option<u64>,
    figures: sequence::Figures,
    pub(crate) engine: serde_json::Value,
    pub(crate) rc: serde_json::Value,
    /// G(0..=to) as 32-bit cells, made on first use when the engine did
    /// not leave them so: in 16-bit cells, or stopping short of `to` (the
    /// rest follows from the period).
    full: OnceLock<Vec<u32>>,
}

impl Sequence {
    pub(crate) fn new(s: RustSequence) -> Sequence {
        let p = s.periodicity();
        let figures = s.figures();
        Sequence {
            rule: Some(s.rule.to_string()),
            to: s.to,
            computed: (s.computed() as u64).min(s.to),
            status: p.status,
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            proved_at: s.period.map(|q| q.proven_at as u64),
            figures,
            engine: serde_json::to_value(s.engine).unwrap_or_default(),
            rc: serde_json::to_value(&s.stats).unwrap_or_default(),
            held: Held::Rule(Box::new(s)),
            full: OnceLock::new(),
        }
    }

    /// The sequence of values given with no rule: its periodicity only
    /// observed, nothing known past the last value.
    pub(crate) fn given(g: Given) -> Sequence {
        let p = g.periodicity();
        Sequence {
            rule: None,
            to: g.last(),
            computed: g.last(),
            status: p.status,
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            proved_at: None,
            figures: g.figures(),
            engine: serde_json::to_value(sequence::EngineKind::Given).unwrap_or_default(),
            rc: serde_json::Value::Null,
            held: Held::Given(g),
            full: OnceLock::new(),
        }
    }

    /// The rule, or the refusal of `what` for values given with no rule.
    fn rule_for(&self, what: &str) -> PyResult<&str> {
        self.rule.as_deref().ok_or_else(|| {
            err(format!(
                "{what}: values given to Sequence.from_values have no rule"
            ))
        })
    }

    fn count(&self) -> usize {
        self.to as usize + 1
    }

    /// G(n) for a heap the sequence answers.
    fn get(&self, n: usize) -> u32 {
        match &self.held {
            Held::Rule(s) => s.value(n as u64).expect("a complete sequence"),
            Held::Given(g) => g.values()[n],
        }
    }

    /// Every value G(0..=to) in 32-bit cells: the engine's own when it
    /// left them so, or else made once (refused when they would not fit in
    /// memory). One cell type whatever the values or the engine, so code
    /// written against a short run works on a long one.
    fn cells(&self, py: Python<'_>) -> PyResult<&[u32]> {
        let count = self.count();
        let whole = match &self.held {
            Held::Rule(s) => match &s.values {
                Values::Wide(v) => Some(&v[..]),
                _ => None,
            },
            Held::Given(g) => Some(g.values()),
        };
        if let Some(v) = whole.filter(|v| v.len() == count) {
            return Ok(v);
        }
        if let Some(full) = self.full.get() {
            return Ok(full);
        }
        let bytes = count as u64 * 4;
        if bytes > memory() {
            return Err(err(format!(
                "G(0..={}) as an array needs {}, more than the {} available",
                self.to,
                size(bytes),
                size(memory())
            )));
        }
        // Made in blocks with the GIL released, checking for signals
        // between them: a billion values from a period take a minute.
        let mut full: Vec<u32> = Vec::new();
        full.try_reserve_exact(count).map_err(|_| {
            err(format!(
                "G(0..={}) as an array needs {}, more than could be had",
                self.to,
                size(bytes)
            ))
        })?;
        while full.len() < count {
            let end = (full.len() + FILL_BLOCK).min(count);
            py.detach(|| full.extend((full.len()..end).map(|n| self.get(n))));
            py.check_signals()?;
        }
        // Another thread may have made them meanwhile: theirs are kept.
        Ok(self.full.get_or_init(|| full))
    }
}

/// Values made between two checks for signals when the array is filled
/// from the period (a few milliseconds' work).
const FILL_BLOCK: usize = 1 << 20;

/// The last heap whose value `Sequence.pattern` looks at.
const PATTERN_VALUES: u64 = 1_000_000;

/// A read-only numpy array viewing `cells`, which `owner` keeps alive and
/// never changes. Read-only, because the cells are the sequence's own:
/// `save`, `value` and every other view read them, maybe on other threads.
/// numpy refuses to make it writeable again, as its base (`owner`) offers
/// no writeable buffer.
fn numpy_view<'py>(owner: &Bound<'py, Sequence>, cells: &[u32]) -> PyResult<Bound<'py, PyAny>> {
    let view = numpy::ndarray::ArrayView1::from(cells);
    // SAFETY: the cells belong to `owner`, a frozen object the array holds
    // as its base: they stay where they are, unchanged, while it lives;
    // the array is made read-only before anyone else sees it.
    let array =
        unsafe { numpy::PyArray1::borrow_from_array(&view, owner.clone().into_any()) }.into_any();
    array.getattr("flags")?.setattr("writeable", false)?;
    Ok(array)
}

/// The values without numpy: a read-only `memoryview` of native-endian
/// 32-bit cells (format `I`).
fn memoryview<'py>(py: Python<'py>, cells: &[u32]) -> PyResult<Bound<'py, PyAny>> {
    let b: Vec<u8> = cells.iter().flat_map(|c| c.to_ne_bytes()).collect();
    let raw = pyo3::types::PyBytes::new(py, &b);
    py.import("builtins")?
        .getattr("memoryview")?
        .call1((raw,))?
        .call_method1("cast", ("I",))
}

#[pymethods]
impl Sequence {
    /// The rule's canonical form; refused for values given with no rule.
    #[getter]
    fn rule(&self) -> PyResult<&str> {
        self.rule_for("rule")
    }

    /// Whether the values are a rule's (false for values given to
    /// `Sequence.from_values`).
    #[getter]
    fn has_rule(&self) -> bool {
        self.rule.is_some()
    }

    /// The last heap answered.
    #[getter]
    fn to(&self) -> u64 {
        self.to
    }

    /// The last heap actually computed (later ones follow from the period).
    #[getter]
    fn computed(&self) -> u64 {
        self.computed
    }

    /// G(0..=to), read-only, always in 32-bit cells: a numpy uint32 array
    /// viewing the values held here, or a `memoryview` without numpy.
    #[getter]
    fn values<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let cells = slf.get().cells(py)?;
        // Only a missing numpy means the memoryview: any other error in
        // the import (a pending Ctrl-C among them) is raised as it is.
        match py.import("numpy") {
            Ok(_) => numpy_view(slf, cells),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyImportError>(py) => {
                memoryview(py, cells)
            }
            Err(e) => Err(e),
        }
    }

    /// G(0..=to) as a read-only `memoryview` of 32-bit cells, numpy or
    /// not (a copy).
    #[getter]
    #[pyo3(name = "cells")]
    fn cells_view<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        memoryview(py, slf.get().cells(py)?)
    }

    /// The period, or None.
    #[getter]
    fn period(&self) -> Option<u64> {
        self.period
    }

    /// The first heap of the periodic part, or None.
    #[getter]
    fn preperiod(&self) -> Option<u64> {
        self.preperiod
    }

    /// G(n + period) - G(n) in the periodic part (0: plainly periodic).
    #[getter]
    fn saltus(&self) -> Option<i64> {
        self.saltus
    }

    /// 'proven', 'observed' or 'none'.
    #[getter]
    fn status(&self) -> &'static str {
        match self.status {
            Status::Proven => "proven",
            Status::Observed => "observed",
            Status::None => "none",
        }
    }

    /// The heap whose value completed the proof of the period, or None.
    #[getter]
    fn proved_at(&self) -> Option<u64> {
        self.proved_at
    }

    /// Fletcher's checksum of G(0..=to), 8 hexadecimal digits, as the
    /// command line prints it.
    #[getter]
    fn checksum(&self) -> String {
        format!("{:08X}", self.figures.checksum)
    }

    /// Largest value, where first, value counts, P-positions, engine and
    /// the rare/common engine's figures.
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let v = serde_json::json!({
            "max_value": self.figures.max_value,
            "max_value_at": self.figures.max_value_at,
            "value_counts": self.figures.value_counts.iter().map(|&(v, c)| [v as u64, c]).collect::<Vec<_>>(),
            "p_count": self.figures.p_count,
            "engine": self.engine,
            "rc": self.rc,
        });
        to_py(py, &v)
    }

    /// The patterns of the values (`grundy pattern RULE`'s findings): at
    /// most the first million values are looked at, and a period is proven
    /// by the periodicity theorem where it applies. Of values given with no
    /// rule, `grundy pattern -`'s findings, all observed.
    fn pattern(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let found = match &self.held {
            Held::Rule(_) => {
                let rule = parse_rule(self.rule_for("pattern")?)?;
                let to = self.to.min(PATTERN_VALUES) as u32;
                py.detach(|| guard(|| grundy::pattern::rule::find_rule(&rule, to)))?
            }
            Held::Given(g) => {
                let shown = &g.values()[..=self.to.min(PATTERN_VALUES) as usize];
                let values: Vec<u64> = shown.iter().map(|&v| u64::from(v)).collect();
                py.detach(|| findings_of(&values, 0))?
            }
        };
        to_py(
            py,
            &serde_json::to_value(found).map_err(|e| err(e.to_string()))?,
        )
    }

    fn __len__(&self) -> usize {
        self.count()
    }

    /// G(n) without building the array.
    fn value(&self, n: u64) -> PyResult<u32> {
        if n > self.to {
            return Err(err(format!("heap {n} is past the last one, {}", self.to)));
        }
        Ok(self.get(n as usize))
    }

    /// Writes G(0..=to) to a sequence file, whole or not at all: the
    /// engine's values, whatever became of any array handed out.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let count = self.count();
        let rule = self.rule.as_deref().ok_or_else(|| {
            err("save: a sequence file names its rule, and values given to Sequence.from_values have none")
        })?;
        py.detach(|| store::write_with(&path, rule, count, |n| self.get(n)))
            .map_err(|e| err(format!("save to {e}")))
    }

    /// Pickles as the computed values, the proven period and the engine's
    /// figures (or the values given, with no rule); the rest is worked out
    /// again from them.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (known, period) = match &self.held {
            Held::Rule(s) => (s.values.len(), s.period),
            Held::Given(g) => (g.values().len(), None),
        };
        let known = known.min(self.count());
        let mut bytes = Vec::with_capacity(known * 4);
        for n in 0..known {
            bytes.extend_from_slice(&self.get(n).to_le_bytes());
        }
        let period = period.map(|p| (p.preperiod, p.period, p.proven_at));
        let meta = serde_json::json!({ "engine": self.engine, "rc": self.rc }).to_string();
        let restore = py.import("grundy._grundy")?.getattr("_sequence_restore")?;
        let args = (
            self.rule.as_deref(),
            self.to,
            pyo3::types::PyBytes::new(py, &bytes),
            period,
            meta,
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}
