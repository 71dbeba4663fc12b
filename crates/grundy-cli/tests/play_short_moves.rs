//! Heap games take moves in short forms: `take 2 from heap 1`, `7 -> 5`,
//! split parts in any order; a move that is not legal is refused with the
//! reason and the game goes on.

use crate::common;

use common::json_lines as lines;

#[test]
fn short_forms_are_moves_in_every_heap_game() {
    for (rule, heaps, typed, after) in [
        ("kayles", "7 9", "7 -> 2 + 4", "[2,4,9]"),
        ("kayles", "7 9", "take 2 from heap 1", "[5,9]"),
        (
            "kayles",
            "7 9",
            "take 1 from heap 2 into 5 and 3",
            "[7,5,3]",
        ),
        ("grundy", "7", "7 -> 2 5", "[2,5]"),
        ("grundy", "7", "split heap 1 into 4 and 3", "[4,3]"),
        ("sub:1,3,4", "20", "take 3 from heap 1", "[17]"),
        ("sub:1,3,4", "20", "20 -> 16", "[16]"),
        (
            "0.137",
            "12",
            "take 3 from the heap of 12, leaving 4, 5",
            "[4,5]",
        ),
    ] {
        let mut args = vec!["play", "heap", rule];
        args.extend(heaps.split(' '));
        args.extend(["--seed", "1", "--json"]);
        let v = lines(&args, &format!("{typed}\n"));
        assert_eq!(v[1]["by"], "human", "{rule} {typed}: {v:?}");
        assert_eq!(v[1]["position"].to_string(), after, "{rule} {typed}: {v:?}");
    }
}

#[test]
fn illegal_short_forms_say_why_and_the_game_goes_on() {
    let v = lines(
        &["play", "heap", "kayles", "7", "--seed", "1", "--json"],
        "take 3 from heap 1\n7 -> 7\nheap 4 -> 1\n7 -> 3 + 3\n",
    );
    assert_eq!(
        v[1]["error"],
        "kayles has no move taking 3 from a heap of 7"
    );
    assert!(
        v[2]["error"].as_str().unwrap().contains("at least one"),
        "{v:?}"
    );
    assert!(
        v[3]["error"].as_str().unwrap().contains("numbered 1 to 1"),
        "{v:?}"
    );
    assert_eq!(v[4]["position"].to_string(), "[3,3]", "{v:?}");
}
