//! Positions and moves of every registered family, through the registry:
//! whatever a family accepts as a position prints back to text and JSON
//! that parse to the same position, and neither a position nor a typed
//! move ever panics; refusals are one line.

use grundy::family::registry;
use grundy::game::Convention;

use super::{one_line, text};

/// The first byte picks a family, an example and the convention; the rest is
/// a position, then (after a newline) a move typed at that example.
pub fn family_positions(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Some(input) = text(rest) else { return };
    let entries = registry::entries();
    let entry = &entries[pick as usize % entries.len()];
    let (variant, example) = entry.examples[(pick as usize / entries.len()) % entry.examples.len()];
    let convention = if pick & 0x80 != 0 {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let (position, typed) = input.split_once('\n').unwrap_or((input, ""));
    // Starting at a position computes what the game needs up to it (a heap
    // rule's values, a board's analysis), which grows fast: keep the fuzzed
    // ones small (short, and numbers of at most two digits).
    let small = position.len() <= 40
        && position
            .split(|c: char| !c.is_ascii_digit())
            .all(|run| run.len() <= 2);
    if small {
        match entry.start(variant, position, convention) {
            Ok(g) => {
                let json = g.position_json();
                let again = g
                    .parse_position(&g.position_text())
                    .unwrap_or_else(|e| panic!("{}: its own text does not parse: {e}", entry.name));
                assert_eq!(again, json, "{}: text round trip", entry.name);
                let again = g
                    .parse_position(&json.to_string())
                    .unwrap_or_else(|e| panic!("{}: its own JSON does not parse: {e}", entry.name));
                assert_eq!(again, json, "{}: JSON round trip", entry.name);
                if let Ok(report) = g.report() {
                    for m in &report.winning_moves {
                        assert!(
                            g.parse_position(&m.to.to_string()).is_ok(),
                            "{}: 'to' {}",
                            entry.name,
                            m.to
                        );
                    }
                }
            }
            Err(e) => one_line(entry.name, &e.to_string()),
        }
    }
    let Ok(mut g) = entry.start(variant, example, convention) else {
        return;
    };
    match g.parse_position(position) {
        Ok(json) => {
            let again = g
                .parse_position(&json.to_string())
                .unwrap_or_else(|e| panic!("{}: JSON {json} does not parse back: {e}", entry.name));
            assert_eq!(
                again, json,
                "{}: JSON round trip of a typed position",
                entry.name
            );
        }
        Err(e) => one_line(entry.name, &e.to_string()),
    }
    if let Err(e) = g.play(typed) {
        one_line(entry.name, &e.to_string());
    }
}
