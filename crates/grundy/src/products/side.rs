//! One side of a product: a coin-turning game on a strip of given length,
//! with its coin values and its moves grouped by value (the histograms
//! that count winning moves without listing them).

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::turning::code::TurningCode;
use crate::turning::moves::for_each_move;
use crate::turning::named;
use crate::turning::values::{coin_values_within, WORK_LIMIT};

/// The most moves listed one by one for a histogram or a search; beyond
/// it the question is refused with the figure.
pub const MOVE_WORK_LIMIT: u64 = 300_000_000;

/// A coin-turning game on coins `1..=len`.
#[derive(Clone, Debug)]
pub struct Side {
    /// The game's name or code.
    pub title: String,
    /// The code.
    pub code: TurningCode,
    /// `values[n]` for coin `n`; `values[0]` is 0.
    pub values: Vec<u64>,
    /// `prefix[n]`: the nim-sum of `values[1..=n]`.
    pub prefix: Vec<u64>,
    /// The most moves gone through one by one for a histogram or a search
    /// ([`MOVE_WORK_LIMIT`] unless [`Side::within`] allows more).
    pub budget: u64,
}

/// How many moves have the same value: value, count, increasing values.
pub type Histogram = Vec<(u64, u64)>;

/// How a side's moves are listed quickly, when they can be.
enum Shape {
    /// Blocks of consecutive coins whose lengths are these.
    Blocks(Vec<u64>),
    /// Any block: all pairs of prefix sums.
    AllBlocks,
    /// Any one coin and/or any two coins (Turning Turtles, Twins).
    OneOrTwo { one: bool, two: bool },
    /// Any one, two or three coins, as the flags say (Mock Turtles,
    /// Triplets).
    UpToThree([bool; 3]),
    /// Listed one by one.
    Listed,
}

impl Side {
    /// `variant` (a code or a name) on `len` coins.
    pub fn new(variant: &str, len: usize) -> Result<Side, String> {
        Side::within(variant, len, WORK_LIMIT)
    }

    /// [`Side::new`] whose coin values may take `work` elementary steps
    /// ([`coin_values_within`]): the Project Euler 459 sides (squares and
    /// triangular numbers on 10^6 coins) take about 7 · 10^8. The moves
    /// gone through for a histogram may then be as many.
    pub fn within(variant: &str, len: usize, work: u64) -> Result<Side, String> {
        let (title, code) = named::resolve(variant).map_err(|e| e.to_string())?;
        let values = coin_values_within(&code, len as u64, work).map_err(|e| e.to_string())?;
        let mut prefix = vec![0u64; values.len()];
        for n in 1..values.len() {
            prefix[n] = prefix[n - 1] ^ values[n];
        }
        Ok(Side {
            title,
            code,
            values,
            prefix,
            budget: MOVE_WORK_LIMIT.max(work),
        })
    }

    /// The number of coins.
    pub fn len(&self) -> usize {
        self.values.len() - 1
    }

    /// Whether the strip has no coin.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn shape(&self) -> Shape {
        let n = self.len() as u64;
        let els = &self.code.elements;
        if els.iter().all(|e| e.is_blocks()) {
            let mut lengths: Vec<u64> = els.iter().flat_map(|e| e.counts.up_to(n)).collect();
            lengths.sort_unstable();
            lengths.dedup();
            if lengths.len() as u64 == n {
                return Shape::AllBlocks;
            }
            return Shape::Blocks(lengths);
        }
        if els
            .iter()
            .all(|e| e.is_plain() && e.counts.max().is_some_and(|m| m <= 3))
        {
            let mut turn = [false; 3];
            for k in els.iter().flat_map(|e| e.counts.up_to(3)) {
                turn[k as usize - 1] = true;
            }
            return match turn {
                [one, two, false] => Shape::OneOrTwo { one, two },
                turn => Shape::UpToThree(turn),
            };
        }
        Shape::Listed
    }

    /// Calls `f` with the value (nim-sum over the coins turned) and the
    /// other coins of every move at coin `n`; stops when `f` breaks.
    pub fn for_each_move_value(
        &self,
        n: u64,
        f: &mut impl FnMut(u64, &[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let g = &self.values;
        for_each_move(&self.code, n, &mut |others| {
            let v = others.iter().fold(g[n as usize], |a, &i| a ^ g[i as usize]);
            f(v, others)
        })
    }

    /// The moves at coin `n` by value, counted with `work` (refused past
    /// the side's budget).
    pub fn coin_histogram(&self, n: u64, work: &mut u64) -> Result<Histogram, String> {
        let mut map: HashMap<u64, u64> = HashMap::new();
        let mut over = false;
        let _ = self.for_each_move_value(n, &mut |v, _| {
            *map.entry(v).or_default() += 1;
            *work += 1;
            if *work > self.budget {
                over = true;
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if over {
            return Err(self.too_many());
        }
        let mut h: Histogram = map.into_iter().collect();
        h.sort_unstable();
        Ok(h)
    }

    fn too_many(&self) -> String {
        format!(
            "{} on {} coins has more than {} moves to go through; use a shorter strip or allow more steps",
            self.title,
            self.len(),
            self.budget
        )
    }

    /// Every move of the strip (at any coin) by value: with blocks, one XOR
    /// of prefix sums per block length; with any block or with pairs of
    /// coins, an XOR correlation by the Walsh–Hadamard transform; else the
    /// moves one by one.
    pub fn histogram(&self) -> Result<Histogram, String> {
        let n = self.len();
        let mut dense = Dense::new(&self.values);
        match self.shape() {
            Shape::Blocks(lengths) => {
                // One XOR per block, a block of length k at each of the
                // n - k + 1 coins where it fits.
                let work: u64 = lengths
                    .iter()
                    .map(|&k| (n as u64 + 1).saturating_sub(k))
                    .sum();
                if work > self.budget.saturating_mul(4) {
                    return Err(self.too_many());
                }
                for c in 1..=n {
                    for &k in lengths.iter().take_while(|&&k| k as usize <= c) {
                        dense.add(self.prefix[c] ^ self.prefix[c - k as usize], 1);
                    }
                }
            }
            Shape::AllBlocks => {
                // Blocks are the pairs i < j of prefix sums P(0..=n).
                let pairs = correlate(&self.prefix, &dense)?;
                return Ok(pairs);
            }
            Shape::OneOrTwo { one, two } => {
                let mut h = if two {
                    correlate(&self.values[1..], &dense)?
                } else {
                    Vec::new()
                };
                if one {
                    let mut d = Dense::new(&self.values);
                    for (v, c) in &h {
                        d.add(*v, *c);
                    }
                    for &v in &self.values[1..] {
                        d.add(v, 1);
                    }
                    h = d.finish();
                }
                return Ok(h);
            }
            Shape::UpToThree(turn) => return up_to_three(&self.values[1..], turn, &dense),
            Shape::Listed => {
                let mut work = 0u64;
                for c in 1..=n as u64 {
                    for (v, k) in self.coin_histogram(c, &mut work)? {
                        dense.add(v, k);
                    }
                }
            }
        }
        Ok(dense.finish())
    }

    /// A move at some coin whose value is `target`: the coins turned,
    /// increasing. `None` when there is none.
    pub fn find_move(&self, target: u64) -> Result<Option<Vec<u64>>, String> {
        if let Shape::AllBlocks = self.shape() {
            // P(j) ^ P(i) = target with i < j.
            let mut first: HashMap<u64, usize> = HashMap::new();
            for (j, &p) in self.prefix.iter().enumerate() {
                if let Some(&i) = first.get(&(p ^ target)) {
                    return Ok(Some((i as u64 + 1..=j as u64).collect()));
                }
                first.entry(p).or_insert(j);
            }
            return Ok(None);
        }
        if let Shape::OneOrTwo { one, two } = self.shape() {
            let g = &self.values;
            if one {
                if let Some(c) = (1..g.len()).find(|&c| g[c] == target) {
                    return Ok(Some(vec![c as u64]));
                }
            }
            if two {
                let mut first: HashMap<u64, usize> = HashMap::new();
                for (b, &v) in g.iter().enumerate().skip(1) {
                    if let Some(&a) = first.get(&(v ^ target)) {
                        return Ok(Some(vec![a as u64, b as u64]));
                    }
                    first.entry(v).or_insert(b);
                }
            }
            return Ok(None);
        }
        if let Shape::UpToThree(turn) = self.shape() {
            return self.find_up_to_three(target, turn);
        }
        if let Shape::Blocks(lengths) = self.shape() {
            // The block of length k ending at c is worth P(c) ^ P(c - k):
            // one XOR a block, not one a coin.
            for c in 1..=self.len() {
                for &k in lengths.iter().take_while(|&&k| k as usize <= c) {
                    if self.prefix[c] ^ self.prefix[c - k as usize] == target {
                        return Ok(Some((c as u64 + 1 - k..=c as u64).collect()));
                    }
                }
            }
            return Ok(None);
        }
        let mut work = 0u64;
        for c in 1..=self.len() as u64 {
            let mut found = None;
            let mut over = false;
            let _ = self.for_each_move_value(c, &mut |v, others| {
                work += 1;
                if v == target {
                    let mut set = others.to_vec();
                    set.push(c);
                    found = Some(set);
                    return ControlFlow::Break(());
                }
                if work > self.budget {
                    over = true;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if over {
                return Err(self.too_many());
            }
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}

impl Side {
    /// A move of one, two or three coins (as `turn` allows) whose value is
    /// `target`: one coin by its value, two by a table of values, three by
    /// going through the pairs `a < b` in order and looking `target ⊕ g(a) ⊕
    /// g(b)` up (values are dense in these games, so a partner comes soon).
    fn find_up_to_three(&self, target: u64, turn: [bool; 3]) -> Result<Option<Vec<u64>>, String> {
        let g = &self.values;
        let mut at: HashMap<u64, Vec<u64>> = HashMap::new();
        for (c, &v) in g.iter().enumerate().skip(1) {
            let coins = at.entry(v).or_default();
            if coins.len() < 3 {
                coins.push(c as u64);
            }
        }
        let coin_with = |v: u64, not: &[u64]| {
            at.get(&v)
                .and_then(|cs| cs.iter().copied().find(|c| !not.contains(c)))
        };
        let sorted = |mut m: Vec<u64>| {
            m.sort_unstable();
            Ok(Some(m))
        };
        if turn[0] {
            if let Some(c) = coin_with(target, &[]) {
                return sorted(vec![c]);
            }
        }
        if turn[1] {
            for a in 1..g.len() as u64 {
                if let Some(b) = coin_with(target ^ g[a as usize], &[a]) {
                    return sorted(vec![a, b]);
                }
            }
        }
        if turn[2] {
            let mut work = 0u64;
            for a in 1..g.len() as u64 {
                for b in a + 1..g.len() as u64 {
                    if let Some(c) = coin_with(target ^ g[a as usize] ^ g[b as usize], &[a, b]) {
                        return sorted(vec![a, b, c]);
                    }
                    work += 1;
                    if work > self.budget {
                        return Err(self.too_many());
                    }
                }
            }
        }
        Ok(None)
    }
}

/// Every move of one, two or three coins by value, from the histogram `H`
/// of the values and its Walsh–Hadamard transform `F`: pairs by
/// [`correlate`], and triples of distinct coins as `(T − 3nH + 2H) / 6`,
/// `T` the inverse transform of `F³` (ordered triples, repeats allowed),
/// the other terms taking out the triples with a coin repeated
/// (inclusion–exclusion over the three ways two coins can coincide).
fn up_to_three(xs: &[u64], turn: [bool; 3], dense: &Dense) -> Result<Histogram, String> {
    let h = histogram(xs, dense)?;
    let mut out = vec![0i128; h.len()];
    if turn[0] {
        for (o, &c) in out.iter_mut().zip(&h) {
            *o += c;
        }
    }
    if turn[1] {
        for (v, c) in correlate(xs, dense)? {
            out[v as usize] += c as i128;
        }
    }
    if turn[2] {
        let mut f = h.clone();
        wht(&mut f);
        for x in &mut f {
            *x = *x * *x * *x;
        }
        wht(&mut f);
        let (len, n) = (f.len() as i128, xs.len() as i128);
        for ((o, &t), &c) in out.iter_mut().zip(&f).zip(&h) {
            *o += (t / len - 3 * n * c + 2 * c) / 6;
        }
    }
    Ok(out
        .iter()
        .enumerate()
        .filter(|p| *p.1 > 0)
        .map(|(v, &c)| (v as u64, c as u64))
        .collect())
}

/// A histogram over `0..2^b`, `2^b` above every nim-sum of the values, or a
/// hash map when that range is too wide.
struct Dense {
    counts: Vec<u64>,
    map: HashMap<u64, u64>,
}

/// The widest dense histogram: 2^26 counts.
const DENSE_BITS: u32 = 26;

impl Dense {
    fn new(values: &[u64]) -> Dense {
        let bits = 64 - values.iter().copied().max().unwrap_or(0).leading_zeros();
        let counts = if bits <= DENSE_BITS {
            vec![0; 1 << bits]
        } else {
            Vec::new()
        };
        Dense {
            counts,
            map: HashMap::new(),
        }
    }

    fn add(&mut self, v: u64, k: u64) {
        match self.counts.get_mut(v as usize) {
            Some(c) => *c += k,
            None => *self.map.entry(v).or_default() += k,
        }
    }

    fn finish(self) -> Histogram {
        let mut h: Histogram = self
            .counts
            .iter()
            .enumerate()
            .filter(|p| *p.1 > 0)
            .map(|(v, &c)| (v as u64, c))
            .collect();
        h.extend(self.map);
        h.sort_unstable();
        h
    }
}

/// The histogram of the coin values `xs`, over the values `dense` covers.
fn histogram(xs: &[u64], dense: &Dense) -> Result<Vec<i128>, String> {
    let size = dense.counts.len();
    if size == 0 && !xs.is_empty() {
        return Err("the coin values are too large to correlate (beyond 2^26)".into());
    }
    let mut h = vec![0i128; size.max(1)];
    for &x in xs {
        h[x as usize] += 1;
    }
    Ok(h)
}

/// The number of pairs `i < j` with `xs[i] ^ xs[j] = v`, for every `v`
/// other than none: `(Σ_a H(a) H(a ^ v) - [v = 0] len) / 2` with `H` the
/// histogram of `xs`, the correlation taken by the Walsh–Hadamard
/// transform.
fn correlate(xs: &[u64], dense: &Dense) -> Result<Histogram, String> {
    let mut h = histogram(xs, dense)?;
    wht(&mut h);
    for x in &mut h {
        *x *= *x;
    }
    wht(&mut h);
    let n = h.len() as i128;
    let mut out = Vec::new();
    for (v, &c) in h.iter().enumerate() {
        let mut c = c / n;
        if v == 0 {
            c -= xs.len() as i128;
        }
        if c > 0 {
            out.push((v as u64, (c / 2) as u64));
        }
    }
    Ok(out)
}

/// The Walsh–Hadamard transform in place (unnormalised).
fn wht(a: &mut [i128]) {
    let mut len = 1;
    while len < a.len() {
        for block in a.chunks_mut(2 * len) {
            let (lo, hi) = block.split_at_mut(len);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                let (u, v) = (*x, *y);
                *x = u + v;
                *y = u - v;
            }
        }
        len *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn listed(side: &Side) -> Histogram {
        let mut map: HashMap<u64, u64> = HashMap::new();
        for c in 1..=side.len() as u64 {
            let _ = side.for_each_move_value(c, &mut |v, _| {
                *map.entry(v).or_default() += 1;
                ControlFlow::Continue(())
            });
        }
        let mut h: Histogram = map.into_iter().collect();
        h.sort_unstable();
        h
    }

    proptest! {
        #[test]
        fn histograms_count_the_listed_moves(
            code in prop_oneof![
                Just("1+C"), Just("1-2"), Just("2"), Just("1"), Just("1-3"), Just("blocks:1,3,4"),
                Just("1-3C"), Just("blocks:squares"), Just("3E"), Just("4FS"), Just("1-2C,3"),
                Just("3"), Just("2-3"), Just("1,3"), Just("1-2,3"), Just("blocks:triangular")
            ],
            len in 0usize..60,
        ) {
            let side = Side::new(code, len).unwrap();
            prop_assert_eq!(side.histogram().unwrap(), listed(&side), "{}", code);
            for &(v, _) in listed(&side).iter().take(5) {
                let m = side.find_move(v).unwrap().unwrap();
                let c = *m.last().unwrap();
                prop_assert!(side.code.allows(&m));
                prop_assert_eq!(m.iter().fold(0, |a, &i| a ^ side.values[i as usize]), v);
                prop_assert!(c as usize <= len);
            }
        }
    }
}
