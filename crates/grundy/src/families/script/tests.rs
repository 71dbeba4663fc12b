//! Scripted games against the same games written in Rust: values,
//! outcomes and every winning move on random positions.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;

use super::*;
use crate::family::conformance;
use crate::games::wythoff;
use crate::heap::naive::NaiveEngine;
use crate::heap::rule::HeapRule;
use crate::heap::subtraction;
use crate::nimber::Mex;

const KAYLES: &str = include_str!("../../../../../examples/scripts/kayles.rhai");
const SQUARES: &str = include_str!("../../../../../examples/scripts/squares.rhai");
const WYTHOFF: &str = include_str!("../../../../../examples/scripts/wythoff.rhai");
const CRAM: &str = include_str!("../../../../../examples/scripts/cram.rhai");

fn game(name: &str, src: &str) -> ScriptPlay {
    game_in(name, src, Convention::Normal)
}

fn game_in(name: &str, src: &str, c: Convention) -> ScriptPlay {
    ScriptPlay::new(
        Script::compile(name, src, Limits::default()).unwrap(),
        c,
        1 << 20,
    )
}

fn ints(v: &[u32]) -> Vec<Value> {
    v.iter().map(|&n| Value::Int(n as i64)).collect()
}

/// The positions every winning move leaves, as sorted lists of heaps.
fn targets(moves: &[(ScriptMove, Vec<Value>)]) -> BTreeSet<Vec<Value>> {
    moves
        .iter()
        .map(|(_, q)| {
            let mut q: Vec<Value> = q.iter().filter(|v| **v != Value::Int(0)).cloned().collect();
            q.sort();
            q
        })
        .collect()
}

/// Every winning move of a sum of heaps under `rule`, by the plain
/// definition: the moves that leave nim-sum 0.
fn heap_targets(rule: &HeapRule, g: &[u32], heaps: &[u32]) -> BTreeSet<Vec<Value>> {
    let total = heaps.iter().fold(0, |a, &h| a ^ g[h as usize]);
    let mut out = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        rule.for_each_move(h, |_, parts| {
            let after = parts
                .iter()
                .fold(total ^ g[h as usize], |a, &p| a ^ g[p as usize]);
            if after == 0 {
                let mut q: Vec<u32> = heaps.to_vec();
                q.remove(i);
                q.extend_from_slice(parts);
                let mut q: Vec<Value> = q
                    .into_iter()
                    .filter(|&x| x > 0)
                    .map(|x| Value::Int(x as i64))
                    .collect();
                q.sort();
                out.insert(q);
            }
        });
    }
    out
}

fn octal(g: &str, top: u32) -> (HeapRule, Vec<u32>) {
    let rule: HeapRule = g.parse().unwrap();
    let mut e = NaiveEngine::new(&rule);
    e.extend_to(top);
    (rule, e.values().to_vec())
}

#[test]
fn published_values() {
    // Subtract a square: OEIS A014586 (G(0..20)).
    let s = game("squares", SQUARES);
    let g: Vec<u64> = (0..21)
        .map(|n| s.value_of(&[Value::Int(n)]).unwrap().0)
        .collect();
    assert_eq!(
        g,
        [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0]
    );
    // Kayles: period 12 from 71 (Guy and Smith); G(72..84) = 4 1 2 8 1 4 7 2 1 8 2 7.
    let k = game("kayles", KAYLES);
    let g: Vec<u64> = (72..84)
        .map(|n| k.value_of(&[Value::Int(n)]).unwrap().0)
        .collect();
    assert_eq!(g, [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]);
}

#[test]
fn squares_match_the_subtraction_engine() {
    let set: Vec<usize> = (1..=31).map(|k| k * k).collect();
    let native = subtraction::sequence(&set, 1000).unwrap();
    let s = game("squares", SQUARES);
    for (n, &g) in native.iter().enumerate() {
        assert_eq!(
            s.value_of(&[Value::Int(n as i64)]).unwrap().0,
            g as u64,
            "{n}"
        );
    }
}

#[test]
fn cram_board_values() {
    let c = game("cram", CRAM);
    // Even by even boards are P (the second player mirrors through the
    // centre); 3 x 4 has value 1, found by the native search below too.
    for (board, v) in [
        ("../..", 0),
        ("..../....", 0),
        ("..../..../..../....", 0),
        ("..../..../....", 1),
    ] {
        let p = c.parse_position(&format!("\"{board}\"")).unwrap();
        assert_eq!(c.value_of(&p).unwrap().0, v, "{board}");
        assert_eq!(native_cram(board), v, "{board}");
    }
}

/// Cram by the plain mex recursion over every domino, on a bitmask.
fn native_cram(board: &str) -> u64 {
    let rows: Vec<&str> = board.split('/').collect();
    let (h, w) = (rows.len(), rows[0].len());
    let mut empty = 0u64;
    for (y, r) in rows.iter().enumerate() {
        for (x, ch) in r.chars().enumerate() {
            if ch == '.' {
                empty |= 1 << (y * w + x);
            }
        }
    }
    fn g(e: u64, h: usize, w: usize, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&e) {
            return v;
        }
        let mut mex = Mex::new();
        let mut seen = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let a = 1u64 << (y * w + x);
                if e & a == 0 {
                    continue;
                }
                if x + 1 < w && e & (a << 1) != 0 {
                    seen.push(g(e & !(a | a << 1), h, w, memo));
                }
                if y + 1 < h && e & (a << w) != 0 {
                    seen.push(g(e & !(a | a << w), h, w, memo));
                }
            }
        }
        mex.extend(seen);
        let v = mex.finish();
        memo.insert(e, v);
        v
    }
    g(empty, h, w, &mut HashMap::new())
}

#[test]
fn parts_are_split_and_written_back() {
    let c = game("cram", CRAM);
    let p = c.parse_position("\"..#./..#./..#.\"").unwrap();
    assert_eq!(
        p,
        vec![Value::Str("../../..".into()), Value::Str("././.".into())]
    );
    assert_eq!(c.position_text(&p), "\"../../..\" + \"././.\"");
    assert_eq!(
        c.parse_position(&c.position_json(&p).to_string()).unwrap(),
        p
    );
    assert_eq!(c.parse_position("\"#.#\"").unwrap(), Vec::<Value>::new());
    assert_eq!(c.position_text(&[].to_vec()), "sum([])");
    conformance::check(&c, &p).unwrap();
    let w = game("wythoff", WYTHOFF);
    let p = w.parse_position("[2,3] + [1, 1]").unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(
        w.parse_position(&w.position_json(&p).to_string()).unwrap(),
        p
    );
    assert!(w.parse_position("{\"a\": 1}").is_err());
    assert!(w.parse_position("[1,").is_err());
    assert!(w.parse_position("").is_err());
    conformance::check(&w, &p).unwrap();
}

#[test]
fn take_break_helper_is_the_rule() {
    let s = game("t", "fn options(n) { take_break(n, \"0.137\") }");
    let (_, g) = octal("0.137", 60);
    for n in 0..=60 {
        assert_eq!(
            s.value_of(&[Value::Int(n)]).unwrap().0,
            g[n as usize] as u64,
            "{n}"
        );
    }
    let bad = game("t", "fn options(n) { take_break(n, \"0.z\") }");
    let e = bad.value_of(&[Value::Int(3)]).unwrap_err().0;
    assert!(e.contains("line 1") && e.contains("take_break"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Kayles written as a script (with sum) against the heap engine on
    /// random sums: value, outcome and every winning move.
    #[test]
    fn kayles_sums_match_the_heap_engine(heaps in prop::collection::vec(0u32..30, 1..4)) {
        let (rule, g) = octal("0.77", 30);
        let k = game("kayles", KAYLES);
        let p = ints(&heaps);
        let want = heaps.iter().fold(0, |a, &h| a ^ g[h as usize]) as u64;
        prop_assert_eq!(k.value_of(&p).unwrap().0, want);
        prop_assert_eq!(k.outcome(&p), if want == 0 { Outcome::P } else { Outcome::N });
        let moves = k.winning_moves(&p).unwrap();
        prop_assert_eq!(targets(&moves), heap_targets(&rule, &g, &heaps));
    }

    /// Random octal codes through take_break against the heap engine.
    #[test]
    fn take_break_codes_match_the_heap_engine(d in prop::collection::vec(0u8..8, 1..4), heaps in prop::collection::vec(0u32..25, 1..4)) {
        let code = format!("0.{}", d.iter().map(|x| x.to_string()).collect::<String>());
        let (rule, g) = octal(&code, 25);
        let s = game("code", &format!("fn options(n) {{ take_break(n, \"{code}\") }}"));
        let p = ints(&heaps);
        let want = heaps.iter().fold(0, |a, &h| a ^ g[h as usize]) as u64;
        prop_assert_eq!(s.value_of(&p).unwrap().0, want);
        let moves = s.winning_moves(&p).unwrap();
        prop_assert_eq!(targets(&moves), heap_targets(&rule, &g, &heaps));
    }

    /// Wythoff's game as a script against the built-in values and winning
    /// moves.
    #[test]
    fn wythoff_matches_the_built_in_game(x in 0u64..20, y in 0u64..20) {
        let w = game("wythoff", WYTHOFF);
        let table = wythoff::values(20, 20);
        let p = vec![Value::List(vec![Value::Int(x as i64), Value::Int(y as i64)])];
        prop_assert_eq!(w.value_of(&p).unwrap().0, table[(x * 20 + y) as usize] as u64);
        let mine: BTreeSet<Vec<Value>> = w.winning_moves(&p).unwrap().into_iter().map(|(_, q)| q).collect();
        let theirs: BTreeSet<Vec<Value>> = wythoff::winning_moves(x, y)
            .into_iter()
            .map(|m| {
                let (a, b) = m.apply((x, y)).unwrap();
                vec![Value::List(vec![Value::Int(a as i64), Value::Int(b as i64)])]
            })
            .collect();
        prop_assert_eq!(mine, theirs);
    }

    /// Cram boards with random filled cells, split into regions, against
    /// the plain search on the whole board.
    #[test]
    fn cram_with_regions_matches_the_plain_search(h in 1usize..4, w in 1usize..5, filled in any::<u16>()) {
        let board: Vec<String> = (0..h)
            .map(|y| (0..w).map(|x| if filled >> (y * w + x) & 1 == 1 && (y + x) % 3 == 0 { '#' } else { '.' }).collect())
            .collect();
        let board = board.join("/");
        let c = game("cram", CRAM);
        let p = c.parse_position(&format!("\"{board}\"")).unwrap();
        let v = c.value_of(&p).unwrap().0;
        prop_assert_eq!(v, native_cram(&board), "{}", board);
        let vs = c.part_values(&p).unwrap();
        prop_assert_eq!(vs.iter().fold(0, |a, g| a ^ g.0), v);
        conformance::check(&c, &p).map_err(TestCaseError::fail)?;
    }

    /// Misère Kayles by script against the search over the native rule.
    #[test]
    fn misere_outcomes_match(heaps in prop::collection::vec(0u32..8, 1..4)) {
        let k = game_in("kayles", KAYLES, Convention::Misere);
        let p = ints(&heaps);
        let mine = k.outcome(&p);
        let rule: HeapRule = "0.77".parse().unwrap();
        let mut sorted = heaps.clone();
        sorted.retain(|&h| h > 0);
        sorted.sort();
        prop_assert_eq!(mine == Outcome::N, misere_wins(&rule, sorted, &mut HashMap::new()));
    }

    /// splits(n, k, distinct) against a plain enumeration.
    #[test]
    fn splits_helper_is_every_partition(n in 0i64..16, k in 1i64..5, distinct in any::<bool>()) {
        let s = Script::compile("s", &format!("fn options(p) {{ splits({n}, {k}, {distinct}) }}"), Limits::default()).unwrap();
        let got: BTreeSet<Vec<Value>> = s.options_of(&Value::Int(0)).unwrap().into_iter().map(|o| match &o[..] { [Value::List(l)] => l.clone(), _ => unreachable!() }).collect();
        let mut want = BTreeSet::new();
        fn go(n: i64, k: i64, max: i64, distinct: bool, cur: &mut Vec<i64>, out: &mut BTreeSet<Vec<Value>>) {
            if k == 0 {
                if n == 0 { out.insert(cur.iter().map(|&x| Value::Int(x)).collect()); }
                return;
            }
            for x in 1..=max.min(n) {
                cur.push(x);
                go(n - x, k - 1, if distinct { x - 1 } else { x }, distinct, cur, out);
                cur.pop();
            }
        }
        go(n, k, n, distinct, &mut Vec::new(), &mut want);
        prop_assert_eq!(got, want);
    }
}

/// Whether the player to move wins the misère sum of heaps `p` (sorted).
fn misere_wins(rule: &HeapRule, p: Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(&p) {
        return w;
    }
    let mut wins = p.is_empty();
    for (i, &h) in p.iter().enumerate() {
        let mut next = Vec::new();
        rule.for_each_move(h, |_, parts| {
            let mut q = p.clone();
            q.remove(i);
            q.extend_from_slice(parts);
            q.sort();
            next.push(q);
        });
        for q in next {
            if !wins && !misere_wins(rule, q, memo) {
                wins = true;
            }
        }
    }
    memo.insert(p, wins);
    wins
}
