//! A rule in words (`grundy rules RULE`): its canonical form, the rule on
//! the underlying heap, its bounds, its description and, for a code, its
//! first cousin.

use std::fmt::Write;

use serde::Serialize;

use super::{HeapRule, RuleKind};
use crate::heap::cousin;

/// A rule described; as JSON its `base`, `description` (lines),
/// `first_cousin`, `max_parts`, `max_removal`, `rule` and `scale`.
///
/// ```
/// use grundy::heap::rule::{HeapRule, RuleSummary};
/// let kayles: HeapRule = "kayles".parse().unwrap();
/// let s = RuleSummary::of(&kayles);
/// assert_eq!((s.rule.as_str(), s.base.as_str()), ("kayles", "0.77"));
/// assert!(s.to_text().starts_with("canonical form: kayles\nrule: 0.77\n"));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct RuleSummary {
    /// The rule on the underlying heap.
    pub base: String,
    /// The rule in words, a line each.
    pub description: Vec<String>,
    /// For a code: the code it plays as, shifted.
    pub first_cousin: Option<Cousin>,
    /// The most parts a move leaves.
    pub max_parts: usize,
    /// The most tokens a move takes, where bounded.
    pub max_removal: Option<u32>,
    /// The canonical form.
    pub rule: String,
    /// Underlying tokens per unit the player counts.
    pub scale: u32,
    /// Whether the rule was named (`kayles`), not written as a rule.
    #[serde(skip)]
    pub named: bool,
    /// The description as one text.
    #[serde(skip)]
    pub text: String,
}

/// A code's first cousin: heap `n + shift` of the code plays as heap `n` of
/// `code`.
#[derive(Clone, Debug, Serialize)]
pub struct Cousin {
    /// The code reached.
    pub code: String,
    /// The shift.
    pub shift: usize,
    /// The statement in words.
    pub statement: String,
}

impl RuleSummary {
    /// The summary of `rule`.
    pub fn of(rule: &HeapRule) -> RuleSummary {
        let text = rule.describe();
        let first_cousin = match rule.base().kind() {
            RuleKind::Code(code) => cousin::standard_form(code).map(|f| Cousin {
                statement: cousin::statement(code, &f),
                code: f.code.to_string(),
                shift: f.shift,
            }),
            _ => None,
        };
        RuleSummary {
            base: rule.base().to_string(),
            description: text.lines().map(str::to_string).collect(),
            first_cousin,
            max_parts: rule.max_parts(),
            max_removal: rule.max_removal(),
            rule: rule.to_string(),
            scale: rule.scale(),
            named: rule.named().is_some(),
            text,
        }
    }

    /// The summary in words.
    pub fn to_text(&self) -> String {
        let mut out = format!("canonical form: {}\n", self.rule);
        if self.named {
            let _ = writeln!(out, "rule: {}", self.base);
        }
        out.push_str(&self.text);
        if let Some(c) = &self.first_cousin {
            let _ = writeln!(out, "first cousin: {}", c.statement);
        }
        out
    }
}
