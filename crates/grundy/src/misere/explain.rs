//! Why a misère sum is won or lost, in words: the quotient elements of
//! the heaps, their product and whether it lies in the P-portion; or, for
//! tame heaps, the misère Nim rule on their genera.

use std::fmt::Write;

use crate::game::Outcome;
use crate::heap::rule::HeapRule;

use super::play::MisereEngine;

/// The explanation of the misère outcome of the sum of `heaps` decided by
/// `engine` (empty text for search, which explains itself elsewhere).
///
/// ```
/// use grundy::game::Outcome;
/// use grundy::misere::{explain::explain, play::MisereEngine};
/// let rule = "0.75".parse().unwrap();
/// let e = MisereEngine::new(&rule, 4);
/// let text = explain(&rule, &[2, 2], &e, Outcome::P);
/// assert!(text.contains("Φ(2) = b"));
/// assert!(text.contains("b^2, which is in P"));
/// ```
pub fn explain(rule: &HeapRule, heaps: &[u32], engine: &MisereEngine, outcome: Outcome) -> String {
    let mut out = String::new();
    match engine {
        MisereEngine::Quotient(q) => {
            let pr = q.presentation();
            let word = |x: u32| pr.words[x as usize].clone();
            let gens: Vec<String> = pr
                .generators
                .iter()
                .map(|(n, h)| format!("{n} = Φ({h})"))
                .collect();
            let rels: Vec<String> = pr
                .relations
                .iter()
                .map(|(l, r)| format!("{l} = {r}"))
                .collect();
            let covered = match q.period {
                Some((n0, p)) => format!(
                    "every heap (Φ has period {p} from heap {n0}, proven at heap {})",
                    q.top
                ),
                None => format!("heaps 0..={}", q.top),
            };
            let _ = writeln!(
                out,
                "Misère quotient of {covered}: Q = <{} | {}> ({}), |Q| = {}, P = {{{}}}.",
                pr.generators
                    .iter()
                    .map(|g| g.0.clone())
                    .collect::<Vec<_>>()
                    .join(", "),
                rels.join(", "),
                gens.join(", "),
                q.order,
                (0..q.order as u32)
                    .filter(|&x| q.p[x as usize])
                    .map(word)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let mut distinct: Vec<u32> = heaps.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            let each: Vec<String> = distinct
                .iter()
                .map(|&h| format!("Φ({h}) = {}", word(q.image(h).unwrap_or(q.identity))))
                .collect();
            let _ = writeln!(out, "The heaps: {}.", each.join(", "));
            let x = q.product(heaps).unwrap_or(q.identity);
            let inside = q.p[x as usize];
            let _ = writeln!(
                out,
                "Their product is {}, which is {} P: {}.",
                word(x),
                if inside { "in" } else { "not in" },
                if inside {
                    "a P-position, every move leaves a product outside P"
                } else {
                    "an N-position"
                }
            );
            if outcome == Outcome::N && !inside {
                if let Some(m) = q
                    .winning_moves(rule, heaps)
                    .and_then(|v| v.into_iter().next())
                {
                    let mut after: Vec<u32> = heaps.to_vec();
                    after.remove(m.heap);
                    after.extend_from_slice(&m.parts);
                    let y = q.product(&after).unwrap_or(q.identity);
                    let parts: Vec<String> = m.parts.iter().map(u32::to_string).collect();
                    let _ = writeln!(
                        out,
                        "Moving in the heap of {} to {} makes the product {}, which is in P.",
                        heaps[m.heap],
                        if parts.is_empty() {
                            "nothing".to_string()
                        } else {
                            parts.join(" + ")
                        },
                        word(y)
                    );
                }
            }
        }
        MisereEngine::Tame(t) => {
            let _ = writeln!(
                out,
                "{}, so the sum is played like misère Nim on the heaps' genera g^γ0:",
                t.covered()
            );
            let mut g = 0;
            let mut small = true;
            for &h in heaps {
                let (gp, gm) = t.genus(h).unwrap_or((0, 1));
                let _ = writeln!(out, "  heap {h}: g = {gp}, γ0 = {gm}");
                g ^= gp;
                small &= gp <= 1 && gm == 1 - gp;
            }
            let _ = writeln!(
                out,
                "The nim-sum of g is {g}; {}, so γ0 of the sum is {}: {}.",
                if small {
                    "every heap is like 0 or *1 (γ0 = 1 − g)"
                } else {
                    "some heap is not like 0 or *1"
                },
                if small { g ^ 1 } else { g },
                if outcome == Outcome::P {
                    "a P-position"
                } else {
                    "an N-position"
                }
            );
        }
        MisereEngine::Search => {}
    }
    out
}
