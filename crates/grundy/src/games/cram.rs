//! Cram: players take turns to place a domino on two adjacent empty cells
//! of a board, across or down; whoever cannot place one loses (Gardner
//! 1974; Winning Ways, ch. 22). Every position is a set of empty cells, so
//! Cram is impartial, and a board falls apart into regions no domino joins:
//! its value is the nim-sum of theirs.
//!
//! The search ([`crate::search`]) meets each region in a canonical form:
//! cropped to its bounding box, turned so that it is at least as tall as
//! wide, and the least of its images under the symmetries of the rectangle
//! (four, or eight for a square), as a 64-bit key ([`canonical`]). Known
//! facts skip the search:
//! - a region one cell wide is a strip of Dawson's Kayles (octal 0.07, a
//!   move takes two adjacent pins of a row), its value read from that
//!   game's sequence;
//! - a region that a half turn, or a mirror across an axis between cells,
//!   maps onto itself with no domino covering its own image has value 0:
//!   the second player answers each domino with its image (the symmetry
//!   strategy; so every even x even board is a P-position).
//!
//! Boards have at most [`MAX_CELLS`] cells and [`MAX_ROWS`] rows.
//!
//! ```
//! use grundy::games::cram::{Board, Cram};
//! use grundy::search::Search;
//! let mut s = Search::new(Cram::new(), 1 << 24);
//! let board = Board::parse("4x5").unwrap();
//! assert_eq!(s.value(&board), Ok(2)); // Beling's table
//! let blocked = Board::parse("..#/.../...").unwrap();
//! assert_eq!(blocked.free_cells(), 8);
//! ```

use std::fmt;

use crate::heap::rule::HeapRule;
use crate::heap::sequence::{compute, Options};
use crate::search::Split;

/// The most cells of a board (so that a region's key, its cells and its
/// width, fits in 64 bits).
pub const MAX_CELLS: usize = 60;

/// The most rows of a board (rows are named by the letters a to z).
pub const MAX_ROWS: usize = 26;

/// A board: `rows` x `cols` cells, the empty ones as bits in row-major
/// order (cell `r * cols + c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u8,
    cols: u8,
    free: u64,
}

impl Board {
    /// A board from `RxC` (all cells empty) or its drawing: rows of `.`
    /// (empty) and `#` (blocked or covered), separated by `/`, spaces or
    /// new lines.
    pub fn parse(text: &str) -> Result<Board, String> {
        let t = text.trim();
        if let Some((r, c)) = t.split_once(['x', 'X']) {
            let dim = |s: &str| -> Result<usize, String> {
                s.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&d| d >= 1)
                    .ok_or_else(|| format!("'{t}': '{}' is not a whole number from 1", s.trim()))
            };
            let (rows, cols) = (dim(r)?, dim(c)?);
            Board::check_size(rows, cols)?;
            return Ok(Board::empty(rows, cols));
        }
        let lines: Vec<&str> = t
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .collect();
        if lines.is_empty() {
            return Err(
                "no board: write its size (5x7) or its rows of '.' and '#' separated by '/'"
                    .to_string(),
            );
        }
        let cols = lines[0].chars().count();
        if let Some(bad) = lines.iter().find(|l| l.chars().count() != cols) {
            return Err(format!(
                "the rows are not all {cols} cells long ('{bad}' is {})",
                bad.chars().count()
            ));
        }
        Board::check_size(lines.len(), cols)?;
        let mut free = 0u64;
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => free |= 1 << (r * cols + c),
                    '#' => {}
                    other => {
                        return Err(format!(
                            "'{other}' is not a cell: use '.' for an empty cell and '#' for a blocked one"
                        ))
                    }
                }
            }
        }
        Ok(Board {
            rows: lines.len() as u8,
            cols: cols as u8,
            free,
        })
    }

    fn check_size(rows: usize, cols: usize) -> Result<(), String> {
        if rows > MAX_ROWS || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(format!(
                "a {rows} x {cols} board is too large: at most {MAX_ROWS} rows and {MAX_CELLS} cells"
            ));
        }
        Ok(())
    }

    /// The `rows` x `cols` board with every cell empty.
    pub fn empty(rows: usize, cols: usize) -> Board {
        Board {
            rows: rows as u8,
            cols: cols as u8,
            free: low(rows * cols),
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The empty cells, as bits (cell `r * cols + c`).
    pub fn free(&self) -> u64 {
        self.free
    }

    /// How many cells are empty.
    pub fn free_cells(&self) -> u32 {
        self.free.count_ones()
    }

    /// Whether cell `(r, c)` is empty.
    pub fn is_free(&self, r: usize, c: usize) -> bool {
        r < self.rows() && c < self.cols() && self.free >> (r * self.cols() + c) & 1 == 1
    }

    /// The board with the cells of `mask` covered.
    pub fn cover(&self, mask: u64) -> Board {
        Board {
            free: self.free & !mask,
            ..*self
        }
    }

    /// The same board with exactly the cells of `free` empty.
    pub fn with_free(&self, free: u64) -> Board {
        Board {
            free: free & low(self.rows() * self.cols()),
            ..*self
        }
    }

    /// Every place for a domino: the pair of cells `(a, b)`, `a < b`, with
    /// `b = a + 1` across and `b = a + cols` down.
    pub fn dominoes(&self) -> Vec<(usize, usize)> {
        let w = self.cols();
        let across = self.free & (self.free >> 1) & not_last(w);
        let down = self.free & (self.free >> w);
        let mut out: Vec<(usize, usize)> = bits(across)
            .map(|a| (a, a + 1))
            .chain(bits(down).map(|a| (a, a + w)))
            .collect();
        out.sort_unstable();
        out
    }

    /// How many places there are for a domino.
    pub fn domino_count(&self) -> u32 {
        let w = self.cols();
        (self.free & (self.free >> 1) & not_last(w)).count_ones()
            + (self.free & (self.free >> w)).count_ones()
    }

    /// The regions of empty cells that a domino fits in (isolated empty
    /// cells are no region: nothing is ever placed there), each as bits.
    pub fn regions(&self) -> Vec<u64> {
        let w = self.cols();
        let live = self.free & neighbours(self.free, w);
        let mut left = live;
        let mut out = Vec::new();
        while left != 0 {
            let part = flood(left & left.wrapping_neg(), left, left & (left >> 1), w);
            left &= !part;
            out.push(part);
        }
        out
    }

    /// The name of cell `i`: its row's letter and its column's number
    /// (`a1` top left).
    pub fn cell_name(&self, i: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (i / self.cols()) as u8) as char,
            i % self.cols() + 1
        )
    }

    /// The cell named `name` (`b3`), if the board has it.
    pub fn cell(&self, name: &str) -> Option<usize> {
        let name = name.trim().to_ascii_lowercase();
        let mut chars = name.chars();
        let r = chars.next()?;
        if !r.is_ascii_lowercase() {
            return None;
        }
        let r = (r as u8 - b'a') as usize;
        let c: usize = chars.as_str().parse().ok()?;
        (r < self.rows() && (1..=self.cols()).contains(&c)).then(|| r * self.cols() + c - 1)
    }

    /// The rows drawn, `.` empty and `#` blocked or covered.
    pub fn lines(&self) -> Vec<String> {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| if self.is_free(r, c) { '.' } else { '#' })
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for Board {
    /// The drawing [`Board::parse`] reads: rows separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("/"))
    }
}

/// The set `0..n`.
fn low(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// The cells of `set`, in order.
fn bits(set: u64) -> impl Iterator<Item = usize> {
    let mut left = set;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            i
        })
    })
}

/// Every cell of column 0, for rows of width `w` (1 to 60).
const fn first_column(w: usize) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < 64 {
        m |= 1 << i;
        i += w;
    }
    m
}

/// `first_column(w)` for every width.
const FIRST: [u64; 65] = {
    let mut t = [0u64; 65];
    let mut w = 1;
    while w <= 64 {
        t[w] = first_column(w);
        w += 1;
    }
    t
};

/// Cells not in the first column.
fn not_first(w: usize) -> u64 {
    !FIRST[w]
}

/// Cells not in the last column.
fn not_last(w: usize) -> u64 {
    !(FIRST[w] << (w - 1))
}

/// The cells next to a cell of `set`, in rows of width `w`.
fn neighbours(set: u64, w: usize) -> u64 {
    linked(set, !0, w)
}

/// The cells next to a cell of `set` (rows of width `w`) up or down, and
/// across where the left cell of the two is in `across`.
fn linked(set: u64, across: u64, w: usize) -> u64 {
    let across = across & not_last(w);
    (set & across) << 1
        | (set >> 1) & across
        | set.checked_shl(w as u32).unwrap_or(0)
        | set.checked_shr(w as u32).unwrap_or(0)
}

/// The cells of `within` joined to `seed` through neighbours in `within`:
/// down any two, across those whose left cell is in `across` (rows of
/// width `w`).
fn flood(seed: u64, within: u64, across: u64, w: usize) -> u64 {
    let mut part = seed;
    loop {
        let next = (part | linked(part, across, w)) & within;
        if next == part {
            return part;
        }
        part = next;
    }
}

/// The empty cells `free` of rows of width `w` with cells that change no
/// value taken away, until none is left (Beling's reductions):
/// - a cell with no empty neighbour (no domino ever covers it);
/// - of the tufts of one cell (its neighbours whose only neighbour it is),
///   all but one: a domino on the cell and any of its tufts leaves the same
///   position, the other tufts dead;
/// - a bridge: a cell, neither a tuft nor a tuft's neighbour, whose every
///   neighbour has a tuft: a domino on it and such a neighbour leaves what
///   a domino on that neighbour and its tuft leaves, with the bridge in
///   place of the dead tuft.
///
/// ```
/// use grundy::games::cram::{reduce, Board};
/// // A plus: its centre and one arm are all that matter (a domino).
/// let plus = Board::parse("#.#/.../#.#").unwrap();
/// assert_eq!(reduce(plus.free(), 3).count_ones(), 2);
/// ```
pub fn reduce(free: u64, w: usize) -> u64 {
    let mut f = free;
    loop {
        let right = (f >> 1) & not_last(w);
        let left = (f << 1) & not_first(w);
        let down = f >> w;
        let up = f.checked_shl(w as u32).unwrap_or(0);
        let any = right | left | down | up;
        let two = (right & (left | down | up)) | (left & (down | up)) | (down & up);
        let tufts = f & any & !two;
        // The neighbour of each tuft, direction by direction; a tuft whose
        // neighbour already has one is dropped.
        let mut centres = 0u64;
        let mut next = f & any;
        let by_right = tufts & right;
        centres |= by_right << 1;
        let by_left = tufts & left;
        next &= !(by_left & (centres << 1));
        centres |= by_left >> 1;
        let by_down = tufts & down;
        next &= !(by_down & (centres >> w));
        centres |= by_down << w;
        let by_up = tufts & up;
        next &= !(by_up & centres.checked_shl(w as u32).unwrap_or(0));
        centres |= by_up >> w;
        let others = f & !(tufts | centres);
        let bridges = others & !neighbours(others, w);
        next &= !bridges;
        if next == f {
            return f;
        }
        f = next;
    }
}

/// The bits of a key that hold cells; the width is above them.
const CELLS: u64 = (1 << 61) - 1;

/// The canonical key of the region `part` of a board with rows of width
/// `w`: the region cropped to its bounding box and turned to be at least
/// as tall as wide (so at most 7 wide), then the least of its images under
/// the four symmetries of the rectangle (eight for a square) as rows of
/// bits, the first row highest; its width is in the top three bits. Two
/// regions have the same key exactly when one is a symmetric image of the
/// other moved on the board.
///
/// ```
/// use grundy::games::cram::{canonical, Board};
/// let a = Board::parse(".../.##/.##").unwrap(); // an L
/// let b = Board::parse("##./##./...").unwrap(); // the L turned
/// assert_eq!(canonical(a.free(), 3), canonical(b.free(), 3));
/// ```
pub fn canonical(part: u64, w: usize) -> u64 {
    let r0 = part.trailing_zeros() as usize / w;
    let r1 = (63 - part.leading_zeros() as usize) / w;
    let n = r1 - r0 + 1;
    let row_mask = low(w);
    let row = |i: usize| (part >> ((r0 + i) * w)) & row_mask;
    let or = (0..n).fold(0, |acc, i| acc | row(i));
    let c0 = or.trailing_zeros() as usize;
    let width = 64 - or.leading_zeros() as usize - c0;
    // Turned to be tall: `t` rows of width `k` (at most 7), first row first.
    let mut tall = [0u8; 64];
    let (t, k) = if width > n {
        for i in 0..n {
            let mut r = row(i) >> c0;
            while r != 0 {
                tall[r.trailing_zeros() as usize] |= 1 << i;
                r &= r - 1;
            }
        }
        (width, n)
    } else {
        for (i, out) in tall.iter_mut().enumerate().take(n) {
            *out = (row(i) >> c0) as u8;
        }
        (n, width)
    };
    let mut best = least_image(&tall[..t], k);
    if t == k {
        let mut turned = [0u8; 8];
        for (j, out) in turned.iter_mut().enumerate().take(k) {
            for (i, row) in tall.iter().enumerate().take(t) {
                *out |= (row >> j & 1) << i;
            }
        }
        best = best.min(least_image(&turned[..t], k));
    }
    best | (k as u64) << 61
}

/// The least of the four images of rows of width `k` under the mirrors
/// across and down, each read as rows of bits, the first row highest.
fn least_image(rows: &[u8], k: usize) -> u64 {
    let bits = rows.len() * k;
    let forward = rows.iter().fold(0u64, |acc, &r| acc << k | r as u64);
    let backward = rows.iter().rev().fold(0u64, |acc, &r| acc << k | r as u64);
    // Reversing every bit reverses the rows and mirrors each.
    let reverse = |x: u64| x.reverse_bits() >> (64 - bits);
    forward
        .min(backward)
        .min(reverse(forward))
        .min(reverse(backward))
}

/// A key's region as a board (rows of its width).
pub fn key_board(key: u64) -> Board {
    let w = (key >> 61) as usize;
    let cells = key & CELLS;
    let n = (64 - cells.leading_zeros() as usize).div_ceil(w);
    Board {
        rows: n as u8,
        cols: w as u8,
        free: cells,
    }
}

/// Cram for the search engine: regions by canonical key, strips and
/// symmetric regions valued without search.
#[derive(Clone, Debug)]
pub struct Cram {
    /// Dawson's Kayles (0.07): the values of strips of 0 to 64 cells.
    strips: Vec<u32>,
    /// For each box of `n` rows of width `w` (at index `(w - 1) * 65 +
    /// n`), every domino of it, as a mask, in the order options are tried.
    dominoes: Vec<Vec<u64>>,
}

impl Default for Cram {
    fn default() -> Self {
        Cram::new()
    }
}

impl Cram {
    /// The game, with the strips' values from octal 0.07.
    pub fn new() -> Cram {
        let rule: HeapRule = "0.07".parse().expect("0.07 is an octal code");
        let strips = compute(&rule, 64, &Options::default()).expect("64 heaps of 0.07");
        let mut dominoes = vec![Vec::new(); 7 * 65];
        for w in 1..=7 {
            for n in 1..=64 / w {
                dominoes[(w - 1) * 65 + n] = domino_order(n, w);
            }
        }
        Cram { strips, dominoes }
    }

    /// The value of a strip of `n` cells (Dawson's Kayles).
    pub fn strip(&self, n: usize) -> u32 {
        self.strips[n]
    }
}

/// Every domino of a box of `n` rows of width `w`, as masks, in the order
/// a region's options are tried: near the middle line first, and among
/// those near the centre. Among options that look as hard as each other
/// (the engine sorts them by size) they are the likeliest to split the
/// region. A domino down is ranked by the distance of its column from the
/// middle column, then of its centre from the middle row; a domino across
/// the other way round (distances doubled).
fn domino_order(n: usize, w: usize) -> Vec<u64> {
    let f = low(n * w);
    let mut order: Vec<(usize, u64)> = Vec::with_capacity(2 * n * w);
    for a in bits(f & (f >> w)) {
        let (r, c) = (a / w, a % w);
        let rank = (2 * c + 1).abs_diff(w) * 64 + (2 * r + 2).abs_diff(n);
        order.push((rank, 1 << a | 1 << (a + w)));
    }
    for a in bits(f & (f >> 1) & not_last(w)) {
        let (r, c) = (a / w, a % w);
        let rank = (2 * r + 1).abs_diff(n) * 64 + (2 * c + 2).abs_diff(w);
        order.push((rank, 3 << a));
    }
    order.sort_by_key(|o| o.0);
    order.into_iter().map(|(_, m)| m).collect()
}

/// Whether the board of a key is mapped onto itself by a symmetry with no
/// fixed cell that no domino of it shares with its image: then its value
/// is 0 (the second player copies).
fn symmetric_zero(b: &Board) -> bool {
    let (n, w, f) = (b.rows(), b.cols(), b.free);
    let size = n * w;
    // The half turn reverses the order of the cells.
    let turned = f.reverse_bits() >> (64 - size);
    if turned == f {
        // A domino is its own image only when the centre of the board is
        // the middle of it; a fixed cell (the centre of an odd x odd board)
        // must not be empty.
        let centre = centre_cells(n, w);
        if centre == 0 || f & centre != centre {
            return true;
        }
    }
    // The mirror across a vertical axis, for an even width: no domino
    // across the middle two columns.
    if w % 2 == 0 {
        let rows = (0..n).map(|r| (f >> (r * w)) & low(w));
        let mut straddles = false;
        let mut mirrored = true;
        for row in rows {
            let flipped = row.reverse_bits() >> (64 - w);
            mirrored &= flipped == row;
            straddles |= row >> (w / 2 - 1) & 3 == 3;
        }
        if mirrored && !straddles {
            return true;
        }
    }
    // The mirror across a horizontal axis, for an even height: no domino
    // down across the middle two rows.
    if n % 2 == 0 {
        let row = |r: usize| (f >> (r * w)) & low(w);
        let mirrored = (0..n / 2).all(|r| row(r) == row(n - 1 - r));
        if mirrored && row(n / 2 - 1) & row(n / 2) == 0 {
            return true;
        }
    }
    false
}

/// Whether the first player wins the board of a key by the domino at its
/// centre and then copying: a half turn maps the board onto itself, and
/// the one domino that is its own image under it (across the middle of a
/// board of odd height and even width, down the middle of one of even
/// height and odd width) is empty. Once it is placed the second player is
/// the one a copy answers.
fn centre_then_copy(b: &Board) -> bool {
    let (n, w, f) = (b.rows(), b.cols(), b.free);
    let centre = centre_cells(n, w);
    // One side odd and one even: the centre is a domino.
    (n + w) % 2 == 1 && f.reverse_bits() >> (64 - n * w) == f && f & centre == centre
}

/// The cells a half turn of an `n` x `w` board maps onto the centre: the
/// domino that is its own image (across the middle of an odd x even
/// board, down the middle of an even x odd one), the one fixed cell of an
/// odd x odd board, none of an even x even one.
fn centre_cells(n: usize, w: usize) -> u64 {
    match (n % 2, w % 2) {
        (0, 0) => 0,
        (1, 0) => 3 << ((n / 2) * w + w / 2 - 1),
        (0, 1) => {
            let a = (n / 2 - 1) * w + w / 2;
            1 << a | 1 << (a + w)
        }
        _ => 1 << ((n / 2) * w + w / 2),
    }
}

/// The links across that change no value, as the left cells of their
/// dominoes, in the empty cells `f` of rows of width `w`: the two across
/// links of a 2 x 2 square of empty cells whose opposite corners `u` and
/// `v` have no neighbour outside the square (Beling). Then `u` and `v` are
/// twins, each next to just the square's other two cells, so swapping them
/// maps the position onto itself: a domino across the square is the image
/// of a domino down it, and taking the across links away leaves the value.
/// That stays so as the game goes on: while `u` and `v` are both empty
/// they stay twins, and once a domino covers a cell of the square the
/// links it cut are gone or lead to a tuft, which changes no value.
/// Without these links a region may fall apart into smaller ones.
///
/// ```
/// use grundy::games::cram::{twin_links, Board};
/// // The square of b2, b3, c2 and c3: b2 and c3 are twins, and the
/// // links b2-b3 and c2-c3 (left cells 5 and 9) can go.
/// let b = Board::parse("###./#.../...#/#.##").unwrap();
/// assert_eq!(twin_links(b.free(), 4), 1 << 5 | 1 << 9);
/// ```
pub fn twin_links(f: u64, w: usize) -> u64 {
    let right = (f >> 1) & not_last(w);
    let left = (f << 1) & not_first(w);
    let down = f >> w;
    let up = f.checked_shl(w as u32).unwrap_or(0);
    // The top left cells of 2 x 2 squares of empty cells.
    let square = f & right & down & (right >> w);
    // Top left and bottom right corners alone; top right and bottom left.
    let main = square & !left & !up & (!right & !down) >> (w + 1);
    let anti = square & (!up & !right) >> 1 & (!left & !down) >> w;
    let top = main | anti;
    top | top << w
}

/// The components of the empty cells `f` (rows of width `w`), reduced,
/// split at twin links, each reduced again once it is split off.
fn push_parts(f: u64, w: usize, out: &mut Vec<u64>) {
    let f = reduce(f, w);
    let cut = twin_links(f, w);
    let mut left = f;
    while left != 0 {
        let part = flood(left & left.wrapping_neg(), f, f & (f >> 1) & !cut, w);
        left &= !part;
        if cut != 0 && part != f {
            push_parts(part, w, out);
        } else {
            out.push(canonical(part, w));
        }
    }
}

impl Split for Cram {
    type Position = Board;
    type Key = u64;

    fn components(&self, p: &Board, out: &mut Vec<u64>) {
        push_parts(p.free, p.cols(), out);
    }

    fn options(&self, key: &u64, out: &mut Vec<Board>) {
        let b = key_board(*key);
        let order = &self.dominoes[(b.cols() - 1) * 65 + b.rows()];
        let f = b.free;
        out.extend(order.iter().filter(|&&m| f & m == m).map(|&m| b.cover(m)));
    }

    fn size(&self, key: &u64) -> u32 {
        (key & CELLS).count_ones()
    }

    fn known(&self, key: &u64) -> Option<u32> {
        (key >> 61 == 1).then(|| self.strip((key & CELLS).count_ones() as usize))
    }

    fn settled(&self, key: &u64) -> Option<u32> {
        symmetric_zero(&key_board(*key)).then_some(0)
    }

    fn not_zero(&self, key: &u64) -> bool {
        centre_then_copy(&key_board(*key))
    }
}

#[cfg(test)]
#[path = "cram_tests.rs"]
mod tests;
