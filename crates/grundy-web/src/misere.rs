//! The misère panel's calls: a heap rule's misère quotient (with its
//! progress while it computes) and the genus of each heap, answered with
//! the library's reports, the fields of `grundy misere --json` and `grundy
//! seq --genus --json`.

use grundy::misere::genus_report::genera;
use grundy::misere::report::{quotient_with, QuotientRequest, MAX_TO};
use serde::Deserialize;
use serde_json::Value;

use crate::sequences::rule;
use crate::{answer, parse, whole, Result};

#[derive(Deserialize, Debug)]
struct QuotientAsked {
    rule: String,
    #[serde(default)]
    to: Value,
    #[serde(default)]
    until_proven: bool,
}

/// The misère quotient of a heap rule's heaps 0..=to: `{"rule", "to"
/// (optional with "until_proven"), "until_proven" (optional)}` → the JSON
/// of `grundy misere RULE --to TO [--until-proven] --json`, `{"rule",
/// "top", "order", "p_size", "generators", "relations", "elements",
/// "p_portion", "phi", "periodicity", "orders", "stopped", "seconds"}`
/// (`seconds` is 0: the browser gives WebAssembly no clock).
pub fn misere_quotient(request: &str) -> String {
    misere_quotient_with(request, &mut |_, _| {})
}

/// [`misere_quotient`], calling `progress(done, to)` before each heap: the
/// quotient of heaps 0..=done is known, of 0..=to asked for.
pub fn misere_quotient_with(request: &str, progress: &mut dyn FnMut(u64, u64)) -> String {
    answer(parse::<QuotientAsked>(request).and_then(|r| {
        let rule = rule(&r.rule)?;
        let to = match r.to {
            Value::Null if r.until_proven => None,
            ref v => Some(whole("the last heap", v, MAX_TO)?),
        };
        let asked = QuotientRequest {
            to,
            until_proven: r.until_proven,
            ..Default::default()
        };
        // The library asks again between the rounds of a long heap; the
        // page hears of each heap once.
        let mut last = None;
        let report = quotient_with(&rule, &asked, &mut |done, to| {
            if last != Some(done) {
                last = Some(done);
                progress(done, to);
            }
            true
        })?;
        serde_json::to_value(report).map_err(|e| e.to_string())
    }))
}

#[derive(Deserialize, Debug)]
struct GenusAsked {
    rule: String,
    #[serde(default)]
    from: Value,
    #[serde(default)]
    to: Value,
}

/// The genus of each heap from..=to: `{"rule", "from" (optional, 0), "to"}`
/// → the JSON of `grundy seq RULE --from FROM --to TO --genus --json`,
/// `{"rule", "from", "to", "values", "misere_values", "genus",
/// "genus_full", "tame", "phylum"}`.
pub fn genus(request: &str) -> String {
    answer(parse::<GenusAsked>(request).and_then(|r| {
        let rule = rule(&r.rule)?;
        let to = whole("the last heap", &r.to, u64::from(u32::MAX))?;
        let from = match r.from {
            Value::Null => 0,
            ref v => whole("the first heap", v, u64::from(u32::MAX))?,
        };
        let report: Result<_> = genera(&rule, from, to);
        serde_json::to_value(report?).map_err(|e| e.to_string())
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call(f: fn(&str) -> String, request: Value) -> Value {
        serde_json::from_str(&f(&request.to_string())).unwrap()
    }

    /// The library's reports, as the command line prints them.
    #[test]
    fn quotients_and_genera_are_the_reports_of_the_library() {
        let q = call(misere_quotient, json!({"rule": "0.75", "to": 12}));
        let asked = QuotientRequest {
            to: Some(12),
            ..Default::default()
        };
        let mut want = serde_json::to_value(
            grundy::misere::report::quotient(&"0.75".parse().unwrap(), &asked).unwrap(),
        )
        .unwrap();
        want["seconds"] = q["seconds"].clone();
        assert_eq!(q, want);
        assert_eq!(
            (q["order"].as_u64(), q["p_size"].as_u64()),
            (Some(8), Some(2))
        );
        let g = call(genus, json!({"rule": "kayles", "from": 4, "to": "7"}));
        assert_eq!(g["genus"], json!(["1", "4^146", "3", "2^2"]));
        assert_eq!(
            g,
            serde_json::to_value(genera(&"kayles".parse().unwrap(), 4, 7).unwrap()).unwrap()
        );
    }

    #[test]
    fn until_proven_and_progress() {
        let mut seen = Vec::new();
        let text = misere_quotient_with(
            &json!({"rule": "kayles", "until_proven": true}).to_string(),
            &mut |done, to| seen.push((done, to)),
        );
        let q: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(q["order"], 40, "{q}");
        assert_eq!(q["periodicity"]["period"], 12);
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(seen.last(), Some(&(q["top"].as_u64().unwrap(), MAX_TO)));
    }

    #[test]
    fn refusals_are_one_line_messages() {
        for (f, request, want) in [
            (
                misere_quotient as fn(&str) -> String,
                json!({"rule": "0.31"}),
                "the last heap is missing",
            ),
            (
                misere_quotient,
                json!({"rule": "4!.0", "until_proven": true}),
                "periodicity theorem",
            ),
            (
                misere_quotient,
                json!({"rule": "0.31", "to": 20000}),
                "at most 10000",
            ),
            (
                misere_quotient,
                json!({"rule": "0.9x", "to": 5}),
                "rule '0.9x'",
            ),
            (genus, json!({"rule": "0.77", "to": 400}), "multisets"),
            (
                genus,
                json!({"rule": "0.77", "from": 9, "to": 3}),
                "--from 9 is past --to 3",
            ),
            (genus, json!({"rule": "0.77"}), "the last heap is missing"),
        ] {
            let e = call(f, request);
            let e = e["error"].as_str().unwrap();
            assert!(e.contains(want), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
