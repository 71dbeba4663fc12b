//! The analysis of a product on a board, one shape for every front-end:
//! its value, outcome, one winning move with their number, every winning
//! move when asked for; and the table of its cell values. `grundy product
//! --json` prints [`ProductReport`], [`ProductReport::to_text`] is its
//! text.
//!
//! ```
//! use grundy::products::named::Kind;
//! use grundy::products::report::analyse;
//! let r = analyse(Kind::Tartan, "ruler", "ruler", None, (3, 3), false, 400_000_000).unwrap();
//! assert_eq!((r.value, r.outcome, r.winning_moves_total.as_deref()), (3, "N", Some("12")));
//! assert!(r.to_text().starts_with("tartan ruler x ruler on 3 x 3 (normal play)\n"));
//! ```

use serde::Serialize;

use super::acrostic::Acrostic;
use super::named::Kind;
use super::side::Side;
use super::tartan::{ProductMove, Tartan};
use crate::games::corners::Board;
use crate::turning::values::MAX_COINS;

/// The largest side of a board whose winning moves are all listed.
pub const ALL_MAX_SIDE: usize = 64;
/// The largest table of cell values as text or JSON.
pub const TEXT_MAX: usize = 1024;
/// The largest table of cell values drawn as a picture.
pub const PICTURE_MAX: usize = 4096;

/// One winning move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// In words: `(0,1): rows 0 x columns 0,1`.
    #[serde(rename = "move")]
    pub words: String,
    /// The rows it turns.
    pub rows: Vec<usize>,
    /// The columns it turns.
    pub cols: Vec<usize>,
    /// The board it leaves (none for the all-heads board, given by size).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Vec<String>>,
}

impl MoveReport {
    fn new(m: &ProductMove, board: Option<&Board>) -> MoveReport {
        MoveReport {
            words: m.to_string(),
            rows: m.rows.clone(),
            cols: m.cols.clone(),
            to: board.map(|b| m.apply(b).to_lines()),
        }
    }
}

/// A product's position analysed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProductReport {
    /// `tartan ruler x ruler`.
    pub game: String,
    /// `tartan` or `acrostic`.
    pub product: &'static str,
    /// Rows and columns.
    pub size: [usize; 2],
    /// The board's rows, when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<Vec<String>>,
    /// Always `normal`.
    pub convention: &'static str,
    /// The Grundy value.
    pub value: u64,
    /// `P` or `N`.
    pub outcome: &'static str,
    /// One winning move.
    pub winning_move: Option<MoveReport>,
    /// How many winning moves there are, in decimal (it may pass 2^64).
    pub winning_moves_total: Option<String>,
    /// Every winning move, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_moves: Option<Vec<MoveReport>>,
}

/// The size `NxM` of an all-heads board.
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--size '{text}' is not NxM, e.g. 100x200");
    let (a, b) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let n: u64 = a.trim().parse().map_err(|_| bad())?;
    let m: u64 = b.trim().parse().map_err(|_| bad())?;
    for s in [n, m] {
        if s == 0 || s > MAX_COINS {
            return Err(format!(
                "--size {text}: each side is from 1 to {MAX_COINS} coins (16 bytes of values per coin, \
                 and histograms of the values)"
            ));
        }
    }
    Ok((n as usize, m as usize))
}

/// The most steps each side's coin values may take: a whole number from 1
/// to 10^15, written plainly or as `2e9`.
pub fn parse_work(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let n = match t.parse::<u64>() {
        Ok(n) => Some(n),
        Err(_) => t
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 1.0 && *x <= 1e15 && x.fract() == 0.0)
            .map(|x| x as u64),
    };
    match n {
        Some(n) if (1..=1_000_000_000_000_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "--max-work '{text}' is not a number of steps from 1 to 1e15"
        )),
    }
}

/// Every winning move is listed on boards up to [`ALL_MAX_SIDE`] a side.
pub fn check_listing(rows: usize, cols: usize) -> Result<(), String> {
    if rows > ALL_MAX_SIDE || cols > ALL_MAX_SIDE {
        return Err(format!(
            "--all lists winning moves on boards up to {ALL_MAX_SIDE} x {ALL_MAX_SIDE}; this one is {rows} x {cols} \
             (without --all, one move and their number are given)"
        ));
    }
    Ok(())
}

/// The two games' sides of `len` coins, each within `work` steps.
fn sides(
    g: &str,
    h: &str,
    (rows, cols): (usize, usize),
    work: u64,
) -> Result<(Side, Side), String> {
    let side = |which: &str, game: &str, len: usize| {
        Side::within(game, len, work).map_err(|e| match e.contains("more steps") {
            true => format!("{which}: {e} (--max-work STEPS)"),
            false => format!("{which}: {e}"),
        })
    };
    Ok((side("rows", g, rows)?, side("columns", h, cols)?))
}

/// The product `kind` of the games `g` (along the rows) and `h` (along
/// the columns) on `board`, or on the all-heads board of `size` without
/// one: every winning move listed too when `all` is set; each side's coin
/// values within `work` steps.
pub fn analyse(
    kind: Kind,
    g: &str,
    h: &str,
    board: Option<&Board>,
    size: (usize, usize),
    all: bool,
    work: u64,
) -> Result<ProductReport, String> {
    let (rows, cols) = board.map_or(size, |b| (b.rows(), b.cols()));
    if all {
        check_listing(rows, cols)?;
    }
    let (gs, hs) = sides(g, h, (rows, cols), work)?;
    let game = format!("{} {} x {}", kind_name(kind), gs.title, hs.title);
    let all_heads = || Board::new(rows, cols, vec![true; rows * cols]);
    let (value, first, total, listed) = match kind {
        Kind::Tartan => {
            let t = Tartan::new(gs, hs);
            match board {
                Some(b) => (
                    t.value(b),
                    t.winning_move(b)?,
                    t.count_winning(b)?,
                    all.then(|| t.list_winning(b)),
                ),
                None => (
                    t.all_heads_value(),
                    t.all_heads_winning_move()?,
                    t.count_all_heads()?,
                    all.then(|| t.list_winning(&all_heads())),
                ),
            }
        }
        Kind::Acrostic => {
            let a = Acrostic::new(gs, hs)?;
            let b = board.cloned().unwrap_or_else(all_heads);
            let every = a.list_winning(&b);
            let total = every.len() as u128;
            (
                a.value(&b),
                every.first().cloned(),
                total,
                all.then_some(every),
            )
        }
    };
    Ok(ProductReport {
        game,
        product: kind_name(kind),
        size: [rows, cols],
        position: board.map(Board::to_lines),
        convention: "normal",
        value,
        outcome: if value == 0 { "P" } else { "N" },
        winning_move: first.as_ref().map(|m| MoveReport::new(m, board)),
        winning_moves_total: Some(total.to_string()),
        winning_moves: listed.map(|l| l.iter().map(|m| MoveReport::new(m, board)).collect()),
    })
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Tartan => "tartan",
        Kind::Acrostic => "acrostic",
    }
}

impl ProductReport {
    /// The report in words, as `grundy product` prints it.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{} on {} x {} (normal play)\n",
            self.game, self.size[0], self.size[1]
        );
        if self.position.is_none() {
            s.push_str("Board: every coin heads\n");
        }
        s.push_str(&format!("Grundy value: {}\n", self.value));
        let who = if self.value == 0 {
            "P (the player to move loses)"
        } else {
            "N (the player to move wins)"
        };
        s.push_str(&format!("Outcome: {who}\n"));
        if let Some(m) = &self.winning_move {
            s.push_str(&format!(
                "Winning moves: {}\nOne winning move: {}\n",
                self.winning_moves_total.as_deref().unwrap_or("?"),
                m.words
            ));
        } else {
            s.push_str("No winning move: every move leads to an N-position.\n");
        }
        if let Some(all) = &self.winning_moves {
            s.push_str("Every winning move:\n");
            for m in all {
                s.push_str(&format!("  {}\n", m.words));
            }
        }
        s
    }
}

/// The table of cell values `(0..n) x (0..n)` of a product, as `grundy
/// product --table N --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProductTable {
    /// The rows of values.
    pub rows: Vec<Vec<u64>>,
    /// Rows and columns.
    pub size: usize,
    /// Always `product`.
    pub table: &'static str,
}

/// The size `n` of a table of cell values: from 1 to [`TEXT_MAX`], or to
/// [`PICTURE_MAX`] for a picture.
pub fn parse_table_size(text: &str, picture: bool) -> Result<usize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("--table '{text}' is not a whole number"))?;
    let max = if picture { PICTURE_MAX } else { TEXT_MAX };
    if n == 0 || n > max {
        return Err(format!(
            "--table {text}: from 1 to {TEXT_MAX} for text and JSON, {PICTURE_MAX} for pictures"
        ));
    }
    Ok(n)
}

/// The values of the cells `(0..n) x (0..n)` of the product, row by row.
pub fn table_values(kind: Kind, g: &str, h: &str, n: usize, work: u64) -> Result<Vec<u64>, String> {
    let (gs, hs) = sides(g, h, (n, n), work)?;
    Ok(match kind {
        Kind::Tartan => {
            let t = Tartan::new(gs, hs);
            (0..n * n).map(|i| t.cell_value(i / n, i % n)).collect()
        }
        Kind::Acrostic => Acrostic::new(gs, hs)?.table,
    })
}

impl ProductTable {
    /// The table of `values`, `n` a row.
    pub fn new(values: &[u64], n: usize) -> ProductTable {
        ProductTable {
            rows: values.chunks(n.max(1)).map(<[u64]>::to_vec).collect(),
            size: n,
            table: "product",
        }
    }
}
