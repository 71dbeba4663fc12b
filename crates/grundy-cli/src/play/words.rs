//! Reading the words of a move as the player types them. The play tests
//! include this file too, to read the moves the way the program does.

/// Text with every parenthesised part (and the blank before it) removed.
pub fn without_parentheses(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                if depth == 0 && out.ends_with(' ') {
                    out.pop();
                }
                depth += 1;
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}
