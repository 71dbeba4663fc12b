use super::*;
use crate::heap::naive::NaiveEngine;
use crate::heap::periodicity::{analyze, Window};
use proptest::prelude::*;

fn values(rule: &str, to: u32) -> Vec<u32> {
    let mut e = NaiveEngine::new(&rule.parse().unwrap());
    e.extend_to(to);
    e.values().to_vec()
}

fn run(rule: &str, g: &[u32], n0: u64, p: u64, s: u64) -> Result<ArithmeticProof, Unproven> {
    test(&rule.parse().unwrap(), g.len(), |n| g[n], n0, p, s)
}

/// The arithmetic pattern `analyze` sees in `g`, if any.
fn seen(g: &[u32]) -> Option<(u64, u64, u64)> {
    let a = analyze(g, Window::Unknown, true);
    match (a.preperiod, a.period, a.saltus) {
        (Some(n0), Some(p), Some(s)) if s > 0 => Some((n0, p, s as u64)),
        _ => None,
    }
}

/// Whether `G(n + p) = G(n) + s` for `max(n0, 1) <= n < len - p`.
fn holds(g: &[u32], n0: u64, p: u64, s: u64) -> bool {
    let (i, p) = (n0.max(1) as usize, p as usize);
    (i..g.len() - p).all(|n| u64::from(g[n + p]) == u64::from(g[n]) + s)
}

#[test]
fn hexadecimal_0_8_is_proven_and_holds() {
    let g = values("0.8", 3000);
    assert_eq!(seen(&g[..200]), Some((1, 3, 1)));
    let proof = run("0.8", &g[..200], 1, 3, 1).unwrap();
    assert_eq!((proof.preperiod, proof.period, proof.saltus), (1, 3, 1));
    assert!(proof.window_end <= 60, "{proof:?}");
    assert!(holds(&g, 1, 3, 1));
    assert!(proof
        .statement()
        .contains("G(n + 3) = G(n) + 1 checked for 1 <= n <"));
}

#[test]
fn too_few_values_ask_for_more() {
    let g = values("0.8", 10);
    assert!(matches!(run("0.8", &g, 1, 3, 1), Err(Unproven::NeedsValues(n)) if n > 11));
}

#[test]
fn a_value_changed_inside_the_window_is_caught() {
    let mut g = values("0.8", 200);
    let w = run("0.8", &g, 1, 3, 1).unwrap().window_end as usize;
    g[w - 2] += 1;
    assert!(matches!(
        run("0.8", &g, 1, 3, 1),
        Err(Unproven::Contradicted(_))
    ));
}

#[test]
fn octal_codes_are_never_proven_arithmetic() {
    // A made-up growing sequence for Kayles' code: no move leaves three
    // heaps, so the deep levels are empty and the pattern cannot last.
    let g: Vec<u32> = (0..400u32).map(|n| n.saturating_sub(1) / 3).collect();
    assert!(matches!(run("0.77", &g, 1, 3, 1), Err(Unproven::Breaks(_))));
}

#[test]
fn saltus_not_a_power_of_two_is_not_covered() {
    let g: Vec<u32> = (0..400).map(|n| n / 2 * 3).collect();
    assert!(matches!(
        run("0.8", &g, 1, 2, 3),
        Err(Unproven::NotCovered(_))
    ));
}

#[test]
fn lasker_from_its_solution() {
    let g = values("4.[3]", 100);
    let proof = run("4.[3]", &g, 1, 4, 4).unwrap();
    assert_eq!(proof.theorem, Theorem::Lasker);
    let mut bad = g.clone();
    bad[7] = 0;
    assert!(matches!(
        run("4.[3]", &bad, 1, 4, 4),
        Err(Unproven::Contradicted(7))
    ));
    assert!(matches!(
        run("4.[3]", &g, 1, 3, 4),
        Err(Unproven::NotCovered(_))
    ));
}

/// A random finite code with up to three digits, three-heap moves likely.
fn code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
        proptest::collection::vec(0u8..16, 1..4),
    )
        .prop_map(|(d0, ds)| {
            let mut c = format!("{d0:X}.");
            for d in ds {
                c.push_str(&format!("{d:X}"));
            }
            c
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    /// Every proof, from the pattern seen in the first 40, 100 or 400
    /// values (a short prefix may look arithmetic-periodic and break
    /// later), holds on 1200 values computed by the mex.
    #[test]
    fn proofs_hold_far_beyond_their_window(code in code()) {
        let Ok(rule) = code.parse::<HeapRule>() else { return Ok(()) };
        let mut e = NaiveEngine::new(&rule);
        e.extend_to(1200);
        let g = e.values();
        for len in [40, 100, 400] {
            if let Some((n0, p, s)) = seen(&g[..len]) {
                if let Ok(proof) = test(&rule, len, |n| g[n], n0, p, s) {
                    prop_assert!(holds(g, n0, p, s), "{} {:?}", code, proof);
                }
            }
        }
    }
}
