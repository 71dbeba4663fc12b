//! Tables written out: right-aligned columns, CSV, P-positions one a line
//! and row periodicities in words.

use super::RowPeriod;

/// The table (row-major, `n` columns) as right-aligned columns, one row a
/// line.
///
/// ```
/// assert_eq!(grundy::tables::render::text(&[0, 10, 2, 3], 2), " 0 10\n 2  3\n");
/// ```
pub fn text(values: &[u64], n: usize) -> String {
    let width = values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let mut s = String::with_capacity(values.len() * (width + 1));
    for row in values.chunks(n.max(1)) {
        for (j, v) in row.iter().enumerate() {
            if j > 0 {
                s.push(' ');
            }
            s.push_str(&format!("{v:>width$}"));
        }
        s.push('\n');
    }
    s
}

/// The table as CSV: a header `x,0,1,...`, then each row led by its index.
///
/// ```
/// assert_eq!(grundy::tables::render::csv(&[0, 10, 2, 3], 2), "x,0,1\n0,0,10\n1,2,3\n");
/// ```
pub fn csv(values: &[u64], n: usize) -> String {
    let mut s = String::from("x");
    for y in 0..n {
        s.push_str(&format!(",{y}"));
    }
    s.push('\n');
    for (x, row) in values.chunks(n.max(1)).enumerate() {
        s.push_str(&x.to_string());
        for v in row {
            s.push_str(&format!(",{v}"));
        }
        s.push('\n');
    }
    s
}

/// P-positions, `x y` a line.
pub fn p_positions(cells: &[(u64, u64)]) -> String {
    cells.iter().map(|(x, y)| format!("{x} {y}\n")).collect()
}

/// Each row's periodicity in words, a line each.
pub fn row_periods(rows: &[RowPeriod]) -> String {
    rows.iter()
        .map(|p| match (p.preperiod, p.period, p.saltus) {
            (Some(n0), Some(per), Some(0)) => {
                format!("row {}: period {per} from column {n0} (observed)\n", p.row)
            }
            (Some(n0), Some(per), Some(s)) => format!(
                "row {}: G(x, y + {per}) = G(x, y) + {s} from column {n0} (observed, additive)\n",
                p.row
            ),
            _ => format!("row {}: no period seen\n", p.row),
        })
        .collect()
}
