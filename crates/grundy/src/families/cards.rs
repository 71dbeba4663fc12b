//! Playing the 24-card game: the cards left drawn value by value, moves
//! typed as `take 5` (or just `5`), explanations by the values of the
//! positions each card leads to.

use std::fmt::Write;

use serde_json::{json, Value};

use crate::family::drawing::{Part, Shape};
use crate::family::text::{normalize, parse_u64};
use crate::family::{Analyse, Draw, Drawing, Error, Notation, Parsed};
use crate::game::{Convention, Outcome};
use crate::games::cards::{
    self, CardMove, CardsError, CardsPlay, CardsPosition, Rules, MAX_VALUES,
};
use crate::nimber::Nimber;
use crate::strategy::{Choice, Play};

/// The game and its start position; the whole game from there is solved
/// at once (or refused when too large).
pub fn start(
    rules: Rules,
    p: CardsPosition,
    convention: Convention,
) -> Result<(CardsPlay, CardsPosition), Error> {
    let game = CardsPlay::new(rules, &p, convention).map_err(cards_error)?;
    Ok((game, p))
}

/// A card-game error as one line for the user.
pub fn cards_error(e: CardsError) -> Error {
    Error::new(e.to_string())
}

/// Parses `--values`: comma-separated items, each a value or an inclusive
/// range `a..b`.
pub fn parse_values(text: &str) -> Result<Vec<u64>, Error> {
    let mut out: Vec<u64> = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if let Some((a, b)) = item.split_once("..") {
            let a = parse_u64(a, "card value")?;
            let b = parse_u64(b.trim_start_matches('='), "card value")?;
            if a > b {
                return Err(Error::new(format!(
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
pub fn parse_counts(text: &str) -> Result<Vec<u64>, Error> {
    let items: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        return Err(Error::new("no counts of cards left given"));
    }
    items
        .iter()
        .map(|s| parse_u64(s, "count of cards left"))
        .collect()
}

/// The rules and the position written as the command line's flags
/// (`--values`, `--copies`, `--limit`, and optionally `--left`, `--total`),
/// checked.
pub fn parse_rules_and_position(
    values: &str,
    copies: &str,
    limit: &str,
    left: Option<&str>,
    total: Option<&str>,
) -> Result<(Rules, CardsPosition), Error> {
    let values = parse_values(values)?;
    let copies = parse_u64(copies, "copies")?;
    let limit = parse_u64(limit, "limit")?;
    let rules = Rules::new(values, copies, limit).map_err(cards_error)?;
    let left = match left {
        Some(t) => parse_counts(t)?,
        None => vec![copies; rules.values.len()],
    };
    let total = match total {
        Some(t) => parse_u64(t, "total")?,
        None => rules.taken_total(&left).map_err(cards_error)?,
    };
    let p = CardsPosition { left, total };
    rules.check(&p).map_err(cards_error)?;
    Ok((rules, p))
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

/// The most cards of one value drawn in a row.
const ROW: u64 = 12;

fn analysis(
    game: &CardsPlay,
    p: &CardsPosition,
) -> Option<crate::game::Analysis<CardMove, CardsPosition>> {
    game.table()
        .analyze(p, game.convention())
        .or_else(|| cards::analyze(game.rules(), p, game.convention()).ok())
}

/// The words of `--left COUNTS --total N` (either may be left out, and
/// `--left=COUNTS` is the same), not yet read as numbers.
pub fn position_flags(text: &str) -> Result<(Option<&str>, Option<&str>), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut left = None;
    let mut total = None;
    let mut i = 0;
    while i < words.len() {
        let key = words[i].trim_start_matches("--");
        let (key, inline) = match key.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (key, None),
        };
        let value = match inline {
            Some(v) => v,
            None => {
                i += 1;
                *words
                    .get(i)
                    .ok_or_else(|| format!("--{key} needs a value"))?
            }
        };
        match key {
            "left" => left = Some(value),
            "total" => total = Some(value),
            other => {
                return Err(format!(
                    "unknown word '{other}'; a position is written --left 4,3,4,2,4,4 --total 17"
                ))
            }
        }
        i += 1;
    }
    Ok((left, total))
}

fn parse_flags(game: &CardsPlay, text: &str) -> Result<CardsPosition, String> {
    let (Some(left), Some(total)) = position_flags(text)? else {
        return Err("a position needs both --left and --total".to_string());
    };
    let left = parse_counts(left).map_err(|e| e.0)?;
    let total = parse_u64(total, "total").map_err(|e| e.0)?;
    let p = CardsPosition { left, total };
    game.rules().check(&p).map_err(|e| e.to_string())?;
    Ok(p)
}

impl Notation for CardsPlay {
    fn name(&self) -> String {
        "cards".to_string()
    }

    fn position_json(&self, p: &CardsPosition) -> Value {
        show_position(p).0
    }

    fn position_text(&self, p: &CardsPosition) -> String {
        position_text(p)
    }

    fn parse_position(&self, text: &str) -> Result<CardsPosition, String> {
        let t = text.trim();
        if t.starts_with('{') {
            #[derive(serde::Deserialize)]
            #[serde(deny_unknown_fields)]
            struct Json {
                left: Vec<u64>,
                total: u64,
            }
            let j: Json = serde_json::from_str(t).map_err(|e| {
                format!("not a JSON position {{\"left\": [..], \"total\": ..}}: {e}")
            })?;
            let p = CardsPosition {
                left: j.left,
                total: j.total,
            };
            self.rules().check(&p).map_err(|e| e.to_string())?;
            return Ok(p);
        }
        parse_flags(self, t)
    }

    fn parse_move(&self, p: &CardsPosition, text: &str) -> Parsed<CardMove, CardsPosition> {
        let t = normalize(text);
        let t = t.split(" (").next().unwrap_or("");
        let number = t.strip_prefix("take ").unwrap_or(t).trim();
        if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
            if t.starts_with("take") {
                return Err(format!("'{text}' is not a card move; write it as: take 5"));
            }
            return Ok(None);
        }
        let v = parse_u64(number, "card value").map_err(|e| e.0)?;
        let rules = self.rules();
        let Some(i) = rules.values.iter().position(|&x| x == v) else {
            let values: Vec<String> = rules.values.iter().map(u64::to_string).collect();
            return Err(format!(
                "there is no card of value {v}; the values are {}",
                values.join(", ")
            ));
        };
        if p.left[i] == 0 {
            return Err(format!("no card of value {v} is left"));
        }
        let room = rules.limit - p.total;
        if v > room {
            return Err(format!(
                "taking {v} would make the total {}, past the limit {}",
                p.total as u128 + v as u128,
                rules.limit
            ));
        }
        Ok(rules.moves(p).into_iter().find(|(m, _)| m.index == i))
    }

    fn move_to(
        &self,
        from: &CardsPosition,
        to: &CardsPosition,
    ) -> Result<(CardMove, CardsPosition), String> {
        let changed: Vec<usize> = (0..from.left.len())
            .filter(|&i| from.left[i] != to.left[i])
            .collect();
        let rules = self.rules();
        let [i] = changed.as_slice() else {
            return Err(format!(
                "{} values change between {} and {}: a move takes exactly one card",
                changed.len(),
                position_text(from),
                position_text(to)
            ));
        };
        let v = rules.values[*i];
        if to.left[*i] + 1 != from.left[*i] {
            return Err(format!(
                "the cards of value {v} go from {} to {}: a move takes exactly one card",
                from.left[*i], to.left[*i]
            ));
        }
        if to.total != from.total.saturating_add(v) {
            return Err(format!(
                "taking {v} makes the total {}, not {}",
                from.total as u128 + v as u128,
                to.total
            ));
        }
        self.parse_move(from, &v.to_string())?
            .ok_or_else(|| format!("no card of value {v} can be taken"))
    }
}

impl Analyse for CardsPlay {
    fn value(&self, p: &CardsPosition) -> Option<Nimber> {
        analysis(self, p).and_then(|a| a.value)
    }

    fn outcome(&self, p: &CardsPosition) -> Outcome {
        analysis(self, p).map_or(Outcome::N, |a| a.outcome)
    }

    fn explain_choice(
        &self,
        before: &CardsPosition,
        c: &Choice<CardMove, CardsPosition>,
    ) -> String {
        let mut out = format!(
            "The computer took {} (total {} -> {}).\n",
            c.mv.value, c.mv.from, c.mv.to
        );
        let chosen = c.wins.then_some(c.mv.index);
        let table = self.table();
        let text = if table.contains(before) {
            table.explain(before, self.convention(), chosen)
        } else {
            cards::Table::solve(self.rules(), before)
                .ok()
                .and_then(|t| t.explain(before, self.convention(), chosen))
        };
        out.push_str(
            &text.unwrap_or_else(|| "(the position is too large to explain)\n".to_string()),
        );
        out
    }

    fn stall_rule(&self) -> &'static str {
        "take the value with the fewest copies left, so that values run out and the value of every position changes"
    }

    fn explain_position(&self, p: &CardsPosition) -> Option<String> {
        let table = self.table();
        match table.contains(p) {
            true => table.explain(p, self.convention(), None),
            false => cards::Table::solve(self.rules(), p)
                .ok()?
                .explain(p, self.convention(), None),
        }
    }

    /// The rules: `values`, `copies` and `limit`.
    fn report_extra(&self, _p: &CardsPosition) -> serde_json::Map<String, Value> {
        rules_json(self.rules())
    }
}

impl Draw for CardsPlay {
    fn draw(&self, p: &CardsPosition) -> String {
        let rules = self.rules();
        let mut out = String::new();
        let digits = rules.values.last().map_or(1, |v| v.to_string().len());
        let width = rules
            .values
            .iter()
            .zip(&p.left)
            .map(|(v, &l)| {
                (v.to_string().len() + 2) * l.min(ROW) as usize + if l > ROW { 3 } else { 0 }
            })
            .max()
            .unwrap_or(0);
        for (v, &l) in rules.values.iter().zip(&p.left) {
            let mut row: String = (0..l.min(ROW)).map(|_| format!("[{v}]")).collect();
            if l > ROW {
                row.push_str("...");
            }
            let _ = writeln!(out, "  {v:>digits$} | {row:<width$}  {l} left");
        }
        let _ = writeln!(
            out,
            "  total {} of {} (room for {})",
            p.total,
            rules.limit,
            rules.limit - p.total
        );
        match analysis(self, p) {
            Some(a) => {
                let what = match a.value {
                    Some(g) => format!(
                        "Grundy value {} (of the cards left and the total together)",
                        g.0
                    ),
                    None => "misère play".to_string(),
                };
                let _ = writeln!(
                    out,
                    "  {what}: {} ({})",
                    match a.outcome {
                        Outcome::N => "an N-position",
                        Outcome::P => "a P-position",
                    },
                    a.outcome.describe()
                );
            }
            None => {
                let _ = writeln!(out, "  (too large to solve)");
            }
        }
        out
    }

    fn drawing(&self, p: &CardsPosition) -> Drawing {
        let rules = self.rules();
        Drawing {
            shape: Shape::Cards {
                values: rules.values.clone(),
                counts: p.left.clone(),
                total: p.total,
                limit: rules.limit,
            },
            components: vec![Part {
                label: format!("total {} of {}", p.total, rules.limit),
                value: self.value(p).map(|v| v.0),
            }],
            value: self.value(p).map(|v| v.0),
            outcome: self.outcome(p),
        }
    }
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
    use crate::games::cards::Rules;

    fn game() -> CardsPlay {
        let rules = Rules::seed();
        CardsPlay::new(rules.clone(), &rules.deal(), Convention::Normal).unwrap()
    }

    #[test]
    fn typed_moves() {
        let g = game();
        let p = CardsPosition {
            left: vec![0, 4, 4, 4, 4, 2],
            total: 16,
        };
        let (m, q) = g.parse_move(&p, "take 2").unwrap().unwrap();
        assert_eq!((m.value, q.total), (2, 18));
        assert_eq!(g.parse_move(&p, "6").unwrap().unwrap().1.left[5], 1);
        assert!(g
            .parse_move(&p, "take 1")
            .unwrap_err()
            .contains("no card of value 1"));
        assert!(g
            .parse_move(&p, "take 9")
            .unwrap_err()
            .contains("no card of value 9"));
        assert!(g
            .parse_move(&p, "take a card")
            .unwrap_err()
            .contains("take 5"));
        assert!(g
            .parse_move(&p, "--left 0,3,4,4,4,2 --total 18")
            .unwrap()
            .is_none());
        let q = g.parse_position("--left 0,3,4,4,4,2 --total 18").unwrap();
        assert_eq!(g.move_to(&p, &q).unwrap().0.value, 2);
        let j = g
            .parse_position(r#"{"left": [0,3,4,4,4,2], "total": 18}"#)
            .unwrap();
        assert_eq!(j, q);
        let bad = g.parse_position("--left 0,3,4,4,4,2 --total 19").unwrap();
        assert!(g.move_to(&p, &bad).unwrap_err().contains("not 19"));
        assert!(g
            .parse_position("--left 0,3,4")
            .unwrap_err()
            .contains("--total"));
        assert!(g
            .parse_position("--total 60 --left 4,4,4,4,4,4")
            .unwrap_err()
            .contains("past the limit"));
        let late = CardsPosition {
            left: vec![0, 4, 4, 4, 4, 2],
            total: 47,
        };
        assert!(g
            .parse_move(&late, "5")
            .unwrap_err()
            .contains("past the limit 50"));
    }

    #[test]
    fn drawing_shows_the_value() {
        let g = game();
        let d = g.draw(&Rules::seed().deal());
        assert!(d.contains("1 | [1][1][1][1]"), "{d}");
        assert!(d.contains("total 0 of 50"), "{d}");
        assert!(d.contains("Grundy value"), "{d}");
    }
}
