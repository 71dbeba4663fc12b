//! Heap rules: the full notation, the octal and hexadecimal codes, and
//! `ranges` files.

use crate::api::{CodeError, Digit, HeapRule, RuleError, RuleKind, TakeBreak};
use crate::{one_line, text};

/// Heaps up to this size have their moves checked.
const MOVES_UP_TO: u32 = 14;

/// `HeapRule` from text (`0.77`, `4!.0`, `sub:1,2`, `allbut:3`,
/// `take:2..5`, `ranges:1..1,1..2`, `kayles`, ...).
///
/// Asserts: a refusal is one line and points at a character of the text;
/// an accepted rule prints (canonical form) to text that parses to the same
/// rule, and that text is a fixed point; the same holds for its base rule;
/// every move it lists from a small heap takes what the rule allows and
/// leaves non-empty heaps adding up to the rest.
pub fn rule_notation(data: &[u8]) {
    let Some(input) = text(data) else { return };
    match input.parse::<HeapRule>() {
        Err(e) => rule_error(input, &e),
        Ok(rule) => {
            check_rule(&rule);
            check_rule(&rule.base());
            assert_eq!(rule.base().named(), None);
            assert!(rule.scale() >= 1);
            let _ = rule.base_heap(u64::MAX);
        }
    }
}

/// An octal or hexadecimal code read on its own (`TakeBreak`).
///
/// Asserts: a refusal is one line and points at a character of the code or
/// just past it; an accepted code prints in lower case to a code that reads
/// back to the same digits (trailing zero digits of a finite code aside)
/// and prints the same again; `max_removal`, `is_hexadecimal` and `splits`
/// agree with the digits.
pub fn heap_code(data: &[u8]) {
    let Some(input) = text(data) else { return };
    match input.parse::<TakeBreak>() {
        Err(e) => code_error(input, &e),
        Ok(code) => check_code(&code),
    }
}

/// A `ranges` file (`HeapRule::parse_ranges`): one `L_i R_i` line per heap
/// size, `#` comments and blank lines.
///
/// Asserts: a refusal is one line and names a line of the text; an accepted
/// file gives windows with `1 <= L_i <= R_i <= i`, written back as a file it
/// reads the same, and printed as `ranges:...` it parses to the same rule.
pub fn ranges_file(data: &[u8]) {
    let Some(input) = text(data) else { return };
    match HeapRule::parse_ranges(input) {
        Err(e) => {
            one_line("ranges file", &e.to_string());
            match e {
                RuleError::Ranges { line, .. } => {
                    assert!(line >= 1, "line {line}");
                    assert!(
                        line <= input.lines().count().max(1),
                        "line {line} of a text of {} lines",
                        input.lines().count()
                    );
                }
                other => panic!("a ranges file refused with {other:?}"),
            }
        }
        Ok(rule) => {
            let RuleKind::Ranges(windows) = rule.kind() else {
                panic!("a ranges file read as {rule}");
            };
            assert!(!windows.is_empty());
            for (k, &(lo, hi)) in windows.iter().enumerate() {
                assert!(1 <= lo && lo <= hi && hi as usize <= k + 1, "{rule}");
            }
            let file: String = windows.iter().map(|(l, r)| format!("{l} {r}\n")).collect();
            let again = HeapRule::parse_ranges(&file).expect("a written ranges file reads");
            assert_eq!(again, rule);
            check_rule(&rule);
        }
    }
}

fn rule_error(input: &str, e: &RuleError) {
    one_line("rule", &e.to_string());
    match e {
        RuleError::Syntax { position, .. } => {
            assert!(
                (1..=input.chars().count().max(1) + 1).contains(position),
                "position {position} in {input:?}: {e}"
            );
        }
        RuleError::Code(c) => {
            assert!(
                (1..=input.chars().count() + 1).contains(&c.position),
                "position {} in {input:?}: {e}",
                c.position
            );
        }
        RuleError::Ranges { line, .. } => assert!(*line >= 1),
    }
}

fn code_error(input: &str, e: &CodeError) {
    one_line("code", &e.to_string());
    assert!(
        (1..=input.chars().count() + 1).contains(&e.position),
        "position {} in {input:?}: {e}",
        e.position
    );
}

/// The code with the trailing zero digits of a finite code dropped (at
/// least one digit after the point kept): what its canonical text reads
/// back as.
fn canonical(code: &TakeBreak) -> TakeBreak {
    let mut c = code.clone();
    if c.repeat_from.is_none() {
        while c.digits.len() > 2 && c.digits.last() == Some(&Digit::default()) {
            c.digits.pop();
        }
    }
    c
}

fn check_code(code: &TakeBreak) {
    assert!(code.digits.len() >= 2, "{code:?}");
    if let Some(r) = code.repeat_from {
        assert!(1 <= r && r < code.digits.len(), "{code:?}");
    }
    for (k, d) in code.digits.iter().enumerate() {
        assert!(d.bits < 16, "{code:?}");
        if k == 0 {
            assert_eq!(d.bits & 3, 0, "the digit before the point: {code:?}");
        }
    }
    let shown = code.to_string();
    assert!(
        !shown.chars().any(|c| c.is_uppercase() || c.is_whitespace()),
        "{shown}"
    );
    let again: TakeBreak = shown
        .parse()
        .unwrap_or_else(|e| panic!("{shown}, printed from {code:?}, does not read: {e}"));
    assert_eq!(again.to_string(), shown);
    assert_eq!(canonical(&again), canonical(code), "{shown}");
    // The largest removal: the last non-zero digit, none when a non-zero
    // digit repeats.
    let len = code.digits.len();
    let bound = 2 * len + 2;
    match code.max_removal() {
        Some(m) => {
            assert!(code.digit(m).bits != 0 || m == 0, "{shown}: {m}");
            assert!((m + 1..bound).all(|k| code.digit(k).bits == 0), "{shown}");
        }
        // (A code without moves, like 0.0, has no largest removal either.)
        None => assert!(
            (len..bound).any(|k| code.digit(k).bits != 0)
                || code.digits.iter().all(|d| d.bits == 0),
            "{shown}"
        ),
    }
    let bits = code.digits.iter().fold(0, |b, d| b | d.bits);
    assert_eq!(code.is_hexadecimal(), bits & 8 != 0, "{shown}");
    assert_eq!(code.splits(), bits & 12 != 0, "{shown}");
}

/// `rule` and `other` are the same rule: the same name, and the same kind
/// once codes are in their canonical form.
fn same_rule(rule: &HeapRule, other: &HeapRule) -> bool {
    let kinds = match (rule.kind(), other.kind()) {
        (RuleKind::Code(a), RuleKind::Code(b)) => canonical(a) == canonical(b),
        (a, b) => a == b,
    };
    kinds && rule.named().map(|n| n.name) == other.named().map(|n| n.name)
}

fn check_rule(rule: &HeapRule) {
    let shown = rule.to_string();
    assert!(!shown.is_empty());
    assert!(!shown.contains(char::is_whitespace), "{shown:?}");
    let again: HeapRule = shown
        .parse()
        .unwrap_or_else(|e| panic!("{shown}, printed from {rule:?}, does not parse: {e}"));
    assert_eq!(again.to_string(), shown);
    assert!(
        same_rule(rule, &again),
        "{rule:?} printed as {shown}, read back as {again:?}"
    );
    match rule.kind() {
        RuleKind::Code(c) => check_code(c),
        RuleKind::Subtract(s) | RuleKind::AllBut(s) => {
            assert!(!s.is_empty() && s[0] >= 1, "{shown}");
            assert!(s.windows(2).all(|w| w[0] < w[1]), "{shown}");
        }
        RuleKind::Take { min, max } => assert!(1 <= *min && min <= max, "{shown}"),
        RuleKind::Ranges(r) => {
            assert!(!r.is_empty(), "{shown}");
            for (k, &(lo, hi)) in r.iter().enumerate() {
                assert!(1 <= lo && lo <= hi && hi as usize <= k + 1, "{shown}");
            }
        }
        RuleKind::Predicate(p) => assert_eq!(shown, format!("sub:{p}")),
    }
    assert!(!rule.describe().is_empty());
    let max_parts = rule.max_parts();
    assert!((1..=3).contains(&max_parts), "{shown}");
    let max_removal = rule.max_removal();
    for n in 0..=MOVES_UP_TO {
        let mut moves = Vec::new();
        rule.for_each_move(n, |take, parts| moves.push((take, parts.to_vec())));
        let mut other = Vec::new();
        again.for_each_move(n, |take, parts| other.push((take, parts.to_vec())));
        assert_eq!(
            moves, other,
            "{shown} from {n}: the rule and its printed form differ"
        );
        for (take, parts) in &moves {
            let why = format!("{shown} from {n}: take {take} leaving {parts:?}");
            assert!(parts.iter().all(|&p| p >= 1), "{why}");
            assert_eq!(take + parts.iter().sum::<u32>(), n, "{why}");
            assert!(parts.len() <= max_parts, "{why}");
            if let Some(m) = max_removal {
                assert!(*take <= m, "{why}");
            }
            match rule.kind() {
                RuleKind::Code(c) => {
                    let d = c.digit(*take as usize);
                    assert!(d.allows(parts.len()), "{why}");
                    if d.unequal && parts.len() >= 2 {
                        let mut sorted = parts.clone();
                        sorted.sort_unstable();
                        sorted.dedup();
                        assert_eq!(sorted.len(), parts.len(), "{why}");
                    }
                }
                RuleKind::Subtract(s) => {
                    assert!(s.binary_search(take).is_ok() && parts.len() <= 1, "{why}")
                }
                RuleKind::AllBut(s) => {
                    assert!(*take >= 1 && s.binary_search(take).is_err(), "{why}")
                }
                RuleKind::Take { min, max } => assert!((min..=max).contains(&take), "{why}"),
                RuleKind::Ranges(r) => {
                    let (lo, hi) = r[n as usize - 1];
                    assert!((lo..=hi).contains(take), "{why}");
                }
                RuleKind::Predicate(p) => {
                    assert!(p.takes(n).contains(take) && parts.len() <= 1, "{why}")
                }
            }
        }
        let mut distinct = moves.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            moves.len(),
            "{shown} from {n}: a move listed twice"
        );
    }
}
