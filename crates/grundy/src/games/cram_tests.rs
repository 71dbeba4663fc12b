use std::collections::HashMap;

use proptest::prelude::*;

use super::*;
use crate::search::Search;

/// The mex recursion over whole boards: no regions, no symmetry, no facts.
fn plain(b: &Board, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&b.free) {
        return v;
    }
    let seen: Vec<u64> = b
        .dominoes()
        .into_iter()
        .map(|(x, y)| plain(&b.cover(1 << x | 1 << y), memo) as u64)
        .collect();
    let v = crate::nimber::mex(seen) as u32;
    memo.insert(b.free, v);
    v
}

fn plain_value(b: &Board) -> u32 {
    plain(b, &mut HashMap::new())
}

fn search() -> Search<Cram> {
    Search::new(Cram::new(), 1 << 28)
}

/// The board `b` under the symmetry `s` of the rectangle (bit 0: mirror
/// across, bit 1: mirror down, bit 2: transpose).
fn image(b: &Board, s: u8) -> Board {
    let (n, w) = (b.rows(), b.cols());
    let (rows, cols) = if s & 4 != 0 { (w, n) } else { (n, w) };
    let mut out = Board::empty(rows, cols).with_free(0);
    for r in 0..n {
        for c in 0..w {
            if b.is_free(r, c) {
                let c2 = if s & 1 != 0 { w - 1 - c } else { c };
                let r2 = if s & 2 != 0 { n - 1 - r } else { r };
                let (r3, c3) = if s & 4 != 0 { (c2, r2) } else { (r2, c2) };
                out = out.with_free(out.free() | 1 << (r3 * cols + c3));
            }
        }
    }
    out
}

fn boards(most_free: u32) -> impl Strategy<Value = Board> {
    (1usize..7, 1usize..7, any::<u64>()).prop_map(move |(r, c, mask)| {
        let b = Board::empty(r, c);
        // Keep at most `most_free` empty cells.
        let mut free = b.free() & mask;
        while free.count_ones() > most_free {
            free &= free - 1;
        }
        b.with_free(free)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Regions, canonical forms and known facts change nothing: every
    /// random board has the value of the plain recursion, and so has every
    /// board one domino leaves (found in the table alone).
    #[test]
    fn values_are_the_mex_recursion(b in boards(12)) {
        let mut s = search();
        let mut memo = HashMap::new();
        prop_assert_eq!(s.value(&b).unwrap(), plain(&b, &mut memo));
        for (x, y) in b.dominoes() {
            let after = b.cover(1 << x | 1 << y);
            let want = plain(&after, &mut memo);
            let got = s.known_value(&after).unwrap_or_else(|| s.value(&after).unwrap());
            prop_assert_eq!(got, want);
        }
    }

    /// A region and its images under the symmetries of the rectangle, moved
    /// anywhere on a board, have one key; the key's board has their value.
    #[test]
    fn keys_are_canonical(b in boards(14), s in 0u8..8, shift in 0usize..3) {
        for part in b.regions() {
            let key = canonical(part, b.cols());
            let alone = b.with_free(part);
            let turned = image(&alone, s);
            prop_assert_eq!(canonical(turned.free(), turned.cols()), key);
            // The same region on a wider board, moved right.
            let wide = Board::empty(b.rows(), b.cols() + shift);
            let mut moved = 0u64;
            for i in bits(part) {
                let (r, c) = (i / b.cols(), i % b.cols());
                moved |= 1 << (r * wide.cols() + c + shift);
            }
            if wide.rows() * wide.cols() <= MAX_CELLS {
                prop_assert_eq!(canonical(moved, wide.cols()), key);
            }
            prop_assert_eq!(plain_value(&key_board(key)), plain_value(&alone));
        }
    }

    /// The symmetry strategy: a board that a half turn or a mirror maps
    /// onto itself, with no domino its own image, has value 0 by the plain
    /// recursion whenever the fact says so.
    #[test]
    fn symmetric_boards_are_zero(b in boards(36), s in 0u8..3) {
        // Half turn, mirror across, mirror down: the board met with its image.
        let sym = match s { 0 => 3, 1 => 1, _ => 2 };
        let f = b.free() & image(&b, sym).free();
        let sym_board = b.with_free(f);
        if sym_board.free_cells() <= 18 && symmetric_zero(&sym_board) {
            prop_assert_eq!(plain_value(&sym_board), 0);
        }
        if symmetric_zero(&b) && b.free_cells() <= 18 {
            prop_assert_eq!(plain_value(&b), 0);
        }
    }

    /// Beling's reductions keep the value: a board and what `reduce`
    /// leaves of it have the same value by the plain recursion.
    #[test]
    fn reductions_keep_the_value(b in boards(16)) {
        let reduced = b.with_free(reduce(b.free(), b.cols()));
        prop_assert!(reduced.free() & !b.free() == 0);
        prop_assert_eq!(plain_value(&reduced), plain_value(&b));
    }

    /// Splitting at twin links keeps the value: a random board with a
    /// square of twin corners planted in it (its outer neighbours blocked,
    /// on one diagonal or the other) has the plain recursion's value as
    /// the nim-sum of its parts, each valued by the plain recursion too.
    #[test]
    fn twin_links_keep_the_value(
        b in boards(14),
        at in 0usize..36,
        anti in any::<bool>(),
    ) {
        let (n, w) = (b.rows(), b.cols());
        prop_assume!(n >= 2 && w >= 2);
        let (r, c) = (at / 6 % (n - 1), at % 6 % (w - 1));
        let cell = |r: usize, c: usize| 1u64 << (r * w + c);
        let square = cell(r, c) | cell(r, c + 1) | cell(r + 1, c) | cell(r + 1, c + 1);
        // The outer neighbours of the two twin corners.
        let mut outer = 0;
        let corners = if anti { [(r, c + 1), (r + 1, c)] } else { [(r, c), (r + 1, c + 1)] };
        for (y, x) in corners {
            for (dy, dx) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (y2, x2) = (y as isize + dy, x as isize + dx);
                if (0..n as isize).contains(&y2) && (0..w as isize).contains(&x2) {
                    outer |= cell(y2 as usize, x2 as usize);
                }
            }
        }
        let planted = b.with_free((b.free() | square) & !(outer & !square));
        prop_assert_ne!(twin_links(planted.free(), w), 0);
        let mut parts = Vec::new();
        push_parts(planted.free(), w, &mut parts);
        let sum = parts.iter().fold(0, |s, &k| s ^ plain_value(&key_board(k)));
        prop_assert_eq!(sum, plain_value(&planted));
        prop_assert_eq!(search().value(&planted).unwrap(), sum);
    }

    /// A board a half turn maps onto itself, with the one domino that is
    /// its own image empty, is an N-position by the plain recursion
    /// whenever the fact says so (the centre domino is added when the
    /// board's shape has one, so that the fact is tried often).
    #[test]
    fn centre_domino_then_copy_wins(b in boards(36)) {
        let (n, w) = (b.rows(), b.cols());
        let centre = match (n % 2, w % 2) {
            (1, 0) => 3 << ((n / 2) * w + w / 2 - 1),
            (0, 1) => {
                let a = (n / 2 - 1) * w + w / 2;
                1 << a | 1 << (a + w)
            }
            _ => 0,
        };
        let sym = b.with_free((b.free() & image(&b, 3).free()) | centre);
        prop_assert_eq!(centre_then_copy(&sym), centre != 0);
        if sym.free_cells() <= 18 && centre != 0 {
            prop_assert_ne!(plain_value(&sym), 0);
        }
    }
}

#[test]
fn reductions_take_what_they_should() {
    // ('.' empty, '#' blocked; the cells left, counted)
    let cases = [
        ("#.#/.../#.#", 2), // a plus: its centre and one arm
        ("...", 2),         // a strip of 3: a domino
        (".../.#./...", 8), // a ring: nothing to take
        (".../.#.", 4),     // the same, the bridge in the top row
        ("..../.##.", 6),   // nothing to take
        ("....", 4),
        ("#.##/..../.##.", 6), // a bridge in the middle row
        ("#.#/###/#.#", 0),    // lone cells
    ];
    for (text, want) in cases {
        let b = Board::parse(text).unwrap();
        let got = reduce(b.free(), b.cols());
        assert_eq!(got.count_ones(), want, "{text}: left {}", b.with_free(got));
        assert_eq!(plain_value(&b.with_free(got)), plain_value(&b), "{text}");
    }
}
#[test]
fn the_fact_finds_symmetric_boards() {
    for text in ["4x4", "2x6", "3x3", "....#/..#../#...."] {
        let b = Board::parse(text).unwrap();
        let centre_free = text == "3x3";
        assert_eq!(symmetric_zero(&b), !centre_free, "{text}");
    }
    // The 3 x 3 board with its centre blocked is a P-position.
    let ring = Board::parse(".../.#./...").unwrap();
    assert!(symmetric_zero(&ring));
    assert_eq!(plain_value(&ring), 0);
    // The middle domino of a 2 x 3 board is its own image under a half
    // turn: the first player wins.
    assert!(!symmetric_zero(&Board::parse("2x3").unwrap()));
}

#[test]
fn strips_are_dawsons_kayles() {
    let mut s = search();
    // OEIS A215721: the 1 x n boards the second player wins.
    let zeros = [1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59];
    for n in 1..=60 {
        let b = Board::parse(&format!("1x{n}")).unwrap();
        let v = s.value(&b).unwrap();
        assert_eq!(v == 0, zeros.contains(&n), "1x{n}");
        let down = Board::parse(&format!("{}x1", n.min(26))).unwrap();
        assert_eq!(s.value(&down).unwrap(), s.game().strip(n.min(26)));
        if n <= 16 {
            assert_eq!(v, plain_value(&b), "1x{n}");
        }
    }
}

#[test]
fn symmetry_strategies_decide_small_boards() {
    // Even x even: the second player wins; even x odd: the first.
    for r in 1..=4 {
        for c in 1..=4 {
            let b = Board::empty(r, c);
            let v = plain_value(&b);
            if r % 2 == 0 && c % 2 == 0 {
                assert_eq!(v, 0, "{r}x{c}");
            }
            if (r * c) % 2 == 0 && (r % 2 == 1 || c % 2 == 1) && r * c > 0 {
                assert_ne!(v, 0, "{r}x{c}");
            }
            assert_eq!(search().value(&b).unwrap(), v, "{r}x{c}");
        }
    }
}

#[test]
fn published_values() {
    // Beling's table of R x C boards (and Lemoine and Viennot's before it).
    let mut s = search();
    for (r, c, want) in [
        (3, 3, 0),
        (3, 4, 1),
        (4, 4, 0),
        (4, 5, 2),
        (5, 5, 0),
        (4, 6, 0),
    ] {
        assert_eq!(s.value(&Board::empty(r, c)).unwrap(), want, "{r}x{c}");
        assert_eq!(s.value(&Board::empty(c, r)).unwrap(), want, "{c}x{r}");
    }
    // A few seconds in a release build.
    if cfg!(not(debug_assertions)) {
        assert_eq!(s.value(&Board::empty(5, 7)).unwrap(), 1, "5x7");
    }
}

#[test]
fn boards_read_and_write() {
    let b = Board::parse("..#/.../...").unwrap();
    assert_eq!((b.rows(), b.cols(), b.free_cells()), (3, 3, 8));
    assert_eq!(b.to_string(), "..#/.../...");
    assert_eq!(Board::parse(&b.to_string()).unwrap(), b);
    assert_eq!(Board::parse(" 5X7 ").unwrap(), Board::empty(5, 7));
    assert_eq!(b.cell_name(5), "b3");
    assert_eq!(b.cell("B3"), Some(5));
    assert_eq!(b.cell("d1"), None);
    assert_eq!(b.dominoes().len(), 10);
    assert_eq!(b.domino_count(), 10);
    for bad in ["", "0x3", "3x", "8x8", "27x1", "../.", "..a", "x"] {
        assert!(Board::parse(bad).is_err(), "{bad}");
    }
    let too_big = Search::new(Cram::new(), 1000).value(&Board::empty(5, 7));
    assert!(too_big.unwrap_err().to_string().contains("too large"));
}
