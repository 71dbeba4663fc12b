//! The sequence of coin values of a turning code, with the patterns it
//! shows: periodicity (plain or arithmetic, as for heap games; observed
//! only, no theorem covers coin-turning codes) and the closed forms of
//! *Winning Ways* recognised by name.
//!
//! ```
//! use grundy::turning::sequence::CoinSequence;
//! let s = CoinSequence::compute("ruler", 64).unwrap();
//! assert_eq!(s.pattern, Some("the largest power of 2 dividing n (A006519)"));
//! let fives = CoinSequence::compute("1-3C(5)", 100).unwrap();
//! assert_eq!(fives.periodicity.period, Some(5));
//! ```

use serde::Serialize;

use super::code::TurningCode;
use super::named;
use super::values::coin_values;
use crate::heap::periodicity::{analyze_with, Periodicity, Status, Window};

/// Coin values `g(1..=to)` of a code and what they do.
#[derive(Clone, Debug, Serialize)]
pub struct CoinSequence {
    /// The game's name or its code.
    pub title: String,
    /// The code.
    #[serde(skip)]
    pub code: TurningCode,
    /// `values[n]` is coin `n`; `values[0]` is 0.
    pub values: Vec<u64>,
    /// The periodicity of `values[1..]`, the index counted from coin 1:
    /// `preperiod` is the first coin of the periodic part. Status `none`
    /// when a value passes 2^32.
    pub periodicity: Periodicity,
    /// A closed form the values follow, in words, if one of the known ones.
    pub pattern: Option<&'static str>,
}

/// A closed form: its words, and the test on coin `n` and its value.
type Pattern = (&'static str, fn(u64, u64) -> bool);

/// Closed forms recognised.
const PATTERNS: &[Pattern] = &[
    ("n", |n, v| v == n),
    ("n - 1", |n, v| v == n - 1),
    ("the n-th odious number (A000069)", |n, v| {
        v.count_ones() % 2 == 1 && v / 2 == n - 1
    }),
    (
        "the (n-2)-th odious number, 0 before (A000069 shifted)",
        |n, v| {
            if n < 3 {
                v == 0
            } else {
                v.count_ones() % 2 == 1 && v / 2 == n - 3
            }
        },
    ),
    ("the largest power of 2 dividing n (A006519)", |n, v| {
        v == n & n.wrapping_neg()
    }),
    ("2^(n-1)", |n, v| n <= 64 && v == 1 << (n - 1)),
];

impl CoinSequence {
    /// The values of coins `1..=to` under `variant` (a code or a name).
    pub fn compute(variant: &str, to: u64) -> Result<CoinSequence, String> {
        let (title, code) = named::resolve(variant).map_err(|e| e.to_string())?;
        let values = coin_values(&code, to).map_err(|e| e.to_string())?;
        let small = values.iter().all(|&v| v <= u64::from(u32::MAX));
        let periodicity = if small && values.len() > 1 {
            let mut p = analyze_with(
                values.len() - 1,
                |i| values[i + 1] as u32,
                Window::Unknown,
                true,
            );
            p.preperiod = p.preperiod.map(|n0| n0 + 1);
            p
        } else {
            Periodicity {
                status: Status::None,
                preperiod: None,
                period: None,
                saltus: None,
                values_for_proof: None,
            }
        };
        let pattern = PATTERNS
            .iter()
            .find(|(_, test)| (1..values.len()).all(|n| test(n as u64, values[n])))
            .map(|p| p.0)
            .filter(|_| values.len() > 8);
        Ok(CoinSequence {
            title,
            code,
            values,
            periodicity,
            pattern,
        })
    }
}
