//! A 3 x 5 pixel font built in, so pictures carry their titles, labels and
//! numbers without any font installed. Letters are drawn in capitals.

/// One glyph: five rows of three pixels, the high bit on the left.
fn glyph(c: char) -> [u8; 5] {
    match c.to_ascii_uppercase() {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 1, 1],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        'A' => [2, 5, 7, 5, 5],
        'B' => [6, 5, 6, 5, 6],
        'C' => [3, 4, 4, 4, 3],
        'D' => [6, 5, 5, 5, 6],
        'E' => [7, 4, 6, 4, 7],
        'F' => [7, 4, 6, 4, 4],
        'G' => [3, 4, 5, 5, 3],
        'H' => [5, 5, 7, 5, 5],
        'I' => [7, 2, 2, 2, 7],
        'J' => [1, 1, 1, 5, 2],
        'K' => [5, 5, 6, 5, 5],
        'L' => [4, 4, 4, 4, 7],
        'M' => [5, 7, 7, 5, 5],
        'N' => [6, 5, 5, 5, 5],
        'O' => [2, 5, 5, 5, 2],
        'P' => [6, 5, 6, 4, 4],
        'Q' => [2, 5, 5, 6, 3],
        'R' => [6, 5, 6, 5, 5],
        'S' => [3, 4, 2, 1, 6],
        'T' => [7, 2, 2, 2, 2],
        'U' => [5, 5, 5, 5, 7],
        'V' => [5, 5, 5, 5, 2],
        'W' => [5, 5, 7, 7, 5],
        'X' => [5, 5, 2, 5, 5],
        'Y' => [5, 5, 2, 2, 2],
        'Z' => [7, 1, 2, 4, 7],
        ' ' => [0, 0, 0, 0, 0],
        '.' => [0, 0, 0, 0, 2],
        ',' => [0, 0, 0, 2, 4],
        ':' => [0, 2, 0, 2, 0],
        '(' => [1, 2, 2, 2, 1],
        ')' => [4, 2, 2, 2, 4],
        '[' => [3, 2, 2, 2, 3],
        ']' => [6, 2, 2, 2, 6],
        '-' => [0, 0, 7, 0, 0],
        '=' => [0, 7, 0, 7, 0],
        '+' => [0, 2, 7, 2, 0],
        '/' => [1, 1, 2, 4, 4],
        '!' => [2, 2, 2, 0, 2],
        '^' => [2, 5, 0, 0, 0],
        '_' => [0, 0, 0, 0, 7],
        '*' => [0, 5, 2, 5, 0],
        _ => [7, 7, 7, 7, 7],
    }
}

/// Pixels per font pixel.
pub const SCALE: u32 = 2;

/// Width of one character cell, spacing included.
pub const ADVANCE: u32 = 4 * SCALE;

/// Height of a line of text.
pub const HEIGHT: u32 = 5 * SCALE;

/// The width `text` takes.
pub fn width(text: &str) -> u32 {
    (text.chars().count() as u32 * ADVANCE).saturating_sub(SCALE)
}

/// Calls `set(x, y)` for every pixel of `text` with its top left at `(x, y)`.
pub fn draw(text: &str, x: u32, y: u32, mut set: impl FnMut(u32, u32)) {
    for (i, c) in text.chars().enumerate() {
        let left = x + i as u32 * ADVANCE;
        for (row, bits) in glyph(c).iter().enumerate() {
            for col in 0..3 {
                if bits >> (2 - col) & 1 == 1 {
                    for dy in 0..SCALE {
                        for dx in 0..SCALE {
                            set(left + col * SCALE + dx, y + row as u32 * SCALE + dy);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_differ_and_fit() {
        let chars: Vec<char> = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.,:()[]-=+/!^_*"
            .chars()
            .collect();
        for (i, &a) in chars.iter().enumerate() {
            assert!(glyph(a).iter().all(|&r| r < 8), "{a}");
            for &b in &chars[i + 1..] {
                assert_ne!(glyph(a), glyph(b), "{a} and {b} look the same");
            }
        }
        assert_eq!(glyph('g'), glyph('G'));
        let mut n = 0;
        draw("1", 0, 0, |x, y| {
            assert!(x < 3 * SCALE && y < HEIGHT);
            n += 1;
        });
        assert_eq!(n, 8 * SCALE * SCALE);
        assert_eq!(width("ab"), 2 * ADVANCE - SCALE);
    }
}
