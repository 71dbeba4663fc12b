//! A looping script played through the session: the computer wins every
//! N-position against random replies without a repetition, and holds
//! every drawn position to a draw by repetition. The values are checked
//! against the built-in Wind-Up.

use serde_json::json;

use super::*;
use crate::family::session::{Line, Mode, Options, Output, Session, Side};
use crate::games::wind_up;

/// Wind-Up modulo 10 with 3 and 4, and the same with two heaps.
const WINDUP: &str = "fn options(n) { if n == 0 { return []; } [(n + 7) % 10, (n + 6) % 10] }";

fn play(start_at: &str, first: Side, seed: u64) -> Vec<Output> {
    let (game, p) = start("windup.rhai", WINDUP, start_at, Limits::default(), 10_000).unwrap();
    let mut s = Session::new(
        game,
        p,
        &Options {
            first,
            mode: Mode::Json,
            seed,
            level: Default::default(),
        },
    );
    s.begin().unwrap();
    let mut rng = seed + 1;
    for _ in 0..300 {
        if s.is_finished() {
            break;
        }
        let moves = s.game().moves(s.position());
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (_, to) = &moves[(rng >> 33) as usize % moves.len()];
        let line = s.game().position_text(to);
        s.input(Line::Text(line)).unwrap();
    }
    assert!(s.is_finished());
    s.take_output()
}

#[test]
fn values_are_wind_up_s() {
    let (w, _) = wind_up::start("10", "3,4", &["1"]).unwrap();
    for a in 0..10i64 {
        for b in [0i64, 2, 5] {
            let (game, p) = start(
                "windup.rhai",
                WINDUP,
                &format!("{a} + {b}"),
                Limits::default(),
                10_000,
            )
            .unwrap();
            let want = w.sum_value(&[a as u64, b as u64]);
            assert_eq!(game.loopy_value(&p), want, "{a} + {b}");
        }
    }
}

#[test]
fn the_computer_wins_n_positions_and_holds_draws() {
    let (w, _) = wind_up::start("10", "3,4", &["1"]).unwrap();
    let (mut wins, mut draws) = (0, 0);
    for a in 1..10u64 {
        for b in [0u64, 1, 3] {
            let outcome = w.sum_value(&[a, b]).outcome();
            let at = format!("{a} + {b}");
            for seed in 0..3 {
                let out = play(&at, Side::Computer, seed * 100 + a * 10 + b);
                let last = out.last().unwrap().clone();
                match outcome {
                    LoopyOutcome::N => {
                        wins += 1;
                        assert_eq!(last, Output::Json(json!({"winner": "computer"})), "{at}");
                    }
                    LoopyOutcome::D => {
                        draws += 1;
                        assert_ne!(last, Output::Json(json!({"winner": "human"})), "{at}");
                    }
                    LoopyOutcome::P => {}
                }
            }
        }
    }
    assert!(wins > 10 && draws > 5, "{wins} {draws}");
}

#[test]
fn hint_why_and_undo_answer() {
    let (game, p) = start("windup.rhai", WINDUP, "1", Limits::default(), 1000).unwrap();
    let mut s = Session::new(
        game,
        p,
        &Options {
            first: Side::Human,
            mode: Mode::Pipe,
            seed: 1,
            level: Default::default(),
        },
    );
    s.begin().unwrap();
    for line in ["hint", "7", "why", "undo"] {
        s.input(Line::Text(line.to_string())).unwrap();
    }
    let text: String = s
        .take_output()
        .into_iter()
        .map(|o| format!("{o:?}\n"))
        .collect();
    assert!(text.contains("∞(0)"), "{text}");
    assert!(text.contains("Smith"), "{text}");
    assert!(
        text.to_lowercase().contains("undo") || text.contains("took back"),
        "{text}"
    );
}

#[test]
fn too_many_positions_are_refused() {
    let e = start("windup.rhai", WINDUP, "1", Limits::default(), 3)
        .err()
        .unwrap();
    assert!(e.0.contains("more than 3 positions"), "{e}");
}
