//! How well the computer plays: a teacher picks a level at which a class
//! can beat it, and a player can step up as they learn.
//!
//! At every level but [`Level::Perfect`] the computer *slips* now and then:
//! on a share of its turns, drawn by its seeded generator, it plays a legal
//! move picked uniformly at random instead of its best one. It never slips
//! in a position too large to list its moves, where no uniform pick is
//! possible. A slip is told as one by `why`, so a student who wins after it
//! learns what the mistake was.
//!
//! ```
//! use grundy::strategy::Level;
//! let easy: Level = "easy".parse().unwrap();
//! assert_eq!(easy.slips_in_1000(), 600);
//! assert_eq!(Level::default(), Level::Perfect);
//! assert!("cunning".parse::<Level>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

/// How often the computer slips.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// Never: every move is the best one.
    #[default]
    Perfect,
    /// One turn in ten.
    Hard,
    /// Three turns in ten.
    Medium,
    /// Six turns in ten.
    Easy,
}

impl Level {
    /// Every level, the strongest first.
    pub const ALL: [Level; 4] = [Level::Perfect, Level::Hard, Level::Medium, Level::Easy];

    /// The level's name, as the front-ends take it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Perfect => "perfect",
            Level::Hard => "hard",
            Level::Medium => "medium",
            Level::Easy => "easy",
        }
    }

    /// On how many turns in 1000 the computer plays a random move.
    pub fn slips_in_1000(self) -> u64 {
        match self {
            Level::Perfect => 0,
            Level::Hard => 100,
            Level::Medium => 300,
            Level::Easy => 600,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        let t = s.trim().to_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == t)
            .ok_or_else(|| format!("level '{}': give perfect, hard, medium or easy", s.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Basis, NimPlay, Play, Remoteness, Strategy};
    use super::Level;
    use crate::game::{Convention, Outcome};
    use proptest::prelude::*;

    fn outcome(game: &NimPlay, p: &Vec<u64>) -> Outcome {
        Remoteness::new()
            .of(game, p, &mut usize::MAX.clone())
            .expect("small")
            .0
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Whatever the level, the move is legal; a slip says truly whether
        /// it wins; and every other move is the perfect player's, so that
        /// a winning move is played whenever there is one.
        #[test]
        fn slips_are_legal_and_told_truly(
            heaps in proptest::collection::vec(0u64..6, 1..4),
            seed in 0u64..1000,
            level in proptest::sample::select(Level::ALL.to_vec()),
            misere in any::<bool>(),
        ) {
            let convention = if misere { Convention::Misere } else { Convention::Normal };
            let game = NimPlay(convention);
            let mut s = Strategy::new(seed).with_level(level);
            let Some(c) = s.choose(&game, &heaps).unwrap() else {
                prop_assert!(game.is_over(&heaps));
                return Ok(());
            };
            prop_assert!(game.moves(&heaps).iter().any(|(m, q)| m.to_string() == c.mv.to_string() && *q == c.to));
            let leaves_p = outcome(&game, &c.to) == Outcome::P;
            prop_assert_eq!(c.wins, leaves_p);
            if c.basis == Basis::Slip {
                prop_assert!(level != Level::Perfect);
            } else {
                prop_assert_eq!(c.wins, outcome(&game, &heaps) == Outcome::N);
            }
        }
    }

    /// Perfect play draws nothing for slips: its games are move for move
    /// those of a player with no level set.
    #[test]
    fn perfect_play_is_unchanged() {
        let game = NimPlay(Convention::Normal);
        for seed in 0..50 {
            let mut a = Strategy::new(seed);
            let mut b = Strategy::new(seed).with_level(Level::Perfect);
            let mut p = vec![3, 4, 5, 2];
            while let Some(c) = a.choose(&game, &p).unwrap() {
                let d = b.choose(&game, &p).unwrap().unwrap();
                assert_eq!((c.mv.to_string(), &c.to), (d.mv.to_string(), &d.to));
                p = c.to;
            }
        }
    }

    /// Each level slips on about its share of turns (the generator is
    /// seeded, so the counts are fixed: the bounds are the share plus or
    /// minus five standard deviations of 2000 draws).
    #[test]
    fn each_level_slips_on_its_share_of_turns() {
        let game = NimPlay(Convention::Normal);
        for level in Level::ALL {
            let mut s = Strategy::new(11).with_level(level);
            let turns = 2000;
            let slips = (0..turns)
                .filter(|_| s.choose(&game, &vec![5, 6, 7]).unwrap().unwrap().basis == Basis::Slip)
                .count() as f64;
            let p = level.slips_in_1000() as f64 / 1000.0;
            let spread = 5.0 * (turns as f64 * p * (1.0 - p)).sqrt();
            assert!(
                (slips - turns as f64 * p).abs() <= spread,
                "{level}: {slips} slips in {turns} turns"
            );
        }
    }

    #[test]
    fn levels_read_back() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.to_string().to_uppercase().parse::<Level>(), Ok(l));
        }
        let e = "grandmaster".parse::<Level>().unwrap_err();
        assert!(e.contains("'grandmaster'") && e.contains("easy"), "{e}");
    }
}
