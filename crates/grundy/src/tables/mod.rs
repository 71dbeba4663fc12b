//! Tables of values `T(x, y)` for `x, y < n`: nim products, nim-sums,
//! Turning Corners values computed by play, and the Grundy values of the
//! two-heap games (Wythoff, r-Wythoff, Mem, TakeAway(r), Fibonacci Nim,
//! Euclid's game, bounded Wythoff) with their P-positions and the observed
//! periodicity of each row. [`render`] writes them as aligned text or CSV;
//! [`Table::report`] is what `grundy table --json` prints.
//!
//! ```
//! use grundy::tables::{render, Kind, Table};
//! let t = Table::new(Kind::NimProduct, 4, None, None, false).unwrap();
//! assert_eq!(render::text(t.values(), 4), "0 0 0 0\n0 1 2 3\n0 2 3 1\n0 3 1 2\n");
//! let w = Table::new(Kind::Wythoff, 3, None, None, false).unwrap();
//! assert_eq!(w.p_positions(), [(0, 0), (1, 2), (2, 1)]);
//! ```

pub mod render;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::games::twoheap::{self, TwoHeapGame};
use crate::heap::periodicity::Periodicity;
use crate::nimber::{nim_mul_slices, Mex};

/// Which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `x * y`, the nim product.
    NimProduct,
    /// `x + y`, the nim-sum (XOR).
    NimSum,
    /// The value of Turning Corners with one white cell `(x, y)`, computed
    /// by playing the game (the mex over its moves).
    Corners,
    /// The Grundy value `G(x, y)` of Wythoff's game.
    Wythoff,
    /// r-Wythoff (default `r = 2`).
    RWythoff,
    /// Mem: `G(n, b)`, heap `n`, take at least `b`.
    Mem,
    /// TakeAway(r) (default `r = 2`): `G(n, b)`, heap `n`, take at most `b`.
    Takeaway,
    /// Fibonacci Nim, TakeAway(2).
    FibonacciNim,
    /// Euclid's game.
    Euclid,
    /// Generalized Wythoff with a bounding function (default `2k+1`).
    BoundedWythoff,
}

impl Kind {
    /// Every table, in the order of the help.
    pub const ALL: [Kind; 10] = [
        Kind::NimProduct,
        Kind::NimSum,
        Kind::Corners,
        Kind::Wythoff,
        Kind::RWythoff,
        Kind::Mem,
        Kind::Takeaway,
        Kind::FibonacciNim,
        Kind::Euclid,
        Kind::BoundedWythoff,
    ];

    /// Its name: `nim-product`, `r-wythoff`, ...
    pub fn name(self) -> &'static str {
        match self {
            Kind::NimProduct => "nim-product",
            Kind::NimSum => "nim-sum",
            Kind::Corners => "corners",
            Kind::Wythoff => "wythoff",
            Kind::RWythoff => "r-wythoff",
            Kind::Mem => "mem",
            Kind::Takeaway => "takeaway",
            Kind::FibonacciNim => "fibonacci-nim",
            Kind::Euclid => "euclid",
            Kind::BoundedWythoff => "bounded-wythoff",
        }
    }

    /// The two-heap game whose values this table holds (none for the nim
    /// product, the nim-sum and Turning Corners), with `r` for r-Wythoff
    /// and TakeAway(r) (default 2) and the bounding function `f` of
    /// bounded Wythoff (default `2k+1`); either given to another table is
    /// an error.
    pub fn game(self, r: Option<u64>, f: Option<&str>) -> Result<Option<TwoHeapGame>, String> {
        if f.is_some() && self != Kind::BoundedWythoff {
            return Err(format!(
                "--f is for bounded-wythoff tables, not {}",
                self.name()
            ));
        }
        if r.is_some() && !matches!(self, Kind::RWythoff | Kind::Takeaway) {
            return Err(format!(
                "--r is for r-wythoff and takeaway tables, not {}",
                self.name()
            ));
        }
        let r = r.unwrap_or(2);
        let spec = match self {
            Kind::Wythoff => "wythoff".to_string(),
            Kind::RWythoff => format!("r-wythoff:{r}"),
            Kind::Mem => "mem".to_string(),
            Kind::Takeaway => format!("takeaway:{r}"),
            Kind::FibonacciNim => "takeaway:2".to_string(),
            Kind::Euclid => "euclid".to_string(),
            Kind::BoundedWythoff => format!("bounded-wythoff:{}", f.unwrap_or("2k+1")),
            Kind::NimProduct | Kind::NimSum | Kind::Corners => return Ok(None),
        };
        spec.parse().map(Some)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Kind, String> {
        let key = s.trim().to_ascii_lowercase();
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == key)
            .ok_or_else(|| {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                format!("'{s}' is no table: {}", names.join(", "))
            })
    }
}

/// Largest size of a table as text or JSON.
pub const TEXT_MAX: u64 = 1024;
/// Largest size of a table drawn as a picture.
pub const PICTURE_MAX: u64 = 4096;
/// Largest Turning Corners table, computed by play in about `n^4 / 4` steps.
pub const CORNERS_MAX: u64 = 128;
/// The most steps of a bounded-Wythoff table.
pub const BOUNDED_WORK: u128 = 4_000_000_000;
/// The most `cells x r^2` work of an r-Wythoff table.
pub const RWYTHOFF_WORK: f64 = 4e9;

/// A table has at least one row.
pub fn check_size(n: u64) -> Result<(), String> {
    match n {
        0 => Err("size 0: the table needs at least one row".to_string()),
        _ => Ok(()),
    }
}

/// The bit `k` shown of each value: bits 0 to 63 exist.
pub fn check_bit(k: u64) -> Result<u32, String> {
    match u32::try_from(k) {
        Ok(k) if k <= 63 => Ok(k),
        _ => Err(format!("bit {k} does not exist: values have bits 0 to 63")),
    }
}

/// The `n x n` table of a kind, row-major, with the two-heap game it is of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Which table.
    pub kind: Kind,
    /// Its rows and columns.
    pub size: usize,
    /// The two-heap game whose values it holds.
    pub game: Option<TwoHeapGame>,
    values: Vec<u64>,
}

impl Table {
    /// The game of `kind` ([`Kind::game`]) checked against the work its
    /// table of size `n` takes, within the size of text (or of a picture,
    /// when `picture` is set).
    pub fn check(
        kind: Kind,
        game: Option<TwoHeapGame>,
        n: u64,
        picture: bool,
    ) -> Result<(), String> {
        check_size(n)?;
        if let Some(TwoHeapGame::Bounded(f)) = game {
            let work = twoheap::bounded::table_work(&f, n as usize, n as usize);
            if work > BOUNDED_WORK {
                return Err(format!(
                    "a bounded-wythoff table of size {n} with f(k) = {f} takes about {work:.1e} steps \
                     (every cell goes through its moves); the limit is {BOUNDED_WORK:.0e}: ask for a smaller size",
                    work = work as f64,
                    BOUNDED_WORK = BOUNDED_WORK as f64
                ));
            }
        }
        if let Some(TwoHeapGame::RWythoff(r)) = game {
            let work = n as f64 * n as f64 * r as f64 * r as f64;
            if work > RWYTHOFF_WORK {
                return Err(format!(
                    "an r-wythoff table of size {n} with r = {r} costs about size^2 x r^2 = {work:.1e} steps; \
                     at most {RWYTHOFF_WORK:.0e}"
                ));
            }
        }
        if kind == Kind::Corners && n > CORNERS_MAX {
            let steps = (n as f64).powi(4) / 4.0;
            return Err(format!(
                "the corners table is computed by playing the game, about n^4/4 = {steps:.1e} steps for size {n}; \
                 at most {CORNERS_MAX} (use nim-product, which equals it, for larger tables)"
            ));
        }
        if picture && n > PICTURE_MAX {
            let pixels = n as f64 * n as f64;
            return Err(format!(
                "a picture of size {n} needs {pixels:.1e} pixels ({:.1e} bytes of RGB); at most {PICTURE_MAX}",
                pixels * 3.0
            ));
        }
        if !picture && n > TEXT_MAX {
            return Err(format!(
                "a text table of size {n} has {:.1e} cells; at most {TEXT_MAX} (use --png FILE to draw larger tables)",
                n as f64 * n as f64
            ));
        }
        Ok(())
    }

    /// The table of `kind` of size `n`, its game given `r` and `f`
    /// ([`Kind::game`]), checked by [`Table::check`] first.
    pub fn new(
        kind: Kind,
        n: u64,
        r: Option<u64>,
        f: Option<&str>,
        picture: bool,
    ) -> Result<Table, String> {
        check_size(n)?;
        let game = kind.game(r, f)?;
        Table::of_game(kind, game, n, picture)
    }

    /// The table of `kind` whose game is `game` (from [`Kind::game`]).
    pub fn of_game(
        kind: Kind,
        game: Option<TwoHeapGame>,
        n: u64,
        picture: bool,
    ) -> Result<Table, String> {
        Table::check(kind, game, n, picture)?;
        let size = n as usize;
        let values = match game {
            Some(g) if kind != Kind::Wythoff => {
                g.values(size, size).into_iter().map(u64::from).collect()
            }
            _ => compute(kind, size),
        };
        Ok(Table {
            kind,
            size,
            game,
            values,
        })
    }

    /// The values, row-major: `values[x * size + y]`.
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// Bit `k` of every value, row-major.
    pub fn bits(&self, k: u32) -> Vec<u64> {
        self.values.iter().map(|v| v >> k & 1).collect()
    }

    /// The P-positions of the game in the table (none without a game).
    pub fn p_positions(&self) -> Vec<(u64, u64)> {
        let n = self.size as u64;
        self.game.map_or(Vec::new(), |g| g.p_positions(n, n))
    }

    /// Each row's periodicity, as observed.
    pub fn row_periods(&self) -> Vec<RowPeriod> {
        self.values
            .chunks(self.size.max(1))
            .enumerate()
            .map(|(row, values)| {
                let values: Vec<u32> = values.iter().map(|&v| v as u32).collect();
                RowPeriod::new(row, &twoheap::row_periodicity(&values))
            })
            .collect()
    }

    /// The picture's title: `wythoff table, size 16, bit 2`.
    pub fn title(&self, bit: Option<u32>) -> String {
        format!("{} table, size {}{}", self.kind, self.size, bit_words(bit))
    }

    /// What `grundy table --json` prints: the values (or bit `bit` of
    /// each), and for a two-heap game its name, P-positions and row periods.
    pub fn report(&self, bit: Option<u32>) -> TableReport {
        self.report_of(bit, Parts::ALL)
    }

    /// [`Table::report`] with only the parts `parts` (`grundy table
    /// --p-positions --json` leaves out the values and the row periods).
    pub fn report_of(&self, bit: Option<u32>, parts: Parts) -> TableReport {
        let values = match bit {
            Some(k) => self.bits(k),
            None => self.values.clone(),
        };
        let game = self.game.filter(|_| parts.p_positions || parts.row_periods);
        TableReport {
            bit,
            game: self.game.map(|g| g.to_string()),
            p_positions: game
                .filter(|_| parts.p_positions)
                .map(|_| self.p_positions()),
            row_periods: game
                .filter(|_| parts.row_periods)
                .map(|_| self.row_periods()),
            rows: parts
                .rows
                .then(|| values.chunks(self.size).map(<[u64]>::to_vec).collect()),
            size: self.size,
            table: self.kind.name(),
        }
    }
}

/// The parts of a table a [`TableReport`] carries (the P-positions and
/// row periods only for a two-heap game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The values, `rows`.
    pub rows: bool,
    /// The P-positions, `p_positions`.
    pub p_positions: bool,
    /// Each row's periodicity, `row_periods`.
    pub row_periods: bool,
}

impl Parts {
    /// Every part.
    pub const ALL: Parts = Parts {
        rows: true,
        p_positions: true,
        row_periods: true,
    };
}

/// `, bit K` when a bit is shown, else nothing.
pub fn bit_words(bit: Option<u32>) -> String {
    bit.map_or(String::new(), |k| format!(", bit {k}"))
}

/// A table as JSON (its fields in alphabetical order, as printed since
/// the first release).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableReport {
    /// The bit shown of each value, if one is.
    pub bit: Option<u32>,
    /// The two-heap game, if the table is one's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The game's P-positions in the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_positions: Option<Vec<(u64, u64)>>,
    /// Each row's periodicity, as observed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_periods: Option<Vec<RowPeriod>>,
    /// The rows of values (left out when only other parts are asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<Vec<u64>>>,
    /// Rows and columns.
    pub size: usize,
    /// The table's name.
    pub table: &'static str,
}

/// A row's periodicity, observed: `null` fields when none was seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RowPeriod {
    /// The period.
    pub period: Option<u64>,
    /// The first column of the periodic part.
    pub preperiod: Option<u64>,
    /// The row.
    pub row: usize,
    /// `G(x, y + period) - G(x, y)` in the periodic part: 0 for plain
    /// periodicity.
    pub saltus: Option<i64>,
}

impl RowPeriod {
    /// Row `row`'s periodicity.
    pub fn new(row: usize, p: &Periodicity) -> RowPeriod {
        RowPeriod {
            period: p.period,
            preperiod: p.preperiod,
            row,
            saltus: p.saltus,
        }
    }
}

/// The table of `kind` of size `n`, row-major, computed directly (the
/// two-heap games other than Wythoff's through [`Table::new`]).
pub fn compute(kind: Kind, n: usize) -> Vec<u64> {
    match kind {
        Kind::NimProduct => {
            // A row at a time through the batch path.
            let cols: Vec<u64> = (0..n as u64).collect();
            let mut t = vec![0u64; n * n];
            for (x, row) in t.chunks_mut(n).enumerate() {
                nim_mul_slices(&vec![x as u64; n], &cols, row);
            }
            t
        }
        Kind::NimSum => (0..n * n).map(|i| ((i / n) ^ (i % n)) as u64).collect(),
        Kind::Wythoff => crate::games::wythoff::values(n, n)
            .into_iter()
            .map(u64::from)
            .collect(),
        Kind::RWythoff
        | Kind::Mem
        | Kind::Takeaway
        | Kind::FibonacciNim
        | Kind::Euclid
        | Kind::BoundedWythoff => Vec::new(),
        Kind::Corners => {
            // P(x, y) moves to P(x', y) + P(x, y') + P(x', y') for all
            // x' < x, y' < y.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_by_play_is_the_nim_product() {
        assert_eq!(compute(Kind::Corners, 24), compute(Kind::NimProduct, 24));
        for k in Kind::ALL {
            assert_eq!(k.name().parse::<Kind>(), Ok(k));
        }
    }

    #[test]
    fn the_json_keeps_its_fields_and_their_order() {
        let t = Table::new(Kind::Wythoff, 3, None, None, false).unwrap();
        assert_eq!(
            serde_json::to_string(&t.report(None)).unwrap(),
            r#"{"bit":null,"game":"wythoff","p_positions":[[0,0],[1,2],[2,1]],"row_periods":[{"period":1,"preperiod":0,"row":0,"saltus":1},{"period":null,"preperiod":null,"row":1,"saltus":null},{"period":null,"preperiod":null,"row":2,"saltus":null}],"rows":[[0,1,2],[1,2,0],[2,0,1]],"size":3,"table":"wythoff"}"#
        );
        let s = Table::new(Kind::NimSum, 2, None, None, false).unwrap();
        assert_eq!(
            serde_json::to_string(&s.report(Some(0))).unwrap(),
            r#"{"bit":0,"rows":[[0,1],[1,0]],"size":2,"table":"nim-sum"}"#
        );
        let parts = Parts {
            rows: false,
            p_positions: true,
            row_periods: false,
        };
        assert_eq!(
            serde_json::to_string(&t.report_of(None, parts)).unwrap(),
            r#"{"bit":null,"game":"wythoff","p_positions":[[0,0],[1,2],[2,1]],"size":3,"table":"wythoff"}"#
        );
        assert!(Table::new(Kind::NimSum, 2, Some(3), None, false).is_err());
        assert!(Table::new(Kind::Corners, 200, None, None, false).is_err());
    }
}
