//! Every input of every fuzz corpus (`fuzz/corpus/<target>/`) through its
//! check, on stable, as part of `cargo test`. A corpus directory that is
//! missing or empty fails, and so does a target without its corpus, its
//! `[[bin]]` in `fuzz/Cargo.toml` or its file in `fuzz/fuzz_targets/`.

use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use grundy_fuzz_checks::{Check, TARGETS};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fuzz/checks has a parent")
        .to_path_buf()
}

/// Runs every file of `dir` through `check`; panics naming each file whose
/// check fails, and when the directory is missing or holds no file.
fn replay_dir(dir: &Path, check: Check) -> usize {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("corpus {} cannot be read: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "corpus {} is empty", dir.display());
    let mut failed = Vec::new();
    for file in &files {
        let data = std::fs::read(file).expect("a corpus file");
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            failed.push(
                file.file_name()
                    .expect("a name")
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    const NAMED: usize = 20;
    let more = match failed.len().saturating_sub(NAMED) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    assert!(
        failed.is_empty(),
        "{} of {} inputs of {} fail their check: {}{more}",
        failed.len(),
        files.len(),
        dir.display(),
        failed[..failed.len().min(NAMED)].join(", ")
    );
    files.len()
}

fn replay(target: &str) {
    let (_, check) = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("no target {target}"));
    let n = replay_dir(&fuzz_dir().join("corpus").join(target), *check);
    assert!(n >= 1);
}

macro_rules! replay_tests {
    ($($target:ident),* $(,)?) => {
        $(
            #[test]
            fn $target() {
                replay(stringify!($target));
            }
        )*

        #[test]
        fn every_target_is_replayed() {
            let tested: BTreeSet<&str> = [$(stringify!($target)),*].into_iter().collect();
            let targets: BTreeSet<&str> = TARGETS.iter().map(|t| t.0).collect();
            assert_eq!(tested, targets);
        }
    };
}

replay_tests!(
    rule_notation,
    heap_code,
    ranges_file,
    nimber_expr,
    corners_board,
    chips_graph,
    turtles_row,
    strips_board,
    sequence_file,
    cards_position,
    northcott_rows,
    family_positions,
);

#[test]
fn corpora_fuzz_targets_and_checks_match() {
    let fuzz = fuzz_dir();
    let targets: BTreeSet<String> = TARGETS.iter().map(|t| t.0.to_string()).collect();
    assert_eq!(targets.len(), TARGETS.len(), "a target listed twice");
    let listed = |dir: &str, suffix: &str| -> BTreeSet<String> {
        std::fs::read_dir(fuzz.join(dir))
            .unwrap_or_else(|e| panic!("fuzz/{dir}: {e}"))
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter_map(|n| n.strip_suffix(suffix).map(str::to_string))
            .collect()
    };
    assert_eq!(listed("corpus", ""), targets, "fuzz/corpus/");
    assert_eq!(listed("fuzz_targets", ".rs"), targets, "fuzz/fuzz_targets/");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for t in &targets {
        assert!(
            manifest.contains(&format!("name = \"{t}\"\npath = \"fuzz_targets/{t}.rs\"")),
            "fuzz/Cargo.toml has no [[bin]] for {t}"
        );
        let source = std::fs::read_to_string(fuzz.join("fuzz_targets").join(format!("{t}.rs")))
            .expect("a fuzz target");
        assert!(
            source.contains(&format!("grundy_fuzz_checks::{t}(")),
            "fuzz_targets/{t}.rs does not call its check"
        );
    }
}

#[test]
fn an_empty_or_missing_corpus_fails() {
    let dir = std::env::temp_dir().join(format!("grundy-fuzz-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = catch_unwind(|| replay_dir(&dir, |_| {}));
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(empty.is_err());
    assert!(catch_unwind(|| replay_dir(&dir, |_| {})).is_err());
}

#[test]
fn a_failing_input_fails() {
    let dir = std::env::temp_dir().join(format!("grundy-fuzz-failing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a"), b"fine").unwrap();
    std::fs::write(dir.join("b"), b"bad").unwrap();
    let result = catch_unwind(|| {
        replay_dir(&dir, |data| assert_ne!(data, b"bad"));
    });
    std::fs::remove_dir_all(&dir).unwrap();
    let message = result.expect_err("a failing input is reported");
    let text = message
        .downcast_ref::<String>()
        .expect("a formatted message");
    assert!(
        text.contains("1 of 2 inputs") && text.contains(": b"),
        "{text}"
    );
}
