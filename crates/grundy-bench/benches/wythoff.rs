//! The Wythoff value table, 2000 x 2000 (target: under a second).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::wythoff;

fn table(c: &mut Criterion) {
    let mut g = c.benchmark_group("wythoff");
    g.sample_size(10);
    g.bench_function("values 2000 x 2000", |b| {
        b.iter(|| wythoff::values(2000, 2000))
    });
    g.finish();
}

criterion_group!(benches, table);
criterion_main!(benches);
