//! Tests of the heap family past what is computed: against the plain
//! values of heaps taken modulo the period, and through the registry.

use super::*;
use crate::family::conformance;
use crate::family::registry;
use crate::games::heap;
use proptest::prelude::*;

const E18: u64 = 1_000_000_000_000_000_000;

fn game(rule: &str) -> HugeHeapPlay {
    let rule: HeapRule = rule.parse().unwrap();
    let pv = PeriodicValues::prove(&rule).expect("a proven period");
    HugeHeapPlay { rule, pv }
}

/// A heap brought back into the computed range: its preperiod part as it
/// is, its periodic part modulo the period.
fn fold(g: &HugeHeapPlay, n: u64) -> u32 {
    let (n0, p) = (g.pv.preperiod(), g.pv.period());
    let m = if n < n0 { n } else { n0 + (n - n0) % p };
    u32::try_from(m).unwrap()
}

/// The value of a position from the plain values of its heaps folded.
fn plain_value(g: &HugeHeapPlay, heaps: &[u64]) -> u32 {
    let folded: Vec<u32> = heaps.iter().map(|&h| fold(g, h)).collect();
    let values = heap::values_for(&g.rule, &folded).unwrap();
    folded.iter().fold(0, |x, &h| x ^ values[h as usize])
}

#[test]
fn kayles_and_dawson_at_ten_to_the_eighteen() {
    for (name, code) in [("kayles", "0.77"), ("dawson-chess", "0.137")] {
        for heaps in [vec![E18], vec![E18, 7, 3]] {
            let text = show(&heaps);
            for spelled in [name, code] {
                let g = registry::start(spelled, "", &text, Convention::Normal).unwrap();
                let r = g.report().unwrap();
                let huge = game(code);
                let want = heaps.iter().fold(0, |x, &h| x ^ huge.pv.value(h));
                assert_eq!(r.value, Some(want), "{spelled} {text}");
                assert_eq!(
                    want,
                    u64::from(plain_value(&huge, &heaps)),
                    "{spelled} {text}"
                );
                assert_eq!(r.outcome, Outcome::from_value(Nimber(want)));
                assert_eq!(r.extra["rule"], code, "{spelled}");
                let values: Vec<u64> = heaps.iter().map(|&h| huge.pv.value(h)).collect();
                assert_eq!(r.extra["heap_values"], Value::from(values));
                // Every listed move leaves value 0, by the plain values.
                for m in &r.winning_moves {
                    let to: Vec<u64> = serde_json::from_value(m.to.clone()).unwrap();
                    assert_eq!(plain_value(&huge, &to), 0, "{spelled} {}", m.words);
                }
                if want != 0 {
                    assert!(r.winning_moves_total.unwrap() > 10u128.pow(15));
                    assert_eq!(r.winning_moves.len(), 10);
                }
                let why = g.explain().unwrap();
                assert!(why.contains("periodicity theorem proves"), "{why}");
            }
        }
    }
}

#[test]
fn winning_moves_are_exactly_those_that_leave_zero() {
    // Heaps just past the threshold, where every move can still be tried.
    for (rule, heaps) in [
        ("0.77", vec![10_007u64, 3]),
        ("0.137", vec![10_003, 9]),
        ("0.07", vec![10_001, 2, 5]),
        ("sub:1,3,4", vec![E18, 5]),
        ("0.4", vec![10_001, 6]),
        ("4.07", vec![10_002, 4]),
    ] {
        let g = game(rule);
        let want: Vec<(HugeMove, Vec<u64>)> = g
            .moves(&heaps)
            .into_iter()
            .filter(|(_, q)| plain_value(&g, q) == 0)
            .collect();
        assert_eq!(
            g.winning_total(&heaps).unwrap(),
            want.len() as u128,
            "{rule}"
        );
        let got = g.first_winning_moves(&heaps, usize::MAX).unwrap();
        assert_eq!(got, want, "{rule} {heaps:?}");
        assert_eq!(
            g.move_count(&heaps),
            g.moves(&heaps).len() as u128,
            "{rule}"
        );
    }
}

#[test]
fn moves_on_a_huge_heap_are_read_and_played() {
    let g = game("kayles");
    let p = vec![E18, 5];
    let (mv, q) = g
        .parse_move(&p, "take 2 from the heap of 1000000000000000000")
        .unwrap()
        .unwrap();
    assert_eq!((mv.take, q.clone()), (2, vec![E18 - 2, 5]));
    let typed = "take 1 from heap 1 and split the rest into 10 and 999999999999999989";
    let (_, q) = g.parse_move(&p, typed).unwrap().unwrap();
    assert_eq!(q, vec![10, E18 - 11, 5]);
    assert_eq!(g.move_to(&p, &vec![5, 3, E18 - 5]).unwrap().0.take, 2);
    assert!(g.move_to(&p, &vec![5, 5, E18 - 5]).is_err());
    assert!(g
        .parse_move(&p, "take 3 from heap 1")
        .unwrap_err()
        .contains("no move taking 3"));
    assert!(g
        .parse_move(&p, "take 1 from heap 3")
        .unwrap_err()
        .contains("numbered 1 to 2"));
    // 0.4: taking one must split the rest in two, so the parts are said.
    let d = game("0.4");
    assert!(d
        .parse_move(&vec![E18], "take 1 from heap 1")
        .unwrap_err()
        .contains("say which heaps are left"));
    // The stall rule takes one from the largest heap.
    let stall = g.stall_moves(&p);
    assert_eq!(stall.len(), 1);
    assert_eq!(stall[0].1, vec![E18 - 1, 5]);
    let drawn = g.draw(&p);
    assert!(
        drawn.contains("1000000000000000000") && drawn.len() < 400,
        "{drawn}"
    );
}

#[test]
fn play_through_the_registry_and_a_session() {
    let mut g = registry::start("kayles", "", "[1000000000000000000]", Convention::Normal).unwrap();
    let first = g.report().unwrap().winning_moves[0].words.clone();
    g.play(&first).unwrap();
    assert_eq!(g.report().unwrap().outcome, Outcome::P);
    assert!(g.moves().is_err(), "too many moves to list");
    use crate::family::session::{Line, Mode, Options, Side};
    let options = Options {
        first: Side::Human,
        mode: Mode::Json,
        seed: 1,
        level: Default::default(),
    };
    let mut s = g.session(&options);
    s.begin().unwrap();
    s.input(Line::Text("hint".into())).unwrap();
    let said = format!("{:?}", s.take_output());
    assert!(said.contains("no winning move"), "{said}");
    // A subtraction game at 10^18 has three moves: they are listed and checked.
    let g = registry::start("sub:1,3,4", "", "1000000000000000000 5", Convention::Normal).unwrap();
    assert_eq!(g.moves().unwrap().len(), 6);
    assert!(g.check().is_ok(), "{:?}", g.check());
    let k = game("kayles");
    assert!(conformance::check(&k, &vec![10_000, 3]).is_ok());
}

#[test]
fn unproven_rules_keep_refusing_huge_heaps() {
    for (rule, heap) in [("4!.0", "1000000000000000000"), ("grundy", "2000000")] {
        let e = registry::start(rule, "", heap, Convention::Normal)
            .err()
            .unwrap();
        assert!(e.0.contains("too large") && !e.0.contains('\n'), "{e}");
    }
    // Misère play is computed the ordinary way, and refuses as before.
    let e = registry::start("kayles", "", "1000000000000000000", Convention::Misere)
        .err()
        .unwrap();
    assert!(e.0.contains("32 bits"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// For octal codes with a small proven period, the family's answer at
    /// `n + k * period` (past the preperiod) is the computed value at `n`,
    /// and every listed winning move leaves value 0.
    #[test]
    fn huge_heaps_agree_with_the_computed_values(
        code in "0\\.[0-7]{1,3}",
        offset in 0u64..200,
        k in 1u64..1_000_000_000_000_000,
        other in 0u64..60,
    ) {
        let rule: HeapRule = code.parse().unwrap();
        let Some(pv) = PeriodicValues::prove(&rule) else { return Ok(()) };
        let (n0, p) = (pv.preperiod(), pv.period());
        prop_assume!(p <= 100 && n0 <= 1000);
        let n = n0 + offset;
        let h = n.saturating_add(k.saturating_mul(p));
        prop_assume!(h >= PERIODIC_FROM && h - n == k * p);
        let computed = heap::values_for(&rule, &[n as u32, other as u32]).unwrap();
        let want = computed[n as usize] ^ computed[other as usize];
        let text = format!("{h} {other}");
        let g = registry::start(&code, "", &text, Convention::Normal).unwrap();
        let r = g.report().unwrap();
        prop_assert_eq!(r.value, Some(want as u64));
        prop_assert_eq!(r.outcome == Outcome::N, r.winning_moves_total.unwrap_or(r.winning_moves.len() as u128) > 0);
        let huge = HugeHeapPlay { rule, pv };
        for m in &r.winning_moves {
            let to: Vec<u64> = serde_json::from_value(m.to.clone()).unwrap();
            prop_assert_eq!(plain_value(&huge, &to), 0);
        }
    }
}

/// Lasker's Nim past the computed range, from its proven arithmetic
/// period, through the registry (the road of Python and the page).
#[test]
fn lasker_through_the_registry() {
    let lasker = |n: u64| match n % 4 {
        _ if n == 0 => 0,
        3 => n + 1,
        0 => n - 1,
        _ => n,
    };
    let g = registry::start("lasker", "", "2147483647 5", Convention::Normal).unwrap();
    let r = g.report().unwrap();
    assert_eq!(r.value, Some(2_147_483_653));
    assert!(!r.winning_moves.is_empty());
    for m in &r.winning_moves {
        let to: Vec<u64> = serde_json::from_value(m.to.clone()).unwrap();
        assert_eq!(to.iter().fold(0, |x, &h| x ^ lasker(h)), 0, "{}", m.words);
    }
    assert!(g.explain().unwrap().contains("Lasker's solution"));
    // Heaps past PERIODIC_FROM but small enough to compute: the same value
    // and the same winning moves, in the same order, as every option tried.
    let rule: HeapRule = "lasker".parse().unwrap();
    for heaps in [vec![10_007u32, 12], vec![10_001, 9_998, 3]] {
        let values = heap::values_for(&rule, &heaps).unwrap();
        let plain = heap::analyze_moves_normal(&rule, &heaps, &values);
        let text = heaps
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let g = registry::start("lasker", "", &text, Convention::Normal).unwrap();
        let r = g.report().unwrap();
        assert_eq!(r.value, plain.value.map(|v| v.0), "{text}");
        let total = r
            .winning_moves_total
            .unwrap_or(r.winning_moves.len() as u128);
        assert_eq!(total, plain.winning_moves.len() as u128, "{text}");
        let want: Vec<String> = plain
            .winning_moves
            .iter()
            .map(|w| w.mv.to_string())
            .collect();
        let got: Vec<String> = r.winning_moves.iter().map(|m| m.words.clone()).collect();
        assert_eq!(got, want[..got.len()], "{text}");
    }
}
