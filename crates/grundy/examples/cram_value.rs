//! The value of Cram boards from the search engine alone, without the list
//! of winning moves the command line's analysis adds: what other Cram
//! solvers compute, for timing against them (`scripts/cram-bench.py`).
//!
//! `cargo run --release --example cram_value 5x7 4x11`

use grundy::games::cram::{Board, Cram};
use grundy::search::Search;

fn main() {
    let mut failed = false;
    for arg in std::env::args().skip(1) {
        let board = match Board::parse(&arg) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("cram_value: {arg}: {e}");
                failed = true;
                continue;
            }
        };
        let mut search = Search::new(Cram::new(), 8 << 30);
        let start = std::time::Instant::now();
        match search.value(&board) {
            Ok(v) => println!(
                "{arg}: value {v}, {:.3} s, {} components stored",
                start.elapsed().as_secs_f64(),
                search.stored()
            ),
            Err(e) => {
                eprintln!("cram_value: {arg}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(2);
    }
}
