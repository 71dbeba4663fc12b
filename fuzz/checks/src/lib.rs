//! The properties the fuzz targets check: one function per target, taking
//! the fuzzer's bytes. Each panics when a property fails, so a fuzzer
//! reports it as a crash and the replay test (`tests/replay.rs`, on stable)
//! fails on it.
//!
//! Every check asks more than "does not panic": what a parser accepts
//! prints back to text that parses to the same thing, and what it refuses
//! comes with a one-line message.
//!
//! The library's parsers are named in one place, [`api`], so that a module
//! that moves needs one line changed here.

mod boards;
mod chips;
mod family;
mod nimber;
mod numbers;
mod rules;
mod store;

pub use boards::{corners_board, strips_board, turtles_row};
pub use chips::chips_graph;
pub use family::family_positions;
pub use nimber::nimber_expr;
pub use numbers::{cards_position, northcott_rows};
pub use rules::{heap_code, ranges_file, rule_notation};
pub use store::sequence_file;

/// A check: panics when the input breaks a property.
pub type Check = fn(&[u8]);

/// Every target: its name (the name of its corpus directory and of its
/// file in `fuzz/fuzz_targets/`) and its check.
pub const TARGETS: &[(&str, Check)] = &[
    ("rule_notation", rule_notation),
    ("heap_code", heap_code),
    ("ranges_file", ranges_file),
    ("nimber_expr", nimber_expr),
    ("corners_board", corners_board),
    ("chips_graph", chips_graph),
    ("turtles_row", turtles_row),
    ("strips_board", strips_board),
    ("sequence_file", sequence_file),
    ("cards_position", cards_position),
    ("northcott_rows", northcott_rows),
    ("family_positions", family_positions),
];

/// The parsers and types the checks use, by their paths in the library.
mod api {
    pub use grundy::heap::code::{CodeError, Digit, TakeBreak};
    pub use grundy::heap::rule::{HeapRule, RuleError, RuleKind};
    pub use grundy::heap::store;
}

/// The fuzzer's bytes as text; parsers of `&str` never see other bytes.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Panics unless an error's message is one non-empty line.
fn one_line(what: &str, message: &str) {
    assert!(!message.is_empty(), "{what}: an empty error message");
    assert!(
        !message.contains(['\n', '\r']),
        "{what}: the error message is not one line: {message:?}"
    );
}
