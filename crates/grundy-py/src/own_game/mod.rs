//! Games whose options come from a Python callable (`grundy.Game`).
//!
//! The values are worked out by the mex recursion, memoised on the Rust
//! side with memory per position, not per option: a position keeps its key
//! and its value, and the options of a position are held only while it is
//! on the search path (in one shared arena, four bytes a part). Whole
//! numbers, the usual positions, are kept without their Python object and
//! found without calling Python's hash; other positions are compared by
//! Python's `hash` and `==`. A move that splits the game is a `grundy.sum`,
//! or, for a game built with `splits=True`, a tuple of the parts it leaves.
//! Misère play is searched over sums of positions ([`misere`]).

mod misere;
mod sum;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use grundy::nimber::Mex;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyInt, PyList, PyTuple, PyTypeMethods};

use crate::{err, short};
use sum::flatten;
pub(crate) use sum::Sum;

/// A whole number not met yet (in the table of whole numbers).
const UNMET: u32 = u32::MAX;
/// A value not worked out yet.
const UNKNOWN: u32 = u32::MAX - 1;
/// A position on the search path: meeting it again is a cycle.
const ON_PATH: u32 = u32::MAX - 2;
/// In the arena, the flag on the last part of an option.
const LAST: u32 = 1 << 31;
/// In the arena, the bits of a position's id.
const INDEX: u32 = LAST - 1;
/// The flag of an id that is a whole number `k` of the table, `k | DENSE`.
const DENSE: u32 = 1 << 30;
/// In the arena, the one "part" of an option that leaves nothing.
const NOTHING: u32 = INDEX;
/// The most positions a memo can hold, and the largest table of whole
/// numbers.
const MAX_POSITIONS: usize = 1 << 29;
/// The table of whole numbers covers at least this many.
const DENSE_MIN: usize = 1 << 20;

/// A memoised position outside the table of whole numbers: a whole number
/// kept as such, anything else as the Python object.
enum Key {
    Int(i64),
    Object(Py<PyAny>),
}

/// A position on the search path: where its options start in the arena
/// and the first option part not known to have a value.
struct Frame {
    node: u32,
    start: usize,
    scan: usize,
}

/// The memo of a game given by a Python callable. A position's id is
/// `k | DENSE` for a whole number `k` of the table (its value kept at
/// `dense[k]`: four bytes a position), else its place in `keys` and
/// `values`.
pub(crate) struct Memo {
    options: Py<PyAny>,
    /// Options are tuples of parts (`splits=True`).
    splits: bool,
    /// The values of the whole numbers `0..dense.len()`, or `UNMET`.
    dense: Vec<u32>,
    keys: Vec<Key>,
    values: Vec<u32>,
    /// Whole numbers outside `dense`.
    ints: HashMap<i64, u32>,
    /// Other positions by Python hash: the first met with that hash ...
    objects: HashMap<isize, u32>,
    /// ... and the others, rare.
    same_hash: HashMap<isize, Vec<u32>>,
    /// How many positions are memoised.
    known: usize,
    arena: Vec<u32>,
    frames: Vec<Frame>,
    mex: Mex,
    calls: u64,
    limit: usize,
}

impl Memo {
    fn new(options: Py<PyAny>, limit: usize, splits: bool) -> Memo {
        Memo {
            options,
            splits,
            dense: Vec::new(),
            keys: Vec::new(),
            values: Vec::new(),
            ints: HashMap::new(),
            objects: HashMap::new(),
            same_hash: HashMap::new(),
            known: 0,
            arena: Vec::new(),
            frames: Vec::new(),
            mex: Mex::new(),
            calls: 0,
            limit: limit.min(MAX_POSITIONS),
        }
    }

    fn clear(&mut self) {
        self.dense.clear();
        self.keys.clear();
        self.values.clear();
        self.ints.clear();
        self.objects.clear();
        self.same_hash.clear();
        self.known = 0;
        self.arena.clear();
        self.frames.clear();
        self.calls = 0;
    }

    /// Counts one more position, within the limit.
    fn count(&mut self) -> PyResult<()> {
        if self.known >= self.limit {
            return Err(err(format!(
                "more than {} positions: raise max_positions to go on",
                self.limit
            )));
        }
        self.known += 1;
        Ok(())
    }

    fn insert(&mut self, key: Key) -> PyResult<u32> {
        self.count()?;
        self.keys.push(key);
        self.values.push(UNKNOWN);
        Ok((self.keys.len() - 1) as u32)
    }

    #[inline]
    fn value(&self, id: u32) -> u32 {
        match id & DENSE {
            0 => self.values[id as usize],
            _ => self.dense[(id ^ DENSE) as usize],
        }
    }

    #[inline]
    fn set(&mut self, id: u32, v: u32) {
        match id & DENSE {
            0 => self.values[id as usize] = v,
            _ => self.dense[(id ^ DENSE) as usize] = v,
        }
    }

    /// The id of a position, met now or before.
    fn node(&mut self, key: &Bound<'_, PyAny>) -> PyResult<u32> {
        if let Ok(i) = key.downcast_exact::<PyInt>() {
            if let Ok(k) = i.extract::<i64>() {
                return self.int_node(k);
            }
        }
        self.object_node(key)
    }

    #[inline]
    fn int_node(&mut self, k: i64) -> PyResult<u32> {
        if let Some(v) = usize::try_from(k)
            .ok()
            .and_then(|slot| self.dense.get_mut(slot))
        {
            if *v == UNMET {
                *v = UNKNOWN;
                self.count()?;
            }
            return Ok(k as u32 | DENSE);
        }
        match self.ints.get(&k) {
            Some(&i) => Ok(i),
            None => {
                let i = self.insert(Key::Int(k))?;
                self.ints.insert(k, i);
                Ok(i)
            }
        }
    }

    /// Grows the table of whole numbers to cover `k` if it is not too
    /// large for the positions met, moving in those kept in the map. Only
    /// between searches: ids in the arena stay valid.
    fn widen_for(&mut self, k: usize) {
        let room = DENSE_MIN.max(8 * self.known).min(MAX_POSITIONS);
        if k < self.dense.len() || k >= room || !self.frames.is_empty() {
            return;
        }
        let len = (k + 1).next_power_of_two().min(MAX_POSITIONS);
        self.dense.resize(len, UNMET);
        let (dense, values) = (&mut self.dense, &self.values);
        self.ints.retain(|&k, &mut i| match usize::try_from(k) {
            Ok(slot) if slot < dense.len() => {
                dense[slot] = values[i as usize];
                false
            }
            _ => true,
        });
    }

    /// The id of a position asked for from outside a search, the table of
    /// whole numbers grown to cover it when it may.
    fn root(&mut self, key: &Bound<'_, PyAny>) -> PyResult<u32> {
        if let Ok(i) = key.downcast_exact::<PyInt>() {
            if let Ok(k) = i.extract::<usize>() {
                self.widen_for(k);
            }
        }
        self.node(key)
    }

    fn object_node(&mut self, key: &Bound<'_, PyAny>) -> PyResult<u32> {
        let h = key.hash().map_err(|_| {
            PyTypeError::new_err(format!(
                "position {}: not hashable (use a tuple, not a list)",
                short(key)
            ))
        })?;
        let Some(&first) = self.objects.get(&h) else {
            let i = self.insert(Key::Object(key.clone().unbind()))?;
            self.objects.insert(h, i);
            return Ok(i);
        };
        if self.is(first, key)? {
            return Ok(first);
        }
        for &j in self.same_hash.get(&h).map(Vec::as_slice).unwrap_or(&[]) {
            if self.is(j, key)? {
                return Ok(j);
            }
        }
        let j = self.insert(Key::Object(key.clone().unbind()))?;
        self.same_hash.entry(h).or_default().push(j);
        Ok(j)
    }

    /// Whether position `i` is `key`. A whole number kept as such is never
    /// equal to another type's object: the two are then worked out apart,
    /// to the same values.
    fn is(&self, i: u32, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        if i & DENSE != 0 {
            return Ok(false);
        }
        match &self.keys[i as usize] {
            Key::Object(o) => o.bind(key.py()).eq(key),
            Key::Int(_) => Ok(false),
        }
    }

    fn key<'py>(&self, py: Python<'py>, i: u32) -> PyResult<Bound<'py, PyAny>> {
        if i & DENSE != 0 {
            return Ok((i ^ DENSE).into_pyobject(py)?.into_any());
        }
        Ok(match &self.keys[i as usize] {
            Key::Int(k) => k.into_pyobject(py)?.into_any(),
            Key::Object(o) => o.bind(py).clone(),
        })
    }

    /// Calls the options function on position `i`.
    fn call<'py>(&mut self, py: Python<'py>, i: u32) -> PyResult<Bound<'py, PyAny>> {
        let key = self.key(py, i)?;
        let result = self.options.bind(py).call1((&key,))?;
        self.calls += 1;
        if self.calls.is_multiple_of(64) {
            py.check_signals()?;
        }
        Ok(result)
    }

    /// Appends the options of position `i` to the arena.
    fn expand(&mut self, py: Python<'_>, i: u32) -> PyResult<()> {
        let result = self.call(py, i)?;
        if let Ok(list) = result.downcast_exact::<PyList>() {
            let mut k = 0;
            while k < list.len() {
                if !self.add_int(list.as_ptr(), k)? {
                    self.add_option(&list.get_item(k)?)?;
                }
                k += 1;
            }
        } else if let Ok(tuple) = result.downcast_exact::<PyTuple>() {
            for o in tuple.iter() {
                self.add_option(&o)?;
            }
        } else if is_ndarray(&result) {
            self.add_array(&result)?;
        } else {
            let iter = result.try_iter().map_err(|_| {
                let key = self.key(py, i).map(|k| short(&k)).unwrap_or_default();
                PyTypeError::new_err(format!(
                    "options({key}) returned {}, not an iterable of positions",
                    short(&result)
                ))
            })?;
            for o in iter {
                self.add_option(&o?)?;
            }
        }
        Ok(())
    }

    /// Appends item `k` of `list` as an option if it is a whole number (of
    /// type `int` itself) that fits in 64 bits, without a reference of its
    /// own; tells whether it did.
    fn add_int(&mut self, list: *mut ffi::PyObject, k: usize) -> PyResult<bool> {
        // SAFETY: `list` is a live list (the caller holds it) and `k` is
        // below its length, read just before with the GIL held; the item is
        // borrowed only while `exact_int` reads it, which runs no Python
        // code.
        let k = unsafe {
            let item = ffi::PyList_GetItem(list, k as ffi::Py_ssize_t);
            if item.is_null() {
                ffi::PyErr_Clear();
                return Ok(false);
            }
            exact_int(item)
        };
        let Some(k) = k else { return Ok(false) };
        let j = self.int_node(k)?;
        self.arena.push(j | LAST);
        Ok(true)
    }

    /// Appends the options given as a numpy array of whole numbers: one
    /// position an entry (one dimension) or a sum of positions a row (two).
    fn add_array(&mut self, array: &Bound<'_, PyAny>) -> PyResult<()> {
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        let fits =
            kind == "i" || (kind == "u" && array.getattr("itemsize")?.extract::<usize>()? < 8);
        if !fits {
            return Err(PyTypeError::new_err(format!(
                "options returned an array of {}: give whole numbers (int64)",
                short(&array.getattr("dtype")?)
            )));
        }
        let array = array.call_method1("astype", ("int64",))?;
        match array.downcast::<PyArray2<i64>>() {
            Ok(rows) => {
                let rows = rows.readonly();
                for row in rows.as_array().rows() {
                    match row.len() {
                        0 => self.arena.push(NOTHING | LAST),
                        len => {
                            for (c, &k) in row.iter().enumerate() {
                                let j = self.int_node(k)?;
                                self.arena.push(if c + 1 == len { j | LAST } else { j });
                            }
                        }
                    }
                }
            }
            Err(_) => {
                let entries = array.downcast::<PyArray1<i64>>().map_err(|_| {
                    PyTypeError::new_err("options returned an array of more than two dimensions")
                })?;
                let entries = entries.readonly();
                for &k in entries.as_array().iter() {
                    let j = self.int_node(k)?;
                    self.arena.push(j | LAST);
                }
            }
        }
        Ok(())
    }

    /// Appends one option to the arena, its last part flagged.
    fn add_option(&mut self, option: &Bound<'_, PyAny>) -> PyResult<()> {
        // SAFETY: `option` is alive and the GIL held.
        if let Some(k) = unsafe { exact_int(option.as_ptr()) } {
            let j = self.int_node(k)?;
            self.arena.push(j | LAST);
            return Ok(());
        }
        let start = self.arena.len();
        if let (true, Ok(t)) = (self.splits, option.downcast_exact::<PyTuple>()) {
            for index in 0..t.len() {
                // SAFETY: a tuple does not change; `index` is below its
                // length; the item is borrowed while the tuple is held.
                let item = unsafe { ffi::PyTuple_GetItem(t.as_ptr(), index as ffi::Py_ssize_t) };
                match unsafe { exact_int(item) } {
                    Some(k) => {
                        let j = self.int_node(k)?;
                        self.arena.push(j);
                    }
                    None => self.add_part(&t.get_item(index)?)?,
                }
            }
        } else if let Ok(s) = option.downcast::<Sum>() {
            for p in s.get().parts.bind(option.py()).iter() {
                let j = self.node(&p)?;
                self.arena.push(j);
            }
        } else if !self.splits {
            let j = self.node(option)?;
            self.arena.push(j);
        } else if let Ok(t) = option.downcast::<PyTuple>() {
            for p in t.iter() {
                self.add_part(&p)?;
            }
        } else if let Ok(l) = option.downcast::<PyList>() {
            for p in l.iter() {
                self.add_part(&p)?;
            }
        } else {
            return Err(PyTypeError::new_err(format!(
                "option {}: a game with splits=True gives each option as a tuple of the parts it leaves",
                short(option)
            )));
        }
        match self.arena.len() > start {
            true => *self.arena.last_mut().expect("a part") |= LAST,
            false => self.arena.push(NOTHING | LAST),
        }
        Ok(())
    }

    fn add_part(&mut self, part: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(i) = part.downcast_exact::<PyInt>() {
            if let Ok(k) = i.extract::<i64>() {
                let j = self.int_node(k)?;
                self.arena.push(j);
                return Ok(());
            }
        }
        if let Ok(s) = part.downcast::<Sum>() {
            for p in s.get().parts.bind(part.py()).iter() {
                let j = self.node(&p)?;
                self.arena.push(j);
            }
        } else {
            let j = self.node(part)?;
            self.arena.push(j);
        }
        Ok(())
    }

    /// The value of position `root`.
    fn value_of(&mut self, py: Python<'_>, root: u32) -> PyResult<u64> {
        let v = self.value(root);
        if v < ON_PATH {
            return Ok(v as u64);
        }
        let base = self.arena.len();
        let depth = self.frames.len();
        let found = self.search(py, root);
        if found.is_err() {
            let dropped: Vec<u32> = self.frames.drain(depth..).map(|f| f.node).collect();
            for node in dropped {
                self.set(node, UNKNOWN);
            }
            self.arena.truncate(base);
        }
        found
    }

    /// The mex recursion from `root` by an explicit depth-first search (no
    /// recursion: deep games do not overflow the stack). Each part in the
    /// arena is looked at once to find the next unknown position, and once
    /// for the mex.
    fn search(&mut self, py: Python<'_>, root: u32) -> PyResult<u64> {
        self.set(root, ON_PATH);
        let start = self.arena.len();
        self.frames.push(Frame {
            node: root,
            start,
            scan: start,
        });
        self.expand(py, root)?;
        let depth = self.frames.len() - 1;
        while self.frames.len() > depth {
            let top = self.frames.len() - 1;
            let mut scan = self.frames[top].scan;
            let mut pending = None;
            while scan < self.arena.len() {
                let j = self.arena[scan] & INDEX;
                if j != NOTHING {
                    match self.value(j) {
                        UNKNOWN => {
                            pending = Some(j);
                            break;
                        }
                        ON_PATH => {
                            let key = self.key(py, j)?;
                            return Err(err(format!(
                                "position {} can be reached from itself: the game must end",
                                short(&key)
                            )));
                        }
                        _ => {}
                    }
                }
                scan += 1;
            }
            self.frames[top].scan = scan;
            match pending {
                Some(j) => {
                    self.set(j, ON_PATH);
                    let start = self.arena.len();
                    self.frames.push(Frame {
                        node: j,
                        start,
                        scan: start,
                    });
                    self.expand(py, j)?;
                }
                None => {
                    let frame = self.frames.pop().expect("a frame");
                    let mut sum = 0u32;
                    for &part in &self.arena[frame.start..] {
                        let j = part & INDEX;
                        if j != NOTHING {
                            sum ^= self.value(j);
                        }
                        if part & LAST != 0 {
                            self.mex.insert(sum as u64);
                            sum = 0;
                        }
                    }
                    // A value is at most the number of options, which the
                    // arena numbers in 32 bits.
                    let v = u32::try_from(self.mex.finish())
                        .ok()
                        .filter(|&v| v < ON_PATH)
                        .ok_or_else(|| err("a value past 2^32 - 3: too many options"))?;
                    self.set(frame.node, v);
                    self.arena.truncate(frame.start);
                }
            }
        }
        Ok(self.value(root) as u64)
    }

    /// The parts an option leaves, as Python objects.
    fn parts<'py>(&self, option: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let mut out = Vec::new();
        if let Ok(s) = option.downcast::<Sum>() {
            out.extend(s.get().parts.bind(option.py()).iter());
        } else if !self.splits || option.downcast_exact::<PyInt>().is_ok() {
            out.push(option.clone());
        } else {
            let items = option.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "option {}: a game with splits=True gives each option as a tuple of the parts it leaves",
                    short(option)
                ))
            })?;
            for p in items {
                flatten(std::iter::once(p?), &mut out);
            }
        }
        Ok(out)
    }

    /// The value of a sum of positions.
    fn value_of_parts(&mut self, py: Python<'_>, parts: &[Bound<'_, PyAny>]) -> PyResult<u64> {
        let mut v = 0;
        for p in parts {
            let i = self.root(p)?;
            v ^= self.value_of(py, i)?;
        }
        Ok(v)
    }

    /// Each option of position `i` (as the options function gives it, from
    /// a fresh call) with the parts it leaves and its value.
    #[allow(clippy::type_complexity)]
    fn options_of<'py>(
        &mut self,
        py: Python<'py>,
        i: u32,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Vec<Bound<'py, PyAny>>, u64)>> {
        let mut result = self.call(py, i)?;
        if is_ndarray(&result) {
            // Entries as ints; rows as tuples of parts (`splits=True`) or
            // as sums, like the options of a list.
            let rows = result.call_method0("tolist")?;
            let mut options = Vec::new();
            for row in rows.try_iter()? {
                let row = row?;
                options.push(match row.downcast::<PyList>() {
                    Ok(l) if self.splits => l.to_tuple().into_any(),
                    Ok(l) => Py::new(
                        py,
                        Sum {
                            parts: l.to_tuple().unbind(),
                        },
                    )?
                    .into_bound(py)
                    .into_any(),
                    Err(_) => row,
                });
            }
            result = PyList::new(py, options)?.into_any();
        }
        let mut out = Vec::new();
        for o in result.try_iter()? {
            let o = o?;
            let parts = self.parts(&o)?;
            let v = self.value_of_parts(py, &parts)?;
            out.push((o, parts, v));
        }
        Ok(out)
    }

    /// The moves of one part of a sum that leave the whole sum value 0,
    /// each as the sum it leaves.
    fn winning_moves_of_sum(&mut self, py: Python<'_>, sum: &Sum) -> PyResult<Vec<Py<PyAny>>> {
        let parts: Vec<Bound<'_, PyAny>> = sum.parts.bind(py).iter().collect();
        let total = self.value_of_parts(py, &parts)?;
        let mut out = Vec::new();
        for k in 0..parts.len() {
            let i = self.node(&parts[k])?;
            let want = total ^ self.value_of(py, i)?;
            for (_, leaves, v) in self.options_of(py, i)? {
                if v != want {
                    continue;
                }
                let keys: Vec<&Bound<'_, PyAny>> = parts[..k]
                    .iter()
                    .chain(&leaves)
                    .chain(&parts[k + 1..])
                    .collect();
                let sum = Sum {
                    parts: PyTuple::new(py, keys)?.unbind(),
                };
                out.push(Py::new(py, sum)?.into_any());
            }
        }
        Ok(out)
    }
}

/// The whole number `item` is, if it is an `int` itself (not a subclass,
/// whose methods could run Python code) that fits in 64 bits.
///
/// # Safety
/// `item` is a live object and the GIL is held.
unsafe fn exact_int(item: *mut ffi::PyObject) -> Option<i64> {
    if ffi::PyLong_CheckExact(item) == 0 {
        return None;
    }
    let k = ffi::PyLong_AsLongLong(item);
    if k == -1 && !ffi::PyErr_Occurred().is_null() {
        ffi::PyErr_Clear();
        return None;
    }
    Some(k)
}

/// Whether `o` is a numpy array (numpy is not needed unless it is one).
fn is_ndarray(o: &Bound<'_, PyAny>) -> bool {
    let t = o.get_type();
    t.name().is_ok_and(|n| n == "ndarray") && t.module().is_ok_and(|m| m == "numpy")
}

/// A game whose options come from a Python callable, with the values
/// memoised on the Rust side. One call computes at a time: the memo is
/// behind a lock, waited for with the GIL released, so threads may share
/// the game; a callable that calls back into its own game is refused
/// rather than left waiting for itself.
#[pyclass(frozen, module = "grundy._grundy")]
pub(crate) struct CallableGame {
    memo: Mutex<Memo>,
    /// Misère play: the player who makes the last move loses.
    misere: bool,
    /// The thread computing now (0: none), to catch a callable calling
    /// back into the game it serves.
    busy: AtomicU64,
}

/// A number for the calling thread, never 0.
fn thread_number() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local!(static NUMBER: u64 = NEXT.fetch_add(1, Ordering::Relaxed));
    NUMBER.with(|n| *n)
}

impl CallableGame {
    /// Runs `f` on the memo, alone.
    fn with<T>(&self, py: Python<'_>, f: impl FnOnce(&mut Memo) -> PyResult<T>) -> PyResult<T> {
        let me = thread_number();
        if self.busy.load(Ordering::SeqCst) == me {
            return Err(err(
                "the options function called back into the game it serves: give it a Game of its own",
            ));
        }
        let mut memo = self
            .memo
            .lock_py_attached(py)
            .unwrap_or_else(|p| p.into_inner());
        self.busy.store(me, Ordering::SeqCst);
        let r = f(&mut memo);
        self.busy.store(0, Ordering::SeqCst);
        r
    }
}

#[pymethods]
impl CallableGame {
    #[new]
    #[pyo3(signature = (options, max_positions = 10_000_000, splits = false, misere = false))]
    fn new(options: Py<PyAny>, max_positions: usize, splits: bool, misere: bool) -> Self {
        CallableGame {
            memo: Mutex::new(Memo::new(options, max_positions, splits)),
            misere,
            busy: AtomicU64::new(0),
        }
    }

    /// The Grundy value of a position (or of a `grundy.sum` of positions),
    /// in normal play: a misère game has none.
    fn value(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        if self.misere {
            return Err(err(
                "a misère game has no Grundy value: outcome and winning_moves play it \
                 (the same game without misere=True gives values)",
            ));
        }
        self.with(py, |g| match position.downcast::<Sum>() {
            Ok(s) => {
                let parts: Vec<Bound<'_, PyAny>> = s.get().parts.bind(py).iter().collect();
                g.value_of_parts(py, &parts)
            }
            Err(_) => {
                let i = g.root(position)?;
                g.value_of(py, i)
            }
        })
    }

    /// 'N' when the player to move wins `position` (or a `grundy.sum` of
    /// positions), else 'P', in the game's convention.
    fn outcome(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let p = match self.misere {
            true => self.with(py, |g| g.misere_is_p(py, position))?,
            false => self.value(py, position)? == 0,
        };
        Ok(if p { "P" } else { "N" })
    }

    /// The options of `position` (as `options` returns them) that leave a
    /// P-position: value 0 in normal play. For a `grundy.sum`, each
    /// winning move in one of its parts, as the sum it leaves.
    fn winning_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        if self.misere {
            return self.with(py, |g| g.misere_winning_moves(py, position));
        }
        if let Ok(s) = position.downcast::<Sum>() {
            return self.with(py, |g| g.winning_moves_of_sum(py, s.get()));
        }
        self.with(py, |g| {
            let i = g.root(position)?;
            g.value_of(py, i)?;
            Ok(g.options_of(py, i)?
                .into_iter()
                .filter(|(_, _, v)| *v == 0)
                .map(|(o, _, _)| o.unbind())
                .collect())
        })
    }

    /// How many times the options callable was called.
    #[getter]
    fn calls(&self, py: Python<'_>) -> PyResult<u64> {
        self.with(py, |g| Ok(g.calls))
    }

    /// How many positions are memoised.
    #[getter]
    fn known(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |g| Ok(g.known))
    }

    /// The options callable.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.with(py, |g| Ok(g.options.clone_ref(py)))
    }

    /// The most positions the memo may hold.
    #[getter]
    fn max_positions(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |g| Ok(g.limit))
    }

    /// Whether options are given as tuples of parts.
    #[getter]
    fn splits(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |g| Ok(g.splits))
    }

    /// Whether the game is played misère.
    #[getter]
    fn misere(&self) -> bool {
        self.misere
    }

    /// Forgets every memoised value.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, |g| {
            g.clear();
            Ok(())
        })
    }

    /// Pickles as the callable, the limit, the form of options and the
    /// convention (the callable pickled by reference, as pickle does
    /// functions); the memo is worked out again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (options, limit, splits) =
            self.with(py, |g| Ok((g.options.clone_ref(py), g.limit, g.splits)))?;
        let args = (options, limit, splits, self.misere).into_pyobject(py)?;
        PyTuple::new(
            py,
            [py.get_type::<CallableGame>().into_any(), args.into_any()],
        )
    }
}
