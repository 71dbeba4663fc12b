//! A compact binary file for long Grundy sequences.
//!
//! Layout (little-endian): the 8 bytes `GRUNDYSQ`, format version `u32`
//! (1, or 2 for a file carrying a [`Claim`]), length of the rule `u32` and
//! the rule's canonical code in UTF-8, number of values `u64` (`G(0)`
//! included), value width in bytes `u8` (2 or 4), checksum `u32`, then the
//! values; in version 2, the claim's [`CLAIM_SIZE`] bytes follow them (see
//! [`claim`](self::Claim)). The checksum is Fletcher's over
//! 16-bit words with wrapping sums (a 4-byte value counts as its low then its
//! high half); for 2-byte values it is the figure other octal-game programs
//! print, so runs can be compared.
//!
//! Files are written to a temporary name and renamed, so a file under the
//! final name is always complete: in one go by `write`, or while the
//! values are computed by a `Writer`. Those, `read` and `temporary` need
//! the `files` feature; the format itself is always there: [`encode`] and
//! [`decode`] turn values into the bytes of a file and back.
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

#[cfg(feature = "files")]
use std::fs::File;
use std::io::Read;
#[cfg(feature = "files")]
use std::io::{BufReader, BufWriter, Write};
#[cfg(feature = "files")]
use std::path::{Path, PathBuf};

mod claim;
#[cfg(feature = "files")]
mod mapped;
#[cfg(feature = "files")]
mod values;
#[cfg(feature = "files")]
mod writer;
pub use claim::{Claim, Theorem, CLAIM_SIZE};
#[cfg(feature = "files")]
pub use mapped::{Le16, Le32, Mapped, MappedValues};
#[cfg(feature = "files")]
pub use values::Values;
#[cfg(feature = "files")]
pub use writer::Writer;

const MAGIC: &[u8; 8] = b"GRUNDYSQ";
const VERSION: u32 = 1;
/// The version of a file that carries a claim after its values.
const VERSION_CLAIM: u32 = 2;
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
    /// The claim of periodicity the file carries, if any.
    pub claim: Option<Claim>,
}

/// What went wrong with a sequence file.
#[cfg(feature = "files")]
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
        self.push_repeated_with(block.len(), |i| block[i], wide, times);
    }

    /// [`Fletcher::push_repeated`] of the block `value(0..len)`, read once
    /// and held nowhere (a period of 10^8 values costs no memory).
    pub fn push_repeated_with(
        &mut self,
        len: usize,
        value: impl Fn(usize) -> u32,
        wide: bool,
        times: u64,
    ) {
        let mut once = Fletcher::default();
        for i in 0..len {
            once.push(value(i), wide);
        }
        let k = len as u128 * if wide { 2 } else { 1 };
        let (s, t) = (once.low as u128, once.high as u128);
        let (m, low) = (times as u128, self.low as u128);
        let pairs = (m * m.saturating_sub(1) / 2) % (1 << 16);
        let high = self.high as u128 + m * t + k * (m * low + s * pairs);
        self.low = (low + m * s) as u16;
        self.high = high as u16;
    }

    /// The running checksum whose [`Fletcher::value`] is `v` (a resumed
    /// run's).
    pub fn from_value(v: u32) -> Fletcher {
        Fletcher {
            low: v as u16,
            high: (v >> 16) as u16,
        }
    }

    /// The checksum so far.
    pub fn value(self) -> u32 {
        ((self.high as u32) << 16) | self.low as u32
    }
}

/// Why bytes are not a sequence file: the message says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FormatError(pub String);

/// The header of a file of `count` values of `rule`, `width` bytes each
/// (format version 1: no claim after the values).
#[cfg(feature = "files")]
fn header(rule: &str, count: u64, width: u8, checksum: u32) -> Vec<u8> {
    versioned_header(VERSION, rule, count, width, checksum)
}

/// [`header`] with the format version given.
fn versioned_header(version: u32, rule: &str, count: u64, width: u8, checksum: u32) -> Vec<u8> {
    let mut h = Vec::with_capacity(file_size(rule, 0, width) as usize);
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&version.to_le_bytes());
    h.extend_from_slice(&(rule.len() as u32).to_le_bytes());
    h.extend_from_slice(rule.as_bytes());
    h.extend_from_slice(&count.to_le_bytes());
    h.push(width);
    h.extend_from_slice(&checksum.to_le_bytes());
    h
}

/// The bytes of the file `write` makes of `G(0..values.len())` of
/// `rule`: 2-byte values when every value fits, else 4.
pub fn encode(rule: &str, values: &[u32]) -> Vec<u8> {
    encode_claimed(rule, values, None)
}

/// [`encode`], followed by `claim` when there is one (format version 2).
pub fn encode_claimed(rule: &str, values: &[u32], claim: Option<&Claim>) -> Vec<u8> {
    let wide = values.iter().any(|&v| v > u16::MAX as u32);
    let width: u8 = if wide { 4 } else { 2 };
    let version = if claim.is_some() {
        VERSION_CLAIM
    } else {
        VERSION
    };
    let count = values.len() as u64;
    let mut bytes = versioned_header(version, rule, count, width, fletcher(values));
    bytes.reserve(values.len() * width as usize);
    for &v in values {
        if wide {
            bytes.extend_from_slice(&v.to_le_bytes());
        } else {
            bytes.extend_from_slice(&(v as u16).to_le_bytes());
        }
    }
    if let Some(c) = claim {
        bytes.extend_from_slice(&c.to_bytes());
    }
    bytes
}

/// Reads the bytes of a sequence file, checking its header, length and
/// checksum as `read` does.
pub fn decode(bytes: &[u8]) -> Result<StoredSequence, FormatError> {
    parse(&mut &bytes[..], bytes.len() as u64)
}

#[cfg(feature = "files")]
fn io_err(path: &Path) -> impl Fn(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.display().to_string(),
        source,
    }
}

#[cfg(feature = "files")]
fn format_err(path: &Path, message: impl Into<String>) -> StoreError {
    StoreError::Format {
        path: path.display().to_string(),
        message: message.into(),
    }
}

/// The temporary name a file is written under before its rename.
#[cfg(feature = "files")]
pub fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// Opens the temporary file of `path` for writing, emptied, and locked for
/// as long as it is open, so that a second run writing the same file is
/// refused at once instead of writing over the first one's values. The
/// lock is the operating system's advisory one, dropped with the file.
#[cfg(feature = "files")]
fn open_locked(path: &Path) -> Result<File, StoreError> {
    let tmp = temporary(path);
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&tmp)
        .map_err(io_err(path))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(StoreError::Io {
                path: path.display().to_string(),
                source: std::io::Error::other(format!(
                    "another run is writing this file (its temporary file {} is locked); wait for it to end, or choose another file",
                    tmp.display()
                )),
            })
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io_err(path)(e)),
    }
    file.set_len(0).map_err(io_err(path))?;
    Ok(file)
}

/// Writes `G(0..values.len())` of `rule` atomically (temporary file, then
/// rename). The width is 2 bytes when every value fits, else 4.
#[cfg(feature = "files")]
pub fn write(path: &Path, rule: &str, values: &[u32]) -> Result<(), StoreError> {
    write_with(path, rule, values.len(), |i| values[i])
}

/// [`write()`], followed by `claim` when there is one (format version 2).
#[cfg(feature = "files")]
pub fn write_claimed(
    path: &Path,
    rule: &str,
    values: &[u32],
    claim: Option<&Claim>,
) -> Result<(), StoreError> {
    write_inner(path, rule, values.len(), |i| values[i], claim)
}

/// [`write()`] for `count` values given by `value(i)`, without holding them
/// in a vector (two passes: width and checksum, then the values).
#[cfg(feature = "files")]
pub fn write_with<F: Fn(usize) -> u32>(
    path: &Path,
    rule: &str,
    count: usize,
    value: F,
) -> Result<(), StoreError> {
    write_inner(path, rule, count, value, None)
}

#[cfg(feature = "files")]
fn write_inner<F: Fn(usize) -> u32>(
    path: &Path,
    rule: &str,
    count: usize,
    value: F,
    claim: Option<&Claim>,
) -> Result<(), StoreError> {
    let wide = (0..count).any(|i| value(i) > u16::MAX as u32);
    let width: u8 = if wide { 4 } else { 2 };
    let mut f = Fletcher::default();
    for i in 0..count {
        f.push(value(i), wide);
    }
    let tmp = temporary(path);
    let file = open_locked(path)?;
    let result = (|| -> std::io::Result<()> {
        let mut w = BufWriter::with_capacity(1 << 20, file);
        let version = if claim.is_some() {
            VERSION_CLAIM
        } else {
            VERSION
        };
        w.write_all(&versioned_header(
            version,
            rule,
            count as u64,
            width,
            f.value(),
        ))?;
        for i in 0..count {
            if wide {
                w.write_all(&value(i).to_le_bytes())?;
            } else {
                w.write_all(&(value(i) as u16).to_le_bytes())?;
            }
        }
        if let Some(c) = claim {
            w.write_all(&c.to_bytes())?;
        }
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io_err(path))
}

/// Size in bytes of the file `write` produces.
pub fn file_size(rule: &str, count: u64, width: u8) -> u64 {
    // Saturated: a damaged header's count must not overflow the sum.
    (8 + 4 + 4 + rule.len() as u64 + 8 + 1 + 4).saturating_add(count.saturating_mul(width as u64))
}

/// Reads a sequence file, checking its header, length and checksum.
#[cfg(feature = "files")]
pub fn read(path: &Path) -> Result<StoredSequence, StoreError> {
    let file = File::open(path).map_err(io_err(path))?;
    let size = file.metadata().map_err(io_err(path))?.len();
    let mut r = BufReader::with_capacity(1 << 20, file);
    parse(&mut r, size).map_err(|e| format_err(path, e.0))
}

/// A sequence file of `size` bytes read from `r`, checked.
fn parse(r: &mut impl Read, size: u64) -> Result<StoredSequence, FormatError> {
    fn format_err(message: impl Into<String>) -> FormatError {
        FormatError(message.into())
    }
    let (
        Header {
            rule,
            count,
            width,
            checksum,
            ..
        },
        claimed,
    ) = parse_header(r, size)?;
    let mut values = Vec::with_capacity(count as usize);
    let mut f = Fletcher::default();
    read_values(r, count, width, |v| {
        f.push(v, width == 4);
        values.push(v);
    })
    .map_err(|_| format_err("file ends inside the values"))?;
    let claim = match claimed {
        true => Some(read_claim(r)?),
        false => None,
    };
    if f.value() != checksum {
        return Err(format_err(format!(
            "checksum {:08X} does not match the values ({:08X})",
            checksum,
            f.value()
        )));
    }
    Ok(StoredSequence {
        rule,
        width,
        checksum,
        values,
        claim,
    })
}

/// The claim at `r`, the end of a version 2 file.
fn read_claim(r: &mut impl Read) -> Result<Claim, FormatError> {
    let mut b = [0u8; CLAIM_SIZE as usize];
    r.read_exact(&mut b)
        .map_err(|_| FormatError("file ends inside the claim".into()))?;
    Claim::from_bytes(&b)
}

/// Reads `count` values `width` bytes wide (2 or 4) from `r`, a block at a
/// time, and hands each to `each` in order.
fn read_values(
    r: &mut impl Read,
    count: u64,
    width: u8,
    mut each: impl FnMut(u32),
) -> std::io::Result<()> {
    let mut buf = vec![0u8; 1 << 16];
    let mut left = count * width as u64;
    while left > 0 {
        let take = left.min(buf.len() as u64) as usize;
        let bytes = &mut buf[..take];
        r.read_exact(bytes)?;
        match width {
            2 => {
                (bytes.chunks_exact(2)).for_each(|c| each(u16::from_le_bytes([c[0], c[1]]) as u32))
            }
            _ => (bytes.chunks_exact(4))
                .for_each(|c| each(u32::from_le_bytes([c[0], c[1], c[2], c[3]]))),
        }
        left -= take as u64;
    }
    Ok(())
}

/// The header of a sequence file: what a file holds, before its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The rule's code.
    pub rule: String,
    /// Number of values, `G(0)` included.
    pub count: u64,
    /// Bytes per value (2 or 4).
    pub width: u8,
    /// The checksum the header records.
    pub checksum: u32,
    /// The claim of periodicity after the values (format version 2).
    pub claim: Option<Claim>,
}

/// The first values of a file and the checksum of all of them, read
/// without refusing a checksum that does not match (see [`scan`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scanned {
    /// The file's header.
    pub header: Header,
    /// `G(0..keep)`: the values asked for.
    pub values: Vec<u32>,
    /// The checksum of every value in the file, to compare with the
    /// header's.
    pub computed: u32,
}

/// Reads and checks a header (its size against the file's included), and
/// whether a claim follows the values (then `claim` is left for the caller
/// to read).
fn parse_header(r: &mut impl Read, size: u64) -> Result<(Header, bool), FormatError> {
    fn format_err(message: impl Into<String>) -> FormatError {
        FormatError(message.into())
    }
    let mut exact = |buf: &mut [u8]| {
        r.read_exact(buf)
            .map_err(|_| format_err("file ends inside the header"))
    };
    let mut magic = [0u8; 8];
    exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(format_err("not a grundy sequence file"));
    }
    let mut b4 = [0u8; 4];
    exact(&mut b4)?;
    let version = u32::from_le_bytes(b4);
    if version != VERSION && version != VERSION_CLAIM {
        return Err(format_err(format!(
            "format version {version} is not supported (expected {VERSION} or {VERSION_CLAIM})"
        )));
    }
    let claimed = version == VERSION_CLAIM;
    exact(&mut b4)?;
    let rule_len = u32::from_le_bytes(b4);
    if rule_len > MAX_RULE {
        return Err(format_err("damaged header (rule too long)"));
    }
    let mut rule = vec![0u8; rule_len as usize];
    exact(&mut rule)?;
    let rule = String::from_utf8(rule).map_err(|_| format_err("damaged header (rule)"))?;
    let mut b8 = [0u8; 8];
    exact(&mut b8)?;
    let count = u64::from_le_bytes(b8);
    let mut w1 = [0u8; 1];
    exact(&mut w1)?;
    let width = w1[0];
    if width != 2 && width != 4 {
        return Err(format_err(format!("value width {width} is not 2 or 4")));
    }
    exact(&mut b4)?;
    let checksum = u32::from_le_bytes(b4);
    let trailer = if claimed { CLAIM_SIZE } else { 0 };
    let expected = file_size(&rule, count, width).saturating_add(trailer);
    if size != expected {
        return Err(format_err(format!(
            "file has {size} bytes, its header announces {expected}"
        )));
    }
    let header = Header {
        rule,
        count,
        width,
        checksum,
        claim: None,
    };
    Ok((header, claimed))
}

/// Opens a sequence file and reads its header, checking the file's size
/// against it: the reader (of `buffer` bytes) stands before `G(0)`.
#[cfg(feature = "files")]
fn open_header(path: &Path, buffer: usize) -> Result<(BufReader<File>, Header), StoreError> {
    let file = File::open(path).map_err(io_err(path))?;
    let size = file.metadata().map_err(io_err(path))?.len();
    let mut r = BufReader::with_capacity(buffer, file);
    let (mut header, claimed) = parse_header(&mut r, size).map_err(|e| format_err(path, e.0))?;
    if claimed {
        use std::io::{Seek, SeekFrom};
        let values = file_size(&header.rule, 0, header.width);
        r.seek(SeekFrom::Start(size - CLAIM_SIZE))
            .map_err(io_err(path))?;
        header.claim = Some(read_claim(&mut r).map_err(|e| format_err(path, e.0))?);
        r.seek(SeekFrom::Start(values)).map_err(io_err(path))?;
    }
    Ok((r, header))
}

/// Reads the header of a sequence file (and checks the file's size
/// against it), without reading the values.
#[cfg(feature = "files")]
pub fn read_header(path: &Path) -> Result<Header, StoreError> {
    open_header(path, 1 << 12).map(|(_, header)| header)
}

/// Reads the first `keep` values of a sequence file (all of them when
/// `keep` is past the end) and the checksum of all its values, which is
/// reported rather than enforced: a verifier says whether it matches.
///
/// ```
/// use grundy::heap::store::{scan, write};
/// let dir = std::env::temp_dir().join(format!("grundy-scan-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("0.6.gsq");
/// write(&path, "0.6", &[0, 0, 1, 2, 0, 1]).unwrap();
/// let s = scan(&path, 3).unwrap();
/// assert_eq!((s.header.count, s.values), (6, vec![0, 0, 1]));
/// assert_eq!(s.computed, s.header.checksum);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[cfg(feature = "files")]
pub fn scan(path: &Path, keep: u64) -> Result<Scanned, StoreError> {
    let (mut r, header) = open_header(path, 1 << 20)?;
    let keep = keep.min(header.count);
    let wide = header.width == 4;
    let mut values = Vec::with_capacity(keep as usize);
    let mut f = Fletcher::default();
    let mut index = 0u64;
    read_values(&mut r, header.count, header.width, |v| {
        f.push(v, wide);
        if index < keep {
            values.push(v);
        }
        index += 1;
    })
    .map_err(|_| format_err(path, "file ends inside the values"))?;
    Ok(Scanned {
        header,
        values,
        computed: f.value(),
    })
}

#[cfg(test)]
mod format_tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn decode_reads_back_what_encode_writes(
            values in proptest::collection::vec(prop_oneof![0u32..70000, 0u32..10], 0..300),
        ) {
            let bytes = encode("0.6", &values);
            let s = decode(&bytes).unwrap();
            prop_assert_eq!((s.rule.as_str(), &s.values), ("0.6", &values));
            prop_assert_eq!(s.checksum, fletcher(&values));
            prop_assert_eq!(bytes.len() as u64, file_size("0.6", values.len() as u64, s.width));
            prop_assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        }
    }
}

#[cfg(all(test, feature = "files"))]
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
            prop_assert_eq!(std::fs::read(&p).unwrap(), encode("4!.0", &values));
        }
    }
}
