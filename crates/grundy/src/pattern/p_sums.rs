//! How many P-positions `(x, y)` with `0 < x < y <= N` a table's pattern
//! gives, and the sum of their `x + y`, for bounds far past any table
//! (`N = 10^16` at once): the question of Project Euler 325 for Euclid's
//! game. The mirror images `(y, x)` are left out; they double the count.
//!
//! - P-positions as a Beatty pair `(a(k), b(k))`, `a(k) = floor(k alpha)`,
//!   `b(k) = a(k) + r k` (Wythoff's game, r-Wythoff): the pairs with
//!   `b(k) <= N` are those with `k <= K = floor((N + 1) / beta)`; the sum
//!   is `sum a(k) + sum b(k)` over `k <= K`.
//! - P-positions as a wedge, `x < y <= u(x)` with `u(x) = floor(x alpha)`
//!   (Euclid's game: `y < x phi`): row `x` holds the `y` from `x + 1` to
//!   `min(u(x), N)`. The rows with `u(x) <= N` are `x <= X = floor((N + 1)
//!   / alpha)`; they need `sum u(x)`, `sum x u(x)` and `sum u(x)^2`, the
//!   rows after them run to `N` and need only sums of powers of `x`.
//!
//! The floor sums come from Euclid's algorithm on the slope
//! ([`super::floor_sum`]), in big integers throughout: no floating point,
//! and `K`, `X` exact as `floor((N + 1) / alpha)` is `floor((N + 1) *
//! (1 / alpha))` with `1 / alpha` again a quadratic irrational.
//!
//! ```
//! use grundy::pattern::{p_sums::p_sums, report::Report};
//! let r = Report::two_heap("euclid".parse().unwrap(), 60).unwrap();
//! let wedge = r.findings.iter().find(|f| f.is_p_position(5, 8).is_some()).unwrap();
//! // Project Euler 325: S(10) = 211 and S(10^4) = 230312207313.
//! assert_eq!(p_sums(wedge, 10, None).unwrap().sum, "211");
//! let s = p_sums(wedge, 10_000, None).unwrap();
//! assert_eq!((s.sum.as_str(), s.proven), ("230312207313", true));
//! assert_eq!(p_sums(wedge, 10_000, Some(1000)).unwrap().sum, "313");
//! ```

use num_bigint::BigInt;
use serde::Serialize;

use super::beatty::Beatty;
use super::floor_sum::{floor_sums, squares, triangle, Quadratic};
use super::{Finding, Model, Status};

/// The count and the sum of `x + y` over the P-positions `0 < x < y <= N`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PSums {
    /// `N`.
    pub bound: u64,
    /// How many P-positions, as decimal digits (it may pass 64 bits);
    /// reduced modulo `modulus` when one is given.
    pub count: String,
    /// The sum of `x + y` over them, as decimal digits; reduced modulo
    /// `modulus` when one is given.
    pub sum: String,
    /// The number the count and the sum are reduced by (`null`: exact).
    pub modulus: Option<u64>,
    /// The pattern summed over.
    pub pattern: String,
    /// Whether a theorem proves the pattern (else it is observed, and the
    /// sums extrapolate it).
    pub proven: bool,
    /// How the sums were computed.
    pub method: String,
}

fn big(n: u64) -> BigInt {
    BigInt::from(n)
}

/// The slope of `b`, or why its sums are not computed.
fn slope(b: &Beatty) -> Result<Quadratic, String> {
    b.slope().ok_or_else(|| {
        format!("sums are computed for floor(k*alpha) with alpha irrational, not for {b}")
    })
}

/// `floor((n + 1) / alpha)`, the last `k` with `floor(k alpha) <= n`.
fn last_at_most(alpha: &Quadratic, n: &BigInt) -> BigInt {
    alpha.recip().floor_times(&(n + 1))
}

/// Count and sum over a Beatty pair `(a(k), b(k) = a(k) + r k)`, `k >= 1`.
fn pair(a: &Beatty, b: &Beatty, n: u64) -> Result<(BigInt, BigInt), String> {
    let (sa, sb) = (slope(a)?, slope(b)?);
    let r = sb.whole_above(&sa);
    if sa.floor() < BigInt::from(1) || r.is_none_or(|r| r < BigInt::from(1)) {
        return Err(format!(
            "sums are computed for pairs floor(k*alpha), floor(k*alpha) + r*k with alpha > 1 and r >= 1, not for {a}, {b}"
        ));
    }
    let k = last_at_most(&sb, &big(n));
    let sum = floor_sums(&sa, k.clone()).f + floor_sums(&sb, k.clone()).f;
    Ok((k, sum))
}

/// Count and sum over a wedge `x < y <= u(x)`, `u(x) = floor(x alpha)`.
fn wedge(u: &Beatty, n: u64) -> Result<(BigInt, BigInt), String> {
    let alpha = slope(u)?;
    if alpha.floor() < BigInt::from(1) {
        return Err(format!("{u} is below x: the wedge is empty"));
    }
    let n = big(n);
    // Rows 1..=x0 end at u(x) <= N; rows x0+1..=N at N.
    let x0 = last_at_most(&alpha, &n).min(n.clone());
    let s = floor_sums(&alpha, x0.clone());
    let (t, q) = (triangle(&x0), squares(&x0));
    let count_a = &s.f - &t;
    let sum_a = &s.g - &q + (&s.h + &s.f - &q - &t) / 2;
    let rest = &n - &x0;
    let count_b = triangle(&(&rest - 1));
    let xs = triangle(&n) - &t;
    let xs2 = squares(&n) - &q;
    let sum_b = (2 * &n * &xs - 3 * xs2 - &xs + 2 * &rest * triangle(&n)) / 2;
    Ok((count_a + count_b, sum_a + sum_b))
}

/// The count and the sum of `x + y` over the P-positions `(x, y)`, `0 < x
/// < y <= bound`, that the finding `f` gives (a Beatty pair or a wedge),
/// exact or modulo `modulus`.
pub fn p_sums(f: &Finding, bound: u64, modulus: Option<u64>) -> Result<PSums, String> {
    if modulus == Some(0) {
        return Err("the modulus must be at least 1".into());
    }
    let (count, sum, method) = match &f.model {
        Model::BeattyPair(a, b) => {
            let (c, s) = pair(a, b, bound)?;
            (c, s, "the pairs with b(k) <= N are k <= floor((N + 1) / beta); sum a(k) + b(k) by Euclid's algorithm on the slopes' continued fractions, in exact integers")
        }
        Model::Wedge(u) => {
            let (c, s) = wedge(u, bound)?;
            (c, s, "row x holds x < y <= min(u(x), N); sums of u(x), x u(x) and u(x)^2 by Euclid's algorithm on the slope's continued fraction, in exact integers")
        }
        _ => {
            return Err(
                "the P-positions are neither a Beatty pair nor a wedge, so nothing is summed"
                    .into(),
            )
        }
    };
    let reduce = |v: BigInt| match modulus {
        Some(m) => (v % big(m)).to_string(),
        None => v.to_string(),
    };
    Ok(PSums {
        bound,
        count: reduce(count),
        sum: reduce(sum),
        modulus,
        pattern: f.formula.clone(),
        proven: matches!(f.status, Status::Proven { .. }),
        method: method.into(),
    })
}

impl PSums {
    /// The sums in words, as `grundy pattern --sum-to` prints them.
    pub fn to_text(&self) -> String {
        let how = match self.proven {
            true => "proven pattern",
            false => "extrapolated from an observed pattern",
        };
        let m = self
            .modulus
            .map_or(String::new(), |m| format!(" (mod {m})"));
        format!(
            "P-positions (x, y) with 0 < x < y <= {}: {}{m}; sum of x + y: {}{m} ({how})\nMethod: {}\n",
            self.bound, self.count, self.sum, self.method
        )
    }
}

#[cfg(test)]
#[path = "p_sums_tests.rs"]
mod tests;
