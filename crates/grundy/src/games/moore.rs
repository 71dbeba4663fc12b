//! Moore's Nim_k: a move takes tokens from at least one and at most `k`
//! heaps at once (from each as many as the player likes). `k = 1` is Nim.
//!
//! Moore's rule (1910): write the heaps in binary and count the 1s in every
//! bit column. Normal play: the position is P iff every column count is
//! divisible by `k + 1`. Misère play (the last mover loses) follows the same
//! rule unless no heap is larger than 1: then the position is P iff the
//! number of heaps of size 1 leaves remainder 1 when divided by `k + 1`.
//!
//! The winning move is built, never searched for: go through the bit columns
//! from the top, keeping the set of heaps already being changed (they have
//! lost a higher bit, so their lower bits are free). A column whose count is
//! off by `r` is mended either by giving a 1 to `k + 1 - r` of those heaps,
//! or, when there are too few of them, by clearing the bit in `r` untouched
//! heaps, which then join the set; the set never grows past `k`. This is
//! linear in the number of heaps times the bit length.
//!
//! The Grundy value of a Nim_k position (one game, not a sum of heaps) has no
//! closed form for `k >= 2`, so [`analyze`] gives a value only for `k = 1`.
//!
//! ```
//! use grundy::game::{Convention, Outcome};
//! use grundy::games::moore;
//! // 3 = 011, 5 = 101, 6 = 110, 7 = 111: three 1s in every column.
//! assert_eq!(moore::analyze(&[3, 5, 6, 7], 2, Convention::Normal).outcome, Outcome::P);
//! let a = moore::analyze(&[2, 3, 5, 6], 2, Convention::Normal);
//! assert_eq!(a.outcome, Outcome::N);
//! assert!(moore::is_p_position(&a.winning_moves[0].to, 2, Convention::Normal));
//! ```

use std::fmt::{self, Display, Write};

use crate::game::{Analysis, Convention, Game, Outcome, WinningMove};
use crate::nimber::Nimber;

/// Moore's Nim_k as a [`Game`] whose one component is the whole list of
/// heaps (a move touches several heaps, so the heaps are not a sum). Its
/// options enumerate every move; it is for checking by search, not for use
/// on large positions.
#[derive(Clone, Copy, Debug)]
pub struct MooreNim {
    /// The most heaps one move may reduce (at least 1).
    pub k: usize,
}

impl Game for MooreNim {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
        fn extend(
            heaps: &[u64],
            start: usize,
            left: usize,
            cur: &mut Vec<u64>,
            out: &mut Vec<Vec<Vec<u64>>>,
        ) {
            for i in start..heaps.len() {
                for v in 0..heaps[i] {
                    cur[i] = v;
                    out.push(vec![cur.clone()]);
                    if left > 1 {
                        extend(heaps, i + 1, left - 1, cur, out);
                    }
                }
                cur[i] = heaps[i];
            }
        }
        let mut out = Vec::new();
        let mut cur = heaps.clone();
        extend(heaps, 0, self.k, &mut cur, &mut out);
        out
    }
}

/// One heap changed by a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapChange {
    /// 0-based index of the heap.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move.
    pub to: u64,
}

/// A Nim_k move: between 1 and `k` heaps reduced at once, in heap order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MooreMove {
    /// The heaps reduced, by increasing index.
    pub changes: Vec<HeapChange>,
}

impl MooreMove {
    /// The move turning `from` into `to` (heaps that differ are the ones reduced).
    pub fn between(from: &[u64], to: &[u64]) -> MooreMove {
        let changes = from
            .iter()
            .zip(to)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(heap, (&from, &to))| HeapChange { heap, from, to })
            .collect();
        MooreMove { changes }
    }
}

impl Display for MooreMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, c) in self.changes.iter().enumerate() {
            if n > 0 {
                f.write_str(", ")?;
            }
            write!(
                f,
                "take {} from heap {} ({} -> {})",
                c.from - c.to,
                c.heap + 1,
                c.from,
                c.to
            )?;
        }
        Ok(())
    }
}

/// Number of heaps with each bit set: `counts[b]` for bit `b`.
pub fn column_counts(heaps: &[u64]) -> [usize; 64] {
    let mut counts = [0usize; 64];
    for &h in heaps {
        let mut x = h;
        while x != 0 {
            counts[x.trailing_zeros() as usize] += 1;
            x &= x - 1;
        }
    }
    counts
}

/// `k` limited to the number of heaps: a move can never touch more heaps
/// than there are, and every column count is then below `k + 1` either way.
fn effective_k(heaps: &[u64], k: usize) -> usize {
    assert!(k >= 1, "Moore's Nim_k needs k >= 1");
    k.min(heaps.len().max(1))
}

/// Whether every column count is divisible by `k + 1`.
fn columns_vanish(heaps: &[u64], k: usize) -> bool {
    let m = effective_k(heaps, k) + 1;
    column_counts(heaps).iter().all(|&c| c % m == 0)
}

/// Whether the position is a P-position (the player to move loses).
///
/// # Panics
/// If `k == 0`.
pub fn is_p_position(heaps: &[u64], k: usize, convention: Convention) -> bool {
    let k = effective_k(heaps, k);
    if convention == Convention::Misere && heaps.iter().all(|&h| h <= 1) {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        return ones % (k + 1) == 1;
    }
    columns_vanish(heaps, k)
}

/// Bits `0..=b` cleared.
fn high_part(x: u64, b: u32) -> u64 {
    x & !((1u64 << b << 1).wrapping_sub(1))
}

/// Seed 000's construction of a move to a position whose columns all vanish,
/// for a position where they do not. `trace` receives one line per column
/// that needed mending.
fn construct(heaps: &[u64], k: usize, mut trace: Option<&mut Vec<String>>) -> Vec<u64> {
    let m = k + 1;
    let mut y = heaps.to_vec();
    let mut changed: Vec<usize> = Vec::new();
    let mut is_changed = vec![false; heaps.len()];
    let max = heaps.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return y;
    }
    for b in (0..64 - max.leading_zeros()).rev() {
        let bit = 1u64 << b;
        let ones: Vec<usize> = (0..heaps.len())
            .filter(|&i| !is_changed[i] && heaps[i] & bit != 0)
            .collect();
        let r = ones.len() % m;
        if r == 0 {
            continue;
        }
        let give = m - r;
        if give <= changed.len() {
            for &i in &changed[..give] {
                y[i] |= bit;
            }
            if let Some(t) = trace.as_mut() {
                t.push(format!(
                    "bit {b}: {}, {r} too many for a multiple of {m}; \
                     give a 1 to {give} of the heaps already being reduced ({}), so the column holds {}",
                    untouched(ones.len()),
                    heap_names(&changed[..give]),
                    ones.len() + give
                ));
            }
        } else {
            for &i in &ones[..r] {
                y[i] = high_part(heaps[i], b);
                is_changed[i] = true;
                changed.push(i);
            }
            if let Some(t) = trace.as_mut() {
                t.push(format!(
                    "bit {b}: {}, {r} too many for a multiple of {m}; \
                     clear it in {} (heaps being reduced now: {} of at most {k}), so the column holds {}",
                    untouched(ones.len()),
                    heap_names(&ones[..r]),
                    changed.len(),
                    ones.len() - r
                ));
            }
        }
    }
    y
}

fn untouched(n: usize) -> String {
    if n == 1 {
        "1 untouched heap has a 1".to_string()
    } else {
        format!("{n} untouched heaps have a 1")
    }
}

fn heap_names(idx: &[usize]) -> String {
    let names: Vec<String> = idx.iter().map(|i| format!("heap {}", i + 1)).collect();
    names.join(", ")
}

/// Misère play with between 1 and `k` heaps larger than 1: reduce all of
/// them to 0 or 1 and remove some heaps of size 1 so that the number of
/// heaps of size 1 left is 1 more than a multiple of `k + 1`.
fn misere_finish(heaps: &[u64], k: usize) -> Vec<u64> {
    let m = k + 1;
    let bigs: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
    let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1).collect();
    let b = bigs.len();
    for c in 0..=ones.len().min(k - b) {
        for j in 0..=b {
            if (ones.len() - c + j) % m == 1 {
                let mut y = heaps.to_vec();
                for (n, &i) in bigs.iter().enumerate() {
                    y[i] = u64::from(n < j);
                }
                for &i in &ones[..c] {
                    y[i] = 0;
                }
                return y;
            }
        }
    }
    unreachable!("some choice of 0/1 heaps always leaves 1 more than a multiple of k + 1")
}

/// One winning position to move to, or `None` from a P-position (or from
/// the empty misère position, where the player to move has already won).
fn winning_target(heaps: &[u64], k: usize, convention: Convention) -> Option<Vec<u64>> {
    if is_p_position(heaps, k, convention) {
        return None;
    }
    let m = k + 1;
    let bigs = heaps.iter().filter(|&&h| h > 1).count();
    if convention == Convention::Misere && bigs <= k {
        if bigs == 0 {
            let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1).collect();
            if ones.is_empty() {
                return None;
            }
            let c = (ones.len() - 1) % m;
            let mut y = heaps.to_vec();
            for &i in &ones[..c] {
                y[i] = 0;
            }
            return Some(y);
        }
        return Some(misere_finish(heaps, k));
    }
    Some(construct(heaps, k, None))
}

/// Outcome (and, for `k = 1` in normal play, the value) with one winning
/// move built by Moore's construction; instant for thousands of heaps of
/// 64-bit sizes. [`analyze_all`] lists every winning move instead.
///
/// # Panics
/// If `k == 0`.
pub fn analyze(heaps: &[u64], k: usize, convention: Convention) -> Analysis<MooreMove, Vec<u64>> {
    let ke = effective_k(heaps, k);
    let target = winning_target(heaps, ke, convention);
    let winning_moves = target
        .into_iter()
        .map(|to| WinningMove {
            mv: MooreMove::between(heaps, &to),
            to,
        })
        .collect();
    finish(heaps, ke, convention, winning_moves)
}

fn finish(
    heaps: &[u64],
    k: usize,
    convention: Convention,
    winning_moves: Vec<WinningMove<MooreMove, Vec<u64>>>,
) -> Analysis<MooreMove, Vec<u64>> {
    let p = is_p_position(heaps, k, convention);
    let value = (convention == Convention::Normal && k == 1)
        .then(|| Nimber(heaps.iter().fold(0, |a, &h| a ^ h)));
    Analysis {
        convention,
        value,
        outcome: if p { Outcome::P } else { Outcome::N },
        winning_moves,
    }
}

/// Why [`analyze_all`] declined to list the winning moves.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(
    "this position has {} winning moves, more than the {limit} that can be listed",
    count_text(*.log10_count, *.exact)
)]
pub struct TooManyMoves {
    /// The decimal logarithm of the number of winning moves: exact, or
    /// estimated from random samples of the tree of choices (Knuth's
    /// estimator, unbiased for the count itself).
    pub log10_count: f64,
    /// Whether the count is exact.
    pub exact: bool,
    /// The listing limit that was passed.
    pub limit: usize,
}

fn count_text(log10: f64, exact: bool) -> String {
    if exact && log10 < 15.0 {
        return format!("{:.0}", 10f64.powf(log10));
    }
    let e = log10.floor();
    let about = if exact { "" } else { "about " };
    format!("{about}{:.2}e{}", 10f64.powf(log10 - e), e as i64)
}

/// Every winning move, when there are at most `limit` of them.
///
/// In normal play (and in misère play while more than `k` heaps exceed 1)
/// the moves are the leaves of the tree of choices of the construction: at
/// each column, any set of already-reduced heaps may take a 1 and any set of
/// untouched heaps with a 1 may be cleared, as long as the column count
/// becomes a multiple of `k + 1` and at most `k` heaps are reduced. Every
/// branch can be completed (the construction above shows it), so the walk
/// costs time in proportion to the number of moves it lists.
///
/// # Panics
/// If `k == 0`.
pub fn analyze_all(
    heaps: &[u64],
    k: usize,
    convention: Convention,
    limit: usize,
) -> Result<Analysis<MooreMove, Vec<u64>>, TooManyMoves> {
    let ke = effective_k(heaps, k);
    let targets = if is_p_position(heaps, ke, convention) {
        Vec::new()
    } else {
        let bigs = heaps.iter().filter(|&&h| h > 1).count();
        if convention == Convention::Misere && bigs <= ke {
            small_misere_targets(heaps, ke, limit)?
        } else {
            let mut e = Enumerator::new(heaps, ke, limit);
            let top = 64 - heaps.iter().copied().max().unwrap_or(0).leading_zeros();
            let mut y = heaps.to_vec();
            let mut changed = Vec::new();
            let mut is_changed = vec![false; heaps.len()];
            e.walk(top, &mut y, &mut changed, &mut is_changed);
            if e.over {
                return Err(TooManyMoves {
                    log10_count: knuth_estimate(heaps, ke, 256),
                    exact: false,
                    limit,
                });
            }
            e.out
        }
    };
    let winning_moves = targets
        .into_iter()
        .map(|to| WinningMove {
            mv: MooreMove::between(heaps, &to),
            to,
        })
        .collect();
    Ok(finish(heaps, ke, convention, winning_moves))
}

/// Natural logarithms of `0!, 1!, ..., n!`.
fn ln_factorials(n: usize) -> Vec<f64> {
    let mut v = Vec::with_capacity(n + 1);
    v.push(0.0);
    for i in 1..=n {
        v.push(v[i - 1] + (i as f64).ln());
    }
    v
}

/// `ln C(n, r)` from a table of [`ln_factorials`], for `r <= n`.
fn ln_binomial(lf: &[f64], n: usize, r: usize) -> f64 {
    lf[n] - lf[r] - lf[n - r]
}

/// `ln` of the sum of `exp(t)` over `terms`, without overflow.
fn ln_sum(terms: &[f64]) -> f64 {
    let m = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if m == f64::NEG_INFINITY {
        return m;
    }
    m + terms.iter().map(|t| (t - m).exp()).sum::<f64>().ln()
}

/// Advances `idx` (a sorted `r`-subset of `0..n`) to the next subset in
/// lexicographic order; false after the last one.
fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let r = idx.len();
    for i in (0..r).rev() {
        if idx[i] < n - r + i {
            idx[i] += 1;
            for j in i + 1..r {
                idx[j] = idx[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Misère targets when at most `k` heaps exceed 1: every heap above 1 goes
/// to 0 or 1, some heaps of size 1 are emptied, and the number of 1s left
/// is 1 more than a multiple of `k + 1`.
fn small_misere_targets(
    heaps: &[u64],
    k: usize,
    limit: usize,
) -> Result<Vec<Vec<u64>>, TooManyMoves> {
    let m = k + 1;
    let bigs: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
    let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1).collect();
    let b = bigs.len();
    let lf = ln_factorials(heaps.len());
    let mut choices = Vec::new();
    let mut terms = Vec::new();
    for c in 0..=ones.len().min(k - b) {
        for j in 0..=b {
            if c + b == 0 || (ones.len() - c + j) % m != 1 {
                continue;
            }
            choices.push((c, j));
            terms.push(ln_binomial(&lf, ones.len(), c) + ln_binomial(&lf, b, j));
        }
    }
    let ln_count = ln_sum(&terms);
    if ln_count.exp().round() > limit as f64 {
        return Err(TooManyMoves {
            log10_count: ln_count / std::f64::consts::LN_10,
            exact: true,
            limit,
        });
    }
    let mut out = Vec::new();
    for (c, j) in choices {
        let mut ci: Vec<usize> = (0..c).collect();
        loop {
            let mut ji: Vec<usize> = (0..j).collect();
            loop {
                let mut y = heaps.to_vec();
                for &i in &bigs {
                    y[i] = 0;
                }
                for &n in &ji {
                    y[bigs[n]] = 1;
                }
                for &n in &ci {
                    y[ones[n]] = 0;
                }
                out.push(y);
                if !next_combination(&mut ji, b) {
                    break;
                }
            }
            if !next_combination(&mut ci, ones.len()) {
                break;
            }
        }
    }
    Ok(out)
}

/// The walk over all choices of [`analyze_all`].
struct Enumerator<'a> {
    heaps: &'a [u64],
    k: usize,
    limit: usize,
    /// For each bit, the heaps that have it.
    with_bit: Vec<Vec<usize>>,
    out: Vec<Vec<u64>>,
    over: bool,
}

impl<'a> Enumerator<'a> {
    fn new(heaps: &'a [u64], k: usize, limit: usize) -> Self {
        let mut with_bit = vec![Vec::new(); 64];
        for (i, &h) in heaps.iter().enumerate() {
            for (b, list) in with_bit.iter_mut().enumerate() {
                if h >> b & 1 == 1 {
                    list.push(i);
                }
            }
        }
        Enumerator {
            heaps,
            k,
            limit,
            with_bit,
            out: Vec::new(),
            over: false,
        }
    }

    /// Chooses bits `below - 1` down to 0.
    fn walk(
        &mut self,
        below: u32,
        y: &mut Vec<u64>,
        changed: &mut Vec<usize>,
        is_changed: &mut Vec<bool>,
    ) {
        if self.over {
            return;
        }
        if below == 0 {
            if !changed.is_empty() {
                if self.out.len() == self.limit {
                    self.over = true;
                } else {
                    self.out.push(y.clone());
                }
            }
            return;
        }
        let b = below - 1;
        let bit = 1u64 << b;
        let m = self.k + 1;
        let u = changed.len();
        // With k heaps already being reduced no new heap can join, and only
        // the count of untouched heaps with a 1 matters.
        let ones: Vec<usize> = if u < self.k {
            self.with_bit[b as usize]
                .iter()
                .copied()
                .filter(|&i| !is_changed[i])
                .collect()
        } else {
            Vec::new()
        };
        let s = if u < self.k {
            ones.len()
        } else {
            self.with_bit[b as usize].len()
                - changed
                    .iter()
                    .filter(|&&i| self.heaps[i] & bit != 0)
                    .count()
        };
        for c in 0..=s.min(self.k - u) {
            for t in 0..=u {
                if (s - c + t) % m != 0 {
                    continue;
                }
                let mut ci: Vec<usize> = (0..c).collect();
                loop {
                    let mut ti: Vec<usize> = (0..t).collect();
                    loop {
                        for &n in &ti {
                            y[changed[n]] |= bit;
                        }
                        for &n in &ci {
                            let i = ones[n];
                            y[i] = high_part(self.heaps[i], b);
                            is_changed[i] = true;
                            changed.push(i);
                        }
                        self.walk(b, y, changed, is_changed);
                        for &n in &ci {
                            let i = ones[n];
                            y[i] = self.heaps[i];
                            is_changed[i] = false;
                            changed.pop();
                        }
                        for &n in &ti {
                            y[changed[n]] &= !bit;
                        }
                        if self.over || !next_combination(&mut ti, u) {
                            break;
                        }
                    }
                    if self.over || !next_combination(&mut ci, s) {
                        break;
                    }
                }
            }
        }
    }
}

/// Knuth's estimate of the number of leaves of the choice tree walked by
/// [`Enumerator`]: follow random paths (each child chosen uniformly) and
/// average the products of the branching numbers along them. Returns the
/// decimal logarithm, since the counts overflow floating point easily.
fn knuth_estimate(heaps: &[u64], k: usize, samples: u32) -> f64 {
    let m = k + 1;
    let lf = ln_factorials(heaps.len());
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng >> 11) as f64 / (1u64 << 53) as f64
    };
    let top = 64 - heaps.iter().copied().max().unwrap_or(0).leading_zeros();
    let mut ln_products = Vec::with_capacity(samples as usize);
    for _ in 0..samples {
        let mut ln_product = 0.0;
        let mut is_changed = vec![false; heaps.len()];
        let mut u = 0usize;
        for b in (0..top).rev() {
            let ones: Vec<usize> = (0..heaps.len())
                .filter(|&i| !is_changed[i] && heaps[i] >> b & 1 == 1)
                .collect();
            let s = ones.len();
            let mut options: Vec<(usize, f64)> = Vec::new();
            for c in 0..=s.min(k - u) {
                for t in 0..=u {
                    if (s - c + t).is_multiple_of(m) {
                        options.push((c, ln_binomial(&lf, s, c) + ln_binomial(&lf, u, t)));
                    }
                }
            }
            let ln_weights: Vec<f64> = options.iter().map(|o| o.1).collect();
            let ln_weight = ln_sum(&ln_weights);
            ln_product += ln_weight;
            let mut pick = next();
            let mut c = options.last().map_or(0, |o| o.0);
            for &(oc, lw) in &options {
                let share = (lw - ln_weight).exp();
                if pick < share {
                    c = oc;
                    break;
                }
                pick -= share;
            }
            // A uniform c-subset of the untouched heaps with a 1 is cleared.
            let mut pool = ones;
            for n in 0..c {
                let j = n + ((next() * (pool.len() - n) as f64) as usize).min(pool.len() - n - 1);
                pool.swap(n, j);
                is_changed[pool[n]] = true;
            }
            u += c;
        }
        ln_products.push(ln_product);
    }
    (ln_sum(&ln_products) - f64::from(samples).ln()) / std::f64::consts::LN_10
}

/// A step-by-step account: the bit columns and their counts modulo `k + 1`,
/// and how the winning move is built column by column.
pub fn explain(heaps: &[u64], k: usize, convention: Convention) -> String {
    let ke = effective_k(heaps, k);
    let m = ke + 1;
    let mut out = String::new();
    let max = heaps.iter().copied().max().unwrap_or(0).max(1);
    let width = (64 - max.leading_zeros()) as usize;
    let dec = max.to_string().len();
    let label = format!("heap {}", heaps.len()).len();
    let _ = writeln!(
        out,
        "Moore's Nim_{k}: a move reduces between 1 and {k} heaps. Write every heap in binary and count the 1s in each column:"
    );
    if ke < k {
        let _ = writeln!(
            out,
            "(There are only {} heaps, so a move can reduce all of them: the game is Nim_{ke}, and counts are taken mod {m}.)",
            heaps.len()
        );
    }
    if heaps.len() <= 64 {
        for (i, &h) in heaps.iter().enumerate() {
            let name = format!("heap {}", i + 1);
            let _ = writeln!(out, "  {name:<label$}  {h:>dec$} = {h:0width$b}");
        }
    } else {
        let _ = writeln!(out, "  ({} heaps, not listed)", heaps.len());
    }
    let counts = column_counts(heaps);
    let count_row: Vec<String> = (0..width)
        .rev()
        .map(|b| (counts[b] % m).to_string())
        .collect();
    let all_row: Vec<String> = (0..width).rev().map(|b| counts[b].to_string()).collect();
    let _ = writeln!(
        out,
        "  column counts (bit {} down to 0): {}",
        width - 1,
        all_row.join(" ")
    );
    let _ = writeln!(
        out,
        "  the same mod {m}:                  {}",
        count_row.join(" ")
    );
    let bigs = heaps.iter().filter(|&&h| h > 1).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    if convention == Convention::Misere && bigs == 0 {
        let _ = writeln!(
            out,
            "Misère play and no heap above 1: each move empties between 1 and {ke} heaps of size 1, and whoever empties the last one loses. \
             The player who leaves a number of 1s that is 1 more than a multiple of {m} wins: the opponent empties j heaps, the reply empties {m} - j."
        );
        if ones % m == 1 {
            let _ = writeln!(
                out,
                "There are {ones} heaps of size 1, 1 more than a multiple of {m}: a P-position."
            );
        } else if ones == 0 {
            let _ = writeln!(out, "No heap is left: the previous player made the last move and lost; the player to move has won.");
        } else {
            let c = (ones - 1) % m;
            let _ = writeln!(
                out,
                "There are {ones} heaps of size 1: empty {c} of them to leave {}.",
                ones - c
            );
        }
        return out;
    }
    if columns_vanish(heaps, ke) {
        let _ = writeln!(
            out,
            "Every count is a multiple of {m}: a P-position. A move reduces between 1 and {ke} heaps, so it changes the count of the highest \
             bit it touches by between 1 and {ke}, which cannot be a multiple of {m}; the opponent can always mend the columns again."
        );
        if convention == Convention::Misere {
            let _ = writeln!(
                out,
                "(Misère play: some heap is above 1, so the normal-play rule holds.)"
            );
        }
        return out;
    }
    let _ = writeln!(
        out,
        "Some count is not a multiple of {m}: an N-position, the player to move wins."
    );
    if convention == Convention::Misere && bigs <= ke {
        let _ = writeln!(
            out,
            "Misère play with only {bigs} heap(s) above 1, at most {ke}: reduce all of them to 0 or 1 in one move, emptying heaps of size 1 as \
             needed, so that the number of 1s left is 1 more than a multiple of {m}; the opponent then empties the last heap."
        );
        return out;
    }
    let _ = writeln!(
        out,
        "Build the move from the top column down, keeping the heaps already being reduced (their lower bits are free):"
    );
    let mut trace = Vec::new();
    let to = construct(heaps, ke, Some(&mut trace));
    for t in &trace {
        let _ = writeln!(out, "  {t}");
    }
    let mv = MooreMove::between(heaps, &to);
    let _ = writeln!(
        out,
        "The move: {mv}. Every column count is now a multiple of {m}, and the opponent faces a P-position."
    );
    if convention == Convention::Misere {
        let _ = writeln!(
            out,
            "(Misère play: more than {ke} heaps are above 1, so at least one stays above 1 and the normal-play rule holds.)"
        );
    }
    out
}

#[cfg(test)]
mod tests;
