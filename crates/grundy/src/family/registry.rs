//! Every game family by name: what it is, how its variant and positions are
//! written, examples, and a way to start it at a position with its types
//! erased ([`AnyGame`]), so that a front-end needs no arm per family.
//!
//! A family's *variant* is one string: the rule of a heap game (`kayles`,
//! `0.77`, `sub:1,3,4`), `k` of Moore's Nim_k, the width of a Northcott
//! board, a graph for chips, the deal of the card game; empty where the
//! family has none. A *position* is written as the analysis command takes
//! it (or as the JSON it prints).
//!
//! ```
//! use grundy::family::registry;
//! use grundy::game::Convention;
//! // Kayles: G(3) = 3 and G(5) = 4, so the position's value is 3 XOR 4.
//! let mut g = registry::start("kayles", "", "3 5", Convention::Normal).unwrap();
//! assert_eq!(g.report().unwrap().value, Some(7));
//! g.play("2 5").unwrap();
//! assert_eq!(g.position_text(), "2 5");
//! ```

use serde::Serialize;
use serde_json::Value;

use super::report::Report;
use super::session::{Line, Options, Output, Session};
use super::{rules_text, rules_text::RulesText, Drawing, Error, Family};
use crate::families::{
    cards, chips, chips_loopy, corners, cram, heap, huge_heap, moore, nim, nimble, node_kayles,
    northcott, product, staircase, strips, turning, turtles, twoheap, wind_up, wythoff,
};
use crate::game::{Convention, Outcome};
use crate::games::chips::Graph;
use crate::heap::rule::HeapRule;

pub use super::any_game::{AnyGame, AnySession, MoveInfo, Smith, Started};

/// Starts a family: variant, position, convention, budget.
type StartFn = fn(&str, &str, Convention, &Budget) -> Result<Box<dyn AnyGame>, Error>;

/// What a family may spend beyond its rules and position, the same from
/// every front-end.
///
/// ```
/// use grundy::family::registry::{self, Budget};
/// use grundy::game::Convention;
/// let small = Budget { memory: Some(1 << 16) };
/// let e = registry::start_with("cram", "", "5x7", Convention::Normal, &small).err().unwrap();
/// assert!(e.0.contains("too large to solve in that memory"), "{e}");
/// let g = registry::start_with("cram", "", "3x4", Convention::Normal, &small).unwrap();
/// assert_eq!(g.report().unwrap().value, Some(1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Bytes the search table of a game solved by search (Cram,
    /// Node-Kayles) may take; `None`: [`crate::search::default_memory`].
    pub memory: Option<usize>,
}

impl Budget {
    fn memory(&self) -> usize {
        self.memory.unwrap_or_else(crate::search::default_memory)
    }
}

/// One family in the registry; as JSON, its `name`, `title`, `rules`, `aliases`,
/// `summary`, `variant`, `position` and `examples` (`grundy families --json`).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Entry {
    /// The name, as the command line spells it.
    pub name: &'static str,
    /// Its name for people and its rules in words (`title` and `rules`).
    #[serde(flatten)]
    pub text: RulesText,
    /// Other names it is found by.
    pub aliases: &'static [&'static str],
    /// What the game is, in one line.
    pub summary: &'static str,
    /// How the variant is written; empty where there is none.
    pub variant: &'static str,
    /// How a position is written.
    pub position: &'static str,
    /// Examples: a variant and a position.
    pub examples: &'static [(&'static str, &'static str)],
    #[serde(skip)]
    start: StartFn,
}

impl Entry {
    /// The family with `variant`, started at `position`.
    pub fn start(
        &self,
        variant: &str,
        position: &str,
        convention: Convention,
    ) -> Result<Box<dyn AnyGame>, Error> {
        (self.start)(variant, position, convention, &Budget::default())
    }

    /// [`Entry::start`] within `budget`.
    pub fn start_with(
        &self,
        variant: &str,
        position: &str,
        convention: Convention,
        budget: &Budget,
    ) -> Result<Box<dyn AnyGame>, Error> {
        (self.start)(variant, position, convention, budget)
    }
}

fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A position written as JSON is read as the text the family takes.
fn unjson(text: &str) -> String {
    let t = text.trim();
    match serde_json::from_str::<Value>(t) {
        Ok(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" "),
        Ok(Value::String(s)) => s,
        _ => t.to_string(),
    }
}

fn none(variant: &str, family: &str) -> Result<(), Error> {
    if variant.trim().is_empty() {
        Ok(())
    } else {
        Err(Error::new(format!(
            "{family} has no variant, but '{variant}' was given"
        )))
    }
}

fn rule(variant: &str) -> Result<HeapRule, Error> {
    variant
        .trim()
        .parse()
        .map_err(|e| Error::new(format!("rule '{variant}': {e}")))
}

fn boxed<F: Family + 'static>(started: (F, F::Position)) -> Box<dyn AnyGame> {
    Box::new(Started::new(started))
}

fn start_heap(variant: &str, position: &str, c: Convention) -> Result<Box<dyn AnyGame>, Error> {
    let rule = rule(variant)?;
    let heaps = unjson(position);
    let heaps = words(&heaps);
    if let Some(huge) = huge_heap::start(&rule, &heaps, c)? {
        return Ok(boxed(huge));
    }
    Ok(boxed(heap::start(rule, &heaps, c)?))
}

/// The heap game `rule` (already read, from a ranges file say) at `heaps`
/// when a heap is past what is computed and the rule's period is proven:
/// its values, winning moves and explanation come from the period
/// ([`huge_heap`]). `None`: the position is computed the ordinary way.
///
/// ```
/// use grundy::family::registry;
/// use grundy::game::Convention;
/// let kayles = "kayles".parse().unwrap();
/// let g = registry::start_huge_heap(&kayles, vec![10u64.pow(18)], Convention::Normal).unwrap();
/// let r = g.report().unwrap();
/// assert_eq!((r.value, r.winning_moves.len()), (Some(1), 10));
/// assert!(registry::start_huge_heap(&kayles, vec![7], Convention::Normal).is_none());
/// ```
pub fn start_huge_heap(
    rule: &HeapRule,
    heaps: Vec<u64>,
    c: Convention,
) -> Option<Box<dyn AnyGame>> {
    huge_heap::start_sizes(rule, heaps, c).map(boxed)
}

/// Chips on a graph whose text the game owns.
mod owned_chips {
    use super::*;

    /// A chips game with the graph and its text kept alive beside it.
    ///
    /// The graph borrows names from the text, and the game borrows the
    /// graph. Both are boxed, so they stay where they are while this value
    /// moves; they are never changed or handed out, and the fields are
    /// dropped in order (the game, then the graph, then the text), so no
    /// borrow outlives what it borrows.
    pub struct OwnedChips<F: Family> {
        started: Started<F>,
        _graph: Box<Graph<'static>>,
        _text: Box<str>,
    }

    /// Starts chips on the graph `text` with the chips on `names`: on a
    /// graph with a cycle, chips that coexist have Smith's values
    /// ([`chips_loopy`]).
    pub fn start(
        text: &str,
        names: &[&str],
        annihilate: bool,
        c: Convention,
    ) -> Result<Box<dyn AnyGame>, Error> {
        // ';' separates edges, except in a comment.
        let mut lines = String::with_capacity(text.len() + 1);
        for line in text.lines() {
            let (edges, comment) = line.split_at(line.find('#').unwrap_or(line.len()));
            lines.extend(edges.chars().map(|c| if c == ';' { '\n' } else { c }));
            lines.push_str(comment);
            lines.push('\n');
        }
        let text: Box<str> = lines.into_boxed_str();
        // SAFETY: the text is on the heap and lives as long as `OwnedChips`
        // (see the type's docs); the 'static borrow never leaves it.
        let text_ref: &'static str = unsafe { &*(text.as_ref() as *const str) };
        let graph =
            Box::new(Graph::parse(text_ref).map_err(|e| Error::new(format!("graph: {e}")))?);
        // SAFETY: as above, for the boxed graph.
        let graph_ref: &'static Graph<'static> = unsafe { &*(graph.as_ref() as *const Graph) };
        match chips::start(graph_ref, names, annihilate, c) {
            Err(refused) if graph_ref.grundy_values().is_err() => {
                if annihilate {
                    return Err(Error::new(format!(
                        "{refused}; chips that annihilate are played on graphs without cycles only (chips that coexist take any graph)"
                    )));
                }
                let started = Started::new(chips_loopy::start(graph_ref, names, c)?);
                Ok(Box::new(OwnedChips {
                    started,
                    _graph: graph,
                    _text: text,
                }))
            }
            acyclic => Ok(Box::new(OwnedChips {
                started: Started::new(acyclic?),
                _graph: graph,
                _text: text,
            })),
        }
    }

    impl<F: Family + 'static> AnyGame for OwnedChips<F> {
        fn name(&self) -> String {
            self.started.name()
        }
        fn convention(&self) -> Convention {
            self.started.convention()
        }
        fn position_json(&self) -> Value {
            self.started.position_json()
        }
        fn position_text(&self) -> String {
            self.started.position_text()
        }
        fn is_over(&self) -> bool {
            self.started.is_over()
        }
        fn report(&self) -> Result<Report, Error> {
            self.started.report()
        }
        fn explain(&self) -> Option<String> {
            self.started.explain()
        }
        fn moves(&self) -> Result<Vec<MoveInfo>, Error> {
            self.started.moves()
        }
        fn remoteness(&self, work: &mut usize) -> Option<(Outcome, u64)> {
            self.started.remoteness(work)
        }
        fn draw(&self) -> String {
            self.started.draw()
        }
        fn drawing(&self) -> Drawing {
            self.started.drawing()
        }
        fn drawing_of(&self, position: &str) -> Result<Drawing, Error> {
            self.started.drawing_of(position)
        }
        fn smith(&self) -> Option<Smith> {
            self.started.smith()
        }
        fn smith_parts(&self) -> Option<Vec<Smith>> {
            self.started.smith_parts()
        }
        fn smith_moves(&self) -> Option<Vec<Smith>> {
            self.started.smith_moves()
        }
        fn parse_position(&self, text: &str) -> Result<Value, Error> {
            self.started.parse_position(text)
        }
        fn play(&mut self, text: &str) -> Result<(), Error> {
            self.started.play(text)
        }
        fn set_position(&mut self, text: &str) -> Result<(), Error> {
            self.started.set_position(text)
        }
        fn check(&self) -> Result<usize, String> {
            self.started.check()
        }
        fn session(self: Box<Self>, options: &Options) -> Box<dyn AnySession> {
            Box::new(OwnedSession {
                session: Session::new(self.started.game, self.started.position, options),
                _graph: self._graph,
                _text: self._text,
            })
        }
    }

    /// A chips session that keeps its graph and text alive (see
    /// [`OwnedChips`]).
    struct OwnedSession<F: Family> {
        session: Session<F>,
        _graph: Box<Graph<'static>>,
        _text: Box<str>,
    }

    impl<F: Family> AnySession for OwnedSession<F> {
        fn begin(&mut self) -> Result<(), Error> {
            self.session.begin()
        }
        fn input(&mut self, line: Line) -> Result<(), Error> {
            self.session.input(line)
        }
        fn take_output(&mut self) -> Vec<Output> {
            self.session.take_output()
        }
        fn is_finished(&self) -> bool {
            self.session.is_finished()
        }
    }
}

fn start_chips(
    variant: &str,
    position: &str,
    c: Convention,
    annihilate: bool,
) -> Result<Box<dyn AnyGame>, Error> {
    let names = unjson(position);
    owned_chips::start(variant, &words(&names), annihilate, c)
}

/// Wind-Up with the variant `N:S1,S2,...` at the heaps `position`.
fn start_wind_up(variant: &str, position: &str, c: Convention) -> Result<Box<dyn AnyGame>, Error> {
    let (modulus, amounts) = variant.split_once(':').ok_or_else(|| {
        Error::new(format!(
            "Wind-Up '{variant}' is not N:S1,S2,... (the modulus, then the amounts), e.g. 7:2,3"
        ))
    })?;
    let heaps = unjson(position);
    Ok(boxed(wind_up::start(
        modulus.trim(),
        amounts,
        &words(&heaps),
        c,
    )?))
}

/// A two-heap game: `name` alone, or `name:variant` when it takes an `r`.
fn start_twoheap(
    name: &str,
    variant: &str,
    position: &str,
    c: Convention,
) -> Result<Box<dyn AnyGame>, Error> {
    let spec = match variant.trim() {
        "" => name.to_string(),
        v => format!("{name}:{v}"),
    };
    let game = spec.parse().map_err(Error::new)?;
    Ok(boxed(twoheap::start(game, &words(&unjson(position)), c)?))
}

fn start_cards(variant: &str, position: &str, c: Convention) -> Result<Box<dyn AnyGame>, Error> {
    let v = if variant.trim().is_empty() {
        "1..6/4/50"
    } else {
        variant
    };
    let parts: Vec<&str> = v.split('/').collect();
    let [values, copies, limit] = parts[..] else {
        return Err(Error::new(format!(
            "card rules '{variant}' are not VALUES/COPIES/LIMIT, e.g. 1..6/4/50"
        )));
    };
    if !position.trim_start().starts_with('{') {
        // As the command line writes it: either flag may be left out.
        let (left, total) = cards::position_flags(position).map_err(Error::new)?;
        let (rules, p) = cards::parse_rules_and_position(values, copies, limit, left, total)?;
        return Ok(boxed(cards::start(rules, p, c)?));
    }
    let (rules, deal) = cards::parse_rules_and_position(values, copies, limit, None, None)?;
    let (game, _) = cards::start(rules, deal, c)?;
    let p = crate::family::Notation::parse_position(&game, position)?;
    let (rules, _) = cards::parse_rules_and_position(values, copies, limit, None, None)?;
    Ok(boxed(cards::start(rules, p, c)?))
}

macro_rules! entry {
    ($name:expr, $text:expr, [$($alias:expr),*], $summary:expr, $variant:expr, $position:expr, [$($ex:expr),*], $start:expr) => {
        Entry {
            name: $name, text: $text,
            aliases: &[$($alias),*],
            summary: $summary,
            variant: $variant,
            position: $position,
            examples: &[$($ex),*],
            start: $start,
        }
    };
}

static ENTRIES: &[Entry] = &[
    entry!("nim", rules_text::NIM, [], "Nim: take any number of tokens from one heap (Bouton's rule)", "",
        "heap sizes: 3 4 5", [("", "3 4 5"), ("", "1 1 2")],
        |v, p, c, _| { none(v, "nim")?; Ok(boxed(nim::start(&words(&unjson(p)), c)?)) }),
    entry!("heap", rules_text::HEAP, ["octal"], "any heap game: an octal or hexadecimal code, a subtraction game, a named game",
        "the rule: a code (0.77, 4!.0, 0.[3]), sub:1,3,4, allbut:1,2, take:2..5, or a name",
        "heap sizes: 3 5",
        [("kayles", "3 5"), ("0.07", "6 9"), ("sub:1,3,4", "7 9"), ("4!.0", "7 10"), ("0.137", "8"), ("4.0", "6")],
        |v, p, c, _| start_heap(v, p, c)),
    entry!("strip", rules_text::STRIP, ["board"], "heap games on their boards: crosses (Dawson's chess), Treblecross, Last-to-Toggle, Triomino",
        "the rule: crosses, treblecross, last-to-toggle or triomino",
        "the board: X..X..... (strips), 1101110 (toggle), ..../..#. (triomino)",
        [("treblecross", "X......"), ("crosses", "X....."), ("triomino", "..../....")],
        |v, p, c, _| {
            let game = heap::board_game(&rule(v)?)?;
            Ok(boxed(strips::start(game, &unjson(p), c)?))
        }),
    entry!("staircase", rules_text::STAIRCASE, [], "Staircase Nim: move coins from one step to the step below", "",
        "coins on steps 1, 2, ...: 3 1 4", [("", "3 1 4 1")],
        |v, p, c, _| { none(v, "staircase")?; Ok(boxed(staircase::start(&words(&unjson(p)), c)?)) }),
    entry!("nimble", rules_text::NIMBLE, [], "Nimble: coins on a strip slide left; jumping and sharing allowed", "",
        "the coins' cells: 2 5 7", [("", "2 5 7")],
        |v, p, c, _| { none(v, "nimble")?; Ok(boxed(nimble::start(&words(&unjson(p)), false, c)?)) }),
    entry!("nimble2", rules_text::NIMBLE2, ["nimble-2"], "Nimble-2: coins on a strip slide left; no jumping, no sharing", "",
        "the coins' cells: 1 4 6", [("", "1 4 6")],
        |v, p, c, _| { none(v, "nimble2")?; Ok(boxed(nimble::start(&words(&unjson(p)), true, c)?)) }),
    entry!("turtles", rules_text::TURTLES, ["turning-turtles"], "Turning Turtles: turn a coin face down, optionally flip one to its left", "",
        "a row of O (face up) and X (face down): XOOXO", [("", "XOOXO")],
        |v, p, c, _| { none(v, "turtles")?; Ok(boxed(turtles::start(&unjson(p), crate::games::turtles::Variant::Turtles, c)?)) }),
    entry!("twins", rules_text::TWINS, [], "Twins: turn a coin face down and flip one to its left", "",
        "a row of O and X: XOOXO", [("", "OXOOX")],
        |v, p, c, _| { none(v, "twins")?; Ok(boxed(turtles::start(&unjson(p), crate::games::turtles::Variant::Twins, c)?)) }),
    entry!("turning", rules_text::TURNING, ["coins"], "coin-turning games on a strip: a turning code or a named game (Mock Turtles, Ruler, Grunt, ...)",
        "a turning code (1-3, 1+C, 4FS, 1-3C(5), blocks:squares) or a name (mock-turtles, ruler, grunt, moebius)",
        "a row of coins, H heads and T tails (or O and X): THHTH",
        [("mock-turtles", "THHTH"), ("1+C", "HHTHTHHT"), ("4FS", "TTHTHHTH"), ("1-3C(5),2F", "HTTHH")],
        |v, p, c, _| Ok(boxed(turning::start(v, &unjson(p), c)?))),
    entry!("wythoff", rules_text::WYTHOFF, [], "Wythoff's game: take from one heap, or the same number from both", "",
        "the two heaps: 4 7", [("", "4 7"), ("", "5 9"), ("", "0 3")],
        |v, p, c, _| { none(v, "wythoff")?; Ok(boxed(wythoff::start(&words(&unjson(p)), c)?)) }),
    entry!("r-wythoff", rules_text::R_WYTHOFF, ["rwythoff"], "r-Wythoff: take from one heap, or from both with amounts differing by less than r",
        "r, the band: 2", "the two heaps: 4 10", [("2", "4 10"), ("3", "6 9")],
        |v, p, c, _| start_twoheap("r-wythoff", v, p, c)),
    entry!("bounded-wythoff", rules_text::BOUNDED_WYTHOFF, ["wythoff-f"], "generalized Wythoff: take from one heap, or k and l from both with k <= l < f(k)",
        "f, the bounding function: 2k+1, or 3,5;2k+1", "the two heaps: 4 11", [("2k+1", "4 11"), ("3,5;2k+1", "5 9")],
        |v, p, c, _| start_twoheap("bounded-wythoff", v, p, c)),
    entry!("mem", rules_text::MEM, [], "Mem: one heap; take at least as many as the last move took", "",
        "the heap and the least take (the heap alone: a fresh heap): 10 3", [("", "10 3"), ("", "12")],
        |v, p, c, _| start_twoheap("mem", v, p, c)),
    entry!("takeaway", rules_text::TAKEAWAY, ["take-away"], "TakeAway(r): one heap; take at most r times what the last move took",
        "r: 3", "the heap and the most it may take (the heap alone: a fresh heap, all but one): 10 4",
        [("3", "10 4"), ("1", "12")],
        |v, p, c, _| start_twoheap("takeaway", v, p, c)),
    entry!("fibonacci-nim", rules_text::FIBONACCI_NIM, ["fibonacci"], "Fibonacci Nim: TakeAway(2), take at most twice the last take", "",
        "the heap and the most it may take (the heap alone: a fresh heap): 20", [("", "20"), ("", "10 3")],
        |v, p, c, _| { none(v, "fibonacci-nim")?; start_twoheap("takeaway", "2", p, c) }),
    entry!("euclid", rules_text::EUCLID, [], "Euclid's game: take a multiple of the smaller heap from the larger; emptying one wins", "",
        "the two heaps: 12 31", [("", "12 31"), ("", "5 8")],
        |v, p, c, _| { none(v, "euclid")?; start_twoheap("euclid", v, p, c) }),
    entry!("moore", rules_text::MOORE, ["nim-k"], "Moore's Nim_k: reduce up to k heaps at once", "k, the most heaps a move reduces: 2",
        "heap sizes: 1 2 3", [("2", "1 2 3"), ("3", "4 4 4 4")],
        |v, p, c, _| Ok(boxed(moore::start(v.trim(), &words(&unjson(p)), c)?))),
    entry!("northcott", rules_text::NORTHCOTT, [], "Northcott's game: slide your token in a row towards the other's", "the width of the board: 8 (8:white: the white tokens move first)",
        "per row the columns of the black and the white token: 1:5 8:3", [("8", "1:5 8:3")],
        |v, p, c, _| Ok(boxed(northcott::start(v.trim(), &words(&unjson(p)), c)?))),
    entry!("chips", rules_text::CHIPS, [], "chips on a directed graph: move a chip along an arc; on a graph with a cycle, Smith's values and draws",
        "the graph: one edge 'u v' per line (or separated by ';')", "the vertices holding chips: a b",
        [("a b;b c;a c;c d", "a b"), ("a b;b a;b c;c d", "b c"), ("a b;b a;b c;c d", "a")],
        |v, p, c, _| start_chips(v, p, c, false)),
    entry!("wind-up", rules_text::WIND_UP, ["windup"], "Wind-Up: subtract an amount modulo N from one heap, 0 cannot move; play can loop (Smith's values, draws)",
        "N:S1,S2,...: the modulus N, then the amounts that may be subtracted: 7:2,3",
        "the heaps, residues 0 to N-1: 1 4", [("7:2,3", "1 4"), ("7:2,3", "4 5"), ("10:3,4", "2 7"), ("6:1,4", "1 3")],
        |v, p, c, _| start_wind_up(v, p, c)),
    entry!("chips-annihilate", rules_text::CHIPS_ANNIHILATE, [], "chips on a directed acyclic graph; two chips meeting annihilate",
        "the graph: one edge 'u v' per line (or separated by ';')", "the vertices holding chips: a b",
        [("a b;b c;a c;c d", "a b")], |v, p, c, _| start_chips(v, p, c, true)),
    entry!("node-kayles", rules_text::NODE_KAYLES, ["nodekayles"], "Node-Kayles: take a vertex of a graph; its neighbours go with it",
        "the graph: path:N, cycle:N, grid:RxC, complete:N, star:N, petersen, or edges u-v separated by commas",
        "the vertices left, by name (none given: all of them): a1 a2 b1",
        [("path:9", ""), ("grid:3x4", ""), ("petersen", ""), ("a-b,b-c,c-d,d-a,a-c,d-e", ""), ("grid:2x5", "a1 a2 a4 b3 b5")],
        |v, p, c, b| Ok(boxed(node_kayles::start_with_memory(v, &unjson(p), c, b.memory())?))),
    entry!("cram", rules_text::CRAM, [], "Cram: place a domino on two adjacent empty cells, across or down", "",
        "the board: its size RxC (5x7) or its rows of . (empty) and # (blocked), separated by /: ..#/.../...",
        [("", "3x4"), ("", "..#./..../#...")],
        |v, p, c, b| { none(v, "cram")?; Ok(boxed(cram::start_with_memory(&unjson(p), c, b.memory())?)) }),
    entry!("corners", rules_text::CORNERS, ["turning-corners"], "Turning Corners: flip the four corners of a rectangle", "",
        "the board's rows of . (white) and # (black), separated by /: ..../..#./....",
        [("", "..../..../...."), ("", ".#../..../...#")],
        |v, p, c, _| {
            none(v, "corners")?;
            let text = unjson(p).split(['/', ' ']).filter(|s| !s.is_empty()).collect::<Vec<_>>().join("\n");
            Ok(boxed(corners::start(&text, c)?))
        }),
    entry!("product", rules_text::PRODUCT, ["tartan"], "products of two coin-turning games on a board: tartan (turn A x B) or acrostic (one row or column)",
        "a named product (rugs, corners, turning-corners, acrostic-twins), or G x H (tartan, G along the rows), tartan:G x H, acrostic:G x H",
        "the board's rows of . (heads) and # (tails), separated by /: ..../..#./....",
        [("rugs", "..../..../...."), ("mock-turtles x ruler", "..../.#../...#"), ("acrostic:twins x 1-2", ".../.#./..."),
         ("acrostic-twins", "#.../..../...."), ("tartan:1,3E x 2C", "..#/.../...")],
        |v, p, c, _| Ok(boxed(product::start(v, &unjson(p), c)?))),
    entry!("cards", rules_text::CARDS, ["24-card"], "the 24-card game: take a card, add it to the total, never pass the limit",
        "VALUES/COPIES/LIMIT: 1..6/4/50 (the default)",
        "empty for the whole deal, or --left 4,4,4,4,4,4 --total 0", [("", ""), ("1..3/2/12", "")],
        |v, p, c, _| start_cards(v, p, c)),
    entry!("rules", rules_text::RULES, ["rules-file", "toml"], "a game described in a rules file (TOML): a heap rule, a two-heap game, a graph, a turning game or a product",
        "the file's text: a [game] table with kind = heap, twoheap, graph, turning or product (see docs/rules-file.md)",
        "as the family the file names writes it; empty for the file's start",
        [(RULES_SQUARES, ""), (RULES_SQUARES, "9 10"), (RULES_WYTHOFF, "")],
        |v, p, c, _| start_rules_file(v, p, c)),
    #[cfg(feature = "scripts")]
    entry!("script", rules_text::SCRIPT, ["rhai"], "your own game: a Rhai script defining fn options(p)",
        "the script's text (fn options(p), optionally fn start(), fn show(p), fn describe(p, q), fn components(p))",
        "positions written as JSON, joined by +: 7 + 4, [3,5], \"XOOX\"; empty for the script's fn start()",
        [(TAKE_TWO_SCRIPT, "7 + 4"), (TAKE_TWO_SCRIPT, "")],
        |v, p, c, _| {
            let (game, p) = crate::families::script::start("script", v, p, c, Default::default())?;
            Ok(boxed((game, p)))
        }),
];

/// The example of the script family: take one or two tokens from a heap.
#[cfg(feature = "scripts")]
const TAKE_TWO_SCRIPT: &str =
    "fn options(n) { let o = []; for k in 1..=2 { if k <= n { o.push(n - k); } } o }\nfn start() { 5 }";

/// An example of the rules family: subtract a square.
const RULES_SQUARES: &str = "# Subtract a square\n[game]\nkind = \"heap\"\ntitle = \"subtract a square\"\nrule = \"sub:squares\"\nstart = [5, 7]\n";

/// An example of the rules family: Wythoff's game.
const RULES_WYTHOFF: &str = "[game]\nkind = \"twoheap\"\ngame = \"wythoff\"\nstart = \"3 5\"\n";

/// The game a rules file describes ([`crate::rules_file`]), at `position`
/// (as the family the file names writes it), or at the file's `start` when
/// `position` is empty. A mistake in the file, or a `start` its family
/// refuses, is reported with its line.
///
/// ```
/// use grundy::family::registry;
/// use grundy::game::Convention;
/// let file = "[game]\nkind = \"heap\"\nrule = \"kayles\"\nstart = [3, 4]\n";
/// let g = registry::start_rules_file(file, "", Convention::Normal).unwrap();
/// assert_eq!(g.report().unwrap().value, Some(3 ^ 1));
/// let bad = "[game]\nkind = \"heap\"\nrule = \"kayles\"\nstart = [\"x\"]\n";
/// let e = registry::start_rules_file(bad, "", Convention::Normal).err().unwrap();
/// assert!(e.0.starts_with("line 4: start: "), "{e}");
/// ```
pub fn start_rules_file(
    text: &str,
    position: &str,
    convention: Convention,
) -> Result<Box<dyn AnyGame>, Error> {
    let file = crate::rules_file::RulesFile::parse(text).map_err(|e| Error::new(e.to_string()))?;
    let typed = unjson(position);
    let own = typed.trim().is_empty();
    let at = file.position((!own).then_some(typed.as_str()))?;
    let (family, variant) = file.family();
    let at_line = |e: Error| match (own, file.start_line) {
        (true, Some(line)) => Error::new(format!("line {line}: start: {e}")),
        _ => e,
    };
    // The file's own start is a mistake in the file whatever the play; a
    // refusal of misère play is not.
    if own && convention == Convention::Misere {
        start(&family, &variant, &at, Convention::Normal).map_err(at_line)?;
        return start(&family, &variant, &at, convention);
    }
    start(&family, &variant, &at, convention).map_err(at_line)
}

/// Every family, in the order listed.
pub fn entries() -> &'static [Entry] {
    ENTRIES
}

/// Every family as a front-end lists it (the same as [`entries`]).
pub fn list() -> &'static [Entry] {
    ENTRIES
}

/// Every name [`find`] knows: each family's name, then its aliases.
pub fn names() -> impl Iterator<Item = &'static str> {
    ENTRIES
        .iter()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
}

/// The family called `name` (or one of its aliases), in any case.
pub fn find(name: &str) -> Result<&'static Entry, Error> {
    let n = name.trim().to_lowercase();
    ENTRIES
        .iter()
        .find(|e| e.name == n || e.aliases.contains(&n.as_str()))
        .ok_or_else(|| {
            Error::new(format!(
                "no family '{name}'{}; the families are {}",
                crate::suggest::aside(name, names()),
                ENTRIES
                    .iter()
                    .map(|e| e.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

/// The family `name` with `variant`, started at `position`. A heap game
/// may also be named by its rule (`kayles`, `0.77`, `grundy`) with no
/// variant.
pub fn start(
    name: &str,
    variant: &str,
    position: &str,
    convention: Convention,
) -> Result<Box<dyn AnyGame>, Error> {
    start_with(name, variant, position, convention, &Budget::default())
}

/// [`start`] within `budget` (the memory a search may take).
pub fn start_with(
    name: &str,
    variant: &str,
    position: &str,
    convention: Convention,
    budget: &Budget,
) -> Result<Box<dyn AnyGame>, Error> {
    let (entry, variant) = match find(name) {
        Ok(entry) => (entry, variant),
        Err(_) if variant.trim().is_empty() && name.trim().parse::<HeapRule>().is_ok() => {
            (find("heap")?, name)
        }
        Err(e) => return Err(e),
    };
    match entry.start_with(variant, position, convention, budget) {
        Err(refused) if is_empty_position(position) && !OWN_START.contains(&entry.name) => {
            start_empty(entry, variant, position, convention, budget).ok_or(refused)
        }
        started => started,
    }
}

/// The families for which no position means the start their variant gives
/// (a script's `fn start()`, a rules file's `start`), not the empty one.
const OWN_START: [&str; 2] = ["rules", "script"];

/// Whether `position` writes the empty position: nothing, or an empty JSON
/// list or string.
fn is_empty_position(position: &str) -> bool {
    let t = position.trim();
    t.is_empty()
        || matches!(serde_json::from_str::<Value>(t), Ok(Value::Array(a)) if a.is_empty())
        || matches!(serde_json::from_str::<Value>(t), Ok(Value::String(s)) if s.trim().is_empty())
}

/// The empty position of a family whose start wants something to start
/// from (the command line refuses an empty list of heaps, where it is a
/// slip): the game is started at one of the family's examples, then moved
/// there through its notation, which reads every position the game writes.
/// `None` where the game has no empty position (Wythoff's two heaps).
fn start_empty(
    entry: &Entry,
    variant: &str,
    position: &str,
    convention: Convention,
    budget: &Budget,
) -> Option<Box<dyn AnyGame>> {
    let seeds = entry.examples.iter().map(|(_, p)| p.to_string());
    for seed in seeds.chain(start_seeds(entry.name, variant)) {
        if let Ok(mut game) = entry.start_with(variant, &seed, convention, budget) {
            // The empty position as given, or as the notation may write it.
            for empty in [position, "", "[]"] {
                if game.set_position(empty).is_ok() {
                    return Some(game);
                }
            }
        }
    }
    None
}

/// Positions to start from where the examples may not fit the variant:
/// a chip on each vertex of the graph.
fn start_seeds(family: &str, variant: &str) -> Vec<String> {
    match family {
        "chips" | "chips-annihilate" => variant
            .split(['\n', ';'])
            .flat_map(|line| line.split_whitespace().take(1))
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn heap_rules_by_name() {
        let r = super::start("kayles", "", "3", crate::game::Convention::Normal);
        assert!(r.is_ok(), "{:?}", r.err());
    }

    /// Every family whose positions are lists (of heaps, coins, chips)
    /// starts at the empty one, written as nothing or as empty JSON: a
    /// P-position. Rows and boards keep their size in play, and a two-heap
    /// game always has two: they have no empty position.
    #[test]
    fn empty_positions_start() {
        let normal = crate::game::Convention::Normal;
        for (name, variant) in [
            ("nim", ""),
            ("kayles", ""),
            ("heap", "0.07"),
            ("staircase", ""),
            ("nimble", ""),
            ("nimble2", ""),
            ("moore", "2"),
            ("chips", "x y;y z"),
            ("chips-annihilate", "a b"),
        ] {
            for position in ["", " ", "[]", "\"\""] {
                let g = super::start(name, variant, position, normal)
                    .unwrap_or_else(|e| panic!("{name} at {position:?}: {}", e.0));
                assert!(g.is_over(), "{name}");
                let r = g.report().expect("a report");
                assert_eq!(r.outcome, crate::game::Outcome::P, "{name}");
                assert_eq!(r.value.unwrap_or(0), 0, "{name}");
                let again = super::start(name, variant, &g.position_json().to_string(), normal);
                assert!(again.is_ok(), "{name}: {:?}", again.err().map(|e| e.0));
            }
        }
        for name in ["wythoff", "euclid", "turtles", "corners"] {
            assert!(super::start(name, "", "[]", normal).is_err(), "{name}");
        }
    }
}
