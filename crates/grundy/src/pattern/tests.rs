//! The finder against planted patterns, random values and published data.

use super::*;
use crate::turning::{named::resolve, values::coin_values};
use proptest::prelude::*;

/// The first finding that gives every value.
fn complete(found: &[Finding]) -> Option<&Finding> {
    found.iter().find(|f| f.is_complete())
}

/// Every complete finding gives the values it was checked on, and nothing
/// is proven without a theorem.
fn nothing_false(start: u64, values: &[u64], found: &[Finding]) -> Result<(), TestCaseError> {
    for f in found {
        let observed = matches!(f.status, Status::Observed { .. });
        prop_assert!(observed, "{:?}", f);
        prop_assert!(f.found_to < f.checked_to, "{:?}", f);
        if f.is_complete() {
            for (i, &v) in values.iter().enumerate() {
                prop_assert_eq!(f.value(start + i as u64), Some(v), "{:?}", f);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn planted_periods_are_recovered(
        pre in proptest::collection::vec(0u64..6, 0..12),
        block in proptest::collection::vec(0u64..4, 1..9),
        saltus in 0u64..3,
        start in 0u64..3,
        len in 200usize..500,
    ) {
        let n0 = start + pre.len() as u64;
        let p = block.len() as u64;
        let planted = |n: u64| -> u64 {
            if n < n0 {
                pre[(n - start) as usize]
            } else {
                block[((n - n0) % p) as usize] + 10 + saltus * ((n - n0) / p)
            }
        };
        let g: Vec<u64> = (start..start + len as u64).map(planted).collect();
        let found = find_sequence(start, &g);
        nothing_false(start, &g, &found)?;
        let f = complete(&found);
        prop_assert!(f.is_some(), "{:?}", g);
        let f = f.unwrap();
        if saltus == 0 {
            prop_assert_eq!(f.kind, Kind::Period);
        }
        for n in [start, n0, 1000, 12_345, 1_000_000_007, 1 << 40] {
            prop_assert_eq!(f.value(n), Some(planted(n)), "{} {:?}", n, f);
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn planted_beatty_p_positions_are_recovered(
        which in 0usize..4,
        noise in proptest::collection::vec(1u64..4, 600),
    ) {
        let alphas = [(1.0 + 5f64.sqrt()) / 2.0, (3.0 + 5f64.sqrt()) / 2.0, 2f64.sqrt(), 1.0 + 2f64.sqrt()];
        let a = alphas[which];
        let mut g = noise.clone();
        let mut k = 0u64;
        loop {
            let p = (k as f64 * a).floor() as usize;
            if p >= g.len() { break; }
            g[p] = 0;
            k += 1;
        }
        let found = find_sequence(0, &g);
        nothing_false(0, &g, &found)?;
        let names = ["k*phi)", "k*phi^2)", "k*sqrt(2))", "k*(1 + sqrt(2)))"];
        prop_assert!(
            found.iter().any(|f| f.kind == Kind::PPositionBeatty && f.formula.contains(names[which])),
            "{:?}", found
        );
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn planted_table_forms_are_recovered(form in 0usize..8, m in 2u64..7, n in 16usize..40) {
        let forms: [fn(u64, u64, u64) -> u64; 8] = [
            |x, y, _| x ^ y,
            |x, y, m| (x + y) % m,
            |x, y, m| x.min(y) % m,
            |x, y, m| x.max(y) % m,
            |x, y, m| (x % m) ^ (y % m),
            |x, y, m| (x ^ y) % m,
            |x, y, m| x.abs_diff(y) % m,
            |_, y, m| y % m,
        ];
        let g: Vec<u64> = (0..n * n).map(|i| forms[form]((i / n) as u64, (i % n) as u64, m)).collect();
        let found = find_table(n, n, &g);
        prop_assert_eq!(found.len(), 1);
        let f: formula::Formula = found[0].formula.strip_prefix("G(x, y) = ").unwrap().parse().unwrap();
        for x in 0..3 * n as u64 {
            for y in 0..3 * n as u64 {
                prop_assert_eq!(f.at2(x, y), Some(forms[form](x, y, m)), "{}", f);
                prop_assert_eq!(found[0].value2(x, y), Some(forms[form](x, y, m)));
            }
        }
    }

    #[test]
    fn planted_diagonals_are_recovered(
        d in -3i64..4,
        pre in proptest::collection::vec(0u64..5, 0..6),
        block in proptest::collection::vec(0u64..4, 1..6),
        saltus in 0u64..3,
        noise in proptest::collection::vec(0u64..40, 60 * 60),
    ) {
        let n = 60usize;
        let (k0, p) = (pre.len() as u64, block.len() as u64);
        let planted = |k: u64| -> u64 {
            if k < k0 {
                pre[k as usize]
            } else {
                100 + block[((k - k0) % p) as usize] + saltus * ((k - k0) / p)
            }
        };
        let mut g = noise.clone();
        let off = d.unsigned_abs() as usize;
        for k in 0..n - off {
            let (x, y) = if d >= 0 { (k + off, k) } else { (k, k + off) };
            g[x * n + y] = planted(k as u64);
        }
        let found = find_table(n, n, &g);
        let diag = found.iter().find(|f| f.kind == Kind::Diagonals);
        prop_assert!(diag.is_some(), "{:?}", found);
        let text = &diag.unwrap().formula;
        let head = format!("x - y = {d}: ");
        let part = text.split("; ").find(|t| t.starts_with(&head));
        prop_assert!(part.is_some(), "{}", text);
        let part = part.unwrap();
        // G(k + q ...) = G(k ...) [+ s] for k >= from, checked on the
        // planted values far past the table.
        let num = |after: &str| -> u64 {
            let at = part.find(after).unwrap() + after.len();
            part[at..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap()
        };
        let q = num("G(k + ");
        let from = num("for k >= ");
        let s = part
            .split(" for k")
            .next()
            .unwrap()
            .rsplit_once(") + ")
            .map_or(0, |(_, s)| s.parse::<u64>().unwrap());
        for k in from..from + 500 {
            prop_assert_eq!(planted(k + q), planted(k) + s, "{}", part);
        }
    }


    #[test]
    fn random_values_give_nothing_proven_nor_false(
        g in proptest::collection::vec(0u64..4, 0..400),
        start in 0u64..3,
    ) {
        let found = find_sequence(start, &g);
        nothing_false(start, &g, &found)?;
        // A known game named is one whose values these are.
        for f in catalogue::sequence(start, &g, None) {
            prop_assert!(matches!(f.status, Status::Observed { .. }), "{:?}", f);
            let e = catalogue::sequences()
                .iter()
                .find(|e| f.formula.ends_with(&format!("of {} ({})", e.name, e.about)) || f.formula.ends_with(&e.about))
                .unwrap();
            let d = [0i64, -1, 1, -2, 2]
                .into_iter()
                .find(|&d| f.formula.starts_with(&format!("G(n) = G({})", match d {
                    0 => "n".to_string(),
                    d if d < 0 => format!("n - {}", -d),
                    d => format!("n + {d}"),
                })))
                .unwrap();
            for (i, &v) in g.iter().enumerate() {
                let n = start + i as u64;
                if let Some(w) = n.checked_add_signed(d).and_then(|m| e.value(m)) {
                    prop_assert_eq!(v, w, "{:?}", f);
                }
            }
        }
    }

    #[test]
    fn random_tables_give_nothing_false(n in 1usize..30, g in proptest::collection::vec(0u64..3, 900)) {
        let g = &g[..n * n];
        for f in find_table(n, n, g) {
            let observed = matches!(f.status, Status::Observed { .. });
            prop_assert!(observed);
            if f.kind == Kind::Symmetry {
                prop_assert!((0..n).all(|x| (0..n).all(|y| g[x * n + y] == g[y * n + x])));
            }
        }
    }
}

#[test]
fn wythoff_p_positions_are_the_beatty_pair() {
    let n = 160;
    let g: Vec<u64> = crate::games::wythoff::values(n, n)
        .iter()
        .map(|&v| u64::from(v))
        .collect();
    let found = find_table(n, n, &g);
    let kinds: Vec<Kind> = found.iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [Kind::Symmetry, Kind::RowPeriods, Kind::PPositionBeattyPair]
    );
    assert!(found[2]
        .formula
        .contains("a(k) = floor(k*phi), b(k) = floor(k*phi^2)"));
    assert!(found[1].formula.starts_with(
        "row 0: G(0, y + 1) = G(0, y) + 1 for y >= 0; row 1: G(1, y + 3) = G(1, y) + 3"
    ));
}

#[test]
fn ruler_and_mock_turtles() {
    let coins = |name: &str| coin_values(&resolve(name).unwrap().1, 3000).unwrap();
    let ruler = find_sequence(1, &coins("ruler")[1..]);
    assert_eq!(ruler[0].formula, "G(n) = lowbit(n)");
    let mock = find_sequence(1, &coins("mock-turtles")[1..]);
    assert_eq!(mock[0].formula, "G(n) = odious(n - 1)");
    // Counted from coin 0 (worth 0), Mock Turtles is no closed form of the
    // catalogue shifted wrongly: what is found is true.
    let g = coins("mock-turtles");
    for f in find_sequence(0, &g) {
        if f.is_complete() {
            assert!((0..g.len()).all(|n| f.value(n as u64) == Some(g[n])));
        }
    }
}

/// `n -> floor(n/2), ..., floor(n/6)` by the plain mex.
fn floor_game(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 1..len {
        let seen: Vec<u64> = (2..=6).map(|k| g[n / k]).collect();
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

/// The same game at any `n`, by the recursion with a memo (the values at
/// `floor(n / m)` for the few `m` built from 2..6).
fn floor_game_at(n: u64, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
    if n == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let seen: Vec<u64> = (2..=6).map(|k| floor_game_at(n / k, memo)).collect();
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(n, v);
    v
}

#[test]
fn the_floor_division_game_by_intervals() {
    let len = 1 << 20;
    let g = floor_game(len);
    let found = find_sequence(0, &g);
    let f = &found[0];
    assert_eq!(f.kind, Kind::Intervals, "{found:?}");
    assert!(f.formula.contains("s(k) = 12 s(k-4)"), "{}", f.formula);
    let started = std::time::Instant::now();
    let big = f.value(1_000_000_000_000_000_000).unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
    let mut memo = std::collections::HashMap::new();
    assert_eq!(big, floor_game_at(1_000_000_000_000_000_000, &mut memo));
    // Random heaps up to 10^6 against the plain mex, and some huge ones
    // against the recursion.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for i in 0..2000 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let n = (x >> 33) % 1_000_001;
        assert_eq!(f.value(n), Some(g[n as usize]), "{n}");
        if i % 100 == 0 {
            let huge = x >> 4;
            let want = floor_game_at(huge, &mut memo);
            assert_eq!(f.value(huge), Some(want), "{huge}");
        }
    }
}
