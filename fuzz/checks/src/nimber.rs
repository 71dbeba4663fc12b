//! Nimber expressions.

use grundy::nimber::{eval, Nimber};

use crate::{one_line, text};

/// `grundy::nimber::eval` on an expression (`3*5 + 7`, `1/2`, `2^-1`,
/// `sqrt(3)`, `inv(0x10)`, ...).
///
/// Asserts: a refusal is one line and points at a character of the text or
/// just past it; a value prints (as a decimal, `*n` and hexadecimal literal)
/// to text that evaluates to it; the expression in parentheses, added to
/// itself, multiplied by itself and squared evaluates as the field's laws
/// say (where the extra parentheses stay within the nesting limit).
pub fn nimber_expr(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let v = match eval(input) {
        Err(e) => {
            one_line("expression", &e.to_string());
            let chars = input.chars().count();
            assert!(
                (1..=chars + 1).contains(&e.position),
                "position {} in {input:?}: {e}",
                e.position
            );
            return;
        }
        Ok(v) => v,
    };
    for literal in [
        v.0.to_string(),
        format!("*{}", v.0),
        format!("{:#x}", v.0),
        format!("{:#X}", v.0),
    ] {
        assert_eq!(eval(&literal), Ok(v), "{literal}");
    }
    // The same expression inside one more pair of parentheses; refused
    // only when that passes the nesting limit.
    let same = |wrapped: String, expected: Nimber| match eval(&wrapped) {
        Ok(w) => assert_eq!(w, expected, "{wrapped:?}"),
        Err(e) => assert!(
            e.message.contains("nested too deeply"),
            "{input:?} evaluates to {v} but {wrapped:?} fails: {e}"
        ),
    };
    same(format!("({input})"), v);
    same(format!("({input}) + ({input})"), Nimber(0));
    same(format!("{input} + {input}"), Nimber(0));
    same(format!("({input}) * ({input})"), v * v);
    same(format!("({input})^2"), v * v);
    same(format!("sqrt(({input})^2)"), v);
    match v.inverse() {
        Some(inv) => {
            assert_eq!(inv * v, Nimber(1));
            same(format!("inv({input})"), inv);
            same(format!("({input})^-1"), inv);
            same(format!("1 / ({input})"), inv);
        }
        None => assert!(eval(&format!("1 / ({input})")).is_err()),
    }
}
