//! A sequence file's values read in order through a small buffer, so that
//! a file larger than memory (a record-length run resumed, its values going
//! straight into a file-backed store) is never held whole.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use super::{format_err, open_header, Header, StoreError};

/// The values of a sequence file, `G(0)` first, each read when asked for.
/// The checksum is not checked here: [`super::scan`] checks it, also
/// without holding the values.
///
/// ```
/// use grundy::heap::store::{write, Values};
/// let dir = std::env::temp_dir().join(format!("grundy-values-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("0.6.gsq");
/// write(&path, "0.6", &[0, 0, 1, 2, 0, 1]).unwrap();
/// let (header, values) = Values::open(&path).unwrap();
/// assert_eq!(header.count, 6);
/// let read: Vec<u32> = values.map(Result::unwrap).collect();
/// assert_eq!(read, [0, 0, 1, 2, 0, 1]);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct Values {
    r: BufReader<File>,
    path: PathBuf,
    left: u64,
    width: usize,
}

impl Values {
    /// Opens `path`, checks its header and size, and stands before `G(0)`.
    pub fn open(path: &Path) -> Result<(Header, Values), StoreError> {
        let (r, header) = open_header(path, 1 << 20)?;
        let values = Values {
            r,
            path: path.to_path_buf(),
            left: header.count,
            width: header.width as usize,
        };
        Ok((header, values))
    }
}

impl Iterator for Values {
    type Item = Result<u32, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        let mut b = [0u8; 4];
        if self.r.read_exact(&mut b[..self.width]).is_err() {
            // The size matched the header when the file was opened: the file
            // changed since.
            self.left = 0;
            return Some(Err(format_err(&self.path, "file ends inside the values")));
        }
        self.left -= 1;
        Some(Ok(u32::from_le_bytes(b)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.left).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

#[cfg(test)]
mod tests {
    use super::super::write;
    use super::*;

    #[test]
    fn reads_both_widths_and_notices_a_cut_file() {
        let dir = std::env::temp_dir().join(format!("grundy-values-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Longer than the reader's buffer, so that the cut is met reading.
        let long: Vec<u32> = (0..1u32 << 20).map(|i| i % 1000).collect();
        for values in [vec![0u32, 1, 65_535, 2], vec![0, 70_000, 3, u32::MAX], long] {
            let path = dir.join("s.gsq");
            write(&path, "0.6", &values).unwrap();
            let (h, read) = Values::open(&path).unwrap();
            assert_eq!(h.count, values.len() as u64);
            assert_eq!(read.map(Result::unwrap).collect::<Vec<_>>(), values);
            // Cut after opening: the reader says so instead of stopping short.
            let (_, mut read) = Values::open(&path).unwrap();
            let len = std::fs::metadata(&path).unwrap().len();
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(len - 3)
                .unwrap();
            let got: Vec<_> = read.by_ref().collect();
            if values.len() > 1 << 19 {
                assert!(got.last().unwrap().is_err());
                assert!(got.len() < values.len());
            } else {
                // Short files are in the buffer already: read as they were.
                assert!(got.iter().all(Result::is_ok));
            }
            assert!(read.next().is_none());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
