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

/// The most coin values [`CoinSummary::compute`] lists.
pub const MAX_LISTED: u64 = 1_000_000;

/// What `grundy seq turning:CODE` prints: the values of coins
/// `from..=to` (none when only the summary is asked for), their
/// periodicity, a closed form if one is known, and the largest value.
///
/// ```
/// use grundy::turning::sequence::CoinSummary;
/// let s = CoinSummary::compute("ruler", 1, 8, true).unwrap();
/// assert_eq!(s.values, [1, 2, 1, 4, 1, 2, 1, 8]);
/// assert_eq!((s.max_value, s.max_value_at), (8, 8));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct CoinSummary {
    /// `turning:` and the game's name or code.
    pub rule: String,
    /// The first coin.
    pub from: u64,
    /// The last coin.
    pub to: u64,
    /// The values of coins `from..=to`, or none.
    pub values: Vec<u64>,
    /// The periodicity, from which coin, with which period and saltus.
    pub periodicity: CoinPeriodicity,
    /// A closed form the values follow, in words.
    pub pattern: Option<&'static str>,
    /// The largest value among coins `from..=to`.
    pub max_value: u64,
    /// The first coin with that value.
    pub max_value_at: u64,
}

/// The periodicity of coin values: from which coin, with which period and
/// saltus (0 for plain periodicity); observed only.
#[derive(Clone, Debug, Serialize)]
pub struct CoinPeriodicity {
    /// `observed` or `none`.
    pub status: Status,
    /// The first coin of the periodic part.
    pub from_coin: Option<u64>,
    /// The period.
    pub period: Option<u64>,
    /// The saltus.
    pub saltus: Option<i64>,
}

impl CoinSummary {
    /// The values of coins `from..=to` (coin 0 read as coin 1) of
    /// `variant` (a code or a name), listed when `list` (at most
    /// [`MAX_LISTED`] of them).
    pub fn compute(variant: &str, from: u64, to: u64, list: bool) -> Result<CoinSummary, String> {
        let from = from.max(1);
        if from > to {
            return Err(format!("--from {from} is past --to {to}"));
        }
        if list && to - from >= MAX_LISTED {
            return Err(format!(
                "listing {} values is too many (at most {MAX_LISTED}); use --summary or a shorter range",
                to - from + 1
            ));
        }
        let s =
            CoinSequence::compute(variant, to).map_err(|e| format!("turning:{variant}: {e}"))?;
        let (max_value_at, max_value) =
            s.values
                .iter()
                .enumerate()
                .skip(from as usize)
                .fold(
                    (from, 0),
                    |best, (n, &v)| if v > best.1 { (n as u64, v) } else { best },
                );
        let p = s.periodicity;
        Ok(CoinSummary {
            rule: format!("turning:{}", s.title),
            from,
            to,
            values: match list {
                true => s.values[from as usize..].to_vec(),
                false => Vec::new(),
            },
            periodicity: CoinPeriodicity {
                status: p.status,
                from_coin: p.preperiod,
                period: p.period,
                saltus: p.saltus,
            },
            pattern: s.pattern,
            max_value,
            max_value_at,
        })
    }

    /// The summary in words, the values twenty to a line.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let (from, to) = (self.from, self.to);
        let mut out = String::new();
        let _ = writeln!(out, "{}: coin values g({from}..={to})", self.rule);
        for chunk in self.values.chunks(20) {
            let line: Vec<String> = chunk.iter().map(u64::to_string).collect();
            let _ = writeln!(out, "  {}", line.join(" "));
        }
        let p = &self.periodicity;
        let words = match (p.status, p.from_coin, p.period, p.saltus) {
            (Status::None, ..) | (_, None, ..) | (_, _, None, _) => "none found".to_string(),
            (_, Some(n0), Some(per), Some(0) | None) => {
                format!("period {per} from coin {n0} (observed: no theorem covers turning codes)")
            }
            (_, Some(n0), Some(per), Some(sal)) => format!(
                "g(n + {per}) = g(n) + {sal} from coin {n0} (arithmetic periodicity, observed)"
            ),
        };
        let _ = writeln!(out, "Periodicity: {words}");
        if let Some(pat) = self.pattern {
            let _ = writeln!(out, "Pattern: g(n) is {pat}");
        }
        let _ = writeln!(
            out,
            "Largest value: {} (coin {})",
            self.max_value, self.max_value_at
        );
        out
    }
}
