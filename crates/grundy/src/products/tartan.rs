//! The tartan (direct) product of two coin-turning games: coins on a
//! board, a move takes a move `A` of the first game along the rows and a
//! move `B` of the second along the columns and turns every coin of
//! `A × B`, the corner `(max A, max B)` going from heads to tails.
//!
//! The tartan theorem (*Winning Ways*, chapter 14): the coin at `(x, y)`
//! has value `g(x) ⊗ h(y)` (nim product). Turning `A × B` changes the
//! board's value `V` by `g(A) ⊗ h(B)` (distributivity, with `g(A)` the
//! nim-sum of `g` over `A`), so a move wins exactly when
//! `g(A) ⊗ h(B) = V`. A legal move has `g(A) ≠ 0` (the mex property), so
//! its partner is fixed by nim division: `h(B) = V ⊗ g(A)⁻¹`. Counting the
//! winning moves then needs only the moves of each side grouped by value.
//!
//! Cells are 0-based as board files write them: cell `(x, y)` is coin
//! `x + 1` of the first game and coin `y + 1` of the second, so that Twins
//! × Twins is Turning Corners with values `x ⊗ y`.
//!
//! ```
//! use grundy::products::{side::Side, tartan::Tartan};
//! let rugs = Tartan::new(Side::new("ruler", 8).unwrap(), Side::new("ruler", 8).unwrap());
//! assert_eq!(rugs.cell_value(1, 3), 8); // g(2) ⊗ h(4) = 2 ⊗ 4
//! ```

use std::collections::HashMap;
use std::fmt::{self, Display};
use std::ops::ControlFlow;

use super::side::{Histogram, Side};
use crate::games::corners::Board;
use crate::nimber::{nim_mul, Nimber};

/// A move of a product: the rows and the columns (0-based, increasing)
/// whose crossings are turned; the last of each is the corner.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProductMove {
    /// The rows.
    pub rows: Vec<usize>,
    /// The columns.
    pub cols: Vec<usize>,
}

impl ProductMove {
    /// Every cell the move turns.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        self.rows
            .iter()
            .flat_map(|&x| self.cols.iter().map(move |&y| (x, y)))
            .collect()
    }

    /// The board after the move.
    pub fn apply(&self, board: &Board) -> Board {
        let mut b = board.clone();
        for (x, y) in self.cells() {
            b.flip(x, y);
        }
        b
    }
}

impl Display for ProductMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[usize]| runs(v).join(",");
        let (x, y) = (
            self.rows.last().copied().unwrap_or(0),
            self.cols.last().copied().unwrap_or(0),
        );
        write!(
            f,
            "({x},{y}): rows {} x columns {}",
            list(&self.rows),
            list(&self.cols)
        )
    }
}

/// The numbers as runs: `3-7` for 3, 4, 5, 6, 7.
fn runs(v: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        out.push(if j > i + 1 {
            format!("{}-{}", v[i], v[j])
        } else if j == i + 1 {
            format!("{},{}", v[i], v[j])
        } else {
            v[i].to_string()
        });
        i = j + 1;
    }
    out
}

/// How many moves of the first rows are tried before the search goes by
/// values.
const FIRST_ROWS_WORK: u64 = 2_000_000;

/// A tartan product: the first game along the rows, the second along the
/// columns.
#[derive(Clone, Debug)]
pub struct Tartan {
    /// The game on the rows.
    pub g: Side,
    /// The game on the columns.
    pub h: Side,
}

fn to_cells(coins: &[u64]) -> Vec<usize> {
    coins.iter().map(|&c| c as usize - 1).collect()
}

impl Tartan {
    /// The product of two sides.
    pub fn new(g: Side, h: Side) -> Tartan {
        Tartan { g, h }
    }

    /// The value of the coin on cell `(x, y)`: `g(x + 1) ⊗ h(y + 1)`.
    pub fn cell_value(&self, x: usize, y: usize) -> u64 {
        nim_mul(self.g.values[x + 1], self.h.values[y + 1])
    }

    /// The board's value: the nim-sum over its heads.
    pub fn value(&self, board: &Board) -> u64 {
        let mut v = 0;
        for x in 0..board.rows() {
            for y in 0..board.cols() {
                if board.is_white(x, y) {
                    v ^= self.cell_value(x, y);
                }
            }
        }
        v
    }

    /// The value of the board of `rows × cols` heads: `P_g(rows) ⊗ P_h(cols)`.
    pub fn all_heads_value(&self) -> u64 {
        nim_mul(self.g.prefix[self.g.len()], self.h.prefix[self.h.len()])
    }

    /// One winning move of the board, found by nim division: for each
    /// head and each move `A` of the rows there, the columns' move must
    /// have value `V ⊗ g(A)⁻¹`. `None` when the board's value is 0.
    pub fn winning_move(&self, board: &Board) -> Result<Option<ProductMove>, String> {
        let v = Nimber(self.value(board));
        if v.0 == 0 {
            return Ok(None);
        }
        let mut work = 0u64;
        let mut cols: HashMap<usize, Histogram> = HashMap::new();
        for x in 0..board.rows() {
            for y in (0..board.cols()).filter(|&y| board.is_white(x, y)) {
                if let std::collections::hash_map::Entry::Vacant(e) = cols.entry(y) {
                    e.insert(self.h.coin_histogram(y as u64 + 1, &mut work)?);
                }
                let hist = &cols[&y];
                let mut hit = None;
                let _ = self.g.for_each_move_value(x as u64 + 1, &mut |ga, others| {
                    if ga == 0 {
                        return ControlFlow::Continue(());
                    }
                    let t = (v / Nimber(ga)).0;
                    if hist.binary_search_by_key(&t, |p| p.0).is_ok() {
                        let mut a = others.to_vec();
                        a.push(x as u64 + 1);
                        hit = Some((a, t));
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                });
                if let Some((a, t)) = hit {
                    let b = self
                        .column_move(y as u64 + 1, t)
                        .expect("the histogram holds it");
                    return Ok(Some(ProductMove {
                        rows: to_cells(&a),
                        cols: to_cells(&b),
                    }));
                }
            }
        }
        unreachable!("a board of non-zero value has a winning move")
    }

    fn column_move(&self, y: u64, t: u64) -> Option<Vec<u64>> {
        let mut found = None;
        let _ = self.h.for_each_move_value(y, &mut |hb, others| {
            if hb == t {
                let mut b = others.to_vec();
                b.push(y);
                found = Some(b);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        found
    }

    /// The number of winning moves of the board, without listing them: for
    /// each column, the rows' moves at its heads grouped by value, paired
    /// with the column's moves of the quotient value.
    pub fn count_winning(&self, board: &Board) -> Result<u128, String> {
        let v = Nimber(self.value(board));
        if v.0 == 0 {
            return Ok(0);
        }
        let mut work = 0u64;
        let mut rows: HashMap<usize, Histogram> = HashMap::new();
        let mut total = 0u128;
        for y in 0..board.cols() {
            let mut merged: HashMap<u64, u64> = HashMap::new();
            for x in (0..board.rows()).filter(|&x| board.is_white(x, y)) {
                if let std::collections::hash_map::Entry::Vacant(e) = rows.entry(x) {
                    e.insert(self.g.coin_histogram(x as u64 + 1, &mut work)?);
                }
                for &(ga, c) in &rows[&x] {
                    *merged.entry(ga).or_default() += c;
                }
            }
            if merged.is_empty() {
                continue;
            }
            let hist = self.h.coin_histogram(y as u64 + 1, &mut work)?;
            total += pair_count(&merged, &hist, v);
        }
        Ok(total)
    }

    /// The number of winning moves of the all-heads board, from the two
    /// sides' histograms: `Σ_{a ≠ 0} cnt_g(a) · cnt_h(V ⊗ a⁻¹)`.
    pub fn count_all_heads(&self) -> Result<u128, String> {
        let v = Nimber(self.all_heads_value());
        if v.0 == 0 {
            return Ok(0);
        }
        let g: HashMap<u64, u64> = self.g.histogram()?.into_iter().collect();
        let h = self.h.histogram()?;
        Ok(pair_count(&g, &h, v))
    }

    /// One winning move of the all-heads board: first among the moves of
    /// the first few rows (the move people would look for), then, when
    /// those are many, value by value of the first game's histogram, each
    /// paired with its partner `V ⊗ a⁻¹` in the second's.
    pub fn all_heads_winning_move(&self) -> Result<Option<ProductMove>, String> {
        match self.all_heads_winning_move_within(FIRST_ROWS_WORK) {
            Err(_) => self.all_heads_winning_move_by_values(),
            found => found,
        }
    }

    pub(crate) fn all_heads_winning_move_by_values(&self) -> Result<Option<ProductMove>, String> {
        let v = Nimber(self.all_heads_value());
        if v.0 == 0 {
            return Ok(None);
        }
        let h = self.h.histogram()?;
        for (ga, _) in self.g.histogram()? {
            if ga == 0 {
                continue;
            }
            let t = (v / Nimber(ga)).0;
            if h.binary_search_by_key(&t, |p| p.0).is_ok() {
                let a = self.g.find_move(ga)?.expect("the histogram holds it");
                let b = self.h.find_move(t)?.expect("the histogram holds it");
                return Ok(Some(ProductMove {
                    rows: to_cells(&a),
                    cols: to_cells(&b),
                }));
            }
        }
        unreachable!("a board of non-zero value has a winning move")
    }

    fn all_heads_winning_move_within(&self, limit: u64) -> Result<Option<ProductMove>, String> {
        let v = Nimber(self.all_heads_value());
        if v.0 == 0 {
            return Ok(None);
        }
        let h = self.h.histogram()?;
        let mut work = 0u64;
        for x in 1..=self.g.len() as u64 {
            let mut hit = None;
            let _ = self.g.for_each_move_value(x, &mut |ga, others| {
                work += 1;
                if ga == 0 {
                    return ControlFlow::Continue(());
                }
                let t = (v / Nimber(ga)).0;
                if h.binary_search_by_key(&t, |p| p.0).is_ok() {
                    let mut a = others.to_vec();
                    a.push(x);
                    hit = Some((a, t));
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if let Some((a, t)) = hit {
                let b = self.h.find_move(t)?.expect("the histogram holds it");
                return Ok(Some(ProductMove {
                    rows: to_cells(&a),
                    cols: to_cells(&b),
                }));
            }
            if work > limit {
                return Err("too many moves to search for a winning one".into());
            }
        }
        unreachable!("a board of non-zero value has a winning move")
    }

    /// Every winning move, listed by trying every pair of moves at every
    /// head and recomputing the value cell by cell (for small boards and
    /// for checking the counts).
    pub fn list_winning(&self, board: &Board) -> Vec<ProductMove> {
        let v = self.value(board);
        let mut out = Vec::new();
        if v == 0 {
            return out;
        }
        for x in 0..board.rows() {
            for y in (0..board.cols()).filter(|&y| board.is_white(x, y)) {
                let mut col_moves = Vec::new();
                let _ = self.h.for_each_move_value(y as u64 + 1, &mut |_, others| {
                    let mut b = others.to_vec();
                    b.push(y as u64 + 1);
                    col_moves.push(to_cells(&b));
                    ControlFlow::Continue(())
                });
                let _ = self.g.for_each_move_value(x as u64 + 1, &mut |_, others| {
                    let mut a = others.to_vec();
                    a.push(x as u64 + 1);
                    let rows = to_cells(&a);
                    for cols in &col_moves {
                        let mv = ProductMove {
                            rows: rows.clone(),
                            cols: cols.clone(),
                        };
                        let change = mv
                            .cells()
                            .iter()
                            .fold(0, |s, &(i, j)| s ^ self.cell_value(i, j));
                        if change == v {
                            out.push(mv);
                        }
                    }
                    ControlFlow::Continue(())
                });
            }
        }
        out
    }
}

/// `Σ_a left(a) · right(V ⊗ a⁻¹)` over the non-zero `a` of `left`.
fn pair_count(left: &HashMap<u64, u64>, right: &Histogram, v: Nimber) -> u128 {
    let mut total = 0u128;
    for (&a, &c) in left {
        if a == 0 {
            continue;
        }
        let t = (v / Nimber(a)).0;
        if let Ok(i) = right.binary_search_by_key(&t, |p| p.0) {
            total += u128::from(c) * u128::from(right[i].1);
        }
    }
    total
}
