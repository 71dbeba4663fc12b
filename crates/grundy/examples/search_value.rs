//! The value of one big position from the search engine alone, without
//! the list of winning moves the command line's analysis adds: what other
//! solvers compute, for timing against them (`scripts/cram-bench.py`).
//! A position is a Cram board (`cram:5x7`) or a Node-Kayles graph
//! (`node-kayles:grid:3x20`).
//!
//! `cargo run --release --example search_value [--threads=N] cram:5x7 node-kayles:grid:3x16`

use std::time::Instant;

use grundy::games::cram::{Board, Cram};
use grundy::games::node_kayles::{Graph, NodeKayles};
use grundy::search::{Search, Split};

/// The table's memory: 8 GiB.
const MEMORY: usize = 8 << 30;

fn solve<G: Split>(game: G, p: &G::Position, threads: usize) -> Result<String, String> {
    let mut search = Search::new(game, MEMORY).with_threads(threads);
    let start = Instant::now();
    let v = search.value(p).map_err(|e| e.to_string())?;
    Ok(format!(
        "value {v}, {:.3} s, {} components stored",
        start.elapsed().as_secs_f64(),
        search.stored()
    ))
}

fn run(arg: &str, threads: usize) -> Result<String, String> {
    match arg.split_once(':') {
        Some(("cram", board)) => {
            let b = Board::parse(board)?;
            solve(Cram::new(), &b, threads)
        }
        Some(("node-kayles", graph)) => {
            let g = Graph::parse(graph)?;
            let all = g.all();
            solve(NodeKayles::new(g), &all, threads)
        }
        _ => Err("write cram:BOARD or node-kayles:GRAPH".to_string()),
    }
}

fn main() {
    let mut failed = false;
    let mut threads = 1;
    for arg in std::env::args().skip(1) {
        if let Some(n) = arg.strip_prefix("--threads=") {
            match n.parse() {
                Ok(n) => threads = n,
                Err(_) => {
                    eprintln!("search_value: --threads takes a number, not {n:?}");
                    std::process::exit(2);
                }
            }
            continue;
        }
        match run(&arg, threads) {
            Ok(line) => println!("{arg}: {line}"),
            Err(e) => {
                eprintln!("search_value: {arg}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(2);
    }
}
