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
use std::io::{BufReader, BufWriter, Seek, SeekFrom, Write};
#[cfg(feature = "files")]
use std::path::{Path, PathBuf};

#[cfg(feature = "files")]
mod mapped;
#[cfg(feature = "files")]
mod values;
#[cfg(feature = "files")]
pub use mapped::{Le16, Le32, Mapped, MappedValues};
#[cfg(feature = "files")]
pub use values::Values;

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

/// Why bytes are not a sequence file: the message says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FormatError(pub String);

/// The header of a file of `count` values of `rule`, `width` bytes each.
fn header(rule: &str, count: u64, width: u8, checksum: u32) -> Vec<u8> {
    let mut h = Vec::with_capacity(file_size(rule, 0, width) as usize);
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&VERSION.to_le_bytes());
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
    let wide = values.iter().any(|&v| v > u16::MAX as u32);
    let width: u8 = if wide { 4 } else { 2 };
    let mut bytes = header(rule, values.len() as u64, width, fletcher(values));
    bytes.reserve(values.len() * width as usize);
    for &v in values {
        if wide {
            bytes.extend_from_slice(&v.to_le_bytes());
        } else {
            bytes.extend_from_slice(&(v as u16).to_le_bytes());
        }
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

/// [`write()`] for `count` values given by `value(i)`, without holding them
/// in a vector (two passes: width and checksum, then the values).
#[cfg(feature = "files")]
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
    let file = open_locked(path)?;
    let result = (|| -> std::io::Result<()> {
        let mut w = BufWriter::with_capacity(1 << 20, file);
        w.write_all(&header(rule, count as u64, width, f.value()))?;
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

/// Values read or rewritten at once when a [`Writer`] goes back over its
/// file.
#[cfg(feature = "files")]
const PASS: usize = 1 << 19;

/// Writes a sequence file while its values are computed, so that a long
/// run's file grows with the run instead of being written in one go at the
/// end.
///
/// The values go to [`temporary()`] behind a header with a placeholder
/// count and checksum; they are 2 bytes wide until the first value that
/// does not fit, when what is already written is widened to 4 bytes (once).
/// [`Writer::finish`] fills in the header from the file's content and
/// renames the file onto its final name, so a file under that name is
/// always complete; a writer dropped unfinished removes its temporary file.
/// The file is byte for byte the one [`write()`] makes of the same values.
///
/// ```
/// use grundy::heap::store::{read, temporary, Writer};
/// let dir = std::env::temp_dir().join(format!("grundy-writer-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("nim.gsq");
/// let mut w = Writer::create(&path, "0.[3]").unwrap();
/// w.append([0, 1, 2]).unwrap();
/// w.append([3, 70000, 5]).unwrap(); // widens the file
/// assert_eq!(w.len(), 6);
/// assert!(!path.exists() && temporary(&path).exists());
/// w.finish(5).unwrap(); // keeps G(0..5)
/// let s = read(&path).unwrap();
/// assert_eq!((s.width, s.values), (4, vec![0, 1, 2, 3, 70000]));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[cfg(feature = "files")]
#[derive(Debug)]
pub struct Writer {
    path: PathBuf,
    tmp: PathBuf,
    /// Where the values start (the header's size).
    start: u64,
    /// `None` once finished (or after a failed widening).
    out: Option<BufWriter<File>>,
    /// The index of the first value past 16 bits, once there is one.
    first_wide: Option<u64>,
    len: u64,
    /// Renamed onto its final name.
    finished: bool,
}

/// The error of a [`Writer`] used again after a failed write.
#[cfg(feature = "files")]
fn unusable() -> std::io::Error {
    std::io::Error::other("an earlier write to this file failed")
}

/// Bytes of the header's end that [`Writer::finish`] fills in: count `u64`,
/// width `u8`, checksum `u32`.
#[cfg(feature = "files")]
const TAIL: u64 = 8 + 1 + 4;

#[cfg(feature = "files")]
impl Writer {
    /// Opens [`temporary()`] of `path` (replacing any file there, unless
    /// another run holds it: then the error says so) and writes the header
    /// of a sequence of `rule`.
    pub fn create(path: &Path, rule: &str) -> Result<Writer, StoreError> {
        let tmp = temporary(path);
        let file = open_locked(path)?;
        let mut w = Writer {
            path: path.to_path_buf(),
            tmp,
            start: file_size(rule, 0, 2),
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            first_wide: None,
            len: 0,
            finished: false,
        };
        let header =
            (|| -> std::io::Result<()> { w.output()?.write_all(&header(rule, 0, 2, 0)) })();
        header.map_err(io_err(path))?;
        Ok(w)
    }

    /// How many values have been appended.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no value has been appended yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn output(&mut self) -> std::io::Result<&mut BufWriter<File>> {
        self.out.as_mut().ok_or_else(unusable)
    }

    /// The file, flushed, taken from its buffer.
    fn file(&mut self) -> std::io::Result<File> {
        let out = self.out.take().ok_or_else(unusable)?;
        out.into_inner().map_err(|e| e.into_error())
    }

    /// Appends the next values, in order.
    pub fn append(&mut self, values: impl IntoIterator<Item = u32>) -> Result<(), StoreError> {
        self.append_io(values).map_err(io_err(&self.path))
    }

    fn append_io(&mut self, values: impl IntoIterator<Item = u32>) -> std::io::Result<()> {
        for v in values {
            if self.first_wide.is_none() && v > u16::MAX as u32 {
                self.widen()?;
                self.first_wide = Some(self.len);
            }
            let wide = self.first_wide.is_some();
            let out = self.output()?;
            if wide {
                out.write_all(&v.to_le_bytes())?;
            } else {
                out.write_all(&(v as u16).to_le_bytes())?;
            }
            self.len += 1;
        }
        Ok(())
    }

    /// Rewrites the 2-byte values written so far as 4-byte ones, in place,
    /// from the end backwards (each block lands past where it was read).
    fn widen(&mut self) -> std::io::Result<()> {
        let mut file = self.file()?;
        let mut narrow = vec![0u8; 2 * PASS];
        let mut wide = Vec::with_capacity(4 * PASS);
        let mut end = self.len;
        while end > 0 {
            let begin = end.saturating_sub(PASS as u64);
            let bytes = &mut narrow[..2 * (end - begin) as usize];
            file.seek(SeekFrom::Start(self.start + 2 * begin))?;
            file.read_exact(bytes)?;
            wide.clear();
            for c in bytes.chunks_exact(2) {
                wide.extend_from_slice(&(u16::from_le_bytes([c[0], c[1]]) as u32).to_le_bytes());
            }
            file.seek(SeekFrom::Start(self.start + 4 * begin))?;
            file.write_all(&wide)?;
            end = begin;
        }
        file.seek(SeekFrom::Start(self.start + 4 * self.len))?;
        self.out = Some(BufWriter::with_capacity(1 << 20, file));
        Ok(())
    }

    /// Keeps the first `count` values (dropping any appended past them),
    /// fills in the header's count, width and checksum, the checksum read
    /// back from the file, syncs the file and renames it onto its final
    /// name. `count` may not exceed [`Writer::len`].
    pub fn finish(mut self, count: u64) -> Result<(), StoreError> {
        if count > self.len {
            return Err(format_err(
                &self.path,
                format!("{count} values asked for, only {} written", self.len),
            ));
        }
        self.finish_io(count).map_err(io_err(&self.path))
    }

    fn finish_io(&mut self, count: u64) -> std::io::Result<()> {
        let mut file = self.file()?;
        // A value past 16 bits that is not kept leaves the file narrow.
        let wide = self.first_wide.is_some_and(|i| i < count);
        if self.first_wide.is_some() && !wide {
            self.narrow(&mut file, count)?;
        }
        let width: u64 = if wide { 4 } else { 2 };
        file.set_len(self.start + width * count)?;
        file.seek(SeekFrom::Start(self.start))?;
        let mut f = Fletcher::default();
        let mut reader = BufReader::with_capacity(1 << 20, &mut file);
        read_values(&mut reader, count, width as u8, |v| f.push(v, wide))?;
        drop(reader);
        let mut header = Vec::with_capacity(TAIL as usize);
        header.extend_from_slice(&count.to_le_bytes());
        header.push(width as u8);
        header.extend_from_slice(&f.value().to_le_bytes());
        file.seek(SeekFrom::Start(self.start - TAIL))?;
        file.write_all(&header)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&self.tmp, &self.path)?;
        self.finished = true;
        Ok(())
    }

    /// Rewrites the first `count` 4-byte values (all of them 16 bits) as
    /// 2-byte ones, in place, from the start onwards (each block lands
    /// before where it was read).
    fn narrow(&self, file: &mut File, count: u64) -> std::io::Result<()> {
        let mut wide = vec![0u8; 4 * PASS];
        let mut narrow = Vec::with_capacity(2 * PASS);
        let mut begin = 0;
        while begin < count {
            let end = (begin + PASS as u64).min(count);
            let bytes = &mut wide[..4 * (end - begin) as usize];
            file.seek(SeekFrom::Start(self.start + 4 * begin))?;
            file.read_exact(bytes)?;
            narrow.clear();
            for c in bytes.chunks_exact(4) {
                narrow.extend_from_slice(&[c[0], c[1]]);
            }
            file.seek(SeekFrom::Start(self.start + 2 * begin))?;
            file.write_all(&narrow)?;
            begin = end;
        }
        Ok(())
    }
}

#[cfg(feature = "files")]
impl Drop for Writer {
    /// An unfinished file is removed: nothing appears under the final name.
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
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
    let Header {
        rule,
        count,
        width,
        checksum,
    } = parse_header(r, size)?;
    let mut values = Vec::with_capacity(count as usize);
    let mut f = Fletcher::default();
    read_values(r, count, width, |v| {
        f.push(v, width == 4);
        values.push(v);
    })
    .map_err(|_| format_err("file ends inside the values"))?;
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
    })
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

/// Reads and checks a header (its size against the file's included).
fn parse_header(r: &mut impl Read, size: u64) -> Result<Header, FormatError> {
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
    if version != VERSION {
        return Err(format_err(format!(
            "format version {version} is not supported (expected {VERSION})"
        )));
    }
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
    let expected = file_size(&rule, count, width);
    if size != expected {
        return Err(format_err(format!(
            "file has {size} bytes, its header announces {expected}"
        )));
    }
    Ok(Header {
        rule,
        count,
        width,
        checksum,
    })
}

/// Opens a sequence file and reads its header, checking the file's size
/// against it: the reader (of `buffer` bytes) stands before `G(0)`.
#[cfg(feature = "files")]
fn open_header(path: &Path, buffer: usize) -> Result<(BufReader<File>, Header), StoreError> {
    let file = File::open(path).map_err(io_err(path))?;
    let size = file.metadata().map_err(io_err(path))?.len();
    let mut r = BufReader::with_capacity(buffer, file);
    let header = parse_header(&mut r, size).map_err(|e| format_err(path, e.0))?;
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

    /// The bytes a [`Writer`] makes of `values` appended in batches of
    /// `batch` and finished at `count`.
    fn streamed(p: &Path, rule: &str, values: &[u32], batch: usize, count: u64) -> Vec<u8> {
        let mut w = Writer::create(p, rule).unwrap();
        assert!(w.is_empty());
        for chunk in values.chunks(batch.max(1)) {
            w.append(chunk.iter().copied()).unwrap();
        }
        assert_eq!(w.len(), values.len() as u64);
        w.finish(count).unwrap();
        assert!(!temporary(p).exists());
        std::fs::read(p).unwrap()
    }

    fn written(p: &Path, rule: &str, values: &[u32]) -> Vec<u8> {
        write(p, rule, values).unwrap();
        std::fs::read(p).unwrap()
    }

    #[test]
    fn a_streamed_file_is_the_written_one() {
        let d = dir();
        let (a, b) = (d.join("a.gsq"), d.join("b.gsq"));
        let narrow: Vec<u32> = (0..100_000u32).map(|i| i % 65_536).collect();
        assert_eq!(
            streamed(&a, "0.6", &narrow, 7777, 100_000),
            written(&b, "0.6", &narrow)
        );
        assert_eq!(read(&a).unwrap().width, 2);
        // Widened after more values than one pass rewrites at once.
        let mut wide: Vec<u32> = (0..2 * PASS as u32 + 123).map(|i| i % 65_521).collect();
        wide.extend([65_536, 7, u32::MAX, 0]);
        assert_eq!(
            streamed(&a, "0.[3]", &wide, 100_000, wide.len() as u64),
            written(&b, "0.[3]", &wide)
        );
        let s = read(&a).unwrap();
        assert_eq!((s.width, s.values), (4, wide.clone()));
        // Cut before the first wide value: narrow again.
        let cut = 2 * PASS + 100;
        assert_eq!(
            streamed(&a, "0.[3]", &wide, 100_000, cut as u64),
            written(&b, "0.[3]", &wide[..cut])
        );
        assert_eq!(read(&a).unwrap().width, 2);
        // Cut after it: wide, shorter.
        let cut = wide.len() - 1;
        assert_eq!(
            streamed(&a, "0.[3]", &wide, 1 << 20, cut as u64),
            written(&b, "0.[3]", &wide[..cut])
        );
        assert_eq!(streamed(&a, "0.6", &[], 1, 0), written(&b, "0.6", &[]));
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn an_unfinished_writer_leaves_no_file() {
        let d = dir();
        let p = d.join("u.gsq");
        let mut w = Writer::create(&p, "0.6").unwrap();
        w.append([0, 0, 1, 2, 70_000]).unwrap();
        assert!(temporary(&p).exists());
        drop(w);
        assert!(!temporary(&p).exists() && !p.exists());
        // Asking for more values than were written fails the same way, and
        // leaves an older file under the final name as it was.
        write(&p, "0.6", &[0, 0, 1]).unwrap();
        let before = std::fs::read(&p).unwrap();
        let mut w = Writer::create(&p, "0.6").unwrap();
        w.append([0, 0, 1, 2]).unwrap();
        let e = w.finish(5).unwrap_err().to_string();
        assert!(e.contains("5 values asked for, only 4 written"), "{e}");
        assert!(!temporary(&p).exists());
        assert_eq!(std::fs::read(&p).unwrap(), before);
        assert!(Writer::create(&d.join("no/such/dir/x.gsq"), "0.6").is_err());
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

        #[test]
        fn streamed_like_written(
            values in proptest::collection::vec(prop_oneof![0u32..10, 0u32..70000], 0..300),
            batch in 1usize..50,
            cut in 0.0f64..=1.0,
        ) {
            let d = dir();
            let count = (values.len() as f64 * cut) as usize;
            let a = streamed(&d.join("s.gsq"), "0.07", &values, batch, count as u64);
            let b = written(&d.join("w.gsq"), "0.07", &values[..count]);
            prop_assert_eq!(a, b);
        }
    }
}
