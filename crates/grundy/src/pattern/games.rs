//! The games a claim names, with their values: a heap rule (`0.07`,
//! `kayles`, `sub:1,3,4`), a coin-turning game (`turning:mock-turtles`,
//! coins from 1), a two-heap game (`twoheap:wythoff`, a table), a Rhai
//! script `FILE.rhai` (positions the whole numbers `n`, or the pairs
//! `[x, y]` for a table), or a rules file `FILE.toml` of kind `heap`,
//! `turning` or `twoheap`.
//!
//! ```
//! use grundy::pattern::games::Game;
//! let g = Game::parse("turning:ruler").unwrap();
//! assert_eq!(g.first(), 1);
//! assert_eq!(g.sequence(8).unwrap(), [1, 2, 1, 4, 1, 2, 1, 8]);
//! assert!(Game::parse("twoheap:wythoff").unwrap().is_table());
//! ```

#[cfg(feature = "scripts")]
use crate::families::script::ScriptPlay;
#[cfg(feature = "scripts")]
use crate::game::Convention;
use crate::games::twoheap::TwoHeapGame;
use crate::heap::rule::HeapRule;
use crate::rules_file::{Compiled, RulesFile};
#[cfg(feature = "scripts")]
use crate::script::{Limits, Script, Value};
use crate::turning::code::TurningCode;
use crate::turning::{named, values::coin_values};

/// The largest file read, in bytes.
pub const MAX_FILE: u64 = 1 << 20;

/// The most positions of a script valued (the search's own limit).
#[cfg(feature = "scripts")]
pub const MAX_SCRIPT_POSITIONS: usize = 10_000_000;

/// The most coins of a coin-turning game valued.
pub const MAX_COINS: u64 = 1 << 20;

/// The most rows (and columns) of a table.
pub const MAX_TABLE: usize = 1000;

/// A game whose values a claim is about.
pub enum Game {
    /// A heap rule (values of its underlying heaps).
    Rule(HeapRule),
    /// A coin-turning game: its name (or code) and code.
    Turning(String, TurningCode),
    /// A two-heap game.
    TwoHeap(TwoHeapGame),
    /// A Rhai script: its file name and the game.
    #[cfg(feature = "scripts")]
    Script(String, Box<ScriptPlay>),
}

/// The text of a regular file of at most [`MAX_FILE`] bytes.
fn read(path: &str) -> Result<String, String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| format!("cannot read the file '{path}': {e}");
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(format!("'{path}' is not a regular file"));
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .map_err(cannot)?
        .take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .map_err(cannot)?;
    if text.len() as u64 > MAX_FILE {
        return Err(format!("the file '{path}' is larger than {MAX_FILE} bytes"));
    }
    Ok(text)
}

fn ends_with(text: &str, ext: &str) -> bool {
    text.len() > ext.len() && text[text.len() - ext.len()..].eq_ignore_ascii_case(ext)
}

fn prefixed<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.get(..prefix.len())
        .filter(|p| p.eq_ignore_ascii_case(prefix))
        .map(|_| &text[prefix.len()..])
}

fn turning(name: &str) -> Result<Game, String> {
    let (title, code) =
        named::resolve(name).map_err(|e| format!("turning game '{}': {e}", name.trim()))?;
    Ok(Game::Turning(title, code))
}

impl Game {
    /// Reads a game's name; a name ending in `.rhai` or `.toml` is a file,
    /// read and compiled now.
    pub fn parse(text: &str) -> Result<Game, String> {
        let text = text.trim();
        if let Some(name) = prefixed(text, "turning:") {
            return turning(name);
        }
        if let Some(name) = prefixed(text, "twoheap:") {
            return name.parse().map(Game::TwoHeap);
        }
        #[cfg(not(feature = "scripts"))]
        if ends_with(text, ".rhai") {
            return Err(format!("{text}: scripts are not part of this build"));
        }
        #[cfg(feature = "scripts")]
        if ends_with(text, ".rhai") {
            let source = read(text)?;
            let name = std::path::Path::new(text)
                .file_name()
                .map_or(text.to_string(), |n| n.to_string_lossy().into_owned());
            let script = Script::compile(&name, &source, Limits::default())
                .map_err(|e| format!("{name}: {e}"))?;
            let play = ScriptPlay::new(script, Convention::Normal, MAX_SCRIPT_POSITIONS);
            return Ok(Game::Script(name, Box::new(play)));
        }
        if ends_with(text, ".toml") {
            let file = RulesFile::parse(&read(text)?).map_err(|e| format!("{text}: {e}"))?;
            return match file.game {
                Compiled::Heap(rule) => Ok(Game::Rule(rule)),
                Compiled::Turning(code) => turning(&code),
                Compiled::TwoHeap(g) => Ok(Game::TwoHeap(g)),
                _ => Err(format!(
                    "{text}: a claim is about a heap, turning or twoheap game, not this kind"
                )),
            };
        }
        text.parse()
            .map(Game::Rule)
            .map_err(|e| format!("rule '{text}': {e}"))
    }

    /// The game's name, as a claim's answer writes it.
    pub fn label(&self) -> String {
        match self {
            Game::Rule(r) => r.to_string(),
            Game::Turning(name, _) => format!("turning:{name}"),
            Game::TwoHeap(g) => format!("twoheap:{g}"),
            #[cfg(feature = "scripts")]
            Game::Script(name, _) => name.clone(),
        }
    }

    /// Whether the game's positions are pairs `(x, y)` (a two-heap game);
    /// a script is valued either way.
    pub fn is_table(&self) -> bool {
        matches!(self, Game::TwoHeap(_))
    }

    /// The first position of the sequence: 1 for a coin-turning game (its
    /// coins), 0 otherwise.
    pub fn first(&self) -> u64 {
        match self {
            Game::Turning(..) => 1,
            _ => 0,
        }
    }

    /// `G(first..=to)`, or why not (too many, not a sequence, a script's
    /// error).
    pub fn sequence(&self, to: u64) -> Result<Vec<u64>, String> {
        match self {
            Game::Rule(r) => {
                let to =
                    u32::try_from(to).map_err(|_| format!("{to}: heaps are counted in 32 bits"))?;
                super::values::values(r, to)
            }
            Game::Turning(_, code) => {
                if to > MAX_COINS {
                    return Err(format!(
                        "{to} is more coins than the {MAX_COINS} computed here"
                    ));
                }
                let v = coin_values(code, to.max(1)).map_err(|e| e.to_string())?;
                Ok(v[1..=to.max(1) as usize].to_vec())
            }
            Game::TwoHeap(g) => Err(format!(
                "twoheap:{g} is a table G(x, y): claim 'G(x, y) = FORMULA for twoheap:{g}'"
            )),
            #[cfg(feature = "scripts")]
            Game::Script(name, play) => {
                if to >= MAX_SCRIPT_POSITIONS as u64 {
                    return Err(format!(
                        "at most {MAX_SCRIPT_POSITIONS} positions of a script are valued"
                    ));
                }
                (0..=to as i64)
                    .map(|n| script_value(name, play, Value::Int(n)))
                    .collect()
            }
        }
    }

    /// The table `G(x, y)`, `x, y < n`, row after row, or why not.
    pub fn table(&self, n: usize) -> Result<Vec<u64>, String> {
        if n > MAX_TABLE {
            return Err(format!("tables here have at most {MAX_TABLE} rows"));
        }
        match self {
            Game::TwoHeap(g) => Ok(g.values(n, n).into_iter().map(u64::from).collect()),
            #[cfg(feature = "scripts")]
            Game::Script(name, play) => (0..n * n)
                .map(|i| {
                    let p =
                        Value::List(vec![Value::Int((i / n) as i64), Value::Int((i % n) as i64)]);
                    script_value(name, play, p)
                })
                .collect(),
            other => Err(format!(
                "{} is a sequence G(n): claim 'G(n) = FORMULA for {}'",
                other.label(),
                other.label()
            )),
        }
    }
}

#[cfg(feature = "scripts")]
fn script_value(name: &str, play: &ScriptPlay, p: Value) -> Result<u64, String> {
    let e = |e: crate::family::Error| format!("{name}: {e}");
    let parts = play.script().split(&[p]).map_err(e)?;
    Ok(play.value_of(&parts).map_err(e)?.0)
}

#[cfg(all(test, feature = "scripts"))]
mod tests {
    use super::*;

    fn example(file: &str) -> String {
        format!("{}/../../examples/{file}", env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn files_name_games() {
        let kayles = Game::parse(&example("scripts/kayles.rhai")).unwrap();
        let rule = Game::parse("kayles").unwrap();
        assert_eq!(kayles.sequence(40).unwrap(), rule.sequence(40).unwrap());
        let dawson = Game::parse(&example("rules/dawson-kayles.toml")).unwrap();
        assert_eq!(dawson.label(), Game::parse("0.07").unwrap().label());
        let mock = Game::parse(&example("rules/mock-turtles.toml")).unwrap();
        assert_eq!(mock.first(), 1);
        let wythoff = Game::parse(&example("scripts/wythoff.rhai")).unwrap();
        let table = Game::parse("twoheap:wythoff").unwrap();
        assert_eq!(wythoff.table(12).unwrap(), table.table(12).unwrap());
        let dir = std::env::temp_dir().join(format!("grundy-games-{}.rhai", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let refused = Game::parse(dir.to_str().unwrap()).err().unwrap();
        assert!(refused.contains("not a regular file"), "{refused}");
        std::fs::remove_dir(&dir).unwrap();
        for bad in [
            "nosuch.rhai",
            "nosuch.toml",
            "twoheap:nosuch",
            "turning:nosuch",
            "0.x",
        ] {
            assert!(Game::parse(bad).is_err(), "{bad}");
        }
        assert!(table.sequence(10).is_err());
        assert!(rule.table(10).is_err());
    }
}
