//! Subtraction by a predicate (`sub:squares`, `sub:primes`, `sub:divisors`,
//! ...): every engine against the plain mex recursion over the definition,
//! and published values.

use grundy::heap::naive::NaiveEngine;
use grundy::heap::periodicity::{analyze_rule, Status};
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{compute, Method, Options};
use proptest::prelude::*;
use serde_json::Value;

/// May `k` tokens be taken from a heap of `n`, by the predicate's words.
fn allowed(name: &str, k: u64, n: u64) -> bool {
    let root = |k: u64, p: u32| (1..=k).any(|i| i.pow(p) == k);
    match name {
        "squares" => root(k, 2),
        "cubes" => root(k, 3),
        "primes" => k >= 2 && (2..k).all(|d| !k.is_multiple_of(d)),
        "powers2" => k.is_power_of_two(),
        "fibonacci" => {
            let (mut a, mut b) = (1, 2);
            while a < k {
                (a, b) = (b, a + b);
            }
            a == k
        }
        "triangular" => (1..=k).any(|i| i * (i + 1) / 2 == k),
        "divisors" => n.is_multiple_of(k),
        "proper-divisors" => n.is_multiple_of(k) && k < n,
        _ => unreachable!(),
    }
}

/// G(0..=to) by the textbook mex recursion.
fn plain(name: &str, to: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=to {
        let seen: Vec<u32> = (1..=n)
            .filter(|&k| allowed(name, k, n))
            .map(|k| g[(n - k) as usize])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

const NAMES: [&str; 8] = [
    "squares",
    "cubes",
    "primes",
    "powers2",
    "fibonacci",
    "triangular",
    "divisors",
    "proper-divisors",
];

fn seq(rule: &str, to: u64, method: Method) -> Vec<u32> {
    let options = Options {
        method,
        ..Options::default()
    };
    compute(&rule.parse().unwrap(), to, &options).unwrap()
}

#[test]
fn every_engine_is_the_mex_recursion() {
    for name in NAMES {
        let rule = format!("sub:{name}");
        let want = plain(name, 700);
        for method in [Method::Auto, Method::Naive] {
            assert_eq!(seq(&rule, 700, method), want, "{rule} {method:?}");
        }
        // The rule's own move list, as the heap family plays it.
        let r: HeapRule = rule.parse().unwrap();
        assert_eq!(r.to_string(), rule);
        for n in 0..200u32 {
            let mut takes = Vec::new();
            r.for_each_move(n, |k, _| takes.push(k as u64));
            let by_words: Vec<u64> = (1..=n as u64)
                .filter(|&k| allowed(name, k, n as u64))
                .collect();
            assert_eq!(takes, by_words, "{rule} {n}");
        }
    }
}

/// The one-go subtraction engine on a dense set (primes), past where the
/// set is regenerated, against the naive engine.
#[test]
fn primes_on_the_bit_set_engine() {
    let fast = seq("sub:primes", 20_000, Method::Auto);
    let mut e = NaiveEngine::new(&"sub:primes".parse().unwrap());
    e.extend_to(20_000);
    assert_eq!(fast, e.values());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn prefixes_agree(i in 0usize..8, to in 0u64..400) {
        let rule = format!("sub:{}", NAMES[i]);
        let g = seq(&rule, to, Method::Auto);
        prop_assert_eq!(&g[..], &plain(NAMES[i], to)[..]);
    }
}

fn oeis(name: &str) -> Vec<u64> {
    let path = format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect()
}

#[test]
fn published_values() {
    // OEIS A030193: the P-positions of subtract-a-square.
    let terms = oeis("A030193");
    let last = *terms.last().unwrap();
    let g = seq("sub:squares", last, Method::Auto);
    let zeros: Vec<u64> = (0..=last).filter(|&n| g[n as usize] == 0).collect();
    assert_eq!(zeros, terms);
    // Subtract a power of two: G(n) = n mod 3 (no power of two is a
    // multiple of 3, and 1 and 2 are both powers).
    let g = seq("sub:powers2", 3000, Method::Auto);
    assert!(g.iter().enumerate().all(|(n, &v)| v as usize == n % 3));
    // Subtract a proper divisor: G(n) is the exponent of 2 in n (OEIS
    // A007814: 0, 1, 0, 2, 0, 1, 0, 3, ...); with the whole heap allowed,
    // one more.
    let g = seq("sub:proper-divisors", 4096, Method::Auto);
    let d = seq("sub:divisors", 4096, Method::Auto);
    for n in 1..=4096usize {
        assert_eq!(g[n], n.trailing_zeros(), "{n}");
        assert_eq!(d[n], n.trailing_zeros() + 1, "{n}");
    }
}

#[test]
fn periodicity_is_only_observed() {
    let r: HeapRule = "sub:powers2".parse().unwrap();
    let g = seq("sub:powers2", 3000, Method::Auto);
    let p = analyze_rule(&r, &g);
    assert_eq!(p.status, Status::Observed);
    assert_eq!(p.period, Some(3));
    assert!(r.describe().contains("no periodicity theorem"));
    let bad = "sub:odd".parse::<HeapRule>().unwrap_err().to_string();
    assert!(bad.contains("no predicate 'odd'"), "{bad}");
}
