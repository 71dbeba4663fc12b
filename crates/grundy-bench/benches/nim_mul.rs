//! Independent nim products per second on one core, for each path.
//!
//! Run with `cargo bench -p grundy-bench --bench nim_mul`; each measurement is a
//! batch of 4096 independent products, so the time per element is the cost
//! of one product. `clmul_wide_slices` (AVX-512: eight products at a time)
//! runs only where the CPU has VPCLMULQDQ, GFNI and VBMI, the `clmul_*`
//! ones where it has PCLMULQDQ.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::nimber::{clmul::Clmul, nim_mul, portable, reference, Nimber};

const N: usize = 4096;

fn inputs() -> (Vec<u64>, Vec<u64>) {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let a = (0..N).map(|_| next()).collect();
    let b = (0..N).map(|_| next()).collect();
    (a, b)
}

fn products(c: &mut Criterion) {
    let (a, b) = inputs();
    let mut out = vec![0u64; N];
    let mut g = c.benchmark_group("nim_mul");
    g.throughput(Throughput::Elements(N as u64));
    if let Some(m) = Clmul::detect() {
        if m.is_wide() {
            g.bench_function("clmul_wide_slices", |bench| {
                bench.iter(|| m.mul_slices(black_box(&a), black_box(&b), &mut out))
            });
        }
        let narrow = m.narrow();
        g.bench_function("clmul_slices", |bench| {
            bench.iter(|| narrow.mul_slices(black_box(&a), black_box(&b), &mut out))
        });
        g.bench_function("clmul_calls", |bench| {
            bench.iter(|| {
                for i in 0..N {
                    out[i] = m.mul(black_box(a[i]), black_box(b[i]));
                }
            })
        });
    }
    g.bench_function("portable_slices", |bench| {
        bench.iter(|| portable::nim_mul_slices(black_box(&a), black_box(&b), &mut out))
    });
    g.bench_function("dispatch_calls", |bench| {
        bench.iter(|| {
            for i in 0..N {
                out[i] = nim_mul(black_box(a[i]), black_box(b[i]));
            }
        })
    });
    g.bench_function("reference_calls", |bench| {
        bench.iter(|| {
            for i in 0..N {
                out[i] = reference::nim_mul(black_box(a[i]), black_box(b[i]));
            }
        })
    });
    g.finish();

    let mut f = c.benchmark_group("field");
    f.throughput(Throughput::Elements(N as u64));
    f.bench_function("inverse", |bench| {
        bench.iter(|| {
            for i in 0..N {
                out[i] = Nimber(black_box(a[i] | 1)).inverse().unwrap().0;
            }
        })
    });
    f.bench_function("sqrt", |bench| {
        bench.iter(|| {
            for i in 0..N {
                out[i] = Nimber(black_box(a[i])).sqrt().0;
            }
        })
    });
    f.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);
