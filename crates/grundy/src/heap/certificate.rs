//! The check of a sequence file's [`Claim`] of periodicity, from its stored
//! values alone, by code that shares nothing with the detection that made
//! the claim (`heap::periodicity`): which theorem fits the rule is read off
//! the rule here, the window the theorem needs is computed here, and the
//! window is checked by a plain loop comparing `G(n)` with `G(n + p)`.
//!
//! The theorems, for preperiod `n0`, period `p` and `n1 = max(n0, 1)`:
//!
//! - a take-and-break code whose moves remove at most `t` tokens and leave
//!   at most `k >= 2` heaps, with no `!` (Guy and Smith; Winning Ways,
//!   ch. 4): if `G(n + p) = G(n)` for `n0 <= n < k n1 + (k - 1) p + t`,
//!   then for every `n >= n0`. Past the window, a move from `n + p` leaves
//!   parts summing to at least `n + p - t`, the largest at least a `k`-th
//!   of that, so at least `n1 + p`: taking `p` from it gives a move from
//!   `n` whose value is the same, by induction, and back;
//! - a code leaving at most one heap: the window `n0 <= n < n1 + t` (and
//!   at least `n = n0`), since every option of `n + p` past it is a heap of
//!   at least `n0 + p`;
//! - a finite subtraction set with largest move `t`: `n0 <= n < n0 + t`.
//!
//! A claim holds when its theorem is the rule's, its window reaches the
//! theorem's end, the values cover `window_end + p` and the loop finds no
//! `n` with `G(n + p) != G(n)`. The values themselves are certified by
//! [`super::verify`]; a certificate is both.
//!
//! ```
//! use grundy::heap::certificate::check_claim;
//! use grundy::heap::store::{Claim, Theorem};
//! let kayles = "0.77".parse().unwrap();
//! let g = grundy::heap::sequence::compute(&kayles, 167, &Default::default()).unwrap();
//! let claim = Claim {
//!     preperiod: 71,
//!     period: 12,
//!     theorem: Theorem::Octal { max_removal: 2, parts: 2 },
//!     window_end: 156,
//! };
//! let c = check_claim(&kayles, &g, &claim, None);
//! assert!(c.holds && c.least_preperiod == Some(true) && c.least_period == Some(true));
//! let short = Claim { window_end: 155, ..claim };
//! assert!(!check_claim(&kayles, &g, &short, None).holds);
//! ```

use serde::{Deserialize, Serialize};

use super::code::{LEAVE_THREE, LEAVE_TWO};
use super::rc::StoredValue;
use super::rule::{HeapRule, RuleKind};
use super::store::{Claim, Theorem};

/// The first `n` of the window where `G(n + p) != G(n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mismatch {
    /// The heap `n`.
    pub n: u64,
    /// `G(n)`.
    pub value: u32,
    /// `G(n + p)`.
    pub later: u32,
}

/// What the check of a claim found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimCheck {
    /// The claim, as the file gives it (its fields in the JSON object).
    #[serde(flatten)]
    pub claim: Claim,
    /// The theorem that fits the rule, as this check reads it off the
    /// rule (`None`: no theorem here covers the rule).
    pub rule_theorem: Option<Theorem>,
    /// The end of the window the rule's theorem needs.
    pub required_end: Option<u64>,
    /// Why the claim cannot hold whatever the values, if it cannot: the
    /// wrong theorem, a window too short, too few values.
    pub refused: Option<String>,
    /// The heaps `n` of the window checked here: `from..end`.
    pub from: u64,
    /// End (exclusive) of the heaps checked.
    pub end: u64,
    /// Heaps `n` checked (all of `from..end` unless a mismatch stopped it).
    pub checked: u64,
    /// The first `n` with `G(n + p) != G(n)`, if any.
    pub first_mismatch: Option<Mismatch>,
    /// Whether `n0` is the least preperiod (`G(n0 - 1 + p) != G(n0 - 1)`),
    /// checked with the part of the window that starts at `n0`.
    pub least_preperiod: Option<bool>,
    /// Whether `p` is the least period (no `p / q`, `q` a prime factor of
    /// `p`, is one), checked with the part of the window that starts at
    /// `n0`.
    pub least_period: Option<bool>,
    /// The window part checked, with nothing refused and no mismatch.
    pub holds: bool,
}

/// The theorem that fits `rule`, read off its moves: `None` for rules no
/// theorem here covers (codes with `!`, moves removing without bound,
/// windows, predicates, heaps counted in units).
///
/// ```
/// use grundy::heap::certificate::theorem_for;
/// use grundy::heap::store::Theorem;
/// let t = theorem_for(&"0.1777".parse().unwrap());
/// assert_eq!(t, Some(Theorem::Octal { max_removal: 4, parts: 2 }));
/// assert_eq!(theorem_for(&"4!.0".parse().unwrap()), None);
/// ```
pub fn theorem_for(rule: &HeapRule) -> Option<Theorem> {
    if rule.scale() != 1 {
        return None;
    }
    match rule.kind() {
        RuleKind::Code(code) => {
            if code.digits.iter().any(|d| d.unequal) {
                return None;
            }
            if let Some(r) = code.repeat_from {
                if code.digits[r..].iter().any(|d| d.bits != 0) {
                    return None;
                }
            }
            let t = code.digits.iter().rposition(|d| d.bits != 0)?;
            let bits = code.digits.iter().fold(0, |b, d| b | d.bits);
            let parts = match bits {
                b if b & LEAVE_THREE != 0 => 3,
                b if b & LEAVE_TWO != 0 => 2,
                _ => 1,
            };
            Some(Theorem::Octal {
                max_removal: t as u64,
                parts,
            })
        }
        RuleKind::Subtract(set) => set.last().map(|&m| Theorem::Subtraction { max: m as u64 }),
        RuleKind::Take { max, .. } => Some(Theorem::Subtraction { max: *max as u64 }),
        RuleKind::AllBut(_) | RuleKind::Ranges(_) | RuleKind::Predicate(_) => None,
    }
}

/// The end (exclusive) of the heaps `n` on which `theorem` needs
/// `G(n + p) = G(n)` for preperiod `n0` and period `p`, with the formula
/// as text; `None` if it overflows.
pub fn required_end(theorem: Theorem, n0: u64, p: u64) -> Option<(u64, String)> {
    let n1 = n0.max(1);
    match theorem {
        Theorem::Octal {
            max_removal: t,
            parts: k,
        } if k >= 2 => {
            let end = k
                .checked_mul(n1)?
                .checked_add((k - 1).checked_mul(p)?)?
                .checked_add(t)?;
            let formula = match k {
                2 => format!("2 max(n0, 1) + p + t = 2*{n1} + {p} + {t}"),
                _ => format!(
                    "{k} max(n0, 1) + {} p + t = {k}*{n1} + {}*{p} + {t}",
                    k - 1,
                    k - 1
                ),
            };
            Some((end, formula))
        }
        Theorem::Octal { max_removal: t, .. } => Some((
            n1.checked_add(t)?.max(n0.checked_add(1)?),
            format!("max(n0, 1) + t = {n1} + {t}"),
        )),
        Theorem::Subtraction { max } => Some((
            n0.checked_add(max.max(1))?,
            format!("n0 + max(S) = {n0} + {}", max.max(1)),
        )),
    }
}

/// The theorem in words.
pub fn theorem_name(theorem: Theorem) -> String {
    match theorem {
        Theorem::Octal {
            max_removal,
            parts: 1,
        } => format!(
            "the periodicity theorem for codes leaving one heap (removing at most {max_removal} tokens)"
        ),
        Theorem::Octal { max_removal, parts } => format!(
            "the octal periodicity theorem (Guy and Smith) for a code removing at most {max_removal} tokens and leaving at most {parts} heaps"
        ),
        Theorem::Subtraction { max } => {
            format!("the periodicity of finite subtraction games (largest move {max})")
        }
    }
}

/// Checks `claim` of `rule` against the stored values `G(0..values.len())`
/// (any cell type, a mapped file's included), on the heaps `n` of
/// `part = (from, end)` of the window only when given (a shard: the parts
/// of one window, checked anywhere, together cover it; see
/// [`merge_checks`]), else on all of it.
pub fn check_claim<V: StoredValue>(
    rule: &HeapRule,
    values: &[V],
    claim: &Claim,
    part: Option<(u64, u64)>,
) -> ClaimCheck {
    let (n0, p) = (claim.preperiod, claim.period);
    let rule_theorem = theorem_for(rule);
    let required = rule_theorem.and_then(|t| required_end(t, n0, p));
    let (from, end) = part.unwrap_or((n0, claim.window_end));
    let mut c = ClaimCheck {
        claim: *claim,
        rule_theorem,
        required_end: required.as_ref().map(|r| r.0),
        refused: None,
        from,
        end,
        checked: 0,
        first_mismatch: None,
        least_preperiod: None,
        least_period: None,
        holds: false,
    };
    let count = values.len() as u64;
    c.refused = match (rule_theorem, &required) {
        _ if p == 0 => Some("the period is 0".into()),
        (None, _) => Some(format!("no periodicity theorem here covers {rule}")),
        (Some(t), _) if t != claim.theorem => Some(format!(
            "the claim rests on {}, but {rule} needs {}",
            theorem_name(claim.theorem),
            theorem_name(t)
        )),
        (_, None) => Some("the window overflows 64 bits".into()),
        (_, Some((need, formula))) if claim.window_end < *need => Some(format!(
            "the window is too short: the theorem needs G(n + {p}) = G(n) for {n0} <= n < {need} ({formula}), the claim checked n < {}",
            claim.window_end
        )),
        _ if claim.values_needed() > count => Some(format!(
            "the window reads G(0..={}), the file holds G(0..={})",
            claim.values_needed() - 1,
            count.saturating_sub(1)
        )),
        _ if from < n0 || end > claim.window_end || from > end => Some(format!(
            "the part {from}..{end} is not within the window {n0}..{}",
            claim.window_end
        )),
        _ => None,
    };
    if c.refused.is_some() {
        return c;
    }
    let g = |n: u64| values[n as usize].get();
    for n in from..end {
        let (a, b) = (g(n), g(n + p));
        if a != b {
            c.first_mismatch = Some(Mismatch {
                n,
                value: a,
                later: b,
            });
            break;
        }
        c.checked += 1;
    }
    if c.first_mismatch.is_none() && from == n0 {
        c.least_preperiod = Some(n0 == 0 || g(n0 - 1) != g(n0 - 1 + p));
        // A divisor `d` of `p` is a period from `n0` when it is one over a
        // single period: the values past it repeat those.
        c.least_period = Some(prime_factors(p).into_iter().all(|q| {
            let d = p / q;
            (n0..n0 + p).any(|n| g(n) != g(n + d))
        }));
    }
    c.holds = c.first_mismatch.is_none();
    c
}

/// The distinct prime factors of `n`, by trial division (`O(sqrt n)`).
fn prime_factors(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut q = 2;
    while q * q <= n {
        if n.is_multiple_of(q) {
            out.push(q);
            while n.is_multiple_of(q) {
                n /= q;
            }
        }
        q += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// The checks of the parts of one claim, made one check of the whole
/// window: the parts must cover `n0..window_end` exactly once (in any
/// order). `Err` says what does not fit together.
pub fn merge_checks(parts: &[ClaimCheck]) -> Result<ClaimCheck, String> {
    let Some(first) = parts.first() else {
        return Err("no claim check to merge".into());
    };
    if let Some(other) = parts.iter().find(|c| c.claim != first.claim) {
        return Err(format!(
            "the reports check different claims ({:?} and {:?})",
            first.claim, other.claim
        ));
    }
    if let Some(r) = parts.iter().find_map(|c| c.refused.clone()) {
        return Ok(ClaimCheck {
            refused: Some(r),
            holds: false,
            ..first.clone()
        });
    }
    let mut sorted: Vec<&ClaimCheck> = parts.iter().filter(|c| c.from < c.end).collect();
    sorted.sort_by_key(|c| c.from);
    let (n0, end) = (first.claim.preperiod, first.claim.window_end);
    let mut at = n0;
    for c in &sorted {
        if c.from != at {
            return Err(match c.from < at {
                true => format!("the window parts overlap at n = {}", c.from),
                false => format!("the window parts leave out n = {at}..{}", c.from),
            });
        }
        at = c.end;
    }
    if at != end {
        return Err(format!("the window parts leave out n = {at}..{end}"));
    }
    let head = parts.iter().find(|c| c.least_period.is_some());
    let first_mismatch = sorted.iter().find_map(|c| c.first_mismatch);
    Ok(ClaimCheck {
        from: n0,
        end,
        checked: parts.iter().map(|c| c.checked).sum(),
        first_mismatch,
        least_preperiod: head.and_then(|c| c.least_preperiod),
        least_period: head.and_then(|c| c.least_period),
        holds: first_mismatch.is_none(),
        ..first.clone()
    })
}

/// What a check proved, or why it did not, in one sentence (the values
/// being certified apart).
pub fn statement(c: &ClaimCheck) -> String {
    let (n0, p, e) = (c.claim.preperiod, c.claim.period, c.claim.window_end);
    if let Some(why) = &c.refused {
        return format!("claim not proven: {why}");
    }
    if let Some(m) = c.first_mismatch {
        return format!(
            "claim false: G({}) = {} but G({} + {p}) = {}",
            m.n, m.value, m.n, m.later
        );
    }
    let mut s = format!(
        "G(n + {p}) = G(n) for every n >= {n0}, by {}, window {n0} <= n < {e} checked",
        theorem_name(c.claim.theorem)
    );
    if let Some(need) = c.required_end {
        s.push_str(&format!(" (the theorem needs n < {need})"));
    }
    if (c.from, c.end) != (n0, e) {
        s.push_str(&format!(" [this part: {} <= n < {}]", c.from, c.end));
    }
    if let (Some(a), Some(b)) = (c.least_preperiod, c.least_period) {
        s.push_str(&format!(
            "; {n0} is {} preperiod and {p} {} period",
            if a { "the least" } else { "not the least" },
            if b { "the least" } else { "not the least" }
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::code_sequence;
    use crate::heap::periodicity::{analyze, Status, Window};
    use proptest::prelude::*;

    /// The window ends agree with those of the detection, derived apart.
    #[test]
    fn windows_agree_with_the_detection() {
        for code in [
            "0.07",
            "0.77",
            "0.137",
            "0.16",
            "0.8",
            "0.1777",
            "0.3",
            "sub:1,4,5",
            "0.6",
        ] {
            let rule: HeapRule = code.parse().unwrap();
            let t = theorem_for(&rule).unwrap();
            for (n0, p) in [(0, 1), (1, 3), (71, 12), (160_949_017, 60_620_715)] {
                assert_eq!(
                    required_end(t, n0, p).map(|r| r.0),
                    Window::for_rule(&rule).end(n0, p),
                    "{code}"
                );
            }
        }
        for code in ["4!.0", "0.[3]", "triomino"] {
            assert_eq!(theorem_for(&code.parse().unwrap()), None, "{code}");
        }
    }

    fn claim_of(code: &str, len: usize) -> (HeapRule, Vec<u32>, Claim) {
        let rule: HeapRule = code.parse().unwrap();
        let g = code_sequence(&code.parse().unwrap(), len);
        let found = analyze(&g, Window::for_rule(&rule), false);
        assert_eq!(found.status, Status::Proven, "{code}");
        let (n0, p) = (found.preperiod.unwrap(), found.period.unwrap());
        let theorem = theorem_for(&rule).unwrap();
        let claim = Claim {
            preperiod: n0,
            period: p,
            theorem,
            window_end: required_end(theorem, n0, p).unwrap().0,
        };
        (rule, g, claim)
    }

    #[test]
    fn wrong_claims_are_caught() {
        let (rule, g, claim) = claim_of("0.77", 400);
        let c = check_claim(&rule, &g, &claim, None);
        assert!(c.holds && c.refused.is_none(), "{c:?}");
        assert_eq!(c.checked, 156 - 71);
        assert!(statement(&c).starts_with("G(n + 12) = G(n) for every n >= 71, by the octal"));
        // A period that is not one.
        let wrong = Claim {
            period: 13,
            window_end: 2 * 71 + 13 + 2,
            ..claim
        };
        let c = check_claim(&rule, &g, &wrong, None);
        assert!(!c.holds && c.first_mismatch.is_some(), "{c:?}");
        assert!(statement(&c).starts_with("claim false"));
        // A window one short.
        let short = Claim {
            window_end: claim.window_end - 1,
            ..claim
        };
        let c = check_claim(&rule, &g, &short, None);
        assert!(
            !c.holds && c.refused.as_deref().unwrap().contains("too short"),
            "{c:?}"
        );
        // Too few values for the window.
        let c = check_claim(&rule, &g[..167], &claim, None);
        assert!(
            c.refused.as_deref().unwrap().contains("holds G(0..=166)"),
            "{c:?}"
        );
        // The wrong theorem.
        let other = Claim {
            theorem: Theorem::Octal {
                max_removal: 1,
                parts: 2,
            },
            ..claim
        };
        let c = check_claim(&rule, &g, &other, None);
        assert!(c.refused.as_deref().unwrap().contains("needs"), "{c:?}");
        // A multiple of the period and a later preperiod hold, and say so.
        let loose = Claim {
            preperiod: 80,
            period: 24,
            window_end: 2 * 80 + 24 + 2,
            ..claim
        };
        let c = check_claim(&rule, &g, &loose, None);
        assert!(c.holds);
        assert_eq!(
            (c.least_preperiod, c.least_period),
            (Some(false), Some(false))
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        /// Proven periods of random codes hold, and any wrong value planted
        /// in the window's reach breaks the claim or is outside what it reads.
        #[test]
        fn planted_values_break_claims(d in proptest::collection::vec(0u8..8, 1..4), at in 0usize..10_000) {
            let code = format!("0.{}", d.iter().map(|x| x.to_string()).collect::<String>());
            let rule: HeapRule = code.parse().unwrap();
            let g = code_sequence(&code.parse().unwrap(), 3000);
            let found = analyze(&g, Window::for_rule(&rule), false);
            prop_assume!(found.status == Status::Proven);
            let theorem = theorem_for(&rule).unwrap();
            let (n0, p) = (found.preperiod.unwrap(), found.period.unwrap());
            let claim = Claim { preperiod: n0, period: p, theorem, window_end: required_end(theorem, n0, p).unwrap().0 };
            let g = &g[..claim.values_needed() as usize];
            prop_assert!(check_claim(&rule, g, &claim, None).holds);
            // Shards of the window merge into the whole check.
            let (a, b) = (n0, claim.window_end);
            let mid = a + (b - a) / 2;
            let parts = [check_claim(&rule, g, &claim, Some((mid, b))), check_claim(&rule, g, &claim, Some((a, mid)))];
            prop_assert_eq!(merge_checks(&parts).unwrap(), check_claim(&rule, g, &claim, None));
            let mut bad = g.to_vec();
            let x = at % bad.len();
            bad[x] ^= 1;
            let c = check_claim(&rule, &bad, &claim, None);
            let x = x as u64;
            if x < n0 {
                prop_assert!(c.holds, "{} at {}: {:?}", code, x, c);
            } else if x < claim.window_end {
                prop_assert!(!c.holds, "{} at {}: {:?}", code, x, c);
            }
        }
    }

    #[test]
    fn parts_that_do_not_tile_the_window_are_refused() {
        let (rule, g, claim) = claim_of("0.77", 400);
        let part = |a, b| check_claim(&rule, &g, &claim, Some((a, b)));
        assert!(merge_checks(&[part(71, 100)])
            .unwrap_err()
            .contains("leave out n = 100..156"));
        assert!(merge_checks(&[part(71, 100), part(90, 156)])
            .unwrap_err()
            .contains("overlap"));
        assert!(merge_checks(&[part(80, 156)])
            .unwrap_err()
            .contains("leave out n = 71..80"));
        assert!(
            merge_checks(&[part(100, 156), part(71, 100)])
                .unwrap()
                .holds
        );
        assert_eq!(prime_factors(60_620_715), vec![3, 5, 1_347_127]);
    }
}
