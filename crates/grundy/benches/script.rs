//! Scripted games against the same games written in Rust: the Kayles-like
//! script (take one or two, split the rest) counted in options per second,
//! and the table of subtract-a-square to 10^5.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::game::Game;
use grundy::heap::subtraction;
use grundy::script::{Limits, Script, Value};
use grundy::solve::Solver;

const KAYLES: &str = include_str!("../../../examples/scripts/kayles.rhai");
const SQUARES: &str = include_str!("../../../examples/scripts/squares.rhai");

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
    let script = Script::compile("kayles.rhai", KAYLES, Limits::default()).unwrap();
    let mut g = c.benchmark_group("kayles G(0..1000)");
    g.sample_size(10);
    g.throughput(Throughput::Elements(options));
    g.bench_function("script", |b| {
        b.iter(|| {
            let mut s = Solver::new(&script);
            (0..=N).map(|n| s.value(&Value::Int(n)).unwrap().0).sum::<u64>()
        })
    });
    g.bench_function("native", |b| {
        b.iter(|| {
            let mut s = Solver::new(&Kayles);
            (0..=N).map(|n| s.value(&n).unwrap().0).sum::<u64>()
        })
    });
    g.finish();
}

fn squares(c: &mut Criterion) {
    let script = Script::compile("squares.rhai", SQUARES, Limits::default()).unwrap();
    let set: Vec<usize> = (1..=316).map(|k| k * k).collect();
    let mut g = c.benchmark_group("subtract-a-square G(0..100000)");
    g.sample_size(10);
    g.bench_function("script", |b| {
        b.iter(|| {
            let mut s = Solver::new(&script);
            (0..=100_000).map(|n| s.value(&Value::Int(n)).unwrap().0).sum::<u64>()
        })
    });
    g.bench_function("native", |b| b.iter(|| subtraction::sequence(&set, 100_001).unwrap()));
    g.finish();
}

criterion_group!(benches, kayles, squares);
criterion_main!(benches);
