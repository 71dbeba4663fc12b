//! A move to a sum of positions (`grundy.sum`), as the options function of
//! a `grundy.Game` gives one.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A move to a sum of positions (a move that splits the game in parts).
/// A sum inside a sum is spread into it, so that the options function is
/// only ever given the user's own positions, never a sum.
#[pyclass(frozen, module = "grundy._grundy")]
pub(crate) struct Sum {
    #[pyo3(get)]
    pub(super) parts: Py<PyTuple>,
}

/// The parts of `items`, any sum among them spread out.
pub(super) fn flatten<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    into: &mut Vec<Bound<'py, PyAny>>,
) {
    for item in items {
        match item.downcast::<Sum>() {
            Ok(s) => flatten(s.get().parts.bind(item.py()).iter(), into),
            Err(_) => into.push(item),
        }
    }
}

#[pymethods]
impl Sum {
    #[new]
    fn new(parts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let items: Vec<Bound<'_, PyAny>> = parts
            .try_iter()
            .map_err(|_| PyTypeError::new_err("grundy.sum takes a list of positions"))?
            .collect::<PyResult<_>>()?;
        let mut flat = Vec::with_capacity(items.len());
        flatten(items.into_iter(), &mut flat);
        Ok(Sum {
            parts: PyTuple::new(parts.py(), flat)?.unbind(),
        })
    }

    /// Equal to a sum of equal parts in the same order.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.downcast::<Sum>() {
            Ok(o) => self
                .parts
                .bind(other.py())
                .eq(o.get().parts.bind(other.py())),
            Err(_) => Ok(false),
        }
    }

    /// The hash of the parts.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.parts.bind(py).hash()
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.parts.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("grundy.sum({})", self.parts.bind(py).repr()?))
    }

    /// Pickles as its parts.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let args = PyTuple::new(py, [self.parts.clone_ref(py)])?;
        PyTuple::new(py, [py.get_type::<Sum>().into_any(), args.into_any()])
    }
}
