//! The engine against the plain mex recursion on a take-and-break game of
//! heaps, with random rules: a move takes some tokens from a heap and may
//! leave the rest as two heaps. Heaps are components, so sums, pairs and
//! values of 64 and more (Nim's heaps) are all met.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

/// Heaps where a move takes `t` tokens, `t` in `take`, and leaves the rest
/// as one heap, or as two non-empty heaps when `split` allows.
#[derive(Clone, Debug)]
struct Heaps {
    take: Vec<u32>,
    split: bool,
}

impl Heaps {
    fn after(&self, h: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for &t in &self.take {
            if t > h {
                continue;
            }
            let rest = h - t;
            out.push(vec![rest]);
            if self.split {
                for a in 1..rest {
                    if a <= rest - a {
                        out.push(vec![a, rest - a]);
                    }
                }
            }
        }
        out
    }

    /// The value of a heap by the mex of its options' nim-sums.
    fn plain(&self, h: u32, memo: &mut HashMap<u32, u32>) -> u32 {
        if let Some(&v) = memo.get(&h) {
            return v;
        }
        let seen: Vec<u64> = self
            .after(h)
            .iter()
            .map(|p| p.iter().fold(0, |x, &k| x ^ self.plain(k, memo)) as u64)
            .collect();
        let v = crate::nimber::mex(seen) as u32;
        memo.insert(h, v);
        v
    }
}

impl Split for Heaps {
    type Position = Vec<u32>;
    type Key = u32;
    fn components(&self, p: &Vec<u32>, out: &mut Vec<u32>) {
        out.extend(p.iter().filter(|&&h| h > 0));
    }
    fn options(&self, h: &u32, out: &mut Vec<Vec<u32>>) {
        out.extend(self.after(*h));
    }
    fn size(&self, h: &u32) -> u32 {
        *h
    }
}

fn rules() -> impl Strategy<Value = Heaps> {
    (prop::collection::btree_set(1u32..6, 1..4), any::<bool>()).prop_map(|(take, split)| Heaps {
        take: take.into_iter().collect(),
        split,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Values of sums, P-positions, and the answers of the search for a
    /// set of wanted values: a value when it is wanted, and never a wrong
    /// one.
    #[test]
    fn search_is_the_mex_recursion(
        game in rules(),
        sum in prop::collection::vec(0u32..40, 1..4),
        asks in prop::collection::vec((0u32..40, any::<u64>()), 8),
    ) {
        let mut memo = HashMap::new();
        let want: u32 = sum.iter().fold(0, |x, &h| x ^ game.plain(h, &mut memo));
        let plain: Vec<u32> = (0..40).map(|h| game.plain(h, &mut memo)).collect();
        let mut s = Search::new(game, 1 << 24);
        for (h, wanted) in asks {
            if h == 0 {
                continue;
            }
            let wanted = wanted & (wanted >> 7); // sparse sets
            let got = s.in_set(h, wanted).unwrap();
            let v = plain[h as usize];
            if let Some(g) = got {
                prop_assert_eq!(g, v);
            } else {
                prop_assert!(v >= 64 || wanted >> v & 1 == 0, "heap {} value {} wanted {:b}", h, v, wanted);
            }
            if v < 64 && wanted >> v & 1 == 1 {
                prop_assert_eq!(got, Some(v));
            }
        }
        prop_assert_eq!(s.is_zero(&sum).unwrap(), want == 0);
        prop_assert_eq!(s.value(&sum).unwrap(), want);
        for h in 1..40 {
            prop_assert_eq!(s.component(h).unwrap(), plain[h as usize]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    /// Threads change no value: with two or three threads sharing the
    /// table, sums of big heaps (so that the top component has many
    /// options to share out) have the plain recursion's values, and every
    /// smaller heap then has its value too.
    #[test]
    fn threads_change_no_value(
        game in rules(),
        sum in prop::collection::vec(20u32..60, 1..3),
        threads in 2usize..4,
    ) {
        let mut memo = HashMap::new();
        let want: u32 = sum.iter().fold(0, |x, &h| x ^ game.plain(h, &mut memo));
        let plain: Vec<u32> = (0..60).map(|h| game.plain(h, &mut memo)).collect();
        let mut s = Search::new(game, 1 << 24).with_threads(threads);
        prop_assert_eq!(s.value(&sum).unwrap(), want);
        for h in 1..60 {
            prop_assert_eq!(s.component(h).unwrap(), plain[h as usize]);
        }
    }
}

/// A table too small for the search is refused with two threads as with
/// one, and the engine says so rather than answering.
#[test]
fn threads_refuse_a_full_table() {
    let game = Heaps {
        take: vec![1, 2, 3],
        split: true,
    };
    let mut s = Search::new(game, 2048).with_threads(2);
    assert!(s.value(&vec![200]).is_err());
}

/// Nim's heaps past 63: the candidates past what a mask holds.
#[test]
fn large_values() {
    let nim = Heaps {
        take: (1..=100).collect(),
        split: false,
    };
    let mut s = Search::new(nim, 1 << 24);
    assert_eq!(s.value(&vec![70, 3]), Ok(69));
    assert!(matches!(s.in_set(90, 1 << 5), Ok(None | Some(90))));
    assert_eq!(s.component(90), Ok(90));
    assert_eq!(s.is_zero(&vec![64, 64]), Ok(true));
    assert_eq!(s.is_zero(&vec![65, 64]), Ok(false));
}

/// Outgrown arrays of the table are freed once no thread may still read
/// them: after a search on one thread, and after one on two.
#[test]
fn outgrown_arrays_are_freed() {
    let game = Heaps {
        take: vec![1, 2, 5],
        split: true,
    };
    for threads in [1, 2] {
        // Four shards of 8 slots at first, up to 64 each.
        let mut s = Search::new(game.clone(), 1 << 13).with_threads(threads);
        let v = game.plain(100, &mut HashMap::new());
        assert_eq!(s.value(&vec![100, 1]), Ok(v ^ 1));
        assert!(s.stored() > 4 * 8, "the table grew");
        // Other tests' threads may hold guards for a moment.
        let mut tries = 0;
        while s.table.arrays() > s.table.shards() && tries < 10_000 {
            epoch::pin().flush();
            std::thread::yield_now();
            tries += 1;
        }
        assert_eq!(s.table.arrays(), s.table.shards(), "{threads} threads");
    }
}
