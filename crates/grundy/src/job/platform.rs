//! What the machine has for a long run: the memory available and the free
//! space of a disk, and which filesystem holds a directory (to add up the
//! files going to one disk).

use std::path::Path;

/// Bytes of memory the machine has available, when it says (Linux's
/// `MemAvailable`).
fn meminfo_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Available memory, or 8 GiB when the machine does not say.
pub fn available_memory() -> u64 {
    meminfo_available().unwrap_or(8 << 30)
}

/// The bytes an unprivileged user may still write on the filesystem
/// holding `dir`, when the system says.
pub fn available_space(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        let mut st = std::mem::MaybeUninit::<libc::statvfs>::uninit();
        // SAFETY: `c` is a NUL-terminated path and `st` is written by the
        // call before it is read, only when the call succeeds.
        let st = unsafe {
            if libc::statvfs(c.as_ptr(), st.as_mut_ptr()) != 0 {
                return None;
            }
            st.assume_init()
        };
        // The field types differ between platforms.
        #[allow(clippy::unnecessary_cast)]
        let (blocks, block) = (st.f_bavail as u64, st.f_frsize as u64);
        Some(blocks.saturating_mul(block))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// The filesystem holding `dir`.
pub fn device(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(dir).ok().map(|m| m.dev())
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_says_what_it_has() {
        assert!(available_memory() > 0);
        let dir = std::env::temp_dir();
        if cfg!(unix) {
            assert!(available_space(&dir).is_some());
            assert_eq!(device(&dir), device(&dir));
        }
        assert_eq!(available_space(Path::new("/no/such/dir/here")), None);
    }
}
