//! The heap representation against the game played on the row, and the
//! values CGSuite and the OEIS publish.

use std::ops::ControlFlow;

use proptest::prelude::*;

use super::code::TurningCode;
use super::moves::{count_moves, for_each_move};
use super::named::resolve;
use super::row::{self, Turn};
use super::values::coin_values;

/// The Grundy value of every row of `len` coins (bit `i` of the index is
/// coin `i + 1`, set for heads), by the mex over the moves read off the
/// code's definition: every set of coins left of a head, kept when the code
/// allows it with that head. A move lowers the index, so increasing order
/// is a topological order.
fn solve_rows(code: &TurningCode, len: u32) -> Vec<u64> {
    let mut g = vec![0u64; 1 << len];
    for pos in 0usize..1 << len {
        let mut opts = Vec::new();
        for n in 1..=len as u64 {
            if pos >> (n - 1) & 1 == 0 {
                continue;
            }
            for mask in 0usize..1 << (n - 1) {
                let mut set: Vec<u64> = (1..n).filter(|i| mask >> (i - 1) & 1 == 1).collect();
                set.push(n);
                if code.allows(&set) {
                    opts.push(g[pos ^ mask ^ (1 << (n - 1))]);
                }
            }
        }
        g[pos] = (0..).find(|v| !opts.contains(v)).unwrap();
    }
    g
}

fn bits(row: &[bool]) -> usize {
    row.iter()
        .enumerate()
        .filter(|p| *p.1)
        .map(|(i, _)| 1 << i)
        .sum()
}

fn code_strategy() -> impl Strategy<Value = String> {
    super::moves::tests::arb_code()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn the_heap_representation_plays_the_row(code in code_strategy(), len in 1u32..8, seed in any::<u64>()) {
        let c: TurningCode = code.parse().unwrap();
        let solved = solve_rows(&c, len);
        let g = coin_values(&c, u64::from(len)).unwrap();
        for (pos, &want) in solved.iter().enumerate() {
            let row: Vec<bool> = (0..len).map(|i| pos >> i & 1 == 1).collect();
            prop_assert_eq!(row::value(&row, &g), want, "{} at {:?}", code, row);
        }
        // Every winning move of one row, by the heap representation, is
        // exactly the set of moves to a 0 of the solved table.
        let pos = (seed as usize) & ((1 << len) - 1);
        let row: Vec<bool> = (0..len).map(|i| pos >> i & 1 == 1).collect();
        let mut fast: Vec<Turn> = row::winning_moves(&c, &row, &g, 1 << 20).unwrap();
        let mut slow = Vec::new();
        let _ = row::for_each_row_move(&c, &row, &mut |t| {
            if solved[bits(&row::apply(&row, &t))] == 0 {
                slow.push(t);
            }
            ControlFlow::Continue(())
        });
        fast.sort_by(|a, b| a.0.cmp(&b.0));
        slow.sort_by(|a, b| a.0.cmp(&b.0));
        prop_assert_eq!(fast, slow);
    }
}

/// CGSuite's test suite: the values of coins 1..20 and the number of
/// moves at coin 20 for ten codes.
#[test]
fn cgsuite_values_and_move_counts() {
    let published: [(&str, u64, [u64; 20]); 10] = [
        (
            "1-3",
            191,
            [
                1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
            ],
        ),
        (
            "1-9",
            169766,
            [
                1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192, 16384,
                26215, 32768, 43691,
            ],
        ),
        (
            "3",
            171,
            [
                0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35,
            ],
        ),
        (
            "1+C",
            20,
            [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4],
        ),
        (
            "1-3C(5)",
            11,
            [1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8],
        ),
        (
            "3C(5)",
            6,
            [0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4],
        ),
        (
            "1-5C",
            5,
            [1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4],
        ),
        (
            "3E",
            9,
            [0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4],
        ),
        (
            "4FS",
            9,
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3],
        ),
        (
            "1+S",
            2046,
            [
                1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28,
            ],
        ),
    ];
    for (code, moves, values) in published {
        let c: TurningCode = code.parse().unwrap();
        assert_eq!(&coin_values(&c, 20).unwrap()[1..], values, "{code}");
        assert_eq!(count_moves(&c, 20, u64::MAX - 1), moves, "{code}");
    }
    // CGSuite: the Mock Turtles strip htththtth has value 29.
    let (row, _) = row::parse_row("htththtth").unwrap();
    let g = coin_values(&"1-3".parse().unwrap(), 9).unwrap();
    assert_eq!(row::value(&row, &g), 29);
}

#[test]
fn mock_turtles_are_the_odious_numbers_and_ruler_the_2_adic_part() {
    // A000069 (odious numbers) and A006519 (largest power of 2 dividing n).
    let odious: Vec<u64> = (0u64..)
        .filter(|k| k.count_ones() % 2 == 1)
        .take(3000)
        .collect();
    let mock = coin_values(&resolve("mock-turtles").unwrap().1, 3000).unwrap();
    assert_eq!(&mock[1..], &odious[..]);
    let ruler = coin_values(&resolve("ruler").unwrap().1, 5000).unwrap();
    for n in 1..=5000u64 {
        assert_eq!(ruler[n as usize], n & n.wrapping_neg());
    }
    // Triplets: coin n plays as Mock Turtles' coin n - 2.
    let triplets = coin_values(&resolve("triplets").unwrap().1, 1000).unwrap();
    assert_eq!(&triplets[3..], &mock[1..999]);
    // Turtles and Twins: n and n - 1.
    let t = coin_values(&resolve("turtles").unwrap().1, 200).unwrap();
    let w = coin_values(&resolve("twins").unwrap().1, 200).unwrap();
    for n in 1..=200u64 {
        assert_eq!((t[n as usize], w[n as usize]), (n, n - 1));
    }
}

#[test]
fn grunt_is_grundys_game_shifted() {
    use crate::heap::rule::HeapRule;
    use crate::heap::sequence;
    let rule: HeapRule = "grundy".parse().unwrap();
    let heap = sequence::compute(&rule, 300, &Default::default()).unwrap();
    let grunt = coin_values(&resolve("grunt").unwrap().1, 301).unwrap();
    for n in 1..=301usize {
        assert_eq!(grunt[n], u64::from(heap[n - 1]), "coin {n}");
    }
}

#[test]
fn moebius_values_are_the_least_not_a_sum_of_four_earlier() {
    let g = coin_values(&resolve("moebius").unwrap().1, 40).unwrap();
    for n in 1..=40usize {
        let mut sums = std::collections::HashSet::new();
        let _ = for_each_move(&"1-5".parse().unwrap(), n as u64, &mut |o| {
            sums.insert(o.iter().fold(0, |a, &i| a ^ g[i as usize]));
            ControlFlow::Continue(())
        });
        assert!(!sums.contains(&g[n]));
        assert!((0..g[n]).all(|v| sums.contains(&v)));
    }
    assert_eq!(&g[1..8], [1, 2, 4, 8, 16, 31, 32]);
}

#[test]
fn block_predicates_are_their_lists() {
    let squares = coin_values(&"blocks:squares".parse().unwrap(), 200).unwrap();
    let listed = coin_values(
        &"blocks:1,4,9,16,25,36,49,64,81,100,121,144,169,196"
            .parse()
            .unwrap(),
        200,
    )
    .unwrap();
    assert_eq!(squares, listed);
    let fib = coin_values(&"blocks:fibonacci".parse().unwrap(), 200).unwrap();
    let fib_listed =
        coin_values(&"blocks:1,2,3,5,8,13,21,34,55,89,144".parse().unwrap(), 200).unwrap();
    assert_eq!(fib, fib_listed);
    let pow = coin_values(&"blocks:powers-of-two".parse().unwrap(), 100).unwrap();
    assert_eq!(
        pow,
        coin_values(&"1C,2C,4C,8C,16C,32C,64C".parse().unwrap(), 100).unwrap()
    );
}

#[test]
fn sizes_beyond_the_limits_are_refused() {
    use super::values::ValuesError;
    let c: TurningCode = "1-3".parse().unwrap();
    assert!(matches!(
        coin_values(&c, u64::MAX),
        Err(ValuesError::TooManyCoins { .. })
    ));
    let motley: TurningCode = "1+".parse().unwrap();
    assert!(matches!(
        coin_values(&motley, 100),
        Err(ValuesError::TooMuchWork { .. })
    ));
}

/// A code whose elements turn any one, two or three coins: a non-empty
/// subset of `{1, 2, 3}` written as a list of elements, sometimes as ranges.
fn up_to_three() -> impl Strategy<Value = String> {
    (1u8..8, any::<bool>()).prop_map(|(set, ranges)| {
        let ks: Vec<u8> = (1..=3).filter(|k| set >> (k - 1) & 1 == 1).collect();
        match (&ks[..], ranges) {
            ([1, 2, 3], true) => "1-3".to_string(),
            ([2, 3], true) => "2-3".to_string(),
            ([1, 2], true) => "1-2,2".to_string(),
            _ => ks.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn the_parity_shortcut_agrees_with_the_sets_of_nim_sums(code in up_to_three(), len in 0u64..1500) {
        let c: TurningCode = code.parse().unwrap();
        prop_assert_eq!(coin_values(&c, len).unwrap(), super::values::coin_values_by_sets(&c, len).unwrap(), "{}", code);
    }
}

#[test]
fn mock_turtles_and_triplets_reach_a_million_coins() {
    // A000069: the k-th odious number (from k = 0) is 2k, or 2k + 1 when k
    // is evil.
    let n = 1_000_000u64;
    let mock = coin_values(&resolve("mock-turtles").unwrap().1, n).unwrap();
    for k in 0..n {
        assert_eq!(
            mock[k as usize + 1],
            2 * k + u64::from(k.count_ones() % 2 == 0)
        );
    }
    let triplets = coin_values(&resolve("triplets").unwrap().1, n).unwrap();
    assert_eq!(triplets[1..3], [0, 0]);
    assert_eq!(&triplets[3..], &mock[1..n as usize - 1]);
    // The plain sets of nim-sums reach about 12,000 coins within the limits.
    let c: TurningCode = "1-3".parse().unwrap();
    let slow = super::values::coin_values_by_sets(&c, 8000).unwrap();
    assert_eq!(&slow[..], &mock[..8001]);
}

#[test]
fn a_block_option_past_the_count_of_options_is_seen() {
    // 2,3C: coin 4's block 4,3,2 leaves g(3) ^ g(2) = 3, a value larger
    // than the number of block options, beside the plain options 0, 1, 2.
    let c: TurningCode = "2,3C".parse().unwrap();
    assert_eq!(coin_values(&c, 4).unwrap(), [0, 0, 1, 2, 4]);
}
