//! `grundy seq`: the Grundy sequence G(0..=N) of a heap rule with its
//! periodicity, largest value, value counts and P-positions; for long runs
//! also sequence files, checkpoints, resumed runs and the rare/common
//! engine's figures.
//!
//! The flow is: read the arguments, refuse what would not fit (memory,
//! disk, output), compute ([`grundy::heap::sequence::compute_with`], which
//! stops once the period is proven) while the `--out` file takes the values
//! as they come ([`store::Writer`]), end that file with the values that
//! follow from the period, summarise from the preperiod and the period
//! ([`Sequence::figures`]), print. `--read` takes
//! the values from a file instead and prints the same report.
//!
//! - [`args`]: the arguments and their checks;
//! - [`files`]: the sequence files written, resumed from and read;
//! - [`compute`]: the engine's run with progress, checkpoints and Ctrl-C;
//! - [`report`]: what is printed.

use std::path::Path;

use grundy::heap::periodicity::Window;
use grundy::heap::rule::HeapRule;
use grundy::heap::sequence::{self, Method, Options, Sequence, Start};
use grundy::heap::store;

use crate::commands::heap::parse_rule;
use crate::commands::memory::{self, available_memory, size};
use crate::error::{CliError, CliResult};
use crate::report::parse_u64;

pub mod args;
mod compute;
mod files;
mod report;

pub use args::SeqArgs;
use args::{check_listing, checkpoint_every, threads};
use compute::{compute, on_ctrl_c};
use files::{check_disk, identity, out_err, parent, read_store, scan_store, target};
use report::print;

/// Last heap `--until-proven` goes to without `--to`.
const PROVE_LIMIT: u64 = 1_000_000_000;

/// Bytes of text per listed value (digits, separator, the index of CSV
/// lines) counted when refusing a listing that would not fit in memory.
const TEXT_BYTES: u64 = 12;

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
    let to = match &args.to {
        Some(t) => memory::parse_count(t, "--to")?,
        None if args.until_proven => {
            if Window::for_rule(&rule) == Window::Unknown {
                return Err(CliError::new(format!(
                    "no periodicity theorem covers {rule}, so --until-proven needs --to N"
                )));
            }
            PROVE_LIMIT.min(sequence::max_heap(&rule, args.method.into()))
        }
        None => return Err(CliError::new("give the last heap size with --to N")),
    };
    let from = match &args.from {
        Some(f) => parse_u64(f, "--from")?,
        None => 0,
    };
    let threads = threads(args)?;
    let every = checkpoint_every(args)?;
    let method: Method = args.method.into();
    // Past what the engine counts, values can only come from a proven
    // period: a rule a theorem may prove periodic runs as far as the engine
    // counts, and says so if no period is proven by then.
    let provable = Window::for_rule(&rule) != Window::Unknown;
    let engine_to = if provable {
        to.min(sequence::max_heap(&rule, method))
    } else {
        to
    };
    sequence::check(&rule, engine_to, method)
        .map_err(|e| CliError::new(format!("--to {to}: {e}")))?;
    let listed = to.saturating_sub(from).saturating_add(1);
    // With --until-proven the sequence usually ends long before --to: what
    // it lists is checked once its length is known, before any output.
    let later = args.until_proven && Window::for_rule(&rule) != Window::Unknown;
    // Listed values are held as text; a picture holds them as numbers.
    let mut extra = 0u64;
    if !args.summary && !later {
        extra = extra.saturating_add(listed.saturating_mul(TEXT_BYTES));
    }
    if args.png.is_some() && !later {
        extra = extra.saturating_add(listed.saturating_mul(4));
    }
    let limit = match &args.memory {
        Some(m) => Some(memory::parse_size(m, "--memory")?),
        None => None,
    };
    let dir = memory::spill_dir(args.spill.as_deref(), args.out.as_deref());
    if args.spill.is_some() && !dir.is_dir() {
        return Err(CliError::new(format!(
            "--spill {}: not a directory",
            dir.display()
        )));
    }
    let disk = fs4::available_space(&dir).ok();
    if later && from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    } else if !later {
        check_listing(args, from, to)?;
    }
    let plan = memory::plan(&memory::Request {
        rule: &rule,
        to: engine_to,
        method,
        extra,
        limit,
        forced: args.spill.is_some(),
        dir: &dir,
        have: available_memory(),
        disk,
    })?;
    let reach = plan.reach;
    let rule_text = rule.to_string();
    let out = match &args.out {
        Some(path) => {
            let out = target(path, "--out")?;
            check_disk(&out, &rule_text, to.saturating_add(1), 2)?;
            Some(out)
        }
        None => None,
    };
    let checkpoint = match &args.checkpoint {
        Some(path) => Some(target(path, "--checkpoint")?),
        None => None,
    };
    // The values file, --out and the checkpoint (there twice while it is
    // replaced) may share a disk.
    let file = store::file_size(&rule_text, reach.saturating_add(1), 2);
    let mut needs = Vec::new();
    if let Some(spill) = &plan.spill {
        needs.push(memory::Need {
            dir: spill.dir.clone(),
            bytes: file,
            what: "the values file",
        });
    }
    if let Some(o) = &out {
        needs.push(memory::Need {
            dir: parent(o),
            bytes: file,
            what: "--out",
        });
    }
    if let Some(c) = &checkpoint {
        let old = std::fs::metadata(c).map_or(0, |m| m.len());
        needs.push(memory::Need {
            dir: parent(c),
            bytes: file.saturating_mul(2).saturating_sub(old),
            what: "--checkpoint",
        });
    }
    memory::check_disks(to, &needs, |d| fs4::available_space(d).ok(), memory::device)?;
    if let (Some(o), Some(c)) = (&out, &checkpoint) {
        // The --out file grows under its temporary name during the run,
        // the very name a checkpoint is saved under.
        if identity(o) == identity(c) {
            return Err(CliError::new(format!(
                "--out and --checkpoint name the same file {}; give two files",
                o.display()
            )));
        }
    }
    // A run whose values go to a file reads the one it resumes from in
    // order as the engine takes them, holding none of it; others read it
    // into memory first.
    let mut start: Vec<u32> = Vec::new();
    let resume = match &args.resume {
        Some(path) => {
            let (held_rule, held) = match plan.spill {
                Some(_) => {
                    let scanned = scan_store(path)?;
                    (scanned.header.rule, scanned.header.count)
                }
                None => {
                    let stored = read_store(path)?;
                    let held = stored.values.len() as u64;
                    start = stored.values;
                    (stored.rule, held)
                }
            };
            if held_rule != rule_text {
                return Err(CliError::new(format!(
                    "{} holds {held_rule}, not {rule_text}",
                    path.display(),
                )));
            }
            if let Some(o) = &out {
                if identity(o) == identity(path) && to.saturating_add(1) < held {
                    return Err(CliError::new(format!(
                        "--out {} is the file resumed from, which holds G(0..={}); --to {to} would cut it short: give --to {} or more, or another --out",
                        path.display(),
                        held - 1,
                        held - 1
                    )));
                }
            }
            plan.spill.as_ref().map(|_| path.as_path())
        }
        None => None,
    };
    let start = match resume {
        Some(path) => Start::File(path),
        None => Start::Values(&start),
    };
    let options = Options {
        method,
        threads,
        until_proven: args.until_proven,
    };
    // Every check is done: the run starts.
    if let Some(note) = &plan.note {
        eprintln!("{note}");
    }
    let interrupted = on_ctrl_c(checkpoint.is_some(), out.as_deref());
    let mut writer = match &out {
        Some(path) => Some(store::Writer::create(path, &rule_text).map_err(out_err)?),
        None => None,
    };
    let mut s = compute(
        args,
        plan.spill.as_ref(),
        checkpoint.as_deref(),
        writer.as_mut(),
        &interrupted,
        &rule,
        reach,
        &options,
        start,
        every,
    )?;
    if s.period.is_some() {
        if !args.until_proven {
            s.to = to;
        }
    } else if s.to < to {
        return Err(CliError::new(format!(
            "no period proven up to heap {}; all of G(0..={to}) needs about {} of memory, more than the {} available",
            s.computed(),
            size(sequence::memory_estimate(&rule, to, method)),
            size(available_memory())
        )));
    }
    if later {
        check_listing(args, from.min(s.to), s.to)?;
    }
    let figures = s.figures();
    if let Some(mut w) = writer {
        // A proven period ends the run early: the rest comes from it.
        let next = w.len();
        w.append((next..=s.to).map(|n| s.value(n).expect("a complete sequence")))
            .map_err(out_err)?;
        // The proven period goes with the values that prove it, for
        // `grundy verify` to check.
        w.finish_claimed(s.to + 1, s.claim(s.to + 1).as_ref())
            .map_err(out_err)?;
    }
    print(args, &s, from.min(s.to), figures)
}

/// Prints a slice of a sequence file, with the report of a computed run.
fn run_read(path: &Path, args: &SeqArgs) -> CliResult {
    let given = match &args.rule {
        Some(r) => Some(parse_rule(r)?),
        None => None,
    };
    let to = match &args.to {
        Some(t) => Some(parse_u64(t, "--to")?),
        None => None,
    };
    let from = match &args.from {
        Some(f) => parse_u64(f, "--from")?,
        None => 0,
    };
    let stored = read_store(path)?;
    if let Some(rule) = &given {
        if rule.to_string() != stored.rule {
            return Err(CliError::new(format!(
                "{} holds {}, not {rule}",
                path.display(),
                stored.rule
            )));
        }
    }
    let rule: HeapRule = match given {
        Some(r) => r,
        None => stored.rule.parse().map_err(|e| {
            CliError::new(format!(
                "{}: rule '{}' in the header: {e}",
                path.display(),
                stored.rule
            ))
        })?,
    };
    let Some(last) = (stored.values.len() as u64).checked_sub(1) else {
        return Err(CliError::new(format!("{} holds no values", path.display())));
    };
    let to = to.unwrap_or(last);
    if to > last {
        return Err(CliError::new(format!(
            "--to {to} is past the last value in {} (heap {last})",
            path.display()
        )));
    }
    check_listing(args, from, to)?;
    let mut s = Sequence::from_values(rule, stored.values);
    s.to = to;
    let figures = s.figures();
    print(args, &s, from, figures)
}
