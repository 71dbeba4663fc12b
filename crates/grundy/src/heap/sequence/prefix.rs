//! A computed sequence ([`Sequence`]): its prefix of values, as the engine
//! kept them ([`Values`]), the proven period that answers every later
//! heap ([`ProvenPeriod`]), and the figures over `G(0..=to)` counted from
//! the preperiod and the period without listing the values ([`Figures`]).

use std::collections::BTreeMap;

use super::EngineKind;
use crate::heap::periodicity::{analyze_with, with_arithmetic_proof, Periodicity, Window};
use crate::heap::rc::{Cells, RcStats};
use crate::heap::rule::HeapRule;
use crate::heap::store::{Claim, Fletcher, Theorem};

/// A proven period: `G(x + period) = G(x)` for every `x >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProvenPeriod {
    /// The first heap from which the sequence repeats.
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
    /// The last heap that had to be computed for the proof.
    pub proven_at: usize,
}

impl ProvenPeriod {
    /// The heap in the first period (or the preperiod) with the same value
    /// as `n`.
    ///
    /// ```
    /// use grundy::heap::sequence::ProvenPeriod;
    /// let p = ProvenPeriod { preperiod: 71, period: 12, proven_at: 167 };
    /// assert_eq!(p.fold(1000), 71 + (1000 - 71) % 12);
    /// assert_eq!(p.fold(50), 50);
    /// ```
    pub fn fold(&self, n: u64) -> usize {
        let (i, p) = (self.preperiod as u64, self.period as u64);
        if n < i + p {
            n as usize
        } else {
            (i + (n - i) % p) as usize
        }
    }
}

/// The computed prefix of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Values below 2^8, as the rare/common engine keeps them.
    Byte(Vec<u8>),
    /// Values below 2^16, as the rare/common engine keeps them.
    Narrow(Vec<u16>),
    /// Any value.
    Wide(Vec<u32>),
    /// Values below 2^8 in a file-backed store (a run longer than memory).
    ByteFile(Cells<u8>),
    /// Values below 2^16 in a file-backed store.
    NarrowFile(Cells<u16>),
    /// Any value, in a file-backed store.
    WideFile(Cells<u32>),
}

impl Values {
    /// `G(n)`.
    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::Byte(v) => v[n] as u32,
            Values::ByteFile(v) => v[n] as u32,
            Values::Narrow(v) => v[n] as u32,
            Values::Wide(v) => v[n],
            Values::NarrowFile(v) => v[n] as u32,
            Values::WideFile(v) => v[n],
        }
    }

    /// Number of values, `G(0)` included.
    pub fn len(&self) -> usize {
        match self {
            Values::Byte(v) => v.len(),
            Values::ByteFile(v) => v.len(),
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
            Values::NarrowFile(v) => v.len(),
            Values::WideFile(v) => v.len(),
        }
    }

    /// Whether there is no value at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A sequence `G(0..=to)`: the computed prefix, and the period when it is
/// proven (then the prefix may stop well before `to`).
#[derive(Clone, Debug)]
pub struct Sequence {
    /// The rule.
    pub rule: HeapRule,
    /// The last heap the sequence is asked to answer.
    pub to: u64,
    /// `G(0..=computed())`.
    pub values: Values,
    /// The proven period; every heap past the prefix follows from it.
    pub period: Option<ProvenPeriod>,
    /// The engine that ran.
    pub engine: EngineKind,
    /// Figures of the rare/common engine over `G(0..=computed())`, when it
    /// ran (the engine may have computed further).
    pub stats: Option<RcStats>,
}

/// Value counts and the like over `G(0..=to)` of a [`Sequence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The largest value.
    pub max_value: u32,
    /// The first heap holding it.
    pub max_value_at: u64,
    /// How many heaps have each value, by value.
    pub value_counts: Vec<(u32, u64)>,
    /// How many heaps are P-positions (value 0).
    pub p_count: u64,
    /// Fletcher's checksum of the values, as [`crate::heap::store`] records
    /// it in a file holding them.
    pub checksum: u32,
}

impl Sequence {
    /// A sequence of known values `G(0..=values.len() - 1)` (read back from
    /// a file), without a proven period.
    pub fn from_values(rule: HeapRule, values: Vec<u32>) -> Sequence {
        Sequence {
            rule,
            to: values.len().saturating_sub(1) as u64,
            values: Values::Wide(values),
            period: None,
            engine: EngineKind::Read,
            stats: None,
        }
    }

    /// The last heap actually computed.
    pub fn computed(&self) -> usize {
        self.values.len() - 1
    }

    /// Whether every heap up to [`Sequence::to`] is answered (false for a
    /// run stopped by its observer).
    pub fn is_complete(&self) -> bool {
        self.period.is_some() || self.computed() as u64 >= self.to
    }

    /// `G(n)`, from the computed values or the proven period; `None` past
    /// the computed prefix of a sequence not proven periodic.
    pub fn value(&self, n: u64) -> Option<u32> {
        if n <= self.computed() as u64 {
            return Some(self.values.get(n as usize));
        }
        self.period.map(|p| self.values.get(p.fold(n)))
    }

    /// `G(0..=to)` in full.
    pub fn to_vec(&self) -> Vec<u32> {
        (0..=self.to).map_while(|n| self.value(n)).collect()
    }

    /// The claim a sequence file of `G(0..count)` carries: the proven
    /// period with the theorem and window that prove it, when the file
    /// holds the whole window (`count >= window_end + period`).
    ///
    /// ```
    /// use grundy::heap::sequence::{compute_with, Options};
    /// use grundy::heap::store::Theorem;
    /// let kayles = "0.77".parse().unwrap();
    /// let s = compute_with(&kayles, 1000, &Options::default(), &[], &mut |_| true).unwrap();
    /// let c = s.claim(1001).unwrap();
    /// assert_eq!((c.preperiod, c.period, c.window_end), (71, 12, 156));
    /// assert_eq!(c.theorem, Theorem::Octal { max_removal: 2, parts: 2 });
    /// assert_eq!(s.claim(167), None);
    /// ```
    pub fn claim(&self, count: u64) -> Option<Claim> {
        let p = self.period?;
        let window = Window::for_rule(&self.rule);
        let (n0, period) = (p.preperiod as u64, p.period as u64);
        let theorem = match window {
            Window::Octal { max_removal, parts } => Theorem::Octal { max_removal, parts },
            Window::Subtraction { max } => Theorem::Subtraction { max },
            Window::Unknown => return None,
        };
        let claim = Claim {
            preperiod: n0,
            period,
            theorem,
            window_end: window.end(n0, period)?,
        };
        (claim.values_needed() <= count).then_some(claim)
    }

    /// Preperiod, period, saltus and status, from the computed prefix under
    /// the theorem that fits the rule (a proven period is found again); a
    /// saltus is looked for only where the theory allows one.
    pub fn periodicity(&self) -> Periodicity {
        let len = self.values.len().min(self.to as usize + 1);
        let p = analyze_with(
            len,
            |n| self.values.get(n),
            Window::for_rule(&self.rule),
            Window::saltus_possible(&self.rule),
        );
        with_arithmetic_proof(&self.rule, len, |n| self.values.get(n), p)
    }

    /// Largest value, value counts, P-positions and checksum over
    /// `G(0..=to)` (or the computed prefix of an incomplete sequence). A
    /// proven period is counted as whole repetitions plus a remainder, so
    /// the cost is the prefix, not `to`.
    pub fn figures(&self) -> Figures {
        let end = match self.period {
            Some(_) => self.to,
            None => self.to.min(self.computed() as u64),
        };
        figures_of(|n| self.values.get(n), end, self.period)
    }
}

/// [`Figures`] over `G(0..=end)`, read through `g` up to the end or, with
/// `period`, up to the end of its first period.
pub(super) fn figures_of(
    g: impl Fn(usize) -> u32,
    end: u64,
    period: Option<ProvenPeriod>,
) -> Figures {
    // 0..direct once each; then the block n0..n0+p `reps` times and its
    // first `rest` values once more.
    let (direct, n0, p, reps, rest) = match period {
        Some(pp) if end >= (pp.preperiod + pp.period) as u64 => {
            let (n0, p) = (pp.preperiod as u64, pp.period as u64);
            let total = end + 1 - n0;
            (n0, n0, p, total / p, total % p)
        }
        _ => (end + 1, 0, 0, 0, 0),
    };
    let times = |i: u64| reps + u64::from(i < rest);
    let mut small = vec![0u64; 1 << 16];
    let mut large: BTreeMap<u32, u64> = BTreeMap::new();
    let mut count = |v: u32, c: u64| match small.get_mut(v as usize) {
        Some(slot) => *slot += c,
        None => *large.entry(v).or_default() += c,
    };
    let (mut max_value, mut max_value_at) = (0, 0);
    let mut seen_max = |n: u64, v: u32| {
        if v > max_value {
            (max_value, max_value_at) = (v, n);
        }
    };
    for n in 0..direct {
        let v = g(n as usize);
        count(v, 1);
        seen_max(n, v);
    }
    for i in 0..p {
        let v = g((n0 + i) as usize);
        if times(i) > 0 {
            count(v, times(i));
            seen_max(n0 + i, v);
        }
    }
    let value_counts: Vec<(u32, u64)> = small
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(v, &c)| (v as u32, c))
        .chain(large)
        .collect();
    let p_count = small[0];
    let wide = max_value > u16::MAX as u32;
    let mut f = Fletcher::default();
    for n in 0..direct {
        f.push(g(n as usize), wide);
    }
    if p > 0 {
        let block = |i: usize| g(n0 as usize + i);
        f.push_repeated_with(p as usize, block, wide, reps);
        for i in 0..rest as usize {
            f.push(block(i), wide);
        }
    }
    Figures {
        max_value,
        max_value_at,
        value_counts,
        p_count,
        checksum: f.value(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::code_sequence;
    use crate::heap::sequence::{compute_with, Options};

    #[test]
    fn figures_of_a_period_are_the_counted_ones() {
        let rule: HeapRule = "0.07".parse().unwrap();
        let s = compute_with(&rule, 100_000, &Options::default(), &[], &mut |_| true).unwrap();
        assert!(s.computed() < 1000);
        let all = s.to_vec();
        assert_eq!(all, code_sequence(&"0.07".parse().unwrap(), 100_000));
        let full = Sequence::from_values(rule, all.clone());
        let (a, b) = (s.figures(), full.figures());
        assert_eq!(a, b);
        assert_eq!(a.checksum, crate::heap::store::fletcher(&all));
        assert_eq!(a.p_count, all.iter().filter(|&&v| v == 0).count() as u64);
    }
}
