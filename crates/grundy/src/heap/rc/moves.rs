//! The moves of a finite take-and-break code, sorted by what they leave.

use super::RcError;
use crate::heap::code::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};

/// The moves of a rule, sorted by what they leave.
#[derive(Clone, Debug)]
pub struct Moves {
    /// Removals that may take a whole heap.
    pub none: Vec<usize>,
    /// Removals that may leave one heap.
    pub one: Vec<usize>,
    /// Removals that may split the rest in two, with the unequal flag.
    pub two: Vec<(usize, bool)>,
    /// The parity shared by all splitting removals, if they share one.
    pub split_parity: Option<usize>,
}

impl Moves {
    /// Reads the moves of a finite code with at most two heaps left.
    pub fn of(rule: &TakeBreak) -> Result<Moves, RcError> {
        let repeats = rule
            .repeat_from
            .is_some_and(|r| rule.digits[r..].iter().any(|d| d.bits != 0));
        if repeats {
            return Err(RcError::Unsupported(
                "codes repeating a non-zero digit forever".into(),
            ));
        }
        let last = rule.max_removal().unwrap_or(0);
        let mut m = Moves {
            none: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            split_parity: None,
        };
        for k in 0..=last {
            let d = rule.digit(k);
            if d.bits & LEAVE_THREE != 0 {
                return Err(RcError::Unsupported(
                    "moves leaving three heaps (hexadecimal digit 8)".into(),
                ));
            }
            if k > 0 && d.bits & LEAVE_NONE != 0 {
                m.none.push(k);
            }
            if k > 0 && d.bits & LEAVE_ONE != 0 {
                m.one.push(k);
            }
            if d.bits & LEAVE_TWO != 0 {
                m.two.push((k, d.unequal));
            }
        }
        let parities: Vec<usize> = m.two.iter().map(|&(k, _)| k & 1).collect();
        if let Some(&p) = parities.first() {
            if parities.iter().all(|&q| q == p) {
                m.split_parity = Some(p);
            }
        }
        Ok(m)
    }
}
