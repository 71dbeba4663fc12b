//! Every `grundy` command in the README and in `docs/*.md` is run here, as
//! a reader would type it: split as bash splits it (a command bash would
//! mangle, such as an unquoted `!`, fails the test), run in a scratch
//! folder that sees the project's `examples/`, and expected to exit with
//! status 0, or the status its `# (exit N)` marker gives. Output shown
//! under a `$ grundy ...` line must appear, line by line, in what the
//! command prints; moves typed at a `your move> ` prompt in a transcript are
//! fed to it on standard input. `# (slow)` commands are only split;
//! `# (interactive)` ones are run with the transcript's moves or nothing.

use crate::readme_support;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use readme_support::{find, missing_line, split, transcript, Found, Line};

/// A command that runs longer than this (in a debug build) fails.
const TIME_LIMIT: Duration = Duration::from_secs(20);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The README, CONTRIBUTING.md and every `docs/*.md`, as (name, text).
fn documents() -> Vec<(String, String)> {
    let root = root();
    let mut names = vec!["README.md".to_string(), "CONTRIBUTING.md".to_string()];
    if let Ok(dir) = std::fs::read_dir(root.join("docs")) {
        let mut docs: Vec<String> = dir
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md"))
            .map(|n| format!("docs/{n}"))
            .collect();
        docs.sort();
        names.extend(docs);
    }
    names
        .into_iter()
        .map(|n| {
            let text =
                std::fs::read_to_string(root.join(&n)).unwrap_or_else(|e| panic!("{n}: {e}"));
            (n, text)
        })
        .collect()
}

/// A scratch folder with `examples` pointing at the project's, so example
/// paths resolve and written files land in the scratch folder.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("readme")
        .join(name.replace('/', "_"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    #[cfg(unix)]
    std::os::unix::fs::symlink(root().join("examples"), dir.join("examples"))
        .expect("link examples");
    #[cfg(not(unix))]
    copy_dir(&root().join("examples"), &dir.join("examples"));
    dir
}

#[cfg(not(unix))]
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("copy examples");
    for e in std::fs::read_dir(from).expect("read examples").flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).expect("copy example");
        }
    }
}

struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

fn run(line: &Line, input: &str, dir: &Path) -> Run {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&line.args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s.code();
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = start.elapsed();
    writer.join().expect("stdin writer");
    let stdout = String::from_utf8_lossy(&reader.join().expect("stdout reader")).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().expect("stderr reader")).into_owned();
    Run {
        status,
        stdout,
        stderr,
        took,
    }
}

/// Runs one document's examples; returns the failures and the number run.
fn check(name: &str, found: &Found) -> (Vec<String>, usize) {
    let dir = scratch(name);
    let mut failures = Vec::new();
    let mut ran = 0;
    for cat in &found.cats {
        let file = if cat.file.starts_with("examples/") {
            root().join(&cat.file)
        } else {
            dir.join(&cat.file)
        };
        match std::fs::read_to_string(&file) {
            Ok(text) => {
                let got: Vec<&str> = text.lines().map(str::trim_end).collect();
                let want: Vec<&str> = cat.shown.iter().map(|s| s.trim_end()).collect();
                if got != want {
                    failures.push(format!(
                        "{}: `cat {}` shows other contents than the file has",
                        cat.place, cat.file
                    ));
                }
            }
            Err(e) => failures.push(format!(
                "{}: `cat {}`: {e} (keep example files in examples/)",
                cat.place, cat.file
            )),
        }
    }
    for ex in &found.examples {
        let line = match split(&ex.text) {
            Ok(line) => line,
            Err(e) => {
                failures.push(format!("{}: `{}`: {e}", ex.place, ex.text));
                continue;
            }
        };
        if line.marks.slow {
            continue;
        }
        let (typed, printed) = transcript(&ex.shown);
        let input = match (&line.input, typed.is_empty()) {
            (Some(piped), true) => piped.clone(),
            (None, _) => typed,
            (Some(_), false) => {
                failures.push(format!("{}: both a pipe and typed moves", ex.place));
                continue;
            }
        };
        let r = run(&line, &input, &dir);
        ran += 1;
        match r.status {
            None => failures.push(format!(
                "{}: `{}` ran past {} s; mark it `# (slow)` or make it smaller",
                ex.place,
                ex.text,
                TIME_LIMIT.as_secs()
            )),
            Some(s) if s != line.marks.status => failures.push(format!(
                "{}: `{}` exited with {s}, expected {}: {}",
                ex.place,
                ex.text,
                line.marks.status,
                r.stderr.trim()
            )),
            Some(_) => {
                let all = format!("{}{}", r.stdout, r.stderr);
                if let Some(want) = missing_line(&printed, &all) {
                    failures.push(format!(
                        "{}: `{}` does not print the line shown\n    {want}\n  it printed:\n{}",
                        ex.place, ex.text, all
                    ));
                }
            }
        }
        if r.took > Duration::from_secs(5) {
            eprintln!(
                "{}: `{}` took {:.1} s",
                ex.place,
                ex.text,
                r.took.as_secs_f64()
            );
        }
    }
    (failures, ran)
}

#[test]
fn every_documented_command_runs_as_shown() {
    let mut failures = Vec::new();
    let mut total = 0;
    for (name, text) in documents() {
        let found = find(&name, &text);
        let (f, ran) = check(&name, &found);
        failures.extend(f);
        total += ran;
    }
    assert!(
        failures.is_empty(),
        "{} README commands fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        total >= 30,
        "only {total} README commands found: is the extraction broken?"
    );
}

#[test]
fn the_readme_shows_commands_in_every_style_the_test_reads() {
    let (_, readme) = &documents()[0];
    let found = find("README.md", readme);
    assert!(
        found.examples.iter().any(|e| !e.shown.is_empty()),
        "no transcript with output"
    );
    assert!(found.examples.iter().any(|e| e
        .shown
        .iter()
        .any(|s| s.starts_with(readme_support::PROMPT))));
    assert!(found
        .examples
        .iter()
        .any(|e| split(&e.text).is_ok_and(|l| l.input.is_some())));
    assert!(!found.cats.is_empty(), "no `cat` of an example file");
}

#[test]
fn the_splitter_reads_quotes_as_bash_does() {
    let l = split("grundy seq '4!.0' --to 10 # a comment").unwrap();
    assert_eq!(l.args, ["seq", "4!.0", "--to", "10"]);
    assert_eq!(l.marks, Default::default());
    let l = split(r#"grundy nimber "3*5 + 7" it\'s 'a''b'"c d""#).unwrap();
    assert_eq!(l.args, ["nimber", "3*5 + 7", "it's", "abc d"]);
    let l = split("grundy play heap triomino --board '..../..#.'   # (interactive)").unwrap();
    assert_eq!(l.args.last().unwrap(), "..../..#.");
    assert!(l.marks.interactive && !l.marks.slow);
    let l = split("grundy seq 0.7 --to 99 # (slow) (exit 2)").unwrap();
    assert!(l.marks.slow);
    assert_eq!(l.marks.status, 2);
}

#[test]
fn the_splitter_refuses_what_bash_would_mangle() {
    for bad in [
        "grundy seq 4!.0 --to 10",
        "grundy nimber \"4!\"",
        "grundy nimber 3*5",
        "grundy heap 0.[3] 5",
        "grundy heap kayles $N",
        "grundy heap kayles `echo 3`",
        "grundy heap kayles 3 > out.txt",
        "grundy heap kayles 3; ls",
        "grundy heap kayles 3 && ls",
        "grundy game ~/g.rhai",
        "grundy seq 'kayles --to 10",
        "grundy heap {1,2}",
        "cargo run -- nim 3",
        "cat x | grundy nim",
        "echo 1 | grundy play nim 1 | cat",
    ] {
        assert!(split(bad).is_err(), "accepted {bad:?}");
    }
}

#[test]
fn pipes_feed_standard_input() {
    let l = split("printf '3\\n5 8\\n' | grundy nimber --batch").unwrap();
    assert_eq!(l.input.as_deref(), Some("3\n5 8\n"));
    assert_eq!(l.args, ["nimber", "--batch"]);
    let l = split("echo take 1 | grundy play nim 1").unwrap();
    assert_eq!(l.input.as_deref(), Some("take 1\n"));
}

#[test]
fn transcripts_split_into_typed_moves_and_output() {
    let doc = "```text\n$ grundy play nim 1 --seed 1\nstart\nyour move> take 1\nyou: won\n\n$ grundy nim 1 2   # (exit 0)\n```\n\n```sh\ngrundy nim 1\ncargo test\n```\n";
    let found = find("x.md", doc);
    assert_eq!(found.examples.len(), 3);
    assert_eq!(found.examples[0].place, "x.md:2");
    let (typed, printed) = transcript(&found.examples[0].shown);
    assert_eq!(typed, "take 1\n");
    assert_eq!(printed, ["start", "you: won"]);
    assert!(found.examples[1].shown.is_empty());
    assert_eq!(found.examples[2].text, "grundy nim 1");
    let want = ["a".to_string(), "...".to_string(), "c".to_string()];
    assert_eq!(missing_line(&want, "a\nb\nc\n"), None);
    assert_eq!(missing_line(&want, "c\na\n"), Some("c"));
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn links_in_the_documents_lead_somewhere() {
    let mut broken = Vec::new();
    for (name, text) in documents() {
        let anchors: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix('#'))
            .map(|l| anchor(l.trim_start_matches('#')))
            .collect();
        let base = root().join(&name).parent().expect("folder").to_path_buf();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if target.starts_with("http") || target.contains(' ') {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
            if file.is_empty() {
                if !anchors.iter().any(|a| a == fragment) {
                    broken.push(format!("{name}: no heading for #{fragment}"));
                }
            } else if !base.join(file).exists() {
                broken.push(format!("{name}: {file} does not exist"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert_eq!(anchor("Wythoff's game"), "wythoffs-game");
    assert_eq!(
        anchor(" Nimber arithmetic, Turning Corners, tables"),
        "nimber-arithmetic-turning-corners-tables"
    );
}
