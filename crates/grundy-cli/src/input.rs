//! Reading input files and standard input: every file, pipe and device the
//! command reads goes through [`read_limited`], which holds at most a given
//! number of bytes and refuses anything that is not text, so that
//! `/dev/zero`, an endless pipe, a huge file or a file of NUL bytes is
//! refused in one line (its name, and the limit or the offending byte)
//! instead of filling the memory or being read as an empty list.

use std::io::Read;

use crate::error::{CliError, CliResult};

/// Bytes read at a time.
const CHUNK: usize = 64 << 10;

/// The first byte of `bytes` that no text file holds: a control character
/// other than tab, line feed, form feed and carriage return (a NUL byte is
/// what a binary file or `/dev/zero` shows first).
fn not_text(bytes: &[u8]) -> Option<usize> {
    bytes
        .iter()
        .position(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r'))
}

fn too_large(what: &str, limit: u64) -> CliError {
    CliError::new(format!(
        "{what} is larger than {limit} bytes ({} MiB), the most read",
        limit >> 20
    ))
}

/// Reads at most `limit` bytes of text from `reader`; `what` names the
/// input in errors ("the board file 'b.txt'"). Input longer than `limit`
/// is refused with the limit, and input holding a byte no text holds
/// (see [`not_text`]) with its offset; when both, as for `/dev/zero`, the
/// size decides, so an endless input is always called too large. Past such
/// a byte nothing more is kept, only counted up to the limit.
pub fn read_limited(reader: impl Read, what: &str, limit: u64) -> CliResult<Vec<u8>> {
    read_capped(reader, what, limit, false)
}

/// [`read_limited`]; `fits` says the input is known to hold at most
/// `limit` bytes (a regular file), so a byte that is not text ends the
/// read at once.
fn read_capped(mut reader: impl Read, what: &str, limit: u64, fits: bool) -> CliResult<Vec<u8>> {
    let cannot = |e: std::io::Error| CliError::new(format!("cannot read {what}: {e}"));
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(cannot(e)),
        };
        if bytes.len() as u64 + n as u64 > limit {
            return Err(too_large(what, limit));
        }
        if let Some(i) = not_text(&chunk[..n]) {
            let at = bytes.len() + i;
            if !fits {
                let rest = limit - (bytes.len() + n) as u64;
                let more = std::io::copy(&mut reader.take(rest + 1), &mut std::io::sink())
                    .map_err(cannot)?;
                if more > rest {
                    return Err(too_large(what, limit));
                }
            }
            return Err(CliError::new(format!(
                "{what} is not text (byte {:#04x} at offset {at})",
                chunk[i]
            )));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
    Ok(bytes)
}

/// Reads an open file from where it stands through [`read_limited`]. A
/// regular file larger than `limit` is refused before any of it is read;
/// a device or a pipe, whose size is not known, is read up to the limit.
pub fn read_file(file: &std::fs::File, what: &str, limit: u64) -> CliResult<Vec<u8>> {
    let meta = file
        .metadata()
        .map_err(|e| CliError::new(format!("cannot read {what}: {e}")))?;
    if meta.is_file() && meta.len() > limit {
        return Err(too_large(what, limit));
    }
    read_capped(file, what, limit, meta.is_file())
}

/// Reads a file, or standard input for `-`, through [`read_file`].
pub fn read_path(path: &str, what: &str, limit: u64) -> CliResult<Vec<u8>> {
    if path == "-" {
        return read_limited(std::io::stdin().lock(), what, limit);
    }
    let file =
        std::fs::File::open(path).map_err(|e| CliError::new(format!("cannot read {what}: {e}")))?;
    read_file(&file, what, limit)
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

/// A text file, or standard input for `-`, of at most `limit` bytes.
pub fn read_text(path: &str, what: &str, limit: u64) -> CliResult<String> {
    utf8(read_path(path, what, limit)?, what)
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
    let text = read_text(path, &what, MAX_LIST_FILE)?;
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
        assert!(read_limited(endless, "zeros", 1 << 20)
            .unwrap_err()
            .0
            .contains("larger than 1048576 bytes"));
        let endless = std::io::repeat(b'1');
        assert!(read_limited(endless, "ones", 1 << 20).is_err());
        assert!(utf8(b"ok\xff".to_vec(), "f")
            .unwrap_err()
            .0
            .contains("offset 2"));
    }

    #[test]
    fn binary_input_is_not_text() {
        let zeros = vec![0u8; 3 * CHUNK];
        let e = read_limited(&zeros[..], "the file 'z'", 1 << 20).unwrap_err();
        assert_eq!(e.0, "the file 'z' is not text (byte 0x00 at offset 0)");
        let e = read_limited(&b"0.1\n0.2\x01"[..], "f", 100).unwrap_err();
        assert!(e.0.contains("byte 0x01 at offset 7"), "{}", e.0);
        let text = b"a\tb\r\n\x0cc\n";
        assert_eq!(read_limited(&text[..], "f", 100).unwrap(), text);
    }
}
