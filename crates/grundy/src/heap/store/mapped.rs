//! A sequence file's values mapped into memory, read in place: a file far
//! larger than memory (a record-length run to certify) costs no more than
//! the pages being read, which the kernel drops again when memory is short.

use std::path::Path;

use super::{file_size, format_err, io_err, open_header, Header, StoreError};
use crate::heap::rc::StoredValue;

/// A 2-byte little-endian value as a sequence file stores it, readable at
/// any address (the values of a file need not be aligned).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct Le16(pub [u8; 2]);

/// A 4-byte little-endian value as a sequence file stores it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct Le32(pub [u8; 4]);

impl StoredValue for Le16 {
    const LIMIT: u32 = u16::MAX as u32;
    #[inline]
    fn get(self) -> u32 {
        u16::from_le_bytes(self.0) as u32
    }
    #[inline]
    fn put(v: u32) -> Self {
        Le16((v as u16).to_le_bytes())
    }
}

impl StoredValue for Le32 {
    const LIMIT: u32 = u32::MAX;
    #[inline]
    fn get(self) -> u32 {
        u32::from_le_bytes(self.0)
    }
    #[inline]
    fn put(v: u32) -> Self {
        Le32(v.to_le_bytes())
    }
}

/// The values of a sequence file, mapped read-only.
///
/// ```
/// use grundy::heap::rc::StoredValue;
/// use grundy::heap::store::{write, Mapped, MappedValues};
/// let dir = std::env::temp_dir().join(format!("grundy-mapped-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("0.6.gsq");
/// write(&path, "0.6", &[0, 0, 1, 2, 0, 1]).unwrap();
/// let m = Mapped::open(&path).unwrap();
/// assert_eq!(m.header().count, 6);
/// let MappedValues::Narrow(g) = m.values() else { panic!("2-byte values") };
/// assert_eq!(g[3].get(), 2);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct Mapped {
    header: Header,
    map: Option<memmap2::Mmap>,
    start: usize,
}

/// The mapped values in their width.
#[derive(Clone, Copy, Debug)]
pub enum MappedValues<'a> {
    /// 2 bytes a value.
    Narrow(&'a [Le16]),
    /// 4 bytes a value.
    Wide(&'a [Le32]),
}

impl Mapped {
    /// Maps `path` after checking its header and size (not its checksum:
    /// [`super::scan`] computes that, also without holding the values).
    pub fn open(path: &Path) -> Result<Mapped, StoreError> {
        let (r, header) = open_header(path, 1 << 12)?;
        let file = r.get_ref();
        let start = file_size(&header.rule, 0, header.width) as usize;
        let size = file_size(&header.rule, header.count, header.width);
        if usize::try_from(size).is_err() {
            return Err(format_err(
                path,
                "file too large for this machine's addresses",
            ));
        }
        // An empty mapping is refused by some systems; a file of no values
        // has nothing to map.
        let map = match header.count {
            0 => None,
            // SAFETY: the mapping is read-only; a file changed under it by
            // another program could change the values read, never memory
            // safety (the slices are of plain bytes).
            _ => Some(unsafe { memmap2::Mmap::map(file) }.map_err(io_err(path))?),
        };
        Ok(Mapped { header, map, start })
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// `G(0..count)` in place.
    pub fn values(&self) -> MappedValues<'_> {
        let end = self.start + self.header.count as usize * self.header.width as usize;
        let bytes = self.map.as_deref().map_or(&[][..], |m| &m[self.start..end]);
        match self.header.width {
            2 => {
                let (cells, _) = bytes.as_chunks::<2>();
                // SAFETY: `Le16` is a transparent `[u8; 2]`.
                MappedValues::Narrow(unsafe { &*(cells as *const [[u8; 2]] as *const [Le16]) })
            }
            _ => {
                let (cells, _) = bytes.as_chunks::<4>();
                // SAFETY: `Le32` is a transparent `[u8; 4]`.
                MappedValues::Wide(unsafe { &*(cells as *const [[u8; 4]] as *const [Le32]) })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::write;
    use super::*;

    #[test]
    fn maps_both_widths_in_place() {
        let dir = std::env::temp_dir().join(format!("grundy-mapped-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Rules of odd and even length put the values at odd and even
        // offsets.
        for rule in ["0.6", "0.16"] {
            for values in [
                vec![0u32, 1, 65_535, 2],
                vec![0, 70_000, 3, u32::MAX],
                vec![],
            ] {
                let path = dir.join("s.gsq");
                write(&path, rule, &values).unwrap();
                let m = Mapped::open(&path).unwrap();
                let got: Vec<u32> = match m.values() {
                    MappedValues::Narrow(g) => g.iter().map(|c| c.get()).collect(),
                    MappedValues::Wide(g) => g.iter().map(|c| c.get()).collect(),
                };
                assert_eq!(got, values, "{rule}");
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
