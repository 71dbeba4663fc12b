//! The library's tests against published data and across modules, in one
//! test binary: each file of this folder is a module of it (one link of the
//! library instead of one per file). A file left out of the list below
//! would never run; the test at the end refuses that.

mod extreme_values;
mod families;
mod fuzz_findings;
mod heap_sequences;
mod loopy_families;
mod ogsolve_checksums;
mod predicate_rules;
mod published_products;
mod rules_text;
mod survey_published;
mod turning;

/// Every test file of the folder is a module above.
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let root = include_str!("integration.rs");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(module) = name.strip_suffix(".rs") {
            if module != "integration" {
                let line = format!("\nmod {module};\n");
                assert!(
                    root.contains(&line),
                    "tests/{name} is not a module of tests/integration.rs"
                );
            }
        }
    }
}
