//! Helpers for the `grundy play` tests: a pseudo-terminal driver, a pipe
//! driver, and a small seeded generator for the random player.

#![allow(dead_code)]

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use expectrl::process::unix::{PtyStream, UnixProcess};
use expectrl::{Expect, Session};

#[allow(unused_imports)]
pub use crate::common::{grundy_with_input, piped, refused};
pub use grundy::family::text::without_parentheses;

/// The prompt `grundy play` shows at a terminal.
pub const PROMPT: &str = "your move> ";

/// A `grundy` process on a pseudo-terminal.
pub struct Pty {
    session: Session<UnixProcess, PtyStream>,
    args: Vec<String>,
    pending: Vec<u8>,
}

impl Pty {
    /// Starts `grundy ARGS` on a new pseudo-terminal (echo off).
    pub fn spawn(args: &[&str]) -> Pty {
        Pty::spawn_on(args, "dumb")
    }

    /// Starts `grundy ARGS` on a new pseudo-terminal of type `term` (a
    /// `dumb` one reads lines as they come; others get line editing).
    pub fn spawn_on(args: &[&str], term: &str) -> Pty {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
        cmd.args(args).env("TERM", term);
        let session = Session::spawn(cmd).expect("spawn grundy on a pty");
        Pty {
            session,
            args: args.iter().map(|s| s.to_string()).collect(),
            pending: Vec::new(),
        }
    }

    /// Reads more output into `pending`; false at the end of the output.
    fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 4096];
        match self.session.try_read(&mut chunk) {
            Ok(0) => false,
            Ok(n) => {
                self.pending
                    .extend(chunk[..n].iter().filter(|&&b| b != b'\r'));
                true
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                sleep(Duration::from_millis(1));
                true
            }
            // Linux reports the closed far end of a pty as an I/O error.
            Err(_) => false,
        }
    }

    /// Reads until one of `needles` appears; returns everything before the
    /// earliest one (carriage returns dropped) and its index.
    pub fn until(&mut self, needles: &[&str]) -> (String, usize) {
        let start = Instant::now();
        loop {
            let found = needles
                .iter()
                .enumerate()
                .filter_map(|(i, n)| {
                    self.pending
                        .windows(n.len())
                        .position(|w| w == n.as_bytes())
                        .map(|at| (at, i))
                })
                .min();
            if let Some((at, i)) = found {
                let before = String::from_utf8_lossy(&self.pending[..at]).into_owned();
                self.pending.drain(..at + needles[i].len());
                return (before, i);
            }
            let open = self.fill();
            assert!(
                open && start.elapsed() < Duration::from_secs(30),
                "grundy {:?}: none of {needles:?} ({}); got {:?}",
                self.args,
                if open { "after 30 s" } else { "before the end" },
                String::from_utf8_lossy(&self.pending)
            );
        }
    }

    /// Reads up to the next prompt and returns what came before it.
    pub fn prompt(&mut self) -> String {
        self.until(&[PROMPT]).0
    }

    /// Types `line`, reads up to the next prompt, checks the answer holds
    /// every one of `needles`, and returns it.
    pub fn answer(&mut self, line: &str, needles: &[&str]) -> String {
        self.send(line);
        let reply = self.prompt();
        for needle in needles {
            assert!(reply.contains(needle), "after {line:?}: {reply}");
        }
        reply
    }

    /// Types a line.
    pub fn send(&mut self, line: &str) {
        self.session.send_line(line).expect("write to the pty");
    }

    /// Types a line of raw bytes (which need not be UTF-8).
    pub fn send_bytes(&mut self, line: &[u8]) {
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        self.session.send(bytes).expect("write to the pty");
    }

    /// Reads the rest of the output and waits for the process to end;
    /// returns that output.
    pub fn finish(mut self) -> String {
        let start = Instant::now();
        while self.fill() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "grundy {:?} does not end",
                self.args
            );
        }
        String::from_utf8_lossy(&self.pending).into_owned()
    }
}

/// The moves `moves` printed: the words before `  ->  `.
pub fn listed_moves(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("  ") && l.contains("  ->  "))
        .map(|l| l.trim_start().split("  ->  ").next().unwrap().to_string())
        .collect()
}

/// SplitMix64, for the random player.
pub struct Rand(pub u64);

impl Rand {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Plays one game on a pseudo-terminal: the computer moves first, the
/// random player picks among the moves `moves` lists, typing either the
/// words or the position after the move. Returns the closing line.
pub fn random_game(args: &[&str], rand: &mut Rand) -> String {
    let mut pty = Pty::spawn(args);
    loop {
        let (before, which) = pty.until(&[PROMPT, "game over: "]);
        if which == 1 {
            let (line, _) = pty.until(&["\n"]);
            pty.finish();
            return line;
        }
        assert!(before.contains("computer: "), "{before}");
        pty.send("moves");
        let list = pty.prompt();
        let moves = listed_moves(&list);
        assert!(!moves.is_empty(), "no moves listed in {list:?}");
        let i = rand.below(moves.len() as u64) as usize;
        let words = &moves[i];
        // Half the time type the short form: the words before the part in
        // parentheses, or the corners before the colon.
        let typed = if rand.below(2) == 1 {
            words.clone()
        } else if words.starts_with('(') {
            words.split(':').next().unwrap().to_string()
        } else {
            without_parentheses(words)
        };
        pty.send(&typed);
        let (echo, _) = pty.until(&["\n"]);
        assert!(echo.starts_with("you: "), "{typed:?} was refused: {echo}");
    }
}

/// The JSON lines of an output.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}")))
        .collect()
}
