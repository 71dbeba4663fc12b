//! Claims about Grundy values, decided: proven (with the theorem and the
//! window it checked), refuted (at the first position where the claim
//! fails, with both values), or observed up to a bound.
//!
//! Three forms of claim, words case-insensitive:
//! - `RULE has period P from N0`: `G(n + P) = G(n)` for every `n >= N0`.
//!   Proven by the octal periodicity theorem (or the window of a finite
//!   subtraction set) when the rule has one: the window it needs is
//!   checked, whatever the bound;
//! - `G(n) = FORMULA for GAME`: the [`super::formula`] language, `GAME` a
//!   heap rule or `turning:NAME` (a coin-turning game, coins from 1);
//! - `RULE equals RULE`: the same value for every heap. Proven when both
//!   periods are proven and the values agree until both repeat.
//!
//! ```
//! use grundy::pattern::check::{check, Verdict};
//! let a = check("0.07 has period 12 from 4", 1000).unwrap();
//! assert_eq!(a.verdict, Verdict::Refuted);
//! let c = a.counterexample.unwrap();
//! assert_eq!((c.n, c.left, c.right), (4, Some(2), Some(5)));
//! let b = check("0.07 has period 34 from 53", 1000).unwrap();
//! assert_eq!(b.verdict, Verdict::Proven);
//! ```

use serde::Serialize;

use super::formula::Formula;
use super::rule::{theorem, values, MAX_WORK};
use crate::heap::naive::work_estimate;
use crate::heap::periodic::PeriodicValues;
use crate::heap::periodicity::Window;
use crate::heap::rule::HeapRule;
use crate::turning::{named, values::coin_values};

/// What was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// True for every position, by a theorem.
    Proven,
    /// False: a position where it fails.
    Refuted,
    /// True on every position checked; no theorem applies.
    Observed,
}

/// The first position where a claim fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The position.
    pub n: u64,
    /// The claim's left side there (`G(n)`).
    pub left: Option<u64>,
    /// The claim's right side there (`G(n + P)`, the formula, the other
    /// game); `None` when the formula has no value.
    pub right: Option<u64>,
    /// The failure in words.
    pub what: String,
}

/// The answer to a claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The claim as read.
    pub claim: String,
    /// Proven, refuted or observed.
    pub verdict: Verdict,
    /// The theorem that proves it, with the window checked.
    pub theorem: Option<String>,
    /// The last position whose values were compared.
    pub checked_to: u64,
    /// Where it fails, when refuted.
    pub counterexample: Option<Counterexample>,
    /// The answer in one line.
    pub text: String,
}

/// A game whose values a claim is about.
#[derive(Clone, Debug)]
enum Game {
    Rule(HeapRule),
    Turning(String),
}

/// A claim, parsed.
#[derive(Clone, Debug)]
enum Claim {
    Period { rule: HeapRule, p: u64, n0: u64 },
    Formula { f: Formula, game: Game },
    Equal { a: HeapRule, b: HeapRule },
}

fn rule(text: &str) -> Result<HeapRule, String> {
    text.trim()
        .parse()
        .map_err(|e| format!("rule '{}': {e}", text.trim()))
}

fn number(text: &str, what: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{what} '{}' is not a whole number", text.trim()))
}

/// Splits `text` at the first ` word ` (case-insensitive).
fn split_word<'a>(text: &'a str, word: &str) -> Option<(&'a str, &'a str)> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find(&format!(" {word} "))?;
    Some((&text[..at], &text[at + word.len() + 2..]))
}

const SYNTAX: &str =
    "claims read 'RULE has period P from N0', 'G(n) = FORMULA for GAME' or 'RULE equals RULE'";

fn parse(text: &str) -> Result<Claim, String> {
    let t = text.trim();
    if t.len() > 2000 {
        return Err("the claim is longer than 2000 bytes".into());
    }
    let lower = t.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("g(n)") {
        let rest = rest.trim_start();
        let Some(rest) = rest.strip_prefix('=') else {
            return Err(format!("expected '=' after 'G(n)'; {SYNTAX}"));
        };
        let offset = t.len() - rest.len();
        let (formula, game) = split_word(&t[offset..], "for")
            .ok_or_else(|| format!("say which game: 'G(n) = FORMULA for GAME'; {SYNTAX}"))?;
        let f: Formula = formula
            .parse()
            .map_err(|e| format!("formula '{}': {e}", formula.trim()))?;
        let game = game.trim();
        let game = match game.get(..8) {
            Some(p) if p.eq_ignore_ascii_case("turning:") => {
                let name = &game[8..];
                named::resolve(name).map_err(|e| format!("turning game '{name}': {e}"))?;
                Game::Turning(name.to_string())
            }
            _ => Game::Rule(rule(game)?),
        };
        return Ok(Claim::Formula { f, game });
    }
    if let Some((r, rest)) = split_word(t, "has") {
        let rest = rest.trim();
        let words: Vec<&str> = rest.split_whitespace().collect();
        return match words.as_slice() {
            [w, p, f, n0] if w.eq_ignore_ascii_case("period") && f.eq_ignore_ascii_case("from") => {
                let p = number(p, "the period")?;
                if p == 0 {
                    return Err("the period must be at least 1".into());
                }
                Ok(Claim::Period {
                    rule: rule(r)?,
                    p,
                    n0: number(n0, "the start")?,
                })
            }
            _ => Err(format!("expected 'period P from N0' after 'has'; {SYNTAX}")),
        };
    }
    if let Some((a, b)) = split_word(t, "equals") {
        return Ok(Claim::Equal {
            a: rule(a)?,
            b: rule(b)?,
        });
    }
    Err(format!("cannot read the claim '{t}'; {SYNTAX}"))
}

fn answer(
    claim: &str,
    verdict: Verdict,
    to: u64,
    theorem: Option<String>,
    cx: Option<Counterexample>,
) -> Answer {
    let text = match (&verdict, &theorem, &cx) {
        (Verdict::Refuted, _, Some(c)) => format!("refuted at n = {}: {}", c.n, c.what),
        (Verdict::Proven, Some(t), _) => format!("proven by the {t}"),
        _ => format!("observed: holds for every n <= {to}; no theorem proves it"),
    };
    Answer {
        claim: claim.trim().to_string(),
        verdict,
        theorem,
        checked_to: to,
        counterexample: cx,
        text,
    }
}

/// Decides `claim`, comparing values up to `to` when no theorem's window
/// decides it first.
pub fn check(claim: &str, to: u32) -> Result<Answer, String> {
    match parse(claim)? {
        Claim::Period { rule, p, n0 } => period(claim, &rule, p, n0, to),
        Claim::Formula { f, game } => formula(claim, &f, &game, to),
        Claim::Equal { a, b } => equal(claim, &a, &b, to),
    }
}

fn period(claim: &str, rule: &HeapRule, p: u64, n0: u64, to: u32) -> Result<Answer, String> {
    if n0 > u64::from(u32::MAX) || p > u64::from(u32::MAX) {
        return Err(
            "heaps are counted in 32 bits: the period and the start must be at most 4294967295"
                .into(),
        );
    }
    let window = Window::for_rule(&rule.base());
    // The theorem's window, when it can be computed: it decides the claim.
    let needed = window.end(n0, p).map(|e| e + p - 1).filter(|&last| {
        last <= u64::from(u32::MAX) && work_estimate(&rule.base(), last) <= MAX_WORK
    });
    let last = needed.unwrap_or(u64::from(to));
    if n0.saturating_add(p) > last {
        return Err(format!(
            "nothing to compare: n + {p} passes {last} from n = {n0}; raise the bound"
        ));
    }
    let g = values(rule, last as u32)?;
    for n in n0..=last - p {
        let (a, b) = (g[n as usize], g[(n + p) as usize]);
        if a != b {
            let cx = Counterexample {
                n,
                left: Some(a),
                right: Some(b),
                what: format!("G({n}) = {a} but G({}) = {b}", n + p),
            };
            return Ok(answer(claim, Verdict::Refuted, n + p, None, Some(cx)));
        }
    }
    Ok(match needed {
        Some(_) => answer(claim, Verdict::Proven, last, theorem(window, n0, p), None),
        None => answer(claim, Verdict::Observed, last, None, None),
    })
}

fn formula(claim: &str, f: &Formula, game: &Game, to: u32) -> Result<Answer, String> {
    if f.uses("x") || f.uses("y") {
        return Err("a claim about G(n) uses the variable n only".into());
    }
    let (g, first) = match game {
        Game::Rule(r) => (values(r, to)?, 0usize),
        Game::Turning(name) => {
            let (_, code) = named::resolve(name).map_err(|e| e.to_string())?;
            let v = coin_values(&code, u64::from(to)).map_err(|e| e.to_string())?;
            (v, 1)
        }
    };
    for (n, &a) in g.iter().enumerate().skip(first) {
        let b = f.eval(&[("n", n as i128)]);
        let right = b.as_ref().ok().and_then(|&v| u64::try_from(v).ok());
        if right != Some(a) {
            let what = match &b {
                Err(e) => format!("G({n}) = {a} but the formula has no value: {e}"),
                Ok(v) => format!("G({n}) = {a} but {f} = {v}"),
            };
            let cx = Counterexample {
                n: n as u64,
                left: Some(a),
                right,
                what,
            };
            return Ok(answer(claim, Verdict::Refuted, n as u64, None, Some(cx)));
        }
    }
    Ok(answer(claim, Verdict::Observed, u64::from(to), None, None))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn equal(claim: &str, a: &HeapRule, b: &HeapRule, to: u32) -> Result<Answer, String> {
    let differ = |n: u64, x: u64, y: u64| {
        let cx = Counterexample {
            n,
            left: Some(x),
            right: Some(y),
            what: format!("G({n}) = {x} in {a} but {y} in {b}"),
        };
        answer(claim, Verdict::Refuted, n, None, Some(cx))
    };
    let (ga, gb) = (values(a, to)?, values(b, to)?);
    if let Some(n) = (0..ga.len()).find(|&n| ga[n] != gb[n]) {
        return Ok(differ(n as u64, ga[n], gb[n]));
    }
    if let (Some(pa), Some(pb)) = (
        PeriodicValues::prove(&a.base()),
        PeriodicValues::prove(&b.base()),
    ) {
        let l = pa.period() / gcd(pa.period(), pb.period()) * pb.period();
        let bound = pa.preperiod().max(pb.preperiod()).saturating_add(l);
        if bound <= 1 << 24 {
            for n in 0..bound {
                let (x, y) = (u64::from(pa.value(n)), u64::from(pb.value(n)));
                if x != y {
                    return Ok(differ(n, x, y));
                }
            }
            let t = format!(
                "periodicity theorems: {a} has period {} from {}, {b} period {} from {}, both proven, and their values agree on n < {bound}, after which both repeat",
                pa.period(), pa.preperiod(), pb.period(), pb.preperiod()
            );
            return Ok(answer(claim, Verdict::Proven, bound - 1, Some(t), None));
        }
    }
    Ok(answer(claim, Verdict::Observed, u64::from(to), None, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawson_kayles() {
        let a = check("0.07 has period 12 from 4", 1000).unwrap();
        assert_eq!(a.verdict, Verdict::Refuted);
        // The first failure by the definition.
        let g = values(&"0.07".parse().unwrap(), 200).unwrap();
        let n = (4..).find(|&n| g[n] != g[n + 12]).unwrap() as u64;
        assert_eq!(a.counterexample.unwrap().n, n);
        let b = check("0.07 HAS PERIOD 34 FROM 53", 10).unwrap();
        assert_eq!(b.verdict, Verdict::Proven);
        assert!(b.theorem.unwrap().contains("53 <= n < 142"));
        // A multiple of the period is true too; one start too early is not.
        assert_eq!(
            check("0.07 has period 68 from 53", 10).unwrap().verdict,
            Verdict::Proven
        );
        let c = check("0.07 has period 34 from 52", 10).unwrap();
        assert_eq!(c.verdict, Verdict::Refuted);
        assert_eq!(c.counterexample.unwrap().n, 52);
    }

    #[test]
    fn formulas_and_equalities() {
        let a = check("G(n) = n % 3 for sub:1,2", 500).unwrap();
        assert_eq!(a.verdict, Verdict::Observed);
        assert_eq!(a.checked_to, 500);
        let b = check("G(n) = n % 4 for sub:1,2", 500).unwrap();
        assert_eq!(b.counterexample.unwrap().n, 3);
        let m = check("G(n) = odious(n - 1) for turning:mock-turtles", 2000).unwrap();
        assert_eq!(m.verdict, Verdict::Observed);
        let r = check("G(n) = lowbit(n) for turning:ruler", 2000).unwrap();
        assert_eq!(r.verdict, Verdict::Observed);
        let z = check("G(n) = 1 / (n - 5) for sub:1,2", 50).unwrap();
        assert_eq!(z.counterexample.unwrap().n, 0);
        // Two different subtraction games differ first at 3.
        let e = check("sub:1,2 equals sub:1,2,3", 100).unwrap();
        assert_eq!(e.verdict, Verdict::Refuted);
        let c = e.counterexample.unwrap();
        assert_eq!((c.n, c.left, c.right), (3, Some(0), Some(3)));
        // Two spellings of one game: proven.
        let s = check("kayles equals 0.77", 100).unwrap();
        assert_eq!(s.verdict, Verdict::Proven);
        let t = check("sub:1,2 equals take:1..2", 100).unwrap();
        assert_eq!(t.verdict, Verdict::Proven);
    }

    #[test]
    fn bad_claims_are_errors() {
        for bad in [
            "",
            "kayles",
            "kayles has period",
            "kayles has period 0 from 3",
            "kayles has period x from 3",
            "nosuchrule has period 3 from 3",
            "G(n) = n % 3",
            "G(n) = n %% 3 for kayles",
            "G(n) = x for kayles",
            "G(n) = n for turning:nosuch",
            "kayles equals",
        ] {
            assert!(check(bad, 100).is_err(), "{bad}");
        }
        assert!(check("kayles has period 12 from 18446744073709551615", 100).is_err());
    }
}
