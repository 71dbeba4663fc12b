//! `grundy table`: tables of nim products, nim-sums and Turning Corners
//! values, as aligned text, JSON or a PNG picture.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
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
    /// Print `{"table", "size", "bit", "rows"}` as JSON.
    #[arg(long, conflicts_with = "png")]
    pub json: bool,
}

impl TableKind {
    fn name(self) -> &'static str {
        match self {
            TableKind::NimProduct => "nim-product",
            TableKind::NimSum => "nim-sum",
            TableKind::Corners => "corners",
            TableKind::Wythoff => "wythoff",
        }
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
    let mut values = compute(args.kind, n);
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
        print_json(&serde_json::json!({
            "table": args.kind.name(),
            "size": n,
            "bit": bit,
            "rows": rows,
        }))
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
    }
}
