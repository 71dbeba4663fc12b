//! The survey of every two-digit octal code `0.??` against the published
//! tables (tests/data/octal_periods_czajka.txt names its sources): period,
//! preperiod and the first values of every game listed, the rare/common
//! figures where given, and no proof for the games still open.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use grundy::heap::sequence::{compute, Options};
use grundy::survey::run::{run, survey_code, Event};
use grundy::survey::{pattern, Record, SurveyStatus};

/// Far enough for the proofs of every listed game but two.
const TO: u64 = 20_000;

/// Far enough for the proofs of those two (0.16: period 149459 from
/// 105351; 0.56: period 144 from 326640).
const FAR: u64 = 700_000;

struct Row {
    code: String,
    prefix: u64,
    period: u64,
    values: Option<Vec<u32>>,
    rare: Option<(u32, u64, u64)>,
}

fn rows() -> Vec<Row> {
    let text = include_str!("data/octal_periods_czajka.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let values = (f[3] != "-").then(|| {
                let (pre, per) = f[3].trim_end_matches(')').split_once('(').unwrap();
                let digit = |c: char| c.to_digit(36).unwrap();
                let mut v: Vec<u32> = pre.chars().map(digit).collect();
                // The periodic part three times over.
                for _ in 0..3 {
                    v.extend(per.chars().map(digit));
                }
                v
            });
            let rare = (f.len() > 4).then(|| {
                (
                    u32::from_str_radix(f[4], 16).unwrap(),
                    f[5].parse().unwrap(),
                    f[6].parse().unwrap(),
                )
            });
            Row {
                code: f[0].to_string(),
                prefix: f[1].parse().unwrap(),
                period: f[2].parse().unwrap(),
                values,
                rare,
            }
        })
        .collect()
}

fn survey(codes: &[String]) -> Vec<Record> {
    let mut got = Vec::new();
    let stop = AtomicBool::new(false);
    run(codes, TO, 2, &stop, Duration::from_secs(600), &mut |e| {
        if let Event::Done(r) = e {
            got.push(*r);
        }
        true
    });
    got
}

/// The code as the pattern `0.??` writes it (`0.1` is `0.10`).
fn two_digits(code: &str) -> String {
    match code.strip_prefix("0.") {
        Some(d) if d.len() == 1 => format!("{code}0"),
        _ => code.to_string(),
    }
}

/// The least offset `k` at which the listed values appear in our sequence.
fn offset(code: &str, listed: &[u32]) -> Option<usize> {
    let rule = code.parse().unwrap();
    let g = compute(&rule, listed.len() as u64 + 4, &Options::default()).unwrap();
    (0..4).find(|&k| g[k..k + listed.len()] == *listed)
}

#[test]
fn two_digit_octal_games_match_the_published_tables() {
    let codes = pattern::expand("0.??").unwrap();
    let mut records = survey(&codes);
    assert_eq!(records.len(), 64);
    records.retain(|r| r.code != "0.16" && r.code != "0.56");
    for code in ["0.16", "0.56"] {
        records.push(survey_code(code, FAR, &|| false).unwrap());
    }
    records.push(survey_code("4.0", TO, &|| false).unwrap());
    records.push(survey_code("4.3", TO, &|| false).unwrap());
    let find = |c: &str| {
        records
            .iter()
            .find(|r| r.code == two_digits(c))
            .unwrap_or_else(|| panic!("{c} not surveyed"))
    };
    let rows = rows();
    assert_eq!(rows.len(), 28);
    for row in &rows {
        let r = find(&row.code);
        let what = format!("{}: {r:?}", row.code);
        assert_eq!(r.status, SurveyStatus::Proven, "{what}");
        assert_eq!(r.period, Some(row.period), "{what}");
        assert_eq!(r.saltus, Some(0), "{what}");
        // The listed values, at offset 0 for a game whose single token can
        // be removed, else at the offset the table reduced the heaps by.
        let one_token_removable =
            row.code.starts_with("0.") && row.code.as_bytes()[2].wrapping_sub(b'0') % 2 == 1;
        let k = match &row.values {
            Some(v) => offset(&row.code, v).unwrap_or_else(|| panic!("{what}: values differ")),
            None if one_token_removable => 0,
            None => 1,
        };
        if one_token_removable {
            assert_eq!(k, 0, "{what}");
            assert_eq!(r.preperiod, Some(row.prefix), "{what}");
        } else {
            let n0 = r.preperiod.unwrap();
            assert!(
                (row.prefix..=row.prefix + k as u64).contains(&n0),
                "{what}: offset {k}"
            );
        }
        if let Some((mask, count, last)) = row.rare {
            assert_eq!(r.rare_mask, Some(mask), "{what}");
            if one_token_removable {
                assert_eq!(r.last_rare, Some(last), "{what}");
                // The tables count heap 0 among the rare heaps; the engine
                // counts heaps from 1.
                assert_eq!(r.rare_count.map(|c| c + 1), Some(count), "{what}");
            }
        }
    }
    // Two-digit games no one has solved: no proof can turn up here.
    for open in [
        "0.06", "0.14", "0.36", "0.60", "0.64", "0.74", "0.76", "0.04",
    ] {
        let r = find(open);
        assert_ne!(r.status, SurveyStatus::Proven, "{r:?}");
        assert_eq!(r.computed, Some(r.to), "{r:?}");
    }
}
