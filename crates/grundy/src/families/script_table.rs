//! The values of a script game over a range of positions: the table
//! `G(A..B)` of its integer positions with their pattern, and the grid
//! `G([x, y])` with the pattern of each row (`grundy game FILE --table`,
//! `--grid`). No periodicity theorem covers an arbitrary script, so a
//! pattern is only observed.

use std::fmt::Write;

use serde::Serialize;

use crate::families::script::ScriptPlay;
use crate::family::Error;
use crate::heap::periodicity::{self, Periodicity, Status, Window};
use crate::script::Value;

/// The largest table: 10^7 positions.
pub const TABLE_MAX: i128 = 10_000_000;
/// The largest grid: 4 * 10^6 positions.
pub const GRID_MAX: i128 = 4_000_000;
/// The longest side of a grid.
pub const GRID_SIDE: i128 = 2048;

/// What every pattern of a script's values comes with.
pub const NOTE: &str =
    "no periodicity theorem covers an arbitrary script: a pattern is only observed";

/// The pattern observed in values `G(a), G(a + 1), ...`; as JSON its
/// `period`, `preperiod` (a position), `saltus` and `status` (`observed`
/// or `none`), and the `note` where one is given.
#[derive(Clone, Debug, Serialize)]
pub struct Observed {
    /// [`NOTE`], in a table's pattern.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
    /// The period.
    pub period: Option<u64>,
    /// The first position of the periodic part.
    pub preperiod: Option<i64>,
    /// The saltus (0 for plain periodicity).
    pub saltus: Option<i64>,
    /// `observed` or `none`.
    pub status: &'static str,
}

impl Observed {
    fn of(values: &[u64], a: i64) -> Observed {
        let small: Vec<u32> = values
            .iter()
            .map(|&v| v.min(u32::MAX as u64) as u32)
            .collect();
        let p: Periodicity = periodicity::analyze(&small, Window::Unknown, true);
        Observed {
            note: None,
            period: p.period,
            preperiod: p.preperiod.map(|x| x as i64 + a),
            saltus: p.saltus,
            status: match p.status {
                Status::Proven | Status::Observed => "observed",
                Status::None => "none",
            },
        }
    }

    /// The pattern in words: `period 5 from 0`, `period 3, saltus 3 from 2`.
    pub fn words(&self) -> Option<String> {
        let (n0, per) = (self.preperiod?, self.period?);
        let saltus = match self.saltus {
            Some(s) if s != 0 => format!(", saltus {s}"),
            _ => String::new(),
        };
        Some(format!("period {per}{saltus} from {n0}"))
    }
}

/// Reads a range `A..B` (or `A..=B`) of whole numbers, `what` naming it in
/// errors.
///
/// ```
/// use grundy::families::script_table::parse_range;
/// assert_eq!(parse_range("-2..=5", "table").unwrap(), (-2, 5));
/// assert!(parse_range("5..2", "table").is_err());
/// ```
pub fn parse_range(text: &str, what: &str) -> Result<(i64, i64), Error> {
    let bad = || {
        Error::new(format!(
            "{what} '{text}' is not a range A..B of whole numbers"
        ))
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: i64 = a.trim().parse().map_err(|_| bad())?;
    let b: i64 = b
        .trim()
        .trim_start_matches('=')
        .parse()
        .map_err(|_| bad())?;
    if a > b {
        return Err(Error::new(format!("{what} '{text}' is empty ({a} > {b})")));
    }
    Ok((a, b))
}

/// The values of `positions`, in order, or the script's failure.
fn values(game: &ScriptPlay, positions: impl Iterator<Item = Value>) -> Result<Vec<u64>, Error> {
    positions
        .map(|p| Ok(game.value_of(&game.script().split(&[p])?)?.0))
        .collect()
}

/// `G(from..=to)` of a script's integer positions, with the pattern and
/// the P-positions.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    /// The first position.
    pub from: i64,
    /// The script's name.
    pub game: String,
    /// The positions of value 0.
    pub p_positions: Vec<i64>,
    /// The pattern observed.
    pub periodicity: Observed,
    /// The last position.
    pub to: i64,
    /// The values.
    pub values: Vec<u64>,
}

impl Table {
    /// The table of `range` (`A..B`), at most [`TABLE_MAX`] positions.
    pub fn compute(game: &ScriptPlay, range: &str) -> Result<Table, Error> {
        let (a, b) = parse_range(range, "table")?;
        if b as i128 - a as i128 >= TABLE_MAX {
            return Err(Error::new(format!(
                "table '{range}' has {} positions; at most 10^7 are listed",
                b as i128 - a as i128 + 1
            )));
        }
        let values = values(game, (a..=b).map(Value::Int))?;
        let mut periodicity = Observed::of(&values, a);
        periodicity.note = Some(NOTE);
        Ok(Table {
            from: a,
            game: game.script().name().to_string(),
            p_positions: (a..=b).filter(|&n| values[(n - a) as usize] == 0).collect(),
            periodicity,
            to: b,
            values,
        })
    }

    /// The values as CSV: `n,value`.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("n,value\n");
        for (i, v) in self.values.iter().enumerate() {
            let _ = writeln!(out, "{},{v}", self.from + i as i64);
        }
        out
    }

    /// The values twenty to a line, the pattern and the first P-positions.
    pub fn to_text(&self) -> String {
        let (a, b) = (self.from, self.to);
        let mut out = format!("{} G({a}..{b}):\n", self.game);
        for (i, chunk) in self.values.chunks(20).enumerate() {
            let row: Vec<String> = chunk.iter().map(u64::to_string).collect();
            let _ = writeln!(out, "{:>8}: {}", a + 20 * i as i64, row.join(" "));
        }
        match self.periodicity.words() {
            Some(w) => {
                let _ = writeln!(
                    out,
                    "Pattern (observed; no theorem covers an arbitrary script): {w}"
                );
            }
            None => out.push_str("Pattern: none found\n"),
        }
        let p = &self.p_positions;
        let shown: Vec<String> = p.iter().take(50).map(i64::to_string).collect();
        let more = if p.len() > 50 { " ..." } else { "" };
        let _ = writeln!(out, "P-positions ({}): {}{more}", p.len(), shown.join(" "));
        out
    }
}

/// `G([x, y])` of a script's positions for `x` in a range of rows and `y`
/// in a range of columns, with the pattern of each row.
#[derive(Clone, Debug, Serialize)]
pub struct Grid {
    /// The first column.
    pub columns_from: i64,
    /// The last column.
    pub columns_to: i64,
    /// The script's name.
    pub game: String,
    /// [`NOTE`].
    pub note: &'static str,
    /// The pattern of each row.
    pub row_periodicity: Vec<Observed>,
    /// The values, row by row.
    pub rows: Vec<Vec<u64>>,
    /// The first row.
    pub rows_from: i64,
    /// The last row.
    pub rows_to: i64,
}

impl Grid {
    /// The grid of `rows` by `cols` (each `A..B`), at most [`GRID_SIDE`] on
    /// a side and [`GRID_MAX`] positions in all.
    pub fn compute(game: &ScriptPlay, rows: &str, cols: &str) -> Result<Grid, Error> {
        let (a, b) = parse_range(rows, "grid rows")?;
        let (c, d) = parse_range(cols, "grid columns")?;
        let (h, w) = (b as i128 - a as i128 + 1, d as i128 - c as i128 + 1);
        if h > GRID_SIDE || w > GRID_SIDE || h * w > GRID_MAX {
            return Err(Error::new(format!(
                "grid {rows} {cols} has {h} x {w} positions; at most {GRID_SIDE} on a side and {GRID_MAX} in all"
            )));
        }
        let cells = (a..=b)
            .flat_map(|x| (c..=d).map(move |y| Value::List(vec![Value::Int(x), Value::Int(y)])));
        let values = values(game, cells)?;
        let rows: Vec<Vec<u64>> = values.chunks(w as usize).map(<[u64]>::to_vec).collect();
        Ok(Grid {
            columns_from: c,
            columns_to: d,
            game: game.script().name().to_string(),
            note: NOTE,
            row_periodicity: rows.iter().map(|r| Observed::of(r, c)).collect(),
            rows,
            rows_from: a,
            rows_to: b,
        })
    }

    /// The grid with its row and column numbers, then each row's pattern.
    pub fn to_text(&self) -> String {
        let (a, b, c, d) = (
            self.rows_from,
            self.rows_to,
            self.columns_from,
            self.columns_to,
        );
        let width = self
            .rows
            .iter()
            .flatten()
            .map(|v| v.to_string().len())
            .chain([c.to_string().len(), d.to_string().len()])
            .max()
            .unwrap_or(1);
        let label = a.to_string().len().max(b.to_string().len()).max(3);
        let mut out = format!(
            "{} G([x, y]), x in {a}..{b} (rows), y in {c}..{d} (columns):\n",
            self.game
        );
        let _ = write!(out, "{:>label$}  ", "x\\y");
        let header: Vec<String> = (c..=d).map(|y| format!("{y:>width$}")).collect();
        out.push_str(&header.join(" "));
        out.push('\n');
        for (x, row) in (a..=b).zip(&self.rows) {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            let _ = writeln!(out, "{x:>label$}  {}", cells.join(" "));
        }
        out.push_str("Row patterns (observed; no theorem covers an arbitrary script):\n");
        for (x, p) in (a..=b).zip(&self.row_periodicity) {
            let words = p.words().unwrap_or_else(|| "none found".to_string());
            let _ = writeln!(out, "{x:>label$}: {words}");
        }
        out
    }
}
