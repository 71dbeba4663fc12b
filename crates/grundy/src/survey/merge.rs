//! Reading record files back and combining them.
//!
//! A record file holds one JSON [`Record`] per line, each written whole and
//! followed by a newline. A run killed while writing leaves a last line
//! without its newline: [`scan`] leaves it out and says where the clean
//! part ends, so a resumed run cuts the file there and carries on. Any other
//! line that is not a record, a last line without its newline that does not
//! begin as a record line does included, is an error: the file is not a
//! record file (a file of NUL bytes is not one with a torn line).
//!
//! ```
//! use grundy::survey::merge::{merge, scan};
//! use grundy::survey::run::survey_code;
//! let a = survey_code("0.07", 1000, &|| false).unwrap().to_line();
//! let b = survey_code("0.77", 1000, &|| false).unwrap().to_line();
//! let text = format!("{b}\n{a}\n{{\"code\":\"0.1");
//! let s = scan(&text).unwrap();
//! assert_eq!((s.records.len(), s.clean_len, s.torn), (2, a.len() + b.len() + 2, true));
//! let all = merge(vec![s.records.clone(), s.records]).unwrap();
//! assert_eq!(all.iter().map(|r| r.code.as_str()).collect::<Vec<_>>(), ["0.07", "0.77"]);
//! ```

use std::collections::BTreeMap;

use super::Record;

/// The records of a file's text.
#[derive(Clone, Debug, PartialEq)]
pub struct Scan {
    /// The complete records, in file order.
    pub records: Vec<Record>,
    /// Bytes up to the end of the last complete line.
    pub clean_len: usize,
    /// Whether a torn last line follows them.
    pub torn: bool,
}

/// A line that is not a record, or two records that disagree.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// A complete line that is not a record.
    #[error("line {line} is not a survey record ({message})")]
    NotARecord {
        /// 1-based line number.
        line: usize,
        /// Why it could not be read.
        message: String,
    },
    /// The same code with different results.
    #[error("{code} is there twice with different results (checksum {a} to heap {a_to}, checksum {b} to heap {b_to})")]
    Conflict {
        /// The code.
        code: String,
        /// One checksum.
        a: String,
        /// Its last heap.
        a_to: u64,
        /// The other.
        b: String,
        /// Its last heap.
        b_to: u64,
    },
}

/// How every record line begins ([`Record::to_line`] writes the code first).
const RECORD_START: &str = "{\"code\":";

/// The records of a record file's text; see the module documentation.
pub fn scan(text: &str) -> Result<Scan, MergeError> {
    let mut records = Vec::new();
    let mut at = 0;
    for (k, line) in text.split_inclusive('\n').enumerate() {
        let Some(body) = line.strip_suffix('\n') else {
            let start = line.trim_start();
            if !(start.starts_with(RECORD_START) || RECORD_START.starts_with(start)) {
                return Err(MergeError::NotARecord {
                    line: k + 1,
                    message: "the last line has no newline and does not begin as a record does"
                        .into(),
                });
            }
            return Ok(Scan {
                records,
                clean_len: at,
                torn: true,
            });
        };
        at += line.len();
        if body.trim().is_empty() {
            continue;
        }
        let r: Record = serde_json::from_str(body).map_err(|e| MergeError::NotARecord {
            line: k + 1,
            message: e.to_string(),
        })?;
        records.push(r);
    }
    Ok(Scan {
        records,
        clean_len: at,
        torn: false,
    })
}

/// Every code once, sorted by code. Records of one code that agree (the
/// time taken aside) are kept once; records that differ are refused.
pub fn merge(sets: Vec<Vec<Record>>) -> Result<Vec<Record>, MergeError> {
    let mut by_code: BTreeMap<String, Record> = BTreeMap::new();
    for r in sets.into_iter().flatten() {
        match by_code.get(&r.code) {
            Some(old) if !old.same_result(&r) => {
                let sum = |r: &Record| r.checksum.clone().unwrap_or_else(|| "none".into());
                return Err(MergeError::Conflict {
                    code: r.code.clone(),
                    a: sum(old),
                    a_to: old.to,
                    b: sum(&r),
                    b_to: r.to,
                });
            }
            Some(_) => {}
            None => {
                by_code.insert(r.code.clone(), r);
            }
        }
    }
    Ok(by_code.into_values().collect())
}

/// The codes of `expected` that no record holds, in their order.
pub fn missing(expected: &[String], records: &[Record]) -> Vec<String> {
    let have: std::collections::HashSet<&str> = records.iter().map(|r| r.code.as_str()).collect();
    expected
        .iter()
        .filter(|c| !have.contains(c.as_str()))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::survey::run::survey_code;
    use proptest::prelude::*;

    fn record(code: &str) -> Record {
        survey_code(code, 500, &|| false).unwrap()
    }

    #[test]
    fn conflicting_records_are_refused() {
        let a = record("0.07");
        let mut b = a.clone();
        b.seconds += 1.0;
        assert_eq!(merge(vec![vec![a.clone()], vec![b]]).unwrap().len(), 1);
        let c = survey_code("0.07", 40, &|| false).unwrap();
        let e = merge(vec![vec![a], vec![c]]).unwrap_err().to_string();
        assert!(e.contains("0.07 is there twice"), "{e}");
    }

    #[test]
    fn lines_that_are_not_records_are_refused() {
        let a = record("0.07").to_line();
        let e = scan(&format!("{a}\nhello\n{a}\n")).unwrap_err();
        assert_eq!(
            e.to_string().split(' ').take(2).collect::<Vec<_>>(),
            ["line", "2"]
        );
        assert_eq!(scan("").unwrap().records.len(), 0);
        // A last line without its newline is torn only if a record began there.
        let torn = scan(&format!("{a}\n{}", &a[..5])).unwrap();
        assert_eq!((torn.records.len(), torn.torn), (1, true));
        for junk in ["\0\0\0", "hello", "[1,2]"] {
            let e = scan(&format!("{a}\n{junk}")).unwrap_err().to_string();
            assert!(e.starts_with("line 2 is not a survey record"), "{e}");
        }
        assert_eq!(scan("\n\n").unwrap().clean_len, 2);
    }

    #[test]
    fn missing_codes_are_listed_in_order() {
        let expected: Vec<String> = ["0.05", "0.07", "0.77"].map(String::from).to_vec();
        assert_eq!(missing(&expected, &[record("0.07")]), ["0.05", "0.77"]);
    }

    proptest! {
        /// Cutting a record file anywhere loses at most the line cut, and
        /// the clean part is a prefix of whole lines.
        #[test]
        fn a_file_cut_anywhere_keeps_its_whole_lines(cut in 0usize..2000) {
            let lines: Vec<String> = ["0.07", "0.77", "0.16", "4.7"].iter().map(|c| record(c).to_line()).collect();
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            let cut = cut.min(text.len());
            let s = scan(&text[..cut]).unwrap();
            let whole = text[..cut].matches('\n').count();
            prop_assert_eq!(s.records.len(), whole);
            prop_assert_eq!(s.clean_len, lines[..whole].iter().map(|l| l.len() + 1).sum::<usize>());
            prop_assert_eq!(s.torn, s.clean_len < cut);
        }
    }
}
