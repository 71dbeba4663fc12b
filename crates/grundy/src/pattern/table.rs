//! Patterns in tables `G(x, y)` of two-heap games and products: a closed
//! form in `x` and `y`, symmetry, each row's least (arithmetic) period with
//! its offset, as Wythoff's rows have (additive periodicity, Dress et al.),
//! the same along the diagonals `x - y = d` near the main one,
//! and the P-positions `(a(k), b(k))`, `a(k) <= b(k)`, as a pair of Beatty
//! sequences (Wythoff's `floor(k phi)`, `floor(k phi^2)`).
//!
//! Found on the first half of the rows (of the columns for the rows'
//! periods; for the P-positions, the pairs with `b(k)` in the first half
//! of the square) and checked on all; the ranges of a finding count rows
//! (columns for the rows' periods).
//!
//! ```
//! use grundy::pattern::{find_table, Kind};
//! let n = 120;
//! let g: Vec<u64> = grundy::games::wythoff::values(n, n).iter().map(|&v| v as u64).collect();
//! let found = find_table(n, n, &g);
//! let pair = found.iter().find(|f| f.kind == Kind::PPositionBeattyPair).unwrap();
//! assert!(pair.formula.contains("a(k) = floor(k*phi), b(k) = floor(k*phi^2)"));
//! ```

use super::{beatty, closed_form, found_len, period, Finding, Kind, Model, Status};

/// The most rows whose periods are reported.
const MAX_ROWS: usize = 8;

/// Patterns in the table `values[x * cols + y] = G(x, y)`, `x < rows`,
/// `y < cols`, the simplest first: a closed form alone when there is one;
/// otherwise symmetry, the rows' periods and the P-positions.
pub fn find_table(rows: usize, cols: usize, values: &[u64]) -> Vec<Finding> {
    if rows == 0 || cols == 0 || values.len() != rows * cols {
        return Vec::new();
    }
    if let Some(f) = closed_form::in_xy(rows, cols, values) {
        return vec![f];
    }
    let mut out = Vec::new();
    out.extend(symmetry(rows, cols, values));
    out.extend(row_periods(rows, cols, values));
    out.extend(diagonals(rows, cols, values));
    out.extend(beatty_pair(rows, cols, values));
    out.extend(beatty_wedge(rows, cols, values));
    out
}

fn observed(kind: Kind, formula: String, found_to: u64, last: u64) -> Finding {
    Finding {
        kind,
        formula,
        found_to,
        checked_to: last,
        status: Status::Observed { to: last },
        model: Model::Partial,
    }
}

/// `G(x, y) = G(y, x)` on the square part, found on its first half.
fn symmetry(rows: usize, cols: usize, v: &[u64]) -> Option<Finding> {
    let n = rows.min(cols);
    let holds = |r: std::ops::Range<usize>| {
        r.into_iter()
            .all(|x| (0..x).all(|y| v[x * cols + y] == v[y * cols + x]))
    };
    let half = found_len(n);
    (half >= 4 && holds(0..half) && holds(half..n)).then(|| {
        observed(
            Kind::Symmetry,
            "G(x, y) = G(y, x)".into(),
            half as u64 - 1,
            n as u64 - 1,
        )
    })
}

/// The least plain or arithmetic period of each of the first rows, up to
/// the first row without one.
fn row_periods(rows: usize, cols: usize, v: &[u64]) -> Option<Finding> {
    let mut parts = Vec::new();
    for x in 0..rows.min(MAX_ROWS) {
        let row = &v[x * cols..(x + 1) * cols];
        let Some(f) = period::plain(0, row).or_else(|| period::arithmetic(0, row)) else {
            break;
        };
        let Model::Periodic {
            preperiod,
            period,
            saltus,
            ..
        } = f.model
        else {
            break;
        };
        parts.push(match saltus {
            0 => format!("row {x}: G({x}, y + {period}) = G({x}, y) for y >= {preperiod}"),
            s => format!("row {x}: G({x}, y + {period}) = G({x}, y) + {s} for y >= {preperiod}"),
        });
    }
    (!parts.is_empty()).then(|| {
        observed(
            Kind::RowPeriods,
            parts.join("; "),
            found_len(cols) as u64 - 1,
            cols as u64 - 1,
        )
    })
}

/// The diagonals `x - y = d` looked at, `|d| <=` this.
const MAX_DIAGONAL: i64 = 3;

/// The least plain or arithmetic period of the values along each diagonal
/// `x - y = d`, `|d| <= 3`, of the square part, `G(k + d, k)` for `d >= 0`
/// and `G(k, k - d)` below; those without one are left out.
fn diagonals(rows: usize, cols: usize, v: &[u64]) -> Option<Finding> {
    let n = rows.min(cols);
    let mut parts = Vec::new();
    let mut shortest = n;
    for d in -MAX_DIAGONAL..=MAX_DIAGONAL {
        let off = d.unsigned_abs() as usize;
        if off >= n {
            continue;
        }
        let cell = |k: usize| if d >= 0 { (k + off, k) } else { (k, k + off) };
        let diag: Vec<u64> = (0..n - off)
            .map(|k| {
                let (x, y) = cell(k);
                v[x * cols + y]
            })
            .collect();
        let Some(f) = period::plain(0, &diag).or_else(|| period::arithmetic(0, &diag)) else {
            continue;
        };
        let Model::Periodic {
            preperiod,
            period,
            saltus,
            ..
        } = f.model
        else {
            continue;
        };
        shortest = shortest.min(diag.len());
        let at = |k: &str| match d {
            0 => format!("G({k}, {k})"),
            d if d > 0 => format!("G({k} + {d}, {k})"),
            d => format!("G({k}, {k} + {})", -d),
        };
        let shift = format!("k + {period}");
        parts.push(match saltus {
            0 => format!(
                "x - y = {d}: {} = {} for k >= {preperiod}",
                at(&shift),
                at("k")
            ),
            s => format!(
                "x - y = {d}: {} = {} + {s} for k >= {preperiod}",
                at(&shift),
                at("k")
            ),
        });
    }
    (!parts.is_empty()).then(|| {
        observed(
            Kind::Diagonals,
            parts.join("; "),
            found_len(shortest) as u64 - 1,
            shortest as u64 - 1,
        )
    })
}

/// The P-positions with `x <= y` of the square part as `(a(k), b(k))`,
/// `a` increasing, each a Beatty sequence.
fn beatty_pair(rows: usize, cols: usize, v: &[u64]) -> Option<Finding> {
    let n = rows.min(cols);
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for x in 0..n {
        let mut ys = (x..n).filter(|&y| v[x * cols + y] == 0);
        if let Some(y) = ys.next() {
            if ys.next().is_some() {
                return None;
            }
            pairs.push((x as u64, y as u64));
        }
    }
    let zero_symmetric =
        (0..n).all(|x| (0..x).all(|y| (v[x * cols + y] == 0) == (v[y * cols + x] == 0)));
    if !zero_symmetric || pairs.windows(2).any(|w| w[1].1 <= w[0].1) {
        return None;
    }
    let half = found_len(n) as u64;
    let found = pairs.iter().filter(|p| p.1 < half).count();
    if found < 10 || pairs.len() < found + 4 {
        return None;
    }
    let a: Vec<u64> = pairs.iter().map(|p| p.0).collect();
    let b: Vec<u64> = pairs.iter().map(|p| p.1).collect();
    let holds = |f: &beatty::Beatty, p: &[u64]| {
        p.iter()
            .enumerate()
            .all(|(k, &v)| f.term(k as u64) == Some(v))
    };
    let fa = beatty::fit_all(&a[..found])
        .into_iter()
        .find(|f| holds(f, &a))?;
    let fb = beatty::fit_all(&b[..found])
        .into_iter()
        .find(|f| holds(f, &b))?;
    let mut f = observed(
        Kind::PPositionBeattyPair,
        pair_formula(&fa, &fb),
        half - 1,
        n as u64 - 1,
    );
    f.model = Model::BeattyPair(fa, fb);
    Some(f)
}

/// The P-positions of the square part as the two axes and, in each row
/// `x >= 1`, the cells `x < y <= u(x)` and their mirror images, with `u` a
/// Beatty sequence: Euclid's game, `u(x) = floor(x phi)` (Cole and Davie).
/// Rows whose cells run to the table's edge are checked but not fitted.
fn beatty_wedge(rows: usize, cols: usize, v: &[u64]) -> Option<Finding> {
    let n = rows.min(cols);
    let zero = |x: usize, y: usize| v[x * cols + y] == 0;
    let axes = (0..n).all(|i| zero(0, i) && zero(i, 0));
    let mirrored = (0..n).all(|x| (0..x).all(|y| zero(x, y) == zero(y, x)));
    if !axes || !mirrored || n < 8 {
        return None;
    }
    // u(0) = 0: floor(0 alpha).
    let mut u = vec![0u64];
    for x in 1..n {
        if zero(x, x) {
            return None;
        }
        let end = (x + 1..n).find(|&y| !zero(x, y));
        match end {
            Some(end) if (end..n).all(|y| !zero(x, y)) => u.push(end as u64 - 1),
            Some(_) => return None,
            // The rest run to the edge: checked against the fit below.
            None => break,
        }
    }
    let open_from = u.len();
    let half = found_len(n);
    if u.len() <= half || u.iter().enumerate().all(|(x, &e)| e <= x as u64) {
        return None;
    }
    let b = beatty::fit_all(&u[..half])
        .into_iter()
        .find(|b| b.holds(&u))?;
    let edge = n as u64 - 1;
    let open = (open_from..n).all(|x| b.term(x as u64).is_some_and(|e| e >= edge));
    if !open {
        return None;
    }
    let mut f = observed(
        Kind::PPositionWedge,
        wedge_formula(&b),
        half as u64 - 1,
        edge,
    );
    f.model = Model::Wedge(b);
    Some(f)
}

/// The P-positions as the Beatty pair `(a(k), b(k))`, in words.
pub fn pair_formula(a: &beatty::Beatty, b: &beatty::Beatty) -> String {
    format!(
        "G(x, y) = 0 exactly at (a(k), b(k)) and (b(k), a(k)) with a(k) = {a}, b(k) = {b}, k >= 0"
    )
}

/// The P-positions as the wedge below `u`, in words.
pub fn wedge_formula(u: &beatty::Beatty) -> String {
    format!(
        "G(x, y) = 0 exactly when x = 0, y = 0, x < y <= u(x) or y < x <= u(y), with u(k) = {u}"
    )
}
