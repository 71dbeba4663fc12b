//! A sequence file verified as a long run: every value re-derived from the
//! stored values of smaller heaps ([`crate::heap::verify`]) in parallel
//! blocks, optionally one shard of the range only, the file's checksum
//! checked, and its claim of periodicity, if it carries one, checked from
//! the values ([`crate::heap::certificate`]); [`merged`] makes one report
//! of the reports of the shards of a file.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, AtomicU64};
//! use grundy::job::verify::{Outcome, VerifyRequest};
//! let dir = std::env::temp_dir().join(format!("grundy-job-verify-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("kayles.gsq");
//! grundy::heap::store::write(&path, "0.77", &[0, 1, 2, 3, 1, 4, 3, 2, 1]).unwrap();
//! let job = VerifyRequest::new(&path).prepare().unwrap();
//! let outcome = job.run(&AtomicBool::new(false), &AtomicU64::new(0)).unwrap();
//! let Outcome::Done(report) = outcome else { panic!("not interrupted") };
//! assert!(report.clean && report.certified);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64};

use serde::{Deserialize, Serialize};

use super::Error;
use crate::heap::certificate::{self, ClaimCheck};
use crate::heap::rule::HeapRule;
use crate::heap::sequence;
use crate::heap::store::{self, Header, Mapped, MappedValues};
use crate::heap::verify::{self, Method, Verification};
use crate::survey::shard::Shard;

/// A verification as asked for.
#[derive(Clone, Debug)]
pub struct VerifyRequest {
    /// The sequence file.
    pub path: PathBuf,
    /// First heap of the range (default 0).
    pub from: Option<u64>,
    /// Last heap of the range (default: the file's last).
    pub to: Option<u64>,
    /// `(i, n)`: only the `i`-th of `n` equal contiguous parts of the
    /// range (and of the claim's window).
    pub shard: Option<(u64, u64)>,
    /// Worker threads.
    pub threads: usize,
}

impl VerifyRequest {
    /// The whole of the file at `path`, on every core.
    pub fn new(path: &Path) -> VerifyRequest {
        VerifyRequest {
            path: path.to_path_buf(),
            from: None,
            to: None,
            shard: None,
            threads: super::cores(),
        }
    }
}

/// `i/n` of a shard, named `--shard` in errors.
pub fn parse_shard(text: &str) -> Result<(u64, u64), Error> {
    text.parse::<Shard>()
        .map(|s| (s.index, s.count))
        .map_err(|e| Error::new(format!("--shard '{text}': {}", e.message)))
}

/// A verification checked up front, its file open.
pub struct Prepared {
    request: VerifyRequest,
    header: Header,
    rule: HeapRule,
    from: u64,
    to: u64,
    /// The part of the claim's window checked: `None` for the whole of it,
    /// and no check at all (`None` outside) when a range was given.
    claim_part: Option<Option<(u64, u64)>>,
    computed: u32,
    mapped: Mapped,
}

impl VerifyRequest {
    /// Reads the header, checks the range, the rule and the checksum (in
    /// one pass that holds nothing) and maps the values, read in place: a
    /// file larger than memory costs only the pages being read.
    pub fn prepare(self) -> Result<Prepared, Error> {
        let path = &self.path;
        if path.is_dir() {
            return Err(Error::new(format!(
                "{} is a directory, not a sequence file",
                path.display()
            )));
        }
        let header = store::read_header(path).map_err(|e| Error::new(e.to_string()))?;
        let rule: HeapRule = header.rule.parse().map_err(|e| {
            Error::new(format!(
                "{}: rule '{}' in the header: {e}",
                path.display(),
                header.rule
            ))
        })?;
        let Some(last) = header.count.checked_sub(1) else {
            return Err(Error::new(format!("{} holds no values", path.display())));
        };
        let from = self.from.unwrap_or(0);
        let to = self.to.unwrap_or(last);
        if to > last {
            return Err(Error::new(format!(
                "--to {to}: {} holds G(0..={last})",
                path.display()
            )));
        }
        if from > to {
            return Err(Error::new(format!("--from {from} is past --to {to}")));
        }
        let (from, to) = match self.shard {
            Some((index, count)) => Shard { index, count }.range(from, to).ok_or_else(|| {
                Error::new(format!(
                    "--shard {index}/{count}: the range {from}..={to} has only {} heaps",
                    to - from + 1
                ))
            })?,
            None => (from, to),
        };
        // Heaps as far as the engine that writes such files counts them.
        sequence::check(&rule, to, sequence::Method::Auto).map_err(|_| {
            Error::new(format!(
                "{}: --to {to}: verify checks heaps up to {}",
                path.display(),
                sequence::max_heap(&rule, sequence::Method::Auto)
            ))
        })?;
        if rule.scale() != 1 {
            return Err(Error::new(format!(
                "{}: {}",
                path.display(),
                verify::VerifyError::Scaled(rule.to_string(), rule.scale())
            )));
        }
        Ok(Prepared {
            header: header.clone(),
            rule,
            from,
            to,
            claim_part: self.claim_part(&header),
            computed: self.scan()?,
            mapped: Mapped::open(path).map_err(|e| Error::new(e.to_string()))?,
            request: self,
        })
    }

    /// The claim is checked with the whole file or a shard of it: shard
    /// `i/n` checks the `i`-th of `n` parts of the claim's window too.
    fn claim_part(&self, header: &Header) -> Option<Option<(u64, u64)>> {
        let whole = self.from.is_none() && self.to.is_none();
        match (header.claim, whole) {
            (Some(c), true) => Some(self.shard.map(|(i, n)| {
                let len = c.window_end.saturating_sub(c.preperiod) as u128;
                let at = |k: u64| c.preperiod + (len * k as u128 / n as u128) as u64;
                (at(i - 1), at(i))
            })),
            _ => None,
        }
    }

    /// The checksum of the values.
    fn scan(&self) -> Result<u32, Error> {
        let scanned = store::scan(&self.path, 0).map_err(|e| Error::new(e.to_string()))?;
        Ok(scanned.computed)
    }
}

/// How a verification ended.
#[derive(Debug)]
pub enum Outcome {
    /// Every heap of the range was looked at (or a wrong value found).
    Done(Box<Report>),
    /// Stopped by the cancel flag after `checked` of `total` heaps:
    /// nothing is certified.
    Interrupted {
        /// Heaps checked.
        checked: u64,
        /// Heaps of the range.
        total: u64,
    },
}

impl Prepared {
    /// Heaps of the range.
    pub fn total(&self) -> u64 {
        self.to - self.from + 1
    }

    /// Verifies the range, counting the heaps checked in `done` and
    /// stopping at the next block once `stop` is raised.
    pub fn run(&self, stop: &AtomicBool, done: &AtomicU64) -> Result<Outcome, Error> {
        let options = verify::Options {
            threads: self.request.threads,
            stop: Some(stop),
            done: Some(done),
        };
        let (rule, range) = (&self.rule, self.from..=self.to);
        let path = &self.request.path;
        let result = match self.mapped.values() {
            MappedValues::Narrow(g) => verify::verify(rule, g, range, &options),
            MappedValues::Wide(g) => verify::verify(rule, g, range, &options),
        }
        .map_err(|e| Error::new(format!("{}: {e}", path.display())))?;
        if result.interrupted {
            return Ok(Outcome::Interrupted {
                checked: result.checked,
                total: self.total(),
            });
        }
        let header = &self.header;
        let claim = match (header.claim, self.claim_part) {
            (Some(c), Some(part)) => Some(match self.mapped.values() {
                MappedValues::Narrow(g) => certificate::check_claim(rule, g, &c, part),
                MappedValues::Wide(g) => certificate::check_claim(rule, g, &c, part),
            }),
            _ => None,
        };
        Ok(Outcome::Done(Box::new(finish(Report {
            file: path.display().to_string(),
            rule: header.rule.clone(),
            count: header.count,
            shard: self.request.shard.map(|(i, n)| [i, n]),
            verification: result,
            checksum: Checksum {
                header: format!("{:08X}", header.checksum),
                values: format!("{:08X}", self.computed),
                matches: self.computed == header.checksum,
            },
            claim,
            proven: None,
            clean: false,
            certified: false,
        }))))
    }
}

/// The report of a verification, as printed with `--json` (and read back
/// to merge the reports of shards).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The file (the files, for a merge).
    pub file: String,
    /// The rule in the header.
    pub rule: String,
    /// Values in the file, `G(0)` included.
    pub count: u64,
    /// `[i, n]` for shard `i/n`; `null` for a whole file or a merge.
    pub shard: Option<[u64; 2]>,
    /// What the check of the values found.
    #[serde(flatten)]
    pub verification: Verification,
    /// The checksum in the header and from the values.
    pub checksum: Checksum,
    /// The check of the file's claim of periodicity (`null` when the file
    /// carries none, or a range was given).
    pub claim: Option<ClaimCheck>,
    /// What the check of the claim proved, or why not, in one sentence.
    pub proven: Option<String>,
    /// No wrong value, a matching checksum, and the claim (if checked)
    /// holding.
    pub clean: bool,
    /// Clean, over every value of the file and, when it carries a claim,
    /// the claim's whole window.
    pub certified: bool,
}

/// A file's checksum, recorded and computed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Checksum {
    /// Recorded in the header, 8 hexadecimal digits.
    pub header: String,
    /// Computed from the values.
    pub values: String,
    /// Whether they are the same.
    pub matches: bool,
}

/// Fills in what a report concludes from its checks.
fn finish(mut r: Report) -> Report {
    let v = &r.verification;
    let claim_holds = r.claim.as_ref().is_none_or(|c| c.holds);
    r.clean = r.checksum.matches && v.first_wrong.is_none() && !v.interrupted && claim_holds;
    r.proven = r.claim.as_ref().map(certificate::statement);
    let every_value = v.from == 0 && v.to + 1 == r.count && v.checked == r.count;
    let whole_window = r
        .claim
        .as_ref()
        .is_none_or(|c| (c.from, c.end) == (c.claim.preperiod, c.claim.window_end));
    r.certified = r.clean && r.shard.is_none() && every_value && whole_window;
    r
}

/// The report as text.
pub fn text(r: &Report) -> String {
    let path = Path::new(&r.file);
    let v = &r.verification;
    let mut out = format!("{}: {}, G(0..={})\n", path.display(), r.rule, r.count - 1);
    out.push_str(&format!("range: heaps {}..={}", v.from, v.to));
    if let Some([i, n]) = r.shard {
        out.push_str(&format!(" (shard {i}/{n})"));
    }
    out.push('\n');
    match (v.method, v.rare_mask) {
        (Method::RareCommon, Some(m)) => out.push_str(&format!(
            "method: rare/common (mask {}{}, {} rare heaps up to {})\n",
            m.mask,
            if m.domain {
                " with the heap's parity"
            } else {
                ""
            },
            v.rare_count,
            v.to
        )),
        _ => out.push_str("method: the mex over every option\n"),
    }
    if r.checksum.matches {
        out.push_str(&format!(
            "checksum: {}, matches the values\n",
            r.checksum.header
        ));
    } else {
        out.push_str(&format!(
            "checksum: {} in the header, {} from the values: the file is damaged\n",
            r.checksum.header, r.checksum.values
        ));
    }
    match v.first_wrong {
        None => out.push_str(&format!("result: all {} values are right\n", v.checked)),
        Some(w) => {
            out.push_str(&format!(
                "result: G({}) is wrong: stored {}, derived {}",
                w.position, w.stored, w.derived
            ));
            if w.position > v.from {
                out.push_str(&format!(
                    " (heaps {}..={} are right)",
                    v.from,
                    w.position - 1
                ));
            }
            out.push('\n');
        }
    }
    if let (Some(c), Some(proven)) = (&r.claim, &r.proven) {
        let (n0, p) = (c.claim.preperiod, c.claim.period);
        out.push_str(&format!(
            "claim: G(n + {p}) = G(n) for n >= {n0}, window {n0} <= n < {}\n",
            c.claim.window_end
        ));
        let label = if c.holds { "proven" } else { "claim" };
        match proven.strip_prefix("claim ") {
            Some(rest) => out.push_str(&format!("{label}: {rest}\n")),
            None => out.push_str(&format!("{label}: {proven}\n")),
        }
    }
    if r.certified {
        out.push_str("certified: every value");
        if r.claim.is_some() {
            out.push_str(" and the claim");
        }
        out.push('\n');
    }
    out
}

/// The report of the whole file from those of its parts, which must be of
/// one file and cover its values (and its claim's window) exactly once.
pub fn merged(mut reports: Vec<Report>) -> Result<Report, Error> {
    let err = |m: String| Error::new(format!("--merge: {m}"));
    if reports.is_empty() {
        return Err(err("no report given".into()));
    }
    reports.sort_by_key(|r| r.verification.from);
    let first = &reports[0];
    for r in &reports[1..] {
        if (&r.rule, r.count, &r.checksum.header)
            != (&first.rule, first.count, &first.checksum.header)
        {
            return Err(err(format!(
                "{} and {} are reports of different files ({} with {} values, checksum {}; {} with {}, checksum {})",
                first.file, r.file, first.rule, first.count, first.checksum.header, r.rule, r.count, r.checksum.header
            )));
        }
        if r.claim.is_some() != first.claim.is_some() {
            return Err(err(format!(
                "{} checks a claim and {} does not",
                if r.claim.is_some() {
                    &r.file
                } else {
                    &first.file
                },
                if r.claim.is_some() {
                    &first.file
                } else {
                    &r.file
                },
            )));
        }
    }
    let mut next = 0u64;
    for r in &reports {
        let v = &r.verification;
        if v.from != next {
            return Err(err(match v.from < next {
                true => format!("the ranges overlap at heap {}", v.from),
                false => format!("heaps {next}..={} are in no report", v.from - 1),
            }));
        }
        next = v.to + 1;
    }
    if next != first.count {
        return Err(err(format!(
            "heaps {next}..={} are in no report",
            first.count - 1
        )));
    }
    let claim = match first.claim {
        Some(_) => {
            let parts: Vec<ClaimCheck> = reports.iter().filter_map(|r| r.claim.clone()).collect();
            Some(certificate::merge_checks(&parts).map_err(err)?)
        }
        None => None,
    };
    let last = &reports[reports.len() - 1].verification;
    let first_wrong = reports.iter().find_map(|r| r.verification.first_wrong);
    // Heaps past a wrong value or an interruption were not all checked.
    let checked = reports.iter().map(|r| r.verification.checked).sum();
    let verification = Verification {
        from: 0,
        to: first.count - 1,
        checked,
        first_wrong,
        method: first.verification.method,
        rare_mask: last.rare_mask,
        rare_count: last.rare_count,
        interrupted: reports.iter().any(|r| r.verification.interrupted),
    };
    let matches = reports.iter().all(|r| r.checksum.matches);
    let files: Vec<&str> = reports.iter().map(|r| r.file.as_str()).collect();
    let mut files = files;
    files.dedup();
    Ok(finish(Report {
        file: files.join(", "),
        rule: first.rule.clone(),
        count: first.count,
        shard: None,
        verification,
        checksum: Checksum {
            header: first.checksum.header.clone(),
            values: first.checksum.values.clone(),
            matches,
        },
        claim,
        proven: None,
        clean: false,
        certified: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_syntax() {
        assert_eq!(parse_shard("2/8").unwrap(), (2, 8));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
