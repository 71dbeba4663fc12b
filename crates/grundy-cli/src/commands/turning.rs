//! `grundy turning CODE ROW`: a coin-turning game on a row of coins, and
//! `grundy seq turning:CODE`: its coin values with their pattern. The
//! games are the library's ([`grundy::turning`], the `turning` family).

use std::fmt::Write as _;

use clap::Args;
use grundy::families::turning;
use grundy::family::registry;
use grundy::game::Convention;
use grundy::turning::sequence::CoinSequence;
use serde::Serialize;

use crate::commands::seq::args::SeqArgs;
use crate::error::{CliError, CliResult};
use crate::report::{emit, parse_u64, print_json, OutputArgs, PrintReport};
use grundy::heap::periodicity::Status;

/// A coin-turning game: its code or name and a row of coins.
#[derive(Args, Debug)]
pub struct TurningArgs {
    /// A turning code (1-3, 1+C, 4FS, 1-3C(5), blocks:squares) or a name
    /// (mock-turtles, ruler, grunt, moebius, ...; `grundy turning --list`).
    #[arg(value_name = "CODE", required_unless_present = "list")]
    pub code: Option<String>,
    /// The row: H heads and T tails (or O and X), coin 1 on the left.
    #[arg(value_name = "ROW", required_unless_present = "list")]
    pub row: Option<String>,
    /// List the named games with their codes.
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// One named game, as `--list --json` prints it.
#[derive(Serialize)]
struct NamedJson {
    name: &'static str,
    code: &'static str,
    rule: &'static str,
}

/// Analyses the row and prints the report.
pub fn run(args: &TurningArgs) -> CliResult {
    if args.list {
        let named = grundy::turning::named::NAMED;
        if args.output.json {
            let list: Vec<NamedJson> = named
                .iter()
                .map(|n| NamedJson {
                    name: n.name,
                    code: n.code,
                    rule: n.rule,
                })
                .collect();
            return print_json(&list);
        }
        let mut out = String::new();
        for n in named {
            let _ = writeln!(out, "{:<18} {:<8} {}", n.name, n.code, n.rule);
        }
        return emit(&out);
    }
    let (Some(code), Some(row)) = (&args.code, &args.row) else {
        return Err(CliError::new(
            "give a turning code and a row, e.g. grundy turning 1-3 THHTH",
        ));
    };
    let game = registry::start("turning", code, row, Convention::Normal)?;
    let mut report = game.report()?;
    if args.output.explain {
        let (g, p) = turning::start(code, row, Convention::Normal)?;
        report.explanation = Some(g.0.explain(&p));
    }
    report.print(&args.output)
}

/// What `grundy seq turning:CODE --json` prints.
#[derive(Serialize)]
struct CoinSummary {
    rule: String,
    from: u64,
    to: u64,
    values: Vec<u64>,
    periodicity: CoinPeriodicity,
    pattern: Option<&'static str>,
    max_value: u64,
    max_value_at: u64,
}

/// The periodicity of coin values: from which coin, with which period and
/// saltus (0 for plain periodicity); observed only.
#[derive(Serialize)]
struct CoinPeriodicity {
    status: Status,
    from_coin: Option<u64>,
    period: Option<u64>,
    saltus: Option<i64>,
}

/// The most coin values `seq turning:` lists.
const MAX_LISTED: u64 = 1_000_000;

/// `grundy seq turning:CODE --to N`: the values of coins 1..=N.
pub fn run_seq(code: &str, args: &SeqArgs) -> CliResult {
    let heap_only = [
        (args.out.is_some(), "--out"),
        (args.read.is_some(), "--read"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.resume.is_some(), "--resume"),
        (args.until_proven, "--until-proven"),
        (args.threads.is_some(), "--threads"),
        (args.stats, "--stats"),
        (args.png.is_some(), "--png"),
        (args.csv, "--csv"),
    ];
    if let Some((_, flag)) = heap_only.iter().find(|f| f.0) {
        return Err(CliError::new(format!(
            "{flag} is for heap rules, not turning codes"
        )));
    }
    let to = match &args.to {
        Some(t) => parse_u64(t, "--to")?,
        None => return Err(CliError::new("give the last coin with --to N")),
    };
    let from = match &args.from {
        Some(f) => parse_u64(f, "--from")?.max(1),
        None => 1,
    };
    if from > to {
        return Err(CliError::new(format!("--from {from} is past --to {to}")));
    }
    if !args.summary && to - from >= MAX_LISTED {
        return Err(CliError::new(format!(
            "listing {} values is too many (at most {MAX_LISTED}); use --summary or a shorter range",
            to - from + 1
        )));
    }
    let s = CoinSequence::compute(code, to)
        .map_err(|e| CliError::new(format!("turning:{code}: {e}")))?;
    let (max_at, max) =
        s.values
            .iter()
            .enumerate()
            .skip(from as usize)
            .fold(
                (from, 0),
                |best, (n, &v)| if v > best.1 { (n as u64, v) } else { best },
            );
    let p = s.periodicity;
    let summary = CoinSummary {
        rule: format!("turning:{}", s.title),
        from,
        to,
        values: if args.summary {
            Vec::new()
        } else {
            s.values[from as usize..].to_vec()
        },
        periodicity: CoinPeriodicity {
            status: p.status,
            from_coin: p.preperiod,
            period: p.period,
            saltus: p.saltus,
        },
        pattern: s.pattern,
        max_value: max,
        max_value_at: max_at,
    };
    if args.json {
        return print_json(&summary);
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}: coin values g({from}..={to})", summary.rule);
    for chunk in summary.values.chunks(20) {
        let line: Vec<String> = chunk.iter().map(u64::to_string).collect();
        let _ = writeln!(out, "  {}", line.join(" "));
    }
    let words = match (p.status, p.preperiod, p.period, p.saltus) {
        (Status::None, ..) | (_, None, ..) | (_, _, None, _) => "none found".to_string(),
        (_, Some(n0), Some(per), Some(0) | None) => {
            format!("period {per} from coin {n0} (observed: no theorem covers turning codes)")
        }
        (_, Some(n0), Some(per), Some(sal)) => {
            format!("g(n + {per}) = g(n) + {sal} from coin {n0} (arithmetic periodicity, observed)")
        }
    };
    let _ = writeln!(out, "Periodicity: {words}");
    if let Some(pat) = s.pattern {
        let _ = writeln!(out, "Pattern: g(n) is {pat}");
    }
    let _ = writeln!(out, "Largest value: {max} (coin {max_at})");
    emit(&out)
}
