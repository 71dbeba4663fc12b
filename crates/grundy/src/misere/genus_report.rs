//! The genera of a rule's heaps as front-ends show them, with stable JSON
//! field names: `{"rule", "from", "to", "values", "misere_values",
//! "genus", "genus_full", "tame", "phylum"}`, one entry per heap
//! `from..=to` in each list.

use std::fmt::Write as _;

use serde::Serialize;

use crate::heap::rule::HeapRule;

use super::genus::{Genus, GenusTable};

/// Everything `grundy seq --genus` prints, one entry per heap `from..=to`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GenusReport {
    /// The rule's canonical form.
    pub rule: String,
    /// The first heap listed.
    pub from: u64,
    /// The last heap.
    pub to: u64,
    /// Normal-play values G(n).
    pub values: Vec<u32>,
    /// Misère values g⁻(n) (γ0).
    pub misere_values: Vec<u32>,
    /// The genus as CGSuite displays it (`3`, `2^2`, `4^146`).
    pub genus: Vec<String>,
    /// The whole trimmed genus `g^γ0γ1…`.
    pub genus_full: Vec<String>,
    /// Whether the heap is tame (played as in misère Nim).
    pub tame: Vec<bool>,
    /// The phylum in words (`nim heap`, `hereditarily tame`, `wild`, ...).
    pub phylum: Vec<&'static str>,
}

/// The genus of every heap `from..=to` of `rule`, with the messages of
/// `grundy seq --genus` for a request refused.
///
/// ```
/// use grundy::misere::genus_report::genera;
/// let kayles = "0.77".parse().unwrap();
/// let r = genera(&kayles, 4, 7).unwrap();
/// assert_eq!(r.genus, ["1", "4^146", "3", "2^2"]);
/// assert_eq!(r.tame, [true, false, true, true]);
/// ```
pub fn genera(rule: &HeapRule, from: u64, to: u64) -> Result<GenusReport, String> {
    if from > to {
        return Err(format!("--from {from} is past --to {to}"));
    }
    let top = u32::try_from(to).map_err(|_| format!("--to {to}: heap too large for a genus"))?;
    let all = GenusTable::new(rule)
        .heaps(top)
        .map_err(|e| format!("--to {to}: {e}"))?;
    let shown = &all[from as usize..];
    Ok(GenusReport {
        rule: rule.to_string(),
        from,
        to,
        values: shown.iter().map(|g| g.g).collect(),
        misere_values: shown.iter().map(Genus::misere_value).collect(),
        genus: shown.iter().map(Genus::displayed).collect(),
        genus_full: shown.iter().map(Genus::full).collect(),
        tame: shown.iter().map(Genus::is_tame).collect(),
        phylum: shown.iter().map(|g| g.phylum.name()).collect(),
    })
}

impl GenusReport {
    /// The report as a table, a heap a line, with how many are tame.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: genus of heaps {}..={}",
            self.rule, self.from, self.to
        );
        let _ = writeln!(
            out,
            "{:>6}  {:<14} {:<18} {:>3}  phylum",
            "n", "genus", "full", "g-"
        );
        for i in 0..self.genus.len() {
            let _ = writeln!(
                out,
                "{:>6}  {:<14} {:<18} {:>3}  {}{}",
                self.from + i as u64,
                self.genus[i],
                self.genus_full[i],
                self.misere_values[i],
                self.phylum[i],
                if self.tame[i] { "" } else { " (not tame)" }
            );
        }
        let tame = self.tame.iter().filter(|&&t| t).count();
        let _ = writeln!(
            out,
            "{tame} of {} heaps tame; genus shown as CGSuite displays it (g for a nim heap, one digit when tame or restive), then in full",
            self.tame.len()
        );
        out
    }
}
