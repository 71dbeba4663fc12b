//! The sequence panel's calls: a heap rule's Grundy sequence (with its
//! progress while it computes), the patterns in it, and claims about it.
//!
//! [`pattern`] answers with the library's [`Report`] and [`check`] with its
//! [`Answer`]: the fields of `grundy pattern --json` and `grundy check
//! --json`, integers past 2^53 written as strings as everywhere on the page.

use grundy::heap::naive::work_estimate;
use grundy::heap::periodicity::Periodicity;
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{self, EngineKind};
use grundy::pattern::check::Answer;
use grundy::pattern::report::Report;
use grundy::pattern::rule::MAX_VALUES;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{answer, parse, whole, Result};

/// The longest sequence the page asks for.
pub const SEQUENCE_MAX: u64 = 10_000_000;

/// The most options the pattern finder looks at to recompute a rule's
/// values (about a second in the browser): the patterns of a longer
/// sequence are looked for in its first values, and the answer's `last`
/// says how far.
pub const PATTERN_WORK: f64 = 2.5e8;

/// The bound of [`check`] when the request names none (as `grundy check`).
pub const CHECK_TO: u64 = 10_000;

#[derive(Serialize)]
struct SequenceAnswer {
    rule: String,
    to: u64,
    values: Vec<u32>,
    periodicity: Periodicity,
    max_value: u32,
    p_count: u64,
    engine: EngineKind,
}

#[derive(Deserialize, Debug)]
struct SequenceRequest {
    rule: String,
    #[serde(default)]
    to: Value,
}

pub(crate) fn rule(text: &str) -> Result<HeapRule> {
    text.trim()
        .parse()
        .map_err(|e| format!("rule '{}': {e}", text.trim()))
}

/// The Grundy sequence `G(0..=to)` of a heap rule: `{"rule", "to",
/// "values", "periodicity": {"status", "preperiod", "period", "saltus",
/// "values_for_proof"}, "max_value", "p_count", "engine"}`.
pub fn sequence(request: &str) -> String {
    sequence_with(request, &mut |_, _| {})
}

/// [`sequence`], calling `progress(done, to)` as the computation goes:
/// `G(0..=done)` are computed, of `G(0..=to)` asked for. The engine calls it
/// between blocks of [`sequence::CHUNK`] heaps (once for engines that work
/// in one go); a run that proves its period early ends before `to`.
pub fn sequence_with(request: &str, progress: &mut dyn FnMut(u64, u64)) -> String {
    let result = parse::<SequenceRequest>(request).and_then(|r| {
        let rule = rule(&r.rule)?;
        let to = whole("the last heap", &r.to, SEQUENCE_MAX)?;
        let s = sequence::compute_with(&rule, to, &Default::default(), &[], &mut |p| {
            progress(p.done as u64, p.target);
            true
        })
        .map_err(|e| e.to_string())?;
        let f = s.figures();
        Ok(SequenceAnswer {
            rule: s.rule.to_string(),
            to: s.to,
            values: s.to_vec(),
            periodicity: s.periodicity(),
            max_value: f.max_value,
            p_count: f.p_count,
            engine: s.engine,
        })
    });
    // Written straight from the struct: no JSON tree of 10^5 values.
    match result.and_then(|a| serde_json::to_string(&a).map_err(|e| e.to_string())) {
        Ok(text) => text,
        Err(e) => json!({ "error": e }).to_string(),
    }
}

#[derive(Deserialize, Debug)]
struct PatternRequest {
    rule: String,
    #[serde(default)]
    to: Value,
    #[serde(default)]
    at: Value,
}

/// The largest bound up to `to` whose values the pattern finder recomputes
/// for `rule` within [`PATTERN_WORK`] (and the library's
/// [`MAX_VALUES`]); at least a few values, whatever the rule.
fn pattern_bound(rule: &HeapRule, to: u32) -> u32 {
    let base = rule.base();
    let fits = |t: u32| t < MAX_VALUES && work_estimate(&base, u64::from(t)) <= PATTERN_WORK;
    if fits(to) {
        return to;
    }
    let (mut lo, mut hi) = (0u32, to);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo.max(to.min(16))
}

/// The patterns in a heap rule's values `G(0..=to)`: `{"rule", "to", "at"
/// (optional)}` → the JSON of `grundy pattern RULE --to LAST --json
/// [--at N]`, `{"source", "first", "last", "table", "findings", "at"}`,
/// each finding `{"kind", "formula", "found_to", "checked_to", "status",
/// "theorem" (proven) or "to" (observed)}`. A bound past what the finder
/// recomputes in about a second is lowered: `last` says to what.
pub fn pattern(request: &str) -> String {
    answer(parse::<PatternRequest>(request).and_then(|r| {
        let rule = rule(&r.rule)?;
        let to = whole("the last heap", &r.to, u64::from(u32::MAX))? as u32;
        let at = match r.at {
            Value::Null => None,
            ref v => Some(whole("the position", v, u64::MAX)?),
        };
        let report = Report::rule(&rule, pattern_bound(&rule, to), at, true)?;
        serde_json::to_value(report).map_err(|e| e.to_string())
    }))
}

#[derive(Deserialize, Debug)]
struct CheckRequest {
    claim: String,
    #[serde(default)]
    to: Value,
}

/// A claim decided: `{"claim", "to" (optional, default 10000)}` → the JSON
/// of `grundy check CLAIM --to TO --json`, `{"claim", "verdict" ("proven",
/// "refuted" or "observed"), "theorem", "checked_to", "counterexample":
/// {"n", "left", "right", "what"} or null, "text"}`.
pub fn check(request: &str) -> String {
    answer(parse::<CheckRequest>(request).and_then(|r| {
        let to = match r.to {
            Value::Null => CHECK_TO,
            ref v => whole("the bound", v, u64::from(u32::MAX))?,
        };
        let a: Answer = grundy::pattern::check::check(&r.claim, to as u32)?;
        serde_json::to_value(a).map_err(|e| e.to_string())
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::pattern::check::check as decide;

    fn call(f: fn(&str) -> String, request: Value) -> Value {
        serde_json::from_str(&f(&request.to_string())).unwrap()
    }

    #[test]
    fn kayles_sequence_and_periodicity() {
        let s = call(sequence, json!({"rule": "kayles", "to": 200}));
        let v: Vec<u64> = s["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(&v[..8], &[0, 1, 2, 3, 1, 4, 3, 2]);
        assert_eq!(v.len(), 201);
        assert_eq!(s["periodicity"]["period"], 12);
        assert_eq!(s["periodicity"]["preperiod"], 71);
        let e = call(sequence, json!({"rule": "nonsense", "to": 5}));
        assert!(e["error"].is_string());
    }

    /// Progress comes block by block, growing, up to the last heap; the
    /// values are those of the run without it.
    #[test]
    fn progress_is_reported_as_the_sequence_computes() {
        let request = json!({"rule": "0.16", "to": 300_000}).to_string();
        let mut seen = Vec::new();
        let text = sequence_with(&request, &mut |done, to| seen.push((done, to)));
        assert_eq!(text, sequence(&request));
        assert!(seen.len() >= 4, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
        assert!(seen.iter().all(|&(_, to)| to == 300_000));
        assert_eq!(seen.last().unwrap().0, 300_000);
        // A run that proves its period stops early, and says so.
        let mut last = 0;
        sequence_with(
            &json!({"rule": "kayles", "to": 10_000_000}).to_string(),
            &mut |done, _| last = done,
        );
        assert!(last < 100_000, "{last}");
    }

    /// The same fields as `grundy pattern RULE --to TO --json` (the
    /// library's report, which the command prints).
    #[test]
    fn patterns_are_the_reports_of_the_library() {
        for (rule, to) in [("kayles", 1000), ("lasker", 300), ("sub:squares", 2000)] {
            let p = call(pattern, json!({"rule": rule, "to": to}));
            let want = Report::rule(&rule.parse().unwrap(), to, None, true).unwrap();
            assert_eq!(p, serde_json::to_value(want).unwrap(), "{rule}");
        }
        let k = call(
            pattern,
            json!({"rule": "kayles", "to": "300", "at": "1000000"}),
        );
        assert_eq!(k["findings"][0]["status"], "proven");
        assert_eq!(k["at"]["value"], 1);
        // 0.77 to 10^6 would look at some 5 x 10^11 options: the values
        // searched end earlier, and `last` says where.
        let long = call(pattern, json!({"rule": "0.77", "to": 1_000_000}));
        let last = long["last"].as_u64().unwrap();
        assert!((1000..1_000_000).contains(&last), "{long}");
        assert!(work_estimate(&"0.77".parse().unwrap(), last) <= PATTERN_WORK);
        assert_eq!(
            long["findings"][0]["formula"],
            "G(n + 12) = G(n) for n >= 71"
        );
        let e = call(pattern, json!({"rule": "kayles", "to": "x"}));
        assert!(e["error"].as_str().unwrap().contains("not a whole number"));
        let e = call(pattern, json!({"rule": "sub:squares", "to": 500, "at": 9}));
        assert!(e["error"].as_str().unwrap().contains("no pattern found"));
    }

    #[test]
    fn claims_are_the_answers_of_the_library() {
        let wrong = call(check, json!({"claim": "0.07 has period 12 from 4"}));
        let want = decide("0.07 has period 12 from 4", 10_000).unwrap();
        assert_eq!(wrong, serde_json::to_value(want).unwrap());
        assert_eq!(wrong["verdict"], "refuted");
        assert_eq!(wrong["counterexample"]["n"], 4);
        let right = call(
            check,
            json!({"claim": "0.07 has period 34 from 53", "to": 500}),
        );
        assert_eq!(right["verdict"], "proven");
        let e = call(check, json!({"claim": "nonsense"}));
        assert!(e["error"].is_string());
        let e = call(
            check,
            json!({"claim": "kayles has period 12 from 71", "to": -1}),
        );
        assert!(e["error"].as_str().unwrap().contains("not a whole number"));
    }
}
