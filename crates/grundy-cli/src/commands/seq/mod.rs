//! `grundy seq`: the Grundy sequence G(0..=N) of a heap rule with its
//! periodicity, largest value, value counts and P-positions; for long runs
//! also sequence files, checkpoints, resumed runs and the rare/common
//! engine's figures. The run and its report are [`grundy::job::seq`]; this
//! is the arguments, the progress bar, Ctrl-C and printing.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::heap::sequence::Progress;
use grundy::heap::store;
use grundy::job::seq::{self, SeqRequest, SeqRun};
use grundy::job::seq_report::{self, Shown};
use grundy::job::{parse_count, parse_size};

use crate::commands::heap::{parse_rule, rule_label};
use crate::error::CliResult;
use crate::report::{emit, parse_u64, print_json};

pub mod args;

pub use args::SeqArgs;
use args::{checkpoint_every, threads};

/// Computes (or reads) and prints the sequence.
pub fn run(args: &SeqArgs) -> CliResult {
    if args.genus {
        return crate::commands::genus::run(args);
    }
    if let Some(path) = &args.read {
        return run_read(path, args);
    }
    if let Some(code) = args
        .rule
        .as_deref()
        .and_then(|r| r.trim().strip_prefix("turning:"))
    {
        return crate::commands::turning::run_seq(code, args);
    }
    let rule = parse_rule(args.rule.as_deref().unwrap_or_default())?;
    let method = args.method.into();
    let to = args
        .to
        .as_deref()
        .map(|t| parse_count(t, "--to"))
        .transpose()?;
    let to = seq::last_heap(&rule, to, args.until_proven, method)?;
    let request = SeqRequest {
        to,
        from: args
            .from
            .as_deref()
            .map_or(Ok(0), |f| parse_u64(f, "--from"))?,
        until_proven: args.until_proven,
        method,
        threads: threads(args)?,
        checkpoint_every: checkpoint_every(args)?,
        listed: !args.summary,
        drawn: args.png.is_some(),
        memory: args
            .memory
            .as_deref()
            .map(|m| parse_size(m, "--memory"))
            .transpose()?,
        spill: args.spill.clone(),
        out: args.out.clone(),
        checkpoint: args.checkpoint.clone(),
        resume: args.resume.clone(),
        ..SeqRequest::new(rule, to)
    };
    let job = request.prepare()?;
    // Every check is done: the run starts.
    if let Some(note) = job.note() {
        eprintln!("{note}");
    }
    let cancel = on_ctrl_c(job.checkpoints(), job.out());
    let bar = progress_bar(args, job.reach());
    let plain = !std::io::IsTerminal::is_terminal(&std::io::stderr());
    let began = Instant::now();
    let mut last_line = began;
    let result = job.run(&cancel, &mut |p: &Progress| {
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
            eprintln!("{}", seq::progress_line(p, began.elapsed()));
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    print(args, &result?)
}

/// Prints a slice of a sequence file, with the report of a computed run.
fn run_read(path: &Path, args: &SeqArgs) -> CliResult {
    let rule = args.rule.as_deref().map(parse_rule).transpose()?;
    let to = args
        .to
        .as_deref()
        .map(|t| parse_u64(t, "--to"))
        .transpose()?;
    let from = args
        .from
        .as_deref()
        .map_or(Ok(0), |f| parse_u64(f, "--from"))?;
    let run = seq::read(path, rule, from, to, !args.summary, args.png.is_some())?;
    print(args, &run)
}

/// Prints the run: the picture, then the values as CSV, or the report as
/// JSON or text.
fn print(args: &SeqArgs, run: &SeqRun) -> CliResult {
    let s = &run.sequence;
    if let Some(path) = &args.png {
        let values: Vec<u32> = (run.from..=s.to)
            .map(|n| s.value(n).expect("a complete sequence"))
            .collect();
        let title = format!("G(n) of {}, n = {} to {}", s.rule, run.from, s.to);
        let img = grundy::plot::sequence_image(&values, run.from, &title);
        crate::output::write_png(path, &img)?;
        let wrote = format!(
            "wrote {} ({} x {} pixels: {title})",
            path.display(),
            img.width,
            img.height
        );
        // The machine-readable outputs stay as they are; the note goes aside.
        if args.csv || args.json {
            eprintln!("{wrote}");
        } else {
            emit(&format!("{wrote}\n"))?;
        }
    }
    if args.csv {
        return emit(&seq_report::csv(run));
    }
    let shown = Shown {
        label: match (&args.rule, &args.read) {
            (Some(text), None) => rule_label(text, &s.rule),
            _ => s.rule.to_string(),
        },
        values: !args.summary,
        stats: args.stats,
        checksum: args.stats || args.read.is_some() || args.out.is_some(),
    };
    let report = seq_report::report(run, &shown);
    if args.json {
        print_json(&report)
    } else {
        emit(&seq_report::text(&report, s.period, shown.checksum))
    }
}

/// What Ctrl-C does during a run. With a checkpoint it raises the flag
/// returned, and the run saves the checkpoint and stops at its next
/// progress report. Otherwise, with an `--out` file on its way, it removes
/// the unfinished file and exits at once, as an interrupted run would have
/// without the file. Without either, the default (the process ends).
fn on_ctrl_c(checkpoint: bool, out: Option<&Path>) -> Arc<AtomicBool> {
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

/// How often a run whose standard error is not a terminal (a log, a batch
/// job) reports its progress, one line at a time.
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

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
}
