//! Game families from the registry: positions (`grundy.game`) and play
//! sessions, kept as plain data so that they may be shared and pickled.

use super::*;
use grundy::family::registry::Budget;
use grundy::strategy::Level;

/// Every family of the registry, as a list of dicts (name, title, rules,
/// aliases, summary, variant, position, examples).
#[pyfunction]
pub(crate) fn families(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let v = serde_json::to_value(registry::list()).map_err(|e| err(e.to_string()))?;
    to_py(py, &v)
}

/// Every term of the glossary, as a list of dicts (term, aliases,
/// definition).
#[pyfunction]
pub(crate) fn glossary(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let v = serde_json::to_value(grundy::glossary::glossary()).map_err(|e| err(e.to_string()))?;
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
pub(crate) struct Position {
    family: String,
    variant: String,
    misere: bool,
    /// The position the game started from, as given.
    position: String,
    /// The moves played from `position` to reach this one.
    moves: Vec<String>,
    /// The bytes a search may take (`None`: the library's default).
    memory: Option<usize>,
}

/// A position started, on a thread of its own: starting one solves it,
/// which may search for long, and Ctrl-C raises `KeyboardInterrupt` at
/// once.
fn start(
    py: Python<'_>,
    family: &str,
    variant: &str,
    position: &str,
    misere: bool,
    memory: Option<usize>,
) -> PyResult<Position> {
    let p = Position {
        family: family.to_string(),
        variant: variant.to_string(),
        misere,
        position: position.to_string(),
        moves: Vec::new(),
        memory,
    };
    p.off_thread(py, |_| Ok(()))?;
    Ok(p)
}

fn start_game(
    family: &str,
    variant: &str,
    position: &str,
    misere: bool,
    memory: Option<usize>,
) -> PyResult<Box<dyn AnyGame>> {
    if memory == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "memory: give a number of bytes above 0",
        ));
    }
    let budget = Budget { memory };
    guard(|| {
        registry::start_with(family, variant, position, convention(misere), &budget)
            .map_err(|e| e.0)
    })
}

impl Position {
    /// The game at this position, started anew.
    fn game(&self) -> PyResult<Box<dyn AnyGame>> {
        let mut g = start_game(
            &self.family,
            &self.variant,
            &self.position,
            self.misere,
            self.memory,
        )?;
        for mv in &self.moves {
            guard(|| g.play(mv).map_err(|e| e.0))?;
        }
        Ok(g)
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (family, variant = "", position = "", misere = false, memory = None))]
    fn new(
        py: Python<'_>,
        family: &str,
        variant: &str,
        position: &str,
        misere: bool,
        memory: Option<usize>,
    ) -> PyResult<Self> {
        start(py, family, variant, position, misere, memory)
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
        let v = self.off_thread(py, |g| {
            let r = g.report().map_err(|e| e.0)?;
            serde_json::to_value(&r).map_err(|e| e.to_string())
        })?;
        to_py(py, &v)
    }

    /// The report as the command line prints it.
    fn report_text(&self, py: Python<'_>) -> PyResult<String> {
        self.off_thread(py, |g| g.report().map(|r| r.to_text()).map_err(|e| e.0))
    }

    /// Every legal move: dicts of move, to (JSON), to_text, value, outcome.
    fn moves(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        // The library's JSON, as the page receives it.
        let json = self.off_thread(py, |g| {
            let moves = g.moves().map_err(|e| e.0)?;
            serde_json::to_value(&moves).map_err(|e| e.to_string())
        })?;
        to_py(py, &json)
    }

    /// The position drawn as text.
    fn draw(&self, py: Python<'_>) -> PyResult<String> {
        self.off_thread(py, |g| Ok(g.draw()))
    }

    /// The position drawn as data: {shape: {kind, ...}, components, value,
    /// outcome}.
    fn drawing(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let v = self.off_thread(py, |g| {
            serde_json::to_value(g.drawing()).map_err(|e| e.to_string())
        })?;
        to_py(py, &v)
    }

    /// Another position of the same game, from text or JSON text.
    fn at(&self, py: Python<'_>, position: &str) -> PyResult<Position> {
        start(
            py,
            &self.family,
            &self.variant,
            position,
            self.misere,
            self.memory,
        )
    }

    /// The position after a move (in the game's words, or the whole
    /// position it leaves); this position is unchanged.
    fn after(&self, py: Python<'_>, mv: &str) -> PyResult<Position> {
        let played = mv.to_string();
        self.off_thread(py, move |g| g.play(&played).map_err(|e| e.0))?;
        let mut next = self.clone_data();
        next.moves.push(mv.to_string());
        Ok(next)
    }

    /// A play session against the computer from this position.
    #[pyo3(signature = (first = "human", seed = 0, json = false, level = "perfect"))]
    fn session(
        &self,
        py: Python<'_>,
        first: &str,
        seed: u64,
        json: bool,
        level: &str,
    ) -> PyResult<Session> {
        let setup = Setup {
            first,
            seed,
            json,
            level,
        };
        Session::open(py, self.clone_data(), setup, Vec::new())
    }

    /// Pickles as the data that starts the same position.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let args = (
            self.family.as_str(),
            self.variant.as_str(),
            self.position.as_str(),
            self.misere,
            self.moves.clone(),
            self.memory,
        )
            .into_pyobject(py)?;
        let restore = py.import("grundy._grundy")?.getattr("_position_restore")?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

impl Position {
    /// `work` on this position's game, on a thread of its own with the GIL
    /// released: a report, a move list or a drawing may search for long,
    /// and Ctrl-C raises `KeyboardInterrupt` at once (see
    /// [`abandonable`](crate::abandonable)).
    fn off_thread<T: Send + 'static>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut dyn AnyGame) -> Result<T, String> + Send + 'static,
    ) -> PyResult<T> {
        let data = self.clone_data();
        crate::abandonable(py, move || {
            let mut g = data.game()?;
            guard(|| work(g.as_mut()))
        })
    }

    fn clone_data(&self) -> Position {
        Position {
            family: self.family.clone(),
            variant: self.variant.clone(),
            misere: self.misere,
            position: self.position.clone(),
            moves: self.moves.clone(),
            memory: self.memory,
        }
    }
}

/// A pickled position made again (see `Position.__reduce__`).
#[pyfunction]
#[pyo3(signature = (family, variant, position, misere, moves, memory = None))]
pub(crate) fn _position_restore(
    py: Python<'_>,
    family: &str,
    variant: &str,
    position: &str,
    misere: bool,
    moves: Vec<String>,
    memory: Option<usize>,
) -> PyResult<Position> {
    let p = Position {
        moves,
        ..start(py, family, variant, position, misere, memory)?
    };
    p.off_thread(py, |_| Ok(()))?;
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
pub(crate) struct Session {
    start: Position,
    first: String,
    seed: u64,
    json: bool,
    level: Level,
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
        let mut game = registry::start_with(
            &start.family,
            &start.variant,
            &start.position,
            convention(start.misere),
            &Budget {
                memory: start.memory,
            },
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
        setup: Setup<'_>,
        replay: Vec<String>,
    ) -> PyResult<Session> {
        let Setup {
            first,
            seed,
            json,
            level,
        } = setup;
        let level: Level = level.parse().map_err(err)?;
        let side = match first {
            "human" | "you" => Side::Human,
            "computer" => Side::Computer,
            other => return Err(err(format!("first '{other}': give 'human' or 'computer'"))),
        };
        let options = SessionOptions {
            first: side,
            mode: if json { Mode::Json } else { Mode::Pipe },
            seed,
            level,
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
            level,
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
        let args = (
            start,
            self.first.as_str(),
            self.seed,
            self.json,
            lines,
            self.level.name(),
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

/// How a session is set up, as Python gives it.
struct Setup<'a> {
    first: &'a str,
    seed: u64,
    json: bool,
    level: &'a str,
}

/// A session started anew and replayed to where it was pickled.
#[pyfunction]
#[pyo3(signature = (start, first, seed, json, lines, level = "perfect"))]
pub(crate) fn _session_restore(
    py: Python<'_>,
    start: PyRef<'_, Position>,
    first: &str,
    seed: u64,
    json: bool,
    lines: Vec<String>,
    level: &str,
) -> PyResult<Session> {
    let setup = Setup {
        first,
        seed,
        json,
        level,
    };
    Session::open(py, start.clone_data(), setup, lines)
}
