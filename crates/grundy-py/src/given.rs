//! `Sequence.from_values`: a user's own Grundy values as a sequence, read
//! from any iterable of whole numbers or a one-dimensional numpy integer
//! array, and refused in one line naming `values` when they are not values
//! a sequence holds (32-bit cells, as a computed sequence's).

use super::*;
use crate::sequences::Sequence;
use numpy::{PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFrozenSet, PyInt, PySet, PyString};

/// What every refusal of a value asks for.
const RANGE: &str = "give whole numbers from 0 to 2^32 - 1 (a sequence holds 32-bit values)";

/// Items read from an iterable between two checks for signals.
const CHECK_EVERY: usize = 1 << 16;

/// The sequence of `values` = G(0), G(1), ... with no rule: read and
/// checked here, its periodicity and figures worked out with the GIL
/// released (Ctrl-C raises `KeyboardInterrupt` at once).
#[pyfunction]
pub(crate) fn given_sequence(py: Python<'_>, values: &Bound<'_, PyAny>) -> PyResult<Sequence> {
    let values = read(values)?;
    let given = Given::new(values).map_err(|e| err(format!("values: {e}")))?;
    abandonable(py, move || Ok(Sequence::given(given)))
}

fn wrong(what: impl std::fmt::Display) -> PyErr {
    PyTypeError::new_err(format!(
        "values: {what}; give a list of whole numbers or a numpy integer array"
    ))
}

/// The values of a list, tuple, iterable or numpy array, each a whole
/// number below 2^32.
fn read(values: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    if values.is_none() {
        return Err(wrong("None"));
    }
    let text = values.is_instance_of::<PyString>()
        || values.is_instance_of::<PyBytes>()
        || values.is_instance_of::<PyByteArray>();
    if text {
        return Err(wrong(format!("{} is text", short(values))));
    }
    let unordered = values.is_instance_of::<PySet>()
        || values.is_instance_of::<PyFrozenSet>()
        || values.is_instance_of::<PyDict>();
    if unordered {
        return Err(wrong(format!(
            "a {} has no order of positions",
            values.get_type().name()?
        )));
    }
    if let Ok(array) = values.downcast::<PyUntypedArray>() {
        if let Some(v) = from_array(array)? {
            return Ok(v);
        }
    }
    let items = values
        .try_iter()
        .map_err(|_| wrong(format!("{} is not a list", short(values))))?;
    let py = values.py();
    // numpy's bool is not an int, but has an index: refused like `True`.
    let numpy_bool = match py.import("sys")?.getattr("modules")?.get_item("numpy") {
        Ok(np) => Some(np.getattr("bool_")?),
        Err(_) => None,
    };
    let index = py.import("operator")?.getattr("index")?;
    // A length is only a hint: a hostile `__len__` reserves no more.
    let mut out = Vec::with_capacity(values.len().unwrap_or(0).min(CHECK_EVERY));
    for (i, item) in items.enumerate() {
        let item = item?;
        let is_bool = item.is_instance_of::<PyBool>()
            || numpy_bool
                .as_ref()
                .is_some_and(|b| item.is_instance(b).unwrap_or(false));
        if is_bool {
            return Err(wrong(format!("item {i} is {}, not a number", short(&item))));
        }
        let n = match item.downcast::<PyInt>() {
            Ok(n) => n.clone(),
            Err(_) => index
                .call1((&item,))
                .and_then(|n| Ok(n.downcast_into::<PyInt>()?))
                .map_err(|_| wrong(format!("item {i} ({}) is not a whole number", short(&item))))?,
        };
        let v = n
            .extract::<u32>()
            .map_err(|_| err(format!("values: item {i} is {}; {RANGE}", short(&n))))?;
        out.push(v);
        if i % CHECK_EVERY == CHECK_EVERY - 1 {
            py.check_signals()?;
        }
    }
    Ok(out)
}

/// The values of a numpy array of whole numbers (any width, signed or
/// not); `None` for an array of Python objects, read item by item.
fn from_array(array: &Bound<'_, PyUntypedArray>) -> PyResult<Option<Vec<u32>>> {
    let dtype = array.dtype();
    if array.ndim() != 1 {
        return Err(wrong(format!(
            "an array of {} dimensions, not one",
            array.ndim()
        )));
    }
    let wide = match dtype.kind() {
        b'O' => return Ok(None),
        b'i' => "int64",
        b'u' => "uint64",
        _ => {
            return Err(wrong(format!(
                "an array of {}, not of whole numbers",
                dtype.as_any().str()?
            )))
        }
    };
    let keep = PyDict::new(array.py());
    keep.set_item("copy", false)?;
    let same = array.call_method("astype", (wide,), Some(&keep))?;
    let cells = |found: Result<Vec<u32>, (usize, String)>| {
        found.map_err(|(i, v)| err(format!("values: item {i} is {v}; {RANGE}")))
    };
    if let Ok(a) = same.downcast::<PyArray1<i64>>() {
        let a = a.try_readonly()?;
        return cells(fit(a.as_array().iter().copied())).map(Some);
    }
    let a = same
        .downcast::<PyArray1<u64>>()
        .map_err(|_| wrong("an array numpy could not read as whole numbers"))?;
    let a = a.try_readonly()?;
    cells(fit(a.as_array().iter().copied())).map(Some)
}

/// Each value as a 32-bit cell, or the first that does not fit, with its
/// position.
fn fit<T: Copy + std::fmt::Display + TryInto<u32>>(
    values: impl Iterator<Item = T>,
) -> Result<Vec<u32>, (usize, String)> {
    values
        .enumerate()
        .map(|(i, v)| v.try_into().map_err(|_| (i, v.to_string())))
        .collect()
}
