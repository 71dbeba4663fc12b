//! The quotient as front-ends show it, with stable JSON field names.
//!
//! JSON: `{"rule", "top", "order", "p_size", "generators": [{"name",
//! "heap"}], "relations": [["lhs", "rhs"]], "elements": [word],
//! "p_portion": [word], "phi": [word per heap 0..=top], "periodicity":
//! {"status": "proven"|"observed"|"none", "preperiod", "period"}, "orders": [|Q| after
//! each heap], "stopped": reason|null, "seconds"}`. Words are normal forms
//! in the generators (`1` for the identity, `a^2 b`).
//!
//! [`quotient`] is the whole computation behind `grundy misere`: the
//! request checked, the quotient learnt heap by heap, the report made.

use serde::Serialize;

use crate::heap::periodicity::Window;
use crate::heap::rule::HeapRule;

use super::extend::{solve_from, Start};
use super::quotient::Quotient;
use super::solver::{Limits, SolveRun};

/// The largest heap a quotient is asked for (the exhaustive search behind
/// the quotient stops far earlier), and the bound of
/// [`QuotientRequest::until_proven`] when none is given.
pub const MAX_TO: u64 = 10_000;

/// What a misère quotient is asked for: the heaps it covers and the limits
/// of the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuotientRequest {
    /// The last heap N: the quotient of heaps 0..=N. Without it,
    /// `until_proven` must be set, and N is [`MAX_TO`].
    pub to: Option<u64>,
    /// Stop at the first heap where the misère periodicity theorem proves
    /// Φ periodic (see [`phi_periodicity`]): the quotient is then that of
    /// every heap.
    pub until_proven: bool,
    /// The limits of the search.
    pub limits: Limits,
}

/// A generator: its name and the heap it is the image of.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Generator {
    /// `a`, `b`, ….
    pub name: String,
    /// The heap n with Φ(n) = this generator.
    pub heap: u32,
}

/// Whether Φ repeats with a period in the heaps computed.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PhiPeriodicity {
    /// `proven` (the misère periodicity theorem's window holds, see
    /// [`phi_periodicity`]), `observed` (seen over at least two periods, not
    /// proven) or `none`.
    pub status: &'static str,
    /// The first heap of the periodic part.
    pub preperiod: Option<u32>,
    /// The period.
    pub period: Option<u32>,
}

/// Everything `grundy misere` prints.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The rule's canonical form.
    pub rule: String,
    /// The quotient covers every sum of heaps 0..=top.
    pub top: u32,
    /// |Q|.
    pub order: usize,
    /// |P|.
    pub p_size: usize,
    /// The generators.
    pub generators: Vec<Generator>,
    /// Relations as `[lhs, rhs]` pairs of words.
    pub relations: Vec<[String; 2]>,
    /// Every element as its normal form.
    pub elements: Vec<String>,
    /// The elements of P.
    pub p_portion: Vec<String>,
    /// Φ(0), Φ(1), …, Φ(top).
    pub phi: Vec<String>,
    /// Periodicity of Φ.
    pub periodicity: PhiPeriodicity,
    /// |Q| of the quotient of heaps 0..=n for each n.
    pub orders: Vec<usize>,
    /// Why the computation stopped before the heap asked for.
    pub stopped: Option<String>,
    /// Seconds spent.
    pub seconds: f64,
}

/// The least period of `phi` seen over at least two whole periods, with the
/// least preperiod for it.
pub fn observed_period(phi: &[u32]) -> PhiPeriodicity {
    let len = phi.len();
    for p in 1..=len / 2 {
        // The least n0 from which phi[h] = phi[h + p] to the end.
        let mut n0 = len - p;
        while n0 > 0 && phi[n0 - 1] == phi[n0 - 1 + p] {
            n0 -= 1;
        }
        if len - n0 >= 2 * p {
            return PhiPeriodicity {
                status: "observed",
                preperiod: Some(n0 as u32),
                period: Some(p as u32),
            };
        }
    }
    PhiPeriodicity {
        status: "none",
        preperiod: None,
        period: None,
    }
}

/// The periodicity of Φ (as elements of one quotient, `phi[h]` = Φ(h)),
/// proven where the misère periodicity theorem applies.
///
/// The theorem (Plambeck, *Taming the wild in impartial combinatorial
/// games*, 2005; Plambeck and Siegel 2008) is the misère form of Guy and
/// Smith's: for a take-and-break code removing at most t tokens and
/// leaving at most two heaps, if the quotient Q of heaps 0..=top has
/// Φ(n + p) = Φ(n) for all n0 ≤ n < 2 n0 + p + t, then Φ has period p
/// from n0 for ever and Q is the quotient of all heaps. The proof pairs
/// the options of heap n + p with those of n, so both have the same image
/// and the same set of images of options; the check of
/// [`super::verify`] sees only these, so it passes for every heap. The
/// window is the one of [`Window`] (Guy and Smith's, with the same
/// adjustments for subtraction games and three-heap splits).
///
/// ```
/// use grundy::misere::report::phi_periodicity;
/// let rule = "0.75".parse().unwrap();
/// // A sequence of period 2 from heap 1, long enough for the window.
/// let phi: Vec<u32> = (0..20).map(|n| if n == 0 { 0 } else { 1 + n % 2 }).collect();
/// let p = phi_periodicity(&rule, &phi);
/// assert_eq!((p.status, p.preperiod, p.period), ("proven", Some(1), Some(2)));
/// ```
pub fn phi_periodicity(rule: &HeapRule, phi: &[u32]) -> PhiPeriodicity {
    let window = Window::for_rule(rule);
    let len = phi.len();
    if window != Window::Unknown {
        for p in 1..len {
            let mut n0 = len - p;
            while n0 > 0 && phi[n0 - 1] == phi[n0 - 1 + p] {
                n0 -= 1;
            }
            let Some(end) = window.end(n0 as u64, p as u64) else {
                break;
            };
            if end + p as u64 <= len as u64 {
                return PhiPeriodicity {
                    status: "proven",
                    preperiod: Some(n0 as u32),
                    period: Some(p as u32),
                };
            }
        }
    }
    observed_period(phi)
}

/// The misère quotient of `rule`'s heaps as `request` asks, with the
/// messages of `grundy misere` for a request refused.
///
/// ```
/// use grundy::misere::report::{quotient, QuotientRequest};
/// let rule = "0.75".parse().unwrap();
/// let request = QuotientRequest { to: Some(12), ..Default::default() };
/// let q = quotient(&rule, &request).unwrap();
/// assert_eq!((q.order, q.p_size), (8, 2));
/// assert_eq!(q.p_portion, ["a", "b^2"]);
/// ```
pub fn quotient(rule: &HeapRule, request: &QuotientRequest) -> Result<QuotientReport, String> {
    quotient_with(rule, request, &mut |_, _| true)
}

/// [`quotient`], calling `progress(done, to)` before each heap: the
/// quotient of heaps 0..=done is known, of 0..=to asked for. It is called
/// again, with the same `done`, between the recalibration rounds of a long
/// heap. When it answers `false` the computation stops, with an error that
/// says where.
pub fn quotient_with(
    rule: &HeapRule,
    request: &QuotientRequest,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<QuotientReport, String> {
    quotient_from(rule, request, None, &mut |q, _, to| {
        progress(u64::from(q.top), to)
    })
}

/// [`quotient_with`] from a quotient already found (read from a
/// checkpoint, [`super::checkpoint`]), with `progress(q, orders, to)`
/// seeing the quotient of the heaps done and |Q| after each, all a new
/// checkpoint needs; it is called once more at the end with the last
/// quotient (its answer is then ignored).
pub fn quotient_from(
    rule: &HeapRule,
    request: &QuotientRequest,
    start: Option<Start>,
    progress: &mut dyn FnMut(&Quotient, &[usize], u64) -> bool,
) -> Result<QuotientReport, String> {
    let to = match request.to {
        Some(t) => t,
        None if request.until_proven => MAX_TO,
        None => return Err("give the last heap size with --to N (or --until-proven)".into()),
    };
    if request.until_proven && Window::for_rule(rule) == Window::Unknown {
        return Err(format!(
            "--until-proven: the misère periodicity theorem does not cover {rule} (it needs a \
             take-and-break code with bounded removal and no `!`, or a finite subtraction set); \
             give the last heap with --to N"
        ));
    }
    if to > MAX_TO {
        return Err(format!(
            "--to {to}: at most heaps of {MAX_TO} are tried (the exhaustive search behind the quotient stops far earlier)"
        ));
    }
    let mut cancelled = None;
    let run = solve_from(rule, start, to as u32, request.limits, |q, orders| {
        if !progress(q, orders, to) {
            cancelled = Some(q.top + 1);
            return true;
        }
        request.until_proven && phi_periodicity(rule, &q.phi).status == "proven"
    })
    .map_err(|e| format!("--to {to}: {e}"))?;
    if let Some(n) = cancelled {
        return Err(format!("stopped before heap {n}"));
    }
    // Once more with the last quotient, which a checkpoint keeps.
    progress(&run.quotient, &run.orders, to);
    Ok(QuotientReport::new(rule, &run))
}

impl QuotientReport {
    /// The report of a computation for `rule`.
    pub fn new(rule: &HeapRule, run: &SolveRun) -> QuotientReport {
        let q: &Quotient = &run.quotient;
        let pr = q.presentation();
        let word = |x: u32| pr.words[x as usize].clone();
        QuotientReport {
            rule: rule.to_string(),
            top: q.top,
            order: q.order,
            p_size: q.p_size(),
            generators: pr
                .generators
                .iter()
                .map(|(name, heap)| Generator {
                    name: name.clone(),
                    heap: *heap,
                })
                .collect(),
            relations: pr
                .relations
                .iter()
                .map(|(l, r)| [l.clone(), r.clone()])
                .collect(),
            elements: pr.words.clone(),
            p_portion: (0..q.order as u32)
                .filter(|&x| q.p[x as usize])
                .map(word)
                .collect(),
            phi: q.phi.iter().map(|&x| word(x)).collect(),
            periodicity: phi_periodicity(rule, &q.phi),
            orders: run.orders.clone(),
            stopped: run.stopped.clone(),
            seconds: run.seconds,
        }
    }

    /// The report in words, one fact a line.
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: misère quotient of heaps 0..={} (proven for every sum of these heaps)",
            self.rule, self.top
        );
        if let Some(why) = &self.stopped {
            let _ = writeln!(out, "stopped at {why}");
        }
        let gens: Vec<String> = self.generators.iter().map(|g| g.name.clone()).collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|[l, r]| format!("{l} = {r}"))
            .collect();
        let _ = writeln!(out, "Q = <{} | {}>", gens.join(", "), rels.join(", "));
        let images: Vec<String> = self
            .generators
            .iter()
            .map(|g| format!("{} = Φ({})", g.name, g.heap))
            .collect();
        if !images.is_empty() {
            let _ = writeln!(out, "generators: {}", images.join(", "));
        }
        let _ = writeln!(out, "|Q| = {}, |P| = {}", self.order, self.p_size);
        let _ = writeln!(out, "P = {{{}}}", self.p_portion.join(", "));
        let _ = writeln!(out, "Φ(n) for n = 0..={}:", self.top);
        for (n, w) in self.phi.iter().enumerate() {
            let _ = writeln!(out, "{n:>6}  {w}");
        }
        let _ = writeln!(
            out,
            "periodicity of Φ: {}",
            match (self.periodicity.preperiod, self.periodicity.period) {
                (Some(n0), Some(p)) if self.periodicity.status == "proven" => format!(
                    "period {p} from heap {n0}, proven (misère periodicity theorem): \
                     the quotient is that of every heap"
                ),
                (Some(n0), Some(p)) => format!(
                    "period {p} from heap {n0}, observed over heaps 0..={} (not proven)",
                    self.top
                ),
                _ => "none observed".to_string(),
            }
        );
        let _ = writeln!(out, "time: {:.3} s", self.seconds);
        out
    }
}
