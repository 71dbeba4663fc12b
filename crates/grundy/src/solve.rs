//! Generic solvers: Grundy values by the mex recursion, outcomes of sums in
//! either convention, and every winning move.
//!
//! Both solvers are iterative (an explicit stack, not recursion), so a game
//! whose play lasts millions of moves does not overflow the call stack, and
//! both detect a position that can repeat and report it as
//! [`SolveError::Cycle`] instead of looping.
//!
//! ```
//! use grundy::game::{Convention, Outcome};
//! use grundy::games::nim::Nim;
//! use grundy::solve;
//! let a = solve::analyze_sum(&Nim, &[3, 4, 5], Convention::Normal, None).unwrap();
//! assert_eq!(a.value.unwrap().0, 2);
//! assert_eq!(a.outcome, Outcome::N);
//! assert_eq!(a.winning_moves.len(), 1);
//! assert_eq!(a.winning_moves[0].to, vec![1, 4, 5]);
//! ```

use std::collections::{HashMap, HashSet};

use crate::game::{apply_sum_move, Analysis, Convention, Game, Outcome, SumMove, WinningMove};
use crate::nimber::{Mex, Nimber};

/// A move in a sum together with the whole position it leaves.
pub type MoveAndResult<P> = (SumMove<P>, Vec<P>);

/// The analysis of a sum of components found by search.
pub type SumAnalysis<P> = Analysis<SumMove<P>, Vec<P>>;

/// Why a position could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The move graph has a cycle through this position: play need not end.
    #[error(
        "the position {position} can repeat (a cycle in the moves), so it has no Grundy value"
    )]
    Cycle {
        /// The repeating position, in debug notation.
        position: String,
    },
    /// The position was not analysed, for the reason given (a limit of
    /// the family's own analysis, for instance).
    #[error("{0}")]
    Other(String),
    /// The search would visit more positions than allowed.
    #[error("the search needs more than {limit} positions; the position is too large to solve by search")]
    TooLarge {
        /// The limit that was reached.
        limit: usize,
    },
}

struct Frame<P> {
    position: P,
    options: Vec<Vec<P>>,
    option: usize,
    component: usize,
    acc: Nimber,
}

/// Grundy values of single components with a transposition table.
pub struct Solver<'g, G: Game> {
    game: &'g G,
    table: HashMap<G::Position, Nimber>,
    limit: Option<usize>,
}

impl<'g, G: Game> Solver<'g, G> {
    /// A solver with an empty table and no size limit.
    pub fn new(game: &'g G) -> Self {
        Solver {
            game,
            table: HashMap::new(),
            limit: None,
        }
    }

    /// Stop with [`SolveError::TooLarge`] once the table holds `limit` positions.
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        self
    }

    /// A solver that goes on from the values an earlier one found
    /// ([`Solver::into_table`]), so a game kept between questions is
    /// searched once.
    pub fn with_table(game: &'g G, table: HashMap<G::Position, Nimber>) -> Self {
        Solver {
            game,
            table,
            limit: None,
        }
    }

    /// The values found, to go on from later ([`Solver::with_table`]).
    pub fn into_table(self) -> HashMap<G::Position, Nimber> {
        self.table
    }

    /// The game being solved.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// Number of positions solved so far.
    pub fn positions_solved(&self) -> usize {
        self.table.len()
    }

    /// The Grundy value of one component.
    pub fn value(&mut self, position: &G::Position) -> Result<Nimber, SolveError> {
        if let Some(&v) = self.table.get(position) {
            return Ok(v);
        }
        let mut on_stack: HashSet<G::Position> = HashSet::new();
        let mut stack: Vec<Frame<G::Position>> = Vec::new();
        let mut mex = Mex::new();
        let mut values: Vec<Vec<u64>> = Vec::new();
        self.push(&mut stack, &mut on_stack, &mut values, position.clone())?;
        while let Some(frame) = stack.last_mut() {
            let mut descend: Option<G::Position> = None;
            'scan: while frame.option < frame.options.len() {
                let opt = &frame.options[frame.option];
                while frame.component < opt.len() {
                    let c = &opt[frame.component];
                    match self.table.get(c) {
                        Some(&v) => {
                            frame.acc += v;
                            frame.component += 1;
                        }
                        None => {
                            if on_stack.contains(c) {
                                return Err(SolveError::Cycle {
                                    position: format!("{c:?}"),
                                });
                            }
                            descend = Some(c.clone());
                            break 'scan;
                        }
                    }
                }
                values.last_mut().expect("frame values").push(frame.acc.0);
                frame.acc = Nimber::ZERO;
                frame.component = 0;
                frame.option += 1;
            }
            match descend {
                Some(c) => self.push(&mut stack, &mut on_stack, &mut values, c)?,
                None => {
                    let frame = stack.pop().expect("frame");
                    let vals = values.pop().expect("frame values");
                    mex.extend(vals);
                    let g = Nimber(mex.finish());
                    on_stack.remove(&frame.position);
                    self.table.insert(frame.position, g);
                }
            }
        }
        Ok(self.table[position])
    }

    fn push(
        &self,
        stack: &mut Vec<Frame<G::Position>>,
        on_stack: &mut HashSet<G::Position>,
        values: &mut Vec<Vec<u64>>,
        position: G::Position,
    ) -> Result<(), SolveError> {
        if let Some(limit) = self.limit {
            if self.table.len() + stack.len() >= limit {
                return Err(SolveError::TooLarge { limit });
            }
        }
        let options = self.game.options(&position);
        on_stack.insert(position.clone());
        values.push(Vec::with_capacity(options.len()));
        stack.push(Frame {
            position,
            options,
            option: 0,
            component: 0,
            acc: Nimber::ZERO,
        });
        Ok(())
    }

    /// The Grundy value of a sum of components: the nim-sum of their values.
    pub fn value_of_sum(&mut self, components: &[G::Position]) -> Result<Nimber, SolveError> {
        let mut g = Nimber::ZERO;
        for c in components {
            g += self.value(c)?;
        }
        Ok(g)
    }

    /// Every move in the sum `components` to a position of value 0.
    pub fn winning_moves(
        &mut self,
        components: &[G::Position],
    ) -> Result<Vec<SumMove<G::Position>>, SolveError> {
        let total = self.value_of_sum(components)?;
        let mut out = Vec::new();
        if total.is_zero() {
            return Ok(out);
        }
        for (i, c) in components.iter().enumerate() {
            let target = total + self.value(c)?;
            for opt in self.game.options(c) {
                if self.value_of_sum(&opt)? == target {
                    out.push(SumMove {
                        component: i,
                        into: opt,
                    });
                }
            }
        }
        Ok(out)
    }
}

/// Outcomes of whole positions (sums of components, as multisets) by direct
/// search, in either convention. Misère play needs this: a misère sum is not
/// decided by its components' nimbers.
///
/// Components with no options are dropped from a position (they can never be
/// moved in), and the rest are sorted, so equal multisets share one entry.
pub struct SumSolver<'g, G: Game>
where
    G::Position: Ord,
{
    game: &'g G,
    convention: Convention,
    table: HashMap<Vec<G::Position>, Outcome>,
    terminal: HashMap<G::Position, bool>,
    limit: Option<usize>,
}

struct SumFrame<P> {
    position: Vec<P>,
    options: Vec<Vec<P>>,
    next: usize,
}

impl<'g, G: Game> SumSolver<'g, G>
where
    G::Position: Ord,
{
    /// A solver for `convention` with no size limit.
    pub fn new(game: &'g G, convention: Convention) -> Self {
        SumSolver {
            game,
            convention,
            table: HashMap::new(),
            terminal: HashMap::new(),
            limit: None,
        }
    }

    /// Stop with [`SolveError::TooLarge`] once `limit` positions are stored.
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        self
    }

    fn is_terminal(&mut self, c: &G::Position) -> bool {
        if let Some(&t) = self.terminal.get(c) {
            return t;
        }
        let t = self.game.options(c).is_empty();
        self.terminal.insert(c.clone(), t);
        t
    }

    /// The canonical form of a position: terminal components dropped, sorted.
    pub fn normalize(&mut self, components: &[G::Position]) -> Vec<G::Position> {
        let mut v: Vec<G::Position> = components
            .iter()
            .filter(|c| !self.is_terminal(c))
            .cloned()
            .collect();
        v.sort();
        v
    }

    /// Every option of a whole position, each normalized, with the move.
    pub fn moves(&mut self, components: &[G::Position]) -> Vec<MoveAndResult<G::Position>> {
        let mut out = Vec::new();
        for (i, c) in components.iter().enumerate() {
            for into in self.game.options(c) {
                let mv = SumMove { component: i, into };
                let to = apply_sum_move(components, &mv);
                out.push((mv, to));
            }
        }
        out
    }

    /// Who wins the sum `components`.
    pub fn outcome(&mut self, components: &[G::Position]) -> Result<Outcome, SolveError> {
        let start = self.normalize(components);
        if let Some(&o) = self.table.get(&start) {
            return Ok(o);
        }
        let mut on_stack: HashSet<Vec<G::Position>> = HashSet::new();
        let mut stack: Vec<SumFrame<G::Position>> = Vec::new();
        self.push(&mut stack, &mut on_stack, start.clone())?;
        while let Some(frame) = stack.last_mut() {
            let mut result: Option<Outcome> = None;
            let mut descend = None;
            while frame.next < frame.options.len() {
                let opt = &frame.options[frame.next];
                match self.table.get(opt) {
                    Some(Outcome::P) => {
                        result = Some(Outcome::N);
                        break;
                    }
                    Some(Outcome::N) => frame.next += 1,
                    None => {
                        if on_stack.contains(opt) {
                            return Err(SolveError::Cycle {
                                position: format!("{opt:?}"),
                            });
                        }
                        descend = Some(opt.clone());
                        break;
                    }
                }
            }
            if let Some(next) = descend {
                self.push(&mut stack, &mut on_stack, next)?;
                continue;
            }
            let frame = stack.pop().expect("frame");
            let outcome = match result {
                Some(o) => o,
                None if frame.options.is_empty() => match self.convention {
                    Convention::Normal => Outcome::P,
                    Convention::Misere => Outcome::N,
                },
                None => Outcome::P,
            };
            on_stack.remove(&frame.position);
            self.table.insert(frame.position, outcome);
        }
        Ok(self.table[&start])
    }

    fn push(
        &mut self,
        stack: &mut Vec<SumFrame<G::Position>>,
        on_stack: &mut HashSet<Vec<G::Position>>,
        position: Vec<G::Position>,
    ) -> Result<(), SolveError> {
        if let Some(limit) = self.limit {
            if self.table.len() + stack.len() >= limit {
                return Err(SolveError::TooLarge { limit });
            }
        }
        let mut options: Vec<Vec<G::Position>> = Vec::new();
        for (i, c) in position.iter().enumerate() {
            for into in self.game.options(c) {
                let to = apply_sum_move(&position, &SumMove { component: i, into });
                options.push(self.normalize(&to));
            }
        }
        options.sort();
        options.dedup();
        on_stack.insert(position.clone());
        stack.push(SumFrame {
            position,
            options,
            next: 0,
        });
        Ok(())
    }
}

/// Full analysis of a sum of components by search: the value (normal play
/// only), the outcome and every winning move, each with the position it
/// leaves (components in their original order).
///
/// `limit` bounds the number of positions the search may store.
pub fn analyze_sum<G: Game>(
    game: &G,
    components: &[G::Position],
    convention: Convention,
    limit: Option<usize>,
) -> Result<SumAnalysis<G::Position>, SolveError>
where
    G::Position: Ord,
{
    match convention {
        Convention::Normal => {
            let mut s = Solver::new(game);
            if let Some(l) = limit {
                s = s.with_limit(l);
            }
            let value = s.value_of_sum(components)?;
            let winning_moves = s
                .winning_moves(components)?
                .into_iter()
                .map(|mv| {
                    let to = apply_sum_move(components, &mv);
                    WinningMove { mv, to }
                })
                .collect();
            Ok(Analysis {
                convention,
                value: Some(value),
                outcome: Outcome::from_value(value),
                winning_moves,
            })
        }
        Convention::Misere => {
            let mut s = SumSolver::new(game, convention);
            if let Some(l) = limit {
                s = s.with_limit(l);
            }
            let outcome = s.outcome(components)?;
            let mut winning_moves = Vec::new();
            if outcome == Outcome::N {
                for (mv, to) in s.moves(components) {
                    if s.outcome(&to)? == Outcome::P {
                        winning_moves.push(WinningMove { mv, to });
                    }
                }
            }
            Ok(Analysis {
                convention,
                value: None,
                outcome,
                winning_moves,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A single token walks down a path of `n` vertices: play lasts n moves.
    struct Chain;
    impl Game for Chain {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<Vec<u64>> {
            if n == 0 {
                vec![]
            } else {
                vec![vec![n - 1]]
            }
        }
    }

    #[test]
    fn million_move_chain_does_not_overflow() {
        let mut s = Solver::new(&Chain);
        assert_eq!(s.value(&1_000_000).unwrap(), Nimber(0));
        assert_eq!(s.value(&999_999).unwrap(), Nimber(1));
        let mut m = SumSolver::new(&Chain, Convention::Misere);
        // Misère: the one who makes the last (millionth) move loses.
        assert_eq!(m.outcome(&[1_000_000]).unwrap(), Outcome::N);
        assert_eq!(m.outcome(&[999_999]).unwrap(), Outcome::P);
    }

    struct Loop;
    impl Game for Loop {
        type Position = u8;
        fn options(&self, &n: &u8) -> Vec<Vec<u8>> {
            match n {
                0 => vec![],
                1 => vec![vec![2], vec![0]],
                _ => vec![vec![1]],
            }
        }
    }

    #[test]
    fn cycles_are_errors() {
        assert!(matches!(
            Solver::new(&Loop).value(&1),
            Err(SolveError::Cycle { .. })
        ));
        // From 1 the move to 0 wins at once, so the outcome search is right
        // to answer without exploring the cycle through 2.
        let mut s = SumSolver::new(&Loop, Convention::Normal);
        assert_eq!(s.outcome(&[1]).unwrap(), Outcome::N);
        assert!(matches!(
            SumSolver::new(&Ring, Convention::Normal).outcome(&[0]),
            Err(SolveError::Cycle { .. })
        ));
    }

    /// Three positions in a ring: play never ends.
    struct Ring;
    impl Game for Ring {
        type Position = u8;
        fn options(&self, &n: &u8) -> Vec<Vec<u8>> {
            vec![vec![(n + 1) % 3]]
        }
    }

    #[test]
    fn limit_is_reported() {
        let r = Solver::new(&Chain).with_limit(100).value(&1000);
        assert_eq!(r, Err(SolveError::TooLarge { limit: 100 }));
    }

    /// Splitting a heap into two non-empty heaps (octal 4.0): g = n+1 mod 2.
    struct Split;
    impl Game for Split {
        type Position = u32;
        fn options(&self, &n: &u32) -> Vec<Vec<u32>> {
            (1..n).map(|a| vec![a, n - a]).collect()
        }
    }

    #[test]
    fn splits_make_sums() {
        let mut s = Solver::new(&Split);
        for n in 1..30u32 {
            let expect = if n % 2 == 0 { 1 } else { 0 };
            assert_eq!(s.value(&n).unwrap(), Nimber(expect), "n = {n}");
        }
        let normal = SumSolver::new(&Split, Convention::Normal)
            .outcome(&[4, 6])
            .unwrap();
        assert_eq!(normal, Outcome::P);
    }
}
