//! Smith's generalized Sprague–Grundy values: a nimber, or ∞(K) with K the
//! finite values among a position's options, and the outcomes they imply.

use std::fmt::{self, Display};

use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

/// The value of a position in a game whose moves may cycle.
///
/// A finite value m plays as the Nim heap of size m. An infinite value
/// ∞(K) is a position that can be kept going for ever; K (sorted, without
/// repeats) lists the finite values it can move to, so the player to move
/// wins exactly when 0 is in K and otherwise can hold a draw.
///
/// In JSON a finite value is a plain number and ∞(K) is
/// `{"infinity": [..K]}`:
///
/// ```
/// use grundy::loopy::LoopyValue;
/// let v = LoopyValue::infinite([2, 0]);
/// assert_eq!(v.to_string(), "∞(0,2)");
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"infinity":[0,2]}"#);
/// assert_eq!(serde_json::to_string(&LoopyValue::Finite(3)).unwrap(), "3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A nimber: the position plays as a Nim heap of this size.
    Finite(u64),
    /// ∞(K): the finite values among the options, sorted, without repeats.
    Infinite(Vec<u64>),
}

/// Who wins a position of a game that may cycle, with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LoopyOutcome {
    /// The Previous player (the one who just moved) wins.
    P,
    /// The Next player (the one to move) wins.
    N,
    /// Neither can force a win: with best play the game never ends.
    D,
}

impl LoopyOutcome {
    /// A short phrase saying who wins.
    pub fn describe(self) -> &'static str {
        match self {
            LoopyOutcome::N => "the player to move wins",
            LoopyOutcome::P => "the player to move loses",
            LoopyOutcome::D => "a draw: neither player can force a win",
        }
    }
}

/// What the computer's move did, in words, for the position before it of
/// outcome `before`; `what` names the component a winning move lowers and
/// `ending` how the game then cannot go on for ever ("cannot go round a
/// cycle").
///
/// ```
/// use grundy::loopy::value::{computer_move_words, LoopyOutcome};
/// assert!(computer_move_words(LoopyOutcome::D, "heap", "x").contains("kept the draw"));
/// ```
pub fn computer_move_words(before: LoopyOutcome, what: &str, ending: &str) -> String {
    match before {
        LoopyOutcome::N => format!(
            "The move leaves value 0, a P-position, and lowers the {what} it moves (to a smaller value, from \
             ∞ to a finite value, or back to its value at an earlier step of the labelling), so the game \
             {ending}: it ends with your loss."
        ),
        LoopyOutcome::D => "The position was a draw: no move wins, and the computer kept the draw (a move to an \
             N-position would have handed you the win)."
            .to_string(),
        LoopyOutcome::P => {
            "The position had value 0: no move wins; you now have a winning move (hint shows it).".to_string()
        }
    }
}

/// How the computer stalls in a game that can loop.
pub const STALL_RULE: &str = "in a draw, a move that keeps the draw; in a lost position, any move";

impl LoopyValue {
    /// The value with what it means for the player to move, as a play
    /// session shows it beside a position.
    pub fn play_text(&self) -> String {
        match self.outcome() {
            LoopyOutcome::P => format!("value {self}: a P-position, a winning move"),
            LoopyOutcome::N => format!("value {self}: an N-position"),
            LoopyOutcome::D => format!("value {self}: a draw"),
        }
    }
}

impl Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::D => "D",
        })
    }
}

impl LoopyValue {
    /// ∞(K) from any list of finite values (sorted and deduplicated here).
    pub fn infinite<I: IntoIterator<Item = u64>>(k: I) -> LoopyValue {
        let mut k: Vec<u64> = k.into_iter().collect();
        k.sort_unstable();
        k.dedup();
        LoopyValue::Infinite(k)
    }

    /// The nimber, if the value is finite.
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(m) => Some(*m),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// P for 0, N for another nimber or for ∞(K) with 0 in K, and a draw for
    /// ∞(K) without 0.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Finite(0) => LoopyOutcome::P,
            LoopyValue::Finite(_) => LoopyOutcome::N,
            LoopyValue::Infinite(k) if k.first() == Some(&0) => LoopyOutcome::N,
            LoopyValue::Infinite(_) => LoopyOutcome::D,
        }
    }

    /// The value of the sum of two games: nim-sum of finite values,
    /// ∞(K) + n = ∞(K ⊕ n), and two infinite values make ∞(∅), a draw
    /// (each player can always answer in the other component).
    ///
    /// ```
    /// use grundy::loopy::LoopyValue;
    /// let a = LoopyValue::infinite([0, 2]);
    /// assert_eq!(a.sum(&LoopyValue::Finite(2)), LoopyValue::infinite([2, 0]));
    /// assert_eq!(a.sum(&a), LoopyValue::infinite([]));
    /// ```
    pub fn sum(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(a ^ b),
            (LoopyValue::Infinite(k), LoopyValue::Finite(n))
            | (LoopyValue::Finite(n), LoopyValue::Infinite(k)) => {
                LoopyValue::infinite(k.iter().map(|x| x ^ n))
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
        }
    }
}

impl Display for LoopyValue {
    /// `3`, `∞(0,2)`, and `∞(∅)` for an infinite value with no finite option.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(m) => write!(f, "{m}"),
            LoopyValue::Infinite(k) if k.is_empty() => f.write_str("∞(∅)"),
            LoopyValue::Infinite(k) => {
                let list: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", list.join(","))
            }
        }
    }
}

impl Serialize for LoopyValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            LoopyValue::Finite(m) => s.serialize_u64(*m),
            LoopyValue::Infinite(k) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("infinity", k)?;
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for LoopyValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<LoopyValue, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Infinity {
            infinity: Vec<u64>,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Finite(u64),
            Infinite(Infinity),
        }
        match Form::deserialize(d)
            .map_err(|_| de::Error::custom("a value is a number or {\"infinity\": [...]}"))?
        {
            Form::Finite(m) => Ok(LoopyValue::Finite(m)),
            Form::Infinite(i) => Ok(LoopyValue::infinite(i.infinity)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_follow_the_escape_set() {
        assert_eq!(LoopyValue::Finite(0).outcome(), LoopyOutcome::P);
        assert_eq!(LoopyValue::Finite(5).outcome(), LoopyOutcome::N);
        assert_eq!(LoopyValue::infinite([0, 3]).outcome(), LoopyOutcome::N);
        assert_eq!(LoopyValue::infinite([1, 3]).outcome(), LoopyOutcome::D);
        assert_eq!(LoopyValue::infinite([]).outcome(), LoopyOutcome::D);
    }

    #[test]
    fn sums_shift_the_escape_set() {
        let k = LoopyValue::infinite([1, 2]);
        assert_eq!(k.sum(&LoopyValue::Finite(3)), LoopyValue::infinite([2, 1]));
        assert_eq!(k.sum(&LoopyValue::Finite(1)), LoopyValue::infinite([0, 3]));
        assert_eq!(
            LoopyValue::Finite(6).sum(&LoopyValue::Finite(3)),
            LoopyValue::Finite(5)
        );
        assert_eq!(k.sum(&k).outcome(), LoopyOutcome::D);
    }

    #[test]
    fn json_round_trips_and_refuses_other_shapes() {
        for v in [
            LoopyValue::Finite(7),
            LoopyValue::infinite([4, 0]),
            LoopyValue::infinite([]),
        ] {
            let text = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<LoopyValue>(&text).unwrap(), v);
        }
        assert_eq!(
            serde_json::to_string(&LoopyValue::infinite([])).unwrap(),
            r#"{"infinity":[]}"#
        );
        assert!(serde_json::from_str::<LoopyValue>(r#"{"infinite":[1]}"#).is_err());
        assert!(serde_json::from_str::<LoopyValue>("-1").is_err());
        assert_eq!(serde_json::to_string(&LoopyOutcome::D).unwrap(), r#""D""#);
        assert_eq!(LoopyValue::infinite([]).to_string(), "∞(∅)");
    }
}
