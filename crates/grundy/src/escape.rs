//! The user's text quoted in an error message, kept on one line.

use std::fmt::Display;

/// `text` with its control characters escaped (`\n`, `\r`, `\t`, `\u{1b}`,
/// ...), as the command line escapes its messages, so that an error that
/// quotes what the user wrote stays one line.
///
/// Other characters are kept as they are: `'O\nX'` becomes `'O\\nX'`, and
/// `'kaylez'` stays `'kaylez'`.
pub(crate) fn one_line(text: impl Display) -> String {
    let text = text.to_string();
    if !text.contains(char::is_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(one_line("0.7\n7"), "0.7\\n7");
        assert_eq!(one_line('\r'), "\\r");
        assert_eq!(one_line("a\u{1b}[31mb\0"), "a\\u{1b}[31mb\\0");
        assert_eq!(one_line("sub:1,2 'é' \\"), "sub:1,2 'é' \\");
    }
}
