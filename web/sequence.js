// The sequence panel: a heap rule's Grundy sequence, computed in the
// tables worker with its progress and rate shown under a Cancel that stays
// on screen; then the patterns in it (the library's pattern finder, the
// fields of `grundy pattern --json`) and a box to check a claim (`grundy
// check --json`), with G(n) at any n from a pattern that gives every value.
// Cancel stops the tables worker only: the game goes on.
import { tables, onBusy, showWhile } from "./compute.js";
import { plot } from "./render.js";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (n) => Number(n).toLocaleString("en-US");

// Counts the sequences asked for: an answer for an earlier one than the
// one shown (its patterns too) is dropped.
let era = 0;

onBusy((g, t) => {
  showWhile($("seq-job"), t > 0);
  if (t === 0) {
    $("seq-what").textContent = "Computing…";
    $("seq-meter").removeAttribute("value");
    $("seq-progress").textContent = "";
  }
});
$("seq-cancel").onclick = () => tables.cancel();

/** Shows how far a sequence is: G(0..done) of G(0..to), and the rate. */
function progress({ done, to, ms }) {
  const rate = ms > 0 ? Math.round(((done + 1) * 1000) / ms) : 0;
  $("seq-meter").max = to + 1;
  $("seq-meter").value = done + 1;
  $("seq-progress").textContent = `${fmt(done + 1)} of ${fmt(to + 1)} values, ${fmt(rate)} values/s`;
  Object.assign($("seq-progress").dataset, { done, to, rate });
}

$("sequence-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const mine = ++era;
  // A new sequence replaces the one under way.
  if (tables.busy) tables.cancel();
  const rule = $("rule").value.trim();
  // Sent as typed: the engine names what is wrong with it.
  const to = $("seq-to").value.trim();
  // The last rule's plot, table and patterns go at once: they must never
  // stand under another rule's heading.
  $("seq-plot").innerHTML = "";
  $("seq-table").innerHTML = "";
  $("pattern-panel").hidden = true;
  shownRule = null;
  $("at-result").textContent = "";
  $("findings").innerHTML = "";
  $("claim-result").textContent = "";
  $("seq-info").textContent = "computing…";
  $("seq-what").textContent = `G(0..${to}) of ${rule}:`;
  const s = await tables.call("sequence", { rule, to }, (p) => mine === era && progress(p));
  if (mine !== era) return;
  if (s.cancelled) return ($("seq-info").textContent = "Cancelled.");
  if (s.error) return ($("seq-info").textContent = s.error);
  const p = s.periodicity;
  let per = "no period found";
  if (p.period !== null) {
    const kind = p.saltus ? `arithmetic periodic (saltus ${p.saltus})` : "periodic";
    const how = p.status === "proven" ? "proven" : p.values_for_proof ? `observed, not proven (a proof needs G(0..${p.values_for_proof - 1}))` : "observed";
    per = `${kind} with period ${p.period} from n = ${p.preperiod}, ${how}`;
  }
  $("seq-info").innerHTML = `<strong>${esc(s.rule)}</strong>: G(0..${s.to}) in <span id="seq-ms">${s._ms.toFixed(0)}</span> ms; ${esc(per)}. Largest value ${s.max_value}, ${s.p_count} P-position${s.p_count === 1 ? "" : "s"}.`;
  $("seq-info").dataset.ms = s._ms;
  const v = s.values;
  $("seq-plot").innerHTML = plot(v, { width: 800, height: 180, mark: p.period !== null ? [p.preperiod, v.length - 1] : null, name: `G(n) of ${s.rule} for n from 0 to ${s.to}` });
  const shown = Math.min(v.length, 1000);
  let rows = `<tr><th scope="col">n</th>` + [...Array(10).keys()].map((k) => `<th scope="col">+${k}</th>`).join("") + "</tr>";
  for (let r = 0; r < shown; r += 10) {
    rows += `<tr><th>${r}</th>`;
    for (let k = r; k < Math.min(r + 10, shown); k++) {
      const cls = v[k] === 0 ? "p0" : p.period !== null && k >= p.preperiod ? "per" : "";
      rows += `<td class="${cls}">${v[k]}</td>`;
    }
    rows += "</tr>";
  }
  $("seq-table").innerHTML = `<table>${rows}</table>` + (shown < v.length ? `<p class="muted">The first ${shown} values; the plot shows all.</p>` : "");
  await patterns(s, mine);
});

// ---- the patterns ------------------------------------------------------------

// A finding's kind in words (as `grundy pattern` writes it); a kind the
// page does not know yet is shown by its name.
const KINDS = {
  period: "period",
  arithmetic_period: "arithmetic period",
  closed_form: "closed form",
  intervals: "intervals",
  symmetry: "symmetry",
  row_periods: "rows",
};
const kindWords = (k) => KINDS[k] || (/^p_position/.test(k) ? "P-positions" : String(k).replace(/_/g, " "));

function finding(f) {
  const status = f.status === "proven"
    ? `<span class="proven">proven</span>: ${esc(f.theorem)}`
    : `<span class="observed">observed</span> on n ≤ ${fmt(f.to)}, found on n ≤ ${fmt(f.found_to)}; no theorem proves it`;
  return `<li data-kind="${esc(f.kind)}" data-status="${esc(f.status)}"><strong>${esc(kindWords(f.kind))}</strong>: <code>${esc(f.formula)}</code><br><small>${status}</small></li>`;
}

/** The patterns in the sequence `s` just shown (asked as sequence `mine`). */
async function patterns(s, mine) {
  $("pattern-panel").hidden = false;
  $("pattern-info").textContent = "Looking for patterns…";
  $("seq-what").textContent = `Patterns in ${s.rule}:`;
  const r = await tables.call("pattern", { rule: s.rule, to: s.to });
  if (mine !== era) return;
  if (r.cancelled) return ($("pattern-info").textContent = "Cancelled.");
  if (r.error) return ($("pattern-info").textContent = r.error);
  const range = `G(${fmt(r.first)}..${fmt(r.last)})`;
  const shorter = Number(r.last) < Number(s.to)
    ? ` (the finder recomputes the values it reads, and reads the first ${fmt(Number(r.last) + 1)} here)`
    : "";
  $("pattern-info").innerHTML = r.findings.length
    ? `In <strong>${esc(r.source)}</strong>, ${range}${esc(shorter)}:`
    : `No pattern found in ${range} of <strong>${esc(r.source)}</strong>${esc(shorter)}.`;
  $("pattern-info").dataset.last = r.last;
  $("findings").innerHTML = r.findings.map(finding).join("");
  // A value at any n needs a finding that gives every value.
  shownRule = { rule: s.rule, to: s.to };
  $("at-form").hidden = !r.findings.some((f) => !/^p_position|^symmetry/.test(f.kind));
  $("at-result").textContent = "";
  const period = r.findings.find((f) => f.kind === "period");
  const m = period && period.formula.match(/G\(n \+ (\d+)\) = G\(n\) for n >= (\d+)/);
  $("claim").placeholder = m ? `${r.source} has period ${m[1]} from ${m[2]}` : `G(n) = n % 2 for ${r.source}`;
}

// ---- a value from the pattern --------------------------------------------------

// The rule whose patterns are shown, and how far its values were read.
let shownRule = null;

$("at-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const out = $("at-result");
  delete out.dataset.value;
  if (!shownRule) return;
  out.textContent = "…";
  $("seq-what").textContent = "Evaluating from the pattern:";
  const r = await tables.call("pattern", { ...shownRule, at: $("at-n").value.trim() });
  if (r.cancelled) return (out.textContent = "Cancelled.");
  if (r.error) return (out.textContent = r.error);
  out.dataset.value = r.at.value;
  out.dataset.proven = r.at.proven ? "1" : "0";
  out.textContent = `G(${r.at.n}) = ${r.at.value}, ${r.at.proven ? "proven" : `extrapolated from a pattern observed on n ≤ ${r.last}`}.`;
});

// ---- a claim checked ------------------------------------------------------------

const VERDICTS = { proven: "Proven", refuted: "Refuted", observed: "Observed" };

$("claim-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const claim = $("claim").value.trim() || $("claim").placeholder;
  const out = $("claim-result");
  delete out.dataset.verdict;
  delete out.dataset.n;
  out.textContent = "checking…";
  $("seq-what").textContent = "Checking the claim:";
  const a = await tables.call("check", { claim });
  if (a.cancelled) return (out.textContent = "Cancelled.");
  if (a.error) return (out.textContent = a.error);
  out.dataset.verdict = a.verdict;
  if (a.counterexample) out.dataset.n = a.counterexample.n;
  out.innerHTML = `<strong class="${esc(a.verdict)}">${VERDICTS[a.verdict] || esc(a.verdict)}</strong>: ${esc(a.text)}`;
});
