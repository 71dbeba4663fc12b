// The misère panel: a heap rule's misère quotient (the library's report,
// the fields of `grundy misere --json`: the presentation, |Q|, |P|, the
// P-portion, Φ of each heap and whether Φ is proven periodic) and the genus
// of each heap (`grundy seq --genus --json`). Both run in the tables
// worker; the quotient shows its progress under the Cancel of the
// sequence panel's bar, which stops either.
import { tables } from "./compute.js";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (n) => Number(n).toLocaleString("en-US");

// Counts the computations asked for: an answer for an earlier one than the
// one shown is dropped.
let era = 0;

/** Clears the panel for a new computation and returns its number. */
function start(what) {
  const mine = ++era;
  if (tables.busy) tables.cancel();
  $("mis-presentation").innerHTML = "";
  $("mis-table").innerHTML = "";
  const info = $("mis-info");
  for (const k of Object.keys(info.dataset)) delete info.dataset[k];
  info.textContent = "computing…";
  $("seq-what").textContent = what;
  return mine;
}

/** Shows how far a quotient is: heaps 0..done of 0..to. */
function progress({ done, to }) {
  $("seq-meter").max = to;
  $("seq-meter").value = done;
  $("seq-progress").textContent = `quotient of heaps 0..${fmt(done)} of 0..${fmt(to)}`;
}

function periodicity(q) {
  const p = q.periodicity;
  if (p.status === "proven") return `Φ has period ${p.period} from heap ${p.preperiod}, proven (misère periodicity theorem): the quotient is that of every heap`;
  if (p.status === "observed") return `Φ has period ${p.period} from heap ${p.preperiod}, observed over heaps 0..${q.top} (not proven)`;
  return "no period of Φ observed";
}

function table(head, rows) {
  const th = head.map((h) => `<th scope="col">${h}</th>`).join("");
  return `<table><tr>${th}</tr>${rows.map((r) => `<tr>${r.map((c, i) => (i ? `<td>${c}</td>` : `<th>${c}</th>`)).join("")}</tr>`).join("")}</table>`;
}

$("misere-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const rule = $("mis-rule").value.trim();
  const to = $("mis-to").value.trim();
  const until = $("mis-until").checked;
  const mine = start(`Misère quotient of ${rule}:`);
  const request = until && to === "" ? { rule, until_proven: true } : { rule, to, until_proven: until };
  const q = await tables.call("misere_quotient", request, (p) => mine === era && progress(p));
  if (mine !== era) return;
  const info = $("mis-info");
  if (q.cancelled) return (info.textContent = "Cancelled.");
  if (q.error) return (info.textContent = q.error);
  Object.assign(info.dataset, { order: q.order, pSize: q.p_size, top: q.top, status: q.periodicity.status, period: q.periodicity.period ?? "" });
  const stopped = q.stopped ? ` Stopped at ${q.stopped}.` : "";
  info.innerHTML = `<strong>${esc(q.rule)}</strong>: misère quotient of heaps 0..${q.top} (proven for every sum of these heaps) in ${q._ms.toFixed(0)} ms: <span id="mis-order">|Q| = ${q.order}, |P| = ${q.p_size}</span>; ${esc(periodicity(q))}.${esc(stopped)}`;
  const gens = q.generators.map((g) => g.name).join(", ");
  const rels = q.relations.map(([l, r]) => `${l} = ${r}`).join(", ");
  const images = q.generators.map((g) => `${g.name} = Φ(${g.heap})`).join(", ");
  $("mis-presentation").innerHTML =
    `<p><code id="mis-q">Q = ⟨${esc(gens)} | ${esc(rels)}⟩</code></p>` +
    (images ? `<p>Generators: ${esc(images)}</p>` : "") +
    `<p>P = {<span id="mis-p">${esc(q.p_portion.join(", "))}</span>}</p>`;
  const inP = new Set(q.p_portion);
  const rows = q.phi.map((w, n) => [n, `<span class="${inP.has(w) ? "p0" : ""}">${esc(w)}</span>`, q.orders[n]]);
  $("mis-table").innerHTML = table(["n", "Φ(n)", "|Q| of heaps 0..n"], rows);
});

$("mis-genus").addEventListener("click", async () => {
  const rule = $("mis-rule").value.trim();
  const to = $("mis-to").value.trim();
  const mine = start(`Genus of the heaps of ${rule}:`);
  const g = await tables.call("genus", { rule, to });
  if (mine !== era) return;
  const info = $("mis-info");
  if (g.cancelled) return (info.textContent = "Cancelled.");
  if (g.error) return (info.textContent = g.error);
  const tame = g.tame.filter((t) => t).length;
  info.dataset.tame = tame;
  info.innerHTML = `<strong>${esc(g.rule)}</strong>: genus of heaps ${g.from}..${g.to} in ${g._ms.toFixed(0)} ms; ${tame} of ${g.tame.length} heaps tame. The genus as CGSuite displays it (g for a nim heap, one digit when tame or restive), then in full.`;
  const rows = g.genus.map((d, i) => [g.from + i, g.values[i], g.misere_values[i], `<code>${esc(d)}</code>`, `<code>${esc(g.genus_full[i])}</code>`, esc(g.phylum[i]) + (g.tame[i] ? "" : " (not tame)")]);
  $("mis-table").innerHTML = table(["n", "G(n)", "g⁻(n)", "genus", "full", "phylum"], rows);
});
