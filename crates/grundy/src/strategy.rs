//! How the computer chooses its move.
//!
//! 1. When it has a winning move (one to a P-position) it plays one. When
//!    the game is small enough to search, it picks among the winning moves
//!    one that wins fastest.
//! 2. When it has none, it stalls, as in seed 003: it picks the move after
//!    which the game lasts longest with best play on both sides, so that a
//!    careless opponent has the most chances to go wrong. That length is the
//!    *remoteness* (Winning Ways): 0 for a position with no move; for an
//!    N-position one more than the least remoteness of its P-options; for a
//!    P-position one more than the greatest remoteness of its options. It is
//!    computed exactly by a memoised search when the position is small.
//!    Among moves that make the game last equally long it prefers those of
//!    the game's stall rule (below).
//! 3. When the position is too large to search, a documented game-specific
//!    *stall rule* picks the move instead: for Nim, take one token from the
//!    largest heap ([`nim_stall`]); for the card game, take the value with
//!    the fewest copies left ([`crate::games::cards::CardsPlay`]).
//!
//! Ties are broken by a seeded pseudo-random generator ([`Rng`]), so a game
//! can be replayed exactly.
//!
//! ```
//! use grundy::game::Convention;
//! use grundy::strategy::{NimPlay, Strategy};
//! let game = NimPlay(Convention::Normal);
//! let mut s = Strategy::new(7);
//! let c = s.choose(&game, &vec![3, 4, 5]).unwrap().unwrap();
//! assert!(c.wins);
//! assert_eq!(c.to, vec![1, 4, 5]);
//! // From a P-position no move wins; the computer makes the game last longest.
//! let c = s.choose(&game, &vec![1, 2, 3]).unwrap().unwrap();
//! assert!(!c.wins);
//! ```

use std::collections::{HashMap, HashSet};
use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::game::{Convention, Outcome};
use crate::games::nim::{self, NimMove};
use crate::solve::SolveError;

mod level;

pub use level::Level;

/// A move together with the whole position it leaves.
pub type MoveTo<M, P> = (M, P);

/// A list of moves, each with the position it leaves.
pub type Moves<M, P> = Vec<MoveTo<M, P>>;

/// One move with the position it leaves, if there is such a move, or why
/// the game's analysis failed.
pub type OneMove<M, P> = Result<Option<MoveTo<M, P>>, SolveError>;

/// What the computer needs to know about a game to play it.
///
/// Positions are whole positions (every component together), as the player
/// sees them.
pub trait Play {
    /// A whole position.
    type Position: Clone + Eq + Hash + Debug;
    /// A move, written in the game's own words by `Display`.
    type Move: Clone + Debug + Display;

    /// Normal or misère play.
    fn convention(&self) -> Convention;

    /// The number of legal moves from `p`, computed without listing them.
    fn move_count(&self, p: &Self::Position) -> u128;

    /// Every legal move from `p` with the position it leaves. Only called
    /// when [`Play::move_count`] is small.
    fn moves(&self, p: &Self::Position) -> Vec<MoveTo<Self::Move, Self::Position>>;

    /// Every move to a P-position, by the game's own analysis (a closed
    /// form or a solver), never by listing every move of a large position.
    fn winning_moves(
        &self,
        p: &Self::Position,
    ) -> Result<Moves<Self::Move, Self::Position>, SolveError>;

    /// How many winning moves [`Play::winning_moves`] lists. Games whose
    /// positions can be long count them without building a position per
    /// move.
    fn winning_count(&self, p: &Self::Position) -> Result<usize, SolveError> {
        Ok(self.winning_moves(p)?.len())
    }

    /// The `i`-th move of [`Play::winning_moves`] (same order), so that the
    /// computer builds only the position it plays.
    fn winning_move(&self, p: &Self::Position, i: usize) -> OneMove<Self::Move, Self::Position> {
        Ok(self.winning_moves(p)?.into_iter().nth(i))
    }

    /// The moves the game-specific stall rule finds equally good when no
    /// move wins and the position is too large to search. Empty only when
    /// no move is left.
    fn stall_moves(&self, p: &Self::Position) -> Vec<MoveTo<Self::Move, Self::Position>>;

    /// How many moves [`Play::stall_moves`] lists.
    fn stall_count(&self, p: &Self::Position) -> usize {
        self.stall_moves(p).len()
    }

    /// The `i`-th move of [`Play::stall_moves`] (same order).
    fn stall_move(
        &self,
        p: &Self::Position,
        i: usize,
    ) -> Option<MoveTo<Self::Move, Self::Position>> {
        self.stall_moves(p).into_iter().nth(i)
    }

    /// How many numbers (heaps, cells, coins) a position holds: listing `n`
    /// moves with their positions costs `n` times this much memory, so the
    /// remoteness search counts its work in these units.
    fn size(&self, _p: &Self::Position) -> usize {
        1
    }

    /// Whether the remoteness search may be tried: false for games whose
    /// play can repeat, where it could only end by finding a cycle.
    fn searchable(&self) -> bool {
        true
    }

    /// Whether no move is left.
    fn is_over(&self, p: &Self::Position) -> bool {
        self.move_count(p) == 0
    }
}

/// A small, fast, seeded pseudo-random generator (SplitMix64): the same
/// seed gives the same sequence on every platform and in every version.
///
/// ```
/// use grundy::strategy::Rng;
/// let mut a = Rng::new(1);
/// let mut b = Rng::new(1);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// Outcomes and remoteness of whole positions, memoised across calls.
#[derive(Clone, Debug)]
pub struct Remoteness<P: Clone + Eq + Hash> {
    memo: HashMap<P, (Outcome, u64)>,
}

impl<P: Clone + Eq + Hash> Default for Remoteness<P> {
    fn default() -> Self {
        Remoteness {
            memo: HashMap::new(),
        }
    }
}

struct Frame<P> {
    position: P,
    children: Vec<P>,
    next: usize,
}

impl<P: Clone + Eq + Hash + Debug> Remoteness<P> {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// Positions solved so far.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing is solved yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The outcome and remoteness of `p`, or `None` when the search would
    /// use up `work` (each position expanded costs one plus its number of
    /// moves, times its [`Play::size`]: the numbers its moves' positions
    /// hold; what is spent is taken off `work`) or finds that play can
    /// repeat (no remoteness).
    pub fn of<G: Play<Position = P>>(
        &mut self,
        game: &G,
        p: &P,
        work: &mut usize,
    ) -> Option<(Outcome, u64)> {
        if let Some(&r) = self.memo.get(p) {
            return Some(r);
        }
        let terminal = match game.convention() {
            Convention::Normal => Outcome::P,
            Convention::Misere => Outcome::N,
        };
        let mut on_stack: HashSet<P> = HashSet::new();
        let mut stack: Vec<Frame<P>> = Vec::new();
        let mut expand = |q: P| -> Option<Frame<P>> {
            let cost = game
                .move_count(&q)
                .saturating_add(1)
                .saturating_mul(game.size(&q).max(1) as u128);
            if cost > *work as u128 {
                *work = 0;
                return None;
            }
            *work -= cost as usize;
            let children = game.moves(&q).into_iter().map(|(_, r)| r).collect();
            Some(Frame {
                position: q,
                children,
                next: 0,
            })
        };
        on_stack.insert(p.clone());
        stack.push(expand(p.clone())?);
        while let Some(frame) = stack.last_mut() {
            let mut descend = None;
            while frame.next < frame.children.len() {
                let c = &frame.children[frame.next];
                if self.memo.contains_key(c) {
                    frame.next += 1;
                } else if on_stack.contains(c) {
                    return None;
                } else {
                    descend = Some(c.clone());
                    break;
                }
            }
            if let Some(c) = descend {
                on_stack.insert(c.clone());
                stack.push(expand(c)?);
                continue;
            }
            let frame = stack.pop().expect("frame");
            let result = if frame.children.is_empty() {
                (terminal, 0)
            } else {
                let rs = frame.children.iter().map(|c| self.memo[c]);
                let fastest_win = rs.clone().filter(|r| r.0 == Outcome::P).map(|r| r.1).min();
                match fastest_win {
                    Some(r) => (Outcome::N, r + 1),
                    None => (Outcome::P, rs.map(|r| r.1).max().expect("children") + 1),
                }
            };
            on_stack.remove(&frame.position);
            self.memo.insert(frame.position, result);
        }
        self.memo.get(p).copied()
    }

    /// Forgets every solved position.
    pub fn clear(&mut self) {
        self.memo.clear();
    }
}

/// How a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// By exact remoteness: the fastest win, or the longest loss.
    Remoteness,
    /// A winning move from the game's analysis (too large to search).
    Analysis,
    /// The game's stall rule (no winning move, too large to search).
    StallRule,
    /// A random legal move: the computer slipped, as its [`Level`] lets it.
    Slip,
}

/// The computer's choice of move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M, P> {
    /// The move.
    pub mv: M,
    /// The position it leaves.
    pub to: P,
    /// Whether it is a winning move (to a P-position).
    pub wins: bool,
    /// How it was chosen.
    pub basis: Basis,
    /// Remoteness of the position it leaves, when known: how many more
    /// moves the game lasts with best play.
    pub remoteness: Option<u64>,
    /// How many moves were equally good (the generator chose among them).
    pub ties: usize,
    /// Whether the stall rule narrowed down moves that make the game last
    /// equally long.
    pub by_rule: bool,
}

/// The default work (positions expanded plus moves listed, in numbers held:
/// see [`Remoteness::of`]) the remoteness search may spend on one move.
pub const DEFAULT_BUDGET: usize = 1_000_000;

/// The work the remoteness of every legal move, shown beside it, may take
/// in all: a fifth of [`DEFAULT_BUDGET`], since it is spent on every
/// position shown (a few hundredths of a second where it runs out).
pub const SHOWN_BUDGET: usize = 200_000;

/// The computer player: a seeded generator for ties and a remoteness memo.
#[derive(Clone, Debug)]
pub struct Strategy<P: Clone + Eq + Hash> {
    rng: Rng,
    remoteness: Remoteness<P>,
    budget: usize,
    level: Level,
}

impl<P: Clone + Eq + Hash + Debug> Strategy<P> {
    /// A player whose ties are broken by a generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Strategy {
            rng: Rng::new(seed),
            remoteness: Remoteness::new(),
            budget: DEFAULT_BUDGET,
            level: Level::Perfect,
        }
    }

    /// Plays at `level`: at every level but [`Level::Perfect`] it plays a
    /// random legal move on some of its turns ([`Basis::Slip`]).
    pub fn with_level(mut self, level: Level) -> Self {
        self.level = level;
        self
    }

    /// The level it plays at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Lets the search of each move spend at most `budget` (positions
    /// expanded plus moves listed; 0: never search, use the analysis and the
    /// stall rule only).
    pub fn with_budget(mut self, budget: usize) -> Self {
        self.budget = budget;
        self
    }

    /// The outcome and remoteness of `p` if it is small enough to search.
    pub fn remoteness<G: Play<Position = P>>(&mut self, game: &G, p: &P) -> Option<(Outcome, u64)> {
        if self.budget == 0 {
            return None;
        }
        let mut work = self.budget;
        self.remoteness_within(game, p, &mut work)
    }

    /// The outcome and remoteness of `p` if a search spending at most
    /// `work` finds them (what is spent is taken off), from the player's
    /// memo: a caller valuing many positions shares one budget among them.
    pub fn remoteness_within<G: Play<Position = P>>(
        &mut self,
        game: &G,
        p: &P,
        work: &mut usize,
    ) -> Option<(Outcome, u64)> {
        if self.remoteness.len() > self.budget {
            self.remoteness.clear();
        }
        self.remoteness.of(game, p, work)
    }

    fn pick<T>(&mut self, mut candidates: Vec<T>) -> (T, usize) {
        let n = candidates.len();
        let i = self.rng.below(n as u64) as usize;
        (candidates.swap_remove(i), n)
    }

    /// The computer's move from `p`, or `None` when no move is left.
    pub fn choose<G: Play<Position = P>>(
        &mut self,
        game: &G,
        p: &P,
    ) -> Result<Option<Choice<G::Move, P>>, SolveError> {
        if game.is_over(p) {
            return Ok(None);
        }
        let listed = game
            .move_count(p)
            .saturating_mul(game.size(p).max(1) as u128);
        if let Some(slip) = self.slip(game, p, listed)? {
            return Ok(Some(slip));
        }
        if self.budget > 0 && game.searchable() && listed <= self.budget as u128 {
            let winning = game.winning_moves(p)?;
            if let Some(choice) = self.by_remoteness(game, p, winning.clone()) {
                return Ok(Some(choice));
            }
        }
        // Only the chosen move's position is built: a long position may
        // have as many winning moves as it has numbers.
        let ties = game.winning_count(p)?;
        let pick = if ties > 0 {
            let i = self.rng.below(ties as u64) as usize;
            game.winning_move(p, i)?
        } else {
            None
        };
        if let Some((mv, to)) = pick {
            return Ok(Some(Choice {
                mv,
                to,
                wins: true,
                basis: Basis::Analysis,
                remoteness: None,
                ties,
                by_rule: false,
            }));
        }
        let ties = game.stall_count(p);
        if ties == 0 {
            return Ok(None);
        }
        let i = self.rng.below(ties as u64) as usize;
        let Some((mv, to)) = game.stall_move(p, i) else {
            return Ok(None);
        };
        Ok(Some(Choice {
            mv,
            to,
            wins: false,
            basis: Basis::StallRule,
            remoteness: None,
            ties,
            by_rule: true,
        }))
    }

    /// A random legal move, on the share of turns the level slips on and
    /// only where the moves can be listed (`listed`: what listing them
    /// costs, as [`Strategy::choose`] counts it). Nothing is drawn from the
    /// generator at [`Level::Perfect`], so its games are as they always were.
    fn slip<G: Play<Position = P>>(
        &mut self,
        game: &G,
        p: &P,
        listed: u128,
    ) -> Result<Option<Choice<G::Move, P>>, SolveError> {
        let share = self.level.slips_in_1000();
        if share == 0 || listed > self.budget.max(DEFAULT_BUDGET) as u128 {
            return Ok(None);
        }
        if self.rng.below(1000) >= share {
            return Ok(None);
        }
        let moves = game.moves(p);
        if moves.is_empty() {
            return Ok(None);
        }
        let ties = moves.len();
        let (mv, to) = self.pick(moves).0;
        let wins = game.winning_moves(p)?.iter().any(|(_, q)| *q == to);
        Ok(Some(Choice {
            mv,
            to,
            wins,
            basis: Basis::Slip,
            remoteness: None,
            ties,
            by_rule: false,
        }))
    }

    fn by_remoteness<G: Play<Position = P>>(
        &mut self,
        game: &G,
        p: &P,
        winning: Vec<MoveTo<G::Move, P>>,
    ) -> Option<Choice<G::Move, P>> {
        let wins = !winning.is_empty();
        let candidates = if wins { winning } else { game.moves(p) };
        let mut scored = Vec::with_capacity(candidates.len());
        let mut work = self.budget;
        for (mv, to) in candidates {
            let (_, r) = self.remoteness_within(game, &to, &mut work)?;
            scored.push((mv, to, r));
        }
        let best = if wins {
            scored.iter().map(|s| s.2).min()?
        } else {
            scored.iter().map(|s| s.2).max()?
        };
        let mut tied: Vec<_> = scored.into_iter().filter(|s| s.2 == best).collect();
        let mut by_rule = false;
        if !wins && tied.len() > 1 {
            let rule: Vec<P> = game.stall_moves(p).into_iter().map(|(_, q)| q).collect();
            let before = tied.len();
            let kept: Vec<_> = tied
                .iter()
                .filter(|s| rule.contains(&s.1))
                .cloned()
                .collect();
            if !kept.is_empty() && kept.len() < before {
                tied = kept;
                by_rule = true;
            }
        }
        let ((mv, to, r), ties) = self.pick(tied);
        Some(Choice {
            mv,
            to,
            wins,
            basis: Basis::Remoteness,
            remoteness: Some(r),
            ties,
            by_rule,
        })
    }
}

/// Seed 003's stall rule for Nim: take one token from the largest heap.
/// Returns the indices of the largest non-empty heaps (the ties).
///
/// ```
/// assert_eq!(grundy::strategy::nim_stall(&[3, 7, 2, 7]), vec![1, 3]);
/// assert!(grundy::strategy::nim_stall(&[0, 0]).is_empty());
/// ```
pub fn nim_stall(heaps: &[u64]) -> Vec<usize> {
    let max = heaps.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    (0..heaps.len()).filter(|&i| heaps[i] == max).collect()
}

/// Nim (normal or misère) for the computer player: winning moves by
/// Bouton's rule, the stall rule [`nim_stall`].
#[derive(Clone, Copy, Debug)]
pub struct NimPlay(pub Convention);

impl Play for NimPlay {
    type Position = Vec<u64>;
    type Move = NimMove;

    fn convention(&self) -> Convention {
        self.0
    }

    fn move_count(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&h| h as u128).sum()
    }

    fn moves(&self, p: &Vec<u64>) -> Vec<MoveTo<NimMove, Vec<u64>>> {
        let mut out = Vec::new();
        for (heap, &from) in p.iter().enumerate() {
            for to in (0..from).rev() {
                let mut q = p.clone();
                q[heap] = to;
                out.push((NimMove { heap, from, to }, q));
            }
        }
        out
    }

    fn winning_moves(&self, p: &Vec<u64>) -> Result<Moves<NimMove, Vec<u64>>, SolveError> {
        let (_, moves) = nim::winning_moves(p, self.0);
        Ok(moves.into_iter().map(|mv| nim_apply(p, mv)).collect())
    }

    fn winning_count(&self, p: &Vec<u64>) -> Result<usize, SolveError> {
        Ok(nim::winning_moves(p, self.0).1.len())
    }

    fn winning_move(&self, p: &Vec<u64>, i: usize) -> OneMove<NimMove, Vec<u64>> {
        let (_, moves) = nim::winning_moves(p, self.0);
        Ok(moves.get(i).map(|&mv| nim_apply(p, mv)))
    }

    fn stall_moves(&self, p: &Vec<u64>) -> Vec<MoveTo<NimMove, Vec<u64>>> {
        nim_stall(p)
            .into_iter()
            .map(|heap| nim_take_one(p, heap))
            .collect()
    }

    fn stall_count(&self, p: &Vec<u64>) -> usize {
        nim_stall(p).len()
    }

    fn stall_move(&self, p: &Vec<u64>, i: usize) -> Option<MoveTo<NimMove, Vec<u64>>> {
        nim_stall(p).get(i).map(|&heap| nim_take_one(p, heap))
    }

    fn size(&self, p: &Vec<u64>) -> usize {
        p.len()
    }
}

fn nim_apply(p: &[u64], mv: NimMove) -> MoveTo<NimMove, Vec<u64>> {
    let mut q = p.to_vec();
    q[mv.heap] = mv.to;
    (mv, q)
}

fn nim_take_one(p: &[u64], heap: usize) -> MoveTo<NimMove, Vec<u64>> {
    nim_apply(
        p,
        NimMove {
            heap,
            from: p[heap],
            to: p[heap] - 1,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::{Rng, Strategy};
    use proptest::prelude::*;

    /// Remoteness straight from its definition, by plain recursion.
    fn plain<G: Play>(game: &G, p: &G::Position) -> (Outcome, u64) {
        let kids: Vec<(Outcome, u64)> = game.moves(p).iter().map(|(_, q)| plain(game, q)).collect();
        if kids.is_empty() {
            return match game.convention() {
                Convention::Normal => (Outcome::P, 0),
                Convention::Misere => (Outcome::N, 0),
            };
        }
        match kids.iter().filter(|k| k.0 == Outcome::P).map(|k| k.1).min() {
            Some(r) => (Outcome::N, r + 1),
            None => (Outcome::P, kids.iter().map(|k| k.1).max().unwrap() + 1),
        }
    }

    fn conventions() -> impl proptest::strategy::Strategy<Value = Convention> {
        prop_oneof![Just(Convention::Normal), Just(Convention::Misere)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Nim's counted moves are the listed ones, in the same order, and
        /// the listed winning moves are exactly the moves to P-positions.
        #[test]
        fn counted_moves_are_the_listed_ones(
            heaps in proptest::collection::vec(0u64..4, 0..4),
            convention in conventions(),
        ) {
            let game = NimPlay(convention);
            let winning = game.winning_moves(&heaps).unwrap();
            prop_assert_eq!(game.winning_count(&heaps).unwrap(), winning.len());
            for (i, w) in winning.iter().enumerate() {
                prop_assert_eq!(&game.winning_move(&heaps, i).unwrap().unwrap(), w);
            }
            prop_assert!(game.winning_move(&heaps, winning.len()).unwrap().is_none());
            let mut to_p: Vec<Vec<u64>> = game
                .moves(&heaps)
                .into_iter()
                .filter(|(_, q)| plain(&game, q).0 == Outcome::P)
                .map(|(_, q)| q)
                .collect();
            let mut listed: Vec<Vec<u64>> = winning.into_iter().map(|(_, q)| q).collect();
            to_p.sort();
            listed.sort();
            prop_assert_eq!(listed, to_p);
            let stall = game.stall_moves(&heaps);
            prop_assert_eq!(game.stall_count(&heaps), stall.len());
            for (i, m) in stall.iter().enumerate() {
                prop_assert_eq!(&game.stall_move(&heaps, i).unwrap(), m);
            }
            prop_assert_eq!(game.size(&heaps), heaps.len());
        }

        #[test]
        fn memoised_search_matches_definition(
            heaps in proptest::collection::vec(0u64..5, 0..4),
            convention in conventions(),
        ) {
            let game = NimPlay(convention);
            let mut r = Remoteness::new();
            let got = r.of(&game, &heaps, &mut 1_000_000).unwrap();
            prop_assert_eq!(got, plain(&game, &heaps));
            prop_assert_eq!(got.0, nim::analyze(&heaps, convention).outcome);
        }

        #[test]
        fn choice_wins_or_stalls_longest(
            heaps in proptest::collection::vec(0u64..5, 1..4),
            convention in conventions(),
            seed in any::<u64>(),
        ) {
            let game = NimPlay(convention);
            let mut s = Strategy::new(seed);
            let Some(c) = s.choose(&game, &heaps).unwrap() else {
                prop_assert!(heaps.iter().all(|&h| h == 0));
                return Ok(());
            };
            prop_assert_eq!(c.basis, Basis::Remoteness);
            let here = plain(&game, &heaps);
            let after = plain(&game, &c.to);
            prop_assert_eq!(Some(after.1), c.remoteness);
            if here.0 == Outcome::N {
                prop_assert!(c.wins);
                prop_assert_eq!(after.0, Outcome::P);
                // The fastest win: remoteness drops by exactly one.
                prop_assert_eq!(after.1 + 1, here.1);
            } else {
                prop_assert!(!c.wins);
                let longest = game.moves(&heaps).iter().map(|(_, q)| plain(&game, q).1).max().unwrap();
                prop_assert_eq!(after.1, longest);
                // Among the longest, the stall rule's moves come first.
                let rule: Vec<Vec<u64>> = game.stall_moves(&heaps).into_iter().map(|m| m.1).collect();
                let rule_is_longest = rule.iter().any(|q| plain(&game, q).1 == longest);
                prop_assert_eq!(rule.contains(&c.to), rule_is_longest);
            }
        }

        #[test]
        fn without_search_the_stall_rule_decides(
            heaps in proptest::collection::vec(0u64..40, 1..5),
            convention in conventions(),
            seed in any::<u64>(),
        ) {
            let game = NimPlay(convention);
            let mut s = Strategy::new(seed).with_budget(0);
            let Some(c) = s.choose(&game, &heaps).unwrap() else {
                return Ok(());
            };
            let a = nim::analyze(&heaps, convention);
            if a.outcome == Outcome::N {
                prop_assert!(c.wins);
                prop_assert_eq!(c.basis, Basis::Analysis);
                prop_assert_eq!(nim::analyze(&c.to, convention).outcome, Outcome::P);
            } else {
                prop_assert_eq!(c.basis, Basis::StallRule);
                let max = *heaps.iter().max().unwrap();
                prop_assert_eq!(c.mv.from, max);
                prop_assert_eq!(c.mv.to, max - 1);
            }
        }

        /// The computer, starting from an N-position, beats a random player.
        #[test]
        fn beats_a_random_player(
            heaps in proptest::collection::vec(0u64..8, 1..5),
            convention in conventions(),
            seed in any::<u64>(),
            budget in prop_oneof![Just(0usize), Just(DEFAULT_BUDGET)],
        ) {
            let game = NimPlay(convention);
            prop_assume!(nim::analyze(&heaps, convention).outcome == Outcome::N);
            let mut s = Strategy::new(seed).with_budget(budget);
            let mut rng = Rng::new(seed ^ 1);
            let mut p = heaps;
            let mut computer_to_move = true;
            while !game.is_over(&p) {
                if computer_to_move {
                    p = s.choose(&game, &p).unwrap().unwrap().to;
                } else {
                    let mut ms = game.moves(&p);
                    let i = rng.below(ms.len() as u64) as usize;
                    p = ms.swap_remove(i).1;
                }
                computer_to_move = !computer_to_move;
            }
            // Whoever is to move at the end cannot move.
            let computer_won = match convention {
                Convention::Normal => !computer_to_move,
                Convention::Misere => computer_to_move,
            };
            prop_assert!(computer_won);
        }
    }

    #[test]
    fn known_remoteness() {
        let g = NimPlay(Convention::Normal);
        let mut r = Remoteness::new();
        assert_eq!(r.of(&g, &vec![5], &mut 100), Some((Outcome::N, 1)));
        assert_eq!(r.of(&g, &vec![1, 1], &mut 100), Some((Outcome::P, 2)));
        // Two heaps of 3: the loser drags it out to 3 + 3 moves.
        assert_eq!(r.of(&g, &vec![3, 3], &mut 1000), Some((Outcome::P, 6)));
        // Too large for the budget.
        assert_eq!(Remoteness::new().of(&g, &vec![50, 50], &mut 100), None);
    }

    #[test]
    fn same_seed_same_game() {
        let g = NimPlay(Convention::Normal);
        let run = |seed| {
            let mut s = Strategy::new(seed).with_budget(0);
            let mut p = vec![9u64, 9, 9, 9];
            let mut trail = Vec::new();
            while let Some(c) = s.choose(&g, &p).unwrap() {
                trail.push(c.mv.heap);
                p = c.to;
            }
            trail
        };
        assert_eq!(run(3), run(3));
        assert!((0..20).any(|s| run(s) != run(3)));
    }

    #[test]
    fn rng_is_fixed() {
        // SplitMix64's published first output for seed 0.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let mut r = Rng::new(5);
        let mut seen = [false; 3];
        for _ in 0..100 {
            seen[r.below(3) as usize] = true;
        }
        assert_eq!(seen, [true; 3]);
    }

    /// A game whose moves loop back: the search reports no remoteness.
    struct Loop;
    impl Play for Loop {
        type Position = u8;
        type Move = u8;
        fn convention(&self) -> Convention {
            Convention::Normal
        }
        fn move_count(&self, _: &u8) -> u128 {
            1
        }
        fn moves(&self, &p: &u8) -> Vec<(u8, u8)> {
            vec![(0, (p + 1) % 3)]
        }
        fn winning_moves(&self, _: &u8) -> Result<Vec<(u8, u8)>, SolveError> {
            Ok(Vec::new())
        }
        fn stall_moves(&self, p: &u8) -> Vec<(u8, u8)> {
            self.moves(p)
        }
    }

    #[test]
    fn cycles_fall_back_to_the_stall_rule() {
        assert_eq!(Remoteness::new().of(&Loop, &0, &mut 100), None);
        let c = Strategy::new(1).choose(&Loop, &0).unwrap().unwrap();
        assert_eq!(c.basis, Basis::StallRule);
    }
}
