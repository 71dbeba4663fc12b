//! The heap family past what is computed: positions with a heap of
//! [`PERIODIC_FROM`] tokens or more (up to `2^64 - 1`) under a rule whose
//! period is proven ([`PeriodicValues`]), in normal play. Values come from
//! the period, and the winning moves are counted and listed without trying
//! every split ([`crate::games::huge_heap`]); moves on a huge heap are
//! read, made and drawn without listing the others.
//!
//! The registry starts a heap game here when [`start`] takes it, and as
//! [`super::heap::HeapPlay`] otherwise; the words of moves and positions
//! are the same.
//!
//! ```
//! use grundy::families::huge_heap;
//! use grundy::family::{Analyse, Notation};
//! use grundy::game::Convention;
//! let kayles = "kayles".parse().unwrap();
//! let (game, p) = huge_heap::start(&kayles, &["1000000000000000000"], Convention::Normal)
//!     .unwrap()
//!     .expect("Kayles' period is proven");
//! // Kayles: G(n) = 1 for n = 4 (mod 12) from n = 71 on.
//! assert_eq!(game.value(&p).unwrap().0, 1);
//! assert_eq!(game.winning_total(&p).unwrap(), 83_333_333_333_333_338);
//! let (_, q) = game.parse_move(&p, "take 1 from heap 1").unwrap().unwrap();
//! assert_eq!(game.position_text(&q), "999999999999999999");
//! ```

use std::fmt::Write;

use serde_json::{Map, Value};

use super::heap::ROW;
use crate::family::drawing::{Part, Shape};
use crate::family::text::{nim_sum_text, parse_numbers, parse_u64_list, valued_heap_rows};
use crate::family::{Analyse, Draw, Drawing, Error, Notation, Parsed};
use crate::game::{Convention, Outcome};
use crate::games::heap_words::{self, Take, Typed, Which};
use crate::games::huge_heap::{self as theory, leaves, HugeMove};
use crate::heap::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::heap::explain::leaves_value;
use crate::heap::periodic::PeriodicValues;
use crate::heap::rule::HeapRule;
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, MoveTo, Moves, OneMove, Play};

/// Heaps from this size on take their values from the proven period, when
/// the rule has one (smaller ones are computed).
pub const PERIODIC_FROM: u64 = 10_000;

/// The most winning moves [`Play::winning_moves`] lists (the first ones):
/// every one whenever the moves themselves are few enough to list
/// ([`crate::family::MOVE_LIST_CAP`]); the report counts them all.
const WINNING_LISTED: usize = crate::family::MOVE_LIST_CAP as usize;

/// A heap game whose values come from its proven period.
pub struct HugeHeapPlay {
    rule: HeapRule,
    pv: PeriodicValues,
}

/// The game at `heaps` (the command line's words) when it goes this way:
/// normal play, a rule counted in single tokens, a heap of
/// [`PERIODIC_FROM`] or more, and a period proven. `Ok(None)`: the heaps
/// are computed the ordinary way ([`super::heap::start`], which also
/// refuses what cannot be read).
pub fn start<S: AsRef<str>>(
    rule: &HeapRule,
    heaps: &[S],
    convention: Convention,
) -> Result<Option<(HugeHeapPlay, Vec<u64>)>, Error> {
    let Ok(sizes) = parse_u64_list(heaps, "heap", "heaps") else {
        return Ok(None);
    };
    Ok(start_sizes(rule, sizes, convention))
}

/// [`start`] with the heap sizes read.
pub fn start_sizes(
    rule: &HeapRule,
    heaps: Vec<u64>,
    convention: Convention,
) -> Option<(HugeHeapPlay, Vec<u64>)> {
    let top = heaps.iter().copied().max().unwrap_or(0);
    if convention != Convention::Normal || rule.scale() != 1 || top < PERIODIC_FROM {
        return None;
    }
    let pv = PeriodicValues::prove(rule)?;
    if heaps.iter().any(|&h| pv.checked_value(h).is_none()) {
        return None;
    }
    let game = HugeHeapPlay {
        rule: rule.clone(),
        pv,
    };
    Some((game, heaps))
}

/// How many ways a rest of `r` tokens splits into three heaps
/// `a <= b <= c`: the nearest whole number to `r^2 / 12`.
fn three_way_splits(r: u64) -> u128 {
    let r = r as u128;
    (r * r + 6) / 12
}

impl HugeHeapPlay {
    fn g(&self, n: u64) -> u64 {
        self.pv.value(n)
    }

    fn nim_sum(&self, heaps: &[u64]) -> u64 {
        heaps.iter().fold(0, |a, &h| a ^ self.g(h))
    }

    /// The largest take: bounded by the code, or the whole heap for a code
    /// that removes any number ([`theory::removal_tail`]).
    fn max_take(&self, h: u64) -> u64 {
        self.rule.max_removal().map_or(h, u64::from).min(h)
    }

    /// The takes that are counted one by one: all of them for a bounded
    /// code, those before the repeated digits otherwise.
    fn written_takes(&self, h: u64) -> u64 {
        match (self.rule.max_removal(), theory::removal_tail(&self.rule)) {
            (None, Some(k0)) => (k0 - 1).min(h),
            _ => self.max_take(h),
        }
    }

    /// Whether taking `take` tokens from a heap of `h` may leave `parts`
    /// heaps (each non-empty, adding up to the rest).
    fn allows(&self, h: u64, take: u64, parts: usize) -> bool {
        if take > h {
            return false;
        }
        let (bits, r) = (leaves(&self.rule, take), h - take);
        match parts {
            0 => take >= 1 && r == 0 && bits & LEAVE_NONE != 0,
            1 => take >= 1 && r >= 1 && bits & LEAVE_ONE != 0,
            2 => r >= 2 && bits & LEAVE_TWO != 0,
            3 => r >= 3 && bits & LEAVE_THREE != 0,
            _ => false,
        }
    }

    /// How many takes `k0 <= k <= h` are moves (each leaves one heap, or
    /// none when it takes the whole heap): by the class of `k` in the
    /// repeated block of digits.
    fn tail_takes(&self, h: u64, k0: u64) -> u128 {
        if h < k0 {
            return 0;
        }
        let crate::heap::rule::RuleKind::Code(code) = self.rule.kind() else {
            return 0;
        };
        let from = code.repeat_from.unwrap_or(0) as u64;
        let block = code.digits.len() as u64 - from;
        let mut n = 0u128;
        for j in 0..block {
            // Takes k = k0 + j + x block below h leave one heap.
            let k = k0 + j;
            if k < h && leaves(&self.rule, k) & LEAVE_ONE != 0 {
                n += ((h - 1 - k) / block + 1) as u128;
            }
        }
        n + u128::from(leaves(&self.rule, h) & LEAVE_NONE != 0)
    }

    /// How many moves a heap of `h` has, counted without listing them.
    fn moves_of(&self, h: u64) -> u128 {
        let mut n = 0u128;
        if let (None, Some(k0)) = (self.rule.max_removal(), theory::removal_tail(&self.rule)) {
            // The repeated digits leave one heap or none: one move a take,
            // counted over each repetition of the block of digits.
            n += self.tail_takes(h, k0);
        }
        for k in 0..=self.written_takes(h) {
            let r = h - k;
            n += u128::from(self.allows(h, k, 0)) + u128::from(self.allows(h, k, 1));
            if self.allows(h, k, 2) {
                n += (r / 2) as u128;
            }
            if self.allows(h, k, 3) {
                n = n.saturating_add(three_way_splits(r));
            }
        }
        n
    }

    /// Every move on a heap of `h`, in the order of the rule's own listing
    /// (the take, then no heap, one heap, two, three; smaller parts
    /// first). Only for heaps with few moves.
    fn each_move(&self, h: u64, mut f: impl FnMut(u64, Vec<u64>)) {
        for k in 0..=self.max_take(h) {
            let r = h - k;
            if self.allows(h, k, 0) {
                f(k, Vec::new());
            }
            if self.allows(h, k, 1) {
                f(k, vec![r]);
            }
            if self.allows(h, k, 2) {
                for a in 1..=r / 2 {
                    f(k, vec![a, r - a]);
                }
            }
            if self.allows(h, k, 3) {
                for a in 1..=r / 3 {
                    for b in a..=(r - a) / 2 {
                        f(k, vec![a, b, r - a - b]);
                    }
                }
            }
        }
    }

    fn analyze(&self, p: &[u64], limit: usize) -> (Vec<MoveTo<HugeMove, Vec<u64>>>, u128) {
        let (a, total) = theory::analyze(&self.rule, &self.pv, p, limit)
            .expect("the periodic analysis of a proven rule does not fail");
        let moves = a
            .winning_moves
            .into_iter()
            .map(|w| {
                let to = theory::apply(p, &w.mv);
                (w.mv, to)
            })
            .collect();
        (moves, total)
    }

    /// The move of `p` that `typed` names, without listing the moves of a
    /// huge heap: the take and the parts are checked against the rule.
    fn resolve(&self, p: &[u64], typed: &Typed) -> Result<MoveTo<HugeMove, Vec<u64>>, String> {
        let candidates: Vec<usize> = match typed.heap {
            Which::Index(i) if i < p.len() => vec![i],
            Which::Index(i) => {
                return Err(format!(
                    "there is no heap {}: the heaps are numbered 1 to {}",
                    i + 1,
                    p.len()
                ))
            }
            Which::Size(a) => {
                let found: Vec<usize> = (0..p.len()).filter(|&i| p[i] == a).collect();
                if found.is_empty() {
                    return Err(format!("there is no heap of {a}"));
                }
                found
            }
        };
        let mut last_reason = String::new();
        for &i in &candidates {
            let h = p[i];
            match self.resolve_on(h, typed) {
                Ok(Some((take, parts))) => return Ok(move_in(p, i, h, take, parts)),
                Ok(None) => last_reason = heap_words::why_not(&self.rule, h, i, typed),
                Err(e) => return Err(e),
            }
        }
        Err(last_reason)
    }

    /// The take and parts of the move `typed` names on a heap of `h`:
    /// `Ok(None)` when there is none, `Err` when several fit.
    fn resolve_on(&self, h: u64, typed: &Typed) -> Result<Option<(u64, Vec<u64>)>, String> {
        if let Some(parts) = &typed.parts {
            let left = parts.iter().try_fold(0u64, |a, &b| a.checked_add(b));
            let take = match (typed.take, left) {
                (_, None) => return Ok(None),
                (Take::Unsaid, Some(l)) => h.checked_sub(l),
                (Take::Tokens(k), Some(l)) => (k.checked_add(l) == Some(h)).then_some(k),
                (Take::All, Some(0)) => Some(h),
                (Take::All, Some(_)) => None,
            };
            return Ok(take
                .filter(|&k| self.allows(h, k, parts.len()))
                .map(|k| (k, parts.clone())));
        }
        let take = match typed.take {
            Take::Tokens(k) => k,
            Take::All => h,
            Take::Unsaid => return Ok(None),
        };
        if take > h {
            return Ok(None);
        }
        let r = h - take;
        if self.allows(h, take, 0) {
            return Ok(Some((take, Vec::new())));
        }
        if self.allows(h, take, 1) {
            return Ok(Some((take, vec![r])));
        }
        // Only splits: the parts must be said unless there is one way.
        let two = if self.allows(h, take, 2) { r / 2 } else { 0 } as u128;
        let three = if self.allows(h, take, 3) {
            three_way_splits(r)
        } else {
            0
        };
        let mut ways = Vec::new();
        for a in (1..=r / 2).take(if two > 0 { 3 } else { 0 }) {
            ways.push(vec![a, r - a]);
        }
        if three > 0 && ways.len() < 3 {
            ways.push(vec![1, 1, r - 2]);
        }
        match two + three {
            0 => Ok(None),
            1 => Ok(Some((take, ways.swap_remove(0)))),
            n => {
                let words: Vec<String> = ways
                    .into_iter()
                    .take(3)
                    .map(|parts| {
                        HugeMove {
                            heap: 0,
                            from: h,
                            take,
                            parts,
                        }
                        .to_string()
                    })
                    .collect();
                Err(format!(
                    "that can be done in {n} ways ({}; ...); say which heaps are left",
                    words.join("; ")
                ))
            }
        }
    }

    /// The periodicity sentence: why each heap has its value.
    fn periodicity(&self, p: &[u64]) -> String {
        let (n0, period) = (self.pv.preperiod(), self.pv.period());
        let each: Vec<String> = p
            .iter()
            .map(|&h| format!("G({h}) = {}", self.g(h)))
            .collect();
        match self.pv.arithmetic_proof() {
            Some(proof) => format!(
                "The values of {} are arithmetic-periodic: G(n + {period}) = G(n) + {} for every n >= {n0}, \
                 as the {} proves. So {}. Their nim-sum (XOR) is {}.",
                self.rule,
                proof.saltus,
                proof.statement(),
                each.join(", "),
                self.nim_sum(p)
            ),
            None => format!(
                "The values of {} are periodic: G(n + {period}) = G(n) for every n >= {n0}, \
                 as the periodicity theorem proves. So {}. Their nim-sum (XOR) is {}.",
                self.rule,
                each.join(", "),
                self.nim_sum(p)
            ),
        }
    }
}

fn show(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// The move taking `take` from heap `i` of `p` (of size `h`) and leaving
/// `parts` in its place, with the position it leaves.
fn move_in(p: &[u64], i: usize, h: u64, take: u64, parts: Vec<u64>) -> (HugeMove, Vec<u64>) {
    let mv = HugeMove {
        heap: i,
        from: h,
        take,
        parts,
    };
    let to = theory::apply(p, &mv);
    (mv, to)
}

impl Play for HugeHeapPlay {
    type Position = Vec<u64>;
    type Move = HugeMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Vec<u64>) -> u128 {
        p.iter()
            .fold(0u128, |n, &h| n.saturating_add(self.moves_of(h)))
    }

    fn moves(&self, p: &Vec<u64>) -> Moves<HugeMove, Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            self.each_move(h, |take, parts| out.push(move_in(p, i, h, take, parts)));
        }
        out
    }

    /// The first winning moves (all of them whenever the moves are few
    /// enough to list; [`Analyse::winning_total`] counts them all).
    fn winning_moves(&self, p: &Vec<u64>) -> Result<Moves<HugeMove, Vec<u64>>, SolveError> {
        Ok(self.analyze(p, WINNING_LISTED).0)
    }

    fn winning_count(&self, p: &Vec<u64>) -> Result<usize, SolveError> {
        let (_, total) = self.analyze(p, 0);
        Ok(total.min(WINNING_LISTED as u128) as usize)
    }

    fn winning_move(&self, p: &Vec<u64>, i: usize) -> OneMove<HugeMove, Vec<u64>> {
        Ok(self.analyze(p, i.saturating_add(1)).0.into_iter().nth(i))
    }

    /// Take as few tokens as possible from the largest heap that has a
    /// move, splitting it as little as possible and keeping its largest
    /// part as large as possible: found among the takes, not the splits.
    fn stall_moves(&self, p: &Vec<u64>) -> Moves<HugeMove, Vec<u64>> {
        let mut order: Vec<usize> = (0..p.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(p[i]));
        for i in order {
            let h = p[i];
            let mut best: Option<(u64, usize, std::cmp::Reverse<u64>)> = None;
            for k in 0..=self.max_take(h) {
                if best.is_some() {
                    // Takes only grow from here: the least take has won.
                    break;
                }
                let r = h - k;
                // The largest part of the least split into n heaps.
                for (n, largest) in [
                    (0, 0),
                    (1, r),
                    (2, r.saturating_sub(1)),
                    (3, r.saturating_sub(2)),
                ] {
                    let key = (k, n, std::cmp::Reverse(largest));
                    if self.allows(h, k, n) && best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
            let Some((take, n, _)) = best else {
                continue;
            };
            let r = h - take;
            let parts = match n {
                0 => Vec::new(),
                1 => vec![r],
                2 => vec![1, r - 1],
                _ => vec![1, 1, r - 2],
            };
            return vec![move_in(p, i, h, take, parts)];
        }
        Vec::new()
    }

    fn size(&self, p: &Vec<u64>) -> usize {
        p.len()
    }
}

impl Notation for HugeHeapPlay {
    fn name(&self) -> String {
        self.rule.to_string()
    }

    fn same_position(&self, a: &Vec<u64>, b: &Vec<u64>) -> bool {
        let (mut a, mut b) = (a.clone(), b.clone());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }

    fn position_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }

    fn position_text(&self, p: &Vec<u64>) -> String {
        show(p)
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        parse_numbers(text, "heap", "heap sizes")
    }

    fn parse_move(&self, p: &Vec<u64>, text: &str) -> Parsed<HugeMove, Vec<u64>> {
        match heap_words::parse(text) {
            Some(typed) => self.resolve(p, &typed?).map(Some),
            None => Ok(None),
        }
    }

    /// The heap that `to` no longer has is the one moved in, and the
    /// heaps it has that `from` had not are the parts left.
    fn move_to(
        &self,
        from: &Vec<u64>,
        to: &Vec<u64>,
    ) -> Result<MoveTo<HugeMove, Vec<u64>>, String> {
        let none = || {
            format!(
                "no single move of {} leads from {} to {}",
                self.rule,
                show(from),
                show(to)
            )
        };
        let (mut removed, mut added) = (from.clone(), Vec::new());
        for &h in to {
            match removed.iter().position(|&x| x == h) {
                Some(j) => {
                    removed.swap_remove(j);
                }
                None => added.push(h),
            }
        }
        let [h] = removed[..] else {
            return Err(none());
        };
        added.sort_unstable();
        let left = added.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        let take = left.and_then(|l| h.checked_sub(l)).ok_or_else(none)?;
        if !self.allows(h, take, added.len()) {
            return Err(none());
        }
        let heaps: Vec<usize> = (0..from.len()).filter(|&i| from[i] == h).collect();
        let moved = |i: usize| move_in(from, i, h, take, added.clone());
        let exact = heaps.iter().map(|&i| moved(i)).find(|(_, q)| q == to);
        Ok(exact.unwrap_or_else(|| moved(heaps[0])))
    }
}

impl Analyse for HugeHeapPlay {
    fn value(&self, p: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(self.nim_sum(p)))
    }

    fn outcome(&self, p: &Vec<u64>) -> Outcome {
        Outcome::from_value(Nimber(self.nim_sum(p)))
    }

    fn explain_choice(&self, before: &Vec<u64>, c: &Choice<HugeMove, Vec<u64>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let _ = writeln!(
            out,
            "Each heap is a game of its own with Grundy value G(n); the value of the whole position is \
             the XOR of the heaps' values. {}",
            self.periodicity(before)
        );
        let total = self.nim_sum(before);
        let from = self.g(c.mv.from);
        let parts = leaves_value(&c.mv.parts, |n| self.g(n));
        if total == 0 {
            let _ = writeln!(
                out,
                "The XOR was 0: a P-position, so no move wins. The move turned G({}) = {from} into {parts}; \
                 the XOR is now {}, and you have a winning move (hint shows it).",
                c.mv.from,
                self.nim_sum(&c.to)
            );
        } else {
            let _ = writeln!(
                out,
                "The XOR was {total}, not 0: an N-position. To win, replace a heap of value v by options worth \
                 v ⊕ {total}: the move turned G({}) = {from} into {parts} = {from} ⊕ {total}, so the XOR is \
                 now 0, a P-position for you.",
                c.mv.from
            );
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "take as few tokens as possible from the largest heap that has a move, splitting it as little as possible"
    }

    fn winning_total(&self, p: &Vec<u64>) -> Result<u128, SolveError> {
        Ok(self.analyze(p, 0).1)
    }

    fn first_winning_moves(
        &self,
        p: &Vec<u64>,
        n: usize,
    ) -> Result<Moves<HugeMove, Vec<u64>>, SolveError> {
        Ok(self.analyze(p, n).0)
    }

    fn explain_position(&self, p: &Vec<u64>) -> Option<String> {
        Some(self.periodicity(p))
    }

    /// `rule`, the rule's code (for a named game), and `heap_values`, the
    /// Grundy value of each heap, as `grundy heap` writes them.
    fn report_extra(&self, p: &Vec<u64>) -> Map<String, Value> {
        let mut extra = Map::new();
        extra.insert("rule".into(), Value::from(self.rule.base().to_string()));
        let values: Vec<u64> = p.iter().map(|&h| self.g(h)).collect();
        extra.insert("heap_values".into(), Value::from(values));
        extra
    }
}

impl Draw for HugeHeapPlay {
    /// A row of at most forty tokens per heap, then `...` and the
    /// heap's size as a number.
    fn draw(&self, p: &Vec<u64>) -> String {
        let values: Vec<u64> = p.iter().map(|&h| self.g(h)).collect();
        let mut out = valued_heap_rows(p, &values, ROW);
        let xor = nim_sum_text(&values);
        let outcome = self.outcome(p);
        let what = match outcome {
            Outcome::N => "an N-position",
            Outcome::P => "a P-position",
        };
        let (n0, period) = (self.pv.preperiod(), self.pv.period());
        let _ = writeln!(
            out,
            "  nim-sum {xor}: {what} ({}); values from the proven {} (from n = {n0})",
            outcome.describe(),
            match self.pv.saltus() {
                0 => format!("period {period}"),
                s => format!("arithmetic period {period}, saltus {s}"),
            }
        );
        out
    }

    fn drawing(&self, p: &Vec<u64>) -> Drawing {
        Drawing {
            shape: Shape::Heaps { sizes: p.clone() },
            components: p
                .iter()
                .enumerate()
                .map(|(i, &h)| Part {
                    label: format!("heap {}", i + 1),
                    value: Some(self.g(h)),
                })
                .collect(),
            value: Some(self.nim_sum(p)),
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
#[path = "huge_heap_tests.rs"]
mod tests;
