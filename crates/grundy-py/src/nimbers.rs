//! Nimbers (`grundy.Nimber`): the field's arithmetic with Python's
//! conventions, expressions, and the nim product of numpy arrays.

use super::*;

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
pub(crate) struct Nimber(pub(crate) u64);

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

    /// `*n` in HTML, which a notebook saved as HTML shows without a LaTeX
    /// renderer (where `_repr_latex_` would be the raw `$*n$`).
    fn _repr_html_(&self) -> String {
        format!("<code>*{}</code>", self.0)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cls = py.get_type::<Nimber>();
        PyTuple::new(py, [cls.into_any(), PyTuple::new(py, [self.0])?.into_any()])
    }
}

/// The value of a nimber expression (`+`, `*`, `/`, `^`, `sqrt`, `inv`).
#[pyfunction]
pub(crate) fn nimber_eval(expr: &str) -> PyResult<Nimber> {
    guard(|| {
        nimber::eval(expr)
            .map(|n| Nimber(n.0))
            .map_err(|e| format!("expression '{expr}': {e}"))
    })
}

/// Nim products of two uint64 arrays of one length (the work of
/// `grundy.nim_mul` on arrays), with the GIL released.
#[pyfunction]
pub(crate) fn nim_mul_arrays<'py>(
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
