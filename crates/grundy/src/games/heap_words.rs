//! Heap moves as players type them, beyond the words the analysis prints:
//!
//! - `take 2 from heap 1` (heaps numbered from 1), `take 2 from the heap of 7`,
//!   `take 2 from 7`, `take all from heap 3`;
//! - with what is left: `take 1 from heap 2 and split the rest into 4 and 2`,
//!   `take 1 from heap 2, leaving 2 and 4`, `take 1 from heap 2 into 2 4`;
//! - `split heap 1 into 3 and 4`, `split the heap of 7 into 4 3`;
//! - arrows: `7 -> 5` (a heap of 7 becomes 5), `7 -> 3 3`, `12 -> 9 + 2`,
//!   `heap 2 -> 0` (`→` works too).
//!
//! Parts may be listed in any order. Without parts, a `take` leaves one heap
//! (or none) when the rule allows it; when it allows only splits, the parts
//! must be said.
//!
//! ```
//! use grundy::games::heap_words::{parse, resolve};
//! let kayles = "0.77".parse().unwrap();
//! let typed = parse("7 -> 3 + 3").unwrap().unwrap();
//! let (mv, to) = resolve(&kayles, &[5, 7], &typed).unwrap();
//! assert_eq!((mv.take, to), (1, vec![5, 3, 3]));
//! let typed = parse("take 2 from heap 1").unwrap().unwrap();
//! assert_eq!(resolve(&kayles, &[5, 7], &typed).unwrap().1, vec![3, 7]);
//! ```

use super::heap::{moves_on, HeapMove};
use crate::family::text::{normalize, without_parentheses};
use crate::heap::rule::HeapRule;

/// Which heap a typed move names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// `heap I`: the I-th heap, counted from 0 here (typed from 1).
    Index(usize),
    /// `the heap of A`, `A ->`: the first heap of that size with such a move.
    Size(u64),
}

/// How many tokens a typed move takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    /// Not said (arrows): whatever the parts leave.
    Unsaid,
    /// `take K`.
    Tokens(u64),
    /// `take all`.
    All,
}

/// A heap move as typed, before it is checked against the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// The heap moved in.
    pub heap: Which,
    /// The tokens taken.
    pub take: Take,
    /// The heaps left, in any order, when said (empty heaps dropped).
    pub parts: Option<Vec<u64>>,
}

/// Reads `text` as a heap move: `None` when it is not written as one,
/// `Some(Err)` when it starts like one but does not go on like one.
pub fn parse(text: &str) -> Option<Result<Typed, String>> {
    let t = normalize(&without_parentheses(text).replace('→', "->"));
    let t = t.trim_end_matches('.').trim();
    if let Some((left, right)) = t.split_once("->") {
        let left = left.trim();
        let heap = match heap_ref(left) {
            Some((heap, "")) => heap,
            _ if left.is_empty()
                || left.starts_with(|c: char| c.is_ascii_digit())
                || left.starts_with("heap") =>
            {
                return Some(Err(format!(
                    "'{left}' is not a heap: write '7 -> 5' or 'heap 2 -> 5'"
                )));
            }
            _ => return None,
        };
        return Some(parts(right).map(|parts| Typed {
            heap,
            take: Take::Unsaid,
            parts: Some(parts),
        }));
    }
    if let Some(rest) = t.strip_prefix("take ") {
        return Some(take(rest));
    }
    if let Some(rest) = t.strip_prefix("split ") {
        return Some(split(rest));
    }
    None
}

fn take(rest: &str) -> Result<Typed, String> {
    let bad = || {
        format!(
            "'take {rest}' is not a move: write 'take 2 from heap 1', 'take 2 from the heap of 7' \
             or 'take 1 from heap 1 into 2 and 3'"
        )
    };
    let (amount, rest) = rest.split_once(' ').ok_or_else(bad)?;
    let (take, rest) = if amount == "all" {
        // `take all 5 from the heap of 5`: the number is the heap's size.
        let rest = match rest.split_once(' ') {
            Some((n, r)) if number(n).is_some() => r,
            _ => rest,
        };
        (Take::All, rest)
    } else {
        (Take::Tokens(number(amount).ok_or_else(bad)?), rest)
    };
    let rest = rest.strip_prefix("from ").ok_or_else(bad)?;
    let (heap, tail) = heap_ref(rest).ok_or_else(bad)?;
    let tail = tail.trim_start_matches(',').trim();
    let parts = if tail.is_empty() {
        None
    } else {
        let listed = [
            "and split the rest into ",
            "splitting the rest into ",
            "split the rest into ",
            "and leave ",
            "leaving ",
            "into ",
        ]
        .iter()
        .find_map(|k| tail.strip_prefix(k))
        .ok_or_else(bad)?;
        Some(parts(listed)?)
    };
    Ok(Typed { heap, take, parts })
}

fn split(rest: &str) -> Result<Typed, String> {
    let bad = || format!("'split {rest}' is not a move: write 'split heap 1 into 3 and 4'");
    let (heap, tail) = heap_ref(rest).ok_or_else(bad)?;
    let listed = tail.trim().strip_prefix("into ").ok_or_else(bad)?;
    Ok(Typed {
        heap,
        take: Take::Tokens(0),
        parts: Some(parts(listed)?),
    })
}

/// `heap I`, `the heap of A`, `heap of A`, `a heap of A` or `A`, and the
/// rest of the text.
fn heap_ref(text: &str) -> Option<(Which, &str)> {
    for prefix in ["the heap of ", "a heap of ", "heap of "] {
        if let Some(r) = text.strip_prefix(prefix) {
            let (n, tail) = first_word(r);
            return Some((Which::Size(number(n)?), tail));
        }
    }
    if let Some(r) = text.strip_prefix("heap ") {
        let (n, tail) = first_word(r);
        let i = number(n)?;
        return Some((Which::Index(usize::try_from(i).ok()?.checked_sub(1)?), tail));
    }
    let (n, tail) = first_word(text);
    Some((Which::Size(number(n)?), tail))
}

fn first_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    let end = text.find([' ', ',']).unwrap_or(text.len());
    (&text[..end], text[end..].trim_start())
}

fn number(word: &str) -> Option<u64> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

/// `3 and 4`, `3, 4`, `3 4`, `3 + 4`, `nothing`: the sizes, zeros dropped.
fn parts(text: &str) -> Result<Vec<u64>, String> {
    let mut out = Vec::new();
    let t = text.trim();
    if t.is_empty() || t == "nothing" {
        return Ok(out);
    }
    for word in t
        .split([' ', ',', '+'])
        .filter(|w| !w.is_empty() && *w != "and")
    {
        match number(word) {
            Some(0) => {}
            Some(n) => out.push(n),
            None => return Err(format!("'{word}' is not a heap size (in '{t}')")),
        }
    }
    Ok(out)
}

/// The move of `heaps` that `typed` names, with the heaps it leaves, or
/// why there is none (or more than one).
pub fn resolve(
    rule: &HeapRule,
    heaps: &[u32],
    typed: &Typed,
) -> Result<(HeapMove, Vec<u32>), String> {
    let candidates: Vec<usize> = match typed.heap {
        Which::Index(i) if i < heaps.len() => vec![i],
        Which::Index(i) => {
            return Err(format!(
                "there is no heap {}: the heaps are numbered 1 to {}",
                i + 1,
                heaps.len()
            ))
        }
        Which::Size(a) => {
            let found: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] as u64 == a).collect();
            if found.is_empty() {
                return Err(format!("there is no heap of {a}"));
            }
            found
        }
    };
    let mut want = typed.parts.clone();
    if let Some(w) = want.as_mut() {
        w.sort_unstable();
    }
    let mut last_reason = String::new();
    for &i in &candidates {
        let h = heaps[i] as u64;
        let fits = |m: &HeapMove| {
            let take_ok = match typed.take {
                Take::Unsaid => true,
                Take::Tokens(k) => m.take as u64 == k,
                Take::All => m.take as u64 == h,
            };
            let parts_ok = want.as_ref().is_none_or(|w| {
                let mut have: Vec<u64> = m.parts.iter().map(|&p| p as u64).collect();
                have.sort_unstable();
                &have == w
            });
            take_ok && parts_ok
        };
        let mut found: Vec<(HeapMove, Vec<u32>)> = moves_on(rule, heaps, i)
            .into_iter()
            .filter(|(m, _)| fits(m))
            .collect();
        if want.is_none() && found.iter().any(|(m, _)| m.parts.len() <= 1) {
            found.retain(|(m, _)| m.parts.len() <= 1);
        }
        // The same take and parts listed in another order is the same move.
        let mut seen: Vec<(u32, Vec<u32>)> = Vec::new();
        found.retain(|(m, _)| {
            let mut key = (m.take, m.parts.clone());
            key.1.sort_unstable();
            let new = !seen.contains(&key);
            seen.push(key);
            new
        });
        match found.len() {
            0 => last_reason = why_not(rule, h, i, typed),
            1 => {
                let (mut mv, _) = found.remove(0);
                // The parts in the order they were typed.
                if let Some(typed) = &typed.parts {
                    mv.parts = typed.iter().map(|&p| p as u32).collect();
                }
                let to = super::heap::apply(heaps, &mv);
                return Ok((mv, to));
            }
            _ => {
                let ways: Vec<String> = found.iter().take(3).map(|(m, _)| m.to_string()).collect();
                return Err(format!(
                    "that can be done in {} ways ({}{}); say which heaps are left",
                    found.len(),
                    ways.join("; "),
                    if found.len() > 3 { "; ..." } else { "" }
                ));
            }
        }
    }
    Err(last_reason)
}

/// Why no move of heap `i` (of `h` tokens) fits `typed`, in the player's
/// terms.
pub(crate) fn why_not(rule: &HeapRule, h: u64, i: usize, typed: &Typed) -> String {
    let left: u64 = typed.parts.iter().flatten().sum();
    match typed.take {
        Take::Tokens(0) if typed.parts.is_none() => "a move takes at least one token".to_string(),
        Take::Tokens(k) if k > h => format!("heap {} has only {h} tokens", i + 1),
        Take::Tokens(k) if typed.parts.is_some() && k + left != h => {
            format!("taking {k} from {h} leaves {}, not {left}", h - k)
        }
        Take::Unsaid if left >= h => {
            format!("a heap of {h} cannot become {left} tokens: a move takes at least one")
        }
        _ => {
            let leaving = match &typed.parts {
                None => String::new(),
                Some(ps) if ps.is_empty() => " and leaving nothing".to_string(),
                Some(ps) => {
                    let ps: Vec<String> = ps.iter().map(u64::to_string).collect();
                    format!(" and leaving {}", ps.join(" and "))
                }
            };
            match typed.take {
                Take::Tokens(0) => format!("{rule} has no move splitting a heap of {h}{leaving}"),
                Take::Tokens(k) => {
                    format!("{rule} has no move taking {k} from a heap of {h}{leaving}")
                }
                _ => format!("{rule} has no move from a heap of {h}{leaving}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap::moves;
    use proptest::prelude::*;

    fn kayles() -> HeapRule {
        "0.77".parse().unwrap()
    }

    fn go(rule: &HeapRule, heaps: &[u32], text: &str) -> Result<Vec<u32>, String> {
        let typed = parse(text).expect("a heap move")?;
        resolve(rule, heaps, &typed).map(|(_, to)| to)
    }

    #[test]
    fn short_forms() {
        let k = kayles();
        let p = [5, 7];
        assert_eq!(go(&k, &p, "take 2 from heap 1"), Ok(vec![3, 7]));
        assert_eq!(go(&k, &p, "Take 1 from the heap of 7"), Ok(vec![5, 6]));
        assert_eq!(go(&k, &p, "take 1 from 7 into 2 and 4"), Ok(vec![5, 2, 4]));
        assert_eq!(
            go(&k, &p, "take 1 from heap 2 and split the rest into 4 and 2"),
            Ok(vec![5, 4, 2])
        );
        assert_eq!(
            go(&k, &p, "take 1 from heap 2, leaving 5, 1"),
            Ok(vec![5, 5, 1])
        );
        assert_eq!(go(&k, &p, "7 -> 5"), Ok(vec![5, 5]));
        assert_eq!(go(&k, &p, "7 → 3 + 3"), Ok(vec![5, 3, 3]));
        assert_eq!(go(&k, &p, "heap 1 -> 2 and 1"), Ok(vec![2, 1, 7]));
        assert_eq!(go(&k, &[1, 2], "2 -> 0"), Ok(vec![1]));
        assert_eq!(go(&k, &[1, 2], "take all from heap 2"), Ok(vec![1]));
        assert_eq!(
            go(&k, &[1, 2], "take all 2 from the heap of 2"),
            Ok(vec![1])
        );
        let grundy: HeapRule = "4!.0".parse().unwrap();
        assert_eq!(
            go(&grundy, &[7], "split heap 1 into 4 and 3"),
            Ok(vec![4, 3])
        );
        assert_eq!(go(&grundy, &[7], "7 -> 2 5"), Ok(vec![2, 5]));
    }

    #[test]
    fn refusals_say_why() {
        let k = kayles();
        let p = [5, 7];
        assert!(go(&k, &p, "take 2 from heap 3")
            .unwrap_err()
            .contains("numbered 1 to 2"));
        assert!(go(&k, &p, "take 9 from heap 1")
            .unwrap_err()
            .contains("only 5 tokens"));
        assert_eq!(
            go(&k, &p, "take 3 from heap 1"),
            Err("0.77 has no move taking 3 from a heap of 5".into())
        );
        assert!(go(&k, &p, "take 1 from heap 2 into 1 1")
            .unwrap_err()
            .contains("leaves 6, not 2"));
        assert!(go(&k, &p, "9 -> 1").unwrap_err().contains("no heap of 9"));
        assert!(go(&k, &p, "7 -> 7").unwrap_err().contains("at least one"));
        let grundy: HeapRule = "4!.0".parse().unwrap();
        assert!(go(&grundy, &[7], "7 -> 4 4").is_err());
        // 0.04: taking 2 must split the rest in two, so the parts must be said.
        let split_only: HeapRule = "0.04".parse().unwrap();
        assert!(go(&split_only, &[7], "take 2 from heap 1")
            .unwrap_err()
            .contains("ways"));
        assert!(matches!(parse("take two from heap 1"), Some(Err(_))));
        assert!(matches!(parse("7 -> x"), Some(Err(_))));
        assert_eq!(parse("hint"), None);
        assert_eq!(parse("3 4 5"), None);
    }

    proptest! {
        /// Every legal move, typed as an arrow with its parts in any order
        /// or as `take K from heap I into ...`, is found again.
        #[test]
        fn every_move_typed_short_is_found(
            code in "0\\.[0-7]{1,3}",
            heaps in proptest::collection::vec(0u32..12, 1..4),
            pick in any::<usize>(),
            reverse in any::<bool>(),
        ) {
            let rule: HeapRule = code.parse().unwrap();
            let all = moves(&rule, &heaps);
            prop_assume!(!all.is_empty());
            let (mv, _) = &all[pick % all.len()];
            let mut parts: Vec<String> = mv.parts.iter().map(u32::to_string).collect();
            if reverse {
                parts.reverse();
            }
            let arrow = format!("heap {} -> {}", mv.heap + 1, if parts.is_empty() { "0".into() } else { parts.join(" + ") });
            let take = format!("take {} from heap {} into {}", mv.take, mv.heap + 1, if parts.is_empty() { "nothing".into() } else { parts.join(" and ") });
            let mut same = mv.parts.clone();
            same.sort_unstable();
            for text in [arrow, take] {
                if mv.take == 0 && text.starts_with("take") {
                    continue;
                }
                let (got, to) = resolve(&rule, &heaps, &parse(&text).unwrap().unwrap()).unwrap();
                let mut have = got.parts.clone();
                have.sort_unstable();
                prop_assert_eq!((got.heap, got.take, have), (mv.heap, mv.take, same.clone()), "{}", text);
                prop_assert_eq!(to.len(), heaps.len() - 1 + got.parts.len());
            }
        }
    }
}
