//! The records of a survey as a table: aligned columns for people, CSV
//! lines for spreadsheets, and the merged records with the codes missing
//! as one serde report.

use std::fmt::Write as _;

use serde::Serialize;

use super::Record;

/// The records of several files merged, with the codes expected that none
/// of them holds.
#[derive(Serialize, Debug)]
pub struct Merged {
    /// Every code once, sorted.
    pub records: Vec<Record>,
    /// The expected codes no file holds (`null` when none were expected).
    pub missing: Option<Vec<String>>,
}

impl Merged {
    /// The table, then a line with the codes missing when some were
    /// expected.
    pub fn text(&self) -> String {
        let mut text = table(&self.records);
        if let Some(m) = &self.missing {
            let _ = writeln!(
                text,
                "missing: {}",
                if m.is_empty() {
                    "none".into()
                } else {
                    format!("{} ({})", m.len(), m.join(" "))
                }
            );
        }
        text
    }
}

/// The first codes of a long list, for a one-line message.
pub fn abbreviated(codes: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut s = codes[..codes.len().min(SHOWN)].join(" ");
    if codes.len() > SHOWN {
        let _ = write!(s, " ... ({} more)", codes.len() - SHOWN);
    }
    s
}

/// The value, or an empty cell.
fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// The columns of the table and of the CSV lines, by name.
const COLUMNS: [&str; 16] = [
    "code",
    "status",
    "period",
    "preperiod",
    "saltus",
    "computed",
    "max_value",
    "engine",
    "rare_mask",
    "rare_parity",
    "rare_count",
    "last_rare",
    "checksum",
    "to",
    "error",
    "seconds",
];

/// A record's cells, by [`COLUMNS`]; `hex` writes the rare mask in hexadecimal.
fn cells(r: &Record, hex: bool) -> Vec<String> {
    vec![
        r.code.clone(),
        r.status.word().to_string(),
        opt(r.period),
        opt(r.preperiod),
        opt(r.saltus),
        opt(r.computed),
        opt(r.max_value),
        opt(r.engine.clone()),
        match (r.rare_mask, hex) {
            (Some(m), true) => format!("{m:#x}"),
            (m, _) => opt(m),
        },
        opt(r.rare_parity),
        opt(r.rare_count),
        opt(r.last_rare),
        opt(r.checksum.clone()),
        r.to.to_string(),
        opt(r.error.clone()),
        format!("{:.3}", r.seconds),
    ]
}

/// CSV lines: a header, then one line per code; `seconds` is the last
/// column, so the rest compares across runs.
pub fn csv(records: &[Record]) -> String {
    let quote = |s: String| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s
        }
    };
    let mut out = COLUMNS.join(",");
    out.push('\n');
    for r in records {
        let line: Vec<String> = cells(r, false).into_iter().map(quote).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// The records as aligned columns (the error, if any, at the end of its line).
pub fn table(records: &[Record]) -> String {
    let shown: Vec<usize> = (0..COLUMNS.len())
        .filter(|&i| COLUMNS[i] != "error")
        .collect();
    let rows: Vec<Vec<String>> = records.iter().map(|r| cells(r, true)).collect();
    let width = |i: usize| {
        rows.iter()
            .map(|row| row[i].chars().count())
            .chain(std::iter::once(COLUMNS[i].len()))
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..COLUMNS.len()).map(width).collect();
    let line = |cells: Vec<&str>| -> String {
        let mut s = shown
            .iter()
            .map(|&i| format!("{:<w$}", cells[i], w = widths[i]))
            .collect::<Vec<_>>()
            .join("  ");
        let error = cells[COLUMNS.len() - 2];
        if !error.is_empty() && error != "error" {
            let _ = write!(s, "  {}", crate::escape::one_line(error));
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(COLUMNS.to_vec());
    for row in &rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    let _ = writeln!(out, "{} codes", records.len());
    out
}
