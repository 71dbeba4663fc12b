//! The end-to-end tests of the `grundy` binary, in one test binary: each
//! file of this folder is a module of it (one link of the library instead
//! of one per file). A file left out of the list below would never run; the
//! test at the end refuses that.

mod common;
mod play_support;
mod readme_support;

mod cli;
mod corners_tables;
mod did_you_mean;
mod explain_heap;
mod families;
mod first_steps;
mod game;
mod heap_games;
mod input_caps;
mod loopy;
mod misere;
mod nim_family;
mod pattern;
mod pattern_sums;
mod play_cards;
mod play_chips;
mod play_corners;
mod play_editing;
mod play_family;
mod play_heap;
mod play_input;
mod play_levels;
mod play_moore;
mod play_nim;
mod play_northcott;
mod play_registry;
mod play_short_moves;
mod play_strips;
mod product;
mod readme;
mod regressions;
mod robustness;
mod rules_files;
mod rules_words;
mod seq_methods;
mod seq_runs;
mod survey;
mod turning;
mod twoheap;
mod verify;
mod wythoff;

/// Every test file of the folder is a module above.
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let root = include_str!("end_to_end.rs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(module) = name.strip_suffix(".rs") {
            if module != "end_to_end" {
                let line = format!("\nmod {module};\n");
                assert!(
                    root.contains(&line),
                    "tests/{name} is not a module of tests/end_to_end.rs"
                );
            }
        }
    }
}
