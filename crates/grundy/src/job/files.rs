//! The sequence files of a run, checked before it starts: where `--out`
//! and `--checkpoint` can be written (and whether they fit on their disk),
//! which two names mean one file, and reading a file resumed from or read
//! with `--read`, refusing one whose values would not fit in memory.

use std::path::{Path, PathBuf};

use super::platform::{available_memory, available_space};
use super::{size, Error};
use crate::heap::store;

/// The file a sequence file named `path` ends up as, refused up front when
/// it cannot be created: a sequence file is written under a temporary
/// name next to its target and renamed over it, so the target must be a
/// regular file (through any symbolic link) or not exist yet.
pub fn target(path: &Path, what: &str) -> Result<PathBuf, Error> {
    let err = |why: String| Error::new(format!("{what} {}: {why}", path.display()));
    let dir = parent(path);
    if !dir.is_dir() {
        return Err(err(format!("directory {} does not exist", dir.display())));
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(err("it is a directory".into())),
        Ok(m) if m.is_file() => std::fs::canonicalize(path).map_err(|e| err(e.to_string())),
        Ok(_) => Err(err(
            "not a regular file (sequence files are written whole, then renamed)".into(),
        )),
        Err(_) if std::fs::symlink_metadata(path).is_ok() => {
            Err(err("a symbolic link to nothing".into()))
        }
        Err(_) => Ok(path.to_path_buf()),
    }
}

/// `path` with its directory resolved, to tell whether two names mean one
/// file.
pub fn identity(path: &Path) -> PathBuf {
    let dir = parent(path);
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    dir.join(path.file_name().unwrap_or_default())
}

/// The directory a file named `path` goes in (`.` for a bare name).
pub fn parent(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Refuses a sequence file that would not fit on the disk holding it.
pub fn check_disk(path: &Path, rule: &str, count: u64, width: u8) -> Result<(), Error> {
    let need = store::file_size(rule, count, width);
    let dir = parent(path);
    if let Some(have) = available_space(&dir) {
        // Replacing a file frees its space only after the rename.
        if need > have {
            return Err(Error::new(format!(
                "--out {}: {count} values need {} on disk, {} are available there",
                path.display(),
                size(need),
                size(have)
            )));
        }
    }
    Ok(())
}

/// Refuses a directory where a sequence file is read.
fn not_a_directory(path: &Path) -> Result<(), Error> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(Error::new(format!(
            "{} is a directory, not a sequence file",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Reads a sequence file's header and checks its checksum, holding none of
/// its values.
pub fn scan_store(path: &Path) -> Result<store::Scanned, Error> {
    not_a_directory(path)?;
    let scanned = store::scan(path, 0).map_err(|e| Error::new(e.to_string()))?;
    if scanned.computed != scanned.header.checksum {
        return Err(Error::new(format!(
            "{}: checksum {:08X} does not match the values ({:08X})",
            path.display(),
            scanned.header.checksum,
            scanned.computed
        )));
    }
    Ok(scanned)
}

/// Reads a sequence file, refusing up front one whose values would not fit
/// in memory.
pub fn read_store(path: &Path) -> Result<store::StoredSequence, Error> {
    not_a_directory(path)?;
    if let Ok(m) = std::fs::metadata(path) {
        // Four bytes per value once read, whatever the width in the file.
        let need = m.len().saturating_mul(2);
        let have = available_memory();
        if need > have {
            return Err(Error::new(format!(
                "{}: its values need about {} of memory, more than the {} available",
                path.display(),
                size(need),
                size(have)
            )));
        }
    }
    store::read(path).map_err(|e| Error::new(e.to_string()))
}

/// A failed write of the `--out` file, as the user sees it.
pub fn out_err(e: store::StoreError) -> Error {
    Error::new(format!("--out {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_that_cannot_be_written_are_refused_up_front() {
        let f = std::env::temp_dir().join(format!("grundy-seq-disk-{}.gsq", std::process::id()));
        let e = check_disk(&f, "0.07", u64::MAX / 4, 2).unwrap_err();
        assert!(e.0.contains("values need 9223372036854775839 bytes"), "{e}");
        assert!(e.0.contains("on disk"), "{e}");
        assert!(check_disk(&f, "0.07", 1000, 2).is_ok());
        let e = target(Path::new("/dev/null"), "--out").unwrap_err();
        assert!(e.0.contains("not a regular file"), "{e}");
        assert_eq!(target(&f, "--out").unwrap(), f);
        let e = target(&f.join("x.gsq"), "--checkpoint").unwrap_err();
        assert!(e.0.contains("does not exist"), "{e}");
    }
}
