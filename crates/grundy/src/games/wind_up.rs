//! Wind-Up: subtraction modulo n, a heap game that can loop.
//!
//! A heap is a residue k in Z_n. A move subtracts some s of the subtraction
//! set S modulo n, so the heap can wind round past 0 and come back; a heap
//! at 0 cannot move, and whoever cannot move loses. Positions are sums of
//! heaps with Smith's values ([`crate::loopy`]): each residue is a nimber
//! or ∞(K), found by one labelling of the n-vertex digraph (n·|S| edges).
//!
//! ```
//! use grundy::games::wind_up::WindUp;
//! // S = {1, 2} modulo 5: 0 and 3 are P-positions, and 1, 2, 4 are ∞(0):
//! // from each the player to move wins by going to 0 or 3.
//! let w = WindUp::new(5, &[1, 2]).unwrap();
//! let values: Vec<String> = (0..5).map(|k| w.value(k).to_string()).collect();
//! assert_eq!(values, ["0", "∞(0)", "∞(0)", "0", "∞(0)"]);
//! ```

use std::fmt::Write;

use serde_json::Value;

use crate::family::text::parse_u64;
use crate::family::Error;
use crate::loopy::{
    best_winning_move, draw_keeping_moves, solve, sum_value, winning_moves, Digraph, LoopyOutcome,
    LoopyReport, LoopyValue, Solution, SumMove,
};

/// The most memory a Wind-Up digraph may take: 1 GiB.
pub const MAX_BYTES: u64 = 1 << 30;

/// Subtraction modulo n, solved for every residue.
#[derive(Clone, Debug)]
pub struct WindUp {
    modulus: u64,
    subtraction: Vec<u64>,
    digraph: Digraph,
    solution: Solution,
}

/// A move: subtract `s` from heap `heap` (0-based).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WindUpMove {
    /// 0-based index of the heap.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// The amount subtracted (as given in the subtraction set).
    pub subtract: u64,
    /// Its size after the move, (from − subtract) mod n.
    pub to: u64,
}

impl std::fmt::Display for WindUpMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "subtract {} from heap {} ({} -> {})",
            self.subtract,
            self.heap + 1,
            self.from,
            self.to
        )
    }
}

impl WindUp {
    /// Solves subtraction of `subtraction` modulo `modulus`. Refuses a
    /// modulus of 0, an empty set, an amount of 0, and a digraph that would
    /// take more than [`MAX_BYTES`] (with the estimate).
    pub fn new(modulus: u64, subtraction: &[u64]) -> Result<WindUp, Error> {
        if modulus == 0 {
            return Err(Error::new("the modulus must be at least 1"));
        }
        if subtraction.is_empty() {
            return Err(Error::new("the subtraction set is empty"));
        }
        if subtraction.contains(&0) {
            return Err(Error::new(
                "0 is not a move: amounts subtracted are at least 1",
            ));
        }
        let mut set = subtraction.to_vec();
        set.sort_unstable();
        set.dedup();
        let edges = modulus.saturating_mul(set.len() as u64);
        let bytes = Digraph::memory_estimate(modulus, edges);
        if bytes > MAX_BYTES || modulus > u64::from(u32::MAX) {
            return Err(Error::new(format!(
                "modulus {modulus} with {} amounts would take about {} MiB of memory (at most {} MiB)",
                set.len(),
                bytes >> 20,
                MAX_BYTES >> 20
            )));
        }
        let n = modulus;
        let edge_list = (1..n).flat_map(|k| {
            set.iter()
                .map(move |&s| (k as u32, ((k + n - s % n) % n) as u32))
        });
        let digraph = Digraph::from_edges(n as usize, edge_list);
        let solution = solve(&digraph);
        Ok(WindUp {
            modulus,
            subtraction: set,
            digraph,
            solution,
        })
    }

    /// The modulus n.
    pub fn modulus(&self) -> u64 {
        self.modulus
    }

    /// The subtraction set, sorted.
    pub fn subtraction(&self) -> &[u64] {
        &self.subtraction
    }

    /// The value of one heap of size `k` (below the modulus).
    pub fn value(&self, k: u64) -> LoopyValue {
        self.solution.value(&self.digraph, k as u32)
    }

    /// The value of every residue 0, 1, ..., n − 1.
    pub fn values(&self) -> Vec<LoopyValue> {
        (0..self.modulus).map(|k| self.value(k)).collect()
    }

    /// The heaps after subtracting `s` from heap `i`.
    fn apply(&self, heaps: &[u64], i: usize, s: u64) -> (WindUpMove, Vec<u64>) {
        let n = self.modulus;
        let to = (heaps[i] + n - s % n) % n;
        let mut after = heaps.to_vec();
        after[i] = to;
        (
            WindUpMove {
                heap: i,
                from: heaps[i],
                subtract: s,
                to,
            },
            after,
        )
    }

    /// Every legal move.
    pub fn moves(&self, heaps: &[u64]) -> Vec<(WindUpMove, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if h != 0 {
                for &s in &self.subtraction {
                    out.push(self.apply(heaps, i, s));
                }
            }
        }
        out
    }

    /// A [`SumMove`] of the heaps as Wind-Up moves (every amount that leads
    /// to the same residue).
    fn as_moves(&self, heaps: &[u64], m: SumMove) -> Vec<(WindUpMove, Vec<u64>)> {
        let n = self.modulus;
        self.subtraction
            .iter()
            .filter(|&&s| (heaps[m.component] + n - s % n) % n == u64::from(m.to))
            .map(|&s| self.apply(heaps, m.component, s))
            .collect()
    }

    fn parts(heaps: &[u64]) -> Vec<u32> {
        heaps.iter().map(|&h| h as u32).collect()
    }

    /// The value of the heaps together.
    pub fn sum_value(&self, heaps: &[u64]) -> LoopyValue {
        sum_value(&self.digraph, &self.solution, &Self::parts(heaps))
    }

    /// The winning moves that make progress.
    pub fn winning_moves(&self, heaps: &[u64]) -> Vec<(WindUpMove, Vec<u64>)> {
        winning_moves(&self.digraph, &self.solution, &Self::parts(heaps))
            .into_iter()
            .flat_map(|m| self.as_moves(heaps, m))
            .collect()
    }

    /// The computer's winning move, which never lets the game cycle.
    pub fn best_winning_move(&self, heaps: &[u64]) -> Option<(WindUpMove, Vec<u64>)> {
        best_winning_move(&self.digraph, &self.solution, &Self::parts(heaps))
            .and_then(|m| self.as_moves(heaps, m).into_iter().next())
    }

    /// The moves that keep a draw.
    pub fn draw_keeping_moves(&self, heaps: &[u64]) -> Vec<(WindUpMove, Vec<u64>)> {
        draw_keeping_moves(&self.digraph, &self.solution, &Self::parts(heaps))
            .into_iter()
            .flat_map(|m| self.as_moves(heaps, m))
            .collect()
    }

    /// Checks that every heap is a residue below the modulus.
    pub fn check(&self, heaps: &[u64]) -> Result<(), Error> {
        match heaps.iter().position(|&h| h >= self.modulus) {
            Some(i) => Err(Error::new(format!(
                "heap {} is {}, not a residue modulo {} (0 to {})",
                i + 1,
                heaps[i],
                self.modulus,
                self.modulus - 1
            ))),
            None => Ok(()),
        }
    }

    /// The analysis as every front-end prints it, with the fields
    /// `modulus`, `subtract` and `heap_values` (each a number or
    /// `{"infinity": [..]}`), and the explanation when asked.
    pub fn report(&self, heaps: &[u64], explain: bool) -> Result<LoopyReport, Error> {
        self.check(heaps)?;
        let show = |h: &Vec<u64>| {
            let text = h.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
            (Value::from(h.clone()), text)
        };
        let cut = |v: Vec<(WindUpMove, Vec<u64>)>| {
            let total = v.len();
            let shown = LoopyReport::shown(total, heaps.len());
            let first = v
                .into_iter()
                .take(shown)
                .map(|(m, p)| (m.to_string(), p))
                .collect();
            (first, total)
        };
        let mut r = LoopyReport::new(
            "windup",
            &heaps.to_vec(),
            self.sum_value(heaps),
            cut(self.winning_moves(heaps)),
            cut(self.draw_keeping_moves(heaps)),
            show,
        );
        r.extra.insert("modulus".into(), Value::from(self.modulus));
        r.extra
            .insert("subtract".into(), Value::from(self.subtraction.clone()));
        r.extra.insert(
            "heap_values".into(),
            serde_json::to_value(heaps.iter().map(|&h| self.value(h)).collect::<Vec<_>>())
                .unwrap_or(Value::Null),
        );
        if explain {
            r.explanation = Some(self.explain(heaps));
        }
        Ok(r)
    }

    /// Why the heaps have their value, in words.
    pub fn explain(&self, heaps: &[u64]) -> String {
        let mut out = String::new();
        let set: Vec<String> = self.subtraction.iter().map(u64::to_string).collect();
        let _ = writeln!(
            out,
            "Subtracting {{{}}} modulo {} can wind a heap round past 0 and back, so play may go on for ever and \
             heaps have Smith's values: a residue gets the value m in round m when its options carry every value \
             below m but not m, and each other option has an option of value m (a move there can be reversed). \
             {} of the {} residues got a finite value; the others are ∞(K), K the finite values among their options.",
            set.join(", "),
            self.modulus,
            self.solution.finite_count(),
            self.modulus
        );
        if heaps.len() <= 64 {
            for (i, &h) in heaps.iter().enumerate() {
                let opts: Vec<String> = self
                    .subtraction
                    .iter()
                    .filter(|_| h != 0)
                    .map(|&s| {
                        let to = (h + self.modulus - s % self.modulus) % self.modulus;
                        format!("{to} ({})", self.value(to))
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "  heap {}: {} has value {}{}",
                    i + 1,
                    h,
                    self.value(h),
                    if opts.is_empty() {
                        "; it cannot move".to_string()
                    } else {
                        format!("; its options are {}", opts.join(", "))
                    }
                );
            }
        }
        let v = self.sum_value(heaps);
        let _ = write!(
            out,
            "Heaps add as Nim heaps, with ∞(K) + n = ∞(K XOR n) and two infinite heaps a draw. The sum is {v}: "
        );
        let _ = writeln!(
            out,
            "{}.",
            match v.outcome() {
                LoopyOutcome::P => "a P-position, the player to move loses",
                LoopyOutcome::N => "an N-position, the player to move wins",
                LoopyOutcome::D =>
                    "a draw: the player to move cannot win, but can always move without handing over a win",
            }
        );
        if let Some((m, to)) = self.best_winning_move(heaps) {
            let _ = writeln!(
                out,
                "The computer would play: {m}, leaving value {}; it never winds back to a position already seen.",
                self.sum_value(&to)
            );
        }
        out
    }
}

/// Wind-Up from the words a user typed: the modulus, the subtraction set
/// (numbers separated by commas or blanks) and the heaps.
pub fn start<S: AsRef<str>>(
    modulus: &str,
    subtract: &str,
    heaps: &[S],
) -> Result<(WindUp, Vec<u64>), Error> {
    let n = parse_u64(modulus, "the modulus")?;
    let set = subtract
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| parse_u64(t, "an amount to subtract"))
        .collect::<Result<Vec<u64>, Error>>()?;
    let heaps = heaps
        .iter()
        .enumerate()
        .map(|(i, t)| parse_u64(t.as_ref(), &format!("heap {}", i + 1)))
        .collect::<Result<Vec<u64>, Error>>()?;
    let w = WindUp::new(n, &set)?;
    w.check(&heaps)?;
    Ok((w, heaps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::explore;
    use proptest::prelude::*;

    #[test]
    fn refuses_what_is_not_a_game() {
        assert!(WindUp::new(0, &[1]).is_err());
        assert!(WindUp::new(5, &[]).is_err());
        assert!(WindUp::new(5, &[0, 1]).is_err());
        let e = WindUp::new(1 << 31, &[1, 2, 3]).unwrap_err();
        assert!(e.0.contains("MiB of memory"), "{e}");
        let w = WindUp::new(5, &[1]).unwrap();
        assert!(w.check(&[4, 5]).unwrap_err().0.contains("heap 2 is 5"));
        assert!(start("7", "1,x", &["3"]).is_err());
        assert!(start("7", "1, 3", &["-3"]).is_err());
    }

    #[test]
    fn draws_and_wins_in_a_small_example() {
        // S = {2, 3} modulo 7: from 1, subtracting 2 or 3 winds to 6 or 5.
        let w = WindUp::new(7, &[2, 3]).unwrap();
        let r = w.report(&[1], true).unwrap();
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["modulus"], 7);
        assert_eq!(json["subtract"], serde_json::json!([2, 3]));
        assert!(r.explanation.unwrap().contains("Smith's values"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The residues' digraph agrees with exploring the moves as written
        /// (subtract, wrap round, 0 stops), and every winning move lands on
        /// a P-position.
        #[test]
        fn values_match_an_exploration_of_the_rule(n in 1u64..24, set in prop::collection::vec(1u64..30, 1..4), h in prop::collection::vec(0u64..24, 1..3)) {
            let w = WindUp::new(n, &set).unwrap();
            let ex = explore(&(0..n).collect::<Vec<u64>>(), |&k| -> Result<Vec<u64>, ()> {
                Ok(if k == 0 { vec![] } else { set.iter().map(|&s| (k as i64 - s as i64).rem_euclid(n as i64) as u64).collect() })
            }, 1000).unwrap();
            for k in 0..n {
                prop_assert_eq!(Some(w.value(k)), ex.value(&k));
            }
            let heaps: Vec<u64> = h.iter().map(|x| x % n).collect();
            for (_, to) in w.winning_moves(&heaps) {
                prop_assert_eq!(w.sum_value(&to), LoopyValue::Finite(0));
            }
            for (_, to) in w.draw_keeping_moves(&heaps) {
                prop_assert_eq!(w.sum_value(&to).outcome(), LoopyOutcome::D);
            }
            prop_assert_eq!(w.moves(&heaps).is_empty(), heaps.iter().all(|&x| x == 0));
        }
    }
}
