//! A compact binary file for long Grundy sequences.
//!
//! Layout (little-endian): the 8 bytes `GRUNDYSQ`, format version `u32`
//! (1), length of the rule `u32` and the rule's canonical code in UTF-8,
//! number of values `u64` (`G(0)` included), value width in bytes `u8` (2 or
//! 4), checksum `u32`, then the values. The checksum is Fletcher's over
//! 16-bit words with wrapping sums (a 4-byte value counts as its low then its
//! high half); for 2-byte values it is the figure other octal-game programs
//! print, so runs can be compared.
//!
//! Files are written to a temporary name and renamed, so a file under the
//! final name is always complete.
//!
//! ```
//! use grundy::heap::store::{fletcher, read, write, StoredSequence};
//! let dir = std::env::temp_dir().join(format!("grundy-store-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("kayles.gsq");
//! let values: Vec<u32> = vec![0, 1, 2, 3, 1, 4, 3, 2, 1];
//! write(&path, "0.77", &values).unwrap();
//! let s: StoredSequence = read(&path).unwrap();
//! assert_eq!((s.rule.as_str(), s.width, s.values.clone()), ("0.77", 2, values.clone()));
//! assert_eq!(s.checksum, fletcher(&values));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"GRUNDYSQ";
const VERSION: u32 = 1;
/// Longest rule accepted in a header.
const MAX_RULE: u32 = 4096;

/// A sequence read back from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSequence {
    /// The rule's code.
    pub rule: String,
    /// Bytes per value in the file.
    pub width: u8,
    /// The checksum recorded in the header (verified on reading).
    pub checksum: u32,
    /// `G(0..len)`.
    pub values: Vec<u32>,
}

/// What went wrong with a sequence file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not a sequence file or is damaged.
    #[error("{path}: {message}")]
    Format {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// Fletcher's checksum over 16-bit words with wrapping sums.
pub fn fletcher(values: &[u32]) -> u32 {
    let mut f = Fletcher::default();
    let wide = values.iter().any(|&v| v > u16::MAX as u32);
    for &v in values {
        f.push(v, wide);
    }
    f.value()
}

/// Running Fletcher checksum.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fletcher {
    low: u16,
    high: u16,
}

impl Fletcher {
    /// Adds a value: one 16-bit word, or two when `wide`.
    #[inline]
    pub fn push(&mut self, v: u32, wide: bool) {
        self.word(v as u16);
        if wide {
            self.word((v >> 16) as u16);
        }
    }

    #[inline]
    fn word(&mut self, w: u16) {
        self.low = self.low.wrapping_add(w);
        self.high = self.high.wrapping_add(self.low);
    }

    /// Adds the values of `block`, `times` times over, in time linear in
    /// the block: a periodic sequence is summed without listing it. After
    /// one block of `k` words `w_1..w_k`, the low sum grows by
    /// `S = sum w_j` and the high sum by `k L + sum (k - j + 1) w_j`, where
    /// `L` is the low sum before; over `m` blocks the low sums form an
    /// arithmetic progression.
    pub fn push_repeated(&mut self, block: &[u32], wide: bool, times: u64) {
        let mut once = Fletcher::default();
        for &v in block {
            once.push(v, wide);
        }
        let k = block.len() as u128 * if wide { 2 } else { 1 };
        let (s, t) = (once.low as u128, once.high as u128);
        let (m, low) = (times as u128, self.low as u128);
        let pairs = (m * m.saturating_sub(1) / 2) % (1 << 16);
        let high = self.high as u128 + m * t + k * (m * low + s * pairs);
        self.low = (low + m * s) as u16;
        self.high = high as u16;
    }

    /// The checksum so far.
    pub fn value(self) -> u32 {
        ((self.high as u32) << 16) | self.low as u32
    }
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.display().to_string(),
        source,
    }
}

fn format_err(path: &Path, message: impl Into<String>) -> StoreError {
    StoreError::Format {
        path: path.display().to_string(),
        message: message.into(),
    }
}

/// The temporary name a file is written under before its rename.
pub fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// Writes `G(0..values.len())` of `rule` atomically (temporary file, then
/// rename). The width is 2 bytes when every value fits, else 4.
pub fn write(path: &Path, rule: &str, values: &[u32]) -> Result<(), StoreError> {
    write_with(path, rule, values.len(), |i| values[i])
}

/// [`write()`] for `count` values given by `value(i)`, without holding them
/// in a vector (two passes: width and checksum, then the values).
pub fn write_with<F: Fn(usize) -> u32>(
    path: &Path,
    rule: &str,
    count: usize,
    value: F,
) -> Result<(), StoreError> {
    let wide = (0..count).any(|i| value(i) > u16::MAX as u32);
    let width: u8 = if wide { 4 } else { 2 };
    let mut f = Fletcher::default();
    for i in 0..count {
        f.push(value(i), wide);
    }
    let tmp = temporary(path);
    let result = (|| -> std::io::Result<()> {
        let mut w = BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
        w.write_all(MAGIC)?;
        w.write_all(&VERSION.to_le_bytes())?;
        w.write_all(&(rule.len() as u32).to_le_bytes())?;
        w.write_all(rule.as_bytes())?;
        w.write_all(&(count as u64).to_le_bytes())?;
        w.write_all(&[width])?;
        w.write_all(&f.value().to_le_bytes())?;
        for i in 0..count {
            if wide {
                w.write_all(&value(i).to_le_bytes())?;
            } else {
                w.write_all(&(value(i) as u16).to_le_bytes())?;
            }
        }
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io_err(path))
}

/// Size in bytes of the file [`write()`] produces.
pub fn file_size(rule: &str, count: u64, width: u8) -> u64 {
    8 + 4 + 4 + rule.len() as u64 + 8 + 1 + 4 + count.saturating_mul(width as u64)
}

/// Reads a sequence file, checking its header, length and checksum.
pub fn read(path: &Path) -> Result<StoredSequence, StoreError> {
    let file = File::open(path).map_err(io_err(path))?;
    let size = file.metadata().map_err(io_err(path))?.len();
    let mut r = BufReader::with_capacity(1 << 20, file);
    let mut exact = |buf: &mut [u8], what: &str| {
        r.read_exact(buf)
            .map_err(|_| format_err(path, format!("file ends inside the {what}")))
    };
    let mut magic = [0u8; 8];
    exact(&mut magic, "header")?;
    if &magic != MAGIC {
        return Err(format_err(path, "not a grundy sequence file"));
    }
    let mut b4 = [0u8; 4];
    exact(&mut b4, "header")?;
    let version = u32::from_le_bytes(b4);
    if version != VERSION {
        return Err(format_err(
            path,
            format!("format version {version} is not supported (expected {VERSION})"),
        ));
    }
    exact(&mut b4, "header")?;
    let rule_len = u32::from_le_bytes(b4);
    if rule_len > MAX_RULE {
        return Err(format_err(path, "damaged header (rule too long)"));
    }
    let mut rule = vec![0u8; rule_len as usize];
    exact(&mut rule, "header")?;
    let rule = String::from_utf8(rule).map_err(|_| format_err(path, "damaged header (rule)"))?;
    let mut b8 = [0u8; 8];
    exact(&mut b8, "header")?;
    let count = u64::from_le_bytes(b8);
    let mut w1 = [0u8; 1];
    exact(&mut w1, "header")?;
    let width = w1[0];
    if width != 2 && width != 4 {
        return Err(format_err(
            path,
            format!("value width {width} is not 2 or 4"),
        ));
    }
    exact(&mut b4, "header")?;
    let checksum = u32::from_le_bytes(b4);
    let expected = file_size(&rule, count, width);
    if size != expected {
        return Err(format_err(
            path,
            format!("file has {size} bytes, its header announces {expected}"),
        ));
    }
    let mut values = Vec::with_capacity(count as usize);
    let mut buf = vec![0u8; 1 << 16];
    let mut left = count * width as u64;
    while left > 0 {
        let take = left.min(buf.len() as u64) as usize;
        exact(&mut buf[..take], "values")?;
        if width == 2 {
            values.extend(
                buf[..take]
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32),
            );
        } else {
            values.extend(
                buf[..take]
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            );
        }
        left -= take as u64;
    }
    let mut f = Fletcher::default();
    for &v in &values {
        f.push(v, width == 4);
    }
    if f.value() != checksum {
        return Err(format_err(
            path,
            format!(
                "checksum {:08X} does not match the values ({:08X})",
                checksum,
                f.value()
            ),
        ));
    }
    Ok(StoredSequence {
        rule,
        width,
        checksum,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "grundy-store-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn checksum_of_0_6_to_12() {
        // 0.6 up to heap 12; 650013 (hex) is the published figure.
        assert_eq!(fletcher(&[0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0]), 0x650013);
    }

    #[test]
    fn damaged_files_are_refused() {
        let d = dir();
        let p = d.join("a.gsq");
        write(&p, "0.6", &[0, 0, 1, 2, 0]).unwrap();
        let mut bytes = std::fs::read(&p).unwrap();
        let n = bytes.len();
        bytes[n - 1] ^= 1;
        std::fs::write(&p, &bytes).unwrap();
        assert!(read(&p).unwrap_err().to_string().contains("checksum"));
        std::fs::write(&p, &bytes[..n - 1]).unwrap();
        assert!(read(&p).unwrap_err().to_string().contains("bytes"));
        std::fs::write(&p, b"hello").unwrap();
        assert!(read(&p).unwrap_err().to_string().contains("ends inside"));
        std::fs::write(&p, b"hello world, not a sequence").unwrap();
        assert!(read(&p).unwrap_err().to_string().contains("not a grundy"));
        assert!(read(&d.join("missing")).is_err());
        std::fs::remove_dir_all(&d).unwrap();
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn repeated_blocks_sum_like_one_by_one(
            start in proptest::collection::vec(0u32..70000, 0..20),
            block in proptest::collection::vec(prop_oneof![0u32..70000, 0u32..10], 1..40),
            times in 0u64..300,
            wide: bool,
        ) {
            let mut slow = Fletcher::default();
            let mut fast = Fletcher::default();
            for &v in &start {
                slow.push(v, wide);
                fast.push(v, wide);
            }
            for _ in 0..times {
                for &v in &block {
                    slow.push(v, wide);
                }
            }
            fast.push_repeated(&block, wide, times);
            prop_assert_eq!(fast.value(), slow.value());
        }

        #[test]
        fn round_trip(values in proptest::collection::vec(prop_oneof![0u32..70000, 0u32..10], 0..300)) {
            let d = dir();
            let p = d.join("r.gsq");
            write(&p, "4!.0", &values).unwrap();
            let s = read(&p).unwrap();
            prop_assert_eq!(&s.values, &values);
            prop_assert_eq!(s.rule.as_str(), "4!.0");
            prop_assert_eq!(s.width, if values.iter().all(|&v| v < 65536) { 2 } else { 4 });
            prop_assert_eq!(std::fs::metadata(&p).unwrap().len(), file_size("4!.0", values.len() as u64, s.width));
            prop_assert!(!temporary(&p).exists());
        }
    }
}
