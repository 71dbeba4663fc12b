use super::kernels::hits16;
#[cfg(feature = "threads")]
use super::pipeline::PARALLEL_FROM;
use super::*;
use crate::heap::code::code_strategy;
use proptest::prelude::*;

use crate::heap::naive::code_sequence as plain;

fn rc(code: &str, n: usize) -> Vec<u32> {
    let rule: TakeBreak = code.parse().unwrap();
    let mut e = RcEngine::<u16>::new(&rule).unwrap();
    e.extend_to(n).unwrap();
    (0..=n).map(|x| e.value(x)).collect()
}

#[test]
fn known_sequences() {
    // Kayles, Dawson's Kayles, Grundy's game.
    assert_eq!(rc("0.77", 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    assert_eq!(rc("0.07", 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
    assert_eq!(
        rc("4!.0", 16),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3]
    );
}

#[test]
fn agrees_with_plain_mex_on_long_runs() {
    for code in [
        "0.6", "0.14", "0.376", "4!.0", "0.16", "4.7", "0.007", "0.56", "0.6!",
    ] {
        let rule: TakeBreak = code.parse().unwrap();
        assert_eq!(rc(code, 3000), plain(&rule, 3000), "{code}");
    }
}

#[test]
fn threads_give_the_same_values() {
    // 0.04 passes the value 512 near heap 40000, where its runs of heaps
    // grow shorter (tables of 1024 bytes).
    for code in ["0.6", "0.376", "4!.0", "0.14", "0.165", "0.04"] {
        let rule: TakeBreak = code.parse().unwrap();
        let mut one = RcEngine::<u16>::new(&rule).unwrap();
        one.extend_to(60000).unwrap();
        let mut two = RcEngine::<u16>::new(&rule).unwrap();
        two.extend_to_threads(25000, 2).unwrap();
        two.extend_to_threads(60000, 3).unwrap();
        assert_eq!(one.cells(), two.cells(), "{code}");
    }
}

#[test]
fn picks_a_sparse_split_for_kayles_like_games() {
    let rule: TakeBreak = "0.6".parse().unwrap();
    let mut e = RcEngine::<u16>::new(&rule).unwrap();
    e.extend_to(20000).unwrap();
    let s = e.stats();
    assert!(s.split.is_some());
    assert!(s.rare_count < 2000, "{s:?}");
}

#[test]
fn refuses_what_it_cannot_do() {
    for code in ["0.[3]", "0.8", "8.1"] {
        let rule: TakeBreak = code.parse().unwrap();
        assert!(matches!(
            RcEngine::<u16>::new(&rule),
            Err(RcError::Unsupported(_))
        ));
    }
}

/// Two-bit cells, to see an overflow without huge runs.
#[derive(Clone, Copy, Default)]
struct Tiny(u8);

impl StoredValue for Tiny {
    const LIMIT: u32 = 3;
    fn get(self) -> u32 {
        self.0 as u32
    }
    fn put(v: u32) -> Self {
        Tiny(v as u8)
    }
}

#[test]
fn overflow_is_reported() {
    // Kayles reaches 4 at heap 5.
    let rule: TakeBreak = "0.77".parse().unwrap();
    let mut e = RcEngine::<Tiny>::new(&rule).unwrap();
    assert_eq!(
        e.extend_to(100),
        Err(RcError::Overflow {
            position: 5,
            value: 4,
            bits: 2
        })
    );
    assert_eq!(e.last(), 4);
}

/// The options of `xs[i]` with `ys[len - 1 - i]` that are in `want`.
fn plain_hits(xs: &[u32], ys: &[u32], want: &[u32; WANTED]) -> u32 {
    let options: Vec<u32> = xs.iter().zip(ys.iter().rev()).map(|(x, y)| x ^ y).collect();
    (0..WANTED)
        .filter(|&j| options.contains(&want[j]))
        .map(|j| 1 << j)
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    #[test]
    fn comparing_finds_the_options_marking_would(
        pairs in proptest::collection::vec((0u32..64, 0u32..64), 0..600),
        mut want in proptest::collection::vec(0u32..64, 1..=WANTED),
    ) {
        let (xs, ys): (Vec<u32>, Vec<u32>) = pairs.into_iter().unzip();
        let last = *want.last().unwrap();
        want.resize(WANTED, last);
        let want: [u32; WANTED] = want.try_into().unwrap();
        let expected = plain_hits(&xs, &ys, &want);
        prop_assert_eq!(<u32 as StoredValue>::hits(&xs, &ys, &want), expected);
        let xs16: Vec<u16> = xs.iter().map(|&x| x as u16).collect();
        let ys16: Vec<u16> = ys.iter().map(|&y| y as u16).collect();
        prop_assert_eq!(<u16 as StoredValue>::hits(&xs16, &ys16, &want), expected);
        // Both widths of the portable loop, whatever the processor.
        let want16 = want.map(|w| w as u16);
        if want[3..].iter().all(|&w| w == last) {
            prop_assert_eq!(hits16::<4>(&xs16, &ys16, &want16), expected);
        }
        prop_assert_eq!(hits16::<WANTED>(&xs16, &ys16, &want16), expected);
        // And the AVX2 build of it, where the processor has AVX2.
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            let got = unsafe { super::kernels::hits16_avx2::<WANTED>(&xs16, &ys16, &want16) };
            prop_assert_eq!(got, expected);
        }
        // And WebAssembly's SIMD build of it, in a module built with SIMD.
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            if want[3..].iter().all(|&w| w == last) {
                prop_assert_eq!(super::kernels::hits16_simd128::<4>(&xs16, &ys16, &want16), expected);
            }
            prop_assert_eq!(super::kernels::hits16_simd128::<WANTED>(&xs16, &ys16, &want16), expected);
        }
        // The same for 8-bit cells.
        let xs8: Vec<u8> = xs.iter().map(|&x| x as u8).collect();
        let ys8: Vec<u8> = ys.iter().map(|&y| y as u8).collect();
        prop_assert_eq!(<u8 as StoredValue>::hits(&xs8, &ys8, &want), expected);
        let want8 = want.map(|w| w as u8);
        if want[3..].iter().all(|&w| w == last) {
            prop_assert_eq!(super::kernels::hits8::<4>(&xs8, &ys8, &want8), expected);
        }
        prop_assert_eq!(super::kernels::hits8::<WANTED>(&xs8, &ys8, &want8), expected);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            let got = unsafe { super::kernels::hits8_avx2::<WANTED>(&xs8, &ys8, &want8) };
            prop_assert_eq!(got, expected);
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            if want[3..].iter().all(|&w| w == last) {
                prop_assert_eq!(super::kernels::hits8_simd128::<4>(&xs8, &ys8, &want8), expected);
            }
            prop_assert_eq!(super::kernels::hits8_simd128::<WANTED>(&xs8, &ys8, &want8), expected);
        }
    }
}

#[test]
fn walsh_hadamard_counts_rare_positions() {
    // Values 1,2,4,7 (odd popcount) common under mask 7, value 0 rare.
    let mut h = [vec![0u64; 8], vec![0u64; 8]];
    for v in [1usize, 2, 4, 7, 1, 2] {
        h[0][v] += 1;
    }
    h[0][0] += 1;
    let (mask, rare) = best_rare_mask(&h, false);
    assert_eq!(rare, 1);
    assert_eq!((mask.mask.count_ones() & 1, mask.domain), (1, false));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn agrees_with_plain_mex(code in code_strategy(1..5), n in 1usize..700) {
        let rule: TakeBreak = code.parse().unwrap();
        prop_assert_eq!(rc(&code, n), plain(&rule, n), "{}", code);
    }
}

#[cfg(feature = "threads")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Past `PARALLEL_FROM` the heaps go in blocks, the second thread
    /// working ahead when there is one; the values stay those of the
    /// plain mex.
    #[test]
    fn blocks_agree_with_plain_mex(
        code in code_strategy(1..5),
        extra in 0usize..3000,
        threads in 1usize..=2,
    ) {
        let rule: TakeBreak = code.parse().unwrap();
        let n = PARALLEL_FROM + 1000 + extra;
        let mut e = RcEngine::<u16>::new(&rule).unwrap();
        e.extend_to_threads(n, threads).unwrap();
        let got: Vec<u32> = (0..=n).map(|x| e.value(x)).collect();
        let expected = plain(&rule, n);
        prop_assert_eq!(&got, &expected, "{} on {} threads", code, threads);
        // In 8-bit cells, up to the first value past 255.
        let mut e = RcEngine::<u8>::new(&rule).unwrap();
        let end = match e.extend_to_threads(n, threads) {
            Ok(()) => n + 1,
            Err(RcError::Overflow { position, value, .. }) => {
                prop_assert_eq!(value, expected[position]);
                prop_assert!(value > 255 && expected[..position].iter().all(|&v| v <= 255));
                position
            }
            Err(other) => panic!("{other}"),
        };
        let got: Vec<u32> = (0..end).map(|x| e.value(x)).collect();
        prop_assert_eq!(&got[..], &expected[..end], "{} in 8 bits", code);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Whatever split the engine is held to (any mask, with the heap parity
    /// when every splitting removal has the same parity), the values are
    /// those of the plain mex: the choice only changes the speed.
    #[test]
    fn every_split_gives_the_plain_values(
        code in code_strategy(1..5),
        mask in 0u32..64,
        domain in any::<bool>(),
        n in 1usize..500,
    ) {
        let rule: TakeBreak = code.parse().unwrap();
        let moves = Moves::of(&rule).unwrap();
        let split = RareMask { mask, domain: domain && moves.split_parity.is_some() };
        let mut e = RcEngine::<u16>::with_split(&rule, split).unwrap();
        e.extend_to(n).unwrap();
        let got: Vec<u32> = (0..=n).map(|x| e.value(x)).collect();
        prop_assert_eq!(e.stats().split, Some(split));
        prop_assert_eq!(got, plain(&rule, n), "{} under {:?}", code, split);
    }
}

#[cfg(unix)]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// The values kept in a file, with windows of a few values and the
    /// cold pages dropped all the time, are those kept in memory, on one
    /// thread and on two.
    #[test]
    fn a_file_backed_store_gives_the_same_values(
        code in code_strategy(1..5),
        n in 1usize..9000,
        resident in 0usize..64,
        threads in 1usize..3,
    ) {
        let rule: TakeBreak = code.parse().unwrap();
        // Both engines go in the same steps: a step's end is where a block
        // ends, and so where a deferred review of the split happens.
        let steps: Vec<usize> = (1..).map(|k| (1500 * k).min(n)).take(n.div_ceil(1500)).collect();
        let mut memory = RcEngine::<u16>::new(&rule).unwrap();
        for &to in &steps {
            memory.extend_to(to).unwrap();
        }
        let spill = Spill {
            dir: std::env::temp_dir(),
            resident,
            every: std::time::Duration::from_millis(1),
        };
        let cells = Cells::spill(&spill).unwrap();
        let mut file = RcEngine::<u16>::with_cells(&rule, cells).unwrap();
        for &to in &steps {
            file.extend_to_threads(to, threads).unwrap();
            file.cells().trim();
        }
        prop_assert!(file.cells().is_file());
        prop_assert_eq!(&memory.cells()[..], &file.cells()[..], "{}", code);
        // On one thread the masks are re-chosen at the same heaps too (two
        // threads re-choose at the end of a block, which may pick another).
        if threads == 1 {
            let (a, b) = (memory.stats(), file.stats());
            prop_assert_eq!((a.split, a.rare_count), (b.split, b.rare_count));
        }
        // A resumed engine rebuilt in a file continues alike.
        let known: Vec<u32> = (0..=n / 2).map(|x| file.value(x)).collect();
        let cells = Cells::spill(&spill).unwrap();
        let mut resumed = RcEngine::<u16>::from_values_in(&rule, known.iter().copied(), cells).unwrap();
        resumed.extend_to(n).unwrap();
        prop_assert_eq!(&memory.cells()[..], &resumed.cells()[..], "{}", code);
    }
}
