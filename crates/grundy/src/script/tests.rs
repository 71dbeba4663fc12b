use super::*;
use crate::game::Convention;
use crate::heap::naive::NaiveEngine;
use crate::solve::{analyze_sum, Solver};

fn compile(src: &str) -> Result<Script, Error> {
    let limits = Limits {
        array_size: 4096,
        ..Limits::default()
    };
    Script::compile("test.rhai", src, limits)
}

/// Kayles (0.77) written as a script: take one or two adjacent pins,
/// leaving the rest in up to two rows.
const KAYLES: &str = "
fn options(n) {
    let out = [];
    for take in 1..=2 {
        if take > n { continue; }
        for left in 0..=(n - take) {
            let right = n - take - left;
            if left <= right { out.push(sum([left, right])); }
        }
    }
    out
}";

#[test]
fn kayles_by_script_is_kayles() {
    let s = compile(KAYLES).unwrap();
    let mut solver = Solver::new(&s);
    let mut e = NaiveEngine::new(&"0.77".parse().unwrap());
    e.extend_to(80);
    for n in 0..=80u64 {
        assert_eq!(
            solver.value(&Value::Int(n as i64)).unwrap().0,
            e.values()[n as usize] as u64,
            "{n}"
        );
    }
    assert!(s.take_error().is_none());
    // Sums: a P-position of Kayles rows, and every winning move of an N one.
    let rows = [Value::Int(1), Value::Int(2), Value::Int(3)];
    let a = analyze_sum(&s, &rows, Convention::Normal, None).unwrap();
    assert_eq!(a.value.unwrap().0, 1 ^ 2 ^ 3);
}

#[test]
fn splits_helper() {
    let s = compile("fn options(n) { splits(n, 2, true) }").unwrap();
    let o = s.options_of(&Value::Int(6)).unwrap();
    let want: Vec<Vec<Value>> = vec![
        vec![Value::List(vec![Value::Int(5), Value::Int(1)])],
        vec![Value::List(vec![Value::Int(4), Value::Int(2)])],
    ];
    assert_eq!(o, want);
    let s = compile("fn options(n) { splits(n, 3, false) }").unwrap();
    assert_eq!(s.options_of(&Value::Int(6)).unwrap().len(), 3); // 4+1+1, 3+2+1, 2+2+2
}

#[test]
fn hostile_scripts_fail_with_one_line() {
    let cases = [
        ("fn options(p) { loop {} }", "too many operations"),
        ("fn options(p) { options(p) }", "in fn options"),
        ("fn options(p) { let a = []; loop { a.push(1); } }", "array"),
        (
            "fn options(p) { let s = \"x\"; loop { s += s; } }",
            "string",
        ),
        ("fn options(p) { [1.5] }", "not a position"),
        ("fn options(p) { [|| 1] }", "not a position"),
        ("fn options(p) { [#{a: 1}] }", "not a position"),
        ("fn options(p) { 7 }", "not an array"),
        ("fn options(p) { let x = ; }", "line 1"),
        ("fn start() { 1 }", "defines no fn options"),
        (
            "fn options(p) { import \"x\" as y; [] }",
            "script 'test.rhai'",
        ),
        ("fn options(p) { eval(\"1\") }", "script 'test.rhai'"),
    ];
    for (src, want) in cases {
        let e = match compile(src) {
            Err(e) => e,
            Ok(s) => s.options_of(&Value::Int(3)).unwrap_err(),
        };
        let msg = e.to_string();
        assert!(msg.to_lowercase().contains(want), "{src}: {msg}");
        assert!(msg.starts_with("script 'test.rhai'"), "{src}: {msg}");
        assert!(!msg.contains('\n'), "{src}: {msg}");
    }
}

#[test]
fn a_deadline_stops_an_endless_script() {
    let s = Script::compile(
        "slow.rhai",
        "fn options(p) { let i = 0; loop { i += 1; } }",
        Limits {
            operations: 0,
            time: Some(Duration::from_millis(50)),
            ..Limits::default()
        },
    )
    .unwrap();
    s.start_clock();
    let e = s.options_of(&Value::Int(1)).unwrap_err().to_string();
    assert!(e.contains("time limit"), "{e}");
}

#[test]
fn errors_inside_a_game_are_kept() {
    let s =
        compile("fn options(n) { if n == 3 { throw \"no\"; } if n > 0 { [n - 1] } else { [] } }")
            .unwrap();
    let mut solver = Solver::new(&s);
    let _ = solver.value(&Value::Int(5));
    let e = s.take_error().unwrap().to_string();
    assert!(e.contains("line 1"), "{e}");
    assert!(e.contains("no"), "{e}");
}

#[test]
fn options_given_one_at_a_time() {
    let s = compile("fn options(n) { for k in 1..=2 { if k <= n { option(n - k); } } }").unwrap();
    let mut solver = Solver::new(&s);
    let g: Vec<u64> = (0..7)
        .map(|n| solver.value(&Value::Int(n)).unwrap().0)
        .collect();
    assert_eq!(g, [0, 1, 2, 0, 1, 2, 0]);
    // Given and returned options together, sums among them.
    let s = compile("fn options(n) { option(sum([1, 2])); [3] }").unwrap();
    let o = s.options_of(&Value::Int(9)).unwrap();
    assert_eq!(
        o,
        vec![vec![Value::Int(1), Value::Int(2)], vec![Value::Int(3)]]
    );
    // A failed call leaves nothing behind for the next one.
    let s = compile("fn options(n) { option(1); if n == 0 { throw \"no\"; } }").unwrap();
    assert!(s.options_of(&Value::Int(0)).is_err());
    assert_eq!(
        s.options_of(&Value::Int(1)).unwrap(),
        vec![vec![Value::Int(1)]]
    );
    let e = compile("fn options(n) { loop { option(1); } }")
        .unwrap()
        .options_of(&Value::Int(1))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("more than 4096 options") && e.contains("line 1"),
        "{e}"
    );
    let e = compile("fn options(n) { option(0.5); }")
        .unwrap()
        .options_of(&Value::Int(1))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a position"), "{e}");
}
