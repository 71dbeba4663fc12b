//! A sequence file written while its values are computed ([`Writer`]), so
//! that a long run's file grows with the run: values appended as they
//! come, widened from 2 to 4 bytes at the first value that needs it, the
//! header filled in and the file renamed onto its name at the end.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::{
    file_size, format_err, header, io_err, open_locked, read_values, temporary, Claim, Fletcher,
    StoreError, VERSION_CLAIM,
};

/// Values read or rewritten at once when a [`Writer`] goes back over its
/// file.
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
/// The file is byte for byte the one [`write()`](super::write) makes of the same values.
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
fn unusable() -> std::io::Error {
    std::io::Error::other("an earlier write to this file failed")
}

/// Bytes of the header's end that [`Writer::finish`] fills in: count `u64`,
/// width `u8`, checksum `u32`.
const TAIL: u64 = 8 + 1 + 4;

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
    pub fn finish(self, count: u64) -> Result<(), StoreError> {
        self.finish_claimed(count, None)
    }

    /// [`Writer::finish`], the file carrying `claim` after its values when
    /// there is one (format version 2).
    pub fn finish_claimed(mut self, count: u64, claim: Option<&Claim>) -> Result<(), StoreError> {
        if count > self.len {
            return Err(format_err(
                &self.path,
                format!("{count} values asked for, only {} written", self.len),
            ));
        }
        self.finish_io(count, claim).map_err(io_err(&self.path))
    }

    fn finish_io(&mut self, count: u64, claim: Option<&Claim>) -> std::io::Result<()> {
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
        if let Some(c) = claim {
            // The version follows the 8 bytes of the magic.
            file.seek(SeekFrom::Start(8))?;
            file.write_all(&VERSION_CLAIM.to_le_bytes())?;
            file.seek(SeekFrom::Start(self.start + width * count))?;
            file.write_all(&c.to_bytes())?;
        }
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

impl Drop for Writer {
    /// An unfinished file is removed: nothing appears under the final name.
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{read, write};
    use super::*;
    use proptest::prelude::*;

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "grundy-writer-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
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

    /// A claim goes after the values of a version 2 file, streamed or
    /// written in one go alike, and every reader finds it; a file without
    /// one stays version 1.
    #[test]
    fn a_claim_follows_the_values() {
        use crate::heap::store::{encode_claimed, read_header, scan, write_claimed, Theorem};
        let d = dir();
        let (a, b) = (d.join("a.gsq"), d.join("b.gsq"));
        let values: Vec<u32> = (0..1000u32).map(|i| i % 7).collect();
        let claim = Claim {
            preperiod: 0,
            period: 7,
            theorem: Theorem::Subtraction { max: 6 },
            window_end: 6,
        };
        let mut w = Writer::create(&a, "0.6").unwrap();
        w.append(values.iter().copied()).unwrap();
        w.finish_claimed(990, Some(&claim)).unwrap();
        write_claimed(&b, "0.6", &values[..990], Some(&claim)).unwrap();
        let bytes = std::fs::read(&a).unwrap();
        assert_eq!(bytes, std::fs::read(&b).unwrap());
        assert_eq!(bytes, encode_claimed("0.6", &values[..990], Some(&claim)));
        assert_eq!(bytes[8], 2);
        let s = read(&a).unwrap();
        assert_eq!(
            (s.values.as_slice(), s.claim),
            (&values[..990], Some(claim))
        );
        assert_eq!(read_header(&a).unwrap().claim, Some(claim));
        let scanned = scan(&a, 5).unwrap();
        assert_eq!(
            (scanned.header.claim, scanned.values),
            (Some(claim), vec![0, 1, 2, 3, 4])
        );
        assert_eq!(scanned.computed, scanned.header.checksum);
        let (header, rest) = crate::heap::store::Values::open(&a).unwrap();
        assert_eq!(header.claim, Some(claim));
        assert_eq!(rest.map(|v| v.unwrap()).collect::<Vec<_>>(), &values[..990]);
        let m = crate::heap::store::Mapped::open(&a).unwrap();
        match m.values() {
            crate::heap::store::MappedValues::Narrow(g) => assert_eq!(g.len(), 990),
            crate::heap::store::MappedValues::Wide(_) => panic!("2-byte values"),
        }
        // A claim cut short is a damaged file.
        std::fs::write(&b, &bytes[..bytes.len() - 1]).unwrap();
        assert!(read(&b).is_err() && read_header(&b).is_err());
        write(&b, "0.6", &values).unwrap();
        assert_eq!(std::fs::read(&b).unwrap()[8], 1);
        assert_eq!(read(&b).unwrap().claim, None);
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
