//! The moves of a turning code at one coin: every set of other coins that
//! may be turned together with it, listed without trying every subset.

use std::ops::ControlFlow;

use super::code::{element_allows, Element, TurningCode};

/// Calls `f` with the other coins (1-based, increasing) of every move whose
/// rightmost coin is `n`, each set once even when several elements allow
/// it; stops early when `f` breaks.
pub fn for_each_move(
    code: &TurningCode,
    n: u64,
    f: &mut impl FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut full = Vec::new();
    for (i, e) in code.elements.iter().enumerate() {
        let earlier = &code.elements[..i];
        element_moves(e, n, &mut |others: &[u64]| {
            if !earlier.is_empty() {
                full.clear();
                full.extend_from_slice(others);
                full.push(n);
                if earlier.iter().any(|p| element_allows(p, &full)) {
                    return ControlFlow::Continue(());
                }
            }
            f(others)
        })?;
    }
    ControlFlow::Continue(())
}

/// The number of moves at coin `n`, counted up to `cap` (a larger number
/// is reported as `cap + 1`).
pub fn count_moves(code: &TurningCode, n: u64, cap: u64) -> u64 {
    let mut c = 0u64;
    let _ = for_each_move(code, n, &mut |_| {
        c += 1;
        if c > cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    c
}

/// The moves one element allows at coin `n`.
fn element_moves(
    e: &Element,
    n: u64,
    f: &mut impl FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if n == 0 {
        return ControlFlow::Continue(());
    }
    let lo = e.span.map_or(1, |s| n.saturating_sub(s - 1).max(1));
    let mut buf = Vec::new();
    for k in e.counts.up_to(n - lo + 1) {
        if k == 1 {
            if !e.first || n == 1 {
                f(&[])?;
            }
            continue;
        }
        if e.consecutive {
            let start = n + 1 - k;
            if start >= lo && (!e.first || start == 1) {
                buf.clear();
                buf.extend(start..n);
                f(&buf)?;
            }
        } else if e.equal {
            let mut d = 1;
            while let Some(start) = n.checked_sub((k - 1) * d).filter(|&s| s >= lo.max(1)) {
                if !e.first || start == 1 {
                    buf.clear();
                    buf.extend((0..k - 1).map(|i| start + i * d));
                    f(&buf)?;
                }
                d += 1;
            }
        } else if e.symmetric {
            let firsts = if e.first { 1..=1 } else { lo..=n - 1 };
            for m in firsts {
                if m < lo || m >= n {
                    continue;
                }
                let inner = k - 2;
                let centre = (m + n).is_multiple_of(2) && m + 1 < n;
                if inner % 2 == 1 && !centre {
                    continue;
                }
                let pairs: Vec<u64> = (m + 1..).take_while(|&i| 2 * i < m + n).collect();
                let p = (inner / 2) as usize;
                if p > pairs.len() {
                    continue;
                }
                choose(&pairs, p, &mut Vec::new(), &mut |chosen| {
                    buf.clear();
                    buf.push(m);
                    buf.extend_from_slice(chosen);
                    if inner % 2 == 1 {
                        buf.push((m + n) / 2);
                    }
                    buf.extend(chosen.iter().rev().map(|&i| m + n - i));
                    f(&buf)
                })?;
            }
        } else if e.first {
            if lo > 1 || n == 1 {
                continue;
            }
            let pool: Vec<u64> = (2..n).collect();
            let r = (k - 2) as usize;
            if r > pool.len() {
                continue;
            }
            choose(&pool, r, &mut vec![1], f)?;
        } else {
            let pool: Vec<u64> = (lo..n).collect();
            let r = (k - 1) as usize;
            if r > pool.len() {
                continue;
            }
            choose(&pool, r, &mut Vec::new(), f)?;
        }
    }
    ControlFlow::Continue(())
}

/// Calls `f` with `prefix` followed by every `r`-subset of `pool`, in
/// increasing order.
fn choose(
    pool: &[u64],
    r: usize,
    prefix: &mut Vec<u64>,
    f: &mut impl FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if r == 0 {
        return f(prefix);
    }
    for i in 0..=pool.len() - r {
        prefix.push(pool[i]);
        let flow = choose(&pool[i + 1..], r - 1, prefix, f);
        prefix.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    fn listed(code: &TurningCode, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let _ = for_each_move(code, n, &mut |o| {
            out.push(o.to_vec());
            ControlFlow::Continue(())
        });
        out.sort();
        out
    }

    /// Every subset of the coins left of `n`, kept when the code allows it.
    fn by_definition(code: &TurningCode, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for mask in 0u64..1 << (n - 1) {
            let mut set: Vec<u64> = (1..n).filter(|i| mask >> (i - 1) & 1 == 1).collect();
            set.push(n);
            if code.allows(&set) {
                set.pop();
                out.push(set);
            }
        }
        out.sort();
        out
    }

    pub(crate) fn arb_code() -> impl Strategy<Value = String> {
        let element = (
            1u64..6,
            0u64..4,
            any::<bool>(),
            0u8..8,
            proptest::option::of(1u64..7),
        )
            .prop_map(|(a, w, plus, mods, span)| {
                let mut s = if plus {
                    format!("{a}+")
                } else if w == 0 {
                    format!("{a}")
                } else {
                    format!("{a}-{}", a + w)
                };
                if mods & 1 == 1 {
                    s.push('C');
                }
                if mods & 2 == 2 {
                    s.push(if mods & 4 == 4 { 'E' } else { 'S' });
                }
                if mods == 4 {
                    s.push('F');
                }
                if let Some(sp) = span {
                    if mods & 1 == 0 {
                        s.push_str(&format!("C({sp})"));
                    }
                }
                s
            });
        prop_oneof![
            proptest::collection::vec(element, 1..3).prop_map(|v| v.join(",")),
            proptest::collection::vec(1u64..8, 1..4).prop_map(|v| format!(
                "blocks:{}",
                v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            )),
            Just("blocks:squares".to_string()),
            Just("blocks:fibonacci".to_string()),
            Just("4FS".to_string()),
            Just("3E".to_string()),
            Just("1+S".to_string()),
        ]
    }

    proptest! {
        #[test]
        fn the_listing_is_the_definition(code in arb_code(), n in 1u64..12) {
            let c: TurningCode = code.parse().unwrap();
            prop_assert_eq!(listed(&c, n), by_definition(&c, n));
            prop_assert_eq!(count_moves(&c, n, u64::MAX - 1) as usize, listed(&c, n).len());
        }
    }
}
