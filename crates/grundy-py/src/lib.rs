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

mod beside;
mod families;
mod given;
mod nimbers;
mod own_game;
mod sequences;
mod stored;

use families::{Position, Session};
use grundy::family::registry::{self, AnyGame};
use grundy::family::session::{Line, Mode, Options as SessionOptions, Output, Side};
use grundy::game::Convention;
use grundy::heap::periodicity::{Status, Window};
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{self, Given, Method, Options, Sequence as RustSequence, Values};
use grundy::heap::store;
use grundy::nimber::{self, Nimber as RustNimber};
use nimbers::Nimber;
use numpy::{IntoPyArray, PyReadonlyArray1};
use own_game::{CallableGame, Sum};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyList, PyTuple};
use sequences::{Rule, Sequence};

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

/// Runs `job` on a thread of its own while this one waits with the GIL
/// released, checking for signals every 50 ms: for library work that
/// cannot be asked to stop (a file read, a report, a drawing). On a signal
/// the error is raised at once (`KeyboardInterrupt` for Ctrl-C) and the
/// thread is left to finish by itself, its result dropped; it writes
/// nothing anyone reads.
fn abandonable<T: Send + 'static>(
    py: Python<'_>,
    job: impl FnOnce() -> PyResult<T> + Send + 'static,
) -> PyResult<T> {
    match beside::Beside::spawn(job).wait(py, |py| py.check_signals()) {
        Ok(result) => result.and_then(|r| r),
        Err((e, _left_to_finish)) => Err(e),
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

/// A claim about Grundy values decided (`grundy check CLAIM --json`):
/// proven by a theorem, refuted at the first position where it fails, or
/// observed up to `to`.
#[pyfunction]
#[pyo3(signature = (claim, to = 10_000))]
fn check(py: Python<'_>, claim: &str, to: u32) -> PyResult<Py<PyAny>> {
    let claim = claim.to_string();
    let answer = py.detach(move || guard(|| grundy::pattern::check::check(&claim, to)))?;
    to_py(
        py,
        &serde_json::to_value(answer).map_err(|e| err(e.to_string()))?,
    )
}

/// The patterns of a list of values `G(start), G(start + 1), ...`, as
/// `grundy pattern -` finds them in numbers read from standard input: a
/// period (or an arithmetic one), a closed form, intervals, the
/// P-positions, the known games the values equal.
#[pyfunction]
#[pyo3(signature = (values, start = 0))]
fn pattern_of(py: Python<'_>, values: Vec<u64>, start: u64) -> PyResult<Py<PyAny>> {
    let found = py.detach(move || findings_of(&values, start))?;
    to_py(
        py,
        &serde_json::to_value(found).map_err(|e| err(e.to_string()))?,
    )
}

/// The findings of `grundy pattern -` in `values` = G(start), G(start + 1),
/// ...: all observed, as nothing is known past the last value.
fn findings_of(values: &[u64], start: u64) -> PyResult<Vec<grundy::pattern::Finding>> {
    guard(|| {
        let r = grundy::pattern::report::Report::sequence("values".into(), start, values, None);
        Ok(r.findings)
    })
}

/// The values of coins `0..=last` of a coin-turning game (a code or a
/// name), as `grundy seq turning:CODE` computes them: a row's value is the
/// nim-sum of the values of its heads, however long the row.
#[pyfunction]
fn coin_values(py: Python<'_>, code: &str, last: u64) -> PyResult<Vec<u64>> {
    let (_, code) =
        grundy::turning::named::resolve(code).map_err(|e| err(format!("turning '{code}': {e}")))?;
    abandonable(py, move || {
        grundy::turning::values::coin_values(&code, last).map_err(|e| err(e.to_string()))
    })
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
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Position>()?;
    m.add_class::<Session>()?;
    m.add_class::<Rule>()?;
    m.add_class::<Sequence>()?;
    m.add_class::<Nimber>()?;
    m.add_class::<Sum>()?;
    m.add_class::<CallableGame>()?;
    m.add_function(wrap_pyfunction!(families::families, m)?)?;
    m.add_function(wrap_pyfunction!(families::glossary, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(pattern_of, m)?)?;
    m.add_function(wrap_pyfunction!(given::given_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(coin_values, m)?)?;
    m.add_function(wrap_pyfunction!(stored::read_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(nimbers::nimber_eval, m)?)?;
    m.add_function(wrap_pyfunction!(nimbers::nim_mul_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(families::_session_restore, m)?)?;
    m.add_function(wrap_pyfunction!(families::_position_restore, m)?)?;
    m.add_function(wrap_pyfunction!(stored::_sequence_restore, m)?)?;
    Ok(())
}
