//! Node-Kayles on a grid graph as bit sets: a vertex set of an `R` x `C`
//! grid is a `u128` whose bit `r * C + c` is the vertex in row `r`, column
//! `c`. Neighbours, connected parts and degrees are a few shifts; a
//! connected part is put in a canonical form by the grid's symmetries, and
//! the symmetric ones whose value a copying strategy decides are spotted.

use super::Set;

/// The most rows of a grid graph.
pub const MAX_ROWS: usize = 26;

/// A `rows` x `cols` grid graph's geometry.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    rows: usize,
    cols: usize,
    all: Set,
    /// Every vertex but those of the first column.
    not_first: Set,
    /// Every vertex but those of the last column.
    not_last: Set,
    /// The vertices of the second column and of the last but one.
    second: Set,
    last_but_one: Set,
}

/// The vertices of a part, row by row from the top row of its bounding
/// box, each row shifted to start at the box's first column.
struct Shape {
    rows: [Set; MAX_ROWS],
    height: usize,
    width: usize,
}

impl Shape {
    fn row(&self, i: usize) -> Set {
        self.rows[i]
    }
}

/// The set `0..n`.
fn low(n: usize) -> Set {
    match n {
        128 => Set::MAX,
        n => (1 << n) - 1,
    }
}

/// A row of `width` bits read right to left.
fn reflect(row: Set, width: usize) -> Set {
    row.reverse_bits() >> (128 - width)
}

impl Grid {
    /// The geometry of a `rows` x `cols` grid of at most 128 vertices and
    /// 26 rows.
    pub fn new(rows: usize, cols: usize) -> Grid {
        debug_assert!(rows <= MAX_ROWS && rows * cols <= 128);
        let all = low(rows * cols);
        let first: Set = (0..rows).fold(0, |m, r| m | 1 << (r * cols));
        let column = |c: usize| if c < cols { first << c } else { 0 };
        Grid {
            rows,
            cols,
            all,
            not_first: all & !first,
            not_last: all & !column(cols - 1),
            second: column(1),
            last_but_one: cols.checked_sub(2).map_or(0, column),
        }
    }

    /// `x` and the neighbours of its vertices.
    pub fn spread(&self, x: Set) -> Set {
        let c = self.cols;
        (x | (x << 1 & self.not_first) | (x >> 1 & self.not_last) | x << c | x >> c) & self.all
    }

    /// The connected part of `set` that holds the vertices of `seed`
    /// (within `set`): whole runs along the rows at once, then a step up
    /// and down, until nothing is added.
    pub fn part(&self, seed: Set, set: Set) -> Set {
        let c = self.cols;
        let mut part = seed;
        loop {
            part = self.runs(part, set);
            let next = part | ((part << c | part >> c) & set);
            if next == part {
                return part;
            }
            part = next;
        }
    }

    /// The runs of `set` along the rows that hold a vertex of `seed`. A
    /// carry added to a run's lowest seed ripples up through the run: the
    /// bits it flips are the run above it. The last column is left out of
    /// the sum, so that no carry passes into the next row, and added back
    /// after; the run below a seed is the same done on the bits reversed.
    fn runs(&self, seed: Set, set: Set) -> Set {
        let up = |seed: Set, set: Set| {
            let s = seed & set;
            (set.wrapping_add(s) ^ set) & set
        };
        let mut x = seed | up(seed, set & self.not_last);
        x |= (x & self.last_but_one) << 1 & set;
        let low = set & self.not_first;
        x |= up(x.reverse_bits(), low.reverse_bits()).reverse_bits();
        x | (x & self.second) >> 1 & set
    }

    /// The number of edges of `set`, and whether a vertex of it has three
    /// or more neighbours in it.
    pub fn edges(&self, set: Set) -> (u32, bool) {
        let c = self.cols;
        let right = set & (set >> 1) & self.not_last;
        let left = set & (set << 1) & self.not_first;
        let down = set & (set >> c);
        let up = set & (set << c);
        let three = (right & left & (down | up)) | (down & up & (right | left));
        (right.count_ones() + down.count_ones(), three != 0)
    }

    /// A part moved to the top left corner of the grid, with the height
    /// and width of its bounding box.
    fn corner(&self, part: Set) -> (Set, usize, usize) {
        let c = self.cols;
        let mask = low(c);
        let first = part.trailing_zeros() as usize / c;
        let last = (127 - part.leading_zeros() as usize) / c;
        let h = last - first + 1;
        let top = part >> (first * c);
        let union = (0..h).fold(0, |u, i| u | top >> (i * c) & mask);
        let left = union.trailing_zeros() as usize;
        let w = 128 - union.leading_zeros() as usize - left;
        (top >> left, h, w)
    }

    fn shape(&self, part: Set) -> Shape {
        let (id, height, width) = self.corner(part);
        let mut rows = [0; MAX_ROWS];
        for (i, row) in rows[..height].iter_mut().enumerate() {
            *row = id >> (i * self.cols) & low(self.cols);
        }
        Shape {
            rows,
            height,
            width,
        }
    }

    /// The least of a part's images under the mirrors and the half turn,
    /// given the part moved to the top left corner (`h` rows, `w` columns).
    fn least_of_four(&self, id: Set, h: usize, w: usize) -> Set {
        let c = self.cols;
        let mask = low(c);
        // Reversing the bits of the box turns it half round.
        let half = id.reverse_bits() >> (128 - (h - 1) * c - w);
        let upside_down =
            |x: Set| (0..h).fold(0, |f, i| f | (x >> (i * c) & mask) << ((h - 1 - i) * c));
        id.min(half).min(upside_down(id)).min(upside_down(half))
    }

    /// The canonical form of a connected part: of its images under the
    /// grid's symmetries (mirrors, half turn, and the turns and diagonal
    /// mirrors when the part fits the grid turned), moved to the top left
    /// corner, the least as a number. Two parts with the same form are the
    /// same graph, so of the same value.
    pub fn canonical(&self, part: Set) -> Set {
        let (c, mask) = (self.cols, low(self.cols));
        let (id, h, w) = self.corner(part);
        let mut best = self.least_of_four(id, h, w);
        if w <= self.rows && h <= c {
            let mut turned: Set = 0;
            for i in 0..h {
                let row = id >> (i * c) & mask;
                for j in 0..w {
                    turned |= (row >> j & 1) << (j * c + i);
                }
            }
            best = best.min(self.least_of_four(turned, w, h));
        }
        best
    }

    /// Whether a copying strategy shows a connected part (in canonical
    /// form) is a P-position: a half turn maps it onto itself, fixes no
    /// vertex of it and maps no vertex onto a neighbour. Whatever vertex
    /// the first player takes, its image is still there for the second.
    pub fn copy_wins(&self, part: Set) -> bool {
        let s = self.shape(part);
        let (h, w) = (s.height, s.width);
        if !(0..h).all(|i| reflect(s.row(i), w) == s.row(h - 1 - i)) {
            return false;
        }
        // The cells a half turn fixes or swaps with a neighbour: the centre
        // cell, or the two middle ones, when the sides are not both even.
        match (h % 2, w % 2) {
            (0, 0) => true,
            (1, 1) => s.row(h / 2) >> (w / 2) & 1 == 0,
            (1, 0) => s.row(h / 2) >> (w / 2 - 1) & 1 == 0,
            _ => s.row(h / 2) >> (w / 2) & 1 == 0,
        }
    }

    /// Whether the first player wins a connected part (in canonical form)
    /// by one move and then copying: a symmetry maps the part onto itself
    /// with no vertex onto a neighbour, and one vertex it fixes has every
    /// fixed vertex within its reach (the centre of a half turn of an odd x
    /// odd box; on the axis of a mirror of odd width). Taking it leaves a
    /// position [`Grid::copy_wins`] would call a P-position.
    pub fn centre_then_copy(&self, part: Set) -> bool {
        let s = self.shape(part);
        let (h, w) = (s.height, s.width);
        let half_turn = (0..h).all(|i| reflect(s.row(i), w) == s.row(h - 1 - i));
        if half_turn && h % 2 == 1 && w % 2 == 1 && s.row(h / 2) >> (w / 2) & 1 == 1 {
            // The centre alone is fixed; copy_wins holds once it is taken.
            return true;
        }
        // A mirror of odd width across columns: the middle column is fixed,
        // and no vertex is next to its image.
        let across = w % 2 == 1 && (0..h).all(|i| reflect(s.row(i), w) == s.row(i));
        if across {
            let axis: Set = (0..h).fold(0, |a, i| a | (s.row(i) >> (w / 2) & 1) << i);
            if within_one_reach(axis) {
                return true;
            }
        }
        // A mirror of odd height across rows: the middle row is fixed.
        let down = h % 2 == 1 && (0..h).all(|i| s.row(i) == s.row(h - 1 - i));
        down && within_one_reach(s.row(h / 2))
    }
}

/// Whether the vertices of a line (bits of a row or column) all lie within
/// one vertex of it and its two neighbours on the line.
fn within_one_reach(line: Set) -> bool {
    line != 0 && {
        let first = line.trailing_zeros();
        let last = 127 - line.leading_zeros();
        match last - first {
            0 | 1 => true,
            2 => line >> (first + 1) & 1 == 1,
            _ => false,
        }
    }
}
