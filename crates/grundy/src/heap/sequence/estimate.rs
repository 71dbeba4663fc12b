//! What a run may be asked for before it starts: the largest heap each
//! engine counts ([`max_heap`], [`check`]) and the memory a run needs, in
//! memory or with its values in a file ([`memory_estimate`],
//! [`spilled_estimate`]), so that front-ends refuse up front what would
//! not fit.

use super::{Method, SequenceError};
use crate::heap::periodicity::{tail_decides, Window, LIGHT_FROM};
use crate::heap::rc::RcEngine;
use crate::heap::rule::{HeapRule, RuleKind};

/// The last underlying heap the rare/common engine computes: its cells
/// are addressed in 64 bits (in the address width of the machine), and
/// 2^40 values fill 2 TiB, 32 times the longest published run of Grundy's
/// game (2^35).
pub const RC_HEAPS: u64 = (1 << 40) - 1;

/// The largest heap (as the user counts it) whose sequence can be asked
/// for with `method`: [`RC_HEAPS`] underlying heaps on the rare/common
/// engine, `2^32 - 1` on the others (as in every analysis of a position).
///
/// ```
/// use grundy::heap::sequence::{max_heap, Method};
/// let grundy = "4!.0".parse().unwrap();
/// assert!(max_heap(&grundy, Method::Auto) >= 1 << 35);
/// assert_eq!(max_heap(&grundy, Method::Naive), u32::MAX as u64);
/// assert_eq!(max_heap(&"sub:1,2".parse().unwrap(), Method::Auto), u32::MAX as u64);
/// ```
pub fn max_heap(rule: &HeapRule, method: Method) -> u64 {
    let heaps = match runs_rc(rule, method) {
        true => RC_HEAPS.min(usize::MAX as u64),
        false => u32::MAX as u64,
    };
    heaps / rule.scale() as u64
}

/// Whether `method` runs `rule` on the rare/common engine.
fn runs_rc(rule: &HeapRule, method: Method) -> bool {
    method != Method::Naive
        && matches!(rule.kind(), RuleKind::Code(c) if RcEngine::<u16>::new(c).is_ok())
}

/// Bytes per heap of the full periodicity check of `values` values: the
/// prefix function (of the values, then of their first differences), in
/// 32-bit cells while every entry fits and 64-bit ones beyond.
fn analysis_bytes(values: u64) -> u64 {
    if values <= 1 << 32 {
        4
    } else {
        8
    }
}

/// Bytes the light periodicity check holds, whatever the length: a few
/// words (a rolling hash over two streams of the values).
const LIGHT_BYTES: u64 = 4096;

/// Bytes the computation of all of G(0..=to) needs, for refusing up front
/// what would not fit in memory: the engine's values of the underlying
/// heaps (2 bytes each on the rare/common engine while they fit 16 bits,
/// else 4) and the periodicity check over the result.
pub fn memory_estimate(rule: &HeapRule, to: u64, method: Method) -> u64 {
    let base = to.saturating_mul(rule.scale() as u64).saturating_add(1);
    let cell = if runs_rc(rule, method) { 2 } else { 4 };
    base.saturating_mul(cell)
        .saturating_add(check_bytes(rule, to.saturating_add(1)))
}

/// Bytes the periodicity check over `values` values of `rule` holds: a few
/// words where the tail settles it (no theorem, or a theorem for codes
/// that split) from [`LIGHT_FROM`] values on, else the full check's cells.
fn check_bytes(rule: &HeapRule, values: u64) -> u64 {
    match tail_decides(Window::for_rule(rule)) && values >= LIGHT_FROM as u64 {
        true => LIGHT_BYTES,
        false => values.saturating_mul(analysis_bytes(values)),
    }
}

/// Bytes a run whose values go to a file
/// ([`compute_spilled`](super::compute_spilled)) still needs in memory
/// besides the store's hot windows: the periodicity check
/// over the result, a few words where the tail settles it (no theorem, or
/// the theorem for codes that split, a million values or more), four bytes
/// a value otherwise (eight past 2^32 values). `None` when
/// the rule does not run on the rare/common engine, the only one whose
/// values can go to a file.
///
/// ```
/// use grundy::heap::sequence::{spilled_estimate, Method};
/// let grundy = "4!.0".parse().unwrap();
/// assert_eq!(spilled_estimate(&grundy, 1 << 35, Method::Auto), Some(4096));
/// let dawson = "0.07".parse().unwrap();
/// assert_eq!(spilled_estimate(&dawson, (1 << 30) - 1, Method::Auto), Some(4096));
/// let one = "0.3".parse().unwrap(); // one heap left: the full check
/// assert_eq!(spilled_estimate(&one, 999, Method::Auto), Some(4000));
/// assert_eq!(spilled_estimate(&one, (1 << 30) - 1, Method::Auto), Some(1 << 32));
/// assert_eq!(spilled_estimate(&"sub:1,2".parse().unwrap(), 100, Method::Auto), None);
/// ```
pub fn spilled_estimate(rule: &HeapRule, to: u64, method: Method) -> Option<u64> {
    if !runs_rc(rule, method) {
        return None;
    }
    Some(check_bytes(rule, to.saturating_add(1)))
}

/// Checks that G(0..=to) can be asked for at all with `method`.
pub fn check(rule: &HeapRule, to: u64, method: Method) -> Result<(), SequenceError> {
    let limit = max_heap(rule, method);
    if to > limit {
        return Err(SequenceError::TooLarge { to, limit });
    }
    if let RuleKind::Ranges(r) = rule.kind() {
        if to > r.len() as u64 {
            return Err(SequenceError::RangesTooShort {
                to,
                defined: r.len() as u64,
            });
        }
    }
    Ok(())
}
