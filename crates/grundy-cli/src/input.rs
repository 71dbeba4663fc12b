//! Reading input files and standard input with a size limit checked while
//! reading, so that `/dev/zero`, an endless pipe or a huge file is refused
//! with its size instead of filling the memory.

use std::io::Read;

use crate::error::{CliError, CliResult};

/// Reads at most `limit` bytes from `reader`; `what` names the input in
/// errors ("the board file 'b.txt'").
pub fn read_limited(reader: impl Read, what: &str, limit: u64) -> CliResult<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::new(format!("cannot read {what}: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(CliError::new(format!(
            "{what} is larger than {limit} bytes ({} MiB), the most read",
            limit >> 20
        )));
    }
    Ok(bytes)
}

/// Reads a file, or standard input for `-`, of at most `limit` bytes.
pub fn read_path(path: &str, what: &str, limit: u64) -> CliResult<Vec<u8>> {
    if path == "-" {
        read_limited(std::io::stdin().lock(), what, limit)
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| CliError::new(format!("cannot read {what}: {e}")))?;
        read_limited(file, what, limit)
    }
}

/// The bytes as text, or an error naming the offset of the first byte that
/// is not UTF-8.
pub fn utf8(bytes: Vec<u8>, what: &str) -> CliResult<String> {
    String::from_utf8(bytes).map_err(|e| {
        CliError::new(format!(
            "{what} is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// The largest list of numbers read with `-` or `--input FILE` (a million
/// heaps of twenty digits fit several times).
pub const MAX_LIST_FILE: u64 = 256 << 20;

/// The words of a position: those typed, or when they are the single word
/// `-` or `file` is given, the whitespace-separated words of standard input
/// or of the file.
pub fn position_words(typed: &[String], file: Option<&str>) -> CliResult<Vec<String>> {
    let path = match (file, typed) {
        (Some(f), _) => f,
        (None, [one]) if one == "-" => "-",
        _ => return Ok(typed.to_vec()),
    };
    let what = if path == "-" {
        "standard input".to_string()
    } else {
        format!("the file '{path}'")
    };
    let text = utf8(read_path(path, &what, MAX_LIST_FILE)?, &what)?;
    Ok(text.split_whitespace().map(str::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_encoding() {
        assert_eq!(read_limited(&b"abc"[..], "x", 3).unwrap(), b"abc");
        let e = read_limited(&b"abcd"[..], "the file 'x'", 3).unwrap_err();
        assert!(e.0.starts_with("the file 'x' is larger than 3 bytes"));
        let endless = std::io::repeat(0);
        assert!(read_limited(endless, "zeros", 1 << 20).is_err());
        assert!(utf8(b"ok\xff".to_vec(), "f")
            .unwrap_err()
            .0
            .contains("offset 2"));
    }
}
