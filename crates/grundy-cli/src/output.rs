//! Writing output files whole or not at all: the bytes go to a temporary
//! file next to the target, which is renamed over it only once complete,
//! so a full disk or a failed write never leaves a truncated file.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{CliError, CliResult};

/// Writes `bytes` to `path`. A regular file (or a new one) is replaced at
/// once, through any symbolic link to it; a device, a pipe or a dangling
/// link, which cannot be replaced, is written directly.
pub fn write_file(path: &Path, bytes: &[u8]) -> CliResult {
    let err = |e: std::io::Error| CliError::new(format!("cannot write '{}': {e}", path.display()));
    let target = match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(err(std::io::Error::other("it is a directory"))),
        Ok(m) if m.is_file() => std::fs::canonicalize(path).map_err(err)?,
        Err(e)
            if e.kind() == std::io::ErrorKind::NotFound
                && std::fs::symlink_metadata(path).is_err() =>
        {
            path.to_path_buf()
        }
        _ => return std::fs::write(path, bytes).map_err(err),
    };
    let temp = temp_path(&target);
    let result = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| f.write_all(bytes).and_then(|_| f.sync_all()))
        .and_then(|_| std::fs::rename(&temp, &target));
    if let Err(e) = result {
        let _ = std::fs::remove_file(&temp);
        return Err(err(e));
    }
    Ok(())
}

/// A hidden name in the target's directory, unique to this process.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.part", std::process::id()))
}

/// Writes a picture to `path` as PNG: encoded first, then written whole or
/// not at all.
pub fn write_png(path: &Path, img: &grundy::plot::Image) -> CliResult {
    let bytes = img.encode().map_err(CliError::new)?;
    write_file(path, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_or_nothing() {
        let dir = std::env::temp_dir().join(format!("grundy-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("a.bin");
        write_file(&target, b"first").unwrap();
        write_file(&target, b"second").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"second");
        assert!(write_file(&dir, b"x").is_err());
        assert!(write_file(&dir.join("no/such/dir/b.bin"), b"x").is_err());
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "only the target remains");
        write_file(Path::new("/dev/null"), b"x").unwrap();
        // Through a link: the file it points to is replaced, the link stays.
        let link = dir.join("link.bin");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_file(&link, b"third").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"third");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
