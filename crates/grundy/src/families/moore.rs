//! Playing Moore's Nim_k: heaps drawn as rows of tokens with their binary
//! column counts (the test is whether each is divisible by k + 1), moves
//! typed as `grundy moore` prints them or as the heaps left.
//!
//! Stall rule: take one token from the largest heap, as in Nim.

use std::fmt::Write;

use serde_json::{Map, Value};

use crate::family::drawing::{Part, Shape};
use crate::family::report::Report;
use crate::family::text::{parse_u64, parse_u64_list, tokens};
use crate::family::{Analyse, Draw, Drawing, Error, Notation, MAX_LISTED};
use crate::game::{Convention, Outcome};
use crate::games::moore::{self, MooreMove};
use crate::nimber::Nimber;
use crate::solve::SolveError;
use crate::strategy::{nim_stall, Choice, Moves, Play};

/// Moore's Nim_k for the computer player and the session.
pub struct MoorePlay {
    k: usize,
    convention: Convention,
}

/// The game and its start position from the command line.
pub fn start<S: AsRef<str>>(
    k: &str,
    heaps: &[S],
    convention: Convention,
) -> Result<(MoorePlay, Vec<u64>), Error> {
    let k = parse_u64(k, "k")?;
    if k == 0 {
        return Err(Error::new(
            "k is 0, but a move reduces between 1 and k heaps: k must be at least 1",
        ));
    }
    let heaps = parse_u64_list(heaps, "heap", "heaps")?;
    let k = usize::try_from(k).unwrap_or(usize::MAX);
    Ok((MoorePlay { k, convention }, heaps))
}

fn show(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

impl Play for MoorePlay {
    type Position = Vec<u64>;
    type Move = MooreMove;

    fn convention(&self) -> Convention {
        self.convention
    }

    /// Sum over 1..=k heaps chosen of the product of their sizes: the
    /// elementary symmetric sums e_1 + ... + e_k.
    fn move_count(&self, p: &Vec<u64>) -> u128 {
        let k = self.k.min(p.len());
        let mut e = vec![0u128; k + 1];
        e[0] = 1;
        for &h in p {
            for j in (1..=k).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h as u128));
            }
        }
        e[1..].iter().fold(0u128, |a, &x| a.saturating_add(x))
    }

    fn moves(&self, p: &Vec<u64>) -> Moves<MooreMove, Vec<u64>> {
        fn extend(
            p: &[u64],
            start: usize,
            left: usize,
            cur: &mut Vec<u64>,
            out: &mut Vec<Vec<u64>>,
        ) {
            for i in start..p.len() {
                for v in (0..p[i]).rev() {
                    cur[i] = v;
                    out.push(cur.clone());
                    if left > 1 {
                        extend(p, i + 1, left - 1, cur, out);
                    }
                }
                cur[i] = p[i];
            }
        }
        let mut tos = Vec::new();
        extend(p, 0, self.k, &mut p.clone(), &mut tos);
        tos.into_iter()
            .map(|to| (MooreMove::between(p, &to), to))
            .collect()
    }

    fn winning_moves(&self, p: &Vec<u64>) -> Result<Moves<MooreMove, Vec<u64>>, SolveError> {
        Ok(moore::analyze(p, self.k, self.convention)
            .winning_moves
            .into_iter()
            .map(|w| (w.mv, w.to))
            .collect())
    }

    fn stall_moves(&self, p: &Vec<u64>) -> Moves<MooreMove, Vec<u64>> {
        nim_stall(p)
            .into_iter()
            .map(|i| {
                let mut q = p.clone();
                q[i] -= 1;
                (MooreMove::between(p, &q), q)
            })
            .collect()
    }
}

impl Notation for MoorePlay {
    fn name(&self) -> String {
        format!("moore -k {}", self.k)
    }

    fn position_json(&self, p: &Vec<u64>) -> Value {
        Value::from(p.clone())
    }

    fn position_text(&self, p: &Vec<u64>) -> String {
        show(p)
    }

    fn parse_position(&self, text: &str) -> Result<Vec<u64>, String> {
        crate::family::text::parse_numbers(text, "heap", "heap sizes")
    }

    fn move_to(&self, from: &Vec<u64>, to: &Vec<u64>) -> Result<(MooreMove, Vec<u64>), String> {
        if from.len() != to.len() {
            return Err(format!(
                "the position has {} heaps, not {} (an empty heap stays, as 0)",
                from.len(),
                to.len()
            ));
        }
        let mv = MooreMove::between(from, to);
        if mv.changes.is_empty() {
            return Err("nothing changed: a move takes at least one token".to_string());
        }
        if let Some(c) = mv.changes.iter().find(|c| c.to > c.from) {
            return Err(format!(
                "heap {} would grow from {} to {}: a move only takes tokens",
                c.heap + 1,
                c.from,
                c.to
            ));
        }
        if mv.changes.len() > self.k {
            return Err(format!(
                "{} heaps changed, but a move reduces at most {}",
                mv.changes.len(),
                self.k
            ));
        }
        Ok((mv, to.clone()))
    }
}

impl Analyse for MoorePlay {
    fn value(&self, p: &Vec<u64>) -> Option<Nimber> {
        (self.k == 1 && self.convention == Convention::Normal)
            .then(|| Nimber(p.iter().fold(0, |a, &h| a ^ h)))
    }

    fn outcome(&self, p: &Vec<u64>) -> Outcome {
        if moore::is_p_position(p, self.k, self.convention) {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    fn explain_choice(&self, before: &Vec<u64>, c: &Choice<MooreMove, Vec<u64>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        out.push_str(&moore::explain(before, self.k, self.convention));
        out
    }

    fn stall_rule(&self) -> &'static str {
        "take one token from the largest heap"
    }

    fn explain_position(&self, p: &Vec<u64>) -> Option<String> {
        Some(moore::explain(p, self.k, self.convention))
    }

    /// `k`, and whether the winning moves listed are all of them: one is
    /// found, so only a P-position's empty list is complete.
    fn report_extra(&self, p: &Vec<u64>) -> Map<String, Value> {
        self.extra(self.outcome(p) == Outcome::P)
    }

    /// Every winning move, when there are at most 100000 and they
    /// hold at most [`MAX_LISTED`] heaps in all.
    fn report_every_move(&self, p: &Vec<u64>) -> Option<Result<Report, Error>> {
        let limit = ALL_LIMIT.min((MAX_LISTED / p.len().max(1) as u64) as usize);
        Some(
            moore::analyze_all(p, self.k, self.convention, limit)
                .map(|a| {
                    let mut r = Report::from_analysis(&self.name(), p, &a, |h| {
                        (Value::from(h.clone()), show(h))
                    });
                    r.extra = self.extra(true);
                    r
                })
                .map_err(|e| Error::new(format!("{e}; without --all one winning move is shown"))),
        )
    }
}

/// The most winning moves listed when every one is asked for.
const ALL_LIMIT: usize = 100_000;

impl MoorePlay {
    fn extra(&self, complete: bool) -> Map<String, Value> {
        let mut extra = Map::new();
        extra.insert("complete".into(), Value::from(complete));
        extra.insert("k".into(), Value::from(self.k as u64));
        extra
    }
}

impl Draw for MoorePlay {
    fn draw(&self, p: &Vec<u64>) -> String {
        let mut out = String::new();
        let label = format!("heap {}", p.len()).len();
        let width = p.iter().map(|&h| h.min(40) as usize).max().unwrap_or(0) + 3;
        let digits = p.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
        let bits = 64 - p.iter().copied().max().unwrap_or(0).leading_zeros() as usize;
        let bits = bits.max(1);
        for (i, &h) in p.iter().enumerate() {
            let name = format!("heap {}", i + 1);
            let _ = writeln!(
                out,
                "  {name:<label$}  {:<width$} {h:>digits$} = {h:0bits$b}",
                tokens(h, 40, 'o')
            );
        }
        let counts = moore::column_counts(p);
        let m = self.k.min(p.len().max(1)) + 1;
        let cols: Vec<String> = (0..bits).rev().map(|b| counts[b].to_string()).collect();
        let outcome = self.outcome(p);
        let _ = writeln!(
            out,
            "  1s in each binary column: {} (P exactly when every count is divisible by {m}{})",
            cols.join(" "),
            if self.convention == Convention::Misere {
                ", except when no heap is above 1"
            } else {
                ""
            }
        );
        let _ = writeln!(out, "  {}", outcome.verdict());
        out
    }

    fn drawing(&self, p: &Vec<u64>) -> Drawing {
        Drawing {
            shape: Shape::Heaps { sizes: p.clone() },
            components: p
                .iter()
                .enumerate()
                .map(|(i, _)| Part {
                    label: format!("heap {}", i + 1),
                    value: None,
                })
                .collect(),
            value: None,
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn moves_and_count_agree_with_the_library_game() {
        let g = MoorePlay {
            k: 2,
            convention: Convention::Normal,
        };
        let p = vec![2, 3, 1];
        let mut mine: Vec<Vec<u64>> = g.moves(&p).into_iter().map(|m| m.1).collect();
        let mut theirs: Vec<Vec<u64>> = moore::MooreNim { k: 2 }
            .options(&p)
            .into_iter()
            .map(|o| o[0].clone())
            .collect();
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs);
        assert_eq!(g.move_count(&p), mine.len() as u128);
        assert!(g
            .move_to(&p, &vec![0, 0, 0])
            .unwrap_err()
            .contains("at most 2"));
    }
}
