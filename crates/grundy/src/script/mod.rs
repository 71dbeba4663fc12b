//! Games defined by a script in [Rhai](https://rhai.rs): a user's own game
//! without writing Rust.
//!
//! The contract: a script defines `fn options(p)`, returning an array of the
//! options of position `p`. An option is a position, or `sum([p1, p2, ...])`
//! for a move that leaves a disjunctive sum of independent components
//! (`sum([])`: nothing is left). Positions are integers, strings, or arrays
//! of them, compared by value ([`Value`]). Optional: `fn start()` (the
//! starting position), `fn show(p)` (a drawing as text), `fn describe(p, q)`
//! (the words for the move from `p` to `q`) and `fn components(p)` (the
//! independent parts a position splits into, [`Script::split`]). grundy
//! memoises, takes the mex and nim-sums natively; the script is called once
//! per position.
//!
//! Instead of returning an array, `fn options` may give each option with
//! `option(q)`: Rhai checks the size of an array at every push by walking
//! it, so building an array of n options costs the square of n, and
//! `option` costs the same for every option.
//!
//! Scripts run sandboxed: no files, no modules, no `eval`, with limits on
//! operations per call, call depth, string and array sizes, and an optional
//! wall-clock deadline ([`Limits`]). Every failure is one line naming the
//! script and, where it has one, the line and column.
//!
//! ```
//! use grundy::script::{Script, Limits, Value};
//! use grundy::solve::Solver;
//! // Subtract a square: G(n) for n = 0, 1, 2, ... is 0, 1, 0, 1, 2, 0, ...
//! let s = Script::compile("squares", "
//!     fn options(n) {
//!         let out = [];
//!         let k = 1;
//!         while k * k <= n { out.push(n - k * k); k += 1; }
//!         out
//!     }", Limits::default()).unwrap();
//! let mut solver = Solver::new(&s);
//! let g: Vec<u64> = (0..6).map(|n| solver.value(&Value::Int(n)).unwrap().0).collect();
//! assert!(s.take_error().is_none());
//! assert_eq!(g, [0, 1, 0, 1, 2, 0]);
//! ```

mod helpers;
mod solve;
pub mod value;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

use rhai::{Array, CallFnOptions, Dynamic, Engine, EvalAltResult, ParseError, Scope, AST};

/// Whether the platform has a wall clock to enforce [`Limits::time`] with
/// (WebAssembly in a browser has none that `std` can read).
const HAS_CLOCK: bool = !cfg!(target_arch = "wasm32");

pub use solve::{Flat, Memo, ScriptSolver};
pub use value::Value;

use crate::family::Error;
use crate::game::Game;

/// What a script may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Operations one call of a script function may take.
    pub operations: u64,
    /// How deep script functions may call each other.
    pub call_levels: usize,
    /// The longest string a script may build, in bytes.
    pub string_size: usize,
    /// The longest array a script may build.
    pub array_size: usize,
    /// The wall-clock time all the calls together may take.
    pub time: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            operations: 10_000_000,
            call_levels: 64,
            string_size: 1 << 20,
            // Rhai checks an array's size at every push by walking it, so a
            // script filling an array to the limit costs the square of it.
            array_size: 1 << 16,
            time: None,
        }
    }
}

/// What `sum([...])` returns inside a script: the components a move leaves.
#[derive(Clone, Debug)]
pub(crate) enum SumOption {
    /// Built by the script.
    Parts(Array),
    /// Built by a native helper: whole numbers, kept as they are so that
    /// no script value is made for each.
    Heaps { len: u8, heaps: [i64; 3] },
}

/// How many times `fn components` may split the parts it returned again.
const SPLIT_DEPTH: usize = 64;

/// A compiled script game.
pub struct Script {
    name: String,
    engine: Engine,
    ast: AST,
    error: RefCell<Option<Error>>,
    deadline: Rc<Cell<Option<Instant>>>,
    limits: Limits,
    has_start: bool,
    has_describe: bool,
    has_show: bool,
    has_components: bool,
    /// The parts of each position met, by `fn components`.
    parts: RefCell<rustc_hash::FxHashMap<Value, Rc<[Value]>>>,
    /// The options given by `option(q)` during the call of `fn options`.
    given: Rc<RefCell<Array>>,
}

/// The innermost error of a chain of function calls, where the fault is.
fn innermost(mut e: EvalAltResult) -> EvalAltResult {
    while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = e {
        e = *inner;
    }
    e
}

/// A message without Rhai's own ` (line L, position C)` ending.
fn bare(message: String) -> String {
    match message.rfind(" (line ") {
        Some(i) if message.ends_with(')') => message[..i].to_string(),
        _ => message,
    }
}

impl Script {
    /// Compiles `source`; `name` names the script in errors (its file name).
    pub fn compile(name: &str, source: &str, limits: Limits) -> Result<Script, Error> {
        let mut engine = Engine::new();
        engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
        engine.set_max_modules(0);
        engine.disable_symbol("eval");
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        engine.set_max_operations(limits.operations);
        engine.set_max_call_levels(limits.call_levels);
        engine.set_max_expr_depths(64, 64);
        engine.set_max_string_size(limits.string_size);
        engine.set_max_array_size(limits.array_size);
        engine.set_max_map_size(1 << 16);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let watch = deadline.clone();
        // Called at every operation: registered only when there is a clock
        // to watch (WebAssembly has none: there the operation limit alone
        // bounds a script).
        if limits.time.is_some() && HAS_CLOCK {
            engine.on_progress(move |ops| {
                if ops % 4096 == 0 {
                    if let Some(d) = watch.get() {
                        if Instant::now() > d {
                            return Some(Dynamic::from("time"));
                        }
                    }
                }
                None
            });
        }
        engine.register_type_with_name::<SumOption>("SumOption");
        engine.register_fn("sum", |parts: Array| SumOption::Parts(parts));
        helpers::register(&mut engine);
        // `option(q)` adds an option without building an array: Rhai walks
        // an array at every push to check its size, so a script pushing n
        // options costs the square of n.
        let given: Rc<RefCell<Array>> = Rc::default();
        let sink = given.clone();
        let most = limits.array_size;
        engine.register_fn(
            "option",
            move |q: Dynamic| -> Result<(), Box<EvalAltResult>> {
                let mut sink = sink.borrow_mut();
                if sink.len() >= most {
                    return Err(format!("more than {most} options given by option(q)").into());
                }
                sink.push(q);
                Ok(())
            },
        );
        let ast = engine.compile(source).map_err(|e: ParseError| {
            let at = e.position();
            Error::new(format!(
                "script '{name}', line {}, column {}: {}",
                at.line().unwrap_or(0),
                at.position().unwrap_or(0),
                bare(e.to_string())
            ))
        })?;
        let has = |f: &str, arity: usize| {
            ast.iter_functions()
                .any(|m| m.name == f && m.params.len() == arity)
        };
        if !has("options", 1) {
            return Err(Error::new(format!(
                "script '{name}' defines no fn options(p), which returns the options of a position"
            )));
        }
        let (has_start, has_describe) = (has("start", 0), has("describe", 2));
        let (has_show, has_components) = (has("show", 1), has("components", 1));
        Ok(Script {
            name: name.to_string(),
            engine,
            ast,
            error: RefCell::new(None),
            deadline,
            limits,
            has_start,
            has_describe,
            has_show,
            has_components,
            parts: RefCell::default(),
            given,
        })
    }

    /// The script's name, as given to [`Script::compile`].
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Starts the wall-clock limit now (see [`Limits::time`]).
    pub fn start_clock(&self) {
        if !HAS_CLOCK {
            return;
        }
        self.deadline
            .set(self.limits.time.map(|t| Instant::now() + t));
    }

    fn fail(&self, function: &str, e: EvalAltResult) -> Error {
        let e = innermost(e);
        if let EvalAltResult::ErrorTerminated(..) = e {
            let s = self.limits.time.map_or(0.0, |t| t.as_secs_f64());
            return Error::new(format!(
                "script '{}': fn {function} ran past the time limit of {s} s",
                self.name
            ));
        }
        let at = e.position();
        let place = match (at.line(), at.position()) {
            (Some(l), Some(c)) => format!(", line {l}, column {c}"),
            (Some(l), None) => format!(", line {l}"),
            _ => String::new(),
        };
        Error::new(format!(
            "script '{}'{place}: in fn {function}: {}",
            self.name,
            bare(e.to_string())
        ))
    }

    fn call(&self, function: &str, args: impl rhai::FuncArgs) -> Result<Dynamic, Error> {
        // The script's top level is not run again at each call: functions
        // cannot see its variables, and it has no other effect.
        let options = CallFnOptions::new().eval_ast(false);
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, function, args)
            .map_err(|e| self.fail(function, *e))
    }

    fn value(&self, function: &str, d: Dynamic) -> Result<Value, Error> {
        to_value(d).map_err(|what| {
            Error::new(format!(
                "script '{}': fn {function} returned {what}, which is not a position (positions are whole numbers, strings or arrays of them)",
                self.name
            ))
        })
    }

    /// The starting position, if the script defines `fn start()`.
    pub fn start(&self) -> Result<Option<Value>, Error> {
        if !self.has_start {
            return Ok(None);
        }
        let d = self.call("start", ())?;
        self.value("start", d).map(Some)
    }

    /// The options of `p`, each the list of components it leaves.
    pub fn options_of(&self, p: &Value) -> Result<Vec<Vec<Value>>, Error> {
        let mut flat = Flat::default();
        self.options_flat(p, &mut flat)?;
        Ok((0..flat.len()).map(|i| flat.option(i).to_vec()).collect())
    }

    /// The options of `p` written into `out` (emptied first), each split
    /// into its parts when the script defines `fn components`.
    pub fn options_flat(&self, p: &Value, out: &mut Flat) -> Result<(), Error> {
        out.clear();
        self.given.borrow_mut().clear();
        let d = self.call("options", (to_dynamic(p),));
        let given = std::mem::take(&mut *self.given.borrow_mut());
        let d = d?;
        for item in given {
            self.push_option(item, out)?;
        }
        if !d.is_unit() {
            let returned = d.into_array().map_err(|what| {
                Error::new(format!(
                    "script '{}': fn options({p}) returned {what}, not an array of options",
                    self.name
                ))
            })?;
            for item in returned {
                self.push_option(item, out)?;
            }
        }
        Ok(())
    }

    fn push_option(&self, item: Dynamic, out: &mut Flat) -> Result<(), Error> {
        if let Ok(n) = item.as_int() {
            self.push_part(Value::Int(n), out)?;
        } else if item.is::<SumOption>() {
            match item.cast::<SumOption>() {
                SumOption::Parts(parts) => {
                    for c in parts {
                        let c = self.value("options", c)?;
                        self.push_part(c, out)?;
                    }
                }
                SumOption::Heaps { len, heaps } => {
                    for &h in &heaps[..len as usize] {
                        self.push_part(Value::Int(h), out)?;
                    }
                }
            }
        } else {
            let q = self.value("options", item)?;
            self.push_part(q, out)?;
        }
        out.end_option();
        Ok(())
    }

    fn push_part(&self, q: Value, out: &mut Flat) -> Result<(), Error> {
        if self.has_components {
            self.split_into(&q, 0, &mut out.parts)
        } else {
            out.parts.push(q);
            Ok(())
        }
    }

    /// Whether the script defines `fn components(p)`.
    pub fn has_components(&self) -> bool {
        self.has_components
    }

    /// The positions `ps` split into independent parts by the script's
    /// `fn components(p)`, each part split again until it is one piece
    /// (its components are itself alone); `ps` itself when the script does
    /// not define it. A position whose components are `[]` is gone.
    pub fn split(&self, ps: &[Value]) -> Result<Vec<Value>, Error> {
        if !self.has_components {
            return Ok(ps.to_vec());
        }
        let mut out = Vec::with_capacity(ps.len());
        for p in ps {
            self.split_into(p, 0, &mut out)?;
        }
        Ok(out)
    }

    fn split_into(&self, p: &Value, depth: usize, out: &mut Vec<Value>) -> Result<(), Error> {
        let known = self.parts.borrow().get(p).cloned();
        let parts = match known {
            Some(parts) => parts,
            None => {
                let d = self.call("components", (to_dynamic(p),))?;
                let Some(items) = d.clone().try_cast::<Array>() else {
                    return Err(Error::new(format!(
                        "script '{}': fn components({p}) returned {}, not an array of positions",
                        self.name,
                        d.type_name()
                    )));
                };
                let parts: Rc<[Value]> = items
                    .into_iter()
                    .map(|c| self.value("components", c))
                    .collect::<Result<Vec<_>, _>>()?
                    .into();
                self.parts.borrow_mut().insert(p.clone(), parts.clone());
                parts
            }
        };
        if let [one] = &parts[..] {
            if one == p {
                out.push(p.clone());
                return Ok(());
            }
        }
        if depth >= SPLIT_DEPTH {
            return Err(Error::new(format!(
                "script '{}': fn components keeps splitting {p} into other parts ({SPLIT_DEPTH} times); a part that is one piece must be returned as itself",
                self.name
            )));
        }
        for q in parts.iter() {
            self.split_into(q, depth + 1, out)?;
        }
        Ok(())
    }

    /// The position drawn by the script's `fn show(p)`, if it defines one.
    pub fn show(&self, p: &Value) -> Result<Option<String>, Error> {
        if !self.has_show {
            return Ok(None);
        }
        let d = self.call("show", (to_dynamic(p),))?;
        Ok(Some(d.to_string()))
    }

    /// The words for the move from `p` to `q`, if the script defines
    /// `fn describe(p, q)`.
    pub fn describe(&self, p: &Value, q: &[Value]) -> Result<Option<String>, Error> {
        if !self.has_describe {
            return Ok(None);
        }
        let q = match q {
            [one] => to_dynamic(one),
            many => Dynamic::from_array(many.iter().map(to_dynamic).collect()),
        };
        let d = self.call("describe", (to_dynamic(p), q))?;
        Ok(Some(d.to_string()))
    }

    /// Keeps `e` for [`Script::take_error`], unless an earlier error is kept.
    pub(crate) fn keep_error(&self, e: Error) {
        let mut kept = self.error.borrow_mut();
        if kept.is_none() {
            *kept = Some(e);
        }
    }

    /// The first error met while the script was used as a [`Game`] (whose
    /// options cannot fail), taken away.
    pub fn take_error(&self) -> Option<Error> {
        self.error.borrow_mut().take()
    }
}

impl Game for Script {
    type Position = Value;

    /// The options, or none once the script has failed: the failure is kept
    /// for [`Script::take_error`], and answers found after it are not used.
    fn options(&self, p: &Value) -> Vec<Vec<Value>> {
        if self.error.borrow().is_some() {
            return Vec::new();
        }
        match self.options_of(p) {
            Ok(o) => o,
            Err(e) => {
                *self.error.borrow_mut() = Some(e);
                Vec::new()
            }
        }
    }
}

/// A script's value as a position, or what it was instead.
fn to_value(d: Dynamic) -> Result<Value, String> {
    if let Ok(n) = d.as_int() {
        return Ok(Value::Int(n));
    }
    if d.is_string() {
        return Ok(Value::Str(d.into_string().unwrap_or_default()));
    }
    if d.is_char() {
        return Ok(Value::Str(
            d.as_char().map(String::from).unwrap_or_default(),
        ));
    }
    if d.is_array() {
        return d
            .into_array()
            .unwrap_or_default()
            .into_iter()
            .map(to_value)
            .collect::<Result<_, _>>()
            .map(Value::List);
    }
    if d.is::<SumOption>() {
        return Err("sum(...) inside a position".to_string());
    }
    Err(format!("a value of type {}", d.type_name()))
}

fn to_dynamic(v: &Value) -> Dynamic {
    match v {
        Value::Int(n) => Dynamic::from(*n),
        Value::Str(s) => Dynamic::from(s.clone()),
        Value::List(items) => Dynamic::from_array(items.iter().map(to_dynamic).collect()),
    }
}

#[cfg(test)]
mod tests;
