//! What the end-to-end test files share: running the `grundy` binary and
//! checking its answers and its refusals.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

/// A fresh, empty directory for the files of one test: `area` names the
/// test file, `name` the test, and the process id keeps runs apart.
pub fn scratch(area: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-{area}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A path as the text of an argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `grundy ARGS` with empty standard input.
pub fn grundy(args: &[&str]) -> Output {
    grundy_with_input(args, b"")
}

/// Runs `grundy ARGS` with `input` on standard input (written from another
/// thread, so a large input cannot deadlock against a full output pipe).
pub fn grundy_with_input(args: &[&str], input: &[u8]) -> Output {
    run_grundy(args, input, None)
}

/// [`grundy_with_input`], killed after `limit`, which fails the test: the
/// run hung or grew without end.
pub fn grundy_within(limit: Duration, args: &[&str], input: &[u8]) -> Output {
    run_grundy(args, input, Some(limit))
}

fn run_grundy(args: &[&str], input: &[u8], limit: Option<Duration>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let done = Arc::new(AtomicBool::new(false));
    let pid = child.id().to_string();
    let watchdog = limit.map(|limit| {
        let done = done.clone();
        std::thread::spawn(move || {
            let started = Instant::now();
            while started.elapsed() < limit {
                if done.load(Ordering::SeqCst) {
                    return false;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            !done.load(Ordering::SeqCst) && Command::new("kill").args(["-9", &pid]).status().is_ok()
        })
    });
    let out = child.wait_with_output().expect("wait for grundy");
    done.store(true, Ordering::SeqCst);
    writer.join().expect("stdin writer");
    if let Some(w) = watchdog {
        assert!(
            !w.join().expect("watchdog"),
            "grundy {args:?} ran for more than {limit:?}"
        );
    }
    out
}

/// Runs `grundy ARGS` with text on standard input.
pub fn piped(args: &[&str], input: &str) -> Output {
    grundy_with_input(args, input.as_bytes())
}

/// The standard output of a successful run.
pub fn text(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The JSON object a successful run prints.
pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&text(args)).expect("valid JSON")
}

/// The JSON lines a successful run prints with `input` on standard input
/// (`grundy play ... --json`), parsed.
pub fn json_lines(args: &[&str], input: &str) -> Vec<Value> {
    let out = piped(args, input);
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// A JSON list of numbers (a position's heaps) as command-line words.
pub fn number_words(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(Value::to_string)
        .collect()
}

/// Asserts a clean user error: exit 2, one line on stderr naming the
/// problem, nothing on stdout, no panic.
pub fn refused_with_input(args: &[&str], input: &[u8], needle: &str) {
    let out = grundy_with_input(args, input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {err}");
    assert!(out.stdout.is_empty(), "grundy {args:?} wrote to stdout");
    assert!(!err.contains("panicked"), "grundy {args:?} panicked: {err}");
    assert_eq!(err.lines().count(), 1, "grundy {args:?}: {err}");
    assert!(
        err.contains(needle),
        "grundy {args:?}: {err:?} lacks {needle:?}"
    );
}

/// [`refused_with_input`] with empty standard input.
pub fn refused(args: &[&str], needle: &str) {
    refused_with_input(args, b"", needle)
}
