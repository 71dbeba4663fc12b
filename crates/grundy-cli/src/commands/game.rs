//! `grundy game FILE`: a game defined by a Rhai script ([`grundy::script`]):
//! the value, outcome and winning moves of a position or of a sum of
//! positions, or the table of values of integer positions with its pattern.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use grundy::family::report::{MoveReport, Report};
use grundy::game::{Convention, SumMove};
use grundy::heap::periodicity::{self, Status, Window};
use grundy::script::{Limits, Script, Value};
use grundy::solve::{analyze_sum, Solver};
use serde_json::{json, Value as Json};

use crate::error::{CliError, CliResult};
use crate::input;
use crate::report::{emit, parse_u64, print_json, OutputArgs, PrintReport};

/// The largest script read: 1 MiB.
const MAX_SCRIPT: u64 = 1 << 20;

/// A game defined by a script.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The script: a Rhai file defining `fn options(p)`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Positions written as JSON (`7`, `"XOOX"`, `[3,5]`); several form a sum.
    /// None: the script's `fn start()`.
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Misère play: whoever makes the last move loses (decided by search).
    #[arg(long)]
    pub misere: bool,
    /// The values G(A), ..., G(B) of the integer positions A..B, with their pattern.
    #[arg(long, value_name = "A..B", conflicts_with_all = ["positions", "misere"])]
    pub table: Option<String>,
    /// With --table: the values as CSV (`n,value`).
    #[arg(long, requires = "table")]
    pub csv: bool,
    /// Stop the script after this many seconds of work in all.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<String>,
    /// The most positions searched (each costs about 200 bytes of memory).
    #[arg(long, value_name = "N", default_value = "10000000")]
    pub max_positions: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn load(args: &GameArgs) -> CliResult<Script> {
    let path = args.file.display().to_string();
    let what = format!("the script '{path}'");
    let source = input::utf8(input::read_path(&path, &what, MAX_SCRIPT)?, &what)?;
    let time = match &args.time_limit {
        None => None,
        Some(t) => {
            let s: f64 = t
                .trim()
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e9)
                .ok_or_else(|| {
                    CliError::new(format!(
                        "time limit '{t}' is not a positive number of seconds"
                    ))
                })?;
            Some(Duration::from_secs_f64(s))
        }
    };
    let name = args
        .file
        .file_name()
        .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
    let script = Script::compile(
        &name,
        &source,
        Limits {
            time,
            ..Limits::default()
        },
    )?;
    script.start_clock();
    Ok(script)
}

/// Analyses a position of a scripted game, or prints its table.
pub fn run(args: &GameArgs) -> CliResult {
    if crate::commands::rules_file::is_rules_file(&args.file) {
        return crate::commands::rules_file::analyse(args);
    }
    let script = load(args)?;
    let limit = parse_u64(&args.max_positions, "the most positions")? as usize;
    if let Some(range) = &args.table {
        return table(args, &script, range, limit);
    }
    let positions: Vec<Value> = if args.positions.is_empty() {
        match script.start()? {
            Some(p) => vec![p],
            None => {
                return Err(CliError::new(format!(
                    "no position given, and the script '{}' defines no fn start()",
                    script.name()
                )))
            }
        }
    } else {
        args.positions
            .iter()
            .map(|t| Value::parse(t).map_err(CliError::new))
            .collect::<CliResult<_>>()?
    };
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let analysis = analyze_sum(&script, &positions, convention, Some(limit));
    if let Some(e) = script.take_error() {
        return Err(e.into());
    }
    let analysis = analysis?;
    let show = |ps: &[Value]| -> (Json, String) {
        (
            Json::Array(ps.iter().map(Value::to_json).collect()),
            ps.iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        )
    };
    let (position, position_text) = show(&positions);
    let mut winning_moves = Vec::new();
    for w in &analysis.winning_moves {
        let (to, to_text) = show(&w.to);
        winning_moves.push(MoveReport {
            words: words(&script, &positions, &w.mv)?,
            cells: None,
            to,
            to_text,
        });
    }
    let report = Report {
        game: script.name().to_string(),
        position,
        convention,
        value: analysis.value.map(|v| v.0),
        outcome: analysis.outcome,
        winning_moves,
        winning_moves_total: None,
        extra: Default::default(),
        position_text,
        explanation: None,
    };
    report.print(&args.output)
}

/// A move in the script's words, or `component 2: 7 -> 3 4`.
fn words(script: &Script, positions: &[Value], mv: &SumMove<Value>) -> CliResult<String> {
    let from = &positions[mv.component];
    if let Some(w) = script.describe(from, &mv.into)? {
        return Ok(w);
    }
    let into = if mv.into.is_empty() {
        "nothing".to_string()
    } else {
        mv.into
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    };
    Ok(if positions.len() == 1 {
        format!("{from} -> {into}")
    } else {
        format!("component {}: {from} -> {into}", mv.component + 1)
    })
}

fn parse_range(text: &str) -> CliResult<(i64, i64)> {
    let bad = || {
        CliError::new(format!(
            "table '{text}' is not a range A..B of whole numbers"
        ))
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: i64 = a.trim().parse().map_err(|_| bad())?;
    let b: i64 = b
        .trim()
        .trim_start_matches('=')
        .parse()
        .map_err(|_| bad())?;
    if a > b {
        return Err(CliError::new(format!(
            "table '{text}' is empty ({a} > {b})"
        )));
    }
    if b - a >= 10_000_000 {
        return Err(CliError::new(format!(
            "table '{text}' has {} positions; at most 10^7 are listed",
            b - a + 1
        )));
    }
    Ok((a, b))
}

fn table(args: &GameArgs, script: &Script, range: &str, limit: usize) -> CliResult {
    let (a, b) = parse_range(range)?;
    let mut solver = Solver::new(script).with_limit(limit);
    let mut values = Vec::with_capacity((b - a + 1) as usize);
    for n in a..=b {
        let v = solver.value(&Value::Int(n));
        if let Some(e) = script.take_error() {
            return Err(e.into());
        }
        values.push(v?.0);
    }
    let small: Vec<u32> = values
        .iter()
        .map(|&v| v.min(u32::MAX as u64) as u32)
        .collect();
    let p = periodicity::analyze(&small, Window::Unknown, true);
    let p_positions: Vec<i64> = (a..=b).filter(|&n| values[(n - a) as usize] == 0).collect();
    if args.csv {
        let mut out = String::from("n,value\n");
        for (i, v) in values.iter().enumerate() {
            out.push_str(&format!("{},{v}\n", a + i as i64));
        }
        return emit(&out);
    }
    let status = match p.status {
        Status::Proven | Status::Observed => "observed",
        Status::None => "none",
    };
    if args.output.json {
        return print_json(&json!({
            "game": script.name(),
            "from": a,
            "to": b,
            "values": values,
            "periodicity": {
                "status": status,
                "preperiod": p.preperiod.map(|x| x as i64 + a),
                "period": p.period,
                "saltus": p.saltus,
                "note": "no periodicity theorem covers an arbitrary script: a pattern is only observed",
            },
            "p_positions": p_positions,
        }));
    }
    let mut out = format!("{} G({a}..{b}):\n", script.name());
    for (i, chunk) in values.chunks(20).enumerate() {
        let row: Vec<String> = chunk.iter().map(u64::to_string).collect();
        out.push_str(&format!("{:>8}: {}\n", a + 20 * i as i64, row.join(" ")));
    }
    match (p.preperiod, p.period) {
        (Some(n0), Some(per)) => out.push_str(&format!(
            "Pattern (observed; no theorem covers an arbitrary script): period {per}{} from {}\n",
            match p.saltus {
                Some(s) if s != 0 => format!(", saltus {s}"),
                _ => String::new(),
            },
            n0 as i64 + a
        )),
        _ => out.push_str("Pattern: none found\n"),
    }
    let shown: Vec<String> = p_positions.iter().take(50).map(i64::to_string).collect();
    out.push_str(&format!(
        "P-positions ({}): {}{}\n",
        p_positions.len(),
        shown.join(" "),
        if p_positions.len() > 50 { " ..." } else { "" }
    ));
    emit(&out)
}
