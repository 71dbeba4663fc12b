//! The check that a candidate quotient labels every sum of heaps right.
//!
//! A candidate (Q, P, Φ) labels a sum of heaps P exactly when the product
//! of Φ over its heaps lies in P. The labels are the misère outcomes of
//! every sum, however many heaps, when (P) no sum labelled P has a move to
//! a sum labelled P, and (N) every sum labelled N has a move to one
//! labelled P: by induction on the length of play each label is then the
//! outcome. (P) is a look-up for every element and heap; (N) is a
//! breadth-first search over pairs (x, W), x the product of a sum and W
//! the elements z such that the sum has a move to a product in P in the
//! context z. Both are exact and finite, whatever the number of heaps.

use std::collections::HashMap;

use crate::heap::rule::HeapRule;

use super::quotient::Quotient;

/// Condition (P): an element `z` and a heap `h` such that z·Φ(h) is in P
/// and some option o of h has z·Φ(o) in P, if there is one.
pub fn p_failure(rule: &HeapRule, q: &Quotient, letters: &[u32]) -> Option<(u32, u32)> {
    for z in 0..q.order as u32 {
        for &h in letters {
            let zh = q.times(z, q.phi[h as usize]);
            if !q.p[zh as usize] {
                continue;
            }
            if moves_into_p(rule, q, z, h) {
                return Some((z, h));
            }
        }
    }
    None
}

/// Whether heap `h`, beside a sum whose product is `z`, has a move that
/// leaves a product in P.
fn moves_into_p(rule: &HeapRule, q: &Quotient, z: u32, h: u32) -> bool {
    let mut found = false;
    rule.for_each_move(h, |_, parts| {
        if !found {
            let mut x = z;
            for &p in parts {
                x = q.times(x, q.phi[p as usize]);
            }
            found = q.p[x as usize];
        }
    });
    found
}

/// Condition (N) of the proof: a sum of heaps whose product is not in P
/// and that has no move into P, if there is one (the first found by
/// breadth-first search, so one of the fewest heaps).
pub fn prove_n(
    rule: &HeapRule,
    q: &Quotient,
    letters: &[u32],
    limit: usize,
) -> Result<Option<Vec<u32>>, String> {
    let order = q.order;
    let words = order.div_ceil(64);
    // Each pair is stored twice with its set of contexts: keep them within
    // about 512 MB.
    let limit = limit.min((512usize << 20) / (2 * (24 + 8 * words)));
    // Heaps that act alike (same image, same winning contexts) are one.
    let mut kinds: Vec<(u32, Vec<u64>, u32)> = Vec::new();
    for &h in letters {
        let mut d = vec![0u64; words];
        for z in 0..order as u32 {
            if moves_into_p(rule, q, z, h) {
                d[z as usize / 64] |= 1 << (z % 64);
            }
        }
        let phi = q.phi[h as usize];
        if !kinds.iter().any(|k| k.0 == phi && k.1 == d) {
            kinds.push((phi, d, h));
        }
    }
    let has = |w: &[u64], z: u32| w[z as usize / 64] >> (z % 64) & 1 == 1;
    type State = (u32, Vec<u64>);
    let start: State = (q.identity, vec![0u64; words]);
    let mut seen: HashMap<State, (usize, u32)> = HashMap::new();
    let mut order_seen: Vec<State> = vec![start.clone()];
    seen.insert(start, (usize::MAX, 0));
    let mut i = 0;
    while i < order_seen.len() {
        let (x, w) = order_seen[i].clone();
        for (phi, d, h) in &kinds {
            let nx = q.times(x, *phi);
            let mut nw = vec![0u64; words];
            for z in 0..order as u32 {
                if has(&w, q.times(z, *phi)) || has(d, q.times(z, x)) {
                    nw[z as usize / 64] |= 1 << (z % 64);
                }
            }
            let state = (nx, nw);
            if seen.contains_key(&state) {
                continue;
            }
            if seen.len() >= limit {
                return Err(format!(
                    "proving the quotient needed more than {limit} (product, winning contexts) pairs"
                ));
            }
            let bad = !q.p[nx as usize] && !has(&state.1, q.identity);
            seen.insert(state.clone(), (i, *h));
            order_seen.push(state);
            if bad {
                let mut word = Vec::new();
                let mut at = order_seen.len() - 1;
                while let Some(&(parent, h)) = seen.get(&order_seen[at]) {
                    if parent == usize::MAX {
                        break;
                    }
                    word.push(h);
                    at = parent;
                }
                word.sort_unstable();
                return Ok(Some(word));
            }
        }
        i += 1;
    }
    Ok(None)
}
