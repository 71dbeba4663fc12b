//! The plain definition of a take-and-break sequence: `G(n)` is the mex of
//! every option, each split enumerated. Quadratic (cubic with three-heap
//! moves), so it serves as the reference the fast engines are checked
//! against, and as the fallback for rules they do not handle.
//!
//! ```
//! use grundy::heap::plain::sequence;
//! let kayles = "0.77".parse().unwrap();
//! assert_eq!(sequence(&kayles, 8), [0, 1, 2, 3, 1, 4, 3, 2, 1]);
//! ```

use crate::heap::rule::TakeBreak;
use crate::nimber::Mex;

/// `G(0..=n)` of a rule, from the definition.
pub fn sequence(rule: &TakeBreak, n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut mex = Mex::new();
    for x in 1..=n {
        for k in 0..=x {
            let d = rule.digit(k);
            if d.bits == 0 {
                continue;
            }
            let rest = x - k;
            if k == x && k > 0 && d.allows(0) {
                mex.insert(0);
            }
            if k > 0 && rest >= 1 && d.allows(1) {
                mex.insert(g[rest] as u64);
            }
            if rest >= 2 && d.allows(2) {
                for a in 1..=rest / 2 {
                    if d.unequal && a == rest - a {
                        continue;
                    }
                    mex.insert((g[a] ^ g[rest - a]) as u64);
                }
            }
            if rest >= 3 && d.allows(3) {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        let c = rest - a - b;
                        if d.unequal && (a == b || b == c) {
                            continue;
                        }
                        mex.insert((g[a] ^ g[b] ^ g[c]) as u64);
                    }
                }
            }
        }
        g[x] = mex.finish() as u32;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classical_sequences() {
        let seq = |code: &str, n| sequence(&code.parse().unwrap(), n);
        // Dawson's Kayles (0.07), Grundy's game (4!.0), Lasker's Nim (4.[3]).
        assert_eq!(seq("0.07", 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
        assert_eq!(
            seq("4!.0", 16),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3]
        );
        assert_eq!(seq("4.[3]", 8), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        // Nim: G(n) = n.
        assert_eq!(seq("0.[3]", 5), [0, 1, 2, 3, 4, 5]);
        // Three heaps: 0.8 splits n-1 into three non-empty heaps.
        let t = seq("0.8", 7);
        assert_eq!(&t[..5], [0, 0, 0, 0, 1]);
    }
}
