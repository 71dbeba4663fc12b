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
use super::games::Game;
use super::rule::{theorem, values, MAX_WORK};
use crate::heap::naive::work_estimate;
use crate::heap::periodic::PeriodicValues;
use crate::heap::periodicity::Window;
use crate::heap::rule::HeapRule;

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
    /// For a claim about a table, the cell `(x, y)` where it fails (`n`
    /// is then `max(x, y)`: the first failure is in the smallest square).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xy: Option<[u64; 2]>,
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

/// A claim, parsed.
enum Claim {
    Period { game: Game, p: u64, n0: u64 },
    Formula { f: Formula, game: Game },
    Table { f: Formula, game: Game },
    Equal { a: Game, b: Game },
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

const SYNTAX: &str = "claims read 'GAME has period P from N0', 'G(n) = FORMULA for GAME', 'G(x, y) = FORMULA for GAME' or 'GAME equals GAME'";

/// `G(n) = ...` or `G(x, y) = ...`: the rest after `=`, and whether it is
/// a table's.
fn left_side(t: &str) -> Option<(&str, bool)> {
    let compact: String = t.chars().take(12).filter(|c| !c.is_whitespace()).collect();
    let lower = compact.to_ascii_lowercase();
    let (head, table) = if lower.starts_with("g(n)") {
        ("g(n)", false)
    } else if lower.starts_with("g(x,y)") {
        ("g(x,y)", true)
    } else {
        return None;
    };
    // The byte after the head's last character in `t`.
    let mut seen = 0;
    let close = t.char_indices().find(|&(_, c)| {
        if !c.is_whitespace() {
            seen += 1;
        }
        seen == head.len()
    })?;
    Some((&t[close.0 + 1..], table))
}

fn parse(text: &str) -> Result<Claim, String> {
    let t = text.trim();
    if t.len() > 2000 {
        return Err("the claim is longer than 2000 bytes".into());
    }
    if let Some((rest, table)) = left_side(t) {
        let Some(rest) = rest.trim_start().strip_prefix('=') else {
            return Err(format!("expected '=' after 'G(...)'; {SYNTAX}"));
        };
        let (formula, game) = split_word(rest, "for")
            .ok_or_else(|| format!("say which game: 'G(n) = FORMULA for GAME'; {SYNTAX}"))?;
        let f: Formula = formula
            .parse()
            .map_err(|e| format!("formula '{}': {e}", formula.trim()))?;
        let game = Game::parse(game)?;
        return Ok(if table {
            if f.uses("n") {
                return Err("a claim about G(x, y) uses the variables x and y only".into());
            }
            Claim::Table { f, game }
        } else {
            if f.uses("x") || f.uses("y") {
                return Err("a claim about G(n) uses the variable n only".into());
            }
            Claim::Formula { f, game }
        });
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
                    game: Game::parse(r)?,
                    p,
                    n0: number(n0, "the start")?,
                })
            }
            _ => Err(format!("expected 'period P from N0' after 'has'; {SYNTAX}")),
        };
    }
    if let Some((a, b)) = split_word(t, "equals") {
        return Ok(Claim::Equal {
            a: Game::parse(a)?,
            b: Game::parse(b)?,
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
        (Verdict::Refuted, _, Some(c)) => match c.xy {
            Some([x, y]) => format!("refuted at (x, y) = ({x}, {y}): {}", c.what),
            None => format!("refuted at n = {}: {}", c.n, c.what),
        },
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
/// decides it first (for a table, rows and columns up to `to` or
/// [`TABLE_SIDE`] - 1, the smaller).
pub fn check(claim: &str, to: u32) -> Result<Answer, String> {
    match parse(claim)? {
        Claim::Period { game, p, n0 } => match &game {
            Game::Rule(rule) => period(claim, rule, p, n0, to),
            _ => period_observed(claim, &game, p, n0, to),
        },
        Claim::Formula { f, game } => formula(claim, &f, &game, to),
        Claim::Table { f, game } => table(claim, &f, &game, to),
        Claim::Equal { a, b } => equal(claim, &a, &b, to),
    }
}

/// The most rows (and columns) of a table a claim is checked on.
pub const TABLE_SIDE: usize = 200;

fn refuted(claim: &str, n: u64, left: u64, right: Option<u64>, what: String) -> Answer {
    let cx = Counterexample {
        n,
        left: Some(left),
        right,
        what,
        xy: None,
    };
    answer(claim, Verdict::Refuted, n, None, Some(cx))
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
    if let Some(a) = first_break(claim, 0, &g, p, n0) {
        return Ok(a);
    }
    Ok(match needed {
        Some(_) => answer(claim, Verdict::Proven, last, theorem(window, n0, p), None),
        None => answer(claim, Verdict::Observed, last, None, None),
    })
}

/// The refutation at the first `n >= n0` with `G(n + p) != G(n)`, in
/// `g[i] = G(first + i)`.
fn first_break(claim: &str, first: u64, g: &[u64], p: u64, n0: u64) -> Option<Answer> {
    let from = n0.max(first);
    let last = first + g.len() as u64 - 1;
    (from..=last.saturating_sub(p))
        .take_while(|&n| n + p <= last)
        .find_map(|n| {
            let (a, b) = (g[(n - first) as usize], g[(n + p - first) as usize]);
            (a != b).then(|| {
                let mut r = refuted(
                    claim,
                    n,
                    a,
                    Some(b),
                    format!("G({n}) = {a} but G({}) = {b}", n + p),
                );
                r.checked_to = n + p;
                r
            })
        })
}

fn period_observed(claim: &str, game: &Game, p: u64, n0: u64, to: u32) -> Result<Answer, String> {
    let last = u64::from(to);
    if n0.saturating_add(p) > last {
        return Err(format!(
            "nothing to compare: n + {p} passes {last} from n = {n0}; raise the bound"
        ));
    }
    let g = game.sequence(last)?;
    Ok(first_break(claim, game.first(), &g, p, n0)
        .unwrap_or_else(|| answer(claim, Verdict::Observed, last, None, None)))
}

fn formula(claim: &str, f: &Formula, game: &Game, to: u32) -> Result<Answer, String> {
    let first = game.first();
    let g = game.sequence(u64::from(to).max(first))?;
    for (i, &a) in g.iter().enumerate() {
        let n = first + i as u64;
        if let Some(r) = mismatch(claim, f, n, a) {
            return Ok(r);
        }
    }
    let last = first + g.len() as u64 - 1;
    if let Game::Rule(rule) = game {
        if let Some(a) = formula_proof(claim, f, rule)? {
            return Ok(a);
        }
    }
    Ok(answer(claim, Verdict::Observed, last, None, None))
}

/// The refutation at `n` when the formula does not give `G(n) = a`.
fn mismatch(claim: &str, f: &Formula, n: u64, a: u64) -> Option<Answer> {
    let b = f.eval(&[("n", n as i128)]);
    let right = b.as_ref().ok().and_then(|&v| u64::try_from(v).ok());
    (right != Some(a)).then(|| {
        let what = match &b {
            Err(e) => format!("G({n}) = {a} but the formula has no value: {e}"),
            Ok(v) => format!("G({n}) = {a} but {f} = {v}"),
        };
        refuted(claim, n, a, right, what)
    })
}

/// The most positions compared to prove a formula periodic like a rule.
const MAX_FORMULA_PROOF: u64 = 1 << 24;

/// A formula whose form repeats every `q` (see [`Formula::period`]) equals
/// a rule's values proven periodic (period `p` from `n0`) everywhere when
/// the two agree for `n < n0 + lcm(p, q)`: both repeat from there.
fn formula_proof(claim: &str, f: &Formula, rule: &HeapRule) -> Result<Option<Answer>, String> {
    let Some(q) = f.period("n") else {
        return Ok(None);
    };
    // A formula in residues repeats; values growing by a saltus do not.
    let Some(pv) = PeriodicValues::prove(&rule.base()).filter(|pv| pv.saltus() == 0) else {
        return Ok(None);
    };
    let (n0, p) = (pv.preperiod(), pv.period());
    let Some(end) = (p / gcd(p, q))
        .checked_mul(q)
        .and_then(|l| l.checked_add(n0))
        .filter(|&e| e <= MAX_FORMULA_PROOF)
    else {
        return Ok(None);
    };
    for n in 0..end {
        if let Some(r) = mismatch(claim, f, n, pv.value(n)) {
            return Ok(Some(r));
        }
    }
    let window = Window::for_rule(&rule.base());
    let t = theorem(window, n0, p).ok_or("a proven period has its theorem")?;
    let t = format!(
        "{t}; the formula repeats every {q} (n only in residues), and G(n) and the formula agree for n < {end}, after which both repeat"
    );
    Ok(Some(answer(claim, Verdict::Proven, end - 1, Some(t), None)))
}

fn table(claim: &str, f: &Formula, game: &Game, to: u32) -> Result<Answer, String> {
    let side = (to as usize).saturating_add(1).min(TABLE_SIDE);
    let g = game.table(side)?;
    // Square by square, so that the first failure is the one nearest the
    // corner (0, 0).
    for m in 0..side {
        let cells = (0..=m).map(|x| (x, m)).chain((0..m).map(|y| (m, y)));
        for (x, y) in cells {
            let a = g[x * side + y];
            let b = f.eval(&[("x", x as i128), ("y", y as i128)]);
            let right = b.as_ref().ok().and_then(|&v| u64::try_from(v).ok());
            if right != Some(a) {
                let what = match &b {
                    Err(e) => format!("G({x}, {y}) = {a} but the formula has no value: {e}"),
                    Ok(v) => format!("G({x}, {y}) = {a} but {f} = {v}"),
                };
                let cx = Counterexample {
                    n: m as u64,
                    left: Some(a),
                    right,
                    what,
                    xy: Some([x as u64, y as u64]),
                };
                return Ok(answer(claim, Verdict::Refuted, m as u64, None, Some(cx)));
            }
        }
    }
    Ok(answer(
        claim,
        Verdict::Observed,
        side as u64 - 1,
        None,
        None,
    ))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn equal(claim: &str, a: &Game, b: &Game, to: u32) -> Result<Answer, String> {
    let (la, lb) = (a.label(), b.label());
    let first = a.first().max(b.first());
    let last = u64::from(to).max(first);
    let (ga, gb) = (a.sequence(last)?, b.sequence(last)?);
    for n in first..=last {
        let (x, y) = (ga[(n - a.first()) as usize], gb[(n - b.first()) as usize]);
        if x != y {
            return Ok(refuted(
                claim,
                n,
                x,
                Some(y),
                format!("G({n}) = {x} in {la} but {y} in {lb}"),
            ));
        }
    }
    if let (Game::Rule(ra), Game::Rule(rb)) = (a, b) {
        if let (Some(pa), Some(pb)) = (
            PeriodicValues::prove(&ra.base()).filter(|pv| pv.saltus() == 0),
            PeriodicValues::prove(&rb.base()).filter(|pv| pv.saltus() == 0),
        ) {
            let l = pa.period() / gcd(pa.period(), pb.period()) * pb.period();
            let bound = pa.preperiod().max(pb.preperiod()).saturating_add(l);
            if bound <= 1 << 24 {
                for n in 0..bound {
                    let (x, y) = (pa.value(n), pb.value(n));
                    if x != y {
                        return Ok(refuted(
                            claim,
                            n,
                            x,
                            Some(y),
                            format!("G({n}) = {x} in {la} but {y} in {lb}"),
                        ));
                    }
                }
                let t = format!(
                    "periodicity theorems: {la} has period {} from {}, {lb} period {} from {}, both proven, and their values agree on n < {bound}, after which both repeat",
                    pa.period(), pa.preperiod(), pb.period(), pb.preperiod()
                );
                return Ok(answer(claim, Verdict::Proven, bound - 1, Some(t), None));
            }
        }
    }
    Ok(answer(claim, Verdict::Observed, last, None, None))
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
        // Proven: the rule's period 3 from 0 and the formula's 3 agree.
        let a = check("G(n) = n % 3 for sub:1,2", 500).unwrap();
        assert_eq!(a.verdict, Verdict::Proven);
        assert!(a.theorem.unwrap().contains("the formula repeats every 3"));
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
    fn formulas_proven_by_periods() {
        // Kayles' values mod 12 past 71 are no formula in residues of n,
        // but sub:1,3,4 is: period 7, values 0 1 0 1 2 3 2.
        let a = check("G(n) = n % 7 % 2 + 2 * (n % 7 / 4) for sub:1,3,4", 10).unwrap();
        assert_eq!(a.verdict, Verdict::Proven, "{}", a.text);
        // A formula right on the bound but wrong later is refuted past it.
        let b = check("G(n) = n % 3 + n % 100 / 99 for sub:1,2", 50).unwrap();
        assert_eq!(b.verdict, Verdict::Refuted);
        assert_eq!(b.counterexample.unwrap().n, 99);
        // Not in residues: observed only.
        let c = check("G(n) = n % 3 + 0 * lowbit(n + 1) for sub:1,2", 300).unwrap();
        assert_eq!(c.verdict, Verdict::Observed);
    }

    #[cfg(feature = "scripts")]
    fn example(file: &str) -> String {
        format!("{}/../../examples/{file}", env!("CARGO_MANIFEST_DIR"))
    }

    #[cfg(feature = "scripts")]
    #[test]
    fn scripts_files_and_tables() {
        let kayles = example("scripts/kayles.rhai");
        let a = check(&format!("{kayles} equals 0.77"), 60).unwrap();
        assert_eq!(a.verdict, Verdict::Observed);
        let b = check(&format!("{kayles} equals 0.07"), 60).unwrap();
        assert_eq!(b.counterexample.unwrap().n, 1);
        let dawson = example("rules/dawson-kayles.toml");
        assert_eq!(
            check(&format!("{dawson} has period 34 from 53"), 10)
                .unwrap()
                .verdict,
            Verdict::Proven
        );
        let c = check(&format!("{kayles} has period 12 from 71"), 300).unwrap();
        assert_eq!(c.verdict, Verdict::Observed);
        let mock = example("rules/mock-turtles.toml");
        let m = check(&format!("G(n) = odious(n - 1) for {mock}"), 500).unwrap();
        assert_eq!(m.verdict, Verdict::Observed);
        // Tables: Nim's is x xor y; Wythoff's is not, first at (1, 1).
        let w = check("G(x, y) = x xor y for twoheap:wythoff", 100).unwrap();
        assert_eq!(w.verdict, Verdict::Refuted);
        let cx = w.counterexample.unwrap();
        assert_eq!((cx.xy, cx.left, cx.right), (Some([1, 1]), Some(2), Some(0)));
        let s = check(
            &format!("G(x,y) = x xor y for {}", example("scripts/wythoff.rhai")),
            20,
        )
        .unwrap();
        assert_eq!(s.counterexample.unwrap().xy, Some([1, 1]));
        let e = check("G(x, y) = min(x, y) for twoheap:euclid", 30).unwrap();
        assert_eq!(e.verdict, Verdict::Refuted);
        assert!(check("G(x, y) = x + n for twoheap:wythoff", 30).is_err());
        assert!(check("G(n) = n for twoheap:wythoff", 30).is_err());
        assert!(check("G(x, y) = x for kayles", 30).is_err());
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
