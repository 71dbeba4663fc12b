//! A game defined by a script ([`crate::script`]) as a family, so that it is
//! analysed, drawn and played like the built-in ones.
//!
//! A position is a sum of parts: the positions given, each split by the
//! script's `fn components` when it defines one. Written as text, the parts
//! are JSON joined by `+` (`3 + 5`, `[3,5]` for one position that is a
//! list, `sum([])` when nothing is left); as JSON, one part is itself and
//! several are `{"sum": [...]}`. A move is typed in the script's words
//! (`fn describe`), in the default words `3 -> 1 + 1`, or as the position
//! it leaves. Values come from a table kept for the whole game, so every
//! position is searched once.
//!
//! Stall rule: the first option the script lists, in the first part that
//! has one.
//!
//! ```
//! use grundy::families::script;
//! use grundy::family::Analyse;
//! use grundy::game::Convention;
//! use grundy::script::Limits;
//! let src = "fn options(n) { let o = []; for k in 1..=2 { if k <= n { o.push(n - k); } } o }";
//! let (game, p) = script::start("take2", src, "4 + 5", Convention::Normal, Limits::default())
//!     .unwrap();
//! assert_eq!(game.value(&p).unwrap().0, 1 ^ 2); // 4 mod 3, 5 mod 3
//! ```

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write};

use serde_json::{json, Value as Json};

use crate::family::drawing::{Part, Shape};
use crate::family::report::{MoveReport, Report};
use crate::family::{
    parse_listed_move, parse_listed_move_by, Analyse, Draw, Drawing, Error, Notation, Parsed,
};
use crate::game::{apply_sum_move, Convention, Game, Outcome, SumMove};
use crate::nimber::Nimber;
use crate::script::{Limits, Memo, Script, ScriptSolver, Value};
use crate::solve::{analyze_sum, SolveError, SumSolver};
use crate::strategy::{Choice, Moves, Play};

/// Memory one searched position takes, about: the key, its value and the
/// table's share.
pub const BYTES_PER_POSITION: usize = 200;

/// The most positions searched unless asked otherwise.
pub const DEFAULT_MAX_POSITIONS: usize = 10_000_000;

/// A scripted game, with the values found so far.
pub struct ScriptPlay {
    script: Script,
    convention: Convention,
    limit: usize,
    table: RefCell<Memo>,
    cycled: Cell<bool>,
    /// For each part met, the script's descriptions that several of its
    /// options share.
    shared: RefCell<HashMap<Value, HashSet<String>>>,
}

/// A move: part `component` (0-based) becomes the parts `into`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptMove {
    /// The move in the sum.
    pub mv: SumMove<Value>,
    words: String,
}

impl fmt::Display for ScriptMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words)
    }
}

/// Compiles the script `source` (named `name` in errors) and starts it at
/// `position`, written as [`ScriptPlay::parse_position`] reads it (empty:
/// the script's `fn start()`). The start position is solved at once, so a
/// script that fails or loops is refused here.
pub fn start(
    name: &str,
    source: &str,
    position: &str,
    convention: Convention,
    limits: Limits,
) -> Result<(ScriptPlay, Vec<Value>), Error> {
    let game = ScriptPlay::new(
        Script::compile(name, source, limits)?,
        convention,
        DEFAULT_MAX_POSITIONS,
    );
    game.script.start_clock();
    let p = if position.trim().is_empty() {
        let p = game.script.start()?.ok_or_else(|| {
            Error::new(format!(
                "no position given, and the script '{name}' defines no fn start()"
            ))
        })?;
        game.script.split(&[p])?
    } else {
        game.parse_position(position).map_err(Error::new)?
    };
    game.check(&p)?;
    Ok((game, p))
}

impl ScriptPlay {
    /// The game of `script` in `convention`, searching at most `limit`
    /// positions.
    pub fn new(script: Script, convention: Convention, limit: usize) -> ScriptPlay {
        ScriptPlay {
            script,
            convention,
            limit,
            table: RefCell::default(),
            cycled: Cell::new(false),
            shared: RefCell::default(),
        }
    }

    /// The script.
    pub fn script(&self) -> &Script {
        &self.script
    }

    /// The positions written as JSON texts (`7`, `"XOOX"`, `[3,5]`), or the
    /// script's `fn start()` when none is given.
    pub fn positions(&self, texts: &[String]) -> Result<Vec<Value>, Error> {
        if texts.is_empty() {
            return match self.script.start()? {
                Some(p) => Ok(vec![p]),
                None => Err(Error::new(format!(
                    "no position given, and the script '{}' defines no fn start()",
                    self.script.name()
                ))),
            };
        }
        texts
            .iter()
            .map(|t| Value::parse(t).map_err(Error::new))
            .collect()
    }

    /// Whether a search stopped because a position's options lead back to
    /// it: the game can loop, and [`crate::loopy`] gives its values.
    pub fn found_cycle(&self) -> bool {
        self.cycled.get()
    }

    /// The script's failure, or else the search's.
    fn error(&self, e: SolveError) -> Error {
        if let Some(e) = self.script.take_error() {
            return e;
        }
        let name = self.script.name();
        match e {
            SolveError::TooLarge { limit } => Error::new(format!(
                "script '{name}': the search needs more than {limit} positions (about {} MB); --max-positions sets the limit",
                (limit as u128 * BYTES_PER_POSITION as u128) >> 20
            )),
            SolveError::Cycle { .. } => {
                self.cycled.set(true);
                Error::new(format!(
                    "script '{name}': a position can repeat (its options lead back to it), so it has no Grundy value; Smith's values of games that loop are found in normal play only"
                ))
            }
            other => Error::new(format!("script '{name}': {other}")),
        }
    }

    /// Runs `f` on a solver holding every value found so far.
    fn solve<T>(
        &self,
        f: impl FnOnce(&mut ScriptSolver) -> Result<T, SolveError>,
    ) -> Result<T, Error> {
        let memo = std::mem::take(&mut *self.table.borrow_mut());
        let mut solver = ScriptSolver::with_memo(&self.script, memo).with_limit(self.limit);
        let r = f(&mut solver);
        *self.table.borrow_mut() = solver.into_memo();
        let r = r.map_err(|e| self.error(e))?;
        match self.script.take_error() {
            Some(e) => Err(e),
            None => Ok(r),
        }
    }

    /// The Grundy value of a sum of parts in normal play.
    pub fn value_of(&self, p: &[Value]) -> Result<Nimber, Error> {
        self.solve(|s| s.value_of_sum(p))
    }

    /// The Grundy value of each part.
    pub fn part_values(&self, p: &[Value]) -> Result<Vec<Nimber>, Error> {
        self.solve(|s| p.iter().map(|c| s.value(c)).collect())
    }

    fn outcome_of(&self, p: &[Value]) -> Result<Outcome, Error> {
        match self.convention {
            Convention::Normal => self.value_of(p).map(Outcome::from_value),
            Convention::Misere => {
                let mut s = SumSolver::new(&self.script, Convention::Misere).with_limit(self.limit);
                let r = s.outcome(p).map_err(|e| self.error(e))?;
                match self.script.take_error() {
                    Some(e) => Err(e),
                    None => Ok(r),
                }
            }
        }
    }

    /// Solves `p`, or says why it cannot be.
    pub fn check(&self, p: &[Value]) -> Result<Outcome, Error> {
        self.outcome_of(p)
    }

    fn options(&self, c: &Value) -> Result<Vec<Vec<Value>>, Error> {
        self.script.options_of(c)
    }

    /// The move `mv` from `p` in the script's words, or in the default
    /// ones (`7 -> 3 + 3`), with `part 2: ` before them in a sum.
    pub fn words(&self, p: &[Value], mv: &SumMove<Value>) -> Result<String, Error> {
        let from = &p[mv.component];
        let part = if p.len() == 1 {
            String::new()
        } else {
            format!("part {}: ", mv.component + 1)
        };
        let arrow = arrow_words(from, &mv.into);
        match self.script.describe(from, &mv.into)? {
            Some(w) if self.shared_description(from, &w)? => Ok(format!("{part}{w} ({arrow})")),
            Some(w) => Ok(format!("{part}{w}")),
            None => Ok(format!("{part}{arrow}")),
        }
    }

    /// Whether the script describes two options of `from` that leave
    /// different parts with the same words `w` (Kayles' "knock down 1 from
    /// the row of 5" for 1 + 3 and 2 + 2): such a move's words then carry
    /// the parts it leaves, so that each move has words of its own. The
    /// descriptions of a part's options are read once per part.
    fn shared_description(&self, from: &Value, w: &str) -> Result<bool, Error> {
        if let Some(shared) = self.shared.borrow().get(from) {
            return Ok(shared.contains(w));
        }
        let mut first: HashMap<String, Vec<Value>> = HashMap::new();
        let mut shared = HashSet::new();
        for into in self.options(from)? {
            let Some(words) = self.script.describe(from, &into)? else {
                break;
            };
            let into = sorted(into);
            match first.get(&words) {
                None => {
                    first.insert(words, into);
                }
                Some(l) if *l != into => {
                    shared.insert(words);
                }
                Some(_) => {}
            }
        }
        let answer = shared.contains(w);
        self.shared.borrow_mut().insert(from.clone(), shared);
        Ok(answer)
    }

    fn with_words(
        &self,
        p: &[Value],
        mv: SumMove<Value>,
    ) -> Result<(ScriptMove, Vec<Value>), Error> {
        let words = self.words(p, &mv)?;
        let to = apply_sum_move(p, &mv);
        Ok((ScriptMove { mv, words }, to))
    }

    fn all_moves(&self, p: &[Value]) -> Result<Moves<ScriptMove, Vec<Value>>, Error> {
        let mut out = Vec::new();
        for (i, c) in p.iter().enumerate() {
            for into in self.options(c)? {
                out.push(self.with_words(p, SumMove { component: i, into })?);
            }
        }
        Ok(out)
    }

    /// A move written with an arrow, `[part K:] FROM -> PARTS` (`20 -> 11 +
    /// 7`, `3 -> nothing`): the parts in any order. `Ok(None)` when the text
    /// has no arrow.
    fn arrow_move(
        &self,
        p: &[Value],
        text: &str,
    ) -> Result<Option<(ScriptMove, Vec<Value>)>, String> {
        let t = text.trim();
        let (part, rest) = match t.strip_prefix("part ").and_then(|r| r.split_once(':')) {
            Some((k, rest)) => match k.trim().parse::<usize>() {
                Ok(k) if (1..=p.len()).contains(&k) => (Some(k - 1), rest),
                _ => {
                    return Err(format!(
                        "'{t}': part {} is not one of the parts 1 to {}",
                        k.trim(),
                        p.len()
                    ))
                }
            },
            None => (None, t),
        };
        let Some((from, into)) = rest.split_once("->") else {
            return Ok(None);
        };
        let from = Value::parse(from.trim())?;
        let into = match into.trim() {
            "nothing" => Vec::new(),
            text => parse_parts(text)?,
        };
        let want = sorted(into);
        let mut from_found = false;
        for (i, c) in p.iter().enumerate() {
            if *c != from || part.is_some_and(|k| k != i) {
                continue;
            }
            from_found = true;
            for option in self.options(c).map_err(|e| e.0)? {
                if sorted(option.clone()) == want {
                    let mv = SumMove {
                        component: i,
                        into: option,
                    };
                    return self.with_words(p, mv).map(Some).map_err(|e| e.0);
                }
            }
        }
        let parts = if want.is_empty() {
            "nothing".to_string()
        } else {
            join(&want)
        };
        Err(if from_found {
            format!("{from} cannot become {parts} in one move")
        } else {
            format!("{from} is not a part of the position {}", join(p))
        })
    }

    fn winning(&self, p: &[Value]) -> Result<Moves<ScriptMove, Vec<Value>>, Error> {
        let moves = match self.convention {
            Convention::Normal => self.solve(|s| s.winning_moves(p))?,
            Convention::Misere => {
                analyze_sum(&self.script, p, Convention::Misere, Some(self.limit))
                    .map_err(|e| self.error(e))?
                    .winning_moves
                    .into_iter()
                    .map(|w| w.mv)
                    .collect()
            }
        };
        moves.into_iter().map(|mv| self.with_words(p, mv)).collect()
    }

    /// The analysis of the positions `given` (each split into its parts):
    /// value, outcome and every winning move, `to` being the parts left.
    /// JSON: `position` is the list of positions given, `parts` the parts
    /// they split into (when the script defines `fn components`), and with
    /// `explain`, `explanation` the nim-sum of the parts' values.
    pub fn report(&self, given: &[Value], explain: bool) -> Result<Report, Error> {
        let p = self.script.split(given)?;
        let outcome = self.outcome_of(&p)?;
        let value = match self.convention {
            Convention::Normal => Some(self.value_of(&p)?.0),
            Convention::Misere => None,
        };
        let mut winning_moves = Vec::new();
        for (mv, to) in self.winning(&p)? {
            winning_moves.push(MoveReport {
                words: mv.words,
                cells: None,
                to: Json::Array(to.iter().map(Value::to_json).collect()),
                to_text: join(&to),
            });
        }
        let mut extra = serde_json::Map::new();
        if self.script.has_components() {
            extra.insert(
                "parts".to_string(),
                Json::Array(p.iter().map(Value::to_json).collect()),
            );
        }
        let explanation = if explain {
            Some(self.explain(&p, &winning_moves)?)
        } else {
            None
        };
        Ok(Report {
            game: self.script.name().to_string(),
            position: Json::Array(given.iter().map(Value::to_json).collect()),
            convention: self.convention,
            value,
            outcome,
            winning_moves,
            winning_moves_total: None,
            extra,
            position_text: given
                .iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            explanation,
            smith: None,
        })
    }

    fn explain(&self, p: &[Value], winning: &[MoveReport]) -> Result<String, Error> {
        let mut out = String::new();
        if self.convention == Convention::Misere {
            let _ = writeln!(
                out,
                "In misère play a sum is not decided by the values of its parts: grundy searched the whole position, \
                 and a winning move is one to a position where the player to move loses."
            );
            return Ok(out);
        }
        let values = self.part_values(p)?;
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a + b);
        if p.len() == 1 {
            let _ = writeln!(
                out,
                "G({}) = {}: the mex (least value missing) of the values of its options.",
                p[0], total.0
            );
        } else {
            let _ = writeln!(
                out,
                "The parts are independent games, so the value of the whole is the nim-sum (XOR) of theirs:"
            );
            for (c, v) in p.iter().zip(&values) {
                let _ = writeln!(out, "  G({c}) = {}", v.0);
            }
            let _ = writeln!(
                out,
                "  {} = {}",
                values
                    .iter()
                    .map(|v| v.0.to_string())
                    .collect::<Vec<_>>()
                    .join(" xor "),
                total.0
            );
        }
        if total.is_zero() {
            let _ = writeln!(out, "Value 0: every move leads to a position of nonzero value, which the opponent can bring back to 0.");
        } else if p.len() == 1 {
            let _ = writeln!(
                out,
                "A winning move leads to a position of value 0 ({} such moves).",
                winning.len()
            );
        } else {
            let _ = writeln!(
                out,
                "A winning move turns one part of value g into parts of nim-sum g xor {}, making the whole 0 ({} such moves).",
                total.0,
                winning.len()
            );
        }
        Ok(out)
    }

    /// The position drawn: each part by the script's `fn show` (or as
    /// JSON), with its value.
    fn lines(&self, p: &[Value]) -> Vec<(String, Vec<String>, Option<u64>)> {
        let values = match self.convention {
            Convention::Normal => self.part_values(p).ok(),
            Convention::Misere => None,
        };
        p.iter()
            .enumerate()
            .map(|(i, c)| {
                let shown = match self.script.show(c) {
                    Ok(Some(s)) => s.lines().map(str::to_string).collect(),
                    _ => vec![c.to_string()],
                };
                (c.to_string(), shown, values.as_ref().map(|v| v[i].0))
            })
            .collect()
    }
}

/// The default words of a move: `7 -> 3 + 3`, `1 -> nothing`.
fn arrow_words(from: &Value, into: &[Value]) -> String {
    if into.is_empty() {
        format!("{from} -> nothing")
    } else {
        format!("{from} -> {}", join(into))
    }
}

fn sorted(mut parts: Vec<Value>) -> Vec<Value> {
    parts.sort();
    parts
}

fn join(parts: &[Value]) -> String {
    if parts.is_empty() {
        return "sum([])".to_string();
    }
    parts
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Reads positions written as JSON values joined by `+` or blanks; a bare
/// word is a string.
fn parse_parts(text: &str) -> Result<Vec<Value>, String> {
    let t = text.trim();
    if t == "sum([])" {
        return Ok(Vec::new());
    }
    if let Ok(Json::Object(m)) = serde_json::from_str::<Json>(t) {
        return match m.get("sum") {
            Some(Json::Array(items)) if m.len() == 1 => {
                items.iter().map(Value::from_json).collect()
            }
            _ => Err(format!(
                "'{t}' is not a position: an object must be {{\"sum\": [...]}}"
            )),
        };
    }
    let mut out = Vec::new();
    let mut rest = t;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '+');
        if rest.is_empty() {
            break;
        }
        if rest.starts_with(['[', '{', '"']) {
            let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<Json>();
            let j = match stream.next() {
                Some(Ok(j)) => j,
                Some(Err(e)) => return Err(format!("'{t}' is not positions written as JSON: {e}")),
                None => break,
            };
            out.push(Value::from_json(&j)?);
            rest = &rest[stream.byte_offset()..];
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '+')
                .unwrap_or(rest.len());
            out.push(Value::parse(&rest[..end])?);
            rest = &rest[end..];
        }
    }
    if out.is_empty() {
        return Err("no position given".to_string());
    }
    Ok(out)
}

impl Play for ScriptPlay {
    type Position = Vec<Value>;
    type Move = ScriptMove;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn move_count(&self, p: &Vec<Value>) -> u128 {
        p.iter().map(|c| self.script.options(c).len() as u128).sum()
    }

    fn moves(&self, p: &Vec<Value>) -> Moves<ScriptMove, Vec<Value>> {
        self.all_moves(p).unwrap_or_default()
    }

    fn winning_moves(&self, p: &Vec<Value>) -> Result<Moves<ScriptMove, Vec<Value>>, SolveError> {
        self.winning(p).map_err(|e| SolveError::Other(e.0))
    }

    fn stall_moves(&self, p: &Vec<Value>) -> Moves<ScriptMove, Vec<Value>> {
        for (i, c) in p.iter().enumerate() {
            if let Some(into) = self.script.options(c).into_iter().next() {
                return self
                    .with_words(p, SumMove { component: i, into })
                    .into_iter()
                    .collect();
            }
        }
        Vec::new()
    }

    fn size(&self, p: &Vec<Value>) -> usize {
        p.len().max(1)
    }
}

impl Notation for ScriptPlay {
    fn name(&self) -> String {
        self.script.name().to_string()
    }

    fn position_json(&self, p: &Vec<Value>) -> Json {
        match &p[..] {
            [one] => one.to_json(),
            many => json!({"sum": many.iter().map(Value::to_json).collect::<Vec<_>>()}),
        }
    }

    fn position_text(&self, p: &Vec<Value>) -> String {
        join(p)
    }

    fn parse_position(&self, text: &str) -> Result<Vec<Value>, String> {
        let parts = parse_parts(text)?;
        self.script.split(&parts).map_err(|e| e.0)
    }

    fn same_position(&self, a: &Vec<Value>, b: &Vec<Value>) -> bool {
        let (mut a, mut b) = (a.clone(), b.clone());
        a.sort();
        b.sort();
        a == b
    }

    /// The script's words (see [`ScriptPlay::words`]), or the arrow
    /// form with the parts in any order.
    /// In a sum the words may leave out `part K: ` where that names one
    /// move.
    fn parse_move(&self, p: &Vec<Value>, text: &str) -> Parsed<ScriptMove, Vec<Value>> {
        if let Some(m) = parse_listed_move(self, p, text)? {
            return Ok(Some(m));
        }
        if p.len() > 1 {
            let unprefixed = |m: &ScriptMove| match m.words.split_once(": ") {
                Some((part, rest)) if part.starts_with("part ") => rest.to_string(),
                _ => m.words.clone(),
            };
            if let Some(m) = parse_listed_move_by(self, p, text, unprefixed)? {
                return Ok(Some(m));
            }
        }
        self.arrow_move(p, text)
    }

    fn move_to(
        &self,
        from: &Vec<Value>,
        to: &Vec<Value>,
    ) -> Result<(ScriptMove, Vec<Value>), String> {
        self.all_moves(from)
            .map_err(|e| e.0)?
            .into_iter()
            .find(|(_, q)| self.same_position(q, to))
            .ok_or_else(|| format!("no single move leads from {} to {}", join(from), join(to)))
    }
}

impl Analyse for ScriptPlay {
    fn value(&self, p: &Vec<Value>) -> Option<Nimber> {
        match self.convention {
            Convention::Normal => self.value_of(p).ok(),
            Convention::Misere => None,
        }
    }

    fn outcome(&self, p: &Vec<Value>) -> Outcome {
        // A failure here was met when the game started or is reported by
        // the winning moves asked for next.
        self.outcome_of(p).unwrap_or(Outcome::N)
    }

    fn explain_choice(&self, before: &Vec<Value>, c: &Choice<ScriptMove, Vec<Value>>) -> String {
        let mut out = format!("The computer played: {}.\n", c.mv);
        let _ = writeln!(out, "{} -> {}", join(before), join(&c.to));
        if let Ok(text) = self.explain(before, &[]) {
            out.push_str(&text);
        }
        if self.convention == Convention::Normal {
            if let Ok(g) = self.value_of(&c.to) {
                let _ = writeln!(out, "The position left has value {}.", g.0);
            }
        }
        out
    }

    fn stall_rule(&self) -> &'static str {
        "the first option the script lists, in the first part that has one"
    }
}

impl Draw for ScriptPlay {
    fn draw(&self, p: &Vec<Value>) -> String {
        let mut out = String::new();
        let lines = self.lines(p);
        for (i, (_, shown, v)) in lines.iter().enumerate() {
            if lines.len() > 1 {
                let _ = writeln!(
                    out,
                    "  part {}{}:",
                    i + 1,
                    v.map_or(String::new(), |v| format!(", value {v}"))
                );
            }
            for l in shown {
                let _ = writeln!(out, "    {l}");
            }
        }
        if lines.is_empty() {
            let _ = writeln!(out, "  (nothing is left)");
        }
        let outcome = self.outcome(p);
        let value = self
            .value(p)
            .map_or(String::new(), |g| format!("Grundy value {}: ", g.0));
        let _ = writeln!(out, "  {value}{outcome}-position ({})", outcome.describe());
        out
    }

    fn drawing(&self, p: &Vec<Value>) -> Drawing {
        let lines = self.lines(p);
        let mut rows = Vec::new();
        for (i, (_, shown, _)) in lines.iter().enumerate() {
            if i > 0 {
                rows.push(String::new());
            }
            rows.extend(shown.iter().cloned());
        }
        Drawing {
            shape: Shape::Board { rows },
            components: lines
                .into_iter()
                .map(|(label, _, value)| Part { label, value })
                .collect(),
            value: self.value(p).map(|v| v.0),
            outcome: self.outcome(p),
        }
    }
}

#[cfg(test)]
mod tests;
