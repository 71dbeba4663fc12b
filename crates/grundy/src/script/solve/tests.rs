//! The script solver against the plain mex recursion of the generic
//! solver, on random rules whose positions are whole numbers (dense, and
//! negative ones hashed), strings and lists, with sums and components.

use proptest::prelude::*;

use super::*;
use crate::script::Limits;
use crate::solve::Solver;

fn compile(src: &str) -> Script {
    Script::compile("t.rhai", src, Limits::default()).unwrap()
}

/// A subtraction game on `n` with the set `set`, its options sums of
/// `split` parts when `split` is on, shifted by `shift`.
fn rule(set: &[i64], split: bool, shift: i64) -> String {
    let set = format!("{set:?}");
    let option = if split {
        "if r >= 2 { o.push(sum([r / 2 + S, r - r / 2 + S])); } else { o.push(r + S); }"
    } else {
        "o.push(r + S);"
    };
    format!(
        "fn options(m) {{ let n = m - S; let o = []; for k in {set} {{ if k <= n {{ let r = n - k; {option} }} }} o }}"
    )
    .replace('S', &shift.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whole-number positions, from 0 (the dense memo) or shifted below
    /// 0 (the hashed one), with and without sums.
    #[test]
    fn values_are_the_mex_recursion(
        set in prop::collection::btree_set(1i64..9, 1..4),
        split: bool,
        negative: bool,
        top in 0i64..60,
    ) {
        let set: Vec<i64> = set.into_iter().collect();
        let shift = if negative { -100 } else { 0 };
        let s = compile(&rule(&set, split, shift));
        let mut fast = ScriptSolver::new(&s);
        let mut plain = Solver::new(&s);
        for n in (0..=top).rev() {
            let p = Value::Int(n + shift);
            prop_assert_eq!(fast.value(&p).unwrap(), plain.value(&p).unwrap(), "{}", n);
        }
        let heaps = [Value::Int(top + shift), Value::Int(top / 2 + shift)];
        let mut a = fast.winning_moves(&heaps).unwrap();
        let mut b = plain.winning_moves(&heaps).unwrap();
        a.sort_by(|x, y| (x.component, &x.into).cmp(&(y.component, &y.into)));
        b.sort_by(|x, y| (x.component, &x.into).cmp(&(y.component, &y.into)));
        prop_assert_eq!(a, b);
    }

    /// Strings and lists: a row of `X` and `.` where a move fills one
    /// `.` and, through `fn components`, the row splits at the `X`s.
    #[test]
    fn string_positions_with_components(row in "[X.]{0,12}") {
        let src = r#"
            fn options(p) {
                let o = [];
                for i in 0..p.len() {
                    if p[i] == '.' { let q = p; q[i] = 'X'; o.push(q); }
                }
                o
            }
            fn components(p) {
                let out = [];
                for part in p.split('X') { if part != "" { out.push(part); } }
                if out.len() == 1 && out[0] == p { [p] } else { out }
            }"#;
        let s = compile(src);
        let parts = s.split(&[Value::Str(row.clone())]).unwrap();
        let mut fast = ScriptSolver::new(&s);
        let g = fast.value_of_sum(&parts).unwrap();
        let mut plain = Solver::new(&s);
        prop_assert_eq!(g, plain.value_of_sum(&parts).unwrap());
        // A row of k dots is a heap of k under 0.7: filling a cell removes
        // one and leaves the rows on either side.
        let k: Vec<u32> = parts.iter().map(|p| match p { Value::Str(r) => r.len() as u32, _ => 0 }).collect();
        let mut e = crate::heap::naive::NaiveEngine::new(&"0.7".parse().unwrap());
        e.extend_to(13);
        let want = k.iter().fold(0u64, |a, &h| a ^ e.values()[h as usize] as u64);
        prop_assert_eq!(g.0, want);
    }
}

#[test]
fn values_too_large_for_the_dense_array_are_kept() {
    let mut m = Memo::default();
    m.insert(Value::Int(3), Nimber(u64::MAX));
    m.insert(Value::Int(4), Nimber(7));
    m.insert(Value::Int(-4), Nimber(9));
    m.insert(Value::Int(1 << 40), Nimber(5));
    assert_eq!(m.get(&Value::Int(3)), Some(Nimber(u64::MAX)));
    assert_eq!(m.get(&Value::Int(4)), Some(Nimber(7)));
    assert_eq!(m.get(&Value::Int(-4)), Some(Nimber(9)));
    assert_eq!(m.get(&Value::Int(1 << 40)), Some(Nimber(5)));
    assert_eq!(m.get(&Value::Int(5)), None);
    assert_eq!(m.len(), 4);
    // A far position does not make the dense array grow to reach it.
    assert!(m.dense.len() < 1 << 20);
}

#[test]
fn cycles_limits_and_errors_are_reported() {
    let s = compile("fn options(n) { [(n + 1) % 3] }");
    let e = ScriptSolver::new(&s).value(&Value::Int(0)).unwrap_err();
    assert!(matches!(e, SolveError::Cycle { .. }), "{e:?}");
    let s = compile("fn options(n) { if n == 0 { [] } else { [n - 1] } }");
    let e = ScriptSolver::new(&s)
        .with_limit(10)
        .value(&Value::Int(50))
        .unwrap_err();
    assert_eq!(e, SolveError::TooLarge { limit: 10 });
    let s = compile("fn options(n) { if n == 3 { throw \"no\"; } [n - 1] }");
    assert!(ScriptSolver::new(&s).value(&Value::Int(5)).is_err());
    let kept = s.take_error().unwrap().0;
    assert!(kept.contains("line 1") && kept.contains("no"), "{kept}");
}
