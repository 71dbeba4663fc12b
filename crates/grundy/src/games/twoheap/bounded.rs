//! Generalized Wythoff with a bounding function (Fraenkel; the linear case
//! `f(k) = sk + t` in "Heap games, numeration systems and sequences",
//! Annals of Combinatorics 2, 1998): from `(x, y)` take any positive number
//! from one heap, or `k ≥ 1` from one heap and `l ≥ 1` from the other with
//! `k ≤ l < f(k)`. `f(k) = k + 1` is Wythoff's game, `f(k) = k + a` is
//! a-Wythoff (`|k − l| < a`), `f(k) = k` is Nim.
//!
//! The P-positions are `(A_n, B_n)` and `(B_n, A_n)` with `A_0 = B_0 = 0`,
//! `A_n = mex{A_i, B_i : i < n}` and `B_n = B_(n−1) + f(A_n − A_(n−1))`
//! (for `f(k) = sk + t` this is `B_n = sA_n + tn`). The tests check this
//! recursion against the game solved by the plain mex recursion for random
//! `f`. It needs `f` **strictly increasing** and **subadditive**
//! (`f(i + j) ≤ f(i) + f(j)`): with one of them dropped, counter-examples
//! are easy to find (`f = 3, 3, 4, 5, ...` is subadditive but not strictly
//! increasing, and the P-position `(4, 5)` breaks the recursion), so other
//! functions are refused.
//!
//! `f` is written as a linear form `s*k+t` (`2k+1`, `k+3`, `3k`) or as a
//! list of first values with a linear tail: `3,5;2k+1` is `f(1) = 3`,
//! `f(2) = 5`, then `2k + 1`.
//!
//! ```
//! use grundy::games::twoheap::bounded::{is_p_position, p_positions, Bound};
//! let f: Bound = "2k+1".parse().unwrap();
//! assert_eq!(&p_positions(&f, 7)[1..], [(1, 3), (2, 6), (4, 11), (5, 14), (7, 19)]);
//! assert!(is_p_position(&f, 11, 4));
//! ```

use std::fmt;
use std::str::FromStr;

use super::TwoHeapMove;

/// The most first values listed before the linear tail.
pub const MAX_LISTED: usize = 8;

/// The largest heap taken: the P-positions below a heap are generated one
/// by one (a bit per number).
pub const MAX_HEAP: u64 = 1 << 26;

/// The largest slope, constant and listed value.
pub const MAX_COEFFICIENT: u64 = 1 << 20;

/// The bounding function: listed first values, then `s·k + t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bound {
    listed: [u64; MAX_LISTED],
    len: usize,
    s: u64,
    t: u64,
}

impl Bound {
    /// `f(k)` for `k ≥ 1`.
    pub fn at(&self, k: u64) -> u64 {
        if k >= 1 && (k as usize) <= self.len {
            self.listed[k as usize - 1]
        } else {
            self.s.saturating_mul(k).saturating_add(self.t)
        }
    }

    /// Whether taking `k` from one heap and `l` from the other (both at
    /// least 1) is a move.
    pub fn allows(&self, k: u64, l: u64) -> bool {
        let (lo, hi) = (k.min(l), k.max(l));
        lo >= 1 && hi < self.at(lo)
    }

    /// Checks Fraenkel's conditions: `f(1) ≥ 1`, strictly increasing,
    /// subadditive. Beyond the listed values `f` is linear, so a finite
    /// check decides: the tail is subadditive when `t ≥ 0`, a listed `i`
    /// with a tail `j` when `s·i ≤ f(i)`, and the rest involves listed
    /// values only.
    fn check(&self) -> Result<(), String> {
        let n = self.len as u64;
        if self.s == 0 {
            return Err("f must be strictly increasing: its slope must be at least 1".into());
        }
        if self.at(1) == 0 {
            return Err("f(1) must be at least 1".into());
        }
        for k in 1..=n {
            if self.at(k + 1) <= self.at(k) {
                return Err(format!(
                    "f must be strictly increasing, but f({k}) = {} and f({}) = {}",
                    self.at(k),
                    k + 1,
                    self.at(k + 1)
                ));
            }
            if self.s * k > self.at(k) {
                return Err(format!(
                    "f must be subadditive (f(i + j) ≤ f(i) + f(j)), but f({k}) = {} is below {}·{k}",
                    self.at(k),
                    self.s
                ));
            }
        }
        for i in 1..=n.max(1) {
            for j in 1..=n.max(1) {
                if self.at(i + j) > self.at(i) + self.at(j) {
                    return Err(format!(
                        "f must be subadditive, but f({}) = {} > f({i}) + f({j}) = {}",
                        i + j,
                        self.at(i + j),
                        self.at(i) + self.at(j)
                    ));
                }
            }
        }
        Ok(())
    }
}

fn parse_linear(text: &str) -> Result<(u64, i64), String> {
    let bad = || format!("'{text}' is not a linear form s*k+t such as 2k+1, k+3 or 3k");
    let t = text.replace([' ', '*'], "");
    let Some((s, rest)) = t.split_once('k') else {
        return Err(bad());
    };
    let s: u64 = if s.is_empty() {
        1
    } else {
        s.parse().map_err(|_| bad())?
    };
    let c: i64 = match rest {
        "" => 0,
        r if r.starts_with('+') => r[1..].parse().map_err(|_| bad())?,
        r if r.starts_with('-') => -r[1..].parse::<i64>().map_err(|_| bad())?,
        _ => return Err(bad()),
    };
    Ok((s, c))
}

impl FromStr for Bound {
    type Err = String;
    fn from_str(text: &str) -> Result<Bound, String> {
        let text = text.trim().to_lowercase();
        let (list, tail) = match text.split_once(';') {
            Some((l, t)) => (Some(l), t),
            None => (None, text.as_str()),
        };
        let (s, t) = parse_linear(tail)?;
        if t < 0 {
            return Err(format!(
                "f must be subadditive: the constant of the tail {tail} must not be negative"
            ));
        }
        let mut f = Bound {
            listed: [0; MAX_LISTED],
            len: 0,
            s,
            t: t as u64,
        };
        if let Some(list) = list {
            for item in list.split(',') {
                let v: u64 = item.trim().parse().map_err(|_| {
                    format!("'{item}' is not a whole number (the first values of f are listed before ';')")
                })?;
                if f.len == MAX_LISTED {
                    return Err(format!(
                        "at most {MAX_LISTED} values are listed before the tail"
                    ));
                }
                f.listed[f.len] = v;
                f.len += 1;
            }
        }
        if f.listed
            .iter()
            .chain([&f.s, &f.t])
            .any(|&v| v > MAX_COEFFICIENT)
        {
            return Err(format!("the numbers of f go up to {MAX_COEFFICIENT}"));
        }
        f.check()?;
        Ok(f)
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len > 0 {
            let l: Vec<String> = self.listed[..self.len].iter().map(u64::to_string).collect();
            write!(f, "{};", l.join(","))?;
        }
        match (self.s, self.t) {
            (1, 0) => write!(f, "k"),
            (1, t) => write!(f, "k+{t}"),
            (s, 0) => write!(f, "{s}k"),
            (s, t) => write!(f, "{s}k+{t}"),
        }
    }
}

/// The P-positions `(A_n, B_n)` with `A_n ≤ limit`, from `(0, 0)`.
pub fn p_positions(f: &Bound, limit: u64) -> Vec<(u64, u64)> {
    let mut used = vec![false; limit as usize + 1];
    let mut out = vec![(0u64, 0u64)];
    used[0] = true;
    let mut a = 0u64;
    loop {
        while a <= limit && used[a as usize] {
            a += 1;
        }
        if a > limit {
            return out;
        }
        let (pa, pb) = *out.last().expect("(0, 0) is there");
        let b = pb.saturating_add(f.at(a - pa));
        used[a as usize] = true;
        if b <= limit {
            used[b as usize] = true;
        }
        out.push((a, b));
    }
}

/// Whether `(x, y)` is a P-position (heaps up to [`MAX_HEAP`]).
pub fn is_p_position(f: &Bound, x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    p_positions(f, a).last() == Some(&(a, b)) || (a, b) == (0, 0)
}

/// The number of moves from `(x, y)`.
pub fn move_count(f: &Bound, x: u64, y: u64) -> u128 {
    let mut n = x as u128 + y as u128;
    for k in 1..=x.min(y) {
        let top = f.at(k).saturating_sub(1);
        // k from the first heap, l from the second, k ≤ l ≤ min(top, y).
        n += top.min(y).saturating_sub(k - 1) as u128;
        // l > k from the first, k from the second.
        n += top.min(x).saturating_sub(k) as u128;
    }
    n
}

/// Every move from `(x, y)` with the position it leaves.
pub fn moves(f: &Bound, x: u64, y: u64) -> Vec<(TwoHeapMove, (u64, u64))> {
    let mut out = Vec::new();
    for k in 1..=x {
        out.push((TwoHeapMove::Take(k, 0), (x - k, y)));
    }
    for l in 1..=y {
        out.push((TwoHeapMove::Take(0, l), (x, y - l)));
    }
    for k in 1..=x.min(y) {
        let top = f.at(k).saturating_sub(1);
        for l in k..=top.min(y) {
            out.push((TwoHeapMove::Take(k, l), (x - k, y - l)));
        }
        for l in k + 1..=top.min(x) {
            out.push((TwoHeapMove::Take(l, k), (x - l, y - k)));
        }
    }
    out
}

/// Every move from `(x, y)` to a P-position, from the P-positions below.
pub fn winning_moves(f: &Bound, x: u64, y: u64) -> Vec<TwoHeapMove> {
    let mut out = Vec::new();
    for (a, b) in p_positions(f, x.max(y)) {
        for (p, q) in [(a, b), (b, a)] {
            if p > x || q > y || (p, q) == (x, y) {
                continue;
            }
            let (k, l) = (x - p, y - q);
            if k == 0 || l == 0 || f.allows(k, l) {
                out.push(TwoHeapMove::Take(k, l));
            }
        }
    }
    out.sort_by_key(|m| match m {
        TwoHeapMove::Take(k, l) => (*k, *l),
        _ => (0, 0),
    });
    out.dedup();
    out
}

/// An upper bound on the steps of [`values`] for a `rows × cols` table.
pub fn table_work(f: &Bound, rows: usize, cols: usize) -> u128 {
    let (r, c) = (rows.saturating_sub(1) as u64, cols.saturating_sub(1) as u64);
    (rows as u128) * (cols as u128) * (move_count(f, r, c) + 1)
}

/// The Grundy values `G(x, y)` for `x < rows`, `y < cols`, row-major: the
/// mex over every option, read from the table.
pub fn values(f: &Bound, rows: usize, cols: usize) -> Vec<u32> {
    let mut t = vec![0u32; rows * cols];
    let mut seen: Vec<usize> = Vec::new();
    let mut stamp = 0usize;
    for x in 0..rows {
        for y in 0..cols {
            stamp += 1;
            let mut mark = |v: u32| {
                let v = v as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, 0);
                }
                seen[v] = stamp;
            };
            for q in 0..y {
                mark(t[x * cols + q]);
            }
            for p in 0..x {
                mark(t[p * cols + y]);
            }
            for k in 1..=x.min(y) {
                let top = f.at(k as u64).saturating_sub(1) as usize;
                for l in k..=top.min(y) {
                    mark(t[(x - k) * cols + y - l]);
                }
                for l in k + 1..=top.min(x) {
                    mark(t[(x - l) * cols + y - k]);
                }
            }
            t[x * cols + y] = (0..)
                .find(|&v| seen.get(v).is_none_or(|&s| s != stamp))
                .unwrap() as u32;
        }
    }
    t
}

/// Why `(x, y)` is won or lost.
pub fn explain(f: &Bound, x: u64, y: u64) -> String {
    let (a, b) = (x.min(y), x.max(y));
    let pairs = p_positions(f, a);
    let shown: Vec<String> = pairs
        .iter()
        .skip(1)
        .take(6)
        .map(|(a, b)| format!("({a}, {b})"))
        .collect();
    let mut s = format!(
        "A move takes from one heap, or k from one and l from the other with 1 ≤ k ≤ l < f(k), f(k) = {f}. \
         The P-positions are (A_n, B_n) and (B_n, A_n): A_n is the least number not yet used and \
         B_n = B_(n-1) + f(A_n - A_(n-1)) (f strictly increasing and subadditive): {}{}.\n",
        shown.join(", "),
        if pairs.len() > 7 { ", ..." } else { "" }
    );
    if is_p_position(f, x, y) {
        s.push_str(&format!(
            "({a}, {b}) is one of them: the player to move loses.\n"
        ));
    } else {
        s.push_str(&format!(
            "({x}, {y}) is not one of them; a winning move goes to one.\n"
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twoheap::rwythoff;
    use proptest::prelude::*;

    /// Whether each position of an `n × n` board is a P-position, by the
    /// plain recursion over the moves as the rule states them.
    fn solve(f: &Bound, n: usize) -> Vec<Vec<bool>> {
        let mut p = vec![vec![false; n]; n];
        for x in 0..n {
            for y in 0..n {
                let mut win = (0..x).any(|a| p[a][y]) || (0..y).any(|b| p[x][b]);
                for k in 1..=x {
                    for l in 1..=y {
                        let (lo, hi) = (k.min(l), k.max(l));
                        if (hi as u64) < f.at(lo as u64) && p[x - k][y - l] {
                            win = true;
                        }
                    }
                }
                p[x][y] = !win;
            }
        }
        p
    }

    fn bound() -> impl Strategy<Value = String> {
        (
            prop::collection::vec(0u64..4, 0..5),
            1u64..5,
            1u64..4,
            0u64..5,
        )
            .prop_map(|(steps, first, s, t)| {
                let mut v = first;
                let listed: Vec<String> = steps
                    .iter()
                    .map(|d| {
                        let x = v;
                        v += d + 1;
                        x.to_string()
                    })
                    .collect();
                if listed.is_empty() {
                    format!("{s}k+{t}")
                } else {
                    format!("{};{s}k+{t}", listed.join(","))
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_recursion_and_the_table_are_the_game(spec in bound(), x in 0u64..24, y in 0u64..24) {
            let Ok(f) = spec.parse::<Bound>() else {
                return Ok(());
            };
            let n = 24;
            let p = solve(&f, n);
            for (a, row) in p.iter().enumerate() {
                for (b, &lost) in row.iter().enumerate() {
                    prop_assert_eq!(is_p_position(&f, a as u64, b as u64), lost, "{} at ({}, {})", spec, a, b);
                }
            }
            let t = values(&f, n, n);
            for (a, row) in p.iter().enumerate() {
                for (b, &lost) in row.iter().enumerate() {
                    prop_assert_eq!(t[a * n + b] == 0, lost);
                }
            }
            // Every winning move, against the list of all moves.
            let all = moves(&f, x, y);
            prop_assert_eq!(all.len() as u128, move_count(&f, x, y));
            let mut want: Vec<TwoHeapMove> = all
                .iter()
                .filter(|(_, (a, b))| p[*a as usize][*b as usize])
                .map(|(m, _)| *m)
                .collect();
            want.sort_by_key(|m| match m { TwoHeapMove::Take(k, l) => (*k, *l), _ => (0, 0) });
            prop_assert_eq!(winning_moves(&f, x, y), want);
            // Values: the mex over the listed moves.
            let g = t[x as usize * n + y as usize];
            let opts: Vec<u32> = all.iter().map(|(_, (a, b))| t[*a as usize * n + *b as usize]).collect();
            prop_assert!(!opts.contains(&g));
            prop_assert!((0..g).all(|v| opts.contains(&v)));
        }
    }

    #[test]
    fn a_wythoff_is_f_k_plus_a() {
        for a in 1..=5u64 {
            let f: Bound = format!("k+{a}").parse().unwrap();
            let pairs = p_positions(&f, 3000);
            for (n, &(x, y)) in pairs.iter().enumerate() {
                assert_eq!(y, x + a * n as u64);
                assert_eq!((x, y), rwythoff::p_position(a, n as u64));
            }
        }
    }

    #[test]
    fn linear_bounds_give_b_equal_s_a_plus_t_n() {
        for (s, t) in [(2, 1), (3, 2), (2, 0), (1, 1), (4, 3)] {
            let f: Bound = format!("{s}k+{t}").parse().unwrap();
            for (n, &(a, b)) in p_positions(&f, 2000).iter().enumerate() {
                assert_eq!(b, s * a + t * n as u64);
            }
        }
    }

    #[test]
    fn bounds_outside_the_conditions_are_refused() {
        for bad in [
            "0k+3",
            "2k-1",
            "3,3;k+2",
            "5,6;k+1",
            "k",
            "1,2,3,4,5,6,7,8,9;k",
            "x+1",
            "2k+",
        ] {
            if bad == "k" {
                continue;
            }
            assert!(bad.parse::<Bound>().is_err(), "{bad}");
        }
        assert_eq!("2*k + 1".parse::<Bound>().unwrap().to_string(), "2k+1");
        assert_eq!("3,5;2k+1".parse::<Bound>().unwrap().to_string(), "3,5;2k+1");
        assert!("k".parse::<Bound>().is_ok());
    }
}
