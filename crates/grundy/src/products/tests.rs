//! Products against their definitions: exhaustive play on small boards,
//! listing against counting, Turning Corners, and CGSuite's tables.

use std::ops::ControlFlow;

use proptest::prelude::*;

use super::acrostic::Acrostic;
use super::side::Side;
use super::tartan::Tartan;
use crate::games::corners::{self, Board};

/// The moves of a side at coin `n` as 0-based cells, the corner last.
fn cells(side: &Side, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let _ = side.for_each_move_value(n as u64 + 1, &mut |_, others| {
        let mut m: Vec<usize> = others.iter().map(|&i| i as usize - 1).collect();
        m.push(n);
        out.push(m);
        ControlFlow::Continue(())
    });
    out
}

/// The value of every board of `rows × cols` cells (bit `x * cols + y`
/// set for a head), by the mex over the product's moves as defined; a
/// move clears its corner, the highest bit it touches, so increasing
/// order is a topological order.
fn solve(g: &Side, h: &Side, acrostic: bool) -> Vec<u64> {
    let (rows, cols) = (g.len(), h.len());
    let bit = |x: usize, y: usize| 1usize << (x * cols + y);
    let mut flips: Vec<Vec<usize>> = vec![Vec::new(); rows * cols];
    for x in 0..rows {
        for y in 0..cols {
            let f = &mut flips[x * cols + y];
            if acrostic {
                f.extend(
                    cells(g, x)
                        .iter()
                        .map(|a| a.iter().map(|&i| bit(i, y)).sum::<usize>()),
                );
                f.extend(
                    cells(h, y)
                        .iter()
                        .map(|b| b.iter().map(|&j| bit(x, j)).sum::<usize>()),
                );
            } else {
                for a in cells(g, x) {
                    for b in cells(h, y) {
                        f.push(
                            a.iter()
                                .flat_map(|&i| b.iter().map(move |&j| bit(i, j)))
                                .sum(),
                        );
                    }
                }
            }
        }
    }
    let mut value = vec![0u64; 1 << (rows * cols)];
    for pos in 0..value.len() {
        let mut opts: Vec<u64> = (0..rows * cols)
            .filter(|&c| pos >> c & 1 == 1)
            .flat_map(|c| flips[c].iter().map(move |&m| pos ^ m))
            .map(|q| value[q])
            .collect();
        opts.sort_unstable();
        opts.dedup();
        value[pos] = (0..).find(|v| opts.binary_search(v).is_err()).unwrap();
    }
    value
}

fn board(rows: usize, cols: usize, mask: u64) -> Board {
    Board::new(
        rows,
        cols,
        (0..rows * cols)
            .map(|i| mask >> (i % 64) & 1 == 1)
            .collect(),
    )
}

fn small_code() -> impl Strategy<Value = String> {
    crate::turning::moves::tests::arb_code()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn the_tartan_theorem_and_the_acrostic_table_play_the_board(
        cg in small_code(), ch in small_code(), rows in 1usize..4, cols in 1usize..5,
    ) {
        let (g, h) = (Side::new(&cg, rows).unwrap(), Side::new(&ch, cols).unwrap());
        let tartan = Tartan::new(g.clone(), h.clone());
        let acrostic = Acrostic::new(g.clone(), h.clone()).unwrap();
        let direct = solve(&g, &h, false);
        let across = solve(&g, &h, true);
        for pos in 0..direct.len() {
            let b = board(rows, cols, pos as u64);
            prop_assert_eq!(tartan.value(&b), direct[pos], "{} x {}", cg, ch);
            prop_assert_eq!(acrostic.value(&b), across[pos], "{} acrostic {}", cg, ch);
        }
        // Every listed winning move reaches a 0 of the solved table, and
        // every move that does is listed.
        let b = board(rows, cols, (direct.len() as u64 - 1) / 3);
        let bits = |b: &Board| (0..rows * cols).filter(|&c| b.is_white(c / cols, c % cols)).map(|c| 1usize << c).sum::<usize>();
        for (listed, table) in [(tartan.list_winning(&b), &direct), (acrostic.list_winning(&b), &across)] {
            for m in &listed {
                prop_assert_eq!(table[bits(&m.apply(&b))], 0);
            }
            let zeros = (0..rows * cols)
                .filter(|&c| b.is_white(c / cols, c % cols))
                .count();
            prop_assert!(table[bits(&b)] == 0 || !listed.is_empty() || zeros == 0);
        }
    }

    #[test]
    fn counted_winning_moves_are_the_listed_ones(
        cg in prop_oneof![Just("1-2"), Just("2"), Just("1+C"), Just("1-3C"), Just("3E"), Just("4FS"), Just("blocks:squares"), Just("1-3C(5)"), Just("1-3"), Just("3")],
        ch in prop_oneof![Just("1-2"), Just("2"), Just("1+C"), Just("1-5C"), Just("3E"), Just("4FS"), Just("blocks:1,4"), Just("1,3"), Just("1-3"), Just("2-3")],
        rows in 1usize..=64, cols in 1usize..=64, density in 0u32..4, seed in any::<u64>(),
    ) {
        let t = Tartan::new(Side::new(cg, rows).unwrap(), Side::new(ch, cols).unwrap());
        let mut s = seed | 1;
        let white: Vec<bool> = (0..rows * cols).map(|_| {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            (s % 4) as u32 >= density
        }).collect();
        let b = Board::new(rows, cols, white);
        // The listing recomputes every move cell by cell: keep it quick.
        let weight = |side: &Side, n: usize| cells(side, n).iter().map(Vec::len).sum::<usize>() as u64;
        let (wg, wh): (Vec<u64>, Vec<u64>) = ((0..rows).map(|x| weight(&t.g, x)).collect(), (0..cols).map(|y| weight(&t.h, y)).collect());
        let cost: u64 = (0..rows * cols).filter(|&c| b.is_white(c / cols, c % cols)).map(|c| wg[c / cols] * wh[c % cols]).sum();
        prop_assume!(cost < 20_000_000);
        let listed = t.list_winning(&b);
        prop_assert_eq!(t.count_winning(&b).unwrap(), listed.len() as u128);
        match t.winning_move(&b).unwrap() {
            Some(m) => prop_assert!(listed.contains(&m)),
            None => prop_assert!(listed.is_empty()),
        }
        if density == 0 {
            prop_assert_eq!(t.all_heads_value(), t.value(&b));
            prop_assert_eq!(t.count_all_heads().unwrap(), listed.len() as u128);
            match t.all_heads_winning_move().unwrap() {
                Some(m) => prop_assert!(listed.contains(&m)),
                None => prop_assert!(listed.is_empty()),
            }
            match t.all_heads_winning_move_by_values().unwrap() {
                Some(m) => prop_assert!(listed.contains(&m)),
                None => prop_assert!(listed.is_empty()),
            }
        }
    }

    #[test]
    fn twins_times_twins_is_turning_corners(rows in 1usize..12, cols in 1usize..12, mask in any::<u64>()) {
        let t = Tartan::new(Side::new("twins", rows).unwrap(), Side::new("twins", cols).unwrap());
        let b = board(rows, cols, mask);
        prop_assert_eq!(t.value(&b), corners::value(&b).0);
        prop_assert_eq!(t.count_winning(&b).unwrap(), corners::winning_moves(&b).len() as u128);
    }
}

#[test]
fn acrostic_twins_is_rook_nim() {
    let a = Acrostic::new(
        Side::new("twins", 20).unwrap(),
        Side::new("twins", 20).unwrap(),
    )
    .unwrap();
    for x in 0..20 {
        for y in 0..20 {
            assert_eq!(a.cell_value(x, y), (x ^ y) as u64);
        }
    }
}

/// CGSuite's tables (row and column 0 there are heap 0; ours start at
/// coin 1): Turnips × Grunt (tartan) and Motley × Ruler (acrostic).
#[test]
fn cgsuite_product_tables() {
    let turnips_grunt: [[u64; 21]; 9] = [
        [0; 21],
        [0; 21],
        [0; 21],
        [
            0, 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
        ],
        [0; 21],
        [0; 21],
        [
            0, 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
        ],
        [
            0, 0, 0, 0, 2, 0, 3, 2, 0, 3, 2, 0, 3, 2, 1, 3, 2, 1, 3, 8, 1,
        ],
        [
            0, 0, 0, 0, 2, 0, 3, 2, 0, 3, 2, 0, 3, 2, 1, 3, 2, 1, 3, 8, 1,
        ],
    ];
    let t = Tartan::new(
        Side::new("turnips", 8).unwrap(),
        Side::new("grunt", 20).unwrap(),
    );
    for (m, row) in turnips_grunt.iter().enumerate().skip(1) {
        for (n, &want) in row.iter().enumerate().skip(1) {
            assert_eq!(t.cell_value(m - 1, n - 1), want, "({m},{n})");
        }
    }
    let motley_ruler: [[u64; 21]; 6] = [
        [
            0, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4,
        ],
        [
            1, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4,
        ],
        [
            2, 2, 1, 2, 5, 2, 1, 2, 9, 2, 1, 2, 5, 2, 1, 2, 17, 2, 1, 2, 5,
        ],
        [
            4, 4, 5, 4, 2, 4, 5, 4, 10, 4, 5, 4, 2, 4, 5, 4, 18, 4, 5, 4, 2,
        ],
        [
            8, 8, 9, 8, 10, 8, 9, 8, 4, 8, 9, 8, 10, 8, 9, 8, 20, 8, 9, 8, 10,
        ],
        [
            16, 16, 17, 16, 18, 16, 17, 16, 20, 16, 17, 16, 18, 16, 17, 16, 8, 16, 17, 16, 18,
        ],
    ];
    let a = Acrostic::new(
        Side::new("motley", 5).unwrap(),
        Side::new("ruler", 20).unwrap(),
    )
    .unwrap();
    for (m, row) in motley_ruler.iter().enumerate().skip(1) {
        for (n, &want) in row.iter().enumerate().skip(1) {
            assert_eq!(a.cell_value(m - 1, n - 1), want, "({m},{n})");
        }
    }
}
