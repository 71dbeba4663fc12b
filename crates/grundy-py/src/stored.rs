//! Sequences made again from what was kept of them: a pickle
//! (`Sequence.__reduce__`) and a sequence file.

use super::*;
use crate::sequences::{parse_rule, Sequence};

/// A pickled sequence made again (see `Sequence.__reduce__`); without a
/// rule, values that were given.
#[pyfunction]
pub(crate) fn _sequence_restore(
    rule: Option<&str>,
    to: u64,
    values: &[u8],
    period: Option<(usize, usize, usize)>,
    meta: &str,
) -> PyResult<Sequence> {
    let bad = || err("a pickled sequence that does not hold together");
    let values: Vec<u32> = values
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let Some(rule) = rule else {
        if period.is_some() || values.len() as u64 != to.wrapping_add(1) {
            return Err(bad());
        }
        return Ok(Sequence::given(Given::new(values).map_err(|_| bad())?));
    };
    let rule = parse_rule(rule)?;
    let period = period.map(|(preperiod, period, proven_at)| sequence::ProvenPeriod {
        preperiod,
        period,
        proven_at,
    });
    let complete = match period {
        Some(p) => p.period > 0 && p.preperiod + p.period <= values.len(),
        None => values.len() as u64 == to + 1,
    };
    if values.is_empty() || !complete || values.len() as u64 > to + 1 {
        return Err(bad());
    }
    let meta: serde_json::Value = serde_json::from_str(meta).map_err(|_| bad())?;
    let mut s = RustSequence::from_values(rule, values);
    s.to = to;
    s.period = period;
    let mut out = Sequence::new(s);
    out.engine = meta["engine"].clone();
    out.rc = meta["rc"].clone();
    Ok(out)
}

/// Reads a sequence file written by `save`, `sequence(out=...)` or the
/// command line's `--out`, on a thread of its own: a long file takes
/// seconds to read and check, and Ctrl-C raises `KeyboardInterrupt` at
/// once.
#[pyfunction]
pub(crate) fn read_sequence(py: Python<'_>, path: PathBuf) -> PyResult<Sequence> {
    abandonable(py, move || {
        let stored = store::read(&path).map_err(|e| err(e.to_string()))?;
        let rule: HeapRule = stored.rule.parse().map_err(|e| {
            err(format!(
                "{}: rule '{}' in the header: {e}",
                path.display(),
                stored.rule
            ))
        })?;
        if stored.values.is_empty() {
            return Err(err(format!("{} holds no values", path.display())));
        }
        Ok(Sequence::new(RustSequence::from_values(
            rule,
            stored.values,
        )))
    })
}
