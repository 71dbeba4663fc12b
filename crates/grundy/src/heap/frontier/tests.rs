//! Windowed runs against runs that keep every value, on random codes.

use proptest::prelude::*;

use super::*;
use crate::heap::code::code_strategy;

/// The figures of `G(0..=n)` from an engine that keeps every value.
fn whole(rule: &TakeBreak, label: &str, n: usize, block: u64) -> Records {
    let mut e = RcEngine::<u16>::new(rule).unwrap();
    e.extend_to(n).unwrap();
    let mut r = Records::new(label, block);
    for x in 0..=n {
        r.push(x as u64, e.value(x));
    }
    r.settle();
    r
}

fn plan(to: u64, prefix: usize, recent: usize) -> Plan {
    Plan {
        prefix,
        recent,
        block_len: 1000,
        span: 256,
        ..Plan::new(to)
    }
}

#[test]
fn sparse_codes_run_windowed_to_the_end() {
    for code in ["0.167", "0.161", "0.6"] {
        let rule: TakeBreak = code.parse().unwrap();
        let out = run(
            &rule,
            code,
            &plan(200_000, 70_000, 40_000),
            None,
            &mut |_| true,
        )
        .unwrap();
        assert!(out.windowed, "{code}");
        let w = whole(&rule, code, 200_000, 1000);
        assert_eq!(out.records.checksum, w.checksum, "{code}");
        assert_eq!(out.records.frequencies, w.frequencies, "{code}");
        assert_eq!(out.records.blocks, w.blocks, "{code}");
    }
}

#[test]
fn a_stopped_run_resumes_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("grundy-frontier-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (code, stop) in [("0.167", 40_000), ("0.161", 120_000), ("0.6", 75_000)] {
        let rule: TakeBreak = code.parse().unwrap();
        let path = dir.join(format!("cp-{code}"));
        let _ = std::fs::remove_file(&path);
        let mut p = plan(200_000, 70_000, 40_000);
        p.checkpoint = Some((path.clone(), std::time::Duration::from_secs(3600)));
        let first = run(&rule, code, &p, None, &mut |g| g.done < stop).unwrap();
        assert!(!first.complete);
        let resumed = checkpoint::read(&path, &rule, code, 200_000).unwrap();
        assert_eq!(resumed.done, first.records.done.unwrap());
        let second = run(&rule, code, &p, Some(resumed), &mut |_| true).unwrap();
        assert!(second.complete);
        let w = whole(&rule, code, 200_000, 1000);
        assert_eq!(second.records.checksum, w.checksum, "{code}");
        assert_eq!(second.records.frequencies, w.frequencies, "{code}");
        assert_eq!(second.records.blocks, w.blocks, "{code}");
        // Another code's checkpoint is refused.
        let other: TakeBreak = "0.77".parse().unwrap();
        assert!(checkpoint::read(&path, &other, "0.77", 200_000).is_err());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_checkpoint_is_refused() {
    let dir = std::env::temp_dir().join(format!("grundy-frontier-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rule: TakeBreak = "0.167".parse().unwrap();
    let path = dir.join("cp");
    let mut p = plan(40_000, 20_000, 8000);
    p.checkpoint = Some((path.clone(), std::time::Duration::from_secs(3600)));
    run(&rule, "0.167", &p, None, &mut |_| true).unwrap();
    let values = dir.join("cp.values");
    let mut bytes = std::fs::read(&values).unwrap();
    let saved = bytes.clone();
    bytes[40_000 - 10] ^= 1;
    std::fs::write(&values, &bytes).unwrap();
    let e = checkpoint::read(&path, &rule, "0.167", 50_000)
        .err()
        .unwrap();
    assert!(e.to_string().contains("checksum"), "{e}");
    std::fs::write(&values, &saved[..30_000]).unwrap();
    let e = checkpoint::read(&path, &rule, "0.167", 50_000)
        .err()
        .unwrap();
    assert!(e.to_string().contains("values"), "{e}");
    std::fs::write(&values, &saved).unwrap();
    assert!(checkpoint::read(&path, &rule, "0.167", 50_000).is_ok());
    assert!(checkpoint::read(&path, &rule, "0.167", 30_000).is_err());
    std::fs::write(&path, b"junk\n").unwrap();
    assert!(checkpoint::read(&path, &rule, "0.167", 50_000).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

fn values_file(tag: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("grundy-values-{tag}-{}", std::process::id()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A windowed run settles every heap as a run in memory does: the ones
    /// the window does not settle are scanned in the values file, and the
    /// far rare positions' partners read from it.
    #[test]
    fn runs_with_a_values_file_give_the_whole_runs_figures(
        code in code_strategy(2..4),
        prefix in 1000usize..4000,
        recent in 1100usize..3000,
    ) {
        let Ok(rule) = code.parse::<TakeBreak>() else { return Ok(()) };
        if crate::heap::rc::Moves::of(&rule).is_err() {
            return Ok(());
        }
        let path = values_file(&format!("{prefix}-{recent}"));
        let n = 20_000;
        let mut p = plan(n as u64, prefix, recent);
        p.values = Some(path.clone());
        let got = run(&rule, &code, &p, None, &mut |_| true);
        let _ = std::fs::remove_file(&path);
        match got {
            Ok(out) => {
                let w = whole(&rule, &code, n, 1000);
                prop_assert_eq!(&out.records.checksum, &w.checksum);
                prop_assert_eq!(&out.records.frequencies, &w.frequencies);
                prop_assert_eq!(&out.records.blocks, &w.blocks);
            }
            Err(FrontierError::Engine(RcError::NoWindow(_))) => {}
            Err(e) => prop_assert!(false, "{}", e),
        }
    }
}

/// Some random codes run windowed, so the property above is not empty.
#[test]
fn random_codes_run_windowed() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut windowed = 0;
    for _ in 0..30 {
        let code = code_strategy(2..4).new_tree(&mut runner).unwrap().current();
        let Ok(rule) = code.parse::<TakeBreak>() else {
            continue;
        };
        if let Ok(out) = run(&rule, &code, &plan(20_000, 3000, 2000), None, &mut |_| true) {
            windowed += out.windowed as usize;
        }
    }
    assert!(windowed >= 5, "{windowed} windowed");
}

/// Codes whose rare positions keep coming far past a short window: with a
/// values file they run to the end, stopped and resumed on the way, and
/// give the whole run's figures.
#[test]
fn far_rare_positions_are_read_from_the_values_file() {
    let dir = std::env::temp_dir().join(format!("grundy-far-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (code, stop) in [("0.034", 40_000), ("0.14", 25_000), ("0.04", 30_000)] {
        let rule: TakeBreak = code.parse().unwrap();
        let n = 60_000;
        let mut p = plan(n, 8000, 2000);
        p.values = Some(dir.join(format!("{code}.values")));
        p.checkpoint = Some((
            dir.join(format!("{code}.cp")),
            std::time::Duration::from_secs(3600),
        ));
        let first = run(&rule, code, &p, None, &mut |g| g.done < stop).unwrap();
        assert!(!first.complete && first.windowed, "{code}");
        let resumed =
            checkpoint::read(p.checkpoint.as_ref().unwrap().0.as_path(), &rule, code, n).unwrap();
        let out = run(&rule, code, &p, Some(resumed), &mut |_| true).unwrap();
        assert!(out.complete);
        let w = whole(&rule, code, n as usize, 1000);
        assert_eq!(out.records.checksum, w.checksum, "{code}");
        assert_eq!(out.records.frequencies, w.frequencies, "{code}");
        assert!(
            out.records.rare.iter().any(|&(r, _)| r > 10_000),
            "{code}: {:?}",
            out.records.rare.last()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
