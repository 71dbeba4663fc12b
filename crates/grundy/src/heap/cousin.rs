//! First cousins of octal codes (Winning Ways, chapter 4; CGSuite's
//! standard form of a code).
//!
//! When taking one token never leaves nothing (`d_1` is even), a heap of
//! one has no move, just like an empty heap. Then a heap of `m ≥ 1` plays
//! exactly as a heap of `m − 1` of the *first cousin*, whose digit `r` is
//! the union of
//! - `1` if `d_{r+1}` may leave no heap (a whole heap of `r + 1` removed),
//! - `3` if `d_r` may leave one heap (the heap of 1 it may leave is dead,
//!   so it may as well be nothing),
//! - `7` if `d_{r−1}` may leave two heaps (each one token shorter; a part
//!   of one token is dead).
//!
//! Each move of one game is a move of the other, heap for heap, so the two
//! game trees are the same: values agree in normal play and outcomes in
//! misère play too. Repeating while `d_1` stays even gives the standard
//! form: heap `n + s` of the code plays as heap `n` of the form, and heaps
//! `0..=s` of the code have no move.
//!
//! Only plain octal codes are rewritten: no hexadecimal digit, no `!`, no
//! repeating tail (the same conditions as CGSuite).
//!
//! ```
//! use grundy::heap::cousin::standard_form;
//! let f = standard_form(&"0.07".parse().unwrap()).unwrap();
//! assert_eq!((f.code.to_string(), f.shift), ("0.137".to_string(), 1));
//! assert!(standard_form(&"0.77".parse().unwrap()).is_none());
//! ```

use super::code::{Digit, TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};

/// The most first-cousin steps taken: a guard that keeps the standard form
/// of any code quick to find.
pub const MAX_STEPS: usize = 16;

/// A code's standard form and how far it shifts the heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardForm {
    /// The code reached.
    pub code: TakeBreak,
    /// Heap `n + shift` of the original plays as heap `n` of `code`.
    pub shift: usize,
}

/// The first cousin of `code`, when `d_1` is even and the code is plain
/// octal.
pub fn first_cousin(code: &TakeBreak) -> Option<TakeBreak> {
    let plain = code.repeat_from.is_none()
        && !code.is_hexadecimal()
        && code.digits.iter().all(|d| !d.unequal);
    if !plain || code.digit(1).bits & LEAVE_NONE != 0 {
        return None;
    }
    // d_0 removes nothing: only its split bit is a move.
    let d = |k: usize| {
        let bits = code.digit(k).bits;
        if k == 0 {
            bits & LEAVE_TWO
        } else {
            bits
        }
    };
    let digits = (0..=code.digits.len())
        .map(|r| {
            let mut bits = 0;
            if d(r + 1) & LEAVE_NONE != 0 {
                bits |= 1;
            }
            if d(r) & LEAVE_ONE != 0 {
                bits |= 3;
            }
            if r >= 1 && d(r - 1) & LEAVE_TWO != 0 {
                bits |= 7;
            }
            // Removing nothing and leaving one heap is no move.
            if r == 0 {
                bits &= LEAVE_TWO;
            }
            Digit {
                bits,
                unequal: false,
            }
        })
        .collect();
    Some(TakeBreak {
        digits,
        repeat_from: None,
    })
}

/// First cousins taken while they exist (at most [`MAX_STEPS`]); `None`
/// when the code has no first cousin.
pub fn standard_form(code: &TakeBreak) -> Option<StandardForm> {
    let mut form = StandardForm {
        code: first_cousin(code)?,
        shift: 1,
    };
    while form.shift < MAX_STEPS {
        match first_cousin(&form.code) {
            Some(next) => {
                form.code = next;
                form.shift += 1;
            }
            None => break,
        }
    }
    Some(form)
}

/// The equivalence in words: "heap n + 1 of 0.07 plays as heap n of 0.137".
pub fn statement(code: &TakeBreak, form: &StandardForm) -> String {
    let s = form.shift;
    format!(
        "heap n + {s} of {code} plays as heap n of {} for every n >= 0 (heaps 0 to {s} of {code} have no move)",
        form.code
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::NaiveEngine;
    use crate::heap::rule::{HeapRule, RuleKind};
    use proptest::prelude::*;

    fn values(code: &TakeBreak, n: u32) -> Vec<u32> {
        let mut e = NaiveEngine::new(&HeapRule::new(RuleKind::Code(code.clone())));
        e.extend_to(n);
        e.values().to_vec()
    }

    #[test]
    fn dawson() {
        let k: TakeBreak = "0.07".parse().unwrap();
        let f = standard_form(&k).unwrap();
        assert_eq!(f.code.to_string(), "0.137");
        assert_eq!(
            statement(&k, &f),
            "heap n + 1 of 0.07 plays as heap n of 0.137 for every n >= 0 (heaps 0 to 1 of 0.07 have no move)"
        );
        // 0.6 (take one token from the end or the middle, never the last):
        // heap m plays as heap m - 1 of 0.37.
        let c = first_cousin(&"0.6".parse().unwrap()).unwrap();
        assert_eq!(c.to_string(), "0.37");
        assert!(first_cousin(&"0.[2]".parse().unwrap()).is_none());
        assert!(first_cousin(&"4!.0".parse().unwrap()).is_none());
        assert!(first_cousin(&"0.8".parse().unwrap()).is_none());
        // Three steps to Treblecross: 0.04 -> 0.007 -> ... -> 0.11337 (and
        // Winning Ways' 0.007 is Treblecross on n + 2 cells).
        let deep = standard_form(&"0.04".parse().unwrap()).unwrap();
        assert_eq!(
            (deep.code.to_string(), deep.shift),
            ("0.11337".to_string(), 3)
        );
        let t = standard_form(&"0.007".parse().unwrap()).unwrap();
        assert_eq!((t.code.to_string(), t.shift), ("0.11337".to_string(), 2));
    }

    proptest! {
        #[test]
        fn values_agree_as_stated(d0 in prop_oneof![Just(0u8), Just(4u8)], ds in prop::collection::vec(0u8..8, 1..5)) {
            let mut text = format!("{d0}.");
            for (i, d) in ds.iter().enumerate() {
                // d_1 even, so that a cousin exists.
                text.push_str(&(if i == 0 { d & 6 } else { *d }).to_string());
            }
            let code: TakeBreak = text.parse().unwrap();
            let form = standard_form(&code).unwrap();
            let n = 60;
            let g = values(&code, n + form.shift as u32);
            let h = values(&form.code, n);
            for m in 0..=n as usize {
                prop_assert_eq!(g[m + form.shift], h[m], "{} vs {} at {}", code, form.code, m);
            }
            prop_assert!(g[..=form.shift].iter().all(|&v| v == 0));
            if form.shift < MAX_STEPS {
                prop_assert!(form.code.digit(1).bits & 1 != 0);
            }
        }
    }
}
