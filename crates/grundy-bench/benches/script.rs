//! Scripted games against the same games written in Rust: the Kayles-like
//! script (take one or two, split the rest) counted in options per second,
//! and the table of subtract-a-square to 10^5. Scripts run through their
//! own solver ([`ScriptSolver`], as `grundy game` does) and, for the
//! comparison, through the generic one.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::game::Game;
use grundy::heap::subtraction;
use grundy::script::{Limits, Script, ScriptSolver, Value};
use grundy::solve::Solver;

const KAYLES: &str = include_str!("../../../examples/scripts/kayles.rhai");
const SQUARES: &str = include_str!("../../../examples/scripts/squares.rhai");

/// The same rule giving each option with `option(q)` instead of an array.
const KAYLES_OPTION: &str = "
fn options(n) {
    for take in 1..=2 {
        if take > n { continue; }
        for left in 0..=(n - take) / 2 { option(sum([left, n - take - left])); }
    }
}";

/// Subtract a square, giving each option with `option(q)`.
const SQUARES_OPTION: &str = "
fn options(n) {
    let k = 1;
    while k * k <= n { option(n - k * k); k += 1; }
}";

/// Subtract a square through the native helper.
const SQUARES_NATIVE: &str = "fn options(n) { take_break(n, \"sub:squares\") }";

/// Kayles through the native helper.
const KAYLES_NATIVE: &str = "fn options(n) { take_break(n, \"0.77\") }";

/// The heaps of the Kayles table.
const N: i64 = 1000;

/// Kayles in Rust, with the options the script lists.
struct Kayles;

impl Game for Kayles {
    type Position = i64;
    fn options(&self, &n: &i64) -> Vec<Vec<i64>> {
        let mut out = Vec::new();
        for take in 1..=2 {
            if take > n {
                continue;
            }
            for left in 0..=(n - take) {
                let right = n - take - left;
                if left <= right {
                    out.push(vec![left, right]);
                }
            }
        }
        out
    }
}

fn kayles(c: &mut Criterion) {
    let options: u64 = (0..=N).map(|n| Kayles.options(&n).len() as u64).sum();
    let mut g = c.benchmark_group("kayles G(0..1000)");
    g.sample_size(10);
    g.throughput(Throughput::Elements(options));
    for (name, src) in [
        ("script, array", KAYLES),
        ("script, option(q)", KAYLES_OPTION),
        ("script, take_break", KAYLES_NATIVE),
    ] {
        let script = Script::compile("kayles.rhai", src, Limits::default()).unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut s = ScriptSolver::new(&script);
                (0..=N)
                    .map(|n| s.value(&Value::Int(n)).unwrap().0)
                    .sum::<u64>()
            })
        });
        g.bench_function(format!("{name}, generic solver"), |b| {
            b.iter(|| {
                let mut s = Solver::new(&script);
                (0..=N)
                    .map(|n| s.value(&Value::Int(n)).unwrap().0)
                    .sum::<u64>()
            })
        });
    }
    g.bench_function("native", |b| {
        b.iter(|| {
            let mut s = Solver::new(&Kayles);
            (0..=N).map(|n| s.value(&n).unwrap().0).sum::<u64>()
        })
    });
    g.finish();
}

fn squares(c: &mut Criterion) {
    let set: Vec<usize> = (1..=316).map(|k| k * k).collect();
    let mut g = c.benchmark_group("subtract-a-square G(0..100000)");
    g.sample_size(10);
    for (name, src) in [
        ("script, array", SQUARES),
        ("script, option(q)", SQUARES_OPTION),
        ("script, take_break", SQUARES_NATIVE),
    ] {
        let script = Script::compile("squares.rhai", src, Limits::default()).unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut s = ScriptSolver::new(&script);
                (0..=100_000)
                    .map(|n| s.value(&Value::Int(n)).unwrap().0)
                    .sum::<u64>()
            })
        });
    }
    g.bench_function("native", |b| {
        b.iter(|| subtraction::sequence(&set, 100_001).unwrap())
    });
    g.finish();
}

criterion_group!(benches, kayles, squares);
criterion_main!(benches);
