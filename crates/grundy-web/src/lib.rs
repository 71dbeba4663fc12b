//! grundy in the browser: a JSON-in, JSON-out API over the library for the
//! WebAssembly page in `web/`.
//!
//! Every call takes one JSON object as a string and returns one JSON object
//! as a string: the answer, or `{"error": message}`. The page keeps no game
//! state in WebAssembly: a game is its family, variant, convention, start
//! position and the moves played so far (in the game's words), and each
//! call replays them. So undo, redo, links and imports are just lists of
//! moves.
//!
//! - [`families`]: every family of the registry (`grundy families --json`),
//!   each with its name for people (`title`) and its rules in words
//!   (`rules`).
//! - [`glossary`]: the terms of the theory (nimber, `*n`, N- and
//!   P-position, nim-sum, ...) in plain words (`grundy glossary --json`).
//! - [`analyse`]: the position after the moves: the report (the JSON of the
//!   CLI's `--json`), the drawing as data, every legal move with its value
//!   and outcome, and the value and outcome along the game.
//! - [`computer`]: the computer's move and why it made it (it loses as
//!   slowly as it can when it is losing).
//! - [`hint`]: a winning move, if there is one.
//! - [`why`]: why the computer made the last move of the list.
//! - [`explain`]: the position after the moves explained, as `--explain`
//!   prints it.
//! - [`sequence`]: the Grundy sequence of a heap rule, with its periodicity
//!   ([`sequence_with`] reports its progress as it computes).
//! - [`pattern`]: the patterns in a heap rule's values, with their evidence
//!   (the JSON of `grundy pattern --json`).
//! - [`check`]: a claim about Grundy values decided (the JSON of `grundy
//!   check --json`).
//! - [`misere_quotient`]: the misère quotient of a heap rule's heaps (the
//!   JSON of `grundy misere --json`; [`misere_quotient_with`] reports its
//!   progress as it computes).
//! - [`genus`]: the genus of each heap of a rule (the JSON of `grundy seq
//!   --genus --json`).
//! - [`table`]: a table of nim-sums, nim products, Turning Corners values
//!   or a two-heap game's values with its P-positions and row periods.
//! - [`nimber`]: a nimber expression, or nim-sum, product, inverse and
//!   square root of two nimbers.
//!
//! Integers past 2^53 (the largest a JavaScript number holds exactly) are
//! written as strings of their decimal digits, wherever they are: values,
//! nimbers, heaps. Numbers in a request (the length of a sequence, the size
//! of a table) may be JSON numbers or strings of digits.
//!
//! A user's Rhai script is the `script` family (its variant is the
//! script's text); in the browser it is bounded by the operation and size
//! limits alone, since WebAssembly has no clock the library can read.

#![deny(missing_docs)]

mod misere;
mod sequences;

pub use misere::{genus, misere_quotient, misere_quotient_with};
pub use sequences::{check, pattern, sequence, sequence_with, PATTERN_WORK, SEQUENCE_MAX};

use grundy::family::registry::{self, AnyGame, MoveInfo};
use grundy::family::report::abbreviate;
use grundy::family::session::{Line, Mode, Options, Output, Side};
use grundy::game::Convention;
use grundy::nimber::{self, Nimber};
use grundy::strategy::Level;
use grundy::tables;
use serde::Deserialize;
use serde_json::{json, Value};

/// The seed of the computer's tie-breaking: fixed, so that a replayed game
/// gets the same moves and [`why`] explains the move that was played.
const SEED: u64 = 1;
/// The work (as [`grundy::strategy::Remoteness::of`] counts it) the
/// remoteness of the positions along a game may take in one analysis.
pub const HISTORY_WORK: usize = 2 * grundy::strategy::SHOWN_BUDGET;
/// The largest nimber table.
pub const TABLE_MAX: u64 = 256;

type Result<T> = std::result::Result<T, String>;

/// A game: a family at its start position, and the moves played since.
#[derive(Deserialize, Debug, Default)]
#[serde(default)]
struct GameRequest {
    family: String,
    variant: String,
    position: String,
    convention: String,
    moves: Vec<String>,
    /// How well the computer plays (`perfect`, `hard`, `medium`, `easy`);
    /// empty: perfect.
    level: String,
}

fn convention(text: &str) -> Result<Convention> {
    match text.trim().to_lowercase().as_str() {
        "" | "normal" => Ok(Convention::Normal),
        "misere" | "misère" => Ok(Convention::Misere),
        other => Err(format!("convention '{other}' is neither normal nor misere")),
    }
}

fn parse<T: for<'a> Deserialize<'a>>(request: &str) -> Result<T> {
    serde_json::from_str(request).map_err(|e| format!("request: {e}"))
}

/// The largest integer a JavaScript number holds exactly, 2^53 - 1.
pub const MAX_SAFE: u64 = (1 << 53) - 1;

/// Writes every integer of `v` past [`MAX_SAFE`] (either sign) as a string
/// of its digits, so that JavaScript reads it exactly.
fn exact(v: &mut Value) {
    match v {
        Value::Number(n) => {
            let big = match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => u > MAX_SAFE,
                (None, Some(i)) => i.unsigned_abs() > MAX_SAFE,
                _ => false,
            };
            if big {
                *v = Value::String(n.to_string());
            }
        }
        Value::Array(items) => items.iter_mut().for_each(exact),
        Value::Object(map) => map.values_mut().for_each(exact),
        _ => {}
    }
}

fn answer(result: Result<Value>) -> String {
    match result {
        Ok(mut v) => {
            exact(&mut v);
            v.to_string()
        }
        Err(e) => json!({ "error": e }).to_string(),
    }
}

/// A whole number from 0 to `max` given as a JSON number or a string of
/// digits; `what` names it in the message when it is not one.
fn whole(what: &str, v: &Value, max: u64) -> Result<u64> {
    let text = match v {
        Value::String(s) => s.trim().to_string(),
        Value::Null => String::new(),
        other => other.to_string(),
    };
    if text.is_empty() {
        return Err(format!(
            "{what} is missing: give a whole number from 0 to {max}"
        ));
    }
    match text.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!("{what} {text} is too large: at most {max}")),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("{what} {text} is too large: at most {max}"))
        }
        Err(_) => Err(format!(
            "{what} '{text}' is not a whole number from 0 to {max}"
        )),
    }
}

/// Starts the game and plays the first `upto` moves.
fn replay(r: &GameRequest, upto: usize) -> Result<Box<dyn AnyGame>> {
    let mut g = registry::start(
        &r.family,
        &r.variant,
        &r.position,
        convention(&r.convention)?,
    )
    .map_err(|e| e.to_string())?;
    for (i, mv) in r.moves.iter().take(upto).enumerate() {
        g.play(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
    }
    Ok(g)
}

/// Every family: name, name for people (`title`), rules in words
/// (`rules`), aliases, summary, variant and position syntax, examples.
///
/// Each family also says whether it takes misère play (`"misere"`): whether
/// one of its examples starts under it.
pub fn families() -> String {
    answer(
        registry::entries()
            .iter()
            .map(|e| {
                let mut v = serde_json::to_value(e).map_err(|e| e.to_string())?;
                let misere = e
                    .examples
                    .iter()
                    .any(|(v, p)| e.start(v, p, Convention::Misere).is_ok());
                v["misere"] = json!(misere);
                Ok(v)
            })
            .collect::<Result<Vec<Value>>>()
            .map(Value::Array),
    )
}

/// Every term of the glossary, `[{"term", "aliases", "definition"}]` (the
/// JSON of `grundy glossary --json`).
pub fn glossary() -> String {
    answer(serde_json::to_value(grundy::glossary::glossary()).map_err(|e| e.to_string()))
}

/// The position after `moves`: `{"family", "position", "position_text",
/// "over", "report", "drawing", "moves" (or "moves_error"), "history"}`,
/// where `report` is the CLI's `--json` report, `drawing` the library's
/// drawing data, each move `{"move", "to", "value", "outcome",
/// "remoteness"}`, and `history` the `{"value", "outcome", "remoteness"}`
/// of the start and of the position
/// after each move, with its remoteness where a search finds it (`null`
/// otherwise). A move's `remoteness` is that of the position it leaves.
/// `position_short` is the position's text cut as the command line cuts
/// it.
///
/// A game that can loop adds `"smith"`: Smith's `value` (a number or
/// `{"infinity": [..K]}`) and `outcome` (`N`, `P` or `D`) of the position,
/// of its `components` (or `null`) and of the position each move leaves
/// (`moves`, in their order, or `null`); its `history` gives Smith's values
/// and outcomes. In normal play, a position without a value of its own
/// whose components have values (Treblecross, by its heap form) adds
/// `"parts_value"`, their nim-sum, and its moves `"moves_after"`: for each
/// move without a value, the values of the components it leaves (`parts`)
/// and their nim-sum (`value`), `null` for the others.
pub fn analyse(request: &str) -> String {
    answer(parse::<GameRequest>(request).and_then(|r| {
        let mut g = registry::start(
            &r.family,
            &r.variant,
            &r.position,
            convention(&r.convention)?,
        )
        .map_err(|e| e.to_string())?;
        let mut history = Vec::with_capacity(r.moves.len() + 1);
        // The search along the game has a budget of its own, and each
        // position a share of it, so that one position too large to search
        // cannot spend it all.
        let mut pot = HISTORY_WORK;
        let mut step = |g: &dyn AnyGame| {
            let d = g.drawing();
            let mut work = pot.min(HISTORY_WORK / 4);
            let before = work;
            let remoteness = g.remoteness(&mut work).map(|r| r.1);
            pot -= before - work;
            // A game that can loop: Smith's value and the outcome with
            // draws, as its report gives them.
            let (value, outcome) = match g.smith() {
                Some(s) => (json!(s.value), json!(s.outcome)),
                None => (json!(d.value), json!(d.outcome)),
            };
            json!({"value": value, "outcome": outcome, "position": g.position_text(), "remoteness": remoteness})
        };
        history.push(step(g.as_ref()));
        for (i, mv) in r.moves.iter().enumerate() {
            g.play(mv)
                .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
            history.push(step(g.as_ref()));
        }
        let report = g.report().map_err(|e| e.to_string())?;
        let drawing = g.drawing();
        let mut out = json!({
            "family": g.name(),
            "position": g.position_json(),
            "position_text": g.position_text(),
            "position_short": abbreviate(&g.position_text()),
            "over": g.is_over(),
            "report": report,
            "drawing": drawing,
            "text": g.draw(),
            "history": history,
        });
        let normal = g.convention() == Convention::Normal;
        if let Some(value) = g.smith() {
            out["smith"] = json!({
                "value": value.value,
                "outcome": value.outcome,
                "components": g.smith_parts(),
                "moves": g.smith_moves(),
            });
        } else if normal && drawing.value.is_none() {
            out["parts_value"] = json!(drawing.parts_value());
        }
        match g.moves() {
            Ok(moves) => {
                if normal && g.smith().is_none() && moves.iter().any(|m| m.value.is_none()) {
                    out["moves_after"] = moves_after(g.as_ref(), &moves);
                }
                out["moves"] = json!(moves);
            }
            Err(e) => out["moves_error"] = json!(e.to_string()),
        }
        Ok(out)
    }))
}

/// For each legal move without a value of its own (a Treblecross board,
/// whose heap form decides it), the values of the components of the
/// position it leaves and their nim-sum, `{"parts", "value"}`; `null` for
/// a move with a value.
fn moves_after(g: &dyn AnyGame, moves: &[MoveInfo]) -> Value {
    moves
        .iter()
        .map(|m| match m.value {
            Some(_) => Value::Null,
            None => match g.drawing_of(&m.to_text) {
                Ok(d) => json!({
                    "parts": d.components.iter().map(|p| p.value).collect::<Vec<_>>(),
                    "value": d.parts_value(),
                }),
                Err(_) => Value::Null,
            },
        })
        .collect()
}

/// Runs a session from the position after `moves` and returns its JSON
/// lines.
fn session(r: &GameRequest, upto: usize, first: Side, line: Option<&str>) -> Result<Vec<Value>> {
    let g = replay(r, upto)?;
    let level: Level = if r.level.trim().is_empty() {
        Level::Perfect
    } else {
        r.level.parse()?
    };
    // Below perfect play the seed moves with the game, so that the slips
    // fall on different turns, yet a replay (and `why`) meets the same one.
    let seed = match level {
        Level::Perfect => SEED,
        _ => SEED.wrapping_add(upto as u64),
    };
    let options = Options {
        first,
        mode: Mode::Json,
        seed,
        level,
    };
    let mut s = g.session(&options);
    s.begin().map_err(|e| e.to_string())?;
    if let Some(line) = line {
        s.input(Line::Text(line.to_string()))
            .map_err(|e| e.to_string())?;
    }
    Ok(s.take_output()
        .into_iter()
        .map(|o| match o {
            Output::Json(v) => v,
            Output::Text(t) => json!({ "text": t }),
        })
        .collect())
}

/// The computer's move from the position after `moves`: `{"move", "to",
/// "why"}`, or `{"move": null}` when the game is over. The move that ends
/// the game is explained only as such.
pub fn computer(request: &str) -> String {
    answer(parse::<GameRequest>(request).and_then(|r| {
        let lines = session(&r, r.moves.len(), Side::Computer, Some("why"))?;
        let mv = lines.iter().find(|v| v["by"] == "computer");
        // A session that ended takes no more lines, so the move that ends
        // the game has no explanation from it.
        let why = lines
            .iter()
            .find_map(|v| v.get("why").cloned())
            .unwrap_or_else(|| json!("It was the last move: the game is over."));
        Ok(match mv {
            Some(m) => json!({"move": m["move"], "to": m["position"], "why": why}),
            None => json!({"move": null}),
        })
    }))
}

/// A winning move from the position after `moves`: `{"hint": {"move",
/// "to"}}`, or `{"hint": null, "reason"}`.
pub fn hint(request: &str) -> String {
    answer(parse::<GameRequest>(request).and_then(|r| {
        let lines = session(&r, r.moves.len(), Side::Human, Some("hint"))?;
        lines
            .into_iter()
            .find(|v| v.get("hint").is_some())
            .ok_or_else(|| "the game is over".to_string())
    }))
}

/// The position after `moves` explained: its report with why it has its
/// value, as `grundy ... --explain` prints it, `{"text"}` (what "Why?"
/// shows in a game of two players, where no computer moved).
pub fn explain(request: &str) -> String {
    answer(parse::<GameRequest>(request).and_then(|r| {
        let g = replay(&r, r.moves.len())?;
        let mut report = g.report().map_err(|e| e.to_string())?;
        report.explanation = g.explain();
        Ok(json!({"text": report.to_text()}))
    }))
}

/// Why the computer made the last of `moves` (played by [`computer`] from
/// the position before it): `{"why": text}`.
pub fn why(request: &str) -> String {
    answer(parse::<GameRequest>(request).and_then(|r| {
        let n = r.moves.len();
        if n == 0 {
            return Ok(json!({"why": "the computer has not moved yet."}));
        }
        let lines = session(&r, n - 1, Side::Computer, Some("why"))?;
        let played = lines
            .iter()
            .find(|v| v["by"] == "computer")
            .map(|v| v["move"].clone());
        if played.as_ref().and_then(Value::as_str) != Some(r.moves[n - 1].as_str()) {
            return Ok(json!({"why": "the last move was not the computer's."}));
        }
        Ok(lines
            .into_iter()
            .find(|v| v.get("why").is_some())
            .unwrap_or_else(|| json!({"why": "It was the last move: the game is over."})))
    }))
}

#[derive(Deserialize, Debug)]
struct TableRequest {
    kind: String,
    #[serde(default)]
    size: Value,
    #[serde(default)]
    r: Value,
    #[serde(default)]
    f: Option<String>,
}

/// A table `T(x, y)` for `x, y` in `0..size` ([`grundy::tables`]): `x + y`
/// (`"nim-sum"`), `x * y` (`"nim-product"`), Turning Corners by play
/// (`"corners"`), or the values of a two-heap game (`"wythoff"`,
/// `"r-wythoff"` and `"takeaway"` with `"r"`, `"mem"`, `"fibonacci-nim"`,
/// `"euclid"`, `"bounded-wythoff"` with `"f"`): `{"kind", "size", "rows"}`,
/// and for a game `"game"`, `"p_positions"` and `"row_periods"` as
/// `grundy table KIND --json` gives them.
pub fn table(request: &str) -> String {
    answer(parse::<TableRequest>(request).and_then(|r| {
        let size = whole("the size", &r.size, TABLE_MAX)?;
        if size == 0 {
            return Err(format!("the size is 1 to {TABLE_MAX}"));
        }
        let kind: tables::Kind = r.kind.parse()?;
        let band = match &r.r {
            Value::Null => None,
            v => Some(whole("r", v, u64::MAX)?),
        };
        let t = tables::Table::new(kind, size, band, r.f.as_deref(), false)?;
        let report = t.report(None);
        let mut out = json!({"kind": r.kind, "size": size, "rows": report.rows});
        if let Some(game) = report.game {
            out["game"] = json!(game);
            out["p_positions"] = json!(report.p_positions);
            out["row_periods"] = json!(report.row_periods);
        }
        Ok(out)
    }))
}

#[derive(Deserialize, Debug, Default)]
#[serde(default)]
struct NimberRequest {
    expr: Option<String>,
    a: Option<String>,
    b: Option<String>,
}

fn number(name: &str, text: &str) -> Result<Nimber> {
    nimber::eval(text).map_err(|e| format!("{name}: {e}"))
}

/// A nimber expression (`{"expr"}` → `{"value"}`), or two nimbers `{"a",
/// "b"}` (each itself an expression) → `{"a", "b", "sum", "product",
/// "quotient", "inverse_a", "inverse_b", "sqrt_a", "sqrt_b"}` (`null` where
/// undefined).
pub fn nimber(request: &str) -> String {
    answer(parse::<NimberRequest>(request).and_then(|r| {
        if let Some(e) = r.expr {
            return Ok(json!({"value": number("expression", &e)?.0}));
        }
        let a = number("a", r.a.as_deref().unwrap_or("0"))?;
        let b = number("b", r.b.as_deref().unwrap_or("0"))?;
        Ok(json!({
            "a": a.0,
            "b": b.0,
            "sum": (a + b).0,
            "product": (a * b).0,
            "quotient": a.checked_div(b).map(|q| q.0),
            "inverse_a": a.inverse().map(|x| x.0),
            "inverse_b": b.inverse().map(|x| x.0),
            "sqrt_a": a.sqrt().0,
            "sqrt_b": b.sqrt().0,
        }))
    }))
}

/// The exports seen by JavaScript.
#[cfg(target_arch = "wasm32")]
mod bindings {
    use wasm_bindgen::prelude::*;

    /// See [`crate::families`].
    #[wasm_bindgen]
    pub fn families() -> String {
        crate::families()
    }
    /// See [`crate::glossary`].
    #[wasm_bindgen]
    pub fn glossary() -> String {
        crate::glossary()
    }
    /// See [`crate::analyse`].
    #[wasm_bindgen]
    pub fn analyse(request: &str) -> String {
        crate::analyse(request)
    }
    /// See [`crate::computer`].
    #[wasm_bindgen]
    pub fn computer(request: &str) -> String {
        crate::computer(request)
    }
    /// See [`crate::hint`].
    #[wasm_bindgen]
    pub fn hint(request: &str) -> String {
        crate::hint(request)
    }
    /// See [`crate::why`].
    #[wasm_bindgen]
    pub fn why(request: &str) -> String {
        crate::why(request)
    }
    /// See [`crate::explain`].
    #[wasm_bindgen]
    pub fn explain(request: &str) -> String {
        crate::explain(request)
    }
    #[wasm_bindgen]
    extern "C" {
        /// What the worker passes to follow a long computation: an object
        /// whose method `progress(done, to)` is called as it goes.
        pub type Observer;
        #[wasm_bindgen(method, structural)]
        fn progress(this: &Observer, done: f64, to: f64);
    }

    /// See [`crate::sequence`].
    #[wasm_bindgen]
    pub fn sequence(request: &str) -> String {
        crate::sequence(request)
    }
    /// See [`crate::sequence_with`]: `observer.progress(done, to)` is
    /// called as the sequence computes (heaps are below 2^53, so the
    /// numbers are exact).
    #[wasm_bindgen]
    pub fn sequence_observed(request: &str, observer: &Observer) -> String {
        crate::sequence_with(request, &mut |done, to| {
            observer.progress(done as f64, to as f64)
        })
    }
    /// See [`crate::pattern`].
    #[wasm_bindgen]
    pub fn pattern(request: &str) -> String {
        crate::pattern(request)
    }
    /// See [`crate::check`].
    #[wasm_bindgen]
    pub fn check(request: &str) -> String {
        crate::check(request)
    }
    /// See [`crate::misere_quotient`].
    #[wasm_bindgen]
    pub fn misere_quotient(request: &str) -> String {
        crate::misere_quotient(request)
    }
    /// See [`crate::misere_quotient_with`]: `observer.progress(done, to)`
    /// is called before each heap.
    #[wasm_bindgen]
    pub fn misere_quotient_observed(request: &str, observer: &Observer) -> String {
        crate::misere_quotient_with(request, &mut |done, to| {
            observer.progress(done as f64, to as f64)
        })
    }
    /// See [`crate::genus`].
    #[wasm_bindgen]
    pub fn genus(request: &str) -> String {
        crate::genus(request)
    }
    /// See [`crate::table`].
    #[wasm_bindgen]
    pub fn table(request: &str) -> String {
        crate::table(request)
    }
    /// See [`crate::nimber`].
    #[wasm_bindgen]
    pub fn nimber(request: &str) -> String {
        crate::nimber(request)
    }
}

#[cfg(test)]
mod tests;
