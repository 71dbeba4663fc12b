//! Arithmetic periodicity `G(n + p) = G(n) + s` (saltus `s`) proven by a
//! finite check, for finite take-and-break codes (octal or hexadecimal,
//! without `!`), and Lasker's Nim from its published solution.
//!
//! **The test.** Let the code remove at most `k` tokens and leave at most
//! three heaps, let `s = 2^m`, `i >= 1`, and suppose every value before the
//! second period is below the saltus: `G(n) < s` for `n < i + p`. Write a
//! heap `a >= i` as `a = i + alpha + p x` (`0 <= alpha < p`). If the
//! pattern holds below `N`, a part `a` is worth `s x + G(i + alpha)` and a
//! part below `i` is worth `G(a) < s`, so an option of `N` is worth
//! `s (x_1 xor ... xor x_w) + R`: `R` is the nim-sum of the parts' low
//! values and `x_1 + ... + x_w = Q - delta`, where `N = i + p Q + beta`
//! and `delta` depends only on the move, the residues of the `w` large
//! parts, the small parts and `beta`. Which nim-sums `x_1 xor ... xor x_w`
//! the sums `X` allow is known exactly: `{X}` for one part; for two parts
//! the `v <= X` with `X - v` even and `((X - v) / 2) & v = 0`; for three,
//! every `v <= X` of the parity of `X` (`v xor u xor u` with `v + 2u = X`).
//!
//! So, with `D` the largest `delta`, the options reaching the level
//! `Q - e` of the mex for `e <= D` depend only on `beta` and on `Q` modulo
//! `2^B` (`B` the bit length of `D`), and the deeper levels `e > D` are
//! reached only by three large parts, whose low values depend only on the
//! parity of `e`. The test asks that those deep low values cover
//! `0..s` for both parities and every `beta`, and checks the pattern on
//! the computed values up to `W = i + p (Q1 + 2^B)`, where `Q1 = D + 1`
//! (large enough also that every option has a large part). A heap
//! `N >= W` then has the same options at its top `D + 1` levels as the
//! heap `N - p 2^B t` in `[W - p 2^B, W)` with the same `beta` (checked:
//! its mex is `s Q' + G(i + beta)`), and full deep levels: its mex is
//! `s Q + G(i + beta)`, and by induction the pattern holds for every heap.
//!
//! When the deep low values miss one for some `beta` and parity, the
//! pattern cannot last: at a heap with `Q - e = 2^L - 1` (`e > D` of that
//! parity, `L` large) no option reaches that value, and the mex falls
//! below `s Q`. The test then says so ([`Unproven::Breaks`]). Codes that
//! never leave three heaps are always in that case, as Horrocks and
//! Nowakowski proved for octal games (INTEGERS 3, 2003); hexadecimal ones
//! such as 0.8 (`G(n + 3) = G(n) + 1` from `n = 1`) pass.
//!
//! ```
//! use grundy::heap::naive::NaiveEngine;
//! use grundy::heap::periodicity::arithmetic::{test, Theorem};
//! let rule = "0.8".parse().unwrap();
//! let mut e = NaiveEngine::new(&rule);
//! e.extend_to(200);
//! let g = e.values();
//! let proof = test(&rule, g.len(), |n| g[n], 1, 3, 1).unwrap();
//! assert_eq!(proof.theorem, Theorem::Levels);
//! assert!(proof.window_end <= 200);
//! ```

use serde::Serialize;

use crate::heap::code::TakeBreak;
use crate::heap::rule::{HeapRule, RuleKind};

/// The theorem behind a proof of arithmetic periodicity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Theorem {
    /// The finite test of this module, on a finite code.
    Levels,
    /// Lasker's Nim (`4.[3]`): `G(4k + 1) = 4k + 1`, `G(4k + 2) = 4k + 2`,
    /// `G(4k + 3) = 4k + 4`, `G(4k + 4) = 4k + 3` (Lasker, 1931; Winning
    /// Ways, ch. 4).
    Lasker,
}

/// `G(n + period) = G(n) + saltus` for every `n >= preperiod`, proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ArithmeticProof {
    /// The first heap of the pattern (at least 1).
    pub preperiod: u64,
    /// The period `p`.
    pub period: u64,
    /// The saltus `s`, a power of two.
    pub saltus: u64,
    /// Which theorem proves it.
    pub theorem: Theorem,
    /// The values the proof reads: `G(0..window_end)`.
    pub window_end: u64,
}

impl ArithmeticProof {
    /// The theorem in words, with the range checked.
    pub fn statement(&self) -> String {
        let (i, p, s, w) = (self.preperiod, self.period, self.saltus, self.window_end);
        match self.theorem {
            Theorem::Levels => format!(
                "arithmetic periodicity test for finite codes (levels of the mex, saltus a power of two): G(n) < {s} for n < {}, and G(n + {p}) = G(n) + {s} checked for {i} <= n < {}",
                i + p,
                w - p
            ),
            Theorem::Lasker => format!(
                "Lasker's solution of Lasker's Nim (1931; Winning Ways, ch. 4), compared with the values computed for n < {w}"
            ),
        }
    }
}

/// Why an arithmetic pattern was not proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unproven {
    /// The test does not apply to the rule or the pattern (the reason).
    NotCovered(String),
    /// The pattern cannot hold for every heap (the reason).
    Breaks(String),
    /// The test needs the values `G(0..n)`.
    NeedsValues(u64),
    /// The computed values break the pattern at this heap.
    Contradicted(u64),
}

/// The most part shapes the test enumerates: `(i + p)^2 s` bounds its
/// work (a shape of two parts times a third part) and `(i + p) s` its
/// memory.
const MAX_SHAPES: u64 = 1 << 24;
const MAX_STATES: u64 = 1 << 20;

/// Whether `G(n + p) = G(n) + s` for every `n >= n0` (`n0` raised to 1)
/// follows from the `len` values `g(0), ..., g(len - 1)` of `rule`
/// (counted in single tokens), by the test above or, for Lasker's Nim,
/// its published solution.
pub fn test(
    rule: &HeapRule,
    len: usize,
    g: impl Fn(usize) -> u32,
    n0: u64,
    p: u64,
    s: u64,
) -> Result<ArithmeticProof, Unproven> {
    let not = |why: &str| Err(Unproven::NotCovered(why.to_string()));
    if rule.scale() != 1 {
        return not("the rule counts its heaps in blocks of tokens");
    }
    let RuleKind::Code(code) = rule.kind() else {
        return not("the test covers take-and-break codes");
    };
    if p == 0 || s == 0 {
        return not("the pattern has no saltus");
    }
    if is_lasker(code) {
        return lasker(len, g, n0, p, s);
    }
    if code.digits.iter().any(|d| d.unequal) {
        return not("the test does not cover `!` (parts that must differ)");
    }
    let Some(k) = code.max_removal() else {
        return not("the test covers finite codes (a move removes a bounded number of tokens)");
    };
    if !s.is_power_of_two() {
        return not("the saltus is not a power of two");
    }
    let i = n0.max(1);
    let first = i + p;
    if (len as u64) < first {
        return Err(Unproven::NeedsValues(first));
    }
    if let Some(n) = (1..first).find(|&n| u64::from(g(n as usize)) >= s) {
        return Err(Unproven::NotCovered(format!(
            "G({n}) = {} is not below the saltus {s} (the test needs G(n) < s for n < {first})",
            g(n as usize)
        )));
    }
    if first.saturating_mul(first).saturating_mul(s) > MAX_SHAPES
        || first.saturating_mul(s) > MAX_STATES
    {
        return not("preperiod, period and saltus too large for the test");
    }
    let levels = Levels::new(code, k as u64, i, p, s, &g);
    if let Some((beta, parity)) = levels.deep_gap() {
        return Err(Unproven::Breaks(format!(
            "for heaps n = {} (mod {p}) the options of large heaps never reach some values at levels of parity {parity}, so the pattern fails at some heap",
            (i + beta) % p
        )));
    }
    let d = levels.max_delta;
    let b = 64 - d.leading_zeros();
    let q1 = (d + 1).max((k as u64 + 3 * i).div_ceil(p));
    let window_end = i + p * (q1 + (1u64 << b));
    if (len as u64) < window_end {
        return Err(Unproven::NeedsValues(window_end));
    }
    if let Some(n) = (i..window_end - p)
        .find(|&n| u64::from(g((n + p) as usize)) != u64::from(g(n as usize)) + s)
    {
        return Err(Unproven::Contradicted(n + p));
    }
    Ok(ArithmeticProof {
        preperiod: i,
        period: p,
        saltus: s,
        theorem: Theorem::Levels,
        window_end,
    })
}

/// Whether [`test()`] may prove a saltus of `rule`: Lasker's Nim, or a
/// finite code without `!` that may leave three heaps, counted in single
/// tokens.
pub fn covers(rule: &HeapRule) -> bool {
    let RuleKind::Code(code) = rule.kind() else {
        return false;
    };
    rule.scale() == 1
        && (is_lasker(code)
            || (code.max_removal().is_some()
                && code.is_hexadecimal()
                && !code.digits.iter().any(|d| d.unequal)))
}

fn is_lasker(code: &TakeBreak) -> bool {
    code.repeat_from == Some(1)
        && code.digits.len() == 2
        && code.digits[0].bits == 4
        && code.digits[1].bits == 3
        && !code.digits.iter().any(|d| d.unequal)
}

/// Lasker's Nim: its solution gives `G(n + 4) = G(n) + 4` from `n = 1`;
/// the pattern asked for must be that one, and the computed values (at
/// least three periods and heaps 0 to 15, enough for the pattern to be
/// seen again) must agree with the solution.
fn lasker(
    len: usize,
    g: impl Fn(usize) -> u32,
    n0: u64,
    p: u64,
    s: u64,
) -> Result<ArithmeticProof, Unproven> {
    if !p.is_multiple_of(4) || s != p {
        return Err(Unproven::NotCovered(format!(
            "Lasker's Nim has G(n + 4) = G(n) + 4, not G(n + {p}) = G(n) + {s}"
        )));
    }
    let window_end = 16u64.max(n0.max(1) + 3 * p);
    if (len as u64) < window_end {
        return Err(Unproven::NeedsValues(window_end));
    }
    if let Some(n) = (0..window_end).find(|&n| u64::from(g(n as usize)) != lasker_value(n)) {
        return Err(Unproven::Contradicted(n));
    }
    Ok(ArithmeticProof {
        preperiod: n0.max(1),
        period: p,
        saltus: s,
        theorem: Theorem::Lasker,
        window_end,
    })
}

/// Lasker's solution.
fn lasker_value(n: u64) -> u64 {
    match n % 4 {
        _ if n == 0 => 0,
        3 => n + 1,
        0 => n - 1,
        _ => n,
    }
}

/// The options of a large heap, sorted by the class `beta` of the heap:
/// for every move shape, its `delta` and low value `R`.
struct Levels {
    p: u64,
    s: u64,
    /// `deep[beta][parity]`: the low values of three-large-part options
    /// whose `delta` has that parity (a bit per value).
    deep: Vec<[Vec<bool>; 2]>,
    max_delta: u64,
}

impl Levels {
    fn new(code: &TakeBreak, k: u64, i: u64, p: u64, s: u64, g: &impl Fn(usize) -> u32) -> Levels {
        // Parts: small ones (exact size below i, worth G(a) < s) and large
        // ones (size i + alpha + p x, worth s x + G(i + alpha)).
        let parts: Vec<(bool, u64, u32)> = (1..i)
            .map(|a| (false, a, g(a as usize)))
            .chain((0..p).map(|alpha| (true, i + alpha, g((i + alpha) as usize))))
            .collect();
        let su = s as usize;
        let width = (3 * (i + p) + 1) as usize;
        // shapes[t]: for t parts, whether (large parts w, offset, low) occurs.
        let index = |w: usize, off: usize, r: usize| (w * width + off) * su + r;
        let mut shapes = vec![vec![false; 4 * width * su]; 4];
        shapes[0][index(0, 0, 0)] = true;
        for t in 1..=3 {
            let (done, rest) = shapes.split_at_mut(t);
            let (prev, next) = (&done[t - 1], &mut rest[0]);
            for w in 0..t {
                for off in 0..width {
                    for r in 0..su {
                        if !prev[index(w, off, r)] {
                            continue;
                        }
                        for &(large, o, low) in &parts {
                            let off2 = off + o as usize;
                            if off2 < width {
                                next[index(w + usize::from(large), off2, r ^ low as usize)] = true;
                            }
                        }
                    }
                }
            }
        }
        let mut deep = vec![[vec![false; su], vec![false; su]]; p as usize];
        let mut max_delta = 0;
        for j in 0..=k {
            let digit = code.digit(j as usize);
            for (t, shape) in shapes.iter().enumerate().skip(1) {
                if !digit.allows(t) || (j == 0 && t == 1) {
                    continue;
                }
                for w in 1..=t {
                    for off in 0..width {
                        for r in 0..su {
                            if !shape[index(w, off, r)] {
                                continue;
                            }
                            // A large part makes off >= i.
                            let at = j + off as u64 - i;
                            let (beta, delta) = ((at % p) as usize, at / p);
                            max_delta = max_delta.max(delta);
                            if w == 3 {
                                deep[beta][(delta % 2) as usize][r] = true;
                            }
                        }
                    }
                }
            }
        }
        Levels {
            p,
            s,
            deep,
            max_delta,
        }
    }

    /// A class `beta` and parity whose deep low values miss one.
    fn deep_gap(&self) -> Option<(u64, u64)> {
        debug_assert_eq!(self.deep.len() as u64, self.p);
        debug_assert!(self.deep.iter().all(|d| d[0].len() as u64 == self.s));
        self.deep.iter().enumerate().find_map(|(beta, by)| {
            (0..2)
                .find(|&par| by[par].iter().any(|&hit| !hit))
                .map(|par| (beta as u64, par as u64))
        })
    }
}

#[cfg(test)]
mod tests;
