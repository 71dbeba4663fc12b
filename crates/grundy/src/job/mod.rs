//! Long runs as jobs: the orchestration around the engines that a front
//! end (the command line, a notebook) drives, apart from how it shows
//! progress or reads its arguments.
//!
//! A job is asked for with a request struct, checked up front (memory,
//! disk, the files it will write) into a plan, then run with a progress
//! observer and a cancel flag ([`AtomicBool`](std::sync::atomic::AtomicBool),
//! raised by Ctrl-C or a `KeyboardInterrupt`); what it finds comes back as
//! a serde report with its text form.
//!
//! - [`plan`]: whether a run keeps its values in memory or in a file, and
//!   whether its files fit on their disks;
//! - [`platform`]: the memory and disk space the machine has;
//! - [`files`]: the sequence files a run writes, resumes from and reads;
//! - [`seq`]: `G(0..=N)` of a heap rule with checkpoints, resume and
//!   stop-when-proven, and its report ([`seq_report`]);
//! - [`survey`]: a survey's size and memory checks and its resumable
//!   output file;
//! - [`verify`]: a sequence file checked value by value, in shards, and
//!   the reports of shards merged.
//!
//! Errors are [`Error`]s: one line for the user.
//!
//! ```
//! use grundy::job::{parse_count, parse_size, size};
//! assert_eq!(parse_size("512M", "--memory").unwrap(), 512 << 20);
//! assert_eq!(parse_count("2^30", "--to").unwrap(), 1 << 30);
//! assert_eq!(size(3 << 30), "3221225472 bytes (3.0 GiB)");
//! ```

pub mod files;
pub mod plan;
pub mod platform;
pub mod seq;
pub mod seq_report;
pub mod survey;
pub mod verify;

pub use crate::family::Error;

use crate::family::text::parse_u64;

/// `bytes` in bytes and GiB, for messages.
pub fn size(bytes: u64) -> String {
    format!(
        "{bytes} bytes ({:.1} GiB)",
        bytes as f64 / (1u64 << 30) as f64
    )
}

/// `secs` seconds in words: `about 3 minutes`, `about 9.5 hours`.
pub fn duration(secs: f64) -> String {
    match secs {
        s if s < 90.0 => format!("about {s:.0} seconds"),
        s if s < 5400.0 => format!("about {:.0} minutes", s / 60.0),
        s => format!("about {:.1} hours", s / 3600.0),
    }
}

/// A size such as `2G`, `512M`, `1.5GiB`, `64k` or a number of bytes (the
/// units are powers of 1024); `what` names it in the error.
pub fn parse_size(text: &str, what: &str) -> Result<u64, Error> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => u32::MAX,
    };
    match number.parse::<f64>() {
        Ok(x) if shift != u32::MAX && x.is_finite() && x > 0.0 => {
            let bytes = x * (1u64 << shift) as f64;
            if bytes < u64::MAX as f64 {
                return Ok(bytes as u64);
            }
        }
        _ => {}
    }
    Err(Error::new(format!(
        "{what} '{text}': give a size such as 2G, 512M or a number of bytes"
    )))
}

/// A count such as `1000000`, `2^30` or `10^9`.
pub fn parse_count(text: &str, what: &str) -> Result<u64, Error> {
    if let Some((base, exp)) = text.trim().split_once('^') {
        let b = parse_u64(base.trim(), what)?;
        let e = parse_u64(exp.trim(), what)?;
        return u32::try_from(e)
            .ok()
            .and_then(|e| b.checked_pow(e))
            .ok_or_else(|| Error::new(format!("{what} {text} is larger than 2^64 - 1")));
    }
    parse_u64(text, what)
}

/// The worker threads asked for (`text`, named `what` in errors) between 1
/// and 1024, or `default` when none is asked for; `unit` ends the message
/// of a count out of range (` threads` or nothing).
pub fn parse_threads(
    text: Option<&str>,
    what: &str,
    unit: &str,
    default: usize,
) -> Result<usize, Error> {
    const MAX_THREADS: u64 = 1024;
    match text {
        Some(t) => match parse_u64(t, what)? {
            n @ 1..=MAX_THREADS => Ok(n as usize),
            n => Err(Error::new(format!(
                "{what} {n}: give between 1 and {MAX_THREADS}{unit}"
            ))),
        },
        None => Ok(default),
    }
}

/// The cores the machine has, at least one.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_counts() {
        assert_eq!(size(3 << 30), "3221225472 bytes (3.0 GiB)");
        assert_eq!(parse_size("2G", "--memory").unwrap(), 2 << 30);
        assert_eq!(parse_size("1.5GiB", "--memory").unwrap(), 3 << 29);
        assert_eq!(parse_size("4096", "--memory").unwrap(), 4096);
        for bad in ["", "G", "2X", "-1G", "0", "1e400"] {
            let e = parse_size(bad, "--memory").unwrap_err();
            assert!(e.0.contains("give a size"), "{bad}: {e}");
        }
        assert_eq!(parse_count("10^9", "--to").unwrap(), 1_000_000_000);
        assert_eq!(parse_count("123", "--to").unwrap(), 123);
        assert!(parse_count("2^64", "--to").is_err());
        assert_eq!(parse_threads(Some("3"), "--threads", "", 1).unwrap(), 3);
        let e = parse_threads(Some("0"), "--threads", " threads", 1).unwrap_err();
        assert_eq!(e.0, "--threads 0: give between 1 and 1024 threads");
    }
}
