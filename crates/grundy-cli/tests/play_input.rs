//! What `grundy play` reads: endless input is refused, not stored.

use crate::common;

use common::grundy_with_input;

#[test]
fn an_endless_line_ends_the_session_with_an_error() {
    let zeros = vec![0u8; (16 << 20) + 2];
    let out = grundy_with_input(&["play", "nim", "3", "4", "5"], &zeros);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("longer than 16 MiB"), "{err}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("nim 3 4 5"), "{said}");
}
