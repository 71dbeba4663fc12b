//! What the fuzzers (`fuzz/`, see the README) found, kept fixed: parsers
//! that quoted the user's text, line breaks and all, in their messages, rule
//! positions counted in bytes after a wide leading space, a move list that
//! overflowed on the widest Northcott board, and a sequence file header
//! whose count overflowed the expected file size.

use grundy::games::chips::Graph;
use grundy::games::corners::Board as CornersBoard;
use grundy::games::northcott::{self, Color, Row};
use grundy::games::strips::{Board as Strip, StripGame};
use grundy::games::turtles;
use grundy::heap::rule::HeapRule;
use grundy::heap::store;

/// The message, once checked to be one line.
fn one_line(e: impl std::fmt::Display) -> String {
    let m = e.to_string();
    assert!(!m.contains(['\n', '\r']), "{m:?}");
    m
}

#[test]
fn refusals_quote_the_text_on_one_line() {
    // A code: the text and the character are escaped.
    let m = one_line("0.1\n7".parse::<HeapRule>().unwrap_err());
    assert!(
        m.contains("'\\n' is not an octal") && m.contains("of '0.1\\n7'"),
        "{m}"
    );
    let m = one_line("0\u{1}\n.1".parse::<HeapRule>().unwrap_err());
    assert!(m.contains("of '0\\u{1}\\n.1'"), "{m}");
    // The other rules.
    let m = one_line("sub:1,\r2".parse::<HeapRule>().unwrap_err());
    assert!(
        m.contains("found '\\r'") && m.contains("of 'sub:1,\\r2'"),
        "{m}"
    );
    let m = one_line("kay\nles".parse::<HeapRule>().unwrap_err());
    assert!(m.contains("'kay\\nles' is neither"), "{m}");
    let m = one_line(HeapRule::parse_ranges("1 1\n1 2\r3\n").unwrap_err());
    assert!(m.contains("found '1 2\\r3'"), "{m}");
    // Rows and boards.
    let m = one_line(turtles::parse_row("O\nX").unwrap_err());
    assert!(m.contains("cell 2 of the row is '\\n'"), "{m}");
    let m = one_line(CornersBoard::parse("..\r.\n....\n").unwrap_err());
    assert!(m.contains("column 3: '\\r' is not a cell"), "{m}");
    let m = one_line(Strip::parse(StripGame::Crosses, "X.\n.X").unwrap_err());
    assert!(m.contains("character 3 of the board is '\\n'"), "{m}");
    let m = one_line(Strip::parse(StripGame::Triomino, "..\n/..").unwrap_err());
    assert!(m.contains("is '\\n'"), "{m}");
    // A chip on a vertex named with a line break.
    let g = Graph::parse("a b\n").unwrap();
    let m = one_line(g.vertices(&["a\nb"]).unwrap_err());
    assert!(m.contains("unknown vertex 'a\\nb'"), "{m}");
    // Text without control characters is quoted as it is.
    let m = one_line("kaylez's".parse::<HeapRule>().unwrap_err());
    assert!(m.contains("'kaylez's' is neither"), "{m}");
}

#[test]
fn positions_count_characters_after_wide_spaces() {
    use grundy::heap::rule::RuleError;
    let at = |text: &str| match text.parse::<HeapRule>().unwrap_err() {
        RuleError::Syntax { position, .. } => position,
        RuleError::Code(e) => e.position,
        other => panic!("{other:?}"),
    };
    // No-break spaces are two bytes each, the ideographic space three.
    assert_eq!(at("\u{a0}\u{a0}'"), 3);
    assert_eq!(at("\u{a0}\u{a0}sub:x"), 7);
    assert_eq!(at("\u{3000}0.x"), 4);
    assert_eq!(at("\u{3000}take:1..2x"), 11);
}

#[test]
fn northcott_moves_on_the_widest_board() {
    let width = u64::MAX;
    // Black's token on the last column, next to White's: no move (listing
    // them computed `width + 1`).
    let rows = [Row {
        black: u64::MAX,
        white: u64::MAX - 1,
    }];
    northcott::check(&rows, width).unwrap();
    assert!(northcott::moves(&rows, width, Color::Black).is_empty());
    let rows = [Row {
        black: u64::MAX - 2,
        white: u64::MAX - 4,
    }];
    let to: Vec<u64> = northcott::moves(&rows, width, Color::Black)
        .iter()
        .map(|m| m.to)
        .collect();
    assert_eq!(to, [u64::MAX - 3, u64::MAX - 1, u64::MAX]);
}

#[test]
fn a_header_announcing_too_many_values_is_refused() {
    // The size a header announces saturates instead of overflowing.
    assert_eq!(store::file_size("0.6", u64::MAX, 2), u64::MAX);
    assert_eq!(store::file_size("0.6", u64::MAX / 2, 2), u64::MAX);
    assert_eq!(store::file_size("0.6", 3, 2), 29 + 3 + 6);
    let dir = std::env::temp_dir().join(format!("grundy-fuzz-findings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.gsq");
    for count in [u64::MAX, u64::MAX / 2, u64::MAX / 4 + 1] {
        let mut bytes = b"GRUNDYSQ".to_vec();
        bytes.extend(1u32.to_le_bytes());
        bytes.extend(3u32.to_le_bytes());
        bytes.extend(b"0.6");
        bytes.extend(count.to_le_bytes());
        bytes.push(4);
        bytes.extend(0u32.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let m = one_line(store::read(&path).unwrap_err());
        assert!(m.contains("its header announces"), "{m}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
