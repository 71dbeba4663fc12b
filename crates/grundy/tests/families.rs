//! Every registered family, checked through the registry alone: positions
//! and moves round-trip through print and parse, every `to` of the report
//! parses back, and on small positions every legal move leads to a position
//! whose value agrees with the plain mex recursion over the play interface
//! (or, in misère play, with a plain win/loss search). Random games are
//! walked from every example of every family.

use grundy::family::registry::{self, AnyGame};
use grundy::game::{Convention, Outcome};
use grundy::loopy::LoopyOutcome;
use grundy::strategy::Rng;
use proptest::prelude::*;

/// Every started example of every family, in both conventions where the
/// family plays both.
fn examples() -> Vec<(String, Box<dyn AnyGame>)> {
    let mut out = Vec::new();
    for e in registry::entries() {
        for (variant, position) in e.examples {
            for c in [Convention::Normal, Convention::Misere] {
                match e.start(variant, position, c) {
                    Ok(g) => out.push((format!("{} {variant:?} {position:?} {c}", e.name), g)),
                    Err(err) => assert_eq!(
                        c,
                        Convention::Misere,
                        "{} {variant:?} {position:?}: {err}",
                        e.name
                    ),
                }
            }
        }
    }
    out
}

/// The checks at the position `g` stands at.
fn check_here(what: &str, g: &dyn AnyGame) -> usize {
    let checked = g.check().unwrap_or_else(|e| panic!("{what}: {e}"));
    let text = g.position_text();
    assert_eq!(
        g.parse_position(&text).unwrap(),
        g.position_json(),
        "{what}: text round trip at {text}"
    );
    let json = g.position_json().to_string();
    assert_eq!(
        g.parse_position(&json).unwrap(),
        g.position_json(),
        "{what}: JSON round trip at {json}"
    );
    if let Ok(report) = g.report() {
        assert_eq!(report.position, g.position_json(), "{what}");
        // A draw of a game that can loop has no winning move, and the
        // player to move does not lose (N).
        let drawn = matches!(&report.smith, Some(s) if s.outcome == LoopyOutcome::D);
        assert_eq!(
            report.outcome == Outcome::P,
            report.winning_moves.is_empty() && !g.is_over() && !drawn
                || g.is_over() && report.outcome == Outcome::P,
            "{what}: outcome and winning moves at {text}"
        );
        for m in &report.winning_moves {
            let back = g
                .parse_position(&m.to.to_string())
                .unwrap_or_else(|e| panic!("{what}: 'to' {} does not parse: {e}", m.to));
            assert_eq!(back, m.to, "{what}");
            let back = g.parse_position(&m.to_text).unwrap();
            assert_eq!(back, m.to, "{what}");
        }
    }
    // The remoteness search, over the play interface, against the family's
    // own analysis: the same outcome, and the parity the outcome forces
    // (normal play: P-positions even, N odd; misère play the reverse, its
    // end being an N-position of remoteness 0).
    if let (Some((outcome, r)), Ok(report)) = (g.remoteness(&mut 200_000), g.report()) {
        assert_eq!(
            outcome, report.outcome,
            "{what}: remoteness search at {text}"
        );
        let even = r % 2 == 0;
        let p_even = g.convention() == Convention::Normal;
        assert_eq!(
            even == p_even,
            outcome == Outcome::P,
            "{what}: remoteness {r} at {text}"
        );
    }
    let d = g.drawing();
    serde_json::to_string(&d).unwrap();
    checked
}

/// Plays up to `steps` random legal moves, checking every position met.
fn walk(what: &str, mut g: Box<dyn AnyGame>, rng: &mut Rng, steps: usize) -> usize {
    let mut checked = check_here(what, g.as_ref());
    for _ in 0..steps {
        if g.is_over() {
            break;
        }
        let Ok(moves) = g.moves() else { break };
        let pick = &moves[rng.below(moves.len() as u64) as usize];
        g.play(&pick.words)
            .unwrap_or_else(|e| panic!("{what}: '{}' refused: {e}", pick.words));
        let report = g.report().unwrap();
        assert_eq!(
            (report.value, report.outcome),
            (pick.value, pick.outcome),
            "{what}: '{}'",
            pick.words
        );
        if let (Some(r), Some((_, here))) = (pick.remoteness, g.remoteness(&mut 200_000)) {
            assert_eq!(r, here, "{what}: the remoteness of '{}'", pick.words);
        }
        checked += check_here(what, g.as_ref());
    }
    checked
}

#[test]
fn every_example_of_every_family_conforms() {
    let mut checked = 0;
    let mut families = std::collections::HashSet::new();
    for (what, g) in examples() {
        families.insert(what.split(' ').next().unwrap().to_string());
        checked += walk(&what, g, &mut Rng::new(1), 12);
    }
    assert_eq!(families.len(), registry::entries().len());
    assert!(
        checked > 200,
        "only {checked} positions were checked against the plain search"
    );
}

#[test]
fn names_and_aliases_are_found() {
    for e in registry::entries() {
        assert_eq!(registry::find(e.name).unwrap().name, e.name);
        for a in e.aliases {
            assert_eq!(registry::find(a).unwrap().name, e.name);
        }
    }
    assert!(registry::find("no-such-game")
        .unwrap_err()
        .to_string()
        .contains("the families are"));
    assert!(registry::start("nim", "", "3 -4", Convention::Normal).is_err());
    assert!(registry::start("moore", "0", "1 2", Convention::Normal).is_err());
    assert_eq!(
        registry::start("kayles", "", "3", Convention::Normal)
            .unwrap()
            .report()
            .unwrap()
            .value,
        Some(3)
    );
    // A graph with a cycle: Smith's values, and a draw.
    let g = registry::start("chips", "a b;b a", "a", Convention::Normal).unwrap();
    assert_eq!(
        serde_json::to_value(g.report().unwrap()).unwrap()["outcome"],
        "D"
    );
    assert!(registry::start("chips-annihilate", "a b;b a", "a", Convention::Normal).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random games from every example.
    #[test]
    fn random_games_conform(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        for (what, g) in examples() {
            walk(&what, g, &mut rng, 8);
        }
    }
}
