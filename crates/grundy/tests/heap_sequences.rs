//! Heap games checked against the definition and against published data.
//!
//! The reference here reads a code's digits itself and enumerates every
//! option of a heap from the definition (remove k, leave j non-empty heaps,
//! all different under `!`), then takes the mex by plain recursion. The
//! library's rule parser, engine, positions and periodicity are compared to
//! it on random rules, and to OEIS sequences.

use std::collections::{BTreeSet, HashMap};

use grundy::game::{Convention, Outcome};
use grundy::games::heap::{self, HeapGame};
use grundy::heap::periodicity::{analyze_rule, Status};
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{compute, Options};
use grundy::solve::analyze_sum;
use proptest::prelude::*;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A code as the test generates it: `digits[0]` before the point, and the
/// block from `repeat_from` repeated forever when set.
#[derive(Clone, Debug)]
struct RefCode {
    digits: Vec<(u8, bool)>,
    repeat_from: Option<usize>,
}

impl RefCode {
    fn text(&self) -> String {
        let d = |(v, bang): (u8, bool)| format!("{v:x}{}", if bang { "!" } else { "" });
        let mut s = d(self.digits[0]);
        s.push('.');
        for (k, &dig) in self.digits.iter().enumerate().skip(1) {
            if Some(k) == self.repeat_from {
                s.push('[');
            }
            s.push_str(&d(dig));
        }
        if self.repeat_from.is_some() {
            s.push(']');
        }
        s
    }

    fn digit(&self, k: usize) -> (u8, bool) {
        if k < self.digits.len() {
            return self.digits[k];
        }
        match self.repeat_from {
            Some(r) => self.digits[r + (k - r) % (self.digits.len() - r)],
            None => (0, false),
        }
    }
}

/// Every way to write `r` as `j` positive parts in non-decreasing order.
fn partitions(r: u32, j: usize, min: u32, out: &mut Vec<Vec<u32>>, cur: &mut Vec<u32>) {
    if j == 0 {
        if r == 0 {
            out.push(cur.clone());
        }
        return;
    }
    let mut a = min;
    while a * (j as u32) <= r {
        cur.push(a);
        partitions(r - a, j - 1, a, out, cur);
        cur.pop();
        a += 1;
    }
}

/// The options of a heap of `n` under a code, from the definition.
fn ref_code_options(code: &RefCode, n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for k in 0..=n {
        let (bits, bang) = code.digit(k as usize);
        let r = n - k;
        for j in 0..4usize {
            if bits & (1 << j) == 0 || (k == 0 && j < 2) {
                continue;
            }
            let mut parts = Vec::new();
            partitions(r, j, 1, &mut parts, &mut Vec::new());
            for p in parts {
                let distinct = p.windows(2).all(|w| w[0] != w[1]);
                if !bang || distinct {
                    out.push(p);
                }
            }
        }
    }
    out
}

fn ref_mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let set: BTreeSet<u32> = values.into_iter().collect();
    (0..).find(|v| !set.contains(v)).unwrap()
}

/// G(0..=n) by plain recursion over `options`.
fn ref_sequence(n: u32, options: impl Fn(u32) -> Vec<Vec<u32>>) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for m in 0..=n {
        let v = ref_mex(
            options(m)
                .iter()
                .map(|o| o.iter().fold(0, |a, &h| a ^ g[h as usize])),
        );
        g.push(v);
    }
    g
}

fn digit_strategy(hex: bool) -> impl Strategy<Value = (u8, bool)> {
    let top = if hex { 15u8 } else { 7u8 };
    (0..=top, prop::bool::weighted(0.2))
}

prop_compose! {
    fn code_strategy()(hex in any::<bool>())(
        d0 in prop::sample::select(if hex { vec![0u8, 4, 8, 12] } else { vec![0u8, 4] }),
        bang0 in prop::bool::weighted(0.3),
        rest in prop::collection::vec(digit_strategy(hex), 1..5),
        repeat in prop::option::weighted(0.3, 1usize..3),
    ) -> RefCode {
        let mut digits = vec![(d0, bang0 && d0 != 0)];
        digits.extend(rest);
        let repeat_from = repeat.map(|r| digits.len().saturating_sub(r).max(1));
        RefCode { digits, repeat_from }
    }
}

fn options_of(rule: &HeapRule, n: u32) -> Vec<Vec<u32>> {
    let mut v = Vec::new();
    rule.for_each_move(n, |_, p| v.push(p.to_vec()));
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn codes_agree_with_the_definition(code in code_strategy()) {
        let text = code.text();
        let rule: HeapRule = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let n = if rule.max_parts() == 3 { 30 } else { 60 };
        let expect = ref_sequence(n, |m| ref_code_options(&code, m));
        let got = compute(&rule, n as u64, &Options::default()).unwrap();
        prop_assert_eq!(&got, &expect, "code {}", text);
        // The canonical form is the same rule.
        let again: HeapRule = rule.to_string().parse().unwrap();
        prop_assert_eq!(compute(&again, n as u64, &Options::default()).unwrap(), expect);
        // Moves enumerated by the rule are the options of the definition.
        for m in 0..=12 {
            let mut a = options_of(&rule, m);
            let mut b = ref_code_options(&code, m);
            for v in a.iter_mut().chain(b.iter_mut()) { v.sort(); }
            a.sort();
            b.sort();
            prop_assert_eq!(a, b, "code {} heap {}", text, m);
        }
    }

    #[test]
    fn subtraction_rules_agree_with_the_definition(
        set in prop::collection::btree_set(1u32..12, 1..5),
        lo in 1u32..6, width in 0u32..6,
        ranges_seed in prop::collection::vec((0u32..1000, 0u32..1000), 1..40),
    ) {
        let list: Vec<String> = set.iter().map(u32::to_string).collect();
        let n = 80;
        let sub: HeapRule = format!("sub:{}", list.join(",")).parse().unwrap();
        let expect = ref_sequence(n, |m| set.iter().filter(|&&k| k <= m).map(|&k| if k == m { vec![] } else { vec![m - k] }).collect());
        prop_assert_eq!(compute(&sub, n as u64, &Options::default()).unwrap(), expect);

        let allbut: HeapRule = format!("allbut:{}", list.join(",")).parse().unwrap();
        let expect = ref_sequence(n, |m| (1..=m).filter(|k| !set.contains(k)).map(|k| if k == m { vec![] } else { vec![m - k] }).collect());
        prop_assert_eq!(compute(&allbut, n as u64, &Options::default()).unwrap(), expect);

        let hi = lo + width;
        let take: HeapRule = format!("take:{lo}..{hi}").parse().unwrap();
        let expect = ref_sequence(n, |m| (lo..=hi.min(m)).map(|k| if k == m { vec![] } else { vec![m - k] }).collect());
        prop_assert_eq!(compute(&take, n as u64, &Options::default()).unwrap(), expect);

        // Per-size ranges with 1 <= L_i <= R_i <= i.
        let pairs: Vec<(u32, u32)> = ranges_seed.iter().enumerate().map(|(k, &(a, b))| {
            let i = k as u32 + 1;
            let l = 1 + a % i;
            let r = l + b % (i - l + 1);
            (l, r)
        }).collect();
        let text: String = pairs.iter().map(|(l, r)| format!("{l} {r}\n")).collect();
        let ranges = HeapRule::parse_ranges(&text).unwrap();
        let len = pairs.len() as u32;
        let expect = ref_sequence(len, |m| {
            if m == 0 { return vec![]; }
            let (l, r) = pairs[m as usize - 1];
            (l..=r).map(|k| if k == m { vec![] } else { vec![m - k] }).collect()
        });
        prop_assert_eq!(compute(&ranges, len as u64, &Options::default()).unwrap(), expect);
    }

    #[test]
    fn winning_moves_are_complete_and_correct(
        code in code_strategy(),
        heaps in prop::collection::vec(0u32..11, 1..4),
    ) {
        let rule: HeapRule = code.text().parse().unwrap();
        let game = HeapGame { rule: &rule };
        for convention in [Convention::Normal, Convention::Misere] {
            if convention == Convention::Misere && heaps.iter().sum::<u32>() > 14 {
                continue;
            }
            let mine = heap::analyze(&rule, &heaps, convention).unwrap();
            let generic = analyze_sum(&game, &heaps, convention, None).unwrap();
            prop_assert_eq!(mine.value, generic.value);
            prop_assert_eq!(mine.outcome, generic.outcome);
            let mut a: Vec<Vec<u32>> = mine.winning_moves.iter().map(|w| w.to.clone()).collect();
            let mut b: Vec<Vec<u32>> = generic.winning_moves.iter().map(|w| w.to.clone()).collect();
            a.sort();
            b.sort();
            prop_assert_eq!(&a, &b, "{} {:?} {:?}", code.text(), heaps, convention);
            // Each move's words match the heaps it leaves.
            for w in &mine.winning_moves {
                let mv = &w.mv;
                prop_assert_eq!(heaps[mv.heap], mv.from);
                prop_assert_eq!(mv.take + mv.parts.iter().sum::<u32>(), mv.from);
            }
            if convention == Convention::Misere {
                // Against a misère search written here from scratch.
                let mut memo = HashMap::new();
                let p = |hs: &[u32], memo: &mut HashMap<Vec<u32>, bool>| !misere_wins(&rule, hs, memo);
                prop_assert_eq!(mine.outcome == Outcome::P, p(&heaps, &mut memo));
                for w in &mine.winning_moves {
                    prop_assert!(p(&w.to, &mut memo));
                }
            }
        }
    }

    #[test]
    fn proven_periods_hold_further_on(code in code_strategy()) {
        let rule: HeapRule = code.text().parse().unwrap();
        if rule.max_parts() == 3 || rule.max_removal().is_none() {
            return Ok(());
        }
        let g = compute(&rule, 250, &Options::default()).unwrap();
        let p = analyze_rule(&rule, &g);
        if p.status == Status::Proven {
            let (n0, per) = (p.preperiod.unwrap() as usize, p.period.unwrap() as usize);
            let long = compute(&rule, 1200, &Options::default()).unwrap();
            for n in n0..long.len() - per {
                prop_assert_eq!(long[n + per], long[n], "{} n = {}", code.text(), n);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The three-heap window `3 n0' + 2p + t` of hexadecimal codes.
    #[test]
    fn proven_periods_of_hex_codes_hold_further_on(
        digits in prop::collection::vec(0u8..16, 1..3),
        d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
    ) {
        let code = RefCode {
            digits: std::iter::once((d0, false)).chain(digits.into_iter().map(|d| (d, false))).collect(),
            repeat_from: None,
        };
        let rule: HeapRule = code.text().parse().unwrap();
        if rule.max_parts() < 3 {
            return Ok(());
        }
        let g = compute(&rule, 100, &Options::default()).unwrap();
        let p = analyze_rule(&rule, &g);
        if p.status == Status::Proven {
            // A saltus (0.c: G(n + 2) = G(n) + 1) is proven by the levels test.
            let (n0, per) = (p.preperiod.unwrap() as usize, p.period.unwrap() as usize);
            let s = p.saltus.unwrap_or(0);
            let long = compute(&rule, 300, &Options::default()).unwrap();
            for n in n0.max(usize::from(s != 0))..long.len() - per {
                prop_assert_eq!(i64::from(long[n + per]), i64::from(long[n]) + s, "{} n = {}", code.text(), n);
            }
        }
    }
}

/// Whether the player to move wins the misère sum `heaps`, by search.
fn misere_wins(rule: &HeapRule, heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for (i, &h) in heaps.iter().enumerate() {
        for parts in options_of(rule, h) {
            any_move = true;
            let mut next = heaps.to_vec();
            next.remove(i);
            next.extend(parts);
            if !misere_wins(rule, &next, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    let w = wins || !any_move;
    memo.insert(key, w);
    w
}

fn oeis(name: &str) -> (u64, Vec<u64>) {
    let path = format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let terms = v["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect();
    (v["offset"].as_u64().unwrap(), terms)
}

fn seq(rule: &str, to: u64) -> Vec<u32> {
    compute(&rule.parse().unwrap(), to, &Options::default()).unwrap()
}

fn zeros(g: &[u32]) -> Vec<u64> {
    (0..g.len() as u64)
        .filter(|&n| g[n as usize] == 0)
        .collect()
}

#[test]
fn oeis_kayles_and_0127() {
    let (off, terms) = oeis("A002186");
    let g = seq("kayles", off + terms.len() as u64);
    for (i, &t) in terms.iter().enumerate() {
        assert_eq!(
            g[off as usize + i] as u64,
            t,
            "Kayles G({})",
            off as usize + i
        );
    }
    let (off, terms) = oeis("A071464");
    let g = seq("0.127", off + terms.len() as u64);
    for (i, &t) in terms.iter().enumerate() {
        assert_eq!(
            g[off as usize + i] as u64,
            t,
            "0.127 G({})",
            off as usize + i
        );
    }
}

#[test]
fn oeis_p_positions() {
    // Grundy's game: the single-heap P-positions up to 2000.
    let (_, terms) = oeis("A036685");
    assert_eq!(zeros(&seq("grundy", 2000)), terms);
    // Subtract-a-square: every square up to the heap is a subtraction.
    let (_, terms) = oeis("A030193");
    let last = *terms.last().unwrap();
    let squares: Vec<String> = (1..)
        .map(|k: u64| k * k)
        .take_while(|&s| s <= last)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        zeros(&seq(&format!("sub:{}", squares.join(",")), last)),
        terms
    );
    // Dominoes on a 1 x N strip: Dawson's Kayles (0.07) on N cells.
    let (_, terms) = oeis("A215721");
    assert_eq!(zeros(&seq("dawson-kayles", *terms.last().unwrap())), terms);
}

#[test]
fn oeis_bfile_hashes() {
    let path = format!(
        "{}/tests/data/oeis_bfile_sha256.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for e in v["entries"].as_array().unwrap() {
        let lo = e["range"][0].as_u64().unwrap();
        let hi = e["range"][1].as_u64().unwrap();
        let g = seq(e["rule"].as_str().unwrap(), hi);
        let text: String = (lo..=hi)
            .map(|n| format!("{n} {}\n", g[n as usize]))
            .collect();
        let hash: String = Sha256::digest(text.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(hash, e["sha256"].as_str().unwrap(), "{}", e["seq"]);
    }
}

#[test]
fn published_periods() {
    for (rule, n0, p) in [
        ("kayles", 71, 12),
        ("0.137", 52, 34),
        ("dawson-kayles", 53, 34),
    ] {
        let g = seq(rule, 1000);
        let r = analyze_rule(&rule.parse().unwrap(), &g);
        assert_eq!(r.status, Status::Proven, "{rule}");
        assert_eq!((r.preperiod, r.period), (Some(n0), Some(p)), "{rule}");
    }
    // Grundy's game: no period in sight.
    let g = seq("grundy", 3000);
    assert_ne!(
        analyze_rule(&"grundy".parse().unwrap(), &g).status,
        Status::Proven
    );
    // Lasker's Nim: arithmetic periodicity, saltus 4, proven by Lasker's
    // solution.
    let g = seq("lasker", 200);
    let r = analyze_rule(&"lasker".parse().unwrap(), &g);
    assert_eq!(
        (r.status, r.period, r.saltus),
        (Status::Proven, Some(4), Some(4))
    );
}

#[test]
fn named_heaps_count_what_players_count() {
    // Treblecross on n cells is Winning Ways' .007 on n + 2.
    let t = seq("treblecross", 500);
    let w = seq("0.007", 502);
    assert_eq!(t[..], w[2..]);
    // Crosses on n cells is Dawson's Kayles on n + 1.
    let c = seq("crosses", 500);
    let d = seq("0.07", 501);
    assert_eq!(c[..], d[1..]);
    // A 2 x n Triomino board is 0.007 on 2n cells.
    let b = seq("triomino", 200);
    let cells = seq("0.007", 400);
    for n in 0..=200 {
        assert_eq!(b[n], cells[2 * n]);
    }
}
