//! Criterion benchmarks of the `grundy` library, in `benches/`: run them
//! with `cargo bench -p grundy-bench --bench NAME`. They live in a crate of
//! their own so that `cargo test` never builds criterion.
