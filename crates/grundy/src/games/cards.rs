//! The 24-card game of seed 003: cards 1 to 6, four of each, lie on the
//! table; the players take a card in turn and add its value to a running
//! total that may not pass 50; who cannot move loses.
//!
//! A position is the multiset of cards left *and* the total. As the
//! editor's note in seed 003 says, the Grundy value depends on both: two
//! positions with the same total but different cards left can have different
//! values, so there is no single "SG(49)". The values, the misère outcomes
//! and every winning move are found by one sweep over all the positions
//! reachable from the one asked about (a [`Table`]); they are checked against
//! the generic solver playing [`CardGame`] directly.
//!
//! ```
//! use grundy::game::{Convention, Outcome};
//! use grundy::games::cards::{self, CardsPosition, Rules};
//! let rules = Rules::seed();
//! let start = rules.deal();
//! assert_eq!(start.left, vec![4; 6]);
//! let a = cards::analyze(&rules, &start, Convention::Normal).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//! // With only aces left, the total decides: 48 + 1 + 1 = 50, two moves.
//! let p = CardsPosition { left: vec![2, 0, 0, 0, 0, 0], total: 48 };
//! let b = cards::analyze(&rules, &p, Convention::Normal).unwrap();
//! assert_eq!(b.outcome, Outcome::P);
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{MoveTo, Moves, Play};

/// The most distinct card values a game may use; it keeps every Grundy
/// value (at most the number of values) inside seven bits of a table entry.
pub const MAX_VALUES: usize = 64;

/// The most positions a [`Table`] may hold: one byte each.
pub const MAX_TABLE: u128 = 1 << 27;

/// The rules of a card game: which card values there are, how many copies
/// of each are dealt, and the limit the total may not pass.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Distinct card values, increasing, each at least 1.
    pub values: Vec<u64>,
    /// Copies of each value in the deal.
    pub copies: u64,
    /// The total may not pass this.
    pub limit: u64,
}

/// A position: how many cards of each value are left (in the order of
/// [`Rules::values`]) and the running total.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardsPosition {
    /// Cards left of each value.
    pub left: Vec<u64>,
    /// The total of the cards taken so far (or as given).
    pub total: u64,
}

/// Taking one card: `value` is added to the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardMove {
    /// Index of the value in [`Rules::values`].
    pub index: usize,
    /// The card's value.
    pub value: u64,
    /// The total before the move.
    pub from: u64,
    /// The total after it.
    pub to: u64,
}

impl Display for CardMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} (total {} -> {})",
            self.value, self.from, self.to
        )
    }
}

/// Why a card game or position was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardsError {
    /// No card value was given.
    #[error("no card values given")]
    NoValues,
    /// Too many distinct values.
    #[error("{count} card values given; at most {MAX_VALUES} are supported")]
    TooManyValues {
        /// How many were given.
        count: usize,
    },
    /// A card value of 0.
    #[error("card value 0 is not allowed; values start at 1")]
    ZeroValue,
    /// The same value twice.
    #[error("card value {0} is given twice")]
    DuplicateValue(u64),
    /// `left` does not have one count per value.
    #[error("{given} counts of cards left given for {values} card values")]
    WrongLength {
        /// Counts given.
        given: usize,
        /// Values in the rules.
        values: usize,
    },
    /// More cards left than were dealt.
    #[error("{left} cards of value {value} left, but only {copies} of each were dealt")]
    TooManyLeft {
        /// The card value.
        value: u64,
        /// Cards said to be left.
        left: u64,
        /// Copies dealt.
        copies: u64,
    },
    /// The total is already past the limit.
    #[error("the total {total} is past the limit {limit}")]
    PastLimit {
        /// The total.
        total: u64,
        /// The limit.
        limit: u64,
    },
    /// The cards taken add up to more than 64 bits can hold.
    #[error("the cards taken add up to more than {}", u64::MAX)]
    Overflow,
    /// Solving would need too large a table.
    #[error(
        "solving this position needs a table of {positions} positions ({} MiB); \
         at most {MAX_TABLE} ({} MiB) are allowed",
        positions >> 20,
        MAX_TABLE >> 20
    )]
    TooLarge {
        /// Table entries needed (saturated at `u128::MAX`).
        positions: u128,
    },
}

impl Rules {
    /// The game of seed 003: values 1 to 6, four copies, limit 50.
    pub fn seed() -> Rules {
        Rules {
            values: (1..=6).collect(),
            copies: 4,
            limit: 50,
        }
    }

    /// Rules from values in any order; they are sorted and checked.
    pub fn new(mut values: Vec<u64>, copies: u64, limit: u64) -> Result<Rules, CardsError> {
        if values.is_empty() {
            return Err(CardsError::NoValues);
        }
        values.sort_unstable();
        if values[0] == 0 {
            return Err(CardsError::ZeroValue);
        }
        if let Some(w) = values.windows(2).find(|w| w[0] == w[1]) {
            return Err(CardsError::DuplicateValue(w[0]));
        }
        if values.len() > MAX_VALUES {
            return Err(CardsError::TooManyValues {
                count: values.len(),
            });
        }
        Ok(Rules {
            values,
            copies,
            limit,
        })
    }

    /// The initial deal: every copy on the table, total 0.
    pub fn deal(&self) -> CardsPosition {
        CardsPosition {
            left: vec![self.copies; self.values.len()],
            total: 0,
        }
    }

    /// The total of the cards already taken when `left` are on the table.
    pub fn taken_total(&self, left: &[u64]) -> Result<u64, CardsError> {
        self.check_left(left)?;
        let mut t: u64 = 0;
        for (&v, &l) in self.values.iter().zip(left) {
            let part = (self.copies - l)
                .checked_mul(v)
                .ok_or(CardsError::Overflow)?;
            t = t.checked_add(part).ok_or(CardsError::Overflow)?;
        }
        Ok(t)
    }

    fn check_left(&self, left: &[u64]) -> Result<(), CardsError> {
        if left.len() != self.values.len() {
            return Err(CardsError::WrongLength {
                given: left.len(),
                values: self.values.len(),
            });
        }
        for (&v, &l) in self.values.iter().zip(left) {
            if l > self.copies {
                return Err(CardsError::TooManyLeft {
                    value: v,
                    left: l,
                    copies: self.copies,
                });
            }
        }
        Ok(())
    }

    /// Checks that `p` is a position of these rules.
    pub fn check(&self, p: &CardsPosition) -> Result<(), CardsError> {
        self.check_left(&p.left)?;
        if p.total > self.limit {
            return Err(CardsError::PastLimit {
                total: p.total,
                limit: self.limit,
            });
        }
        Ok(())
    }

    /// Every legal move from `p`: one per value with a card left that does
    /// not take the total past the limit.
    pub fn moves(&self, p: &CardsPosition) -> Vec<(CardMove, CardsPosition)> {
        let mut out = Vec::new();
        for (i, (&v, &l)) in self.values.iter().zip(&p.left).enumerate() {
            let Some(to) = p.total.checked_add(v) else {
                continue;
            };
            if l == 0 || to > self.limit {
                continue;
            }
            let mut next = p.clone();
            next.left[i] -= 1;
            next.total = to;
            out.push((
                CardMove {
                    index: i,
                    value: v,
                    from: p.total,
                    to,
                },
                next,
            ));
        }
        out
    }
}

/// The card game as a [`Game`] for the generic solvers: one component, each
/// option the position after taking one card.
#[derive(Clone, Debug)]
pub struct CardGame(pub Rules);

impl Game for CardGame {
    type Position = CardsPosition;
    fn options(&self, p: &CardsPosition) -> Vec<Vec<CardsPosition>> {
        self.0.moves(p).into_iter().map(|(_, q)| vec![q]).collect()
    }
}

/// The number of table entries needed to solve `p`: the product over the
/// values of one more than the cards of that value that can still be taken.
pub fn table_size(rules: &Rules, p: &CardsPosition) -> Result<u128, CardsError> {
    rules.check(p)?;
    let budget = rules.limit - p.total;
    let mut product: u128 = 1;
    for (&v, &l) in rules.values.iter().zip(&p.left) {
        let reach = l.min(budget / v) as u128;
        product = product.saturating_mul(reach + 1);
    }
    Ok(product)
}

/// Bit of a table entry set when the misère outcome is N.
const MISERE_N: u8 = 0x80;

/// Every position reachable from a start position, solved: the Grundy value
/// (normal play) and the misère outcome of each.
///
/// The positions reachable from `(left, total)` are the sub-multisets of the
/// cards left whose removal keeps the total within the limit (any order of
/// taking them works), so each is indexed by how many cards of each value
/// have been taken since the start, in mixed radix. A move only increases
/// that index, so one sweep from the largest index down solves them all.
///
/// ```
/// use grundy::games::cards::{CardsPosition, Rules, Table};
/// let rules = Rules::seed();
/// let t = Table::solve(&rules, &rules.deal()).unwrap();
/// // Seed 003's game: the four aces and two sixes taken, total 16.
/// let p = CardsPosition { left: vec![0, 4, 4, 4, 4, 2], total: 16 };
/// assert!(t.contains(&p));
/// // A total the cards taken do not make is not reachable from the deal...
/// let q = CardsPosition { left: vec![0, 4, 4, 4, 4, 2], total: 48 };
/// assert!(!t.contains(&q));
/// // ...but can be solved on its own: only a 2 fits, and it ends the game.
/// assert_eq!(Table::solve(&rules, &q).unwrap().value(&q).unwrap().0, 1);
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    rules: Rules,
    start: CardsPosition,
    reach: Vec<u64>,
    stride: Vec<usize>,
    entries: Vec<u8>,
}

impl Table {
    /// Solves every position reachable from `start`.
    pub fn solve(rules: &Rules, start: &CardsPosition) -> Result<Table, CardsError> {
        let positions = table_size(rules, start)?;
        if positions > MAX_TABLE {
            return Err(CardsError::TooLarge { positions });
        }
        let budget = rules.limit - start.total;
        let k = rules.values.len();
        let reach: Vec<u64> = rules
            .values
            .iter()
            .zip(&start.left)
            .map(|(&v, &l)| l.min(budget / v))
            .collect();
        let mut stride = Vec::with_capacity(k);
        let mut s = 1usize;
        for &r in &reach {
            stride.push(s);
            s *= r as usize + 1;
        }
        let size = s;
        let mut entries = vec![0u8; size];
        // Odometer over the cards taken, counting down from all of them.
        let mut taken = reach.clone();
        let mut sum: u128 = rules
            .values
            .iter()
            .zip(&reach)
            .map(|(&v, &r)| v as u128 * r as u128)
            .sum();
        for key in (0..size).rev() {
            if sum <= budget as u128 {
                let mut seen: u128 = 0;
                let mut any = false;
                let mut misere_n = false;
                for i in 0..k {
                    if taken[i] < reach[i] && sum + rules.values[i] as u128 <= budget as u128 {
                        let e = entries[key + stride[i]];
                        seen |= 1 << (e & !MISERE_N);
                        any = true;
                        misere_n |= e & MISERE_N == 0;
                    }
                }
                let g = (!seen).trailing_zeros() as u8;
                entries[key] = g | if misere_n || !any { MISERE_N } else { 0 };
            }
            for i in 0..k {
                if taken[i] > 0 {
                    taken[i] -= 1;
                    sum -= rules.values[i] as u128;
                    break;
                }
                taken[i] = reach[i];
                sum += rules.values[i] as u128 * reach[i] as u128;
            }
        }
        Ok(Table {
            rules: rules.clone(),
            start: start.clone(),
            reach,
            stride,
            entries,
        })
    }

    /// The rules the table was solved for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position the table was solved from.
    pub fn start(&self) -> &CardsPosition {
        &self.start
    }

    /// Number of entries in the table.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table is empty (never: the start is always in it).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn key(&self, p: &CardsPosition) -> Option<usize> {
        if p.left.len() != self.start.left.len() {
            return None;
        }
        let mut key = 0usize;
        let mut sum: u128 = self.start.total as u128;
        for i in 0..p.left.len() {
            let taken = self.start.left[i].checked_sub(p.left[i])?;
            if taken > self.reach[i] {
                return None;
            }
            key += taken as usize * self.stride[i];
            sum += taken as u128 * self.rules.values[i] as u128;
        }
        (sum == p.total as u128 && p.total <= self.rules.limit).then_some(key)
    }

    /// Whether `p` is reachable from the start (and so answered here).
    pub fn contains(&self, p: &CardsPosition) -> bool {
        self.key(p).is_some()
    }

    /// The Grundy value of `p`, if it is reachable from the start.
    pub fn value(&self, p: &CardsPosition) -> Option<Nimber> {
        self.key(p)
            .map(|k| Nimber((self.entries[k] & !MISERE_N) as u64))
    }

    /// The outcome of `p` in `convention`, if it is reachable from the start.
    pub fn outcome(&self, p: &CardsPosition, convention: Convention) -> Option<Outcome> {
        let e = self.entries[self.key(p)?];
        Some(match convention {
            Convention::Normal => Outcome::from_value(Nimber((e & !MISERE_N) as u64)),
            Convention::Misere if e & MISERE_N != 0 => Outcome::N,
            Convention::Misere => Outcome::P,
        })
    }

    /// Value, outcome and every winning move of `p`, if it is reachable
    /// from the start.
    pub fn analyze(
        &self,
        p: &CardsPosition,
        convention: Convention,
    ) -> Option<Analysis<CardMove, CardsPosition>> {
        let outcome = self.outcome(p, convention)?;
        let winning_moves = self
            .rules
            .moves(p)
            .into_iter()
            .filter(|(_, q)| self.outcome(q, convention) == Some(Outcome::P))
            .map(|(mv, to)| WinningMove { mv, to })
            .collect();
        Some(Analysis {
            convention,
            value: match convention {
                Convention::Normal => self.value(p),
                Convention::Misere => None,
            },
            outcome,
            winning_moves,
        })
    }

    fn describe(&self, p: &CardsPosition, convention: Convention) -> String {
        match convention {
            Convention::Normal => {
                let g = self.value(p).map_or(0, |v| v.0);
                if g == 0 {
                    "value 0, a P-position".to_string()
                } else {
                    format!("value {g}")
                }
            }
            Convention::Misere => match self.outcome(p, convention) {
                Some(Outcome::P) => "a P-position".to_string(),
                _ => "an N-position".to_string(),
            },
        }
    }

    /// A step-by-step account of `p`: what each card leads to, the mex, and
    /// why the chosen card (the first winning one when `chosen` is `None`)
    /// wins, with an answer to each reply; or, from a P-position, why every
    /// card loses. `None` when `p` is not reachable from the start.
    pub fn explain(
        &self,
        p: &CardsPosition,
        convention: Convention,
        chosen: Option<usize>,
    ) -> Option<String> {
        let a = self.analyze(p, convention)?;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Cards left: {}; total {} of {}.",
            show_left(&self.rules, &p.left),
            p.total,
            self.rules.limit
        );
        let _ = writeln!(
            out,
            "A position is the cards left and the total together: with other cards left the same total \
             can have another value, so each value is worked out for the whole position, back from the \
             positions where no card can be taken{}.",
            match convention {
                Convention::Normal => " (value 0: the player to move has lost)",
                Convention::Misere => " (in misère play the player to move there has won)",
            }
        );
        let moves = self.rules.moves(p);
        if moves.is_empty() {
            let _ = writeln!(
                out,
                "No card can be taken without passing {}: the game is over.",
                self.rules.limit
            );
            return Some(out);
        }
        let _ = writeln!(out, "The cards that can be taken:");
        for (mv, q) in &moves {
            let _ = writeln!(
                out,
                "  take {} -> total {}, {}",
                mv.value,
                q.total,
                self.describe(q, convention)
            );
        }
        if let Some(v) = a.value {
            let vals: Vec<String> = moves
                .iter()
                .map(|(_, q)| self.value(q).map_or(0, |x| x.0).to_string())
                .collect();
            let _ = writeln!(
                out,
                "Grundy value = mex{{{}}} = {} (the least value no card leads to).",
                vals.join(", "),
                v.0
            );
        }
        if a.outcome == Outcome::P {
            let _ = writeln!(
                out,
                "No card leads to a P-position, so the player to move loses with best play: \
                 after each card the opponent has an answer."
            );
            for (mv, q) in &moves {
                self.answer_line(&mut out, "", mv, q, convention);
            }
            return Some(out);
        }
        let pick = chosen
            .and_then(|i| a.winning_moves.iter().find(|w| w.mv.index == i))
            .or(a.winning_moves.first())?;
        let _ = writeln!(
            out,
            "Take {}: the total becomes {} and the opponent faces a P-position. Whatever they take next, \
             there is an answer that leads to a P-position again:",
            pick.mv.value, pick.to.total
        );
        let replies = self.rules.moves(&pick.to);
        if replies.is_empty() {
            let _ = writeln!(
                out,
                "  (none: no card can be taken, so the opponent {})",
                match convention {
                    Convention::Normal => "cannot move and loses",
                    Convention::Misere => "wins",
                }
            );
        }
        for (mv, q) in &replies {
            self.answer_line(&mut out, "they ", mv, q, convention);
        }
        Some(out)
    }

    fn answer_line(
        &self,
        out: &mut String,
        who: &str,
        mv: &CardMove,
        q: &CardsPosition,
        convention: Convention,
    ) {
        let answer = self
            .analyze(q, convention)
            .and_then(|b| b.winning_moves.first().cloned());
        match answer {
            Some(w) => {
                let _ = writeln!(
                    out,
                    "  {who}take {} (total {}) -> answer: take {} (total {})",
                    mv.value, q.total, w.mv.value, w.to.total
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "  {who}take {} (total {}) -> no card is left to take: the game is over",
                    mv.value, q.total
                );
            }
        }
    }
}

/// The cards left written as `value:count` pairs.
pub fn show_left(rules: &Rules, left: &[u64]) -> String {
    rules
        .values
        .iter()
        .zip(left)
        .map(|(v, l)| format!("{v}:{l}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Value (normal play), outcome and every winning move of `p`.
pub fn analyze(
    rules: &Rules,
    p: &CardsPosition,
    convention: Convention,
) -> Result<Analysis<CardMove, CardsPosition>, CardsError> {
    let t = Table::solve(rules, p)?;
    Ok(t.analyze(p, convention)
        .expect("the start is in its own table"))
}

/// The step-by-step explanation of [`Table::explain`] for `p`.
pub fn explain(
    rules: &Rules,
    p: &CardsPosition,
    convention: Convention,
) -> Result<String, CardsError> {
    let t = Table::solve(rules, p)?;
    Ok(t.explain(p, convention, None)
        .expect("the start is in its own table"))
}

/// The card game for the computer player, solved once from its start.
///
/// Its stall rule is seed 003's: with no winning card, take the value with
/// the fewest copies left (among the cards that can be taken), so that
/// values run out and the opponent must recompute.
///
/// ```
/// use grundy::game::Convention;
/// use grundy::games::cards::{CardsPlay, CardsPosition, Rules};
/// use grundy::strategy::Play;
/// let rules = Rules::seed();
/// let p = CardsPosition { left: vec![4, 1, 4, 2, 4, 4], total: 0 };
/// let game = CardsPlay::new(rules, &p, Convention::Normal).unwrap();
/// let stall = game.stall_moves(&p);
/// assert_eq!(stall.len(), 1);
/// assert_eq!(stall[0].0.value, 2);
/// ```
#[derive(Clone, Debug)]
pub struct CardsPlay {
    table: Table,
    convention: Convention,
}

impl CardsPlay {
    /// Solves every position reachable from `start`.
    pub fn new(
        rules: Rules,
        start: &CardsPosition,
        convention: Convention,
    ) -> Result<CardsPlay, CardsError> {
        Ok(CardsPlay {
            table: Table::solve(&rules, start)?,
            convention,
        })
    }

    /// The solved positions.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The rules played.
    pub fn rules(&self) -> &Rules {
        self.table.rules()
    }

    fn analysis(&self, p: &CardsPosition) -> Result<Analysis<CardMove, CardsPosition>, SolveError> {
        match self.table.analyze(p, self.convention) {
            Some(a) => Ok(a),
            None => analyze(self.rules(), p, self.convention).map_err(|e| match e {
                CardsError::TooLarge { .. } => SolveError::TooLarge {
                    limit: MAX_TABLE as usize,
                },
                other => SolveError::Other(other.to_string()),
            }),
        }
    }
}

impl Play for CardsPlay {
    type Position = CardsPosition;
    type Move = CardMove;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn move_count(&self, p: &CardsPosition) -> u128 {
        self.rules().moves(p).len() as u128
    }

    fn moves(&self, p: &CardsPosition) -> Vec<MoveTo<CardMove, CardsPosition>> {
        self.rules().moves(p)
    }

    fn winning_moves(
        &self,
        p: &CardsPosition,
    ) -> Result<Moves<CardMove, CardsPosition>, SolveError> {
        Ok(self
            .analysis(p)?
            .winning_moves
            .into_iter()
            .map(|w| (w.mv, w.to))
            .collect())
    }

    fn stall_moves(&self, p: &CardsPosition) -> Vec<MoveTo<CardMove, CardsPosition>> {
        let moves = self.rules().moves(p);
        let fewest = moves.iter().map(|(m, _)| p.left[m.index]).min();
        moves
            .into_iter()
            .filter(|(m, _)| Some(p.left[m.index]) == fewest)
            .collect()
    }
}

#[cfg(test)]
mod tests;
