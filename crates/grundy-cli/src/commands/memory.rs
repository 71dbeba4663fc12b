//! `grundy seq --memory LIMIT` and `--spill DIR`: whether a run keeps its
//! values in memory or in a file with only the hot part resident, decided
//! up front from the limit (or the memory the machine has available), the
//! estimates of the library and the free space of the disk.

use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy::heap::rc::Spill;
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{self, Method};

use crate::error::{CliError, CliResult};

/// Memory a run needs besides its values and the periodicity check: the
/// program, the engine's tables, the buffers of the output.
pub const OVERHEAD: u64 = 64 << 20;

/// The least memory given to the hot windows of a file-backed store.
pub const MIN_WINDOWS: u64 = 16 << 20;

/// How often a file-backed store hands its cold pages back.
const TRIM_EVERY: Duration = Duration::from_millis(50);

/// Heaps a second of Grundy's game on the rare/common engine, two threads
/// on a 2-core machine (docs/engine.md), for the time estimate.
const RATE: f64 = 1.0e6;

/// How a run keeps its values.
#[derive(Debug, PartialEq, Eq)]
pub struct Plan {
    /// The file-backed store, or `None` for memory.
    pub spill: Option<Spill>,
    /// The heap the run goes to (below `--to` when it does not fit and may
    /// still be proven periodic).
    pub reach: u64,
    /// A note for standard error about the file, its size and the time.
    pub note: Option<String>,
}

/// `secs` seconds in words: `about 3 minutes`, `about 9.5 hours`.
fn duration(secs: f64) -> String {
    match secs {
        s if s < 90.0 => format!("about {s:.0} seconds"),
        s if s < 5400.0 => format!("about {:.0} minutes", s / 60.0),
        s => format!("about {:.1} hours", s / 3600.0),
    }
}

/// Bytes of memory the machine has available, when it says.
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

/// `bytes` in bytes and GiB, for messages.
pub fn size(bytes: u64) -> String {
    format!(
        "{bytes} bytes ({:.1} GiB)",
        bytes as f64 / (1u64 << 30) as f64
    )
}

/// A size such as `2G`, `512M`, `1.5GiB`, `64k` or a number of bytes (the
/// units are powers of 1024).
pub fn parse_size(text: &str, what: &str) -> CliResult<u64> {
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
    Err(CliError::new(format!(
        "{what} '{text}': give a size such as 2G, 512M or a number of bytes"
    )))
}

/// A count such as `1000000`, `2^30` or `10^9`.
pub fn parse_count(text: &str, what: &str) -> CliResult<u64> {
    if let Some((base, exp)) = text.trim().split_once('^') {
        let b = crate::report::parse_u64(base.trim(), what)?;
        let e = crate::report::parse_u64(exp.trim(), what)?;
        return u32::try_from(e)
            .ok()
            .and_then(|e| b.checked_pow(e))
            .ok_or_else(|| CliError::new(format!("{what} {text} is larger than 2^64 - 1")));
    }
    crate::report::parse_u64(text, what)
}

/// Where a file-backed store's values go: `--spill DIR`, else next to the
/// `--out` file, else the system's temporary directory.
pub fn spill_dir(spill: Option<&Path>, out: Option<&Path>) -> PathBuf {
    match (spill, out) {
        (Some(d), _) => d.to_path_buf(),
        (None, Some(o)) => match o.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        },
        (None, None) => std::env::temp_dir(),
    }
}

/// What a run asks of memory and disk: the input of [`plan`].
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The rule.
    pub rule: &'a HeapRule,
    /// The last heap.
    pub to: u64,
    /// The engine asked for.
    pub method: Method,
    /// What the output needs besides the values.
    pub extra: u64,
    /// `--memory`.
    pub limit: Option<u64>,
    /// Whether `--spill` asks for a file whatever the size.
    pub forced: bool,
    /// Where the file would go.
    pub dir: &'a Path,
    /// The memory available.
    pub have: u64,
    /// The free space in `dir`, when known.
    pub disk: Option<u64>,
}

/// Decides how a run of `G(0..=to)` keeps its values: in memory, in memory
/// but shortened to what fits (a rule that may still turn out periodic), or
/// in a file with the hot windows resident; refused with the estimate
/// otherwise.
pub fn plan(request: &Request) -> CliResult<Plan> {
    let &Request {
        rule,
        to,
        method,
        extra,
        limit,
        forced,
        dir,
        have,
        disk,
    } = request;
    let in_memory = sequence::memory_estimate(rule, to, method).saturating_add(extra);
    let cap = limit.unwrap_or(have);
    let plain = |reach| Plan {
        spill: None,
        reach,
        note: None,
    };
    if !forced && in_memory.saturating_add(if limit.is_some() { OVERHEAD } else { 0 }) <= cap {
        return Ok(plain(to));
    }
    let Some(analysis) = sequence::spilled_estimate(rule, to, method) else {
        if forced {
            return Err(CliError::new(format!(
                "--spill: {rule} keeps its values in memory (only the rare/common engine's go to a file)"
            )));
        }
        if let Some(l) = limit {
            return Err(CliError::new(format!(
                "--memory {}: {rule} keeps its values in memory (only the rare/common engine's go to a file), and --to {to} needs about {}",
                size(l),
                size(in_memory)
            )));
        }
        return memory_reach(rule, to, method, extra, have).map(plain);
    };
    let fixed = OVERHEAD.saturating_add(analysis).saturating_add(extra);
    if fixed.saturating_add(MIN_WINDOWS) > cap {
        if limit.is_some() || forced {
            let what = match limit {
                Some(l) => format!("--memory {}", size(l)),
                None => format!("--spill, with {} of memory available", size(cap)),
            };
            return Err(CliError::new(format!(
                "{what}: --to {to} needs at least {} resident even with its values in a file (the periodicity check {}, the program and its tables {}, the hot windows {})",
                size(fixed.saturating_add(MIN_WINDOWS)),
                size(analysis),
                size(OVERHEAD.saturating_add(extra)),
                size(MIN_WINDOWS)
            )));
        }
        return memory_reach(rule, to, method, extra, have).map(plain);
    }
    let heaps = to.saturating_mul(rule.scale() as u64).saturating_add(1);
    let file = heaps.saturating_mul(2);
    if let Some(free) = disk {
        if file > free {
            // A rule that may still be proven periodic runs as far as memory
            // allows instead.
            if !forced && limit.is_none() {
                if let Ok(reach) = memory_reach(rule, to, method, extra, have) {
                    return Ok(plain(reach));
                }
            }
            return Err(CliError::new(format!(
                "--to {to}: the values need {} on disk in {} with only the hot part in memory, and {} are free there",
                size(file),
                dir.display(),
                size(free)
            )));
        }
    }
    // A quarter is left for the pages a full scan brings in between two
    // trims.
    let resident = (cap - fixed) / 4 * 3;
    let resident = resident.min(file).max(MIN_WINDOWS / 4 * 3);
    let note = format!(
        "grundy: --to {to}: values in a file in {} ({} on disk), about {} resident; {} at a million heaps a second",
        dir.display(),
        size(file),
        size(fixed.saturating_add(resident)),
        duration(heaps as f64 / RATE)
    );
    Ok(Plan {
        spill: Some(Spill {
            dir: dir.to_path_buf(),
            resident: resident.min(usize::MAX as u64) as usize,
            every: TRIM_EVERY,
        }),
        reach: to,
        note: Some(note),
    })
}

/// A file a run writes: the directory it goes in, the bytes it may add to
/// that disk at worst, and its name in messages.
#[derive(Clone, Debug)]
pub struct Need {
    /// Where the file goes.
    pub dir: PathBuf,
    /// Bytes it may take at once (a file replaced by rename is there twice
    /// for a moment).
    pub bytes: u64,
    /// What it is: `the values file`, `--out`, `--checkpoint`.
    pub what: &'static str,
}

/// Refuses up front the files of a run that together would not fit on
/// their disks: files on one filesystem (`device`) are added up and
/// compared with its free space (`free`); a disk whose free space is
/// unknown is not checked.
pub fn check_disks(
    to: u64,
    needs: &[Need],
    free: impl Fn(&Path) -> Option<u64>,
    device: impl Fn(&Path) -> Option<u64>,
) -> CliResult {
    let mut disks: Vec<(Option<u64>, &Path, Vec<&Need>)> = Vec::new();
    for need in needs.iter().filter(|n| n.bytes > 0) {
        let dev = device(&need.dir);
        match disks.iter_mut().find(|(d, dir, _)| {
            if dev.is_some() {
                *d == dev
            } else {
                *dir == need.dir
            }
        }) {
            Some((_, _, group)) => group.push(need),
            None => disks.push((dev, &need.dir, vec![need])),
        }
    }
    for (_, dir, group) in disks {
        let Some(have) = free(dir) else { continue };
        let total = group.iter().fold(0u64, |t, n| t.saturating_add(n.bytes));
        if total > have {
            let parts: Vec<String> = group
                .iter()
                .map(|n| format!("{} ({:.1} GiB)", n.what, n.bytes as f64 / GIB))
                .collect();
            return Err(CliError::new(format!(
                "--to {to}: {} need {} on the disk of {}, and {} are free there",
                parts.join(" and "),
                size(total),
                dir.display(),
                size(have)
            )));
        }
    }
    Ok(())
}

/// The filesystem holding `dir`, to add up the files going to one disk.
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

const GIB: f64 = (1u64 << 30) as f64;

/// How far a run may go in memory: `to` when everything fits, else the
/// last heap that fits when the rule may still turn out periodic (it will
/// then be computed no further than that); refused up front otherwise.
fn memory_reach(rule: &HeapRule, to: u64, method: Method, extra: u64, have: u64) -> CliResult<u64> {
    let need = sequence::memory_estimate(rule, to, method).saturating_add(extra);
    if need <= have {
        return Ok(to);
    }
    let provable = grundy::heap::periodicity::Window::for_rule(rule)
        != grundy::heap::periodicity::Window::Unknown;
    // A run shortened to what fits lists its values from the period once
    // it is proven (and says so when it is not); what the listing itself
    // takes must fit.
    if !provable || extra >= have {
        return Err(CliError::new(format!(
            "--to {to} needs about {} of memory, more than the {} available",
            size(need),
            size(have)
        )));
    }
    let per_heap = sequence::memory_estimate(rule, 1 << 20, method) >> 20;
    Ok((have / per_heap.max(1)).min(to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_bytes_and_gib() {
        assert_eq!(size(3 << 30), "3221225472 bytes (3.0 GiB)");
    }

    /// A request with no --memory, no --spill, 20 GiB available and the
    /// free disk space unknown.
    fn ask(rule: &HeapRule, to: u64) -> Request<'_> {
        Request {
            rule,
            to,
            method: Method::Auto,
            extra: 0,
            limit: None,
            forced: false,
            dir: Path::new("d"),
            have: 20 << 30,
            disk: None,
        }
    }

    fn grundy() -> HeapRule {
        "4!.0".parse().unwrap()
    }

    #[test]
    fn sizes_and_counts() {
        assert_eq!(parse_size("2G", "--memory").unwrap(), 2 << 30);
        assert_eq!(parse_size("512M", "--memory").unwrap(), 512 << 20);
        assert_eq!(parse_size("1.5GiB", "--memory").unwrap(), 3 << 29);
        assert_eq!(parse_size("4096", "--memory").unwrap(), 4096);
        for bad in ["", "G", "2X", "-1G", "0", "1e400"] {
            let e = parse_size(bad, "--memory").unwrap_err();
            assert!(e.0.contains("give a size"), "{bad}: {e}");
        }
        assert_eq!(parse_count("2^30", "--to").unwrap(), 1 << 30);
        assert_eq!(parse_count("10^9", "--to").unwrap(), 1_000_000_000);
        assert_eq!(parse_count("123", "--to").unwrap(), 123);
        assert!(parse_count("2^64", "--to").is_err());
    }

    #[test]
    fn runs_that_fit_stay_in_memory() {
        let p = plan(&Request {
            limit: Some(1 << 30),
            dir: Path::new("."),
            have: 1 << 30,
            ..ask(&grundy(), 1 << 20)
        });
        assert_eq!(p.unwrap().spill, None);
    }

    #[test]
    fn long_runs_go_to_a_file_within_the_limit() {
        let to = 1 << 30;
        let p = plan(&Request {
            limit: Some(2 << 30),
            disk: Some(30 << 30),
            ..ask(&grundy(), to)
        })
        .unwrap();
        let s = p.spill.expect("a file");
        assert_eq!(s.dir, Path::new("d"));
        // Within the limit, with the periodicity check and the overhead.
        assert!(s.resident as u64 + 4096 + OVERHEAD <= 2 << 30, "{s:?}");
        assert!(s.resident as u64 >= 1 << 30, "{s:?}");
        let note = p.note.unwrap();
        assert!(
            note.contains("2147483650 bytes (2.0 GiB) on disk"),
            "{note}"
        );
        assert!(
            note.contains("about 18 minutes at a million heaps a second"),
            "{note}"
        );
        // Without --memory: from what the machine has.
        let p = plan(&Request {
            have: 1 << 30,
            disk: Some(30 << 30),
            ..ask(&grundy(), to)
        })
        .unwrap();
        assert!(p.spill.unwrap().resident as u64 <= 1 << 30);
    }

    #[test]
    fn the_record_length_is_accepted_where_the_disk_holds_it() {
        let to = 1 << 35;
        let p = plan(&Request {
            disk: Some(100 << 30),
            ..ask(&grundy(), to)
        })
        .unwrap();
        assert!(p.spill.is_some());
        assert_eq!(p.reach, to);
        let note = p.note.unwrap();
        assert!(
            note.contains("68719476738 bytes (64.0 GiB) on disk"),
            "{note}"
        );
        assert!(note.contains("about 9.5 hours"), "{note}");
        let e = plan(&Request {
            disk: Some(60 << 30),
            ..ask(&grundy(), to)
        })
        .unwrap_err();
        assert!(
            e.0.contains("need 68719476738 bytes (64.0 GiB) on disk"),
            "{e}"
        );
        // In bounded memory: the periodicity check holds a few words.
        let p = plan(&Request {
            limit: Some(2 << 30),
            disk: Some(100 << 30),
            ..ask(&grundy(), to)
        })
        .unwrap();
        let s = p.spill.expect("a file");
        assert!(s.resident as u64 + 4096 + OVERHEAD <= 2 << 30, "{s:?}");
        // Past the engine's count of heaps: refused before any plan.
        let e = grundy::heap::sequence::check(&grundy(), 1 << 41, Method::Auto).unwrap_err();
        assert!(
            e.to_string().contains("counts heaps up to 1099511627775"),
            "{e}"
        );
    }

    #[test]
    fn a_rule_that_may_be_proven_periodic_runs_in_memory_when_the_disk_is_short() {
        let to = u32::MAX as u64 + 1;
        let p = plan(&Request {
            disk: Some(1 << 30),
            have: 1 << 30,
            ..ask(&"0.07".parse().unwrap(), to)
        })
        .unwrap();
        assert_eq!(p.spill, None);
        assert!(p.reach < to && p.reach > 1 << 20, "{p:?}");
    }

    #[test]
    fn files_on_one_disk_are_added_up() {
        let need = |dir: &str, bytes, what| Need {
            dir: PathBuf::from(dir),
            bytes,
            what,
        };
        let needs = [
            need("a", 40 << 30, "the values file"),
            need("b", 40 << 30, "--out"),
            need("c", 80 << 30, "--checkpoint"),
        ];
        // a and b share a disk with 100 GiB free, c has its own.
        let device = |d: &Path| Some(if d == Path::new("c") { 2 } else { 1 });
        let free = |d: &Path| {
            Some(if d == Path::new("c") {
                90 << 30
            } else {
                100 << 30
            })
        };
        assert!(check_disks(9, &needs, free, device).is_ok());
        let free = |d: &Path| {
            Some(if d == Path::new("c") {
                90 << 30
            } else {
                70 << 30
            })
        };
        let e = check_disks(9, &needs, free, device).unwrap_err();
        assert!(
            e.0.contains("the values file (40.0 GiB) and --out (40.0 GiB) need 85899345920 bytes (80.0 GiB) on the disk of a"),
            "{e}"
        );
        // Unknown free space is not checked; unknown devices count apart.
        assert!(check_disks(9, &needs, |_| None, device).is_ok());
        let free = |_: &Path| Some(50 << 30);
        let e = check_disks(9, &needs, free, |_| None).unwrap_err();
        assert!(e.0.contains("--checkpoint (80.0 GiB) need"), "{e}");
    }

    #[test]
    fn refusals_give_the_estimate() {
        let to = 1 << 30;
        let e = plan(&Request {
            limit: Some(64 << 20),
            ..ask(&grundy(), to)
        })
        .unwrap_err();
        assert!(
            e.0.contains("needs at least 83890176 bytes (0.1 GiB) resident"),
            "{e}"
        );
        assert!(e.0.contains("the periodicity check 4096 bytes"), "{e}");
        // A rule whose theorem may need less than two periods (a code
        // leaving one heap) keeps the full check, four bytes a value.
        let e = plan(&Request {
            limit: Some(1 << 30),
            ..ask(&"0.3".parse().unwrap(), to)
        })
        .unwrap_err();
        assert!(
            e.0.contains("the periodicity check 4294967300 bytes"),
            "{e}"
        );
        let e = plan(&Request {
            limit: Some(1 << 30),
            disk: Some(1 << 30),
            ..ask(&grundy(), to)
        })
        .unwrap_err();
        assert!(
            e.0.contains("need 2147483650 bytes (2.0 GiB) on disk in d"),
            "{e}"
        );
        assert!(
            e.0.contains("1073741824 bytes (1.0 GiB) are free there"),
            "{e}"
        );
        let e = plan(&Request {
            limit: Some(1 << 30),
            ..ask(&"sub:1,2,3".parse().unwrap(), to)
        })
        .unwrap_err();
        assert!(e.0.contains("keeps its values in memory"), "{e}");
        // --spill asks for a file whatever the size.
        let p = plan(&Request {
            forced: true,
            ..ask(&grundy(), 1000)
        })
        .unwrap();
        assert!(p.spill.is_some());
        let e = plan(&Request {
            method: Method::Naive,
            forced: true,
            ..ask(&"0.07".parse().unwrap(), 1000)
        })
        .unwrap_err();
        assert!(
            e.0.contains("--spill: 0.07 keeps its values in memory"),
            "{e}"
        );
    }
}
