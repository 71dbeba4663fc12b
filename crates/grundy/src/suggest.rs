//! "Did you mean": the names nearest a mistyped one, for the messages that
//! refuse an unknown command, family, rule, game or term.
//!
//! Nearness is the optimal string alignment distance (Damerau–Levenshtein
//! restricted to edits that do not overlap): one insertion, deletion,
//! substitution or swap of two neighbouring characters costs 1, and case
//! is ignored. A name is offered when it is at most a third of the typed
//! word's length away (at least 1, so `nmi` finds `nim`), and closer than
//! it is long (so a short word is never offered for something unrelated);
//! every name at the least distance is offered.
//!
//! ```
//! use grundy::suggest::{did_you_mean, distance, nearest};
//! assert_eq!(distance("kayels", "Kayles"), 1);
//! let names = ["nim", "nimble", "kayles", "dawson-kayles"];
//! assert_eq!(nearest("nmi", names), ["nim"]);
//! assert_eq!(nearest("chess", names), Vec::<&str>::new());
//! assert_eq!(did_you_mean(&nearest("kayels", names)).unwrap(), "did you mean 'kayles'?");
//! ```

/// The optimal string alignment distance between `a` and `b`, ignoring
/// case: the fewest insertions, deletions, substitutions and swaps of
/// neighbouring characters that turn one into the other, no character
/// edited twice.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    // Three rows of the table: two back (for swaps), one back, this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[b.len()]
}

/// The most edits a suggestion for `word` may be away.
fn threshold(word: &str) -> usize {
    (word.chars().count() / 3).max(1)
}

/// The names of `names` nearest `word` (see the module), in their order,
/// each once; none when no name is near enough.
pub fn nearest<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let word = word.trim();
    let limit = threshold(word);
    let mut best: Vec<&str> = Vec::new();
    let mut least = usize::MAX;
    for name in names {
        let d = distance(word, name);
        if d > limit || d >= name.chars().count() || d > least {
            continue;
        }
        if d < least {
            least = d;
            best.clear();
        }
        if !best.contains(&name) {
            best.push(name);
        }
    }
    best
}

/// `did you mean 'a'?`, `did you mean 'a' or 'b'?`, `did you mean 'a',
/// 'b' or 'c'?`; `None` for no names.
pub fn did_you_mean(names: &[&str]) -> Option<String> {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    let text = match quoted.as_slice() {
        [] => return None,
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    Some(format!("did you mean {text}?"))
}

/// `; did you mean 'a'?` for the names of `names` nearest `word`, or
/// nothing: the tail of a message refusing `word`.
pub fn hint<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(&nearest(word, names)).map_or(String::new(), |s| format!("; {s}"))
}

/// ` (did you mean 'a'?)` for the names of `names` nearest `word`, or
/// nothing: an aside in a message refusing `word` that goes on.
pub fn aside<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(&nearest(word, names)).map_or(String::new(), |s| format!(" ({s})"))
}

#[cfg(test)]
#[path = "suggest_tests.rs"]
mod tests;
