//! Native helpers registered into every script engine, for the shapes of
//! options that would be slow as script loops:
//!
//! - `splits(n, parts, distinct)`: every way to write `n` as a sum of
//!   `parts` positive parts, each way an array in non-increasing order;
//!   `distinct`: all parts different.
//! - `take_break(n, code)`: every option of a heap of `n` under a heap rule
//!   (an octal or hexadecimal take-and-break code such as `"0.77"`, or any
//!   rule `grundy rules` reads, such as `"sub:1,4,9"`): the heap left, or a
//!   `sum([...])` of the heaps left when there are none or several. The
//!   heaps stay native numbers, so the solver reads them without
//!   converting script values.
//! - `xor(a, b)` and `bit_count(a)`: nim-sum and population count.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use rhai::{Array, Dynamic, Engine, EvalAltResult};

use super::SumOption;
use crate::heap::rule::HeapRule;

/// The largest heap `take_break` accepts: its options are listed one by
/// one, so a larger heap could only exhaust the memory.
const TAKE_BREAK_MAX: i64 = 1 << 20;

/// Registers the helpers.
pub(super) fn register(engine: &mut Engine) {
    engine.register_fn("splits", splits);
    let rules: Rc<RefCell<HashMap<String, HeapRule>>> = Rc::default();
    engine.register_fn(
        "take_break",
        move |n: i64, code: &str| -> Result<Array, Box<EvalAltResult>> {
            let mut rules = rules.borrow_mut();
            if !rules.contains_key(code) {
                let rule: HeapRule = code
                    .parse()
                    .map_err(|e| format!("take_break: rule '{code}': {e}"))?;
                if rule.scale() != 1 {
                    return Err(format!(
                        "take_break: rule '{code}' counts its heaps in units of {}; give its code instead",
                        rule.scale()
                    )
                    .into());
                }
                rules.insert(code.to_string(), rule);
            }
            take_break(n, &rules[code])
        },
    );
    engine.register_fn("xor", |a: i64, b: i64| a ^ b);
    engine.register_fn("bit_count", |a: i64| a.count_ones() as i64);
}

fn take_break(n: i64, rule: &HeapRule) -> Result<Array, Box<EvalAltResult>> {
    if !(0..=TAKE_BREAK_MAX).contains(&n) {
        return Err(format!("take_break: heap {n} is not in 0..={TAKE_BREAK_MAX}").into());
    }
    let mut out = Array::new();
    rule.for_each_move(n as u32, |_, parts| {
        out.push(match *parts {
            // One heap left is that position itself, with nothing to box.
            [h] => Dynamic::from(h as i64),
            _ if parts.len() <= 3 => {
                let mut heaps = [0; 3];
                for (slot, &h) in heaps.iter_mut().zip(parts) {
                    *slot = h as i64;
                }
                Dynamic::from(SumOption::Heaps {
                    len: parts.len() as u8,
                    heaps,
                })
            }
            _ => Dynamic::from(SumOption::Parts(
                parts.iter().map(|&h| Dynamic::from(h as i64)).collect(),
            )),
        });
    });
    Ok(out)
}

/// Every way to write `n` as a sum of `parts` positive parts, in
/// non-increasing order (at most 2^20 of them).
fn splits(n: i64, parts: i64, distinct: bool) -> Array {
    fn go(n: i64, parts: i64, max: i64, distinct: bool, cur: &mut Vec<i64>, out: &mut Array) {
        if out.len() >= 1 << 20 {
            return;
        }
        if parts == 0 {
            if n == 0 {
                out.push(Dynamic::from_array(
                    cur.iter().map(|&x| Dynamic::from(x)).collect(),
                ));
            }
            return;
        }
        let hi = max.min(n - (parts - 1));
        for x in (1..=hi).rev() {
            // The parts left are at most x each, so they cannot make n.
            if x.saturating_mul(parts) < n {
                break;
            }
            cur.push(x);
            let next = if distinct { x - 1 } else { x };
            go(n - x, parts - 1, next, distinct, cur, out);
            cur.pop();
        }
    }
    let mut out = Array::new();
    if parts >= 1 && n >= parts && parts <= 64 {
        go(n, parts, n, distinct, &mut Vec::new(), &mut out);
    }
    out
}
