//! `grundy play chips`: chips on random DAGs against a random player.

use crate::play_support;

use grundy::game::Outcome;
use grundy::games::chips::{self, Graph, Variant};
use play_support::{random_game, refused, Rand};

#[test]
fn computer_wins_from_n_positions() {
    let mut rand = Rand(21);
    let mut played = 0;
    let path = std::env::temp_dir().join(format!("grundy-play-chips-{}.txt", std::process::id()));
    for round in 0..30 {
        let annihilate = round % 3 == 2;
        let n = 4 + rand.below(6) as u32;
        let mut text = String::new();
        for u in 0..n {
            for v in u + 1..n {
                if rand.below(3) == 0 {
                    text.push_str(&format!("v{u} v{v}\n"));
                }
            }
            text.push_str(&format!("v{u}\n"));
        }
        let graph = Graph::parse(&text).unwrap();
        let values = graph.grundy_values().unwrap();
        let variant = if annihilate {
            Variant::Annihilate
        } else {
            Variant::Coexist
        };
        let Some(chip_names) = (0..20).find_map(|_| {
            let mut c: Vec<u32> = (0..2 + rand.below(2))
                .map(|_| rand.below(n as u64) as u32)
                .collect();
            c.sort_unstable();
            c.dedup();
            let names: Vec<String> = c.iter().map(|&v| format!("v{v}")).collect();
            let ids = graph.vertices(&names).unwrap();
            let a = chips::analyze(&graph, &values, &ids, variant).unwrap();
            (a.outcome == Outcome::N).then_some(names)
        }) else {
            continue;
        };
        std::fs::write(&path, &text).unwrap();
        let (file, seed) = (path.to_string_lossy().into_owned(), round.to_string());
        let mut args = vec![
            "play", "chips", &file, "--first", "computer", "--seed", &seed,
        ];
        if annihilate {
            args.push("--annihilate");
        }
        args.extend(chip_names.iter().map(String::as_str));
        let end = random_game(&args, &mut rand);
        assert!(
            end.contains("the computer wins"),
            "{args:?} on {text:?} ended: {end}"
        );
        played += 1;
    }
    assert!(played >= 20, "only {played} games had an N-position start");
    let _ = std::fs::remove_file(&path);
    refused(
        &["play", "chips", "/nonexistent/graph.txt", "a"],
        "cannot read the graph file",
    );
}
