//! The 24-card game: `grundy cards` against the generic solver, and
//! `grundy play cards` on a pseudo-terminal, a pipe and in JSON.

use crate::play_support;

use std::process::Command;

use grundy::game::{Convention, Outcome};
use grundy::games::cards::{self, CardGame, CardsPosition, Rules};
use grundy::solve::analyze_sum;
use play_support::{json_lines, piped, random_game, refused, Pty, Rand};
use proptest::prelude::*;
use serde_json::{json, Value};

fn grundy_json(args: &[String]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("run grundy");
    assert!(
        out.status.success(),
        "grundy {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

fn cards_args(rules: &Rules, p: &CardsPosition, misere: bool) -> Vec<String> {
    let mut a: Vec<String> = vec![
        "cards".into(),
        "--json".into(),
        "--values".into(),
        join(&rules.values),
        "--copies".into(),
        rules.copies.to_string(),
        "--limit".into(),
        rules.limit.to_string(),
        "--left".into(),
        join(&p.left),
        "--total".into(),
        p.total.to_string(),
    ];
    if misere {
        a.push("--misere".into());
    }
    a
}

fn rules_and_position() -> impl Strategy<Value = (Rules, CardsPosition)> {
    (
        proptest::collection::btree_set(1u64..9, 1..6),
        1u64..5,
        0u64..40,
    )
        .prop_flat_map(|(vals, copies, limit)| {
            let rules = Rules::new(vals.into_iter().collect(), copies, limit).unwrap();
            let k = rules.values.len();
            (
                Just(rules),
                proptest::collection::vec(0..=copies, k),
                0..=limit,
            )
                .prop_map(|(r, left, total)| (r, CardsPosition { left, total }))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// `grundy cards --json` says what the generic solver finds by playing
    /// the cards directly: value, outcome and every winning move.
    #[test]
    fn cards_json_agrees_with_the_generic_solver(
        (rules, p) in rules_and_position(),
        misere in any::<bool>(),
    ) {
        let convention = if misere { Convention::Misere } else { Convention::Normal };
        let v = grundy_json(&cards_args(&rules, &p, misere));
        let slow = analyze_sum(&CardGame(rules.clone()), std::slice::from_ref(&p), convention, None).unwrap();
        prop_assert_eq!(&v["game"], "cards");
        prop_assert_eq!(&v["position"], &json!({"left": p.left, "total": p.total}));
        prop_assert_eq!(&v["convention"], if misere { "misere" } else { "normal" });
        prop_assert_eq!(v["value"].as_u64(), slow.value.map(|g| g.0));
        prop_assert_eq!(&v["outcome"], &slow.outcome.to_string());
        let mut got: Vec<Value> = v["winning_moves"].as_array().unwrap().iter().map(|m| m["to"].clone()).collect();
        let mut expect: Vec<Value> = slow
            .winning_moves
            .iter()
            .map(|w| json!({"left": w.to[0].left, "total": w.to[0].total}))
            .collect();
        got.sort_by_key(|x| x.to_string());
        expect.sort_by_key(|x| x.to_string());
        prop_assert_eq!(got, expect);
        for m in v["winning_moves"].as_array().unwrap() {
            prop_assert!(m["move"].as_str().unwrap().starts_with("take "));
        }
        prop_assert_eq!(&v["values"], &json!(rules.values));
        prop_assert_eq!(&v["limit"], &json!(rules.limit));
    }
}

#[test]
fn the_initial_deal() {
    let v = grundy_json(&["cards".to_string(), "--json".to_string()]);
    assert_eq!(
        v["position"],
        json!({"left": [4, 4, 4, 4, 4, 4], "total": 0})
    );
    assert_eq!(v["copies"], 4);
    let rules = Rules::seed();
    let a = cards::analyze(&rules, &rules.deal(), Convention::Normal).unwrap();
    assert_eq!(v["value"].as_u64(), a.value.map(|g| g.0));
    assert_eq!(v["outcome"], a.outcome.to_string());
    // The example: the total defaults to the cards taken only when not given.
    let w = grundy_json(
        &["cards", "--left", "4,3,4,2,4,4", "--total", "17", "--json"].map(String::from),
    );
    assert_eq!(
        w["position"],
        json!({"left": [4, 3, 4, 2, 4, 4], "total": 17})
    );
    let d = grundy_json(&["cards", "--left", "4,3,4,2,4,4", "--json"].map(String::from));
    assert_eq!(d["position"]["total"], 10);
}

#[test]
fn explain_lists_every_card_and_the_answers() {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "cards",
            "--left",
            "0,4,4,4,4,2",
            "--total",
            "16",
            "--explain",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("cards --left 0,4,4,4,4,2 --total 16 (normal play)"),
        "{text}"
    );
    assert!(text.contains("Grundy value = mex{"), "{text}");
    assert!(text.contains("take 6 -> total 22"), "{text}");
    assert!(text.contains("answer: take"), "{text}");
}

#[test]
fn bad_positions_are_refused() {
    refused(
        &["cards", "--left", "4,4"],
        "2 counts of cards left given for 6 card values",
    );
    refused(
        &["cards", "--total", "51"],
        "the total 51 is past the limit 50",
    );
    refused(
        &["cards", "--left", "5,4,4,4,4,4"],
        "only 4 of each were dealt",
    );
    refused(&["cards", "--copies", "-1"], "negative");
    refused(&["cards", "--values", "0..3"], "value 0");
    refused(&["cards", "--values", "1,2,2"], "given twice");
    refused(&["cards", "--values", "6..1"], "empty");
    refused(&["cards", "--limit", "fifty"], "not a whole number");
    refused(
        &["cards", "--values", "1..13"],
        "needs a table of 976562500 positions (931 MiB)",
    );
    refused(&["play", "cards", "--values", "1..13"], "at most 134217728");
    refused(&["play", "cards", "--left", "x"], "not a whole number");
}

#[test]
fn computer_wins_100_seeded_games_from_n_positions() {
    let rules = Rules::seed();
    let mut rand = Rand(17);
    for game in 0..100 {
        let misere = game % 5 == 4;
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        // A quarter from the deal, the rest from random N-positions late in the game.
        let p = loop {
            let p = if game % 4 == 0 {
                rules.deal()
            } else {
                let left: Vec<u64> = (0..6).map(|_| rand.below(5)).collect();
                CardsPosition {
                    left,
                    total: 25 + rand.below(20),
                }
            };
            let a = cards::analyze(&rules, &p, convention).unwrap();
            if a.outcome == Outcome::N {
                break p;
            }
        };
        let (left, total, seed) = (join(&p.left), p.total.to_string(), game.to_string());
        let mut args = vec![
            "play", "cards", "--left", &left, "--total", &total, "--first", "computer", "--seed",
            &seed,
        ];
        if misere {
            args.push("--misere");
        }
        let end = random_game(&args, &mut rand);
        assert!(
            end.contains("the computer wins"),
            "game {game} ({args:?}) ended: {end}"
        );
    }
}

#[test]
fn hint_why_undo_and_an_illegal_move_at_the_terminal() {
    let mut pty = Pty::spawn(&[
        "play",
        "cards",
        "--left",
        "0,4,4,4,4,2",
        "--total",
        "16",
        "--seed",
        "2",
    ]);
    let board = pty.prompt();
    assert!(board.contains("2 | [2][2][2][2]"), "{board}");
    assert!(board.contains("total 16 of 50"), "{board}");
    assert!(
        board.contains("Grundy value 1 (of the cards left and the total together)"),
        "{board}"
    );
    pty.answer("hint", &["hint: take "]);
    pty.answer("take 1", &["illegal move: no card of value 1 is left"]);
    pty.send("take 7");
    assert!(pty
        .prompt()
        .contains("illegal move: there is no card of value 7"));
    pty.answer(
        "take 6",
        &["you: take 6 (total 16 -> 22)", "computer: take "],
    );
    pty.answer(
        "why",
        &[
            "The cards that can be taken:",
            "Grundy value = mex{",
            "winning move",
        ],
    );
    pty.answer("undo", &["undone: back to --left 0,4,4,4,4,2 --total 16."]);
    pty.answer(
        "moves",
        &[
            "legal moves (5):",
            "take 6 (total 16 -> 22)  ->  --left 0,4,4,4,4,1 --total 22",
        ],
    );
    pty.send("quit");
    let rest = pty.finish();
    assert!(
        rest.contains("stopped at --left 0,4,4,4,4,2 --total 16."),
        "{rest}"
    );
}

#[test]
fn stalling_from_p_positions_is_explained() {
    // From a P-position the computer stalls, and says so.
    let rules = Rules::seed();
    let mut found = false;
    for total in 0..40 {
        let p = CardsPosition {
            left: vec![4, 1, 4, 4, 4, 4],
            total,
        };
        let a = cards::analyze(&rules, &p, Convention::Normal).unwrap();
        if a.outcome != Outcome::P {
            continue;
        }
        found = true;
        let args = [
            "play",
            "cards",
            "--left",
            "4,1,4,4,4,4",
            "--total",
            &total.to_string(),
            "--first",
            "computer",
            "--seed",
            "1",
            "--json",
        ]
        .map(String::from);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = piped(&args, "why\n");
        let lines = json_lines(&out);
        let why = lines[2]["why"].as_str().unwrap();
        assert!(why.contains("stalled"), "{why}");
    }
    assert!(found);
}

#[test]
fn json_mode_takes_whole_positions() {
    let out = piped(
        &[
            "play",
            "cards",
            "--left",
            "0,0,0,0,1,1",
            "--total",
            "39",
            "--json",
            "--seed",
            "4",
        ],
        "{\"left\": [0,0,0,0,1,0], \"total\": 45}\n",
    );
    let lines = json_lines(&out);
    assert_eq!(
        lines[0],
        json!({"position": {"left": [0, 0, 0, 0, 1, 1], "total": 39}})
    );
    assert_eq!(
        lines[1],
        json!({"by": "human", "move": "take 6 (total 39 -> 45)", "position": {"left": [0, 0, 0, 0, 1, 0], "total": 45}})
    );
    assert_eq!(
        lines[2],
        json!({"by": "computer", "move": "take 5 (total 45 -> 50)", "position": {"left": [0, 0, 0, 0, 0, 0], "total": 50}})
    );
    assert_eq!(lines[3], json!({"winner": "computer"}));
    // Flags work as well as JSON, and a wrong total is refused with the reason.
    let out = piped(
        &[
            "play",
            "cards",
            "--left",
            "0,0,0,0,1,1",
            "--total",
            "39",
            "--json",
        ],
        "--left 0,0,0,0,1,0 --total 44\n--left 0,0,0,0,0,1 --total 44\n",
    );
    let lines = json_lines(&out);
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("makes the total 45, not 44"));
    assert_eq!(lines[2]["by"], "human");
}
