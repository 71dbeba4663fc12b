// The words a newcomer reads: a welcome on the first visit (what the page
// does and how to start, dismissed once and remembered), the chosen
// family's rules in words beside the family selector, and the terms of the
// theory (*n, N- and P-position, nim-sum, ...) defined wherever the page
// shows them: a hover (or a tap) on the term gives its definition, and the
// glossary at the end of the page lists them all. Every text about a game
// or a term comes from the library (each family's title and rules, and
// grundy::glossary), so the page says what the command line and Python say.
import { game as engine } from "./compute.js";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---- the welcome -------------------------------------------------------------

const DISMISSED = "grundy.welcome.dismissed";
const remembered = () => {
  try { return localStorage.getItem(DISMISSED) === "1"; } catch { return false; }
};

const WELCOME = `
  <h2 id="welcome-title">Welcome</h2>
  <p>This page plays <strong>impartial games</strong>, games such as Nim where both players have the same moves,
  against you or between two players. At every position it tells you who should win, the position's value
  and the moves that win, and explains why.</p>
  <ol>
    <li>Choose a game under <em>Choose a game</em>; its rules are shown there in words.</li>
    <li>Press <em>New game</em>, or one of the examples.</li>
    <li>Play by pressing one of the <em>Legal moves</em> (or the picture), or type a move. The computer answers.</li>
    <li><em>Hint</em> shows a winning move; <em>Why?</em> explains the computer's last move.</li>
    <li>For a class: pick the computer's <em>level</em> (below <em>perfect</em> it now and then plays a random
    move, so it can be beaten), turn on <em>practice mode</em> to hide the values until <em>Reveal</em>, and
    read the <em>value history</em>: after each move, who should win and in how many moves.</li>
  </ol>
  <p>Words such as <span class="term-example">*2</span>, <span class="term-example">P-position</span> and
  <span class="term-example">nim-sum</span> are explained when you point at them or tap them, and in the
  <a href="#glossary">glossary</a> at the end of the page.</p>
  <button id="welcome-close" type="button">Start playing</button>`;

/** Shows the welcome, or hides it and remembers that it was read. */
export function showWelcome(show) {
  const w = $("welcome");
  if (!w) return;
  if (!w.innerHTML.trim()) {
    w.innerHTML = WELCOME;
    $("welcome-close").onclick = () => {
      showWelcome(false);
      $("family").focus();
    };
  }
  w.hidden = !show;
  $("welcome-open").setAttribute("aria-expanded", String(show));
  if (!show) {
    try { localStorage.setItem(DISMISSED, "1"); } catch { /* private browsing: shown again next time */ }
  }
}

$("welcome-open").onclick = () => {
  showWelcome(true);
  $("welcome").scrollIntoView();
  $("welcome-close").focus();
};
showWelcome(!remembered());

// ---- the rules of the chosen family ------------------------------------------

/** Shows the rules of the family `f` (an entry of the families call). */
export function showRules(f) {
  $("rules-title").textContent = f.title;
  $("rules-text").textContent = f.rules;
}

// ---- the glossary ---------------------------------------------------------------

let glossary = [];
// The terms marked where the page shows them, by how they are written.
const TERMS = [
  [/(?<![\w)\]])\*(?:\d+|n\b)/, "*n"],
  [/\bN-positions?\b/, "N-position"],
  [/\bP-positions?\b/, "P-position"],
  [/\bnim-sums?\b/, "nim-sum"],
  [/⊕/, "nim-sum"],
  [/\bXOR\b/, "nim-sum"],
  [/\bmex\b/, "mex"],
  [/\bGrundy values?\b/, "nimber"],
  [/\bremoteness\b/, "remoteness"],
  [/\bmisère\b/, "misère play"],
];
const ANY = new RegExp(TERMS.map(([r]) => r.source).join("|"), "g");
const HAS_TERM = new RegExp(ANY.source);
// Where the page shows them: the report, the messages, Why?, the
// components' nim-sum and the rules.
const MARKED = ["status", "message", "explain", "components", "rules-text"];

// An id for a term's entry in the glossary: "*n" is term-n, "nim-sum" term-nim-sum.
const slug = (term) => "term-" + term.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const define = (word) => {
  const name = TERMS.find(([r]) => new RegExp(`^(?:${r.source})$`).test(word))?.[1];
  return glossary.find((t) => t.term === name);
};

/** Wraps every term in the text under `root` in an <abbr> whose title is
 * its definition (a term already wrapped is left alone). */
function markTerms(root) {
  if (!glossary.length || !root) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement.closest("abbr.term") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const found = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (HAS_TERM.test(n.data)) found.push(n);
  for (const n of found) {
    const parts = document.createDocumentFragment();
    let at = 0;
    for (const m of n.data.matchAll(ANY)) {
      const t = define(m[0]);
      if (!t) continue;
      parts.append(n.data.slice(at, m.index));
      const abbr = document.createElement("abbr");
      abbr.className = "term";
      abbr.title = `${t.term}: ${t.definition}`;
      abbr.dataset.term = t.term;
      abbr.textContent = m[0];
      parts.append(abbr);
      at = m.index + m[0].length;
    }
    if (at === 0) continue;
    parts.append(n.data.slice(at));
    n.replaceWith(parts);
  }
}

function showGlossary() {
  $("glossary-list").innerHTML = glossary
    .map((t) => `<dt id="${slug(t.term)}"><dfn>${esc(t.term)}</dfn>${t.aliases.length ? ` <span class="muted">(also ${esc(t.aliases.filter((a) => a.length > 2).join(", ") || t.aliases.join(", "))})</span>` : ""}</dt><dd>${esc(t.definition)}</dd>`)
    .join("");
  document.querySelectorAll(".term-example").forEach((e) => markTerms(e));
  for (const id of MARKED) {
    const root = $(id);
    if (!root) continue;
    markTerms(root);
    new MutationObserver(() => markTerms(root)).observe(root, { childList: true, subtree: true, characterData: true });
  }
}

// A tap (or a click) on a term shows its definition on screen, where a
// hover shows its title: phones have no hover.
const tip = $("term-tip");
document.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("abbr.term");
  if (!a) return (tip.hidden = true);
  const t = glossary.find((g) => g.term === a.dataset.term);
  if (!t) return;
  tip.innerHTML = `<strong>${esc(t.term)}</strong>: ${esc(t.definition)} <a href="#${slug(t.term)}">glossary</a>`;
  tip.hidden = false;
});
document.addEventListener("keydown", (e) => { if (e.key === "Escape") tip.hidden = true; });

(async () => {
  // Asked again when Cancel ends the worker while the page loads.
  let list = await engine.call("glossary");
  while (list.cancelled) list = await engine.call("glossary");
  if (!Array.isArray(list)) return;
  glossary = list;
  showGlossary();
})();
