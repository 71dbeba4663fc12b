//! Sequence files (`.gsq`).

use std::path::PathBuf;

use crate::api::store;
use crate::one_line;

/// A temporary file for this thread (the replay test runs checks on
/// several threads), removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(what: &str) -> Scratch {
        let thread = format!("{:?}", std::thread::current().id());
        let name: String = thread.chars().filter(char::is_ascii_digit).collect();
        Scratch(std::env::temp_dir().join(format!(
            "grundy-fuzz-{}-{name}-{what}.gsq",
            std::process::id()
        )))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A sequence file read by `store::read` (the reader takes a path, so the
/// bytes go to a temporary file first).
///
/// Asserts: a refusal is one line, and a format error, never an I/O one;
/// an accepted file has its size announced by its header, a width of 2 or
/// 4 bytes that its values fit, and the checksum of its values; written
/// again with `store::write` it gives the same bytes (when its width is
/// the one the writer picks) or a file that reads back the same; the rule
/// in its header, which the command line parses, passes the rule check.
pub fn sequence_file(data: &[u8]) {
    let file = Scratch::new("read");
    std::fs::write(&file.0, data).expect("a temporary file");
    let stored = match store::read(&file.0) {
        Err(e) => {
            one_line("sequence file", &e.to_string());
            assert!(
                matches!(e, store::StoreError::Format { .. }),
                "a file that is there could not be read: {e}"
            );
            return;
        }
        Ok(s) => s,
    };
    let count = stored.values.len() as u64;
    assert!(
        stored.width == 2 || stored.width == 4,
        "width {}",
        stored.width
    );
    assert_eq!(
        store::file_size(&stored.rule, count, stored.width),
        data.len() as u64
    );
    let wide = stored.values.iter().any(|&v| v > u32::from(u16::MAX));
    if stored.width == 2 {
        assert!(!wide);
    }
    let mut f = store::Fletcher::default();
    for &v in &stored.values {
        f.push(v, stored.width == 4);
    }
    assert_eq!(f.value(), stored.checksum);
    if stored.width == 2 || wide {
        assert_eq!(stored.checksum, store::fletcher(&stored.values));
    }

    let again = Scratch::new("again");
    store::write(&again.0, &stored.rule, &stored.values).expect("a temporary file");
    let bytes = std::fs::read(&again.0).expect("the file just written");
    if (stored.width == 4) == wide {
        assert_eq!(bytes, data, "the file written again differs");
    } else {
        // Values that fit 2 bytes stored in 4: written again, narrower.
        let reread = store::read(&again.0).expect("the file just written");
        assert_eq!(reread.width, 2);
        assert_eq!(
            (&reread.rule, &reread.values),
            (&stored.rule, &stored.values)
        );
    }
    drop(again);
    drop(file);
    crate::rule_notation(stored.rule.as_bytes());
}
