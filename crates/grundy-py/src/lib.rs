//! The native half of the `grundy` Python package (`grundy._grundy`): game
//! families from the registry, heap sequences, sequence files, nimbers, and
//! games whose options are a Python callable. The Python half
//! (`python/grundy/__init__.py`) adds the Pythonic constructors and the
//! notebook display.
//!
//! Every error is a `grundy.GrundyError` (a `ValueError`) carrying the
//! command line's one-line message; a panic in the library is caught and
//! raised the same way.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::Duration;

mod own_game;

use grundy::family::registry::{self, AnyGame};
use grundy::family::session::{Line, Mode, Options as SessionOptions, Output, Side};
use grundy::game::{Convention, Outcome};
use grundy::heap::periodicity::{Status, Window};
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{self, Method, Options, Sequence as RustSequence, Values};
use grundy::heap::store;
use grundy::nimber::{self, Nimber as RustNimber};
use numpy::{IntoPyArray, PyReadonlyArray1};
use own_game::{CallableGame, Sum};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyList, PyTuple};

create_exception!(
    grundy,
    GrundyError,
    PyValueError,
    "Bad input: the one-line message the command line gives."
);

fn err(message: impl Into<String>) -> PyErr {
    GrundyError::new_err(message.into())
}

/// Runs library code, turning a panic into a `GrundyError`.
fn guard<T>(f: impl FnOnce() -> Result<T, String>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(m)) => Err(err(m)),
        Err(p) => {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            Err(err(format!("internal error: {what}")))
        }
    }
}

/// JSON from the library as Python objects.
fn to_py(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (value.to_string(),))?.unbind())
}

fn convention(misere: bool) -> Convention {
    if misere {
        Convention::Misere
    } else {
        Convention::Normal
    }
}

fn outcome_str(o: Outcome) -> &'static str {
    match o {
        Outcome::N => "N",
        Outcome::P => "P",
    }
}

// ---------------------------------------------------------------------
// Families

/// Every family of the registry, as a list of dicts (name, aliases,
/// summary, variant, position, examples).
#[pyfunction]
fn families(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let v = serde_json::to_value(registry::list()).map_err(|e| err(e.to_string()))?;
    to_py(py, &v)
}

/// A position of a family: what the registry starts, kept as plain data
/// (the family, its variant, the position it started from, the moves
/// played since) so that it may be shared between threads and pickled.
/// Each call starts the game anew from that data and replays the moves:
/// the library's games are not `Send`, and a position's JSON does not hold
/// everything a played game knows (whose token moves in Northcott's game),
/// nor does every position reached start by itself (an empty row).
#[pyclass(frozen, module = "grundy._grundy")]
struct Position {
    family: String,
    variant: String,
    misere: bool,
    /// The position the game started from, as given.
    position: String,
    /// The moves played from `position` to reach this one.
    moves: Vec<String>,
}

fn start(family: &str, variant: &str, position: &str, misere: bool) -> PyResult<Position> {
    start_game(family, variant, position, misere)?;
    Ok(Position {
        family: family.to_string(),
        variant: variant.to_string(),
        misere,
        position: position.to_string(),
        moves: Vec::new(),
    })
}

fn start_game(
    family: &str,
    variant: &str,
    position: &str,
    misere: bool,
) -> PyResult<Box<dyn AnyGame>> {
    guard(|| registry::start(family, variant, position, convention(misere)).map_err(|e| e.0))
}

impl Position {
    /// The game at this position, started anew.
    fn game(&self) -> PyResult<Box<dyn AnyGame>> {
        let mut g = start_game(&self.family, &self.variant, &self.position, self.misere)?;
        for mv in &self.moves {
            guard(|| g.play(mv).map_err(|e| e.0))?;
        }
        Ok(g)
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (family, variant = "", position = "", misere = false))]
    fn new(family: &str, variant: &str, position: &str, misere: bool) -> PyResult<Self> {
        start(family, variant, position, misere)
    }

    /// The family's name as started (for a heap game, its rule).
    #[getter]
    fn family(&self) -> &str {
        &self.family
    }

    /// The variant (rule, k, width, graph, deal), empty for none.
    #[getter]
    fn variant(&self) -> &str {
        &self.variant
    }

    /// Whether the last player to move loses.
    #[getter]
    fn misere(&self) -> bool {
        self.misere
    }

    /// The game's name as the report writes it.
    #[getter]
    fn name(&self) -> PyResult<String> {
        Ok(self.game()?.name())
    }

    /// The position as text, as the command line takes it.
    #[getter]
    fn text(&self) -> PyResult<String> {
        Ok(self.game()?.position_text())
    }

    /// The position as the JSON the command line writes (Python objects).
    #[getter]
    fn json(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_py(py, &self.game()?.position_json())
    }

    /// Whether no move is left.
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        Ok(self.game()?.is_over())
    }

    /// The report as the command line's `--json` (a dict: game, position,
    /// convention, value, outcome, winning_moves).
    fn report(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let g = self.game()?;
        let r = guard(|| g.report().map_err(|e| e.0))?;
        let v = serde_json::to_value(&r).map_err(|e| err(e.to_string()))?;
        to_py(py, &v)
    }

    /// The report as the command line prints it.
    fn report_text(&self) -> PyResult<String> {
        let g = self.game()?;
        guard(|| g.report().map(|r| r.to_text()).map_err(|e| e.0))
    }

    /// Every legal move: dicts of move, to (JSON), to_text, value, outcome.
    fn moves(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let g = self.game()?;
        let moves = guard(|| g.moves().map_err(|e| e.0))?;
        let list = PyList::empty(py);
        for m in moves {
            let d = pyo3::types::PyDict::new(py);
            d.set_item("move", &m.words)?;
            d.set_item("to", to_py(py, &m.to)?)?;
            d.set_item("to_text", &m.to_text)?;
            d.set_item("value", m.value)?;
            d.set_item("outcome", outcome_str(m.outcome))?;
            list.append(d)?;
        }
        Ok(list.into_any().unbind())
    }

    /// The position drawn as text.
    fn draw(&self) -> PyResult<String> {
        let g = self.game()?;
        guard(|| Ok(g.draw()))
    }

    /// The position drawn as data: {shape: {kind, ...}, components, value,
    /// outcome}.
    fn drawing(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let g = self.game()?;
        let d = guard(|| Ok(g.drawing()))?;
        let v = serde_json::to_value(&d).map_err(|e| err(e.to_string()))?;
        to_py(py, &v)
    }

    /// Another position of the same game, from text or JSON text.
    fn at(&self, position: &str) -> PyResult<Position> {
        start(&self.family, &self.variant, position, self.misere)
    }

    /// The position after a move (in the game's words, or the whole
    /// position it leaves); this position is unchanged.
    fn after(&self, mv: &str) -> PyResult<Position> {
        let mut g = self.game()?;
        guard(|| g.play(mv).map_err(|e| e.0))?;
        let mut next = self.clone_data();
        next.moves.push(mv.to_string());
        Ok(next)
    }

    /// A play session against the computer from this position.
    #[pyo3(signature = (first = "human", seed = 0, json = false))]
    fn session(&self, py: Python<'_>, first: &str, seed: u64, json: bool) -> PyResult<Session> {
        Session::open(py, self.clone_data(), first, seed, json, Vec::new())
    }

    /// Pickles as the data that starts the same position.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let args = (
            self.family.as_str(),
            self.variant.as_str(),
            self.position.as_str(),
            self.misere,
            self.moves.clone(),
        )
            .into_pyobject(py)?;
        let restore = py.import("grundy._grundy")?.getattr("_position_restore")?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

impl Position {
    fn clone_data(&self) -> Position {
        Position {
            family: self.family.clone(),
            variant: self.variant.clone(),
            misere: self.misere,
            position: self.position.clone(),
            moves: self.moves.clone(),
        }
    }
}

/// A pickled position made again (see `Position.__reduce__`).
#[pyfunction]
fn _position_restore(
    family: &str,
    variant: &str,
    position: &str,
    misere: bool,
    moves: Vec<String>,
) -> PyResult<Position> {
    let p = Position {
        moves,
        ..start(family, variant, position, misere)?
    };
    p.game()?;
    Ok(p)
}

/// What a session's thread is asked to do.
enum Ask {
    /// Play a line, and hand over what the session said.
    Line(String),
    /// Hand over what the session said.
    Take,
    /// Only say whether the game is over.
    Finished,
}

/// One request to a session's thread, and where to answer.
struct Request {
    ask: Ask,
    reply: mpsc::Sender<Result<(Vec<Output>, bool), String>>,
}

/// What a session keeps between calls: the way to its thread, and every
/// line sent so far (a pickled session replays them).
struct SessionState {
    to_thread: mpsc::Sender<Request>,
    lines: Vec<String>,
}

/// A game against the computer, driven by lines as at the terminal. The
/// library's session is not `Send`: it lives on a thread of its own, which
/// this object talks to, so the object may be used from any thread (one
/// call at a time) and pickled (as its start and the lines sent).
#[pyclass(frozen, module = "grundy._grundy")]
struct Session {
    start: Position,
    first: String,
    seed: u64,
    json: bool,
    state: Mutex<SessionState>,
}

/// The session's thread: starts the game, then plays each line it is sent
/// until the object is dropped.
fn session_thread(
    start: Position,
    options: SessionOptions,
    requests: mpsc::Receiver<Request>,
    ready: mpsc::Sender<Result<(), String>>,
) {
    let begun = catch_unwind(AssertUnwindSafe(|| {
        let mut game = registry::start(
            &start.family,
            &start.variant,
            &start.position,
            convention(start.misere),
        )
        .map_err(|e| e.0)?;
        for mv in &start.moves {
            game.play(mv).map_err(|e| e.0)?;
        }
        let mut s = game.session(&options);
        s.begin().map_err(|e| e.0)?;
        Ok(s)
    }));
    let mut session = match begun {
        Ok(Ok(s)) => {
            let _ = ready.send(Ok(()));
            s
        }
        Ok(Err(m)) => {
            let _ = ready.send(Err(m));
            return;
        }
        Err(_) => {
            let _ = ready.send(Err("internal error: the session did not start".into()));
            return;
        }
    };
    for r in requests {
        let answer = catch_unwind(AssertUnwindSafe(|| {
            let out = match r.ask {
                Ask::Line(line) => {
                    session.input(Line::Text(line)).map_err(|e| e.0)?;
                    session.take_output()
                }
                Ask::Take => session.take_output(),
                Ask::Finished => Vec::new(),
            };
            Ok((out, session.is_finished()))
        }))
        .unwrap_or_else(|_| Err("internal error: the session failed".into()));
        let _ = r.reply.send(answer);
    }
}

impl Session {
    fn open(
        py: Python<'_>,
        start: Position,
        first: &str,
        seed: u64,
        json: bool,
        replay: Vec<String>,
    ) -> PyResult<Session> {
        let side = match first {
            "human" | "you" => Side::Human,
            "computer" => Side::Computer,
            other => return Err(err(format!("first '{other}': give 'human' or 'computer'"))),
        };
        let options = SessionOptions {
            first: side,
            mode: if json { Mode::Json } else { Mode::Pipe },
            seed,
        };
        let (to_thread, requests) = mpsc::channel();
        let (ready_tx, ready) = mpsc::channel();
        let data = start.clone_data();
        std::thread::Builder::new()
            .name("grundy session".into())
            .spawn(move || session_thread(data, options, requests, ready_tx))
            .map_err(|e| err(format!("cannot start the session: {e}")))?;
        py.detach(move || ready.recv())
            .unwrap_or_else(|_| Err("internal error: the session did not start".into()))
            .map_err(err)?;
        let session = Session {
            start,
            first: first.to_string(),
            seed,
            json,
            state: Mutex::new(SessionState {
                to_thread,
                lines: Vec::new(),
            }),
        };
        if !replay.is_empty() {
            for line in replay {
                session.ask(py, Ask::Line(line))?;
            }
            // What the replay said was already seen by whoever pickled it.
            session.ask(py, Ask::Take)?;
        }
        Ok(session)
    }

    /// Sends one request to the session's thread and waits for the answer
    /// with the GIL released.
    fn ask(&self, py: Python<'_>, ask: Ask) -> PyResult<(Vec<Output>, bool)> {
        let mut state = self
            .state
            .lock_py_attached(py)
            .unwrap_or_else(|p| p.into_inner());
        let (reply, answer) = mpsc::channel();
        let line = match &ask {
            Ask::Line(l) => Some(l.clone()),
            _ => None,
        };
        let request = Request { ask, reply };
        state
            .to_thread
            .send(request)
            .map_err(|_| err("internal error: the session has ended"))?;
        let got = py
            .detach(move || answer.recv())
            .map_err(|_| err("internal error: the session failed"))?
            .map_err(err)?;
        if let Some(line) = line {
            state.lines.push(line);
        }
        Ok(got)
    }

    fn said(&self, py: Python<'_>, out: Vec<Output>) -> PyResult<Py<PyAny>> {
        if self.json {
            let list = PyList::empty(py);
            for o in out {
                match o {
                    Output::Json(v) => list.append(to_py(py, &v)?)?,
                    Output::Text(t) => list.append(t)?,
                }
            }
            return Ok(list.into_any().unbind());
        }
        let mut text = String::new();
        for o in out {
            match o {
                Output::Text(t) => text.push_str(&t),
                Output::Json(v) => {
                    text.push_str(&v.to_string());
                    text.push('\n');
                }
            }
        }
        Ok(text.into_pyobject(py)?.into_any().unbind())
    }
}

#[pymethods]
impl Session {
    /// Sends one line (a move, hint, why, undo, moves, help, quit) and
    /// returns what the session said: text, or a list of dicts in JSON mode.
    fn send(&self, py: Python<'_>, line: &str) -> PyResult<Py<PyAny>> {
        let (out, _) = self.ask(py, Ask::Line(line.to_string()))?;
        self.said(py, out)
    }

    /// What the session said since the last call (its introduction first).
    fn take(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let (out, _) = self.ask(py, Ask::Take)?;
        self.said(py, out)
    }

    /// Whether the game is over (or was quit).
    #[getter]
    fn finished(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.ask(py, Ask::Finished)?.1)
    }

    /// Pickles as the start, the options and the lines sent; unpickling
    /// replays them.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let lines = self
            .state
            .lock_py_attached(py)
            .unwrap_or_else(|p| p.into_inner())
            .lines
            .clone();
        let restore = py.import("grundy._grundy")?.getattr("_session_restore")?;
        let start = Py::new(py, self.start.clone_data())?;
        let args = (start, self.first.as_str(), self.seed, self.json, lines).into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

/// A session started anew and replayed to where it was pickled.
#[pyfunction]
fn _session_restore(
    py: Python<'_>,
    start: PyRef<'_, Position>,
    first: &str,
    seed: u64,
    json: bool,
    lines: Vec<String>,
) -> PyResult<Session> {
    Session::open(py, start.clone_data(), first, seed, json, lines)
}

// ---------------------------------------------------------------------
// Heap rules and sequences

fn parse_rule(text: &str) -> PyResult<HeapRule> {
    guard(|| {
        text.trim()
            .parse::<HeapRule>()
            .map_err(|e| format!("rule '{text}': {e}"))
    })
}

/// A heap rule: an octal or hexadecimal code, a subtraction game, a name.
#[pyclass(frozen, module = "grundy._grundy")]
struct Rule {
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

/// How far a run may go in memory, as the command line decides it.
fn memory_reach(rule: &HeapRule, to: u64, method: Method) -> Result<u64, String> {
    let need = sequence::memory_estimate(rule, to, method);
    let have = memory();
    if need <= have {
        return Ok(to);
    }
    if Window::for_rule(rule) == Window::Unknown {
        return Err(format!(
            "--to {to} needs about {} of memory, more than the {} available",
            size(need),
            size(have)
        ));
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

/// Runs `job` on a worker thread with the GIL released; Ctrl-C (any
/// pending signal handler raising) raises the flag, waits for the worker
/// and re-raises.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    job: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, mut rx) = mpsc::channel();
    let flag = stop.clone();
    let worker = std::thread::spawn(move || {
        let r = catch_unwind(AssertUnwindSafe(|| job(flag)));
        let _ = tx.send(r);
    });
    loop {
        // The receiver is not `Sync`: it goes into the detached closure
        // and comes back.
        let (got, back) = py.detach(move || {
            let got = rx.recv_timeout(Duration::from_millis(50));
            (got, rx)
        });
        rx = back;
        match got {
            Ok(Ok(v)) => {
                let _ = worker.join();
                return Ok(v);
            }
            Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = worker.join();
                return Err(err("internal error: the computation failed"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if let Err(e) = py.check_signals() {
            stop.store(true, Ordering::SeqCst);
            py.detach(|| {
                let _ = worker.join();
            });
            return Err(e);
        }
    }
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
    /// run is complete (never a half-written file).
    #[pyo3(signature = (to, *, until_proven = false, method = "auto", threads = None, out = None))]
    fn sequence(
        &self,
        py: Python<'_>,
        to: &Bound<'_, PyAny>,
        until_proven: bool,
        method: &str,
        threads: Option<usize>,
        out: Option<PathBuf>,
    ) -> PyResult<Sequence> {
        let to = whole(to, "give a whole number from 0")
            .map_err(|_| err(format!("--to '{to}': give a whole number from 0")))?
            .ok_or_else(|| {
                PyTypeError::new_err(format!("to {}: give a whole number from 0", short(to)))
            })?;
        let method = self::method(method)?;
        let threads = match threads {
            Some(t @ 1..=1024) => t,
            Some(t) => {
                return Err(err(format!(
                    "--threads {t}: give between 1 and 1024 threads"
                )))
            }
            None => std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
        };
        let rule = self.rule.clone();
        guard(|| sequence::check(&rule, to, method).map_err(|e| format!("--to {to}: {e}")))?;
        let reach = guard(|| memory_reach(&rule, to, method))?;
        if let Some(path) = &out {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            };
            if !dir.is_dir() || path.is_dir() {
                return Err(err(format!(
                    "--out {}: directory {} does not exist or the name is a directory",
                    path.display(),
                    dir.display()
                )));
            }
        }
        let options = Options {
            method,
            threads,
            until_proven,
        };
        let result = interruptible(py, move |stop| {
            let mut observe = |_: &sequence::Progress| !stop.load(Ordering::SeqCst);
            let r = sequence::compute_stoppable(&rule, reach, &options, &mut observe, &stop);
            if stop.load(Ordering::SeqCst) {
                return Err(None);
            }
            let mut s = r.map_err(|e| Some(format!("--to {to}: {e}")))?;
            if s.period.is_some() {
                if !until_proven {
                    s.to = to;
                }
            } else if s.to < to {
                return Err(Some(format!(
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
                .map_err(|e| Some(format!("--out {e}")))?;
            }
            Ok(Sequence::new(s))
        })?;
        match result {
            Ok(s) => Ok(s),
            Err(Some(m)) => Err(err(m)),
            // Stopped without a pending signal: cannot happen, the flag is
            // only raised on one.
            Err(None) => Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("")),
        }
    }
}

/// A computed sequence G(0..=to) with its periodicity and figures. It
/// never changes once made (so threads may share it): the engine's values
/// stay here, `values` hands numpy a read-only view of them, and `save`
/// and `value` read them.
#[pyclass(frozen, module = "grundy._grundy")]
struct Sequence {
    seq: RustSequence,
    rule: String,
    to: u64,
    computed: u64,
    status: Status,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<i64>,
    proved_at: Option<u64>,
    figures: sequence::Figures,
    engine: serde_json::Value,
    rc: serde_json::Value,
    /// G(0..=to) as 32-bit cells, made on first use when the engine did
    /// not leave them so: in 16-bit cells, or stopping short of `to` (the
    /// rest follows from the period).
    full: OnceLock<Vec<u32>>,
}

impl Sequence {
    fn new(s: RustSequence) -> Sequence {
        let p = s.periodicity();
        let figures = s.figures();
        Sequence {
            rule: s.rule.to_string(),
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
            seq: s,
            full: OnceLock::new(),
        }
    }

    fn count(&self) -> usize {
        self.to as usize + 1
    }

    /// G(n) for a heap the sequence answers.
    fn get(&self, n: usize) -> u32 {
        self.seq.value(n as u64).expect("a complete sequence")
    }

    /// Every value G(0..=to) in 32-bit cells: the engine's own when it
    /// left them so, or else made once (refused when they would not fit in
    /// memory). One cell type whatever the values or the engine, so code
    /// written against a short run works on a long one.
    fn cells(&self, py: Python<'_>) -> PyResult<&[u32]> {
        let count = self.count();
        if let Values::Wide(v) = &self.seq.values {
            if v.len() == count {
                return Ok(v);
            }
        }
        if self.full.get().is_none() {
            let bytes = count as u64 * 4;
            if bytes > memory() {
                return Err(err(format!(
                    "G(0..={}) as an array needs {}, more than the {} available",
                    self.to,
                    size(bytes),
                    size(memory())
                )));
            }
        }
        Ok(py.detach(|| {
            self.full
                .get_or_init(|| (0..count).map(|n| self.get(n)).collect())
        }))
    }
}

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
    /// The rule's canonical form.
    #[getter]
    fn rule(&self) -> &str {
        &self.rule
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
        if py.import("numpy").is_err() {
            return memoryview(py, cells);
        }
        numpy_view(slf, cells)
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
        py.detach(|| store::write_with(&path, &self.rule, count, |n| self.get(n)))
            .map_err(|e| err(format!("--out {e}")))
    }

    /// Pickles as the computed values, the proven period and the engine's
    /// figures; the rest is worked out again from them.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let known = self.seq.values.len().min(self.count());
        let mut bytes = Vec::with_capacity(known * 4);
        for n in 0..known {
            bytes.extend_from_slice(&self.seq.values.get(n).to_le_bytes());
        }
        let period = self
            .seq
            .period
            .map(|p| (p.preperiod, p.period, p.proven_at));
        let meta = serde_json::json!({ "engine": self.engine, "rc": self.rc }).to_string();
        let restore = py.import("grundy._grundy")?.getattr("_sequence_restore")?;
        let args = (
            self.rule.as_str(),
            self.to,
            pyo3::types::PyBytes::new(py, &bytes),
            period,
            meta,
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

/// A pickled sequence made again (see `Sequence.__reduce__`).
#[pyfunction]
fn _sequence_restore(
    rule: &str,
    to: u64,
    values: &[u8],
    period: Option<(usize, usize, usize)>,
    meta: &str,
) -> PyResult<Sequence> {
    let bad = || err("a pickled sequence that does not hold together");
    let rule = parse_rule(rule)?;
    let values: Vec<u32> = values
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let period = period.map(|(preperiod, period, proven_at)| sequence::ProvenPeriod {
        preperiod,
        period,
        proven_at,
    });
    let complete = match period {
        Some(p) => p.period > 0 && p.preperiod + p.period <= values.len(),
        None => values.len() as u64 == to + 1,
    };
    if values.is_empty() || !complete || values.len() as u64 > to + 1 {
        return Err(bad());
    }
    let meta: serde_json::Value = serde_json::from_str(meta).map_err(|_| bad())?;
    let mut s = RustSequence::from_values(rule, values);
    s.to = to;
    s.period = period;
    let mut out = Sequence::new(s);
    out.engine = meta["engine"].clone();
    out.rc = meta["rc"].clone();
    Ok(out)
}

/// Reads a sequence file written by `save`, `sequence(out=...)` or the
/// command line's `--out`.
#[pyfunction]
fn read_sequence(py: Python<'_>, path: PathBuf) -> PyResult<Sequence> {
    let stored = py
        .detach(|| store::read(&path))
        .map_err(|e| err(e.to_string()))?;
    let rule: HeapRule = stored.rule.parse().map_err(|e| {
        err(format!(
            "{}: rule '{}' in the header: {e}",
            path.display(),
            stored.rule
        ))
    })?;
    if stored.values.is_empty() {
        return Err(err(format!("{} holds no values", path.display())));
    }
    Ok(Sequence::new(RustSequence::from_values(
        rule,
        stored.values,
    )))
}

// ---------------------------------------------------------------------
// Nimbers

/// A whole number for Python's conventions: `Ok(None)` when `v` is not
/// an integer at all (a TypeError for the caller to raise, or
/// NotImplemented), a `GrundyError` when it is one out of range.
fn whole(v: &Bound<'_, PyAny>, range: &str) -> PyResult<Option<u64>> {
    if let Ok(n) = v.downcast::<Nimber>() {
        return Ok(Some(n.get().0));
    }
    let Ok(i) = v.py().import("operator")?.call_method1("index", (v,)) else {
        return Ok(None);
    };
    i.extract::<u64>()
        .map(Some)
        .map_err(|_| err(format!("{i}: {range}")))
}

const NIMBER_RANGE: &str = "a nimber is a whole number from 0 to 2^64 - 1";

/// The other operand of a nimber operation: a nimber or an integer, else
/// a TypeError (raised, not NotImplemented: a nimber is not a count, so
/// `*3 * "ab"` must not fall back to repeating the string).
fn nim_u64(v: &Bound<'_, PyAny>, op: &str) -> PyResult<u64> {
    whole(v, NIMBER_RANGE)?.ok_or_else(|| {
        let kind = v
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".into());
        PyTypeError::new_err(format!(
            "unsupported operand type for nimber {op}: '{kind}' (give a nimber or an int)"
        ))
    })
}

/// A nimber *n: `+` is the nim-sum, `*` the nim product, `/` division in
/// the field, `**` powers. It equals the int n (and hashes like it), so
/// nimbers and ints mix in sets, dicts and comparisons.
#[pyclass(frozen, module = "grundy._grundy")]
#[derive(PartialEq, Eq, Hash, Clone, Copy)]
struct Nimber(u64);

#[pymethods]
impl Nimber {
    #[new]
    #[pyo3(signature = (value = None))]
    fn new(value: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match value {
            None => Ok(Nimber(0)),
            Some(v) => {
                if let Ok(s) = v.extract::<String>() {
                    return nimber_eval(&s);
                }
                whole(v, NIMBER_RANGE)?.map(Nimber).ok_or_else(|| {
                    PyTypeError::new_err(format!(
                        "Nimber({}): give an int, a nimber or an expression",
                        short(v)
                    ))
                })
            }
        }
    }

    /// The underlying whole number.
    #[getter]
    fn value(&self) -> u64 {
        self.0
    }

    /// Equal to the nimber or int of the same value; anything else is
    /// left to the other side (NotImplemented). No order: nimbers are not
    /// ordered.
    fn __richcmp__(
        &self,
        other: &Bound<'_, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let same = match whole(other, NIMBER_RANGE) {
            Ok(Some(n)) => n == self.0,
            Ok(None) => return Ok(py.NotImplemented()),
            Err(_) => false, // an int out of range equals no nimber
        };
        let r = match op {
            pyo3::basic::CompareOp::Eq => same,
            pyo3::basic::CompareOp::Ne => !same,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(r.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// The hash of the int n, as equality with it requires.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.0.into_pyobject(py)?.hash()
    }

    fn __int__(&self) -> u64 {
        self.0
    }

    fn __index__(&self) -> u64 {
        self.0
    }

    fn __bool__(&self) -> bool {
        self.0 != 0
    }

    /// `grundy.Nimber(n)`: what makes it again, as Python's repr should.
    fn __repr__(&self) -> String {
        format!("grundy.Nimber({})", self.0)
    }

    /// `*n`, as nimbers are written.
    fn __str__(&self) -> String {
        format!("*{}", self.0)
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        Ok(Nimber(self.0 ^ nim_u64(other, "+")?))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        self.__add__(other)
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        Ok(Nimber(
            (RustNimber(self.0) * RustNimber(nim_u64(other, "*")?)).0,
        ))
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        self.__mul__(other)
    }

    fn __truediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        RustNimber(self.0)
            .checked_div(RustNimber(nim_u64(other, "/")?))
            .map(|n| Nimber(n.0))
            .ok_or_else(|| PyZeroDivisionError::new_err("division by *0"))
    }

    fn __rtruediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        Nimber(nim_u64(other, "/")?).__truediv__(&self.into_pyobject(other.py())?.into_any())
    }

    fn __pow__(
        &self,
        exp: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Nimber> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(PyTypeError::new_err("a nimber power takes no modulus"));
        }
        let e: i128 = match exp.py().import("operator")?.call_method1("index", (exp,)) {
            Ok(i) => i
                .extract()
                .map_err(|_| err(format!("{i}: the exponent is too large")))?,
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "{}: a power of a nimber is a whole number",
                    short(exp)
                )))
            }
        };
        let base = if e < 0 {
            RustNimber(self.0)
                .inverse()
                .ok_or_else(|| PyZeroDivisionError::new_err("*0 has no inverse"))?
        } else {
            RustNimber(self.0)
        };
        // The multiplicative group has order 2^64 - 1.
        let e = (e.unsigned_abs() % (u64::MAX as u128)) as u64;
        Ok(Nimber(base.pow(e).0))
    }

    /// The square root in the field (every nimber has exactly one).
    fn sqrt(&self) -> Nimber {
        Nimber(RustNimber(self.0).sqrt().0)
    }

    /// The multiplicative inverse; ZeroDivisionError for *0.
    fn inverse(&self) -> PyResult<Nimber> {
        RustNimber(self.0)
            .inverse()
            .map(|n| Nimber(n.0))
            .ok_or_else(|| PyZeroDivisionError::new_err("*0 has no inverse"))
    }

    /// `$*n$`, for notebooks.
    fn _repr_latex_(&self) -> String {
        format!("$*{}$", self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cls = py.get_type::<Nimber>();
        PyTuple::new(py, [cls.into_any(), PyTuple::new(py, [self.0])?.into_any()])
    }
}

/// The value of a nimber expression (`+`, `*`, `/`, `^`, `sqrt`, `inv`).
#[pyfunction]
fn nimber_eval(expr: &str) -> PyResult<Nimber> {
    guard(|| {
        nimber::eval(expr)
            .map(|n| Nimber(n.0))
            .map_err(|e| format!("expression '{expr}': {e}"))
    })
}

/// Nim products of two uint64 arrays of one length (the work of
/// `grundy.nim_mul` on arrays), with the GIL released.
#[pyfunction]
fn nim_mul_arrays<'py>(
    py: Python<'py>,
    a: PyReadonlyArray1<'py, u64>,
    b: PyReadonlyArray1<'py, u64>,
) -> PyResult<Bound<'py, numpy::PyArray1<u64>>> {
    let (a, b) = (a.as_slice()?, b.as_slice()?);
    if a.len() != b.len() {
        return Err(err(format!(
            "the arrays have {} and {} elements",
            a.len(),
            b.len()
        )));
    }
    let mut out = vec![0u64; a.len()];
    py.detach(|| nimber::nim_mul_slices(a, b, &mut out));
    Ok(out.into_pyarray(py))
}

fn short(o: &Bound<'_, PyAny>) -> String {
    let r = o
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into());
    if r.chars().count() > 60 {
        r.chars().take(57).chain("...".chars()).collect()
    } else {
        r
    }
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GrundyError", m.py().get_type::<GrundyError>())?;
    m.add_class::<Position>()?;
    m.add_class::<Session>()?;
    m.add_class::<Rule>()?;
    m.add_class::<Sequence>()?;
    m.add_class::<Nimber>()?;
    m.add_class::<Sum>()?;
    m.add_class::<CallableGame>()?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(read_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(nimber_eval, m)?)?;
    m.add_function(wrap_pyfunction!(nim_mul_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(_session_restore, m)?)?;
    m.add_function(wrap_pyfunction!(_position_restore, m)?)?;
    m.add_function(wrap_pyfunction!(_sequence_restore, m)?)?;
    Ok(())
}
