//! The value store of the rare/common engine: `G(0..len)` in cells of type
//! `V`, either in memory (a `Vec`) or in a file mapped into memory with only
//! its hot part resident.
//!
//! The engine reads a heap's options from three stretches of the sequence:
//! the small heaps (paired with recent ones, and indexed by value), the
//! heaps near `s / 2` (the search from the middle) and the recent heaps
//! (partners of the small rare positions, and the small-end search). A
//! file-backed store keeps those three windows resident and hands every
//! other page back to the kernel now and then ([`Spill::every`]): a
//! background thread drops them from the mapping (`MADV_DONTNEED`; the
//! mapping is shared, so the values stay in the file). A heap whose value
//! is rare, a re-chosen rare mask or the final periodicity check read the
//! whole sequence once; the pages they bring in are dropped again at the
//! next turn of the thread, so the resident set stays near the windows.
//!
//! The file is created in [`Spill::dir`] and unlinked at once, so it
//! disappears with the store (or the process) and needs no clean-up. Its
//! disk space is allocated when it grows, so that a full disk is an error
//! at that moment rather than a fault at a later write.
//!
//! File-backed stores exist on unix; elsewhere [`Cells::spill`] says so.
//!
//! ```
//! use grundy::heap::rc::Cells;
//! let mut c = Cells::<u16>::in_memory();
//! c.push(3);
//! c.push(1);
//! assert_eq!(&c[..], &[3, 1]);
//! ```

use std::ops::Deref;
use std::path::PathBuf;
use std::time::Duration;

/// Where and how a file-backed store keeps its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spill {
    /// The directory of the values file (created there, unlinked at once).
    pub dir: PathBuf,
    /// Bytes of values kept resident: the small heaps, the window around
    /// `s / 2` and the recent heaps share them (a quarter, a half, a
    /// quarter).
    pub resident: usize,
    /// How often the pages outside the windows are dropped.
    pub every: Duration,
}

impl Spill {
    /// The three hot windows for a store of `len` cells of `size` bytes:
    /// `[0, small)`, `[mid - half, mid + half)` and `[len - top, len)`,
    /// with `mid = len / 2`.
    pub fn windows(&self, size: usize) -> (usize, usize, usize) {
        let cells = (self.resident / size.max(1)).max(4);
        (cells / 4, cells / 4, cells / 4)
    }
}

/// `G(0..len)` in cells of type `V`: a `Vec`, or a mapped file (see the
/// module documentation). Reads go through [`Deref`] to `[V]`.
pub struct Cells<V> {
    /// The values, `len` of them: a copy of what `inner` holds, so that a
    /// read is one plain load whatever the kind of store.
    ptr: *const V,
    len: usize,
    inner: Inner<V>,
}

// SAFETY: `ptr` points into `inner`, which the store owns (a `Vec`, or a
// mapping that is `Send` and `Sync` itself).
unsafe impl<V: Send> Send for Cells<V> {}
unsafe impl<V: Sync> Sync for Cells<V> {}

enum Inner<V> {
    Memory(Vec<V>),
    #[cfg(unix)]
    File(file::Mapped<V>),
}

impl<V: Copy> Cells<V> {
    /// An empty store in memory.
    pub fn in_memory() -> Cells<V> {
        Cells::from(Vec::new())
    }

    fn made(inner: Inner<V>) -> Cells<V> {
        let mut c = Cells {
            ptr: std::ptr::null(),
            len: 0,
            inner,
        };
        c.sync();
        c
    }

    /// Copies the place and length of the values out of `inner`.
    #[inline]
    fn sync(&mut self) {
        let s: &[V] = match &self.inner {
            Inner::Memory(m) => m,
            #[cfg(unix)]
            Inner::File(f) => f.as_slice(),
        };
        (self.ptr, self.len) = (s.as_ptr(), s.len());
    }

    /// An empty file-backed store as `spill` says.
    pub fn spill(spill: &Spill) -> std::io::Result<Cells<V>> {
        #[cfg(unix)]
        {
            Ok(Cells::made(Inner::File(file::Mapped::new(spill)?)))
        }
        #[cfg(not(unix))]
        {
            let _ = spill;
            Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "file-backed values need a unix system",
            ))
        }
    }

    /// A store on the file `path`, which stays after the store (a
    /// frontier run's values, resumed by a later process): emptied, or
    /// holding `len` values already. Pages outside `windows` (the first
    /// heaps, either side of the middle, the recent heaps, in cells) are
    /// dropped from memory every `every`; the values stay in the file.
    pub fn kept(
        path: &std::path::Path,
        windows: (usize, usize, usize),
        every: Duration,
        len: Option<usize>,
    ) -> std::io::Result<Cells<V>> {
        #[cfg(unix)]
        {
            Ok(Cells::made(Inner::File(file::Mapped::kept(
                path, windows, every, len,
            )?)))
        }
        #[cfg(not(unix))]
        {
            let _ = (path, windows, every, len);
            Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "file-backed values need a unix system",
            ))
        }
    }

    /// Whether the values are in a file.
    pub fn is_file(&self) -> bool {
        !matches!(self.inner, Inner::Memory(_))
    }

    /// Appends one value.
    #[inline]
    pub fn push(&mut self, v: V) {
        match &mut self.inner {
            Inner::Memory(m) => m.push(v),
            #[cfg(unix)]
            Inner::File(f) => f.push(v),
        }
        self.sync();
    }

    /// Makes room for `more` values past the last, at once.
    pub fn reserve(&mut self, more: usize) {
        match &mut self.inner {
            Inner::Memory(m) => m.reserve_exact(more),
            #[cfg(unix)]
            Inner::File(f) => f.reserve(more),
        }
        self.sync();
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match &mut self.inner {
            Inner::Memory(m) => m.truncate(len),
            #[cfg(unix)]
            Inner::File(f) => f.truncate(len),
        }
        self.sync();
    }

    /// Drops the pages outside the hot windows now (a file-backed store
    /// also does so on its own, every [`Spill::every`]).
    pub fn trim(&self) {
        #[cfg(unix)]
        if let Inner::File(f) = &self.inner {
            f.trim();
        }
    }

    /// Writes the values of a file-backed store out to its file (a
    /// checkpoint's values must be on disk before the checkpoint is).
    pub fn flush(&self) -> std::io::Result<()> {
        #[cfg(unix)]
        if let Inner::File(f) = &self.inner {
            return f.flush();
        }
        Ok(())
    }

    /// The values in a `Vec` (the one in memory, or a copy of the file).
    pub fn into_vec(self) -> Vec<V> {
        match self.inner {
            Inner::Memory(m) => m,

            #[cfg(unix)]
            Inner::File(f) => f.to_vec(),
        }
    }
}

impl<V> Deref for Cells<V> {
    type Target = [V];
    #[inline]
    fn deref(&self) -> &[V] {
        if self.len == 0 {
            return &[];
        }
        // SAFETY: `ptr` and `len` describe the values held by `inner`
        // (copied after every change).
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<V: Copy> From<Vec<V>> for Cells<V> {
    fn from(v: Vec<V>) -> Cells<V> {
        Cells::made(Inner::Memory(v))
    }
}

/// A clone is in memory, whatever the original.
impl<V: Copy> Clone for Cells<V> {
    fn clone(&self) -> Cells<V> {
        Cells::from(self.to_vec())
    }
}

impl<V: std::fmt::Debug> std::fmt::Debug for Cells<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.inner {
            Inner::Memory(_) => "memory",

            #[cfg(unix)]
            Inner::File(_) => "file",
        };
        write!(f, "Cells({kind}, {} values)", self.len())
    }
}

impl<V: PartialEq> PartialEq for Cells<V> {
    fn eq(&self, other: &Cells<V>) -> bool {
        self[..] == other[..]
    }
}

impl<V: Eq> Eq for Cells<V> {}

#[cfg(unix)]
mod file {
    use std::fs::File;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
    use std::sync::{Arc, Mutex};

    use memmap2::{MmapMut, MmapOptions, UncheckedAdvice};

    use super::Spill;

    /// Cells the file grows by at least, so that remapping is rare (in
    /// tests, often).
    #[cfg(not(test))]
    const GROW: usize = 1 << 24;
    #[cfg(test)]
    const GROW: usize = 1 << 12;

    /// What the engine and the trimming thread share.
    struct Shared {
        file: File,
        /// The mapping; locked while it is replaced or trimmed.
        map: Mutex<Option<MmapMut>>,
        /// Values written so far.
        len: AtomicUsize,
        /// Cells in the three windows (small, half the middle, recent).
        windows: (usize, usize, usize),
        size: usize,
        page: usize,
    }

    impl Shared {
        /// Drops every page of the mapping outside the hot windows.
        fn trim(&self) {
            let guard = self.map.lock().unwrap_or_else(|e| e.into_inner());
            let Some(map) = guard.as_ref() else { return };
            let len = self.len.load(Ordering::Relaxed);
            let (small, half, top) = self.windows;
            let mid = len / 2;
            let mut keep = [
                (0, small),
                (mid.saturating_sub(half), mid + half),
                (len.saturating_sub(top), usize::MAX),
            ];
            keep.sort_unstable();
            let end = map.len();
            let mut from = 0usize;
            for (lo, hi) in keep {
                self.drop_range(map, from, lo.saturating_mul(self.size).min(end));
                from = from.max(hi.saturating_mul(self.size).min(end));
            }
        }

        /// Drops the whole pages within bytes `lo..hi` of the mapping.
        fn drop_range(&self, map: &MmapMut, lo: usize, hi: usize) {
            let lo = lo.div_ceil(self.page) * self.page;
            let hi = hi / self.page * self.page;
            if lo < hi {
                // SAFETY: the mapping is shared with the file, so its pages
                // are read back from the file (the page cache) when touched
                // again: no value is lost. The lock keeps the mapping alive.
                let _ =
                    unsafe { map.unchecked_advise_range(UncheckedAdvice::DontNeed, lo, hi - lo) };
            }
        }
    }

    /// A file-backed store: the mapping, its length and capacity, and the
    /// thread that trims it.
    pub(super) struct Mapped<V> {
        ptr: *mut V,
        len: usize,
        cap: usize,
        shared: Arc<Shared>,
        /// Dropped to stop the trimming thread.
        stop: Option<Sender<()>>,
        thread: Option<std::thread::JoinHandle<()>>,
    }

    // SAFETY: the store owns its mapping as a `Vec` owns its buffer; the
    // trimming thread only drops pages, which the kernel reads back.
    unsafe impl<V: Send> Send for Mapped<V> {}
    unsafe impl<V: Sync> Sync for Mapped<V> {}

    impl<V: Copy> Mapped<V> {
        /// A store on the file `path`, which stays: new (emptied) when
        /// `len` is `None`, else holding `len` values already, which the
        /// file must have.
        pub(super) fn kept(
            path: &std::path::Path,
            windows: (usize, usize, usize),
            every: std::time::Duration,
            len: Option<usize>,
        ) -> std::io::Result<Mapped<V>> {
            let file = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(len.is_none())
                .truncate(len.is_none())
                .open(path)?;
            let mut m = Mapped::with_file(file, windows, every)?;
            if let Some(len) = len {
                let size = std::mem::size_of::<V>();
                let have = m.shared.file.metadata()?.len() as usize / size;
                if have < len {
                    return Err(std::io::Error::other(format!(
                        "it holds {have} values, not the {len} the run needs"
                    )));
                }
                if len > 0 {
                    m.grow(have.max(len));
                }
                m.len = len;
                m.shared.len.store(len, Ordering::Relaxed);
            }
            Ok(m)
        }

        pub(super) fn new(spill: &Spill) -> std::io::Result<Mapped<V>> {
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            let name = format!(
                ".grundy-values-{}-{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            );
            let path = spill.dir.join(name);
            let file = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)?;
            // The file lives on through the open handle and the mapping.
            std::fs::remove_file(&path)?;
            let size = std::mem::size_of::<V>();
            Mapped::with_file(file, spill.windows(size), spill.every)
        }

        fn with_file(
            file: File,
            windows: (usize, usize, usize),
            every: std::time::Duration,
        ) -> std::io::Result<Mapped<V>> {
            // SAFETY: sysconf has no preconditions.
            let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as usize;
            let size = std::mem::size_of::<V>();
            let shared = Arc::new(Shared {
                file,
                map: Mutex::new(None),
                len: AtomicUsize::new(0),
                windows,
                size,
                page,
            });
            let (stop, stopped) = std::sync::mpsc::channel::<()>();
            let s = shared.clone();
            let thread = std::thread::Builder::new()
                .name("grundy-trim".into())
                .spawn(move || trim_loop(&s, &stopped, every))?;
            Ok(Mapped {
                ptr: std::ptr::NonNull::dangling().as_ptr(),
                len: 0,
                cap: 0,
                shared,
                stop: Some(stop),
                thread: Some(thread),
            })
        }

        #[inline]
        pub(super) fn push(&mut self, v: V) {
            if self.len == self.cap {
                self.grow(self.len + (self.len / 2).max(GROW));
            }
            // SAFETY: `len < cap`, within the mapping.
            unsafe { self.ptr.add(self.len).write(v) };
            self.len += 1;
            self.shared.len.store(self.len, Ordering::Relaxed);
        }

        pub(super) fn reserve(&mut self, more: usize) {
            let need = self.len.saturating_add(more);
            if need > self.cap {
                self.grow(need);
            }
        }

        pub(super) fn truncate(&mut self, len: usize) {
            self.len = self.len.min(len);
            self.shared.len.store(self.len, Ordering::Relaxed);
        }

        pub(super) fn trim(&self) {
            self.shared.trim();
        }

        pub(super) fn flush(&self) -> std::io::Result<()> {
            let guard = self.shared.map.lock().unwrap_or_else(|e| e.into_inner());
            match guard.as_ref() {
                Some(map) => map.flush_range(0, self.len * self.shared.size),
                None => Ok(()),
            }
        }

        pub(super) fn to_vec(&self) -> Vec<V> {
            self.as_slice().to_vec()
        }

        /// Makes the file and the mapping `cap` cells long. The disk space
        /// is allocated now: running out of it here is a clear error, not
        /// a fault at some later write into the mapping.
        fn grow(&mut self, cap: usize) {
            use std::os::fd::AsRawFd;
            let bytes = cap
                .checked_mul(self.shared.size)
                .expect("the values file fits the address space");
            let mut map = self.shared.map.lock().unwrap_or_else(|e| e.into_inner());
            let file = &self.shared.file;
            // SAFETY: a plain system call on an open descriptor.
            let err = unsafe { libc::posix_fallocate(file.as_raw_fd(), 0, bytes as libc::off_t) };
            if err != 0 {
                let e = std::io::Error::from_raw_os_error(err);
                panic!("cannot grow the values file to {bytes} bytes: {e}");
            }
            // The old mapping goes first: the file holds every value.
            *map = None;
            // SAFETY: the file is private to this store (unlinked), so no
            // one else changes it under the mapping.
            let mut m = unsafe { MmapOptions::new().len(bytes).map_mut(file) }
                .unwrap_or_else(|e| panic!("cannot map the values file ({bytes} bytes): {e}"));
            self.ptr = m.as_mut_ptr() as *mut V;
            self.cap = cap;
            *map = Some(m);
        }
    }

    impl<V> Mapped<V> {
        pub(super) fn as_slice(&self) -> &[V] {
            // SAFETY: `ptr` holds `cap >= len` cells of the mapping, the
            // first `len` written.
            unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
        }
    }

    impl<V> Drop for Mapped<V> {
        fn drop(&mut self) {
            drop(self.stop.take());
            if let Some(t) = self.thread.take() {
                let _ = t.join();
            }
        }
    }

    fn trim_loop(shared: &Shared, stopped: &Receiver<()>, every: std::time::Duration) {
        loop {
            match stopped.recv_timeout(every) {
                Err(RecvTimeoutError::Timeout) => shared.trim(),
                _ => return,
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn spill(resident: usize, every: Duration) -> Spill {
        Spill {
            dir: std::env::temp_dir(),
            resident,
            every,
        }
    }

    /// Pseudo-random 16-bit values.
    fn value(i: usize) -> u16 {
        (i.wrapping_mul(0x9E37_79B9) >> 7) as u16
    }

    /// Resident bytes of the mapping that begins at `ptr`, from
    /// /proc/self/smaps.
    fn resident(ptr: *const u16) -> Option<u64> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let start = format!("{:x}-", ptr as usize);
        let mut lines = smaps.lines().skip_while(|l| !l.starts_with(&start));
        lines.next()?;
        let rss = lines.find(|l| l.starts_with("Rss:"))?;
        let kb: u64 = rss.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }

    #[test]
    fn values_survive_growth_and_trims() {
        let mut c = Cells::<u16>::spill(&spill(3 * 4096, Duration::from_millis(1))).unwrap();
        assert!(c.is_file());
        let n = 300_000;
        for i in 0..n {
            c.push(value(i));
            if i % 9_999 == 0 {
                c.trim();
                assert_eq!(c[i / 2], value(i / 2), "{i}");
            }
        }
        c.trim();
        assert!(c.iter().enumerate().all(|(i, &v)| v == value(i)));
        c.truncate(1000);
        assert_eq!(c.len(), 1000);
        assert_eq!(
            c.clone().into_vec(),
            (0..1000).map(value).collect::<Vec<_>>()
        );
    }

    #[test]
    fn trimming_drops_the_cold_pages() {
        let page = 4096;
        // Windows of 16 pages each: the small heaps, either side of the middle,
        // the recent heaps.
        let mut c = Cells::<u16>::spill(&spill(64 * page, Duration::from_secs(3600))).unwrap();
        let n = 4 << 20;
        c.reserve(n);
        for i in 0..n {
            c.push(value(i));
        }
        let sum: u64 = c.iter().map(|&v| v as u64).sum();
        assert!(sum > 0);
        let Some(before) = resident(c.as_ptr()) else {
            return; // no /proc here
        };
        assert!(before >= 8 << 20, "{before}");
        c.trim();
        let after = resident(c.as_ptr()).unwrap();
        assert!(after <= 68 * page as u64, "{before} -> {after}");
        assert!(c.iter().enumerate().all(|(i, &v)| v == value(i)));
    }
}
