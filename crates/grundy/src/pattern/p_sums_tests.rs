use super::*;
use crate::games::twoheap::TwoHeapGame;
use crate::pattern::report::Report;
use proptest::prelude::*;
use std::sync::OnceLock;

/// The largest N checked against the table.
const LAST: usize = 300;

/// The game's table `G(x, y)`, `x, y <= LAST`, and the finding of its
/// P-positions (from a smaller table).
fn game(name: &str) -> (Vec<u32>, Finding) {
    let g: TwoHeapGame = name.parse().unwrap();
    let r = Report::two_heap(g, 150).unwrap();
    let f = r
        .findings
        .into_iter()
        .find(|f| f.is_p_position(0, 0).is_some())
        .unwrap_or_else(|| panic!("{name}: no pattern"));
    (g.values(LAST + 1, LAST + 1), f)
}

fn games() -> &'static [(Vec<u32>, Finding)] {
    static GAMES: OnceLock<Vec<(Vec<u32>, Finding)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        ["euclid", "wythoff", "r-wythoff:2", "r-wythoff:3"]
            .iter()
            .map(|g| game(g))
            .collect()
    })
}

/// Count and sum read off the table.
fn plain(values: &[u32], n: usize) -> (u64, u64) {
    let (mut count, mut sum) = (0, 0);
    for x in 1..=n {
        for y in x + 1..=n {
            if values[x * (LAST + 1) + y] == 0 {
                count += 1;
                sum += (x + y) as u64;
            }
        }
    }
    (count, sum)
}

#[test]
fn published_values_and_refusals() {
    let (_, euclid) = &games()[0];
    assert!(matches!(euclid.model, Model::Wedge(_)));
    assert_eq!(p_sums(euclid, 10, None).unwrap().sum, "211");
    assert_eq!(p_sums(euclid, 0, None).unwrap().count, "0");
    assert_eq!(p_sums(euclid, 1, None).unwrap().count, "0");
    assert!(p_sums(euclid, 10, Some(0)).is_err());
    let big = p_sums(euclid, u64::MAX, Some(7)).unwrap();
    assert!(big.sum.parse::<u64>().unwrap() < 7);
    let (_, wythoff) = &games()[1];
    // (1, 2), (3, 5), (4, 7), (6, 10).
    let w = p_sums(wythoff, 10, None).unwrap();
    assert_eq!((w.count.as_str(), w.sum.as_str()), ("4", "38"));
}

proptest! {
    #[test]
    fn the_sums_are_the_tables(which in 0usize..4, n in 0usize..=LAST) {
        let (values, f) = &games()[which];
        let s = p_sums(f, n as u64, None).unwrap();
        let (count, sum) = plain(values, n);
        prop_assert_eq!((s.count, s.sum), (count.to_string(), sum.to_string()));
    }
}
