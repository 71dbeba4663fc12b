//! `grundy cards`: the 24-card game of seed 003 (cards 1..6, four of each,
//! a running total that may not pass 50).

use clap::Args;
use grundy::game::Convention;
use grundy::games::cards::{self, CardsError, CardsPosition, Rules, MAX_VALUES};
use serde_json::{json, Value};

use crate::error::{CliError, CliResult};
use crate::report::{parse_u64, OutputArgs, Report};

/// The rules of a card game and a position in it, as flags.
#[derive(Args, Debug, Clone)]
pub struct CardsPositionArgs {
    /// Card values: a range `1..6`, a list `1,2,3,5`, or both (`1..4,6`).
    #[arg(
        long,
        value_name = "VALUES",
        default_value = "1..6",
        allow_hyphen_values = true
    )]
    pub values: String,
    /// Copies of each value in the deal.
    #[arg(
        long,
        value_name = "N",
        default_value = "4",
        allow_hyphen_values = true
    )]
    pub copies: String,
    /// The total may not pass this.
    #[arg(
        long,
        value_name = "N",
        default_value = "50",
        allow_hyphen_values = true
    )]
    pub limit: String,
    /// Cards left of each value, comma-separated (default: the whole deal).
    #[arg(long, value_name = "COUNTS", allow_hyphen_values = true)]
    pub left: Option<String>,
    /// The running total (default: the sum of the cards already taken).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub total: Option<String>,
}

/// The 24-card game: value, outcome and winning cards of a position.
#[derive(Args, Debug)]
pub struct CardsArgs {
    #[command(flatten)]
    pub position: CardsPositionArgs,
    /// Misère play: whoever cannot move wins.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// A card-game error as one line for the user.
pub fn cards_error(e: CardsError) -> CliError {
    CliError::new(e.to_string())
}

/// Parses `--values`: comma-separated items, each a value or an inclusive
/// range `a..b`.
pub fn parse_values(text: &str) -> CliResult<Vec<u64>> {
    let mut out: Vec<u64> = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if let Some((a, b)) = item.split_once("..") {
            let a = parse_u64(a, "card value")?;
            let b = parse_u64(b.trim_start_matches('='), "card value")?;
            if a > b {
                return Err(CliError::new(format!(
                    "card value range '{item}' is empty ({a} > {b})"
                )));
            }
            if b - a >= MAX_VALUES as u64 || out.len() + (b - a) as usize >= MAX_VALUES {
                return Err(cards_error(CardsError::TooManyValues {
                    count: out.len().saturating_add((b - a) as usize).saturating_add(1),
                }));
            }
            out.extend(a..=b);
        } else {
            out.push(parse_u64(item, "card value")?);
        }
    }
    Ok(out)
}

/// Parses a comma- or space-separated list of counts.
pub fn parse_counts(text: &str) -> CliResult<Vec<u64>> {
    let items: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        return Err(CliError::new("no counts of cards left given"));
    }
    items
        .iter()
        .map(|s| parse_u64(s, "count of cards left"))
        .collect()
}

impl CardsPositionArgs {
    /// The rules and the position the flags describe, checked.
    pub fn parse(&self) -> CliResult<(Rules, CardsPosition)> {
        let values = parse_values(&self.values)?;
        let copies = parse_u64(&self.copies, "copies")?;
        let limit = parse_u64(&self.limit, "limit")?;
        let rules = Rules::new(values, copies, limit).map_err(cards_error)?;
        let left = match &self.left {
            Some(t) => parse_counts(t)?,
            None => vec![copies; rules.values.len()],
        };
        let total = match &self.total {
            Some(t) => parse_u64(t, "total")?,
            None => rules.taken_total(&left).map_err(cards_error)?,
        };
        let p = CardsPosition { left, total };
        rules.check(&p).map_err(cards_error)?;
        Ok((rules, p))
    }
}

/// A position as JSON (`{"left": [..], "total": ..}`) and as flags.
pub fn show_position(p: &CardsPosition) -> (Value, String) {
    (json!({"left": p.left, "total": p.total}), position_text(p))
}

/// A position as the flags `--left .. --total ..`.
pub fn position_text(p: &CardsPosition) -> String {
    let left: Vec<String> = p.left.iter().map(u64::to_string).collect();
    format!("--left {} --total {}", left.join(","), p.total)
}

/// The rules as JSON fields.
pub fn rules_json(rules: &Rules) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("values".into(), json!(rules.values));
    m.insert("copies".into(), json!(rules.copies));
    m.insert("limit".into(), json!(rules.limit));
    m
}

/// Analyses a card-game position and prints the report.
pub fn run(args: &CardsArgs) -> CliResult {
    let (rules, p) = args.position.parse()?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let table = cards::Table::solve(&rules, &p).map_err(cards_error)?;
    let analysis = table
        .analyze(&p, convention)
        .ok_or_else(|| CliError::new("the position is not in its own table"))?;
    let mut report = Report::from_analysis("cards", &p, &analysis, show_position);
    report.extra = rules_json(&rules);
    if args.output.explain {
        report.explanation = table.explain(&p, convention, None);
    }
    report.print(&args.output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_lists() {
        assert_eq!(parse_values("1..6").unwrap(), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(parse_values("1..3, 7").unwrap(), vec![1, 2, 3, 7]);
        assert_eq!(parse_values("2..=3").unwrap(), vec![2, 3]);
        assert!(parse_values("6..1").unwrap_err().0.contains("empty"));
        assert!(parse_values("1..100000000000")
            .unwrap_err()
            .0
            .contains("at most 64"));
        assert!(parse_values("1,-2").unwrap_err().0.contains("negative"));
        assert_eq!(parse_counts("4, 3 4").unwrap(), vec![4, 3, 4]);
        assert!(parse_counts(" , ").is_err());
    }
}
