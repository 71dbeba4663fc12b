use super::*;
use crate::pattern::report::Report;

fn proven(game: &str, last: u64) -> Vec<(String, String)> {
    let r = Report::two_heap(game.parse().unwrap(), last).unwrap();
    r.findings
        .iter()
        .filter_map(|f| match &f.status {
            Status::Proven { theorem } => Some((theorem.clone(), f.formula.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn each_theorem_proves_its_games_pattern_only() {
    let first = |game: &str, last: u64| proven(game, last)[0].clone();
    assert!(first("wythoff", 150).0.starts_with("Wythoff 1907"));
    assert!(first("r-wythoff:2", 150)
        .1
        .contains("a(k) = floor(k*sqrt(2)),"));
    // A table this short also fits (2 sqrt(6) - 1)/3 and 1/10; the
    // theorem's sequences are the ones reported.
    let (theorem, formula) = first("r-wythoff:3", 150);
    assert!(theorem.starts_with("Fraenkel 1982"));
    assert!(
        formula.contains("a(k) = floor(k*((sqrt(13) - 1)/2)),"),
        "{formula}"
    );
    assert!(first("euclid", 150).0.starts_with("Cole and Davie"));
    assert!(proven("mem", 150).is_empty());
    // A pattern the theorem does not state stays observed.
    let wythoff = Report::two_heap("wythoff".parse().unwrap(), 150).unwrap();
    let mut found: Vec<Finding> = wythoff.findings;
    for f in &mut found {
        f.status = Status::Observed { to: 150 };
    }
    let values: Vec<u64> = TwoHeapGame::RWythoff(1)
        .values(151, 151)
        .into_iter()
        .map(u64::from)
        .collect();
    prove(&TwoHeapGame::Euclid, 151, &values, &mut found);
    prove(&TwoHeapGame::RWythoff(2), 151, &values, &mut found);
    assert!(found
        .iter()
        .all(|f| matches!(f.status, Status::Observed { .. })));
}
