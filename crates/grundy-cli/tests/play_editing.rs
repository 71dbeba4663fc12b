//! At a terminal that can move its cursor, `grundy play` reads moves with a
//! line editor: the arrow keys recall earlier lines.

use crate::play_support;

use play_support::Pty;

#[test]
fn the_up_arrow_recalls_the_last_line() {
    let mut pty = Pty::spawn_on(&["play", "nim", "3", "4", "5", "--seed", "1"], "xterm");
    let board = pty.prompt();
    assert!(board.contains("nim-sum 3 XOR 4 XOR 5 = 2"), "{board}");
    let first = pty.answer("hint", &["hint: take 2 from heap 1"]);
    assert!(!first.contains("illegal"), "{first}");
    // Up arrow, then Enter: "hint" again (the editor redraws the prompt
    // with the recalled line before the answer comes).
    pty.send_bytes(b"\x1b[A");
    let (_, which) = pty.until(&["hint: take 2 from heap 1", "illegal move"]);
    assert_eq!(which, 0, "the recalled line was not hint");
    pty.prompt();
    pty.send("take 2 from heap 1");
    let reply = pty.prompt();
    assert!(
        reply.contains("you: take 2 from heap 1 (3 -> 1)"),
        "{reply}"
    );
    pty.send("quit");
    let rest = pty.finish();
    assert!(rest.contains("stopped at"), "{rest}");
}
