//! The report of a sequence, computed or read: the values, the periodicity
//! in words, the largest value, the value counts, the P-positions, the
//! checksum and the rare/common engine's figures, as a serde struct
//! ([`SeqReport`]) and as text.

use std::fmt::Write as _;

use serde::Serialize;

use super::seq::SeqRun;
use crate::heap::periodicity::Status;
use crate::heap::rc::RcStats;
use crate::heap::sequence::{EngineKind, ProvenPeriod};

/// What is shown of a sequence besides its figures.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// The rule as labelled (`ranges:FILE` as given).
    pub label: String,
    /// The values and the P-positions from the first heap listed.
    pub values: bool,
    /// The rare/common engine's figures.
    pub stats: bool,
    /// The checksum in the text.
    pub checksum: bool,
}

/// The periodicity as printed.
#[derive(Serialize, Debug)]
pub struct PeriodicityReport {
    /// `proven`, `observed` or `none`.
    pub status: Status,
    /// First index of the periodic part.
    pub preperiod: Option<u64>,
    /// The period.
    pub period: Option<u64>,
    /// `G(n + period) - G(n)` in the periodic part.
    pub saltus: Option<i64>,
    /// How many values a proof needs, when a theorem applies.
    #[serde(skip)]
    pub values_for_proof: Option<u64>,
}

/// What `grundy seq --json` prints; `values` and `p_positions` (both over
/// `from..=to`) are left out with a summary only, `stats` is there with
/// the engine's figures asked for. The counts are over `0..=to`.
#[derive(Serialize, Debug)]
pub struct SeqReport {
    /// The rule's canonical form (`ranges:FILE` as given).
    pub rule: String,
    /// The first heap listed.
    pub from: u64,
    /// The last heap.
    pub to: u64,
    /// G(to).
    pub value: u32,
    /// G(from), ..., G(to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u32>>,
    /// Preperiod, period, status, saltus.
    pub periodicity: PeriodicityReport,
    /// The last heap actually computed (or read); later ones follow from
    /// the proven period.
    pub computed: u64,
    /// The engine that computed the values (`read` for a file).
    pub engine: EngineKind,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// How many heaps have each value, as `[value, count]` by value.
    pub value_counts: Vec<[u64; 2]>,
    /// How many heaps are P-positions.
    pub p_count: u64,
    /// Heaps with value 0 in `from..=to`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_positions: Option<Vec<u64>>,
    /// Fletcher's checksum of G(0..=to), 8 hexadecimal digits, as a
    /// sequence file holding these values records it.
    pub checksum: String,
    /// The rare/common engine's figures (`null` for other engines).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<Option<RcStats>>,
}

/// The report of a run's `G(0..=to)`, values listed from its first heap.
pub fn report(run: &SeqRun, shown: &Shown) -> SeqReport {
    let (s, from, f) = (&run.sequence, run.from, &run.figures);
    let p = s.periodicity();
    let value = |n: u64| s.value(n).expect("a complete sequence");
    let with_values = shown.values;
    SeqReport {
        rule: shown.label.clone(),
        from,
        to: s.to,
        value: value(s.to),
        values: with_values.then(|| (from..=s.to).map(value).collect()),
        periodicity: PeriodicityReport {
            status: p.status,
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            values_for_proof: p.values_for_proof,
        },
        computed: (s.computed() as u64).min(s.to),
        engine: s.engine,
        max_value: f.max_value,
        max_value_at: f.max_value_at,
        value_counts: f.value_counts.iter().map(|&(v, c)| [v as u64, c]).collect(),
        p_count: f.p_count,
        p_positions: with_values.then(|| (from..=s.to).filter(|&n| value(n) == 0).collect()),
        checksum: format!("{:08X}", f.checksum),
        stats: shown.stats.then(|| s.stats.clone()),
    }
}

/// The periodicity in words.
pub fn periodicity_words(p: &PeriodicityReport) -> String {
    match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::None, ..) => "none found".to_string(),
        (status, Some(n0), Some(per), Some(s)) => {
            let what = match (status, p.values_for_proof) {
                (Status::Observed, _) if s != 0 => {
                    "observed (no theorem here proves arithmetic periodicity)".to_string()
                }
                (Status::Proven, _) => {
                    "proven (the periodicity theorem's window has been checked)".to_string()
                }
                (_, Some(v)) => format!(
                    "observed (not proven: the periodicity theorem needs G(0..={}))",
                    v - 1
                ),
                (_, None) => "observed (no periodicity theorem covers this rule)".to_string(),
            };
            if s == 0 {
                format!("period {per} from n = {n0} (preperiod {n0}), {what}")
            } else {
                format!("G(n + {per}) = G(n) + {s} from n = {n0} (arithmetic periodicity, saltus {s}), {what}")
            }
        }
        _ => "none found".to_string(),
    }
}

/// The report as text; `checksum` adds the checksum line.
pub fn text(s: &SeqReport, period: Option<ProvenPeriod>, checksum: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: G(0..={})", s.rule, s.to);
    if let Some(v) = &s.values {
        for (i, chunk) in v.chunks(20).enumerate() {
            let line: Vec<String> = chunk.iter().map(u32::to_string).collect();
            let _ = writeln!(out, "{:>8}: {}", s.from + i as u64 * 20, line.join(" "));
        }
    }
    let _ = writeln!(out, "G({}) = {}", s.to, s.value);
    let _ = writeln!(out, "periodicity: {}", periodicity_words(&s.periodicity));
    if s.computed < s.to {
        let at = period.map_or(String::new(), |p| {
            format!(" (proven at heap {})", p.proven_at)
        });
        let _ = writeln!(
            out,
            "computed: G(0..={}){at}; the rest follows from the period",
            s.computed
        );
    }
    let _ = writeln!(
        out,
        "largest value: {} (first at n = {})",
        s.max_value, s.max_value_at
    );
    const SHOWN: usize = 32;
    let counts: Vec<String> = s
        .value_counts
        .iter()
        .take(SHOWN)
        .map(|[v, c]| format!("{v}: {c}"))
        .collect();
    let more = match s.value_counts.len() {
        n if n > SHOWN => format!(" ... ({n} distinct values; --json lists them all)"),
        _ => String::new(),
    };
    let _ = writeln!(out, "value counts: {}{more}", counts.join(", "));
    match &s.p_positions {
        Some(p) => {
            let list: Vec<String> = p.iter().map(u64::to_string).collect();
            let range = match s.from {
                0 => String::new(),
                a => format!(" in {a}..={}", s.to),
            };
            let _ = writeln!(out, "P-positions{range} ({}): {}", p.len(), list.join(" "));
        }
        None => {
            let _ = writeln!(out, "P-positions: {}", s.p_count);
        }
    }
    if let Some(stats) = &s.stats {
        stats_text(&mut out, stats.as_ref(), s.engine);
    }
    if checksum {
        let _ = writeln!(out, "checksum: {} (Fletcher, G(0..={}))", s.checksum, s.to);
    }
    out
}

fn stats_text(out: &mut String, stats: Option<&RcStats>, engine: EngineKind) {
    let Some(st) = stats else {
        let name = serde_json::to_value(engine).unwrap_or_default();
        let _ = writeln!(
            out,
            "engine: {}, no rare/common figures",
            name.as_str().unwrap_or("?")
        );
        return;
    };
    match st.split {
        Some(sp) => {
            let parity = if sp.domain { " (with heap parity)" } else { "" };
            let _ = writeln!(out, "rare mask: {:#x}{parity}", sp.mask);
        }
        None => {
            let _ = writeln!(out, "rare mask: none");
        }
    }
    let _ = writeln!(out, "rare positions: {}", st.rare_count);
    match st.last_rare {
        Some(r) => {
            let _ = writeln!(out, "last rare position: {r}");
        }
        None => {
            let _ = writeln!(out, "last rare position: none");
        }
    }
    let _ = writeln!(
        out,
        "largest value computed: {} at heap {}",
        st.max_value, st.max_at
    );
    let _ = writeln!(out, "pairs examined: {}", st.pairs);
}

/// The values `from..=to` as CSV lines `n,g` under a header.
pub fn csv(run: &SeqRun) -> String {
    let s = &run.sequence;
    let mut out = String::with_capacity((s.to - run.from + 1) as usize * 8);
    out.push_str("n,g\n");
    for n in run.from..=s.to {
        let _ = writeln!(out, "{n},{}", s.value(n).expect("a complete sequence"));
    }
    out
}
