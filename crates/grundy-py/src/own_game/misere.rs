//! Misère play of a game given by a Python callable: who wins a position,
//! or a sum of positions, when the player who makes the last move loses,
//! and the moves that win.
//!
//! A misère sum is not decided by its parts' nimbers, and a move of a game
//! that splits leaves a sum even from a single position, so the outcome is
//! found by the library's search over sums of positions (multisets, parts
//! with no move dropped), each sum counted against the game's
//! `max_positions`. The normal-play recursion runs first over the same
//! positions: it reads every option once and refuses a game that need not
//! end, naming the position, before the search starts.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use grundy::game::{Convention, Game, Outcome};
use grundy::solve::{SolveError, SumSolver};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::{Memo, Sum, INDEX, LAST, NOTHING};
use crate::err;

/// Options read between two checks for Ctrl-C once the search runs on
/// options it already holds.
const SIGNAL_EVERY: u64 = 4096;

/// The game as the library's search sees it: a position is its id in the
/// memo, and its options, sums of ids, are read from the callable once.
struct Ids<'m, 'py> {
    memo: RefCell<&'m mut Memo>,
    py: Python<'py>,
    options: RefCell<HashMap<u32, Vec<Vec<u32>>>>,
    asked: Cell<u64>,
    /// The first error met (from the callable, or Ctrl-C). From then on no
    /// position has an option, so the search ends at once and the error is
    /// raised instead of its answer.
    failed: RefCell<Option<PyErr>>,
}

impl Ids<'_, '_> {
    fn fail(&self, e: PyErr) -> Vec<Vec<u32>> {
        self.failed.borrow_mut().get_or_insert(e);
        Vec::new()
    }
}

impl Game for Ids<'_, '_> {
    type Position = u32;

    fn options(&self, id: &u32) -> Vec<Vec<u32>> {
        if self.failed.borrow().is_some() {
            return Vec::new();
        }
        self.asked.set(self.asked.get() + 1);
        if self.asked.get().is_multiple_of(SIGNAL_EVERY) {
            if let Err(e) = self.py.check_signals() {
                return self.fail(e);
            }
        }
        if let Some(o) = self.options.borrow().get(id) {
            return o.clone();
        }
        let read = self.memo.borrow_mut().option_ids(self.py, *id);
        match read {
            Ok(o) => {
                self.options.borrow_mut().insert(*id, o.clone());
                o
            }
            Err(e) => self.fail(e),
        }
    }
}

impl Memo {
    /// The options of position `i`, each the ids of the parts it leaves.
    fn option_ids(&mut self, py: Python<'_>, i: u32) -> PyResult<Vec<Vec<u32>>> {
        let start = self.arena.len();
        let read = self.expand(py, i);
        let mut out = Vec::new();
        let mut parts = Vec::new();
        for &part in &self.arena[start..] {
            if part & INDEX != NOTHING {
                parts.push(part & INDEX);
            }
            if part & LAST != 0 {
                out.push(std::mem::take(&mut parts));
            }
        }
        self.arena.truncate(start);
        read.map(|()| out)
    }

    /// Whether each of `sums` (ids of parts) is a misère P-position, by one
    /// search sharing what it learns.
    fn misere_p(&mut self, py: Python<'_>, sums: &[Vec<u32>]) -> PyResult<Vec<bool>> {
        let limit = self.limit;
        let ids = Ids {
            memo: RefCell::new(self),
            py,
            options: RefCell::new(HashMap::new()),
            asked: Cell::new(0),
            failed: RefCell::new(None),
        };
        let mut solver = SumSolver::new(&ids, Convention::Misere).with_limit(limit);
        let mut out = Vec::with_capacity(sums.len());
        for sum in sums {
            let found = solver.outcome(sum);
            if let Some(e) = ids.failed.borrow_mut().take() {
                return Err(e);
            }
            match found {
                Ok(o) => out.push(o == Outcome::P),
                Err(SolveError::TooLarge { limit }) => {
                    return Err(err(format!(
                        "misère play is searched over sums of positions, and this one needs more \
                         than {limit}: raise max_positions to go on"
                    )))
                }
                Err(e) => return Err(err(e.to_string())),
            }
        }
        Ok(out)
    }

    /// The ids of `position`'s parts (a sum's parts, or the position), each
    /// worked out in normal play first: a game that need not end is
    /// refused there.
    fn misere_roots(&mut self, py: Python<'_>, parts: &[Bound<'_, PyAny>]) -> PyResult<Vec<u32>> {
        let mut ids = Vec::with_capacity(parts.len());
        for p in parts {
            let i = self.root(p)?;
            self.value_of(py, i)?;
            ids.push(i);
        }
        // The table of whole numbers may have grown meanwhile: ids as they
        // are now.
        parts.iter().map(|p| self.node(p)).collect()
    }

    /// Whether `position` (or a `grundy.sum` of positions) is a misère
    /// P-position: the player to move loses when the last mover loses.
    pub(super) fn misere_is_p(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let parts = parts_of(position);
        let ids = self.misere_roots(py, &parts)?;
        Ok(self.misere_p(py, &[ids])?[0])
    }

    /// The moves that leave a misère P-position: options of a position as
    /// the options function gives them, or for a `grundy.sum`, the sums
    /// that a move in one part leaves.
    pub(super) fn misere_winning_moves(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let parts = parts_of(position);
        let ids = self.misere_roots(py, &parts)?;
        let is_sum = position.downcast::<Sum>().is_ok();
        let mut moves: Vec<Py<PyAny>> = Vec::new();
        let mut leaves: Vec<Vec<u32>> = Vec::new();
        for k in 0..parts.len() {
            for (option, left, _) in self.options_of(py, ids[k])? {
                let left_ids: Vec<u32> =
                    left.iter().map(|p| self.node(p)).collect::<PyResult<_>>()?;
                leaves.push([&ids[..k], &left_ids[..], &ids[k + 1..]].concat());
                moves.push(match is_sum {
                    false => option.unbind(),
                    true => {
                        let kept: Vec<&Bound<'_, PyAny>> = parts[..k]
                            .iter()
                            .chain(&left)
                            .chain(&parts[k + 1..])
                            .collect();
                        let sum = Sum {
                            parts: PyTuple::new(py, kept)?.unbind(),
                        };
                        Py::new(py, sum)?.into_any()
                    }
                });
            }
        }
        let p = self.misere_p(py, &leaves)?;
        Ok(moves
            .into_iter()
            .zip(p)
            .filter_map(|(m, p)| p.then_some(m))
            .collect())
    }
}

/// The parts of a position: a sum's own, or the position alone.
fn parts_of<'py>(position: &Bound<'py, PyAny>) -> Vec<Bound<'py, PyAny>> {
    match position.downcast::<Sum>() {
        Ok(s) => s.get().parts.bind(position.py()).iter().collect(),
        Err(_) => vec![position.clone()],
    }
}
