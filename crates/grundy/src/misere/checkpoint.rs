//! A misère quotient saved part-way, so that a long run (Dawson's Kayles
//! past heap 30, say) can stop and go on later from the last heap proven.
//!
//! The file is one JSON object: the rule, the quotient of heaps 0..=top
//! (its table, P-portion and Φ) and |Q| after each heap. Reading it back
//! checks the shape of every field and then proves the quotient again
//! (conditions (P) and (N) of [`super::verify`] for every heap up to top),
//! so a damaged or foreign file is refused rather than trusted.
//!
//! ```
//! use grundy::misere::checkpoint::Checkpoint;
//! use grundy::misere::extend::{solve, solve_from};
//! use grundy::misere::solver::Limits;
//! let rule = "0.77".parse().unwrap();
//! let first = solve(&rule, 20, Limits::default(), |_| false).unwrap();
//! let text = Checkpoint::new(&rule, &first.quotient, &first.orders).to_json();
//! let start = Checkpoint::parse(&text, &rule, Limits::default()).unwrap();
//! let rest = solve_from(&rule, Some(start), 40, Limits::default(), |_, _| false).unwrap();
//! let whole = solve(&rule, 40, Limits::default(), |_| false).unwrap();
//! assert_eq!(rest.quotient, whole.quotient);
//! assert_eq!(rest.orders, whole.orders);
//! ```

use serde::{Deserialize, Serialize};

use crate::heap::rule::HeapRule;

use super::extend::prove_start;
pub use super::extend::Start;
use super::quotient::Quotient;
use super::solver::Limits;

/// The `format` field of a checkpoint file.
pub const FORMAT: &str = "grundy misere checkpoint 1";

/// A quotient of heaps 0..=top saved with what a run needs to go on.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Checkpoint {
    /// [`FORMAT`].
    pub format: String,
    /// The rule, as `HeapRule` displays it.
    pub rule: String,
    /// The quotient of heaps 0..=top (its `period` is not read back).
    pub quotient: Quotient,
    /// |Q| after each heap 0, …, top.
    pub orders: Vec<usize>,
}

impl Checkpoint {
    /// The checkpoint of a run of `rule` at `q`.
    pub fn new(rule: &HeapRule, q: &Quotient, orders: &[usize]) -> Checkpoint {
        Checkpoint {
            format: FORMAT.into(),
            rule: rule.to_string(),
            quotient: q.clone(),
            orders: orders.to_vec(),
        }
    }

    /// The file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A checkpoint read back for `rule`: its shape checked, and its
    /// quotient proven again for every heap up to its top (within the proof
    /// limit of `limits`). Errors say what is wrong in one line.
    pub fn parse(text: &str, rule: &HeapRule, limits: Limits) -> Result<Start, String> {
        let c: Checkpoint =
            serde_json::from_str(text).map_err(|e| format!("not a misère checkpoint ({e})"))?;
        if c.format != FORMAT {
            return Err(format!(
                "format '{}' is not '{FORMAT}'",
                c.format.escape_debug()
            ));
        }
        if c.rule != rule.to_string() {
            return Err(format!(
                "it is a checkpoint of {}, not of {rule}",
                c.rule.escape_debug()
            ));
        }
        let q = checked(c.quotient, &c.orders)?;
        match prove_start(rule, &q, &limits) {
            Ok(_) => Ok((q, c.orders)),
            Err(e) => Err(format!(
                "its quotient is not that of heaps 0..={}: {e}",
                q.top
            )),
        }
    }
}

/// The quotient, once every field has the right shape: sizes that agree,
/// elements in range, an identity, a commutative table, every element a
/// product of heaps' images.
fn checked(mut q: Quotient, orders: &[usize]) -> Result<Quotient, String> {
    let n = q.order;
    let in_range = |x: u32| (x as usize) < n;
    if n == 0 || n.checked_mul(n) != Some(q.mul.len()) {
        return Err(format!(
            "the table has {} entries, not |Q|² for |Q| = {n}",
            q.mul.len()
        ));
    }
    if q.p.len() != n {
        return Err(format!("P has {} entries, not |Q| = {n}", q.p.len()));
    }
    let heaps = q.top as usize + 1;
    if q.phi.len() != heaps || orders.len() != heaps {
        return Err(format!(
            "Φ has {} entries and the orders {}, not top + 1 = {heaps}",
            q.phi.len(),
            orders.len()
        ));
    }
    if !(in_range(q.identity)
        && q.mul.iter().all(|&x| in_range(x))
        && q.phi.iter().all(|&x| in_range(x)))
    {
        return Err(format!("an element is outside 0..{n}"));
    }
    if orders.last() != Some(&n) {
        return Err("the last order is not |Q|".into());
    }
    q.period = None;
    for x in 0..n as u32 {
        if q.times(q.identity, x) != x {
            return Err(format!("the identity times {x} is not {x}"));
        }
        if let Some(y) = (x + 1..n as u32).find(|&y| q.times(x, y) != q.times(y, x)) {
            return Err(format!("the table is not commutative ({x}·{y})"));
        }
    }
    // Every element is reached from the identity by the heaps' images.
    let mut reached = vec![false; n];
    reached[q.identity as usize] = true;
    let mut todo = vec![q.identity];
    while let Some(x) = todo.pop() {
        for &g in &q.phi {
            let y = q.times(x, g);
            if !reached[y as usize] {
                reached[y as usize] = true;
                todo.push(y);
            }
        }
    }
    if let Some(x) = reached.iter().position(|&r| !r) {
        return Err(format!("element {x} is no product of heaps"));
    }
    Ok(q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::extend::{solve, solve_from};

    /// Every label flipped, every element of Φ changed: each checkpoint so
    /// damaged is refused, and the undamaged one resumes to the run from
    /// heap 0.
    #[test]
    fn damage_is_refused_and_resuming_agrees() {
        for (code, at, to) in [
            ("0.77", 12, 40),
            ("0.07", 14, 22),
            ("0.75", 10, 30),
            ("4!.0", 12, 24),
        ] {
            let rule: HeapRule = code.parse().unwrap();
            let run = solve(&rule, at, Limits::default(), |_| false).unwrap();
            let good = Checkpoint::new(&rule, &run.quotient, &run.orders);
            let start = Checkpoint::parse(&good.to_json(), &rule, Limits::default()).unwrap();
            let resumed = solve_from(&rule, Some(start), to, Limits::default(), |_, _| false);
            let whole = solve(&rule, to, Limits::default(), |_| false).unwrap();
            let resumed = resumed.unwrap();
            assert_eq!(
                (resumed.quotient, resumed.orders),
                (whole.quotient, whole.orders)
            );
            for z in 0..good.quotient.order {
                let mut bad = good.clone();
                bad.quotient.p[z] = !bad.quotient.p[z];
                assert!(
                    Checkpoint::parse(&bad.to_json(), &rule, Limits::default()).is_err(),
                    "{code}: P flipped at {z}"
                );
            }
            for h in 1..good.quotient.phi.len() {
                let mut bad = good.clone();
                bad.quotient.phi[h] = (bad.quotient.phi[h] + 1) % good.quotient.order as u32;
                let moves = {
                    let mut any = false;
                    rule.for_each_move(h as u32, |_, _| any = true);
                    any
                };
                if moves && good.quotient.order > 1 {
                    assert!(
                        Checkpoint::parse(&bad.to_json(), &rule, Limits::default()).is_err(),
                        "{code}: Φ({h}) changed"
                    );
                }
            }
        }
    }
}
