//! Surveys of whole families of take-and-break codes (every `0.??`, every
//! `4.???`): each code's Grundy sequence computed until its period is
//! proven or a last heap is reached, one [`Record`] per code.
//!
//! A survey is built to be split across machines and resumed: the codes
//! come in one canonical order ([`pattern`]), a [`shard::Shard`] deals them
//! round-robin, a record is one JSON line, and [`merge`] reads record files
//! back (ignoring a line torn by a killed run), refuses conflicting records
//! and tells which codes are missing. [`run`] computes the records, several
//! codes at a time.
//!
//! ```
//! use grundy::survey::{run::survey_code, SurveyStatus};
//! let r = survey_code("0.07", 10_000, &|| false).unwrap();
//! assert_eq!(r.status, SurveyStatus::Proven);
//! assert_eq!((r.preperiod, r.period), (Some(53), Some(34)));
//! let none = survey_code("0.00", 10_000, &|| false).unwrap();
//! assert_eq!(none.status, SurveyStatus::NoMoves);
//! let bad = survey_code("0.9x", 10_000, &|| false).unwrap();
//! assert_eq!(bad.status, SurveyStatus::Invalid);
//! ```

pub mod merge;
pub mod pattern;
pub mod run;
pub mod shard;
pub mod table;

use serde::{Deserialize, Serialize};

/// How a code's survey ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SurveyStatus {
    /// A periodicity theorem proves the period.
    Proven,
    /// The values repeat up to the last heap, without a proof.
    Observed,
    /// No repetition worth reporting up to the last heap.
    None,
    /// The code allows no move at all: every value is 0.
    NoMoves,
    /// The text is not a rule.
    Invalid,
    /// The engines refuse the rule at this size.
    Refused,
}

impl SurveyStatus {
    /// The word used in the JSON lines and tables.
    pub fn word(self) -> &'static str {
        match self {
            SurveyStatus::Proven => "proven",
            SurveyStatus::Observed => "observed",
            SurveyStatus::None => "none",
            SurveyStatus::NoMoves => "no-moves",
            SurveyStatus::Invalid => "invalid",
            SurveyStatus::Refused => "refused",
        }
    }
}

/// The outcome of one code, as one JSON line. Fields that do not apply
/// are `null`: the periodicity when none was seen, the rare/common figures
/// for rules another engine computed, everything but `error` for a code
/// that was not computed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The code as listed.
    pub code: String,
    /// The last heap asked for.
    pub to: u64,
    /// Proven, observed, none, no-moves, invalid or refused.
    pub status: SurveyStatus,
    /// The period.
    pub period: Option<u64>,
    /// First heap of the periodic part.
    pub preperiod: Option<u64>,
    /// `G(n + period) - G(n)` in the periodic part (0 for plain periodicity).
    pub saltus: Option<i64>,
    /// The last heap computed: the least heap that carries the proof, or `to`.
    pub computed: Option<u64>,
    /// The largest value.
    pub max_value: Option<u32>,
    /// The engine that ran (`rc`, `naive`, ...).
    pub engine: Option<String>,
    /// The rare/common engine's rare mask.
    pub rare_mask: Option<u32>,
    /// Whether the heap's parity joins the mask (the "domain" variant).
    pub rare_parity: Option<bool>,
    /// Rare positions among the heaps computed.
    pub rare_count: Option<u64>,
    /// The last rare position.
    pub last_rare: Option<u64>,
    /// Fletcher's checksum of `G(0..=computed)`, 8 hexadecimal digits, as
    /// `grundy seq --stats` prints it.
    pub checksum: Option<String>,
    /// Seconds the code took.
    pub seconds: f64,
    /// Why the code was not computed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Record {
    /// A record of a code that was not computed.
    pub fn failed(code: &str, to: u64, status: SurveyStatus, error: String) -> Record {
        Record {
            code: code.to_string(),
            to,
            status,
            period: None,
            preperiod: None,
            saltus: None,
            computed: None,
            max_value: None,
            engine: None,
            rare_mask: None,
            rare_parity: None,
            rare_count: None,
            last_rare: None,
            checksum: None,
            seconds: 0.0,
            error: Some(error),
        }
    }

    /// The record as one line of JSON, without the newline.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a record is plain data")
    }

    /// Whether two records of one code say the same, the time taken aside.
    pub fn same_result(&self, other: &Record) -> bool {
        let mut a = self.clone();
        a.seconds = other.seconds;
        a == *other
    }
}
