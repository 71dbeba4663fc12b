use super::*;
use crate::family::registry::{self, AnyGame};
use crate::game::Convention;

fn err(text: &str) -> FileError {
    RulesFile::parse(text).unwrap_err()
}

/// The game of `f` at `position`, or at its start.
fn start(f: &RulesFile, position: Option<&str>, c: Convention) -> Result<Box<dyn AnyGame>, Error> {
    let (family, variant) = f.family();
    registry::start(&family, &variant, &f.position(position)?, c)
}

/// The line of the mistake in a file whose `start` its family refuses.
fn start_err(text: &str) -> String {
    registry::start_rules_file(text, "", Convention::Normal)
        .err()
        .unwrap()
        .0
}

#[test]
fn kinds_compile_to_their_families() {
    let f = RulesFile::parse(
        "# Dawson's Kayles\n[game]\nkind = \"heap\"\ntitle = \"pins\"\nrule = \"dawson-kayles\"\nstart = [5, 9]\n",
    )
    .unwrap();
    assert_eq!(
        f.family(),
        ("heap".to_string(), "dawson-kayles".to_string())
    );
    assert_eq!(f.title.as_deref(), Some("pins"));
    let g = start(&f, None, Convention::Normal).unwrap();
    assert_eq!(g.position_text(), "5 9");
    let f =
        RulesFile::parse("[game]\nkind = \"twoheap\"\ngame = \"r-wythoff:2\"\nstart = \"4 10\"\n")
            .unwrap();
    assert_eq!(f.family(), ("r-wythoff".to_string(), "2".to_string()));
    assert_eq!(
        start(&f, None, Convention::Normal)
            .unwrap()
            .report()
            .unwrap()
            .value,
        Some(0)
    );
    let f = RulesFile::parse(
        "[game]\nkind = \"graph\"\nedges = [\"a b\", [\"b\", \"c\"], \"a c\"]\nannihilate = true\nstart = [\"a\", \"b\"]\n",
    )
    .unwrap();
    assert_eq!(
        f.family(),
        ("chips-annihilate".to_string(), "a b;b c;a c".to_string())
    );
    assert!(start(&f, Some("a"), Convention::Normal).is_ok());
}

#[test]
fn mistakes_name_their_line() {
    assert_eq!(
        err("[game]\nkind = \"heap\"\nrule = 7\n"),
        FileError {
            line: 3,
            message: "'rule' must be a string, not integer".into()
        }
    );
    assert_eq!(err("[game]\n\nkind = \"chess\"\n").line, 3);
    assert!(err("[game]\nkind = \"chess\"\n")
        .message
        .contains("heap, twoheap, graph, turning, product"));
    assert_eq!(
        err("[game]\nkind = \"turning\"\n").message,
        "kind turning needs 'code'"
    );
    let e = err("[game]\nkind = \"turning\"\n\ncode = \"1-3Q\"\n");
    assert_eq!(e.line, 4, "{e}");
    let e = err("[game]\nkind = \"heap\"\nrule = \"0.77\"\nrules = \"x\"\n");
    assert_eq!(e.line, 4);
    assert!(e.message.contains("unknown key 'rules'"), "{e}");
    assert_eq!(
        err("[game]\nkind = \"heap\"\n").message,
        "kind heap needs 'rule'"
    );
    assert!(
        start_err("[game]\nkind = \"twoheap\"\ngame = \"wythoff\"\nstart = [1, 2, 3]\n")
            .starts_with("line 4: start: ")
    );
    assert_eq!(
        err("[game]\nkind = \"graph\"\nedges = [\"a b c\"]\n").line,
        3
    );
    assert!(
        start_err("[game]\nkind = \"graph\"\nedges = [\"a b\", \"b c\"]\nstart = [\"z\"]\n")
            .starts_with("line 4: start: ")
    );
    assert_eq!(err("[game]\nkind = heap\n").line, 2);
    assert_eq!(err("title = 3\n").line, 1);
    assert_eq!(err("").message.split(':').next(), Some("no [game] table"));
    // Control characters stay escaped: the error is one line.
    assert!(!err("[game]\nkind = \"a\\nb\"\n").message.contains('\n'));
}

#[test]
fn a_turning_code_or_name_plays_as_the_turning_family() {
    let f = RulesFile::parse(
        "[game]\nkind = \"turning\"\ncode = \"mock-turtles\"\nstart = \"THHTH\"\n",
    )
    .unwrap();
    assert_eq!(
        f.family(),
        ("turning".to_string(), "mock-turtles".to_string())
    );
    let by_code = RulesFile::parse("[game]\nkind = \"turning\"\ncode = \"1-3\"\n").unwrap();
    let a = start(&f, None, Convention::Normal)
        .unwrap()
        .report()
        .unwrap();
    let b = start(&by_code, Some("THHTH"), Convention::Normal)
        .unwrap()
        .report()
        .unwrap();
    // Mock Turtles' coins 2, 3 and 5 are worth 2, 4 and 8 (the odious numbers 1, 2, 4, 7, 8).
    assert_eq!(a.value, Some(2 ^ 4 ^ 8));
    assert_eq!(a.value, b.value);
}

#[test]
fn a_product_plays_as_the_product_family() {
    let f = RulesFile::parse(
        "[game]\nkind = \"product\"\ntitle = \"Rugs\"\nproduct = \"rugs\"\nstart = [\"....\", \"....\", \"....\"]\n",
    )
    .unwrap();
    assert_eq!(
        f.family(),
        ("product".to_string(), "tartan:ruler x ruler".to_string())
    );
    let by_sides = RulesFile::parse(
        "[game]\nkind = \"product\"\nrows = \"1+C\"\ncolumns = \"ruler\"\nstart = \"..../..../....\"\n",
    )
    .unwrap();
    let (a, b) = (
        start(&f, None, Convention::Normal)
            .unwrap()
            .report()
            .unwrap(),
        start(&by_sides, None, Convention::Normal)
            .unwrap()
            .report()
            .unwrap(),
    );
    // Ruler's coins 1..3 nim-sum to 2 and 1..4 to 6: the value is 2 * 6 (nim product).
    assert_eq!(a.value, Some(crate::nimber::nim_mul(2, 6)));
    assert_eq!(a.value, b.value);
    assert_eq!(a.winning_moves_total, b.winning_moves_total);
    let f = RulesFile::parse(
        "[game]\nkind = \"product\"\nrows = \"twins\"\ncolumns = \"1-2\"\nform = \"acrostic\"\n",
    )
    .unwrap();
    assert_eq!(f.family().1, "acrostic:twins x 1-2");
    assert!(start(&f, Some("... .#. ..."), Convention::Normal).is_ok());
    assert!(start(&f, Some("..../...."), Convention::Misere).is_err());
}

#[test]
fn product_mistakes_name_their_line() {
    let e = err("[game]\nkind = \"product\"\n");
    assert_eq!(
        (e.line, e.message.as_str()),
        (1, "kind product needs 'product', or 'rows' and 'columns'")
    );
    let e = err("[game]\nkind = \"product\"\nrows = \"ruler\"\n");
    assert_eq!(e.message, "kind product needs 'columns' beside 'rows'");
    let e = err("[game]\nkind = \"product\"\ncolumns = \"ruler\"\n");
    assert_eq!(e.message, "kind product needs 'rows' beside 'columns'");
    let e = err("[game]\nkind = \"product\"\nproduct = \"rugs\"\n\nrows = \"ruler\"\n");
    assert_eq!(e.line, 5, "{e}");
    assert!(e.message.contains("not both"), "{e}");
    let e = err("[game]\nkind = \"product\"\nproduct = \"rugs\"\nform = \"acrostic\"\n");
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("acrostic:G x H"), "{e}");
    let e = err("[game]\nkind = \"product\"\n\nproduct = \"ruler\"\n");
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("neither a named product"), "{e}");
    let e = err("[game]\nkind = \"product\"\nproduct = \"ruler x 1-3Q\"\n");
    assert_eq!(e.line, 3, "{e}");
    assert!(e.message.starts_with("columns: turning code '1-3Q'"), "{e}");
    let e = err("[game]\nkind = \"product\"\nrows = \"1-3Q\"\ncolumns = \"ruler\"\n");
    assert_eq!(e.line, 3, "{e}");
    assert!(e.message.starts_with("rows: turning code"), "{e}");
    let e =
        err("[game]\nkind = \"product\"\nrows = \"1\"\ncolumns = \"ruler\"\nform = \"woven\"\n");
    assert_eq!(e.line, 5, "{e}");
    assert_eq!(e.message, "form 'woven' is neither tartan nor acrostic");
    let e =
        start_err("[game]\nkind = \"product\"\nproduct = \"rugs\"\nstart = [\"...\", \"..\"]\n");
    assert!(
        e.starts_with("line 4: start: board: line 2 has 2 cells"),
        "{e}"
    );
    let e = err("[game]\nkind = \"product\"\nproduct = \"rugs\"\nrules = 1\n");
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("product, rows, columns, form"), "{e}");
}
