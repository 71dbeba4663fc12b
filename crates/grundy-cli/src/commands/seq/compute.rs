//! A run of the engine as `grundy seq` drives it: the progress bar on a
//! terminal (a line every half minute in a log), the values handed to the
//! `--out` file as they come, checkpoints now and then, and Ctrl-C, which
//! saves a checkpoint and stops or removes the unfinished `--out` file.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{self, Options, Progress, Sequence, Start};
use grundy::heap::store;

use super::args::SeqArgs;
use super::files::out_err;
use crate::error::{CliError, CliResult};

/// What Ctrl-C does during a run. With a checkpoint it raises the flag
/// returned, and the run saves the checkpoint and stops at its next
/// progress report. Otherwise, with an `--out` file on its way, it removes
/// the unfinished file and exits at once, as an interrupted run would have
/// without the file. Without either, the default (the process ends).
pub(super) fn on_ctrl_c(checkpoint: bool, out: Option<&Path>) -> Arc<AtomicBool> {
    let interrupted = Arc::new(AtomicBool::new(false));
    // Only one handler can be installed; the first one serves.
    if checkpoint {
        let flag = interrupted.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    } else if let Some(out) = out {
        let (tmp, shown) = (store::temporary(out), out.display().to_string());
        let _ = ctrlc::set_handler(move || {
            let _ = std::fs::remove_file(&tmp);
            crate::error::exit_with(&format!("interrupted; --out {shown} was not written"));
        });
    }
    interrupted
}

/// Runs the engine with the progress bar, the checkpoints and Ctrl-C,
/// appending the values to `writer` as they come.
#[allow(clippy::too_many_arguments)]
pub(super) fn compute(
    args: &SeqArgs,
    spill: Option<&grundy::heap::rc::Spill>,
    checkpoint: Option<&Path>,
    mut writer: Option<&mut store::Writer>,
    interrupted: &AtomicBool,
    rule: &HeapRule,
    to: u64,
    options: &Options,
    start: Start,
    every: Duration,
) -> CliResult<Sequence> {
    let bar = progress_bar(args, to);
    let plain = !std::io::IsTerminal::is_terminal(&std::io::stderr());
    let began = Instant::now();
    let mut last_line = began;
    let rule_text = rule.to_string();
    let mut last_save = Instant::now();
    let mut last_write = Duration::ZERO;
    let mut save_error: Option<CliError> = None;
    let mut stopped_at: Option<usize> = None;
    let mut observe = |p: &Progress| -> bool {
        if let Some(bar) = &bar {
            bar.set_position(p.done as u64);
            if let Some(st) = &p.stats {
                bar.set_message(format!(
                    "rare {} | largest value {}",
                    indicatif::HumanCount(st.rare_count as u64),
                    st.max_value
                ));
            }
        }
        if plain && last_line.elapsed() >= PROGRESS_EVERY {
            last_line = Instant::now();
            eprintln!("{}", progress_line(p, began.elapsed()));
        }
        if let Some(w) = writer.as_deref_mut() {
            let next = w.len();
            if let Err(e) = w.append((next..=p.done as u64).map(|n| (p.value)(n as usize))) {
                save_error = Some(out_err(e));
                return false;
            }
        }
        let stop = interrupted.load(Ordering::SeqCst);
        if let Some(path) = checkpoint {
            // A checkpoint of a long run takes a while to write: the run
            // spends at most a tenth of its time on them.
            if stop || last_save.elapsed() >= every.max(last_write * 9) {
                let began = Instant::now();
                if let Err(e) = store::write_with(path, &rule_text, p.done + 1, p.value) {
                    save_error = Some(CliError::new(format!("checkpoint: {e}")));
                    return false;
                }
                last_write = began.elapsed();
                last_save = Instant::now();
            }
        }
        if stop {
            stopped_at = Some(p.done);
        }
        !stop
    };
    let result = sequence::compute_spilled(rule, to, options, spill, start, &mut observe);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(e) = save_error {
        return Err(e);
    }
    let s = result.map_err(|e| match e {
        sequence::SequenceError::Unprovable { .. } => {
            CliError::new(format!("{rule}: {e}; give --to N to compute a fixed range"))
        }
        e => CliError::new(format!("--to {to}: {e}")),
    })?;
    if let Some(done) = stopped_at {
        let path = args.checkpoint.as_ref().expect("a checkpoint");
        return Err(CliError::new(format!(
            "interrupted at heap {done}; resume with --resume {}",
            path.display()
        )));
    }
    if let Some(path) = checkpoint {
        store::write_with(path, &rule_text, s.computed() + 1, |n| s.values.get(n))
            .map_err(|e| CliError::new(format!("checkpoint: {e}")))?;
    }
    Ok(s)
}

/// How often a run whose standard error is not a terminal (a log, a batch
/// job) reports its progress, one line at a time.
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// One line of progress for a log: where the run stands and how fast it
/// goes.
fn progress_line(p: &Progress, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-3);
    let mut line = format!(
        "grundy: heap {} of {} after {:.0} s ({:.0} heaps/s)",
        p.done,
        p.target,
        secs,
        p.done as f64 / secs
    );
    if let Some(st) = &p.stats {
        let _ = write!(
            line,
            ", rare {}, largest value {}",
            st.rare_count, st.max_value
        );
    }
    line
}

/// A progress bar (heaps per second, ETA, rare count, largest value) when
/// standard error is a terminal and the output is not JSON.
fn progress_bar(args: &SeqArgs, to: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || args.json {
        return None;
    }
    let bar = indicatif::ProgressBar::new(to);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} heaps | {rate} | ETA {eta} | {msg}",
        )
        .expect("a valid template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            },
        ),
    );
    Some(bar)
}

/// Heaps per second as a whole number with thousands separators.
fn rate(per_sec: f64) -> String {
    let n = if per_sec.is_finite() && per_sec > 0.0 {
        per_sec.round() as u64
    } else {
        0
    };
    format!("{} heaps/s", indicatif::HumanCount(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_whole_numbers() {
        assert_eq!(rate(1_234_567.89), "1,234,568 heaps/s");
        assert_eq!(rate(0.4), "0 heaps/s");
        assert_eq!(rate(f64::NAN), "0 heaps/s");
    }

    #[test]
    fn progress_lines_say_where_the_run_stands() {
        let p = Progress {
            done: 65536,
            target: 1_000_000,
            stats: None,
            value: &|_| 0,
        };
        assert_eq!(
            progress_line(&p, Duration::from_secs(2)),
            "grundy: heap 65536 of 1000000 after 2 s (32768 heaps/s)"
        );
    }
}
