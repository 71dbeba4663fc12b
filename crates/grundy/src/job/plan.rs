//! Whether a run of `G(0..=N)` keeps its values in memory or in a file with
//! only the hot part resident (`--memory LIMIT`, `--spill DIR`), decided up
//! front from the limit (or the memory the machine has available), the
//! engine's estimates and the free space of the disk; and whether the files
//! a run writes fit on their disks together.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{duration, size, Error};
use crate::heap::periodicity::Window;
use crate::heap::rc::Spill;
use crate::heap::rule::HeapRule;
use crate::heap::sequence::{self, Method};

/// Memory a run needs besides its values and the periodicity check: the
/// program, the engine's tables, the buffers of the output.
pub const OVERHEAD: u64 = 64 << 20;

/// The memory a run takes without `--memory` once its values would take
/// more: a code the rare/common engine computes then keeps its values in a
/// file with only the hot windows resident (what the next heaps read), so a
/// long run does not take a machine's memory from its other work. Other
/// rules keep their values in memory, within what the machine has.
pub const DEFAULT_MEMORY: u64 = 160 << 20;

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
pub fn plan(request: &Request) -> Result<Plan, Error> {
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
    let cap = limit.unwrap_or(if forced {
        have
    } else {
        have.min(DEFAULT_MEMORY)
    });
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
            return Err(Error::new(format!(
                "--spill: {rule} keeps its values in memory (only the rare/common engine's go to a file)"
            )));
        }
        if let Some(l) = limit {
            return Err(Error::new(format!(
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
            return Err(Error::new(format!(
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
            return Err(Error::new(format!(
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
) -> Result<(), Error> {
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
            return Err(Error::new(format!(
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

const GIB: f64 = (1u64 << 30) as f64;

/// How far a run may go in memory: `to` when everything fits, else the
/// last heap that fits when the rule may still turn out periodic (it will
/// then be computed no further than that); refused up front otherwise.
fn memory_reach(
    rule: &HeapRule,
    to: u64,
    method: Method,
    extra: u64,
    have: u64,
) -> Result<u64, Error> {
    let need = sequence::memory_estimate(rule, to, method).saturating_add(extra);
    if need <= have {
        return Ok(to);
    }
    let provable = Window::for_rule(rule) != Window::Unknown;
    // A run shortened to what fits lists its values from the period once
    // it is proven (and says so when it is not); what the listing itself
    // takes must fit.
    if !provable || extra >= have {
        return Err(Error::new(format!(
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
    fn without_a_limit_long_sparse_runs_keep_only_their_hot_windows() {
        let sparse: HeapRule = "0.167".parse().unwrap();
        // 2^26 values fit the default; 2^28 go to a file with the machine's
        // 20 GiB untouched.
        let p = plan(&Request {
            disk: Some(100 << 30),
            ..ask(&sparse, 1 << 26)
        });
        assert_eq!(p.unwrap().spill, None);
        let p = plan(&Request {
            disk: Some(100 << 30),
            ..ask(&sparse, 1 << 28)
        })
        .unwrap();
        let s = p.spill.expect("a file");
        assert!(s.resident as u64 + OVERHEAD <= DEFAULT_MEMORY, "{s:?}");
        // --memory above the default is taken as given.
        let p = plan(&Request {
            limit: Some(4 << 30),
            disk: Some(100 << 30),
            ..ask(&sparse, 1 << 28)
        });
        assert_eq!(p.unwrap().spill, None);
        // A rule whose values cannot go to a file stays in memory.
        let p = plan(&ask(&"sub:squares".parse().unwrap(), 1 << 28)).unwrap();
        assert_eq!((p.spill, p.reach), (None, 1 << 28));
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
        let e = crate::heap::sequence::check(&grundy(), 1 << 41, Method::Auto).unwrap_err();
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
