//! `grundy table`: tables of nim products, nim-sums, Turning Corners values
//! and the values of two-heap games, as aligned text, CSV, JSON or a PNG
//! picture; for two-heap games also their P-positions and the observed
//! periodicity of each row.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use grundy::games::twoheap::{self, TwoHeapGame};
use grundy::heap::periodicity::Periodicity;
use grundy::nimber::{nim_mul_slices, Mex};

use crate::error::{CliError, CliResult};
use crate::plot;
use crate::report::{emit, parse_u64, print_json};

/// Which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableKind {
    /// `x * y`, the nim product.
    NimProduct,
    /// `x + y`, the nim-sum (XOR).
    NimSum,
    /// The value of Turning Corners with one white cell `(x, y)`, computed
    /// by playing the game (the mex over its moves).
    Corners,
    /// The Grundy value `G(x, y)` of Wythoff's game.
    Wythoff,
    /// r-Wythoff (`--r`, default 2): `G(x, y)`.
    RWythoff,
    /// Mem: `G(n, b)`, heap `n`, take at least `b`.
    Mem,
    /// TakeAway(r) (`--r`, default 2): `G(n, b)`, heap `n`, take at most `b`.
    Takeaway,
    /// Fibonacci Nim, TakeAway(2): `G(n, b)`.
    FibonacciNim,
    /// Euclid's game: `G(x, y)`.
    Euclid,
    /// Generalized Wythoff with a bounding function (`--f`, default
    /// `2k+1`): `G(x, y)`.
    BoundedWythoff,
}

/// Largest size for a text or JSON table.
const TEXT_MAX: u64 = 1024;
/// Largest size for a picture.
const PNG_MAX: u64 = 4096;
/// Largest size for the corners table, computed by play in about n^4 / 4
/// steps.
const CORNERS_MAX: u64 = 128;

/// Print an `N x N` table, or draw it as a PNG heat map.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// nim-product, nim-sum, corners or wythoff.
    #[arg(value_enum)]
    pub kind: TableKind,
    /// Rows and columns `0..N`.
    #[arg(
        long,
        value_name = "N",
        default_value = "16",
        allow_negative_numbers = true
    )]
    pub size: String,
    /// Draw the table into this PNG file instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Show only bit K of each value (0 is the last bit).
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    pub bit: Option<String>,
    /// Print `{"table", "size", "bit", "rows"}` as JSON; two-heap games
    /// add `"game"`, `"p_positions"` and `"row_periods"`.
    #[arg(long, conflicts_with = "png")]
    pub json: bool,
    /// Print the table as CSV: a header `x,0,1,...`, then each row led by
    /// its index.
    #[arg(long, conflicts_with_all = ["png", "json"])]
    pub csv: bool,
    /// The bounding function of bounded-wythoff: `2k+1`, or first values
    /// and a linear tail, `3,5;2k+1` (default 2k+1).
    #[arg(long, value_name = "F")]
    pub f: Option<String>,
    /// r of r-wythoff and takeaway (default 2).
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    pub r: Option<String>,
    /// Two-heap games: print the P-positions in the table instead of it.
    #[arg(long, conflicts_with_all = ["png", "json", "csv", "periods"])]
    pub p_positions: bool,
    /// Two-heap games: print each row's periodicity (observed) instead of
    /// the table.
    #[arg(long, conflicts_with_all = ["png", "json", "csv"])]
    pub periods: bool,
}

/// The most steps for a bounded-Wythoff table.
const BOUNDED_WORK: u128 = 4_000_000_000;

/// The most `cells x r^2` work for an r-Wythoff table.
const RWYTHOFF_WORK: f64 = 4e9;

impl TableKind {
    fn name(self) -> &'static str {
        match self {
            TableKind::NimProduct => "nim-product",
            TableKind::NimSum => "nim-sum",
            TableKind::Corners => "corners",
            TableKind::Wythoff => "wythoff",
            TableKind::RWythoff => "r-wythoff",
            TableKind::Mem => "mem",
            TableKind::Takeaway => "takeaway",
            TableKind::FibonacciNim => "fibonacci-nim",
            TableKind::Euclid => "euclid",
            TableKind::BoundedWythoff => "bounded-wythoff",
        }
    }

    /// The two-heap game this table is of, if any.
    fn twoheap(self, r: Option<u64>, f: Option<&str>) -> CliResult<Option<TwoHeapGame>> {
        if f.is_some() && self != TableKind::BoundedWythoff {
            return Err(CliError::new(format!(
                "--f is for bounded-wythoff tables, not {}",
                self.name()
            )));
        }
        let needs_r = matches!(self, TableKind::RWythoff | TableKind::Takeaway);
        if r.is_some() && !needs_r {
            return Err(CliError::new(format!(
                "--r is for r-wythoff and takeaway tables, not {}",
                self.name()
            )));
        }
        let r = r.unwrap_or(2);
        let spec = match self {
            TableKind::Wythoff => "wythoff".to_string(),
            TableKind::RWythoff => format!("r-wythoff:{r}"),
            TableKind::Mem => "mem".to_string(),
            TableKind::Takeaway => format!("takeaway:{r}"),
            TableKind::FibonacciNim => "takeaway:2".to_string(),
            TableKind::Euclid => "euclid".to_string(),
            TableKind::BoundedWythoff => format!("bounded-wythoff:{}", f.unwrap_or("2k+1")),
            _ => return Ok(None),
        };
        Ok(Some(spec.parse().map_err(CliError::new)?))
    }
}

/// Each row's periodicity, as observed.
fn row_periods(values: &[u64], n: usize) -> Vec<Periodicity> {
    values
        .chunks(n)
        .map(|row| {
            let row: Vec<u32> = row.iter().map(|&v| v as u32).collect();
            twoheap::row_periodicity(&row)
        })
        .collect()
}

/// A row's periodicity as JSON: `{"row", "preperiod", "period", "saltus"}`
/// (`null` fields when none was observed).
fn period_json(row: usize, p: &Periodicity) -> serde_json::Value {
    serde_json::json!({
        "row": row,
        "preperiod": p.preperiod,
        "period": p.period,
        "saltus": p.saltus,
    })
}

/// A row's periodicity in words.
fn period_text(row: usize, p: &Periodicity) -> String {
    match (p.preperiod, p.period, p.saltus) {
        (Some(n0), Some(per), Some(0)) => {
            format!("row {row}: period {per} from column {n0} (observed)\n")
        }
        (Some(n0), Some(per), Some(s)) => format!(
            "row {row}: G(x, y + {per}) = G(x, y) + {s} from column {n0} (observed, additive)\n"
        ),
        _ => format!("row {row}: no period seen\n"),
    }
}

/// The table, row-major: `values[x * n + y]`.
pub fn compute(kind: TableKind, n: usize) -> Vec<u64> {
    match kind {
        TableKind::NimProduct => {
            // A row at a time through the batch path.
            let cols: Vec<u64> = (0..n as u64).collect();
            let mut t = vec![0u64; n * n];
            for (x, row) in t.chunks_mut(n).enumerate() {
                nim_mul_slices(&vec![x as u64; n], &cols, row);
            }
            t
        }
        TableKind::NimSum => (0..n * n).map(|i| ((i / n) ^ (i % n)) as u64).collect(),
        TableKind::Wythoff => grundy::games::wythoff::values(n, n)
            .into_iter()
            .map(u64::from)
            .collect(),
        TableKind::RWythoff
        | TableKind::Mem
        | TableKind::Takeaway
        | TableKind::FibonacciNim
        | TableKind::Euclid
        | TableKind::BoundedWythoff => Vec::new(),
        TableKind::Corners => {
            // P(x, y) moves to P(x', y) + P(x, y') + P(x', y') for all
            // x' < x, y' < y (seed 002's Lemma 1).
            let mut t = vec![0u64; n * n];
            let mut mex = Mex::new();
            for x in 0..n {
                for y in 0..n {
                    for x2 in 0..x {
                        for y2 in 0..y {
                            mex.insert(t[x2 * n + y] ^ t[x * n + y2] ^ t[x2 * n + y2]);
                        }
                    }
                    t[x * n + y] = mex.finish();
                }
            }
            t
        }
    }
}

/// The table as right-aligned columns, one row per line.
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

/// Prints or draws the table.
pub fn run(args: &TableArgs) -> CliResult {
    let n = parse_u64(&args.size, "size")?;
    if n == 0 {
        return Err(CliError::new("size 0: the table needs at least one row"));
    }
    let bit = match &args.bit {
        None => None,
        Some(b) => {
            let k = parse_u64(b, "bit")?;
            if k > 63 {
                return Err(CliError::new(format!(
                    "bit {k} does not exist: values have bits 0 to 63"
                )));
            }
            Some(k as u32)
        }
    };
    let r = match &args.r {
        None => None,
        Some(t) => Some(parse_u64(t, "r")?),
    };
    let game = args.kind.twoheap(r, args.f.as_deref())?;
    if game.is_none() && (args.p_positions || args.periods) {
        return Err(CliError::new(format!(
            "--p-positions and --periods are for two-heap games, not {}",
            args.kind.name()
        )));
    }
    if let Some(TwoHeapGame::Bounded(f)) = game {
        let work = grundy::games::twoheap::bounded::table_work(&f, n as usize, n as usize);
        if work > BOUNDED_WORK {
            return Err(CliError::new(format!(
                "a bounded-wythoff table of size {n} with f(k) = {f} takes about {work:.1e} steps \
                 (every cell goes through its moves); the limit is {BOUNDED_WORK:.0e}: ask for a smaller size",
                work = work as f64,
                BOUNDED_WORK = BOUNDED_WORK as f64
            )));
        }
    }
    if let Some(TwoHeapGame::RWythoff(r)) = game {
        let work = n as f64 * n as f64 * r as f64 * r as f64;
        if work > RWYTHOFF_WORK {
            return Err(CliError::new(format!(
                "an r-wythoff table of size {n} with r = {r} costs about size^2 x r^2 = {work:.1e} steps; \
                 at most {RWYTHOFF_WORK:.0e}"
            )));
        }
    }
    if args.kind == TableKind::Corners && n > CORNERS_MAX {
        let steps = (n as f64).powi(4) / 4.0;
        return Err(CliError::new(format!(
            "the corners table is computed by playing the game, about n^4/4 = {steps:.1e} steps for size {n}; \
             at most {CORNERS_MAX} (use nim-product, which equals it, for larger tables)"
        )));
    }
    if args.png.is_some() && n > PNG_MAX {
        let pixels = n as f64 * n as f64;
        return Err(CliError::new(format!(
            "a picture of size {n} needs {pixels:.1e} pixels ({:.1e} bytes of RGB); at most {PNG_MAX}",
            pixels * 3.0
        )));
    }
    if args.png.is_none() && n > TEXT_MAX {
        return Err(CliError::new(format!(
            "a text table of size {n} has {:.1e} cells; at most {TEXT_MAX} (use --png FILE to draw larger tables)",
            n as f64 * n as f64
        )));
    }
    let n = n as usize;
    let mut values = match game {
        Some(g) if args.kind != TableKind::Wythoff => {
            g.values(n, n).into_iter().map(u64::from).collect()
        }
        _ => compute(args.kind, n),
    };
    let periods = match game {
        Some(_) if args.json || args.periods => row_periods(&values, n),
        _ => Vec::new(),
    };
    if let Some(g) = game {
        if args.p_positions {
            let mut out = String::new();
            for (x, y) in g.p_positions(n as u64, n as u64) {
                out.push_str(&format!("{x} {y}\n"));
            }
            return emit(&out);
        }
        if args.periods {
            let out: String = periods
                .iter()
                .enumerate()
                .map(|(x, p)| period_text(x, p))
                .collect();
            return emit(&out);
        }
    }
    if let Some(path) = &args.png {
        let title = format!(
            "{} table, size {n}{}",
            args.kind.name(),
            bit.map_or(String::new(), |k| format!(", bit {k}"))
        );
        let img = plot::table_image(&values, n, bit, &title);
        img.save(path)?;
        return emit(&format!(
            "wrote {} ({} x {} pixels: the {} table of size {n}{})\n",
            path.display(),
            img.width,
            img.height,
            args.kind.name(),
            bit.map_or(String::new(), |k| format!(", bit {k}"))
        ));
    }
    if let Some(k) = bit {
        values.iter_mut().for_each(|v| *v = *v >> k & 1);
    }
    if args.json {
        let rows: Vec<&[u64]> = values.chunks(n).collect();
        let mut v = serde_json::json!({
            "table": args.kind.name(),
            "size": n,
            "bit": bit,
            "rows": rows,
        });
        if let Some(g) = game {
            v["game"] = g.to_string().into();
            v["p_positions"] = serde_json::json!(g.p_positions(n as u64, n as u64));
            let per: Vec<serde_json::Value> = periods
                .iter()
                .enumerate()
                .map(|(x, p)| period_json(x, p))
                .collect();
            v["row_periods"] = per.into();
        }
        print_json(&v)
    } else if args.csv {
        emit(&csv(&values, n))
    } else {
        emit(&text(&values, n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_by_play_is_the_nim_product() {
        assert_eq!(
            compute(TableKind::Corners, 24),
            compute(TableKind::NimProduct, 24)
        );
        assert_eq!(text(&[0, 10, 2, 3], 2), " 0 10\n 2  3\n");
        assert_eq!(csv(&[0, 10, 2, 3], 2), "x,0,1\n0,0,10\n1,2,3\n");
    }
}
