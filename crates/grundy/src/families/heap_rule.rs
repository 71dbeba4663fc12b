//! Heap games whose rule was read elsewhere (the ranges of a ranges file),
//! started with the name the user gave the rule.

use super::{heap, huge_heap};
use crate::family::registry::{AnyGame, Started};
use crate::family::Error;
use crate::game::Convention;
use crate::heap::rule::HeapRule;

/// The heap game `rule` (already read, from a ranges file say), named
/// `label` in its reports (`ranges:FILE`), at the heaps `position`; no
/// heaps at all is the empty position. Heaps past what is computed, under
/// a proven period, are answered from the period ([`huge_heap`]).
///
/// ```
/// use grundy::families::heap_rule;
/// use grundy::game::Convention;
/// let rule = "take:1..3".parse().unwrap();
/// let g = heap_rule::start(rule, "ranges:take3.txt", "5 2", Convention::Normal).unwrap();
/// let r = g.report().unwrap();
/// assert_eq!((r.game.as_str(), r.value), ("ranges:take3.txt", Some(1 ^ 2)));
/// ```
pub fn start(
    rule: HeapRule,
    label: &str,
    position: &str,
    c: Convention,
) -> Result<Box<dyn AnyGame>, Error> {
    let heaps: Vec<&str> = position.split_whitespace().collect();
    if let Some(huge) = huge_heap::start(&rule, &heaps, c)? {
        return Ok(Box::new(Started::new(huge)));
    }
    if heaps.is_empty() {
        let (game, _) = heap::start(rule, &["0"], c)?;
        return Ok(Box::new(Started::new((game.with_label(label), Vec::new()))));
    }
    let (game, p) = heap::start(rule, &heaps, c)?;
    Ok(Box::new(Started::new((game.with_label(label), p))))
}
