//! Playing any heap game (octal and hexadecimal codes, subtraction games,
//! named games such as Kayles): heaps drawn as rows of tokens with their
//! Grundy values, moves typed as `grundy heap` prints them or as the heaps
//! left.
//!
//! Stall rule: take as few tokens as possible from the largest heap that
//! has a move, splitting it as little as possible and keeping its largest
//! part as large as possible.
//!
//! Heaps past what is computed, under a rule whose period is proven, are
//! played by [`super::huge_heap`] with the same words.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write;

use serde_json::Value;

use crate::family::drawing::{Part, Shape};
use crate::family::limits::listed;
use crate::family::report::Report;
use crate::family::text::{heap_rows, nim_sum_text, parse_u64, parse_u64_list, valued_heap_rows};
use crate::family::{Analyse, Draw, Drawing, Error, Notation, Parsed};
use crate::game::Analysis;
use crate::game::{Convention, Outcome};
use crate::games::heap::{self, HeapMove};
use crate::games::heap_words;
use crate::games::strips::StripGame;
use crate::heap::explain;
use crate::heap::rule::HeapRule;
use crate::misere::play::{Method, MisereEngine};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{Choice, MoveTo, Moves, OneMove, Play};

/// The most tokens drawn in one heap's row.
pub(crate) const ROW: u64 = 40;

/// The board game a rule is played on with `--board`: crosses
/// (dawson-chess), treblecross, last-to-toggle or triomino.
pub fn board_game(rule: &HeapRule) -> Result<StripGame, Error> {
    StripGame::for_rule(rule).ok_or_else(|| {
        Error::new(format!(
            "--board works with crosses (dawson-chess), treblecross, last-to-toggle and triomino, not '{rule}'"
        ))
    })
}

/// The analysis of a position, its winning moves the first ones listed.
type Listed = Analysis<HeapMove, Vec<u32>>;

/// A heap game for the computer player and the session.
pub struct HeapPlay {
    rule: HeapRule,
    /// The name reports give the game: the rule, or how it was given
    /// (`ranges:FILE` rather than the ranges read from the file).
    label: String,
    convention: Convention,
    /// G(0..=largest heap of the start): heaps never grow. Empty in misère
    /// play when the heaps are too large for them.
    values: Vec<u32>,
    counts: RefCell<HashMap<u32, u128>>,
    misere: RefCell<HashMap<Vec<u32>, Outcome>>,
    /// Decides misère sums of heaps up to the largest of the start.
    engine: MisereEngine,
}

/// The game and its start position from the command line; the values (or,
/// in misère play, the search) are computed up front, so a position too
/// large is refused before play starts.
pub fn start<S: AsRef<str>>(
    rule: HeapRule,
    heaps: &[S],
    convention: Convention,
) -> Result<(HeapPlay, Vec<u32>), Error> {
    let sizes = parse_u64_list(heaps, "heap", "heaps")?;
    let mut heaps = Vec::with_capacity(sizes.len());
    for n in sizes {
        heaps.push(rule.base_heap(n).ok_or_else(|| {
            Error::new(format!(
                "heap {n} is too large: heaps are counted in 32 bits (at most {})",
                u32::MAX / rule.scale()
            ))
        })?);
    }
    // Misère play is decided by the quotient, the tame rule or a search:
    // the normal-play values are only drawn, where they can be computed.
    let values = match heap::values_for(&rule, &heaps) {
        Ok(values) => values,
        Err(_) if convention == Convention::Misere => Vec::new(),
        Err(e) => return Err(Error::new(e.to_string())),
    };
    let engine = match convention {
        Convention::Misere => heap::misere_engine(&rule, &heaps),
        Convention::Normal => MisereEngine::Search,
    };
    let game = HeapPlay {
        engine,
        label: rule.to_string(),
        rule,
        convention,
        values,
        counts: RefCell::new(HashMap::new()),
        misere: RefCell::new(HashMap::new()),
    };
    if convention == Convention::Misere {
        game.misere_outcome(&heaps)?;
    }
    Ok((game, heaps))
}

impl HeapPlay {
    /// The game named `label` in reports (`ranges:FILE`, where the rule's
    /// ranges came from a file).
    pub fn with_label(mut self, label: &str) -> HeapPlay {
        self.label = label.to_string();
        self
    }

    /// The analysis of `p`: the winning moves found by the values (normal
    /// play) or by the misère engine, or a search; the first ones listed,
    /// with their total and the misère method.
    fn analysis(&self, p: &[u32]) -> Result<(Listed, usize, Option<Method>), Error> {
        let (mut moves, method) = match self.convention {
            Convention::Normal => (
                heap::analyze_moves_normal(&self.rule, p, &self.values),
                None,
            ),
            Convention::Misere => {
                let (a, m) = heap::analyze_misere(&self.rule, p, &self.engine, heap::MISERE_LIMIT)
                    .map_err(|e| Error::new(e.to_string()))?;
                (a, Some(m))
            }
        };
        let total = moves.winning_moves.len();
        moves.winning_moves.truncate(listed(total as u128, p.len()));
        Ok((heap::with_positions(p, moves), total, method))
    }

    fn report(&self, p: &[u32]) -> Result<Report, Error> {
        let (analysis, total, method) = self.analysis(p)?;
        let show = |h: &Vec<u32>| (Value::from(h.clone()), show(h));
        let mut report = Report::from_analysis(&self.label, &p.to_vec(), &analysis, show)
            .with_total(total as u128);
        let base = match self.rule.named() {
            Some(_) => self.rule.base().to_string(),
            None => self.label.clone(),
        };
        report.extra.insert("rule".into(), Value::from(base));
        match method {
            Some(m) => report.extra.insert("method".into(), Value::from(m.name())),
            None => {
                let values: Vec<u32> = p.iter().map(|&h| self.g(h)).collect();
                report
                    .extra
                    .insert("heap_values".into(), Value::from(values))
            }
        };
        Ok(report)
    }

    fn g(&self, h: u32) -> u32 {
        self.values.get(h as usize).copied().unwrap_or(0)
    }

    fn nim_sum(&self, heaps: &[u32]) -> u32 {
        heaps.iter().fold(0, |a, &h| a ^ self.g(h))
    }

    fn misere_outcome(&self, heaps: &[u32]) -> Result<Outcome, SolveError> {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&o) = self.misere.borrow().get(&key) {
            return Ok(o);
        }
        if let Some(p) = self.engine.is_p(heaps) {
            let o = if p { Outcome::P } else { Outcome::N };
            self.misere.borrow_mut().insert(key, o);
            return Ok(o);
        }
        let search = MisereEngine::Search;
        let a = heap::analyze_misere(&self.rule, heaps, &search, heap::MISERE_LIMIT)
            .map(|(a, _)| a)
            .map_err(|e| match e {
                heap::HeapError::Search(s) => s,
                heap::HeapError::TooLarge(m) => SolveError::Other(m),
            })?;
        self.misere.borrow_mut().insert(key, a.outcome);
        Ok(a.outcome)
    }

    fn moves_on(&self, heaps: &[u32], i: usize) -> Vec<MoveTo<HeapMove, Vec<u32>>> {
        heap::moves_on(&self.rule, heaps, i)
    }

    /// The winning moves of a normal-play position, in the order of
    /// [`Play::winning_moves`], handed to `each` without building the
    /// positions they leave: a move in heap `i` wins when its parts' nim-sum
    /// is the heap's own value XOR the whole sum.
    fn each_winning(&self, p: &[u32], mut each: impl FnMut(usize, u32, &[u32])) {
        let sum = self.nim_sum(p);
        if sum == 0 {
            return;
        }
        for (i, &h) in p.iter().enumerate() {
            let target = sum ^ self.g(h);
            self.rule.for_each_move(h, |take, parts| {
                if self.nim_sum(parts) == target {
                    each(i, take, parts);
                }
            });
        }
    }
}

fn show(p: &[u32]) -> String {
    p.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

impl Play for HeapPlay {
    type Position = Vec<u32>;
    type Move = HeapMove;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn move_count(&self, p: &Vec<u32>) -> u128 {
        let mut total = 0u128;
        for &h in p {
            let cached = self.counts.borrow().get(&h).copied();
            let n = match cached {
                Some(n) => n,
                None => {
                    let mut n = 0u128;
                    self.rule.for_each_move(h, |_, _| n += 1);
                    self.counts.borrow_mut().insert(h, n);
                    n
                }
            };
            total += n;
        }
        total
    }

    fn moves(&self, p: &Vec<u32>) -> Moves<HeapMove, Vec<u32>> {
        heap::moves(&self.rule, p)
    }

    fn winning_moves(&self, p: &Vec<u32>) -> Result<Moves<HeapMove, Vec<u32>>, SolveError> {
        match self.convention {
            Convention::Normal => {
                if self.nim_sum(p) == 0 {
                    return Ok(Vec::new());
                }
                Ok(heap::moves(&self.rule, p)
                    .into_iter()
                    .filter(|(_, q)| self.nim_sum(q) == 0)
                    .collect())
            }
            Convention::Misere => {
                let mut out = Vec::new();
                for (m, q) in heap::moves(&self.rule, p) {
                    if self.misere_outcome(&q)? == Outcome::P {
                        out.push((m, q));
                    }
                }
                Ok(out)
            }
        }
    }

    fn winning_count(&self, p: &Vec<u32>) -> Result<usize, SolveError> {
        if self.convention == Convention::Misere {
            return Ok(self.winning_moves(p)?.len());
        }
        let mut n = 0;
        self.each_winning(p, |_, _, _| n += 1);
        Ok(n)
    }

    fn winning_move(&self, p: &Vec<u32>, i: usize) -> OneMove<HeapMove, Vec<u32>> {
        if self.convention == Convention::Misere {
            return Ok(self.winning_moves(p)?.into_iter().nth(i));
        }
        let (mut n, mut chosen) = (0, None);
        self.each_winning(p, |heap, take, parts| {
            if n == i {
                chosen = Some(HeapMove {
                    heap,
                    from: p[heap],
                    take,
                    parts: parts.to_vec(),
                });
            }
            n += 1;
        });
        Ok(chosen.map(|m| {
            let to = heap::apply(p, &m);
            (m, to)
        }))
    }

    fn stall_moves(&self, p: &Vec<u32>) -> Moves<HeapMove, Vec<u32>> {
        let mut order: Vec<usize> = (0..p.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(p[i]));
        for i in order {
            let moves = self.moves_on(p, i);
            let key = |m: &HeapMove| {
                (
                    m.take,
                    m.parts.len(),
                    std::cmp::Reverse(m.parts.iter().copied().max().unwrap_or(0)),
                )
            };
            let Some(best) = moves.iter().map(|(m, _)| key(m)).min() else {
                continue;
            };
            return moves.into_iter().filter(|(m, _)| key(m) == best).collect();
        }
        Vec::new()
    }
}

impl Notation for HeapPlay {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn same_position(&self, a: &Vec<u32>, b: &Vec<u32>) -> bool {
        let (mut a, mut b) = (a.clone(), b.clone());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }

    fn position_json(&self, p: &Vec<u32>) -> Value {
        Value::from(p.clone())
    }

    fn position_text(&self, p: &Vec<u32>) -> String {
        show(p)
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u32>, String> {
        let t = text.trim();
        let sizes: Vec<u64> = if t.starts_with('[') {
            serde_json::from_str(t).map_err(|e| format!("not a JSON list of heap sizes: {e}"))?
        } else {
            let mut v = Vec::new();
            for item in t.split(|c: char| c == ',' || c.is_whitespace()) {
                if !item.is_empty() {
                    v.push(parse_u64(item, "heap").map_err(|e| e.0)?);
                }
            }
            v
        };
        sizes
            .into_iter()
            .map(|n| u32::try_from(n).map_err(|_| format!("heap {n} is larger than 32 bits")))
            .collect()
    }

    fn parse_move(&self, p: &Vec<u32>, text: &str) -> Parsed<HeapMove, Vec<u32>> {
        match heap_words::parse(text) {
            Some(typed) => heap_words::resolve(&self.rule, p, &typed?).map(Some),
            None => Ok(None),
        }
    }

    fn move_to(&self, from: &Vec<u32>, to: &Vec<u32>) -> Result<(HeapMove, Vec<u32>), String> {
        let moves = heap::moves(&self.rule, from);
        if let Some(found) = moves.iter().find(|(_, q)| q == to) {
            return Ok(found.clone());
        }
        let mut want = to.clone();
        want.sort_unstable();
        for (m, q) in &moves {
            let mut have = q.clone();
            have.sort_unstable();
            if have == want {
                return Ok((m.clone(), q.clone()));
            }
        }
        Err(format!(
            "no single move of {} leads from {} to {}",
            self.rule,
            show(from),
            show(to)
        ))
    }
}

impl Analyse for HeapPlay {
    fn value(&self, p: &Vec<u32>) -> Option<Nimber> {
        (self.convention == Convention::Normal).then(|| Nimber(self.nim_sum(p) as u64))
    }

    fn outcome(&self, p: &Vec<u32>) -> Outcome {
        match self.convention {
            Convention::Normal => Outcome::from_value(Nimber(self.nim_sum(p) as u64)),
            Convention::Misere => self.misere_outcome(p).unwrap_or(Outcome::N),
        }
    }

    fn explain_choice(&self, before: &Vec<u32>, c: &Choice<HeapMove, Vec<u32>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        if self.convention == Convention::Misere {
            let _ = writeln!(
                out,
                "Misère play: the heaps' Grundy values do not add, so every position reachable from {} \
                 was searched. {}",
                show(before),
                if c.wins {
                    "The move leaves a P-position: whatever you do, the computer has an answer."
                } else {
                    "Every move from there leads to an N-position, so no move wins."
                }
            );
            return out;
        }
        let _ = writeln!(
            out,
            "Each heap is a game of its own with Grundy value G(n), the mex of the values of its options; \
             the value of the whole position is the XOR of the heaps' values. Before the move:"
        );
        for &h in before {
            let _ = writeln!(out, "  G({h}) = {}", self.g(h));
        }
        let total = self.nim_sum(before);
        let _ = writeln!(out, "  XOR = {total}");
        let from = self.g(c.mv.from);
        let parts = explain::leaves_value(&c.mv.parts, |p| self.g(p));
        if total == 0 {
            let _ = writeln!(
                out,
                "The XOR was 0: a P-position, so no move wins: every move changes one heap's value and leaves a \
                 non-zero XOR. The move turned G({}) = {from} into {parts}; the XOR is now {}, and you have a \
                 winning move (hint shows it).",
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

    /// The report of `p`, with the rule, and the heaps' values (normal
    /// play) or the misère method (`quotient`, `tame` or `search`).
    fn own_report(&self, p: &Vec<u32>) -> Option<Result<Report, Error>> {
        Some(self.report(p))
    }

    /// The rule, the options and values of the heaps and their XOR; in
    /// misère play the quotient or tame values that decide it, where the
    /// engine did.
    fn explain_position(&self, p: &Vec<u32>) -> Option<String> {
        let (analysis, _, method) = self.analysis(p).ok()?;
        match method {
            Some(m) if m != Method::Search => Some(crate::misere::explain::explain(
                &self.rule,
                p,
                &self.engine,
                analysis.outcome,
            )),
            _ => heap::explain(&self.rule, p, &analysis).ok(),
        }
    }
}

impl Draw for HeapPlay {
    fn draw(&self, p: &Vec<u32>) -> String {
        let sizes: Vec<u64> = p.iter().map(|&h| h as u64).collect();
        let values: Vec<u64> = p.iter().map(|&h| self.g(h) as u64).collect();
        let mut out = match self.values.is_empty() {
            true => heap_rows(&sizes, ROW),
            false => valued_heap_rows(&sizes, &values, ROW),
        };
        let xor = nim_sum_text(&values);
        let outcome = self.outcome(p);
        let what = match outcome {
            Outcome::N => "an N-position",
            Outcome::P => "a P-position",
        };
        match self.convention {
            Convention::Normal => {
                let _ = writeln!(out, "  nim-sum {xor}: {what} ({})", outcome.describe());
            }
            Convention::Misere => {
                let _ = writeln!(
                    out,
                    "  misère play (the values above are normal play's): by search {what} ({})",
                    outcome.describe()
                );
            }
        }
        out
    }

    fn drawing(&self, p: &Vec<u32>) -> Drawing {
        Drawing {
            shape: Shape::Heaps {
                sizes: p.iter().map(|&h| h as u64).collect(),
            },
            components: p
                .iter()
                .enumerate()
                .map(|(i, &h)| Part {
                    label: format!("heap {}", i + 1),
                    value: (!self.values.is_empty()).then(|| self.g(h) as u64),
                })
                .collect(),
            value: (self.convention == Convention::Normal).then(|| self.nim_sum(p) as u64),
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles(heaps: &[&str], convention: Convention) -> (HeapPlay, Vec<u32>) {
        start("kayles".parse().unwrap(), heaps, convention).unwrap()
    }

    #[test]
    fn stall_rule_takes_one_from_the_largest_heap() {
        let (g, p) = kayles(&["3", "7"], Convention::Normal);
        let stall = g.stall_moves(&p);
        assert_eq!(stall.len(), 1);
        assert_eq!(stall[0].1, vec![3, 6]);
    }

    #[test]
    fn positions_match_as_multisets() {
        let (g, p) = kayles(&["7"], Convention::Normal);
        // Knocking down pin 2 leaves 1 and 5, typed in either order.
        assert_eq!(g.move_to(&p, &vec![5, 1]).unwrap().0.parts.len(), 2);
        assert!(g
            .move_to(&p, &vec![2, 2])
            .unwrap_err()
            .contains("no single move"));
    }

    #[test]
    fn winning_moves_one_at_a_time_are_the_listed_ones() {
        for rule in ["kayles", "0.07", "4!.0", "0.6", "sub:1,3,4"] {
            for heaps in [vec!["9"], vec!["3", "5", "8"], vec!["6", "6", "11", "2"]] {
                for convention in [Convention::Normal, Convention::Misere] {
                    let (g, p) = start(rule.parse().unwrap(), &heaps, convention).unwrap();
                    let listed = g.winning_moves(&p).unwrap();
                    assert_eq!(
                        g.winning_count(&p).unwrap(),
                        listed.len(),
                        "{rule} {heaps:?}"
                    );
                    for (i, want) in listed.iter().enumerate() {
                        let got = g.winning_move(&p, i).unwrap().unwrap();
                        assert_eq!((&got.0, &got.1), (&want.0, &want.1), "{rule} {heaps:?} {i}");
                    }
                    assert!(g.winning_move(&p, listed.len()).unwrap().is_none());
                }
            }
        }
    }

    #[test]
    fn too_large_is_refused_up_front() {
        let r = start(
            "kayles".parse().unwrap(),
            &["100000000"],
            Convention::Normal,
        );
        assert!(r.err().unwrap().0.contains("too large"));
    }
}
