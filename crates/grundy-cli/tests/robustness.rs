//! The command line against hostile input: malformed numbers, negative and
//! absurd sizes, overflowing values, bad and huge files, non-UTF-8 bytes,
//! empty input and contradictory flags. Every refusal is one line on
//! standard error starting `grundy: error:`, exit status 2, nothing on
//! standard output and no output file left behind; random argument vectors
//! never make the program panic.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;

/// The longest any single run may take before the test calls it a hang.
const DEADLINE: Duration = Duration::from_secs(60);

/// Runs `grundy` with these arguments and this standard input, killing it
/// (and failing) if it outlives [`DEADLINE`].
fn run(args: &[OsString], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let pid = child.id();
    let started = Instant::now();
    let watchdog = std::thread::spawn(move || {
        while started.elapsed() < DEADLINE {
            std::thread::sleep(Duration::from_millis(50));
            // The process is gone once /proc no longer lists it as running.
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            if stat.is_empty() || stat.contains(") Z ") {
                return false;
            }
        }
        let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        true
    });
    let out = child.wait_with_output().expect("wait for grundy");
    writer.join().unwrap();
    let killed = watchdog.join().unwrap();
    assert!(!killed, "grundy {args:?} ran for more than {DEADLINE:?}");
    out
}

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// Asserts a clean refusal: status 2, nothing on standard output, one line
/// on standard error starting `grundy: error:` and containing `needle`.
fn assert_refused(args: &[OsString], input: &[u8], needle: &str) {
    let out = run(args, input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {err}");
    assert!(
        out.stdout.is_empty(),
        "grundy {args:?} wrote to standard output: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        err.starts_with("grundy: error: "),
        "grundy {args:?}: {err:?}"
    );
    assert!(
        err.ends_with('\n') && err.matches('\n').count() == 1,
        "grundy {args:?}: not one line: {err:?}"
    );
    assert!(
        err.contains(needle),
        "grundy {args:?}: {err:?} lacks {needle:?}"
    );
}

/// A fresh directory of test files, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "grundy-robustness-{tag}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let files: [(&str, &[u8]); 9] = [
            ("dag.txt", b"a b\nb c\na c\n# a comment\n"),
            ("cycle.txt", b"a b\nb a\n"),
            ("loop.txt", b"a a\n"),
            ("binary.txt", b"\xff\xfe a b\n"),
            ("empty.txt", b""),
            ("three.txt", b"a b c\n"),
            ("board.txt", b"#.\n..\n"),
            ("ragged.txt", b"#.\n...\n"),
            ("badcell.txt", b"#a\n"),
        ];
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        Scratch(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const MAX: &str = "18446744073709551615";
const OVER: &str = "18446744073709551616";

#[test]
fn usage_errors_are_one_line() {
    for (args, needle) in [
        (vec![], "no command given"),
        (vec!["bogus"], "unrecognized subcommand 'bogus'"),
        (vec!["nim", "--bogus"], "unexpected argument '--bogus'"),
        (vec!["nimber"], "<EXPR>"),
        (vec!["nimber", "--batch", "3"], "cannot be used with"),
        (vec!["nimber", "--json", "--batch"], "cannot be used with"),
        (vec!["moore", "1", "2"], "-k <K>"),
        (vec!["moore", "-k"], "a value is required"),
        (vec!["turtles"], "<ROW>"),
        (vec!["turtles", "O", "O"], "unexpected argument 'O'"),
        (vec!["northcott", "1:2"], "--width"),
        (
            vec!["northcott", "--width", "3", "--player", "red", "1:2"],
            "invalid value 'red'",
        ),
        (vec!["chips"], "<GRAPH_FILE>"),
        (vec!["corners"], "<FILE>"),
        (vec!["table"], "<KIND>"),
        (vec!["table", "primes"], "invalid value 'primes'"),
        (
            vec!["table", "nim-sum", "--size", "3", "--size", "4"],
            "cannot be used multiple times",
        ),
        (
            vec!["table", "nim-sum", "--json", "--png", "x.png"],
            "cannot be used with",
        ),
    ] {
        assert_refused(&os(&args), b"", needle);
    }
}

#[test]
fn help_and_version_are_not_errors() {
    for args in [
        vec!["--help"],
        vec!["--version"],
        vec!["nim", "--help"],
        vec!["help", "table"],
    ] {
        let out = run(&os(&args), b"");
        assert_eq!(out.status.code(), Some(0), "grundy {args:?}");
        assert!(!out.stdout.is_empty());
    }
}

#[test]
fn non_utf8_and_control_characters_give_one_line() {
    let bad = OsStr::from_bytes(b"\xff\xfe").to_os_string();
    for cmd in ["nim", "staircase", "nimble", "turtles", "nimber"] {
        assert_refused(&[cmd.into(), bad.clone()], b"", "invalid UTF-8");
    }
    // A newline inside one argument is escaped, not printed.
    assert_refused(&os(&["nim", "1\n2"]), b"", "heap '1\\n2'");
    assert_refused(&os(&["turtles", "O\u{1b}[31mO"]), b"", "'\\u{1b}'");
    assert_refused(&os(&["nimber", "3\n@"]), b"", "unexpected '@'");
}

#[test]
fn hostile_numbers() {
    for (args, needle) in [
        (vec!["nim"], "no heaps given"),
        (vec!["nim", ""], "heap is empty"),
        (vec!["nim", "-1"], "negative"),
        (vec!["nim", "--", "-1"], "negative"),
        (vec!["nim", "-0x1"], "unexpected argument '-0'"),
        (vec!["nim", OVER], "too large"),
        (vec!["nim", "99999999999999999999999999999"], "too large"),
        (vec!["nim", "+3"], "not a whole number"),
        (vec!["nim", "0x10"], "not a whole number"),
        (vec!["nim", "1e3"], "not a whole number"),
        (vec!["nim", "3.0"], "not a whole number"),
        (vec!["nim", "٣"], "not a whole number"),
        (vec!["moore", "-k", "0", "1"], "at least 1"),
        (vec!["moore", "-k", "-1", "1"], "negative"),
        (vec!["moore", "-k", OVER, "1"], "too large"),
        (vec!["moore", "-k", "2"], "no heaps given"),
        (vec!["staircase"], "no steps given"),
        (vec!["staircase", "1", "-2"], "negative"),
        (vec!["staircase", MAX, "1"], "coins in all"),
        (vec!["staircase", "1", MAX, "1", MAX], "coins in all"),
        (vec!["nimble"], "no coins given"),
        (vec!["nimble", "0"], "off the strip"),
        (vec!["nimble2", "2", "2"], "two coins on cell 2"),
        (vec!["nimble2", "0", "3"], "off the strip"),
        (vec!["nimble2", OVER], "too large"),
        (vec!["turtles", ""], "the row is empty"),
        (vec!["turtles", "OXA"], "cell 3"),
        (vec!["twins", "O O"], "cell 2"),
        (vec!["twins", "ＯＯ"], "cell 1"),
        (vec!["northcott", "--width", "0", "1:2"], "off the board"),
        (vec!["northcott", "--width", "-5", "1:2"], "negative"),
        (vec!["northcott", "--width", "5"], "no rows given"),
        (vec!["northcott", "--width", "5", "3:3"], "both on column 3"),
        (vec!["northcott", "--width", "5", ":"], "is empty"),
        (vec!["northcott", "--width", "5", "12"], "is not B:W"),
        (
            vec!["northcott", "--width", "5", "1:2:3"],
            "not a whole number",
        ),
        (vec!["northcott", "--width", "5", "0:2"], "off the board"),
        (vec!["northcott", "--width", "5", "1:6"], "off the board"),
        (vec!["northcott", "--width", OVER, "1:2"], "too large"),
        (vec!["table", "nim-sum", "--size", "0"], "size 0"),
        (vec!["table", "nim-sum", "--size", "-1"], "negative"),
        (vec!["table", "nim-sum", "--size", MAX], "at most 1024"),
        (
            vec!["table", "nim-sum", "--size", MAX, "--png", "never.png"],
            "3.4e38 pixels (1.0e39 bytes of RGB)",
        ),
        (vec!["table", "nim-sum", "--size", OVER], "too large"),
        (vec!["table", "corners", "--size", "129"], "at most 128"),
        (
            vec!["table", "nim-product", "--bit", "64"],
            "bit 64 does not exist",
        ),
        (vec!["table", "nim-product", "--bit", "-1"], "negative"),
        (vec!["table", "nim-product", "--bit", MAX], "does not exist"),
    ] {
        assert_refused(&os(&args), b"", needle);
    }
}

#[test]
fn hostile_nimber_expressions() {
    let deep = format!("{}1{}", "(".repeat(60_000), ")".repeat(60_000));
    for (expr, needle) in [
        ("", "empty expression"),
        ("3*", "expression ends"),
        ("(((((", "expression ends"),
        (deep.as_str(), "nested too deeply"),
        (
            &deep[..1000],
            "'((((((((((((((((((((((((((((((((((((((((...': ",
        ),
        (OVER, "does not fit in 64 bits"),
        ("0x", "no hexadecimal digits"),
        ("0x1ffffffffffffffff", "does not fit in 64 bits"),
        ("1/0", "division by 0"),
        ("0^-1", "no negative powers"),
        ("inv(0)", "no inverse"),
        ("2^-18446744073709551616", "does not fit in 64 bits"),
        ("2^2^2", "'^' twice"),
        ("cos(1)", "unknown function 'cos'"),
        ("sqrt 2", "expected '('"),
        ("3 4", "unexpected '4'"),
        ("-3", "unexpected argument '-3'"),
    ] {
        assert_refused(&os(&["nimber", expr]), b"", needle);
    }
}

#[test]
fn extreme_numbers_that_are_fine() {
    for args in [
        vec!["nim", MAX, MAX, "--explain"],
        vec!["nim", MAX, "--misere", "--explain"],
        vec!["moore", "-k", MAX, "1", "2", "3"],
        vec![
            "moore",
            "-k",
            "2",
            MAX,
            MAX,
            MAX,
            "--misere",
            "--all",
            "--explain",
        ],
        vec!["staircase", "0", "0", "0", MAX, "--explain"],
        vec!["nimble", MAX, "1", "--explain"],
        vec!["nimble2", MAX, "1", "--explain"],
        vec![
            "northcott",
            "--width",
            MAX,
            "1:18446744073709551615",
            "--explain",
        ],
        vec![
            "northcott",
            "--width",
            MAX,
            "18446744073709551615:1",
            "--player",
            "white",
        ],
        vec!["nimber", "2^18446744073709551615 + 2^-9223372036854775808"],
        vec!["nimber", "0xffffffffffffffff * 0xffffffffffffffff"],
    ] {
        let out = run(&os(&args), b"");
        assert_eq!(
            out.status.code(),
            Some(0),
            "grundy {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `--json` with `--explain` is not an absurd pair: the explanation comes
/// as the last field instead of being dropped.
#[test]
fn json_keeps_the_explanation() {
    for args in [
        vec!["nim", "3", "4", "5", "--json", "--explain"],
        vec!["moore", "-k", "2", "3", "5", "--json", "--explain"],
        vec!["turtles", "XOOXO", "--json", "--explain"],
        vec!["northcott", "--width", "5", "1:4", "--json", "--explain"],
    ] {
        let out = run(&os(&args), b"");
        assert_eq!(out.status.code(), Some(0), "grundy {args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let e = v["explanation"].as_str().unwrap_or_default();
        assert!(e.len() > 20, "grundy {args:?}: {v}");
        let plain = run(&os(&args[..args.len() - 1]), b"");
        let v: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
        assert!(v.get("explanation").is_none(), "grundy {args:?}: {v}");
    }
}

/// The heap-game commands on input they already refuse cleanly.
#[test]
fn hostile_heap_rules() {
    for (args, needle) in [
        (vec!["heap"], "<RULE>"),
        (vec!["heap", "0.8f", MAX], "counted in 32 bits"),
        (vec!["heap", "0.77", "-1"], "negative"),
        (vec!["heap", "sub:"], "expected a whole number"),
        (vec!["heap", "sub:0", "5"], "at least 1 token"),
        (vec!["heap", "sub:1,,2", "5"], "found ','"),
        (vec!["heap", "take:5..2", "5"], "is empty"),
        (vec!["heap", "sub:18446744073709551616", "5"], "too large"),
        (vec!["heap", "0.[", "5"], "never closed"),
        (vec!["heap", "0.[]", "5"], "is empty"),
        (vec!["heap", "9.9", "5"], "digit before the point"),
        (vec!["heap", "nosuchgame", "3"], "neither a code"),
        (vec!["heap", "0.77", "--board", "X.."], "--board works with"),
        (
            vec!["heap", "dawson-chess", "--board", ""],
            "the board is empty",
        ),
        (
            vec!["heap", "dawson-chess", "--board", "XX", "3"],
            "cannot be used with",
        ),
        (
            vec!["heap", "0.137", "30", "30", "30", "30", "--misere"],
            "more than the 1000000 searched",
        ),
        (vec!["seq", "0.77", "--to", "-1"], "negative"),
        (vec!["seq", "0.77", "--to", MAX], "too much output"),
        (
            vec!["seq", "0.77", "--to", "1", "--csv", "--json"],
            "cannot be used with",
        ),
        (vec!["seq"], "<RULE>"),
        (vec!["seq", "0.77"], "--to N"),
        (
            vec!["seq", "0.77", "--to", "5", "--from", "6"],
            "--from 6 is past --to 5",
        ),
        (vec!["seq", "0.77", "--to", "5", "--from", "-1"], "negative"),
        (
            vec!["seq", "0.77", "--to", "5", "--from", OVER],
            "too large",
        ),
        (
            vec!["seq", "0.77", "--to", "5", "--threads", OVER],
            "too large",
        ),
        (vec!["seq", "allbut:2", "--until-proven"], "needs --to N"),
        (
            vec!["seq", "0.77", "--to", "5", "--checkpoint-every", "1"],
            "--checkpoint <FILE>",
        ),
        (
            vec![
                "seq",
                "0.77",
                "--to",
                "5",
                "--checkpoint",
                "/nonexistent/dir/c.gsq",
                "--checkpoint-every",
                "-1",
            ],
            "positive number of seconds",
        ),
        (
            vec![
                "seq",
                "0.77",
                "--to",
                "5",
                "--checkpoint",
                "/nonexistent/dir/c.gsq",
            ],
            "does not exist",
        ),
        (
            vec![
                "seq",
                "0.77",
                "--to",
                "5",
                "--out",
                "/nonexistent/dir/o.gsq",
            ],
            "does not exist",
        ),
        (
            vec!["seq", "0.77", "--to", "5", "--out", "/dev/null"],
            "not a regular file",
        ),
        (
            vec!["seq", "0.77", "--to", "5", "--resume", "/nonexistent/r.gsq"],
            "/nonexistent/r.gsq",
        ),
        (
            vec!["seq", "--read", "/nonexistent/r.gsq"],
            "/nonexistent/r.gsq",
        ),
        (
            vec!["seq", "--read", "/dev/null"],
            "file ends inside the header",
        ),
        (
            vec!["seq", "--read", "a.gsq", "--out", "b.gsq"],
            "cannot be used with",
        ),
        (
            vec!["seq", "--read", "a.gsq", "--until-proven"],
            "cannot be used with",
        ),
        (
            vec!["seq", "--read", "a.gsq", "--resume", "b.gsq"],
            "cannot be used with",
        ),
        (vec!["seq", "--read", "a.gsq", "--to", "-1"], "negative"),
        (vec!["rules"], "<RULE>"),
        (vec!["rules", ""], "the rule is empty"),
        (vec!["rules", "--list", "0.77"], "cannot be used with"),
    ] {
        assert_refused(&os(&args), b"", needle);
    }
}

/// Nim, heap games, Turtles, Nimble-2, Northcott and chips answer a long
/// position with many winning moves: the value, the outcome, the first
/// moves and how many there are.
#[test]
fn long_positions_answer_with_the_first_moves_and_their_count() {
    let ones = |n: usize, what: &str| vec![what.to_string(); n];
    let mut nim = vec!["nim".to_string(), "--json".into()];
    nim.extend(ones(2001, "2"));
    let mut heap = vec!["heap".to_string(), "kayles".into(), "--json".into()];
    heap.extend(ones(20_001, "1"));
    // Heaps 1..4001 have nim-sum 1: every odd cell is a winning move.
    let turtles = vec!["turtles".into(), "--json".into(), "O".repeat(4001)];
    let mut nimble2 = vec!["nimble2".to_string(), "--json".into()];
    nimble2.extend((1..=20_001).map(|i| (2 * i).to_string()));
    let mut northcott = vec![
        "northcott".to_string(),
        "--json".into(),
        "--width".into(),
        "3".into(),
    ];
    northcott.extend(ones(20_001, "1:3"));
    // Chips: one vertex with 100000 successors of value 0, and 100 chips.
    let s = Scratch::new("star");
    let star = s.path("star.txt");
    let text: String = (0..100_000).map(|i| format!("a b{i}\n")).collect();
    std::fs::write(&star, text).unwrap();
    let mut chips = vec![
        "chips".to_string(),
        "--json".into(),
        star.clone(),
        "a".into(),
    ];
    chips.extend(ones(99, "b1"));
    for (args, value, total) in [
        (nim, 2, 2001),
        (heap, 1, 20_001),
        (turtles, 1, 2001),
        (nimble2, 1, 10_001),
        (northcott, 1, 20_001),
        (chips, 1, 100_000),
    ] {
        let args: Vec<OsString> = args.into_iter().map(OsString::from).collect();
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{:?}", &args[..3]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["value"], value);
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["winning_moves_total"], total);
        assert_eq!(v["winning_moves"].as_array().unwrap().len(), 10);
    }
    let mut nim = vec!["nim".to_string()];
    nim.extend(ones(2001, "2"));
    let args: Vec<OsString> = nim.into_iter().map(OsString::from).collect();
    let out = String::from_utf8(run(&args, b"").stdout).unwrap();
    assert!(
        out.contains("Grundy value: 2\n"),
        "{}",
        &out[out.len() - 300..]
    );
    assert!(out.contains("Winning moves (2001, the first 10 shown):"));
    // A million heaps from standard input, and from a file.
    let mut heaps = "1 ".repeat(999_999);
    heaps.push('3');
    let out = run(&os(&["nim", "--json", "-"]), heaps.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(2), Some("N"))
    );
    assert_eq!(
        v["winning_moves"][0]["move"],
        "take 2 from heap 1000000 (3 -> 1)"
    );
    let s = Scratch::new("million");
    let file = s.path("heaps.txt");
    std::fs::write(&file, &heaps).unwrap();
    let v: serde_json::Value = serde_json::from_slice(
        &run(&os(&["heap", "kayles", "--json", "--input", &file]), b"").stdout,
    )
    .unwrap();
    assert_eq!(v["outcome"], "N");
}

/// Every winning move is listed with the whole position it leads to: a
/// long position with many winning moves is refused before any work.
#[test]
fn listings_too_long_are_refused_up_front() {
    let ones = |n: usize, what: &str| vec![what.to_string(); n];
    let mut cases: Vec<(Vec<String>, &str)> = Vec::new();
    let mut moore = vec!["moore".to_string(), "-k".into(), "1".into(), "--all".into()];
    moore.extend(ones(20_001, "1"));
    cases.push((moore, "more than the 99 that can be listed"));
    for (args, needle) in cases {
        let args: Vec<OsString> = args.into_iter().map(OsString::from).collect();
        assert_refused(&args, b"", needle);
    }
    // Just under the cap, the same commands answer.
    let mut nim = vec!["nim".to_string(), "--json".into()];
    nim.extend(ones(1413, "1"));
    let out = run(
        &nim.into_iter().map(OsString::from).collect::<Vec<_>>(),
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        out.stdout.iter().filter(|&&b| b == b'{').count(),
        1 + 1413,
        "one object per winning move"
    );
}

#[test]
fn hostile_files() {
    let s = Scratch::new("files");
    let missing = s.path("missing.txt");
    let dir = s.0.display().to_string();
    for (args, needle) in [
        (
            vec!["chips".to_string(), missing.clone(), "a".into()],
            "cannot read the graph file",
        ),
        (
            vec!["chips".into(), dir.clone(), "a".into()],
            "cannot read the graph file",
        ),
        (
            vec![
                "chips".into(),
                s.path("cycle.txt"),
                "--annihilate".into(),
                "a".into(),
            ],
            "has a cycle",
        ),
        (
            vec![
                "chips".into(),
                s.path("loop.txt"),
                "--annihilate".into(),
                "a".into(),
            ],
            "a -> a",
        ),
        (
            vec!["chips".into(), s.path("binary.txt"), "a".into()],
            "not UTF-8",
        ),
        (
            vec!["chips".into(), s.path("empty.txt"), "a".into()],
            "unknown vertex 'a'",
        ),
        (
            vec!["chips".into(), s.path("three.txt"), "a".into()],
            "found 3 words",
        ),
        (
            vec!["chips".into(), s.path("dag.txt"), "z".into()],
            "unknown vertex 'z'",
        ),
        (
            vec!["corners".into(), missing.clone()],
            "cannot read board file",
        ),
        (
            vec!["corners".into(), dir.clone()],
            "cannot read board file",
        ),
        (vec!["corners".into(), s.path("binary.txt")], "not UTF-8"),
        (
            vec!["corners".into(), s.path("empty.txt")],
            "the board is empty",
        ),
        (
            vec!["corners".into(), s.path("ragged.txt")],
            "line 2 has 3 cells",
        ),
        (
            vec!["corners".into(), s.path("badcell.txt")],
            "'a' is not a cell",
        ),
    ] {
        let args: Vec<OsString> = args.into_iter().map(OsString::from).collect();
        assert_refused(&args, b"", needle);
    }
    // Standard input: empty, binary, and a board too large to accept.
    assert_refused(&os(&["corners", "-"]), b"", "the board is empty");
    assert_refused(&os(&["corners", "-"]), b"\xff.\n", "not UTF-8");
    let wide = ".".repeat(10_001);
    assert_refused(
        &os(&["corners", "-"]),
        wide.as_bytes(),
        "at most 10000 x 10000",
    );
    assert_refused(
        &os(&["corners", "/dev/zero"]),
        b"",
        "larger than 134217728 bytes",
    );
    assert_refused(&os(&["nimber", "--batch"]), b"", "no input");
    let huge = vec![b' '; (128 << 20) + 1];
    assert_refused(
        &os(&["nimber", "--batch"]),
        &huge,
        "larger than 134217728 bytes",
    );
    assert_refused(
        &os(&["nimber", "--batch"]),
        b"\xff\xfe",
        "not a whole number",
    );
    assert_refused(
        &os(&["nimber", "--batch"]),
        b"2\n1 2\n",
        "ends after 1 of the T = 2 pairs",
    );
    assert_refused(
        &os(&["nimber", "--batch"]),
        b"18446744073709551615\n1 2\n",
        "ends after 1 of the T",
    );
}

#[test]
fn a_failed_picture_leaves_no_file() {
    let s = Scratch::new("png");
    let png = s.path("out.png");
    for (args, needle) in [
        (
            vec!["table", "nim-product", "--size", "4097", "--png", &png],
            "at most 4096",
        ),
        (
            vec!["table", "corners", "--size", "129", "--png", &png],
            "at most 128",
        ),
        (
            vec!["table", "nim-product", "--bit", "64", "--png", &png],
            "bit 64",
        ),
        (
            vec!["table", "nim-product", "--size", "-3", "--png", &png],
            "negative",
        ),
    ] {
        assert_refused(&os(&args), b"", needle);
        assert!(!Path::new(&png).exists(), "grundy {args:?} created {png}");
    }
    // A directory that does not exist: refused, nothing created.
    let nested = s.path("no/such/dir/out.png");
    assert_refused(
        &os(&["table", "nim-sum", "--png", &nested]),
        b"",
        "cannot write",
    );
    // The target is a directory: refused, and nothing is left next to it.
    let dir = s.path("adir");
    std::fs::create_dir(&dir).unwrap();
    assert_refused(
        &os(&["table", "nim-sum", "--png", &dir]),
        b"",
        "cannot write",
    );
    let left: Vec<_> = std::fs::read_dir(&s.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("png") || n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// Runs `grundy ARGS FILE` with the file size limit at 4 KiB (its signal
/// ignored, so the write returns an error) and checks the run fails with
/// one line, leaves no file named like `file` in its folder, and leaves an
/// older file of that name untouched.
fn fails_whole(s: &Scratch, args: &str, file: &str) {
    let path = s.path(file);
    let _ = std::fs::remove_file(&path);
    let script = format!(
        "trap '' XFSZ; ulimit -f 4; exec '{}' {args} '{path}'",
        env!("CARGO_BIN_EXE_grundy")
    );
    let attempt = || {
        let out = Command::new("sh").arg("-c").arg(&script).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert!(out.stdout.is_empty());
        assert!(err.starts_with("grundy: error: "), "{err}");
        assert_eq!(err.matches('\n').count(), 1, "{err}");
    };
    let extension = file.rsplit('.').next().unwrap();
    let names = || -> Vec<String> {
        std::fs::read_dir(&s.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(extension))
            .collect()
    };
    attempt();
    assert!(names().is_empty(), "{args}: left behind {:?}", names());
    std::fs::write(&path, b"an older file").unwrap();
    attempt();
    assert_eq!(std::fs::read(&path).unwrap(), b"an older file");
    assert_eq!(names(), vec![file.to_string()]);
}

/// A picture whose write fails half-way leaves nothing.
#[test]
fn a_write_failing_half_way_leaves_nothing() {
    let s = Scratch::new("fsize");
    fails_whole(&s, "table nim-product --size 1024 --png", "out.png");
}

/// `grundy seq --out` and `--checkpoint` under the same limit.
#[test]
fn a_sequence_file_failing_half_way_leaves_nothing() {
    let s = Scratch::new("gsq");
    for flag in ["--out", "--checkpoint"] {
        fails_whole(
            &s,
            &format!("seq 0.6 --to 20000 --summary {flag}"),
            "run.gsq",
        );
    }
}

/// Argument pieces, plausible and broken, that every command may meet.
fn common_token() -> impl Strategy<Value = OsString> {
    let words = prop::sample::select(vec![
        "0",
        "1",
        "2",
        "3",
        "7",
        "17",
        "255",
        "-1",
        "-0",
        "",
        " 3",
        "+3",
        "0x10",
        "1e3",
        "3.5",
        MAX,
        OVER,
        "99999999999999999999999",
        "4294967296",
        "--json",
        "--explain",
        "--misere",
        "--all",
        "--",
        "-",
        "-k",
        "--bogus",
        "O",
        "XOOXO",
        "1:2",
        "3:1",
        ":",
        "é",
    ]);
    prop_oneof![
        8 => words.prop_map(OsString::from),
        // Any bytes but NUL, which no program can receive in an argument.
        1 => prop::collection::vec(1u8.., 0..6)
            .prop_map(|b| OsStr::from_bytes(&b).to_os_string()),
        1 => (0u64..=u64::MAX).prop_map(|n| OsString::from(n.to_string())),
    ]
}

/// Pieces that only some commands understand.
fn command_tokens(cmd: &str, files: &Scratch) -> Vec<String> {
    let mut t: Vec<String> = match cmd {
        "nimber" => [
            "3*5",
            "sqrt(2)",
            "2^-1",
            "1/0",
            "((1)",
            "inv(0)",
            "0xffffffffffffffff",
            "*",
            "^",
            "--batch",
        ]
        .map(String::from)
        .to_vec(),
        "northcott" => [
            "--width",
            "--player",
            "black",
            "white",
            "purple",
            "0:5",
            "1:18446744073709551615",
        ]
        .map(String::from)
        .to_vec(),
        "cards" => [
            "--values",
            "--copies",
            "--limit",
            "--left",
            "--total",
            "1..6",
            "1..65",
            "3..1",
            "1,,2",
            "0,0,0,0,0,0",
            "4,4,4,4,4,4",
            "1..6,3",
        ]
        .map(String::from)
        .to_vec(),
        "turtles" | "twins" => ["OOX", "xo", "OOA", "OXOXOXOXOXOXOXOX"]
            .map(String::from)
            .to_vec(),
        "chips" => vec![
            "--annihilate".into(),
            "a".into(),
            "b".into(),
            "c".into(),
            files.path("dag.txt"),
            files.path("cycle.txt"),
            files.path("binary.txt"),
            files.path("empty.txt"),
            files.path("missing.txt"),
        ],
        "corners" => vec![
            files.path("board.txt"),
            files.path("ragged.txt"),
            files.path("badcell.txt"),
            files.path("missing.txt"),
        ],
        "table" => vec![
            "nim-product".into(),
            "nim-sum".into(),
            "corners".into(),
            "--size".into(),
            "--bit".into(),
            "--png".into(),
            files.path("t.png"),
            "40".into(),
            "63".into(),
            "64".into(),
            "4097".into(),
        ],
        "windup" => [
            "-n",
            "-s",
            "--modulus",
            "--subtract",
            "--table",
            "10",
            "3,4",
            "1,0",
            "5,x",
            "16777216",
            "4294967295",
        ]
        .map(String::from)
        .to_vec(),
        _ => Vec::new(),
    };
    t.push(cmd.into());
    t
}

const COMMANDS: [&str; 14] = [
    "nim",
    "cards",
    "nimber",
    "moore",
    "staircase",
    "nimble",
    "nimble2",
    "turtles",
    "twins",
    "northcott",
    "chips",
    "corners",
    "table",
    "windup",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random argument vectors: the program answers (status 0) or refuses
    /// cleanly (status 2, one error line, nothing on standard output); it
    /// never panics.
    #[test]
    fn random_arguments_never_panic(
        cmd in prop::sample::select(COMMANDS.to_vec()),
        picks in prop::collection::vec((any::<bool>(), any::<prop::sample::Index>(), common_token()), 0..7),
        input in prop::sample::select(vec![&b""[..], b"1\n2 3\n", b"#.\n..\n", b"\xff"]),
    ) {
        let files = Scratch::new("random");
        let own = command_tokens(cmd, &files);
        let mut args = vec![OsString::from(cmd)];
        for (use_own, i, common) in picks {
            args.push(if use_own { OsString::from(i.get(&own)) } else { common });
        }
        let out = run(&args, input);
        let err = String::from_utf8_lossy(&out.stderr);
        prop_assert!(!err.contains("panicked"), "grundy {:?} panicked: {}", args, err);
        match out.status.code() {
            Some(0) => {}
            Some(2) => {
                prop_assert!(out.stdout.is_empty(), "grundy {:?} failed after writing", args);
                prop_assert!(err.starts_with("grundy: error: "), "grundy {:?}: {:?}", args, err);
                prop_assert_eq!(err.matches('\n').count(), 1, "grundy {:?}: {:?}", args, err);
            }
            other => prop_assert!(false, "grundy {:?} exited with {:?}: {}", args, other, err),
        }
    }
}

#[test]
fn heap_listings_and_rule_files_are_bounded() {
    let mut args = os(&["heap", "0.77", "--json"]);
    args.extend(std::iter::repeat_n(OsString::from("1"), 1413));
    let out = run(&args, b"");
    assert_eq!(out.status.code(), Some(0));
    // A ranges file that never ends is read only up to the cap.
    for args in [
        &["heap", "ranges:/dev/zero", "5"][..],
        &["rules", "ranges:/dev/zero"],
        &["seq", "ranges:/dev/zero", "--to", "5"],
    ] {
        assert_refused(&os(args), b"", "larger than 67108864 bytes");
    }
}

#[test]
fn play_from_long_positions() {
    // Turning Turtles on 100001 face-up coins: the computer moves at once.
    let row = "O".repeat(100_001);
    let out = run(&os(&["play", "turtles", &row, "--first", "computer"]), b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("computer: turn"));
    // Nimble with 20000 coins on cell 2: one legal move per turn, whatever
    // the number of coins.
    let mut args = os(&["play", "nimble", "--first", "computer"]);
    args.extend(std::iter::repeat_n(OsString::from("2"), 20_000));
    let out = run(&args, b"moves\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text.contains("computer: move the coin on cell 2 to cell 1"),
        "{text:.300}"
    );
    assert!(text.contains("legal moves (1):"));
    // 999 moves of a position of 3001 coins are too much to list.
    let mut args = os(&["play", "nimble", "1000"]);
    args.extend(std::iter::repeat_n(OsString::from("1"), 3000));
    let out = run(&args, b"moves\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("999 legal moves, each leaving a position of 3001 numbers: too much to list"),
        "{text:.300}"
    );
}
