//! Playing a script game whose moves can cycle: every whole position
//! reachable from the start (a multiset of parts) is explored once and
//! given Smith's value ([`crate::loopy`]); the computer wins without going
//! round a cycle when it can and keeps a draw otherwise. Normal play.
//!
//! Stall rule: in a draw, a move that keeps the draw; in a lost position,
//! any move. A position that comes up a third time with the same player to
//! move ends the session in a draw.
//!
//! ```
//! use grundy::families::script_loopy;
//! use grundy::script::Limits;
//! use grundy::strategy::Play;
//! // Subtract 3 or 4 modulo 10; 0 cannot move: 1 wins by going to 7.
//! let src = "fn options(n) { if n == 0 { return []; } [(n + 7) % 10, (n + 6) % 10] }";
//! let (game, p) = script_loopy::start("windup", src, "1", Limits::default(), 1000).unwrap();
//! let win = game.winning_moves(&p).unwrap();
//! assert_eq!(win[0].1, vec![grundy::script::Value::Int(7)]);
//! ```

use std::fmt::Write;

use serde_json::Value as Json;

use crate::families::script::{ScriptMove, ScriptPlay};
use crate::family::drawing::{Part, Shape};
use crate::family::registry::{AnyGame, Started};
use crate::family::report::Report;
use crate::family::{Analyse, Draw, Drawing, Error, Notation, Parsed};
use crate::game::{apply_sum_move, Convention, Outcome, SumMove};
use crate::loopy::value::{computer_move_words, STALL_RULE};
use crate::loopy::{
    analyze_sum, best_winning_move, draw_keeping_moves, explore, refuse_sum_cycle, ExploreError,
    Explored, LoopyOutcome, LoopyReport, LoopyValue,
};
use crate::nimber::Nimber;
use crate::script::{Limits, Script, Value};
use crate::solve::SolveError;
use crate::strategy::{Choice, Moves, Play};

/// A script game that can loop, with every whole position reachable from
/// its start solved.
pub struct ScriptLoopyPlay {
    game: ScriptPlay,
    explored: Explored<Vec<Value>>,
}

fn sorted(mut p: Vec<Value>) -> Vec<Value> {
    p.sort();
    p
}

/// Compiles `source` and starts it at `position` (empty: the script's
/// `fn start()`), exploring at most `limit` whole positions.
pub fn start(
    name: &str,
    source: &str,
    position: &str,
    limits: Limits,
    limit: usize,
) -> Result<(ScriptLoopyPlay, Vec<Value>), Error> {
    let game = ScriptPlay::new(
        Script::compile(name, source, limits)?,
        Convention::Normal,
        limit,
    );
    game.script().start_clock();
    let p = if position.trim().is_empty() {
        let given = game.positions(&[])?;
        game.script().split(&given)?
    } else {
        game.parse_position(position).map_err(Error::new)?
    };
    let play = ScriptLoopyPlay::new(game, &p, limit)?;
    Ok((play, p))
}

/// The game of the compiled `script` at the positions `given`, each
/// written as JSON, a sum when several (none: the script's `fn start()`),
/// searching at most `limit` positions. Where the moves can cycle (normal
/// play), the game is [`ScriptLoopyPlay`]: Smith's values, and draws.
pub fn start_script(
    script: Script,
    given: &[String],
    convention: Convention,
    limit: usize,
) -> Result<Box<dyn AnyGame>, Error> {
    let game = ScriptPlay::new(script, convention, limit);
    let given = game.positions(given)?;
    let p = game.script().split(&given)?;
    if let Err(e) = game.check(&p) {
        if !(game.found_cycle() && convention == Convention::Normal) {
            return Err(e);
        }
        let game = ScriptLoopyPlay::new(game, &p, limit)?;
        return Ok(Box::new(Started::new((game, p))));
    }
    Ok(Box::new(Started::new((game, p))))
}

/// The report of the positions `given` of the script game `game`, each
/// written as JSON (none: the script's `fn start()`), with the position
/// drawn by the script's `fn show(p)`, where it has one. Where the moves
/// can cycle (normal play), Smith's values of the whole positions
/// reachable, at most `limit` of them, with the winning moves that make
/// progress and the moves that keep a draw.
pub fn analyse(
    game: &ScriptPlay,
    given: &[String],
    explain: bool,
    limit: usize,
) -> Result<(Report, Vec<String>), Error> {
    let positions = game.positions(given)?;
    let report = match game.report(&positions, explain) {
        Ok(report) => report,
        Err(_) if game.found_cycle() && game.convention() == Convention::Normal => {
            return Ok((loopy(game, &positions, limit)?, Vec::new()));
        }
        Err(e) => return Err(e),
    };
    let drawings = positions
        .iter()
        .filter_map(|p| game.script().show(p).transpose())
        .collect::<Result<_, _>>()?;
    Ok((report, drawings))
}

/// Smith's values of the sum `positions`, the moves that win and those
/// that keep a draw.
fn loopy(game: &ScriptPlay, positions: &[Value], limit: usize) -> Result<Report, Error> {
    let script = game.script();
    let a = analyze_sum(positions, |p| script.options_of(p), limit).map_err(|e| match e {
        ExploreError::Options(e) => Error::new(e.to_string()),
        other => Error::new(format!("script '{}': {other}", script.name())),
    })?;
    let show = |ps: &Vec<Value>| -> (Json, String) {
        (
            Json::Array(ps.iter().map(Value::to_json).collect()),
            ps.iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        )
    };
    let mut lists = Vec::new();
    for moves in [&a.winning_moves, &a.draw_keeping_moves] {
        let mut out = Vec::new();
        for (mv, to) in moves {
            out.push((game.words(positions, mv)?, to.clone()));
        }
        lists.push((out, moves.len()));
    }
    let keeping = lists.pop().unwrap_or_default();
    let winning = lists.pop().unwrap_or_default();
    let mut report = LoopyReport::new(
        script.name(),
        &positions.to_vec(),
        a.value,
        winning,
        keeping,
        show,
    );
    report
        .extra
        .insert("positions_explored".into(), Json::from(a.positions));
    Ok(report.into())
}

impl ScriptLoopyPlay {
    /// Explores every whole position reachable from `p` in `game` (at most
    /// `limit`) and solves them.
    pub fn new(game: ScriptPlay, p: &[Value], limit: usize) -> Result<ScriptLoopyPlay, Error> {
        let name = game.script().name().to_string();
        let script = game.script();
        let refused = |e: ExploreError<Error>| {
            match e {
            ExploreError::Options(e) => e,
            ExploreError::TooMany { cap } => Error::new(format!(
                "script '{name}': more than {cap} positions can be reached from the start; --max-positions sets the limit"
            )),
            other => Error::new(format!("script '{name}': {other}")),
        }
        };
        refuse_sum_cycle(p, &mut |c: &Value| script.options_of(c), limit).map_err(refused)?;
        let explored = explore(
            &[sorted(p.to_vec())],
            |state: &Vec<Value>| -> Result<Vec<Vec<Value>>, Error> {
                let mut out = Vec::new();
                for (i, c) in state.iter().enumerate() {
                    for into in script.options_of(c)? {
                        let to = apply_sum_move(state, &SumMove { component: i, into });
                        out.push(sorted(to));
                    }
                }
                Ok(out)
            },
            limit,
        )
        .map_err(refused)?;
        Ok(ScriptLoopyPlay { game, explored })
    }

    fn vertex(&self, p: &[Value]) -> Option<u32> {
        self.explored.index.get(&sorted(p.to_vec())).copied()
    }

    /// Smith's value of a reachable position (∞(∅) for one never reached,
    /// which play cannot lead to).
    pub fn loopy_value(&self, p: &[Value]) -> LoopyValue {
        match self.vertex(p) {
            Some(v) => self.explored.solution.value(&self.explored.graph, v),
            None => LoopyValue::infinite([]),
        }
    }

    /// The moves of `p` that lead to the vertices `targets`.
    fn moves_to(&self, p: &[Value], targets: &[u32]) -> Moves<ScriptMove, Vec<Value>> {
        self.moves(&p.to_vec())
            .into_iter()
            .filter(|(_, to)| self.vertex(to).is_some_and(|t| targets.contains(&t)))
            .collect()
    }
}

impl Play for ScriptLoopyPlay {
    type Position = Vec<Value>;
    type Move = ScriptMove;

    fn convention(&self) -> Convention {
        Convention::Normal
    }

    fn move_count(&self, p: &Vec<Value>) -> u128 {
        self.game.move_count(p)
    }

    fn moves(&self, p: &Vec<Value>) -> Moves<ScriptMove, Vec<Value>> {
        self.game.moves(p)
    }

    /// The one winning move that makes progress (in the part of largest
    /// rank): played every turn, it wins without cycling.
    fn winning_moves(&self, p: &Vec<Value>) -> Result<Moves<ScriptMove, Vec<Value>>, SolveError> {
        let Some(v) = self.vertex(p) else {
            return Ok(Vec::new());
        };
        let best = best_winning_move(&self.explored.graph, &self.explored.solution, &[v]);
        let targets: Vec<u32> = best.into_iter().map(|m| m.to).collect();
        Ok(self.moves_to(p, &targets).into_iter().take(1).collect())
    }

    fn stall_moves(&self, p: &Vec<Value>) -> Moves<ScriptMove, Vec<Value>> {
        if let Some(v) = self.vertex(p) {
            let keep: Vec<u32> =
                draw_keeping_moves(&self.explored.graph, &self.explored.solution, &[v])
                    .into_iter()
                    .map(|m| m.to)
                    .collect();
            if !keep.is_empty() {
                return self.moves_to(p, &keep);
            }
        }
        self.moves(p)
    }

    fn size(&self, p: &Vec<Value>) -> usize {
        p.len().max(1)
    }

    fn searchable(&self) -> bool {
        false
    }
}

impl Notation for ScriptLoopyPlay {
    fn name(&self) -> String {
        self.game.name()
    }

    fn position_json(&self, p: &Vec<Value>) -> Json {
        self.game.position_json(p)
    }

    fn position_text(&self, p: &Vec<Value>) -> String {
        self.game.position_text(p)
    }

    fn parse_position(&self, text: &str) -> Result<Vec<Value>, String> {
        self.game.parse_position(text)
    }

    fn same_position(&self, a: &Vec<Value>, b: &Vec<Value>) -> bool {
        self.game.same_position(a, b)
    }

    fn parse_move(&self, p: &Vec<Value>, text: &str) -> Parsed<ScriptMove, Vec<Value>> {
        self.game.parse_move(p, text)
    }

    fn move_to(
        &self,
        from: &Vec<Value>,
        to: &Vec<Value>,
    ) -> Result<(ScriptMove, Vec<Value>), String> {
        self.game.move_to(from, to)
    }
}

impl Analyse for ScriptLoopyPlay {
    fn value(&self, p: &Vec<Value>) -> Option<Nimber> {
        self.loopy_value(p).finite().map(Nimber)
    }

    /// P for value 0; N otherwise, a draw included (the player to move
    /// does not lose). The drawing and the value tell draws apart.
    fn outcome(&self, p: &Vec<Value>) -> Outcome {
        match self.loopy_value(p).outcome() {
            LoopyOutcome::P => Outcome::P,
            LoopyOutcome::N | LoopyOutcome::D => Outcome::N,
        }
    }

    fn explain_choice(&self, before: &Vec<Value>, c: &Choice<ScriptMove, Vec<Value>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let (vb, va) = (self.loopy_value(before), self.loopy_value(&c.to));
        let _ = writeln!(
            out,
            "The moves of this game can cycle, so positions have Smith's values: a nimber, or ∞(K) with K the \
             finite values a position can move to; ∞(K) without 0 in K is a draw."
        );
        let _ = writeln!(
            out,
            "Before: {} has value {vb}.",
            self.game.position_text(before)
        );
        let _ = writeln!(
            out,
            "After: {} has value {va}.",
            self.game.position_text(&c.to)
        );
        let _ = writeln!(
            out,
            "{}",
            computer_move_words(vb.outcome(), "position", "cannot go round for ever")
        );
        out
    }

    fn stall_rule(&self) -> &'static str {
        STALL_RULE
    }

    fn draw_by_repetition(&self) -> Option<usize> {
        Some(3)
    }

    fn value_text(&self, p: &Vec<Value>) -> Option<String> {
        Some(self.loopy_value(p).play_text())
    }

    fn smith_value(&self, p: &Vec<Value>) -> Option<LoopyValue> {
        Some(self.loopy_value(p))
    }
}

impl ScriptLoopyPlay {
    fn shown(&self, c: &Value) -> Vec<String> {
        match self.game.script().show(c) {
            Ok(Some(s)) => s.lines().map(str::to_string).collect(),
            _ => vec![c.to_string()],
        }
    }
}

impl Draw for ScriptLoopyPlay {
    fn draw(&self, p: &Vec<Value>) -> String {
        let mut out = String::new();
        for (i, c) in p.iter().enumerate() {
            if p.len() > 1 {
                let _ = writeln!(out, "  part {}:", i + 1);
            }
            for l in self.shown(c) {
                let _ = writeln!(out, "    {l}");
            }
        }
        if p.is_empty() {
            let _ = writeln!(out, "  (nothing is left)");
        }
        let v = self.loopy_value(p);
        let o = v.outcome();
        let _ = writeln!(out, "  value {v}: {o} ({})", o.describe());
        out
    }

    fn drawing(&self, p: &Vec<Value>) -> Drawing {
        let mut rows = Vec::new();
        for (i, c) in p.iter().enumerate() {
            if i > 0 {
                rows.push(String::new());
            }
            rows.extend(self.shown(c));
        }
        Drawing {
            shape: Shape::Board { rows },
            components: p
                .iter()
                .map(|c| Part {
                    label: c.to_string(),
                    value: None,
                })
                .collect(),
            value: self.loopy_value(p).finite(),
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests;
