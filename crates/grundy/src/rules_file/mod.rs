//! Rules files: a game described in TOML, without a script, compiled to the
//! native engines (the heap engines with their periodicity theorems, the
//! two-heap theorems, chips on a graph).
//!
//! The file has one table `[game]` whose `kind` says what follows:
//!
//! | kind | keys |
//! |---|---|
//! | `heap` | `rule`: any rule of the notation (`0.77`, `sub:squares`, `kayles`, ...) |
//! | `twoheap` | `game`: `wythoff`, `r-wythoff:R`, `mem`, `takeaway:R`, `fibonacci-nim`, `euclid`, `bounded-wythoff:F` |
//! | `graph` | `edges`: arcs as `"u v"` strings or `["u", "v"]` pairs; `annihilate` (default false) |
//! | `turning` | `code`: a turning code (`1-3`, `1+C`, `4FS`, `blocks:squares`) or a named game (`mock-turtles`, `ruler`) |
//! | `product` | `product`: a named product (`rugs`, `acrostic-twins`) or `G x H`; or `rows` and `columns`, two codes or names, with `form` (`tartan`, the default, or `acrostic`) |
//!
//! Every kind also takes `title` (a name for people) and `start` (the start
//! position, as the family writes it: a list of numbers or names, or one
//! string; for a product the board's rows, as a list or joined by `/`).
//! Every mistake is reported with the line it is on.
//!
//! ```
//! use grundy::family::registry;
//! use grundy::rules_file::RulesFile;
//! use grundy::game::Convention;
//! let text = "[game]\nkind = \"heap\"\nrule = \"sub:squares\"\nstart = [4, 6]\n";
//! let g = registry::start_rules_file(text, "", Convention::Normal).unwrap();
//! assert_eq!(g.report().unwrap().value, Some(2 ^ 1));
//! let e = RulesFile::parse("[game]\nkind = \"heap\"\nrule = \"0.9z\"\n").unwrap_err();
//! assert_eq!(e.line, 3);
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use toml::{Spanned, Value};

use crate::families::product::{parse_variant, variant_text};
use crate::family::Error;
use crate::games::twoheap::TwoHeapGame;
use crate::heap::rule::HeapRule;
use crate::products::named::Kind;

/// The kinds a file may name.
pub const KINDS: [&str; 5] = ["heap", "twoheap", "graph", "turning", "product"];

/// A mistake in a rules file, with the 1-based line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The line (1 for a problem with the whole file).
    pub line: usize,
    /// What is wrong, one line.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for FileError {}

/// What a rules file describes, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiled {
    /// A heap game of the rule notation.
    Heap(HeapRule),
    /// A two-heap game.
    TwoHeap(TwoHeapGame),
    /// A coin-turning game on a strip: the code as written back.
    Turning(String),
    /// A product of two coin-turning games: the registry's variant
    /// (`rugs`, `tartan:G x H`, `acrostic:G x H`).
    Product(String),
    /// Chips on a directed acyclic graph, given as `u v` lines.
    Graph {
        /// One arc a line.
        edges: String,
        /// Whether two chips meeting annihilate.
        annihilate: bool,
    },
}

/// A rules file, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesFile {
    /// The `title`, if given.
    pub title: Option<String>,
    /// The game.
    pub game: Compiled,
    /// The `start` position as the family's text, if given.
    pub start: Option<String>,
    /// The line `start` is on, if given: a start the family refuses is
    /// reported there ([`crate::family::registry::start_rules_file`]).
    pub start_line: Option<usize>,
}

#[derive(Deserialize)]
struct Doc {
    game: Option<Spanned<BTreeMap<Spanned<String>, Spanned<Value>>>>,
}

/// A value as the text a family reads (a number, a name); anything else
/// by its type, which the family then refuses.
fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Integer(n) => n.to_string(),
        Value::Float(x) => x.to_string(),
        Value::Boolean(b) => b.to_string(),
        other => format!("({})", other.type_str()),
    }
}

/// Where a byte offset is, as a line.
fn line_of(text: &str, offset: usize) -> usize {
    let before = &text.as_bytes()[..offset.min(text.len())];
    before.iter().filter(|&&b| b == b'\n').count() + 1
}

impl RulesFile {
    /// Reads a rules file, or says what is wrong and on which line.
    pub fn parse(text: &str) -> Result<RulesFile, FileError> {
        let at = |span: std::ops::Range<usize>, message: String| FileError {
            line: line_of(text, span.start),
            message: crate::escape::one_line(message),
        };
        let doc: Doc = toml::from_str(text).map_err(|e| {
            at(
                e.span().unwrap_or(0..0),
                format!("not valid TOML: {}", e.message().trim()),
            )
        })?;
        let table = doc.game.ok_or_else(|| FileError {
            line: 1,
            message: "no [game] table: the file starts with [game] and kind = \"heap\", \"twoheap\", \"graph\", \"turning\" or \"product\"".into(),
        })?;
        let whole = table.span();
        let table = table.into_inner();
        let get = |key: &str| {
            table
                .iter()
                .find(|(k, _)| k.get_ref() == key)
                .map(|(_, v)| v)
        };
        let string = |key: &str| -> Result<Option<(String, std::ops::Range<usize>)>, FileError> {
            match get(key) {
                None => Ok(None),
                Some(v) => match v.get_ref() {
                    Value::String(s) => Ok(Some((s.clone(), v.span()))),
                    other => Err(at(
                        v.span(),
                        format!("'{key}' must be a string, not {}", other.type_str()),
                    )),
                },
            }
        };
        let (kind, kind_span) = string("kind")?.ok_or_else(|| {
            at(
                whole.clone(),
                format!("[game] has no kind; the kinds are {}", KINDS.join(", ")),
            )
        })?;
        let keys: &[&str] = match kind.as_str() {
            "heap" => &["kind", "title", "start", "rule"],
            "twoheap" => &["kind", "title", "start", "game"],
            "graph" => &["kind", "title", "start", "edges", "annihilate"],
            "turning" => &["kind", "title", "start", "code"],
            "product" => &[
                "kind", "title", "start", "product", "rows", "columns", "form",
            ],
            _ => {
                return Err(at(
                    kind_span,
                    format!("unknown kind '{kind}'; the kinds are {}", KINDS.join(", ")),
                ))
            }
        };
        for k in table.keys() {
            if !keys.contains(&k.get_ref().as_str()) {
                return Err(at(
                    k.span(),
                    format!(
                        "unknown key '{}' for kind {kind} (the keys are {})",
                        k.get_ref(),
                        keys.join(", ")
                    ),
                ));
            }
        }
        let required = |key: &str| -> Result<(String, std::ops::Range<usize>), FileError> {
            string(key)?.ok_or_else(|| at(whole.clone(), format!("kind {kind} needs '{key}'")))
        };
        let game = match kind.as_str() {
            "heap" => {
                let (rule, span) = required("rule")?;
                let rule: HeapRule = rule
                    .parse()
                    .map_err(|e| at(span, format!("rule '{rule}': {e}")))?;
                Compiled::Heap(rule)
            }
            "twoheap" => {
                let (name, span) = required("game")?;
                Compiled::TwoHeap(name.parse().map_err(|e: String| at(span, e))?)
            }
            "turning" => {
                let (code, span) = required("code")?;
                let (title, _) = crate::turning::named::resolve(&code)
                    .map_err(|e| at(span, format!("code '{code}': {e}")))?;
                Compiled::Turning(title)
            }
            "product" => {
                let (kind, g, h) = match (string("product")?, string("rows")?, string("columns")?) {
                    (Some((p, span)), None, None) => {
                        if let Some(v) = get("form") {
                            return Err(at(
                                v.span(),
                                "'form' goes with 'rows' and 'columns'; with 'product' write acrostic:G x H".into(),
                            ));
                        }
                        let (kind, g, h) = parse_variant(&p).map_err(|e| at(span.clone(), e))?;
                        (kind, (g, span.clone()), (h, span))
                    }
                    (Some(_), Some((_, span)), _) | (Some(_), None, Some((_, span))) => {
                        return Err(at(
                            span,
                            "give either 'product' or 'rows' and 'columns', not both".into(),
                        ))
                    }
                    (None, Some(g), Some(h)) => {
                        let kind = match string("form")? {
                            None => Kind::Tartan,
                            Some((f, _)) if f == "tartan" => Kind::Tartan,
                            Some((f, _)) if f == "acrostic" => Kind::Acrostic,
                            Some((f, span)) => {
                                return Err(at(
                                    span,
                                    format!("form '{f}' is neither tartan nor acrostic"),
                                ))
                            }
                        };
                        (kind, g, h)
                    }
                    (None, Some(_), None) => {
                        return Err(at(
                            whole.clone(),
                            "kind product needs 'columns' beside 'rows'".into(),
                        ))
                    }
                    (None, None, Some(_)) => {
                        return Err(at(
                            whole.clone(),
                            "kind product needs 'rows' beside 'columns'".into(),
                        ))
                    }
                    (None, None, None) => {
                        return Err(at(
                            whole.clone(),
                            "kind product needs 'product', or 'rows' and 'columns'".into(),
                        ))
                    }
                };
                let mut titles = Vec::new();
                for ((code, span), side) in [(g, "rows"), (h, "columns")] {
                    let (title, _) = crate::turning::named::resolve(&code)
                        .map_err(|e| at(span, format!("{side}: {e}")))?;
                    titles.push(title);
                }
                Compiled::Product(variant_text(kind, &titles[0], &titles[1]))
            }
            _ => {
                let v = get("edges")
                    .ok_or_else(|| at(whole.clone(), "kind graph needs 'edges'".into()))?;
                let Value::Array(items) = v.get_ref() else {
                    return Err(at(
                        v.span(),
                        "'edges' must be a list of arcs such as \"a b\"".into(),
                    ));
                };
                let mut edges = String::new();
                for item in items {
                    let arc = match item {
                        Value::String(s) => s.clone(),
                        Value::Array(pair) => pair.iter().map(scalar).collect::<Vec<_>>().join(" "),
                        other => scalar(other),
                    };
                    if arc.split_whitespace().count() != 2 || arc.contains(['\n', ';', '#']) {
                        return Err(at(
                            v.span(),
                            format!("the arc '{arc}' is not two vertex names such as \"a b\""),
                        ));
                    }
                    edges.push_str(&arc);
                    edges.push('\n');
                }
                let annihilate = match get("annihilate") {
                    None => false,
                    Some(v) => v
                        .get_ref()
                        .as_bool()
                        .ok_or_else(|| at(v.span(), "'annihilate' must be true or false".into()))?,
                };
                Compiled::Graph { edges, annihilate }
            }
        };
        let title = string("title")?.map(|(t, _)| t);
        let start = match get("start") {
            None => None,
            Some(v) => Some(match v.get_ref() {
                Value::String(s) => s.clone(),
                Value::Integer(n) => n.to_string(),
                Value::Array(items) => items.iter().map(scalar).collect::<Vec<_>>().join(" "),
                other => {
                    return Err(at(
                        v.span(),
                        format!(
                            "'start' must be a list or a string, not {}",
                            other.type_str()
                        ),
                    ))
                }
            }),
        };
        let start_line = get("start").map(|v| line_of(text, v.span().start));
        Ok(RulesFile {
            title,
            game,
            start,
            start_line,
        })
    }

    /// The registry family and variant the file compiles to.
    pub fn family(&self) -> (String, String) {
        match &self.game {
            Compiled::Heap(rule) => ("heap".into(), rule.to_string()),
            Compiled::Turning(code) => ("turning".into(), code.clone()),
            Compiled::Product(variant) => ("product".into(), variant.clone()),
            Compiled::TwoHeap(g) => {
                let spec = g.to_string();
                match spec.split_once(':') {
                    Some((n, v)) => (n.to_string(), v.to_string()),
                    None => (spec, String::new()),
                }
            }
            Compiled::Graph { edges, annihilate } => (
                if *annihilate {
                    "chips-annihilate"
                } else {
                    "chips"
                }
                .into(),
                edges.trim_end().replace('\n', ";"),
            ),
        }
    }

    /// What the file named `name` compiles to, its title first, then the
    /// position `drawing` drawn (what `--explain` prints for a rules file).
    pub fn explain(&self, name: &str, drawing: &str) -> String {
        let title = self
            .title
            .as_deref()
            .map_or(String::new(), |t| format!("{t}: "));
        let (family, variant) = self.family();
        let variant = match variant.as_str() {
            "" => String::new(),
            v => format!(" with the variant {v}"),
        };
        format!("{title}{name} compiles to the family {family}{variant}.\n{drawing}")
    }

    /// The position to start at: `position` (as the family writes it), or
    /// the file's `start` when `position` is `None`.
    pub fn position(&self, position: Option<&str>) -> Result<String, Error> {
        match (position, &self.start) {
            (Some(p), _) => Ok(p.to_string()),
            (None, Some(s)) => Ok(s.clone()),
            (None, None) => Err(Error::new(
                "no position given, and the rules file has no 'start'",
            )),
        }
    }
}

#[cfg(test)]
mod tests;
