//! A survey as a long run ([`crate::survey`] computes the records): its
//! codes listed from a pattern or a list, refused up front when the list or
//! the codes under way would not fit in memory, resumed from its output
//! file (the codes already there skipped, a line torn by a killed run cut
//! off), run with a cancel flag, its progress in words ([`Survey::run`]).
//!
//! ```
//! use grundy::job::survey::resume;
//! let text = "{\"code\":\"0.07\",\"status\":\"proven\",\"to\":100,\"seconds\":0.1}\n{\"code\":\"0.";
//! let r = resume(text.as_bytes(), 100).unwrap();
//! assert!(r.done.contains("0.07") && r.torn);
//! assert!(resume(text.as_bytes(), 200).is_err());
//! ```

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::platform::available_memory;
use super::{size, Error};
use crate::heap::rule::HeapRule;
use crate::heap::sequence::{self, Method};
use crate::survey::run::{self, Event};
use crate::survey::shard::Shard;
use crate::survey::{merge, pattern, Record};

/// Most codes a survey takes without being told it is a large one.
pub const LARGE_SURVEY: usize = 1 << 20;

/// Memory a listed code of `len` bytes takes while a survey starts: its
/// text with its allocation's overhead, and its place in the list, in the
/// shard's list and in the list of codes to compute.
fn list_bytes(len: usize) -> u64 {
    (len.next_multiple_of(16) as u64 + 16 + 3 * 24) + 2 * 8
}

/// Refuses, with the estimate, a survey of more than [`LARGE_SURVEY`]
/// codes unless `large` says to run it: listing its codes alone takes
/// gigabytes, and its work is up to `to + 1` heaps per code. `what` names
/// the pattern or the list with its verb ("pattern '0.??' stands for"),
/// `split` how to make it smaller, `len` the longest code. A large survey
/// run anyway comes back with a note of the memory its list takes.
pub fn check_size(
    what: &str,
    split: &str,
    count: usize,
    len: usize,
    to: u64,
    large: bool,
) -> Result<Option<String>, Error> {
    let memory = (count as u64).saturating_mul(list_bytes(len));
    if count <= LARGE_SURVEY {
        return Ok(None);
    }
    let heaps = (count as u64).saturating_mul(to.saturating_add(1));
    if !large {
        return Err(Error::new(format!(
            "{what} {count} codes, more than the {LARGE_SURVEY} surveyed without --large: \
             listing them needs about {} of memory, and surveying them up to {heaps} heaps \
             ({} per code until its period is proven); give --large to run it, or {split}",
            size(memory),
            to.saturating_add(1)
        )));
    }
    Ok(Some(format!(
        "grundy: listing {count} codes (about {} of memory)",
        size(memory)
    )))
}

/// Refuses a survey whose codes, `workers` at a time, would not fit in
/// memory if none of them were proven periodic early.
pub fn check_memory(codes: &[String], to: u64, workers: usize) -> Result<(), Error> {
    let need = codes
        .iter()
        .filter_map(|c| c.parse::<HeapRule>().ok())
        .filter(|r| sequence::check(r, to, Method::Auto).is_ok())
        .map(|r| sequence::memory_estimate(&r, to, Method::Auto))
        .max()
        .unwrap_or(0)
        .saturating_mul(workers as u64);
    let have = available_memory();
    if need > have {
        return Err(Error::new(format!(
            "--to {to}: {workers} codes at a time need up to {} of memory, more than the {} available; give a smaller --to or fewer --threads",
            size(need),
            size(have)
        )));
    }
    Ok(())
}

/// What an output file holds for a survey resumed from it.
#[derive(Debug, Default)]
pub struct Resume {
    /// The codes already surveyed.
    pub done: HashSet<String>,
    /// Whether a torn last line (a run stopped while writing it) is to be
    /// cut off, at `clean_len`.
    pub torn: bool,
    /// Bytes up to the end of the last complete line.
    pub clean_len: usize,
    /// Whether the file ends without a line break after a complete record,
    /// so one must be written before the next.
    pub unterminated: bool,
}

/// Reads the records of a survey's output file, refusing one surveyed to
/// another last heap than `to`.
pub fn resume(bytes: &[u8], to: u64) -> Result<Resume, Error> {
    // Lossy: a torn last line may end inside a character.
    let text = String::from_utf8_lossy(bytes);
    let scan = merge::scan(&text).map_err(|e| Error::new(e.to_string()))?;
    if let Some(r) = scan.records.iter().find(|r| r.to != to) {
        return Err(Error::new(format!(
            "it holds {} surveyed to heap {}, not {to}; give another --out or the same --to",
            r.code, r.to
        )));
    }
    Ok(Resume {
        unterminated: !scan.torn && !bytes.is_empty() && !bytes.ends_with(b"\n"),
        done: scan.records.into_iter().map(|r| r.code).collect(),
        torn: scan.torn,
        clean_len: scan.clean_len,
    })
}

/// One line of progress for a finished code.
pub fn progress_words(r: &Record) -> String {
    let mut s = format!("{} {}", r.code, r.status.word());
    if let (Some(n0), Some(p)) = (r.preperiod, r.period) {
        let _ = write!(s, ", period {p} from {n0}");
    }
    if let Some(e) = &r.error {
        let _ = write!(s, ": {}", crate::escape::one_line(e));
    }
    let _ = write!(s, " ({:.2} s)", r.seconds);
    s
}

/// The codes under way, as (code, last heap computed), in words.
pub fn running_words(codes: &[(String, u64)]) -> String {
    let list: Vec<String> = codes
        .iter()
        .map(|(c, n)| format!("{c} at heap {n}"))
        .collect();
    list.join(", ")
}

/// Where a survey's codes come from.
#[derive(Clone, Debug)]
pub enum Source<'a> {
    /// A pattern such as `0.??`.
    Pattern(&'a str),
    /// A list of codes read from the file so named.
    List {
        /// The file's name, for messages.
        name: &'a str,
        /// The codes it holds.
        codes: Vec<String>,
    },
}

/// The codes of a pattern or a list, refused when there are none or too
/// many (see [`check_size`]); a large survey run anyway comes back with a
/// note of the memory its list takes.
pub fn list(source: Source, to: u64, large: bool) -> Result<(Vec<String>, Option<String>), Error> {
    match source {
        Source::Pattern(p) => {
            let count = pattern::count(p).map_err(|e| Error::new(e.to_string()))?;
            let what = format!("pattern '{}' stands for", p.trim());
            let split = "fix a digit of the pattern to split it";
            let note = check_size(&what, split, count, p.trim().len(), to, large)?;
            let codes = pattern::expand(p).map_err(|e| Error::new(e.to_string()))?;
            Ok((codes, note))
        }
        Source::List { name, codes } => {
            let longest = codes.iter().map(String::len).max().unwrap_or(0);
            let what = format!("the list of codes '{name}' holds");
            if codes.is_empty() {
                return Err(Error::new(format!("{what} no code")));
            }
            let split = "split the list";
            let note = check_size(&what, split, codes.len(), longest, to, large)?;
            Ok((codes, note))
        }
    }
}

/// A survey planned: the codes of its shard and how many run at once,
/// checked against the memory available.
#[derive(Clone, Debug)]
pub struct Survey {
    /// Codes in the whole survey.
    pub listed: usize,
    /// Whether they come from a list (not a pattern).
    pub from_list: bool,
    /// The shard surveyed.
    pub shard: Shard,
    /// The codes of the shard.
    pub mine: Vec<String>,
    /// The last heap of each code.
    pub to: u64,
    /// Codes computed at once.
    pub workers: usize,
}

/// What a survey reports as it goes.
pub enum Report<'a> {
    /// A line for the log: what the run does, a finished code, the codes
    /// under way.
    Note(String),
    /// A finished code's record, to be kept.
    Record(&'a Record),
}

impl Survey {
    /// The shard `shard` of `codes`, `threads` codes at a time, refused
    /// when the codes under way would not fit in memory.
    pub fn new(
        codes: &[String],
        from_list: bool,
        shard: Shard,
        threads: usize,
        to: u64,
    ) -> Result<Survey, Error> {
        let mine = shard.select(codes);
        let workers = threads.min(mine.len()).max(1);
        check_memory(&mine, to, workers)?;
        Ok(Survey {
            listed: codes.len(),
            from_list,
            shard,
            mine,
            to,
            workers,
        })
    }

    /// Surveys the codes not in `done` (the records of `kept`, the output
    /// file resumed from), handing each record and each line for the log to
    /// `report` (an error there stops the survey). Stops early, with an
    /// error saying how to go on, once `cancel` is raised.
    pub fn run(
        &self,
        done: &HashSet<String>,
        kept: Option<&Path>,
        cancel: &AtomicBool,
        tick: Duration,
        report: &mut dyn FnMut(Report) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let todo: Vec<String> = self
            .mine
            .iter()
            .filter(|c| !done.contains(*c))
            .cloned()
            .collect();
        let label = match kept {
            Some(p) => format!(" ({} already in {})", done.len(), p.display()),
            None => String::new(),
        };
        let from_list = if self.from_list { " from the list" } else { "" };
        let (listed, shard, to) = (self.listed, self.shard, self.to);
        if todo.is_empty() {
            return report(Report::Note(format!(
                "grundy: survey of {listed} codes{from_list}, shard {shard}: none to compute{label}, to heap {to}"
            )));
        }
        let workers = self.workers.min(todo.len());
        report(Report::Note(format!(
            "grundy: survey of {listed} codes{from_list}, shard {shard}: {} to compute{label}, to heap {to}, {workers} at a time",
            todo.len(),
        )))?;
        let total = todo.len();
        let mut finished = 0usize;
        let mut failure: Option<Error> = None;
        run::run(&todo, to, workers, cancel, tick, &mut |event| {
            let done = match event {
                Event::Done(r) => report(Report::Record(&r)).and_then(|()| {
                    finished += 1;
                    report(Report::Note(format!(
                        "grundy: [{finished}/{total}] {}",
                        progress_words(&r)
                    )))
                }),
                Event::Running(codes) => report(Report::Note(format!(
                    "grundy: [{finished}/{total}] under way: {}",
                    running_words(codes)
                ))),
            };
            match done {
                Ok(()) => true,
                Err(e) => {
                    failure = Some(e);
                    false
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        if finished < total {
            let again = match kept {
                Some(_) => "run the same command again to go on",
                None => "give --out FILE to keep finished codes across runs",
            };
            return Err(Error::new(format!(
                "interrupted after {finished} of {total} codes; {again}"
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_surveys_are_run_only_when_asked() {
        assert_eq!(check_size("p", "split", 10, 4, 100, false).unwrap(), None);
        let e = check_size("p stands for", "split", LARGE_SURVEY + 1, 6, 9, false).unwrap_err();
        assert!(
            e.0.contains("more than the 1048576 surveyed without --large"),
            "{e}"
        );
        let note = check_size("p", "split", LARGE_SURVEY + 1, 6, 9, true).unwrap();
        assert!(note.unwrap().starts_with("grundy: listing 1048577 codes"));
        assert!(check_memory(&["0.07".into()], 1000, 2).is_ok());
    }

    #[test]
    fn a_survey_skips_the_codes_done_and_says_how_to_go_on() {
        let (codes, note) = list(Source::Pattern("0.?7"), 500, false).unwrap();
        assert_eq!((codes.len(), note), (8, None));
        let survey = Survey::new(&codes, false, Shard::ALL, 2, 500).unwrap();
        let done: HashSet<String> = ["0.07".to_string()].into();
        let (mut records, mut notes) = (Vec::new(), Vec::new());
        let stop = AtomicBool::new(false);
        let tick = Duration::from_secs(60);
        survey
            .run(&done, Some(Path::new("o.jsonl")), &stop, tick, &mut |r| {
                match r {
                    Report::Record(r) => records.push(r.code.clone()),
                    Report::Note(n) => notes.push(n),
                }
                Ok(())
            })
            .unwrap();
        assert_eq!(records.len(), 7);
        assert!(!records.contains(&"0.07".to_string()));
        assert_eq!(
            notes[0],
            "grundy: survey of 8 codes, shard 1/1: 7 to compute (1 already in o.jsonl), to heap 500, 2 at a time"
        );
        let e = survey
            .run(&done, None, &AtomicBool::new(true), tick, &mut |_| Ok(()))
            .unwrap_err();
        assert!(
            e.0.ends_with("give --out FILE to keep finished codes across runs"),
            "{e}"
        );
        let e = list(
            Source::List {
                name: "l",
                codes: vec![],
            },
            5,
            false,
        )
        .unwrap_err();
        assert_eq!(e.0, "the list of codes 'l' holds no code");
    }
}
