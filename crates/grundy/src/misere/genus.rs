//! The genus of heap positions (Winning Ways ch. 13; ONAG ch. 12).
//!
//! A position G has normal value g = G⁺ and misère value g⁻(G): 1 when G
//! has no option, else the mex of its options' misère values. The genus
//! is g^γ0γ1γ2…, where γk is the misère value of G plus k copies of `*2`.
//! It is computed by the recursive rule: γ0 is the mex of the options' γ0
//! (1 for the empty game), and γi for i ≥ 1 is the mex of the options' γi
//! together with γ(i−1) and γ(i−1) ⊕ 1 (the two moves in one `*2`). The
//! sequence ends by alternating two digits d, d ⊕ 2, so it is stored up to
//! the point from which it alternates ("trimmed", at least two digits).
//!
//! CGSuite displays a genus from its game's misère canonical form: a game
//! equal to a nim heap shows just `g`, a tame or restive one a single
//! digit `g^γ0`, and the others the whole trimmed list. Which of these a
//! game is, its *phylum* (a classification due to Dan Hoey), is found
//! here from the options' phyla, their normal and misère values, and for
//! options that are not tame, from the second options that might reverse
//! them. [`Genus::displayed`] prints that form and [`Genus::full`] the
//! whole list.
//!
//! ```
//! use grundy::misere::genus::GenusTable;
//! let kayles = "0.77".parse().unwrap();
//! let mut t = GenusTable::new(&kayles);
//! let g = t.heaps(12).unwrap();
//! let shown: Vec<String> = g.iter().map(|x| x.displayed()).collect();
//! assert_eq!(shown, ["0", "1", "2", "3", "1", "4^146", "3", "2^2", "1^1", "4^046", "2^2", "6^46", "4^046"]);
//! assert_eq!(g[5].full(), "4^146");
//! assert_eq!(g[7].full(), "2^20");
//! assert!(g[7].is_tame() && !g[5].is_tame());
//! ```

use std::collections::HashMap;
use std::fmt::Write;

use crate::heap::naive::work_estimate;
use crate::heap::rule::HeapRule;
use crate::heap::sums::misere_positions_bound;

/// The most positions (multisets of heaps) one table may hold, about
/// 200 MB.
pub const POSITION_LIMIT: usize = 1_500_000;

/// The most options the table may try in all (about ten seconds).
pub const WORK_LIMIT: f64 = 2e9;

/// The misère-canonical classification of a game, in order from the
/// tamest; it decides how CGSuite displays the genus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// Equal to a nim heap in misère play.
    NimHeap,
    /// Tame genus, every option a nim heap or hereditarily tame.
    HereditarilyTame,
    /// Tame genus, every option tame or reversible through a tame one.
    ReversiblyTame,
    /// Tame genus reached through options of tameable phylum.
    Tameable,
    /// Tame genus, but wild (an intermediate verdict only).
    WildOfTameGenus,
    /// Restive genus (g ≤ 1 < γ0), every option hereditarily tame.
    HereditarilyRestive,
    /// Restive genus, options tame or restive or reversible.
    ReversiblyRestive,
    /// Restive genus, but wild (an intermediate verdict only).
    WildOfRestiveGenus,
    /// Restless (γ0 ≤ 1 < g) with every option tame.
    Restless,
    /// Restless genus, but wild (an intermediate verdict only).
    WildOfRestlessGenus,
    /// Anything else.
    Wild,
}

impl Phylum {
    /// Tame: played like a position of misère Nim.
    pub fn is_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    fn is_restive_or_tame(self) -> bool {
        self.is_tame()
            || matches!(
                self,
                Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
            )
    }

    /// Its name in words, as JSON shows it (`"nim heap"`, `"wild"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Phylum::NimHeap => "nim heap",
            Phylum::HereditarilyTame => "hereditarily tame",
            Phylum::ReversiblyTame => "reversibly tame",
            Phylum::Tameable => "tameable",
            Phylum::WildOfTameGenus => "wild of tame genus",
            Phylum::HereditarilyRestive => "hereditarily restive",
            Phylum::ReversiblyRestive => "reversibly restive",
            Phylum::WildOfRestiveGenus => "wild of restive genus",
            Phylum::Restless => "restless",
            Phylum::WildOfRestlessGenus => "wild of restless genus",
            Phylum::Wild => "wild",
        }
    }
}

/// The genus of one position with its phylum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play value G⁺.
    pub g: u32,
    /// γ0 γ1 … up to where the sequence starts alternating (at least two
    /// digits).
    pub gamma: Vec<u32>,
    /// How the misère canonical form is classified.
    pub phylum: Phylum,
}

fn mex(set: &[bool]) -> u32 {
    set.iter().position(|&b| !b).unwrap_or(set.len()) as u32
}

fn mark(set: &mut Vec<bool>, v: u32) {
    let v = v as usize;
    if set.len() <= v {
        set.resize(v + 1, false);
    }
    set[v] = true;
}

fn write_digits(out: &mut String, digits: &[u32]) {
    if digits.iter().any(|&d| d >= 10) {
        let list: Vec<String> = digits.iter().map(u32::to_string).collect();
        let _ = write!(out, "({})", list.join(","));
    } else {
        for d in digits {
            let _ = write!(out, "{d}");
        }
    }
}

impl Genus {
    /// γi for any i: past the stored digits the last two alternate.
    pub fn digit(&self, i: usize) -> u32 {
        let n = self.gamma.len();
        if i < n {
            self.gamma[i]
        } else {
            self.gamma[n - 2 + ((n ^ i) & 1)]
        }
    }

    /// The misère Grundy value g⁻ = γ0: the position is a misère
    /// P-position exactly when it is 0.
    pub fn misere_value(&self) -> u32 {
        self.gamma[0]
    }

    /// Whether the genus is that of a position of misère Nim: 0^120,
    /// 1^031 or g^{g, g⊕2}.
    pub fn is_nim_genus(&self) -> bool {
        let g = self.g;
        match g {
            0 | 1 if self.gamma[0] == 1 - g => self.gamma[1..] == [g ^ 2, g],
            _ => self.gamma == [g, g ^ 2],
        }
    }

    /// Tame (a nim heap, hereditarily or reversibly tame): sums of tame
    /// positions are played by the misère Nim rule on (g, γ0).
    pub fn is_tame(&self) -> bool {
        self.phylum.is_tame()
    }

    /// The form CGSuite displays: `g` for a nim heap, `g^γ0` for tame and
    /// restive phyla, else [`full`](Self::full). Digits of 10 or more are
    /// listed in parentheses with commas.
    pub fn displayed(&self) -> String {
        match self.phylum {
            Phylum::NimHeap => self.g.to_string(),
            Phylum::HereditarilyTame
            | Phylum::ReversiblyTame
            | Phylum::HereditarilyRestive
            | Phylum::ReversiblyRestive => {
                let mut s = format!("{}^", self.g);
                write_digits(&mut s, &self.gamma[..1]);
                s
            }
            _ => self.full(),
        }
    }

    /// The whole trimmed genus `g^γ0γ1…`.
    pub fn full(&self) -> String {
        let mut s = format!("{}^", self.g);
        write_digits(&mut s, &self.gamma);
        s
    }

    /// The genus of a position with the given options, by the recursive
    /// rule; `second(i)` lists the options of option `i` (their genera),
    /// which only the phylum of a game with wild options needs.
    pub fn from_options<'a>(
        options: &[&'a Genus],
        second: impl Fn(usize) -> Vec<&'a Genus>,
    ) -> Genus {
        let mut seen = Vec::new();
        for o in options {
            mark(&mut seen, o.g);
        }
        let g = mex(&seen);
        let reach = options
            .iter()
            .map(|o| o.gamma.len() - 1)
            .max()
            .unwrap_or(1)
            .max(1)
            + 2;
        let mut gamma = Vec::with_capacity(reach + 1);
        for i in 0..=reach {
            seen.clear();
            if i > 0 {
                let prev = gamma[i - 1];
                mark(&mut seen, prev);
                mark(&mut seen, prev ^ 1);
            }
            for o in options {
                mark(&mut seen, o.digit(i));
            }
            gamma.push(if i == 0 && options.is_empty() {
                1
            } else {
                mex(&seen)
            });
        }
        let mut last = reach;
        while last > 1 && gamma[last] == gamma[last - 2] {
            last -= 1;
        }
        gamma.truncate(last + 1);
        let phylum = phylum(g, gamma[0], options, second);
        Genus { g, gamma, phylum }
    }
}

/// The phylum of a position from its normal value `gp`, misère value `gm`,
/// its options and their options.
fn phylum<'a>(
    gp: u32,
    gm: u32,
    options: &[&'a Genus],
    second: impl Fn(usize) -> Vec<&'a Genus>,
) -> Phylum {
    use Phylum::*;
    let by_genus = if gp == gm || (gp | gm) <= 1 {
        WildOfTameGenus
    } else if gp < 2 {
        WildOfRestiveGenus
    } else if gm < 2 {
        WildOfRestlessGenus
    } else {
        Wild
    };
    if by_genus == WildOfTameGenus && (gp > 1 || gp != gm) {
        // G = *gp when its nim-heap options hold *0 … *(gp−1) and every
        // other option reverses through a nim heap *gp (an option equal to
        // G, which may be bypassed: its own options are already there).
        let mut nims = Vec::new();
        let mut all = true;
        for (i, o) in options.iter().enumerate() {
            if o.phylum == NimHeap {
                mark(&mut nims, o.g);
            } else if !second(i).iter().any(|s| s.phylum == NimHeap && s.g == gp) {
                all = false;
                break;
            }
        }
        if all && mex(&nims) == gp {
            return NimHeap;
        }
    }
    let all_tame = options.iter().all(|o| o.phylum.is_tame());
    let mut verdict = by_genus;
    if all_tame {
        let wildest = options.iter().map(|o| o.phylum).max().unwrap_or(NimHeap);
        verdict = match (wildest, by_genus) {
            (NimHeap, WildOfTameGenus) if gp > 1 || gp != gm => NimHeap,
            (NimHeap | HereditarilyTame, WildOfTameGenus) => HereditarilyTame,
            (NimHeap | HereditarilyTame, WildOfRestiveGenus) => HereditarilyRestive,
            (_, WildOfTameGenus) => ReversiblyTame,
            (_, WildOfRestiveGenus) => ReversiblyRestive,
            (_, WildOfRestlessGenus) => Restless,
            (_, other) => other,
        };
    } else if matches!(by_genus, WildOfTameGenus | WildOfRestiveGenus) {
        verdict = reversible(gp, gm, by_genus, options, second);
    }
    match verdict {
        WildOfTameGenus | WildOfRestiveGenus | WildOfRestlessGenus => Wild,
        p => p,
    }
}

/// A position of tame or restive genus with some option that is not
/// tame: it is still reversibly tame (or restive) when each such option
/// has an option of the position's own (g, γ0), and tameable when those
/// come from tameable positions.
fn reversible<'a>(
    gp: u32,
    gm: u32,
    by_genus: Phylum,
    options: &[&'a Genus],
    second: impl Fn(usize) -> Vec<&'a Genus>,
) -> Phylum {
    use Phylum::*;
    let tame_genus = by_genus == WildOfTameGenus;
    let mut reversibly = true;
    let mut tameable = tame_genus;
    let (mut plus, mut minus) = (Vec::new(), Vec::new());
    let (mut t_plus, mut t_minus) = (Vec::new(), Vec::new());
    for (i, o) in options.iter().enumerate() {
        if o.phylum.is_tame() {
            mark(&mut plus, o.g);
            mark(&mut minus, o.gamma[0]);
            continue;
        }
        let (mut t_m, mut t_p) = (false, false);
        if tameable && o.phylum == Tameable {
            mark(&mut t_minus, o.gamma[0]);
            mark(&mut t_plus, o.g);
            t_m = true;
            t_p = true;
        }
        let (mut f_m, mut f_p) = (false, false);
        for s in second(i) {
            let (sp, sm) = (s.g, s.gamma[0]);
            if s.phylum.is_tame() && tame_genus {
                f_m |= gm == sm;
                f_p |= gp == sp;
            } else if s.phylum.is_restive_or_tame() && !tame_genus {
                f_m |= gm == sm && (sp <= 1 || (sp ^ gm) <= 1);
                f_p |= gp == sp && (sm <= 1 || (sm ^ gm) <= 1);
            } else if s.phylum == Tameable && tameable {
                t_m |= gm == sm;
                t_p |= gp == sp;
            }
        }
        if !(f_m && f_p) {
            reversibly = false;
            if !(t_m && t_p) {
                tameable = false;
            }
            if !tameable {
                break;
            }
        }
    }
    if reversibly && (gp != mex(&plus) || gm != mex(&minus)) {
        reversibly = false;
    }
    if tameable {
        for (v, &b) in t_plus.iter().enumerate() {
            if b {
                mark(&mut plus, v as u32);
            }
        }
        for (v, &b) in t_minus.iter().enumerate() {
            if b {
                mark(&mut minus, v as u32);
            }
        }
        if (gp != mex(&plus) || gm != mex(&minus)) && (plus.iter().any(|&b| b) || gp > 0) {
            tameable = false;
        }
    }
    match (reversibly, tameable, tame_genus) {
        (true, _, true) => ReversiblyTame,
        (true, _, false) => ReversiblyRestive,
        (false, true, true) => Tameable,
        _ => by_genus,
    }
}

/// Why a genus was not computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenusError {
    /// The positions or the work needed exceed the limits.
    #[error("{0}")]
    TooLarge(String),
}

/// Genera of heap positions under one rule, each position (a multiset of
/// heaps) computed once.
#[derive(Debug)]
pub struct GenusTable<'r> {
    rule: &'r HeapRule,
    index: HashMap<Vec<u32>, usize>,
    genera: Vec<Genus>,
    limit: usize,
}

impl<'r> GenusTable<'r> {
    /// An empty table for `rule` (heaps in underlying tokens).
    pub fn new(rule: &'r HeapRule) -> GenusTable<'r> {
        GenusTable {
            rule,
            index: HashMap::new(),
            genera: Vec::new(),
            limit: POSITION_LIMIT,
        }
    }

    /// The same with another bound on the positions stored.
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// Refuses up front heaps whose genera would need more positions or
    /// work than allowed, with the estimate.
    pub fn check(&self, top: u32) -> Result<(), GenusError> {
        let positions = if self.rule.max_parts() >= 2 {
            misere_positions_bound(self.rule, &[top])
        } else {
            top as f64 + 1.0
        };
        if positions > self.limit as f64 {
            return Err(GenusError::TooLarge(format!(
                "the genus of heap {top} needs every position reachable from it, up to {positions:.3e} \
                 multisets of heaps, more than the {} allowed; try a smaller heap",
                self.limit
            )));
        }
        let work = work_estimate(self.rule, top as u64)
            * if self.rule.max_parts() >= 2 {
                positions / (top as f64 + 1.0)
            } else {
                1.0
            };
        if work > WORK_LIMIT {
            return Err(GenusError::TooLarge(format!(
                "the genus of heap {top} needs about {work:.1e} options tried, more than the {WORK_LIMIT:.0e} allowed; \
                 try a smaller heap"
            )));
        }
        Ok(())
    }

    /// The genera of the single heaps 0, 1, …, `top`.
    pub fn heaps(&mut self, top: u32) -> Result<Vec<Genus>, GenusError> {
        self.check(top)?;
        let mut out = Vec::with_capacity(top as usize + 1);
        for n in 0..=top {
            let key = if n == 0 { vec![] } else { vec![n] };
            let i = self.index_of(key)?;
            out.push(self.genera[i].clone());
        }
        Ok(out)
    }

    /// The genus of the sum of `heaps` (zeros ignored).
    pub fn genus(&mut self, heaps: &[u32]) -> Result<&Genus, GenusError> {
        if let Some(&top) = heaps.iter().max() {
            let total: u32 = heaps.iter().fold(0u32, |a, &h| a.saturating_add(h));
            self.check(if self.rule.max_parts() >= 2 {
                total
            } else {
                top
            })?;
        }
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if self.rule.max_parts() < 2 {
            // Heaps are independent games: build the single heaps bottom-up
            // first, so the recursion stays shallow.
            for n in 1..=key.last().copied().unwrap_or(0) {
                self.index_of(vec![n])?;
            }
        }
        let i = self.index_of(key)?;
        Ok(&self.genera[i])
    }

    /// The options of a position (each a sorted multiset), without repeats.
    fn options(&self, key: &[u32]) -> Vec<Vec<u32>> {
        let mut out: Vec<Vec<u32>> = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == h {
                continue;
            }
            self.rule.for_each_move(h, |_, parts| {
                let mut to = Vec::with_capacity(key.len() + parts.len());
                to.extend_from_slice(&key[..i]);
                to.extend_from_slice(&key[i + 1..]);
                to.extend_from_slice(parts);
                to.sort_unstable();
                out.push(to);
            });
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn index_of(&mut self, key: Vec<u32>) -> Result<usize, GenusError> {
        if let Some(&i) = self.index.get(&key) {
            return Ok(i);
        }
        let options = self.options(&key);
        let mut ids = Vec::with_capacity(options.len());
        for o in &options {
            ids.push(self.index_of(o.clone())?);
        }
        if self.genera.len() >= self.limit {
            return Err(GenusError::TooLarge(format!(
                "more than {} positions were needed; try a smaller heap",
                self.limit
            )));
        }
        let opts: Vec<&Genus> = ids.iter().map(|&i| &self.genera[i]).collect();
        let second = |j: usize| -> Vec<&Genus> {
            self.options(&options[j])
                .iter()
                .map(|k| &self.genera[self.index[k]])
                .collect()
        };
        let g = Genus::from_options(&opts, second);
        self.genera.push(g);
        self.index.insert(key, self.genera.len() - 1);
        Ok(self.genera.len() - 1)
    }
}
