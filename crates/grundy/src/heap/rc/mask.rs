//! The choice of the rare mask: which mask (and whether the heap's
//! parity joins in) leaves the fewest rare positions, found for every mask
//! at once by a Walsh–Hadamard transform of the value histograms.

/// The rare/common split of the values, named after its mask: a position
/// counts as rare when its value `v` at position `x` has
/// `popcount(v & mask) + [domain] * (x + split parity)` even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RareMask {
    /// The bits whose parity classifies a value.
    pub mask: u32,
    /// Whether the position's parity joins in (the "domain" variant).
    pub domain: bool,
}

/// Number of rare positions for every mask at once, from value histograms
/// split by position class: `hist[c][v]` counts positions of class `c`
/// (`(x + split parity) mod 2`) holding value `v`. Returns the best mask and
/// its rare count; `domain` masks are scored only when `allow_domain`.
pub fn best_rare_mask(hist: &[Vec<u64>; 2], allow_domain: bool) -> (RareMask, u64) {
    let size = hist[0].len().max(hist[1].len()).next_power_of_two().max(1);
    let transform = |h: &Vec<u64>| {
        let mut a: Vec<i64> = (0..size)
            .map(|v| h.get(v).copied().unwrap_or(0) as i64)
            .collect();
        let mut len = 1;
        while len < size {
            for start in (0..size).step_by(2 * len) {
                for i in start..start + len {
                    let (x, y) = (a[i], a[i + len]);
                    a[i] = x + y;
                    a[i + len] = x - y;
                }
            }
            len *= 2;
        }
        a
    };
    let w0 = transform(&hist[0]);
    let w1 = transform(&hist[1]);
    let n0: i64 = hist[0].iter().sum::<u64>() as i64;
    let n1: i64 = hist[1].iter().sum::<u64>() as i64;
    let mut best = (
        RareMask {
            mask: 0,
            domain: false,
        },
        (n0 + n1) as u64,
    );
    for m in 1..size {
        let rare = ((n0 + n1 + w0[m] + w1[m]) / 2) as u64;
        if rare < best.1 {
            best = (
                RareMask {
                    mask: m as u32,
                    domain: false,
                },
                rare,
            );
        }
    }
    if allow_domain {
        for m in 0..size {
            let rare = ((n0 + w0[m]) / 2 + (n1 - w1[m]) / 2) as u64;
            if rare < best.1 {
                best = (
                    RareMask {
                        mask: m as u32,
                        domain: true,
                    },
                    rare,
                );
            }
        }
    }
    best
}
