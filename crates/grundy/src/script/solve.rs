//! Grundy values of script games, with a memo made for script positions.
//!
//! The generic [`crate::solve::Solver`] works for a script too, but pays for
//! generality at every option: each option is its own vector, and each
//! lookup hashes a [`Value`]. Here the options of a position are one flat
//! list ([`Flat`]), a whole number from 0 up is looked up in a dense array
//! ([`Memo`]), and only other positions are hashed. The values are those of
//! the textbook mex recursion, as the tests check against the generic
//! solver.
//!
//! ```
//! use grundy::script::{Limits, Script, ScriptSolver, Value};
//! let s = Script::compile("take2", "fn options(n) { if n == 0 { [] } else if n == 1 { [0] } else { [n - 1, n - 2] } }",
//!     Limits::default()).unwrap();
//! let mut solver = ScriptSolver::new(&s);
//! let g: Vec<u64> = (0..6).map(|n| solver.value(&Value::Int(n)).unwrap().0).collect();
//! assert_eq!(g, [0, 1, 2, 0, 1, 2]);
//! ```

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Script, Value};
use crate::game::SumMove;
use crate::nimber::{Mex, Nimber};
use crate::solve::SolveError;

/// The options of one position: option `i` leaves the components
/// `parts[ends[i - 1]..ends[i]]` (from 0 for the first).
#[derive(Clone, Debug, Default)]
pub struct Flat {
    /// The components of every option, one after the other.
    pub parts: Vec<Value>,
    /// Where each option's components end in `parts`.
    pub ends: Vec<usize>,
}

impl Flat {
    /// Empties the list, keeping its memory.
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }

    /// Ends the option being written.
    pub fn end_option(&mut self) {
        self.ends.push(self.parts.len());
    }

    /// How many options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no option.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The components option `i` leaves.
    pub fn option(&self, i: usize) -> &[Value] {
        let lo = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.parts[lo..self.ends[i]]
    }
}

/// No value yet.
const EMPTY: u32 = u32::MAX;
/// A value too large for the dense array, kept in the hashed one.
const LARGE: u32 = u32::MAX - 1;
/// The dense array may be this much longer than twice the values it holds.
const DENSE_SLACK: usize = 1 << 16;

/// The values found: whole numbers from 0 up in a dense array (grown while
/// at least half of it would be used), every other position hashed.
#[derive(Clone, Debug, Default)]
pub struct Memo {
    dense: Vec<u32>,
    dense_known: usize,
    sparse: FxHashMap<Value, Nimber>,
}

impl Memo {
    /// How many positions have a value.
    pub fn len(&self) -> usize {
        self.dense_known + self.sparse.len()
    }

    /// Whether no position has a value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of `p`, if found.
    #[inline]
    pub fn get(&self, p: &Value) -> Option<Nimber> {
        if let Value::Int(n) = *p {
            if n >= 0 && (n as u64) < self.dense.len() as u64 {
                match self.dense[n as usize] {
                    EMPTY => return None,
                    LARGE => {}
                    v => return Some(Nimber(v as u64)),
                }
            }
        }
        self.sparse.get(p).copied()
    }

    /// Records the value of `p`.
    pub fn insert(&mut self, p: Value, g: Nimber) {
        if let Value::Int(n) = p {
            let cap = 2 * self.dense_known + DENSE_SLACK;
            if n >= 0 && (n as u64) < cap as u64 {
                let n = n as usize;
                if n >= self.dense.len() {
                    let len = (n + 1).max(2 * self.dense.len()).min(cap);
                    self.dense.resize(len, EMPTY);
                }
                // Counted where it is kept: here, or in the hashed table.
                if g.0 < LARGE as u64 {
                    if self.dense[n] == EMPTY {
                        self.dense_known += 1;
                    }
                    self.dense[n] = g.0 as u32;
                    return;
                }
                self.dense[n] = LARGE;
            }
        }
        self.sparse.insert(p, g);
    }
}

struct Frame {
    position: Value,
    options: Flat,
    option: usize,
    component: usize,
    acc: Nimber,
    /// Where this position's option values start in the shared list.
    values_from: usize,
}

/// Grundy values of a script's positions, each searched once.
pub struct ScriptSolver<'s> {
    script: &'s Script,
    memo: Memo,
    limit: Option<usize>,
    mex: Mex,
    /// Lists of options no longer in use, to be filled again.
    spare: Vec<Flat>,
}

impl<'s> ScriptSolver<'s> {
    /// A solver with no value known and no limit.
    pub fn new(script: &'s Script) -> Self {
        Self::with_memo(script, Memo::default())
    }

    /// A solver going on from the values an earlier one found.
    pub fn with_memo(script: &'s Script, memo: Memo) -> Self {
        ScriptSolver {
            script,
            memo,
            limit: None,
            mex: Mex::new(),
            spare: Vec::new(),
        }
    }

    /// Stop with [`SolveError::TooLarge`] once `limit` positions are known
    /// or being searched.
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        self
    }

    /// The values found, to go on from later ([`ScriptSolver::with_memo`]).
    pub fn into_memo(self) -> Memo {
        self.memo
    }

    /// The options of `p`, or the script's failure (kept by the script, as
    /// [`Script::take_error`] gives it).
    fn options(&mut self, p: &Value) -> Result<Flat, SolveError> {
        let mut flat = self.spare.pop().unwrap_or_default();
        match self.script.options_flat(p, &mut flat) {
            Ok(()) => Ok(flat),
            Err(e) => {
                let message = e.0.clone();
                self.script.keep_error(e);
                Err(SolveError::Other(message))
            }
        }
    }

    /// The Grundy value of one position.
    pub fn value(&mut self, position: &Value) -> Result<Nimber, SolveError> {
        if let Some(v) = self.memo.get(position) {
            return Ok(v);
        }
        let mut on_stack: FxHashSet<Value> = FxHashSet::default();
        let mut stack: Vec<Frame> = Vec::new();
        let mut values: Vec<u64> = Vec::new();
        self.push(&mut stack, &mut on_stack, &values, position.clone())?;
        while let Some(frame) = stack.last_mut() {
            let mut descend = None;
            'scan: while frame.option < frame.options.len() {
                let opt = frame.options.option(frame.option);
                while frame.component < opt.len() {
                    let c = &opt[frame.component];
                    match self.memo.get(c) {
                        Some(v) => {
                            frame.acc += v;
                            frame.component += 1;
                        }
                        None => {
                            if on_stack.contains(c) {
                                return Err(SolveError::Cycle {
                                    position: c.to_string(),
                                });
                            }
                            descend = Some(c.clone());
                            break 'scan;
                        }
                    }
                }
                values.push(frame.acc.0);
                frame.acc = Nimber::ZERO;
                frame.component = 0;
                frame.option += 1;
            }
            match descend {
                Some(c) => self.push(&mut stack, &mut on_stack, &values, c)?,
                None => {
                    let frame = stack.pop().expect("a frame");
                    self.mex.extend(values.drain(frame.values_from..));
                    let g = Nimber(self.mex.finish());
                    on_stack.remove(&frame.position);
                    self.memo.insert(frame.position, g);
                    self.spare.push(frame.options);
                }
            }
        }
        self.memo
            .get(position)
            .ok_or_else(|| SolveError::Other(format!("{position} was not solved")))
    }

    fn push(
        &mut self,
        stack: &mut Vec<Frame>,
        on_stack: &mut FxHashSet<Value>,
        values: &[u64],
        position: Value,
    ) -> Result<(), SolveError> {
        if let Some(limit) = self.limit {
            if self.memo.len() + stack.len() >= limit {
                return Err(SolveError::TooLarge { limit });
            }
        }
        let options = self.options(&position)?;
        on_stack.insert(position.clone());
        stack.push(Frame {
            position,
            options,
            option: 0,
            component: 0,
            acc: Nimber::ZERO,
            values_from: values.len(),
        });
        Ok(())
    }

    /// The value of a sum of positions: the nim-sum of theirs.
    pub fn value_of_sum(&mut self, components: &[Value]) -> Result<Nimber, SolveError> {
        let mut g = Nimber::ZERO;
        for c in components {
            g += self.value(c)?;
        }
        Ok(g)
    }

    /// Every move in the sum `components` to a position of value 0.
    pub fn winning_moves(
        &mut self,
        components: &[Value],
    ) -> Result<Vec<SumMove<Value>>, SolveError> {
        let total = self.value_of_sum(components)?;
        let mut out = Vec::new();
        if total.is_zero() {
            return Ok(out);
        }
        for (i, c) in components.iter().enumerate() {
            let target = total + self.value(c)?;
            let options = self.options(c)?;
            for k in 0..options.len() {
                let into = options.option(k);
                if self.value_of_sum(into)? == target {
                    out.push(SumMove {
                        component: i,
                        into: into.to_vec(),
                    });
                }
            }
            self.spare.push(options);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests;
