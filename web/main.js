// The page: the game, the sequence and the nimber panels. Every computation
// is a call into a worker (compute.js): the game's calls into one, the
// sequence and nimber panels' into the other, so that play goes on while a
// sequence computes, and cancelling one never touches the other. The page
// holds the game as its
// family, variant, start position, convention and the moves played, and
// keeps them in the URL. Integers past 2^53 arrive as strings of digits, so
// that every number shown is exact; they are shown as they come.
import { game as engine, tables, onBusy, showWhile } from "./compute.js";
import { compare, draw } from "./render.js";
import { valueHistory, winnerAt } from "./history.js";
import "./sequence.js";
import "./misere.js";
import { showRules } from "./welcome.js";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// A value as the command line writes it: a nimber *n, or Smith's value
// ∞(K) of a position that can be played for ever (K the finite values it
// can move to; ∞(∅) when there are none).
const star = (v) => {
  if (v === null || v === undefined) return "–";
  if (typeof v === "object" && Array.isArray(v.infinity)) return `∞(${v.infinity.length ? v.infinity.join(",") : "∅"})`;
  return `*${v}`;
};
// The same as the page's data carries it: the number, or ∞(K).
const plain = (v) => (v === null || v === undefined ? "" : typeof v === "object" ? star(v) : String(v));
// The three outcomes in words, for the side to move.
const OUTCOME = {
  N: { verb: "should win", article: "an", what: "an N-position (the side to move should win)" },
  P: { verb: "should lose", article: "a", what: "a P-position (the side to move should lose)" },
  D: { what: "a draw (neither player can force a win)" },
};

let families = [];
const LEVELS = ["perfect", "hard", "medium", "easy"];
const game = { family: "nim", variant: "", position: "3 4 5", convention: "normal", moves: [], redo: [], human: 0, vs: true, practice: false, level: "perfect" };
let current = null; // the last analysis
let filter = null; // the words of the part of the drawing clicked
let lastWhy = "";
let played = ""; // the player's last move, said again with the reply
// Counts the games started: an answer for an earlier game than the one
// shown is dropped (a link or Back may load another game meanwhile).
let era = 0;
const COMPONENTS_SHOWN = 100;
// Practice mode hides the values, the outcome, the move colours and the
// values along the game until Reveal is pressed, for the position shown
// only: the next position is hidden again. `revealed` names that position.
let revealed = null;
const here = () => `${era}:${game.moves.length}:${game.moves[game.moves.length - 1] ?? ""}`;
const hidden = () => game.practice && revealed !== here();

// ---- the game ---------------------------------------------------------

const request = (moves = game.moves) => ({
  family: game.family, variant: game.variant, position: game.position, convention: game.convention, moves, level: game.level,
});
// The names of the side that moves first and of the other.
const sides = () => (!game.vs ? ["Player 1", "Player 2"] : game.human === 0 ? ["You", "The computer"] : ["The computer", "You"]);
// "wins in 3" for a move whose position has remoteness 2 (this move counted).
const inMoves = (r) => `${r} move${r === 1 ? "" : "s"}`;
const humanToMove = () => !game.vs || game.moves.length % 2 === game.human;

function say(text) {
  $("message").textContent = text || "";
  $("explain").hidden = true;
  $("explain").textContent = "";
}
function fail(text) { $("error").textContent = text || ""; }

// An explanation laid out in lines and columns (binary digits under each
// other, their XOR under a rule) keeps its layout in a <pre>.
function explain(title, text) {
  say(title);
  $("explain").textContent = String(text || "").replace(/\n+$/, "");
  $("explain").hidden = false;
}

// Nothing of the last game stays on screen when the new one cannot start.
function clearGame() {
  current = null;
  for (const id of ["drawing", "status", "components", "moves", "filter", "history-plot", "history"]) $(id).innerHTML = "";
  for (const k of ["value", "outcome", "over"]) delete $("status").dataset[k];
  for (const id of ["undo", "redo", "hint", "why", "computer-move", "swap"]) $(id).disabled = true;
}

// A computation of the game cancelled: the game keeps every move played
// (the link too), and Continue analyses it again from there.
function interrupted() {
  saveUrl();
  say(`Cancelled. The game is kept with its ${game.moves.length} move${game.moves.length === 1 ? "" : "s"}${game.moves.length ? ` (the last: ${game.moves[game.moves.length - 1]})` : ""}; Continue goes on from there.`);
  $("resume-row").hidden = false;
}
$("resume").onclick = () => {
  $("resume-row").hidden = true;
  say("");
  refresh();
};

async function refresh(push = false) {
  $("resume-row").hidden = true;
  saveUrl(push);
  const mine = era;
  const a = await engine.call("analyse", request());
  if (mine !== era) return;
  if (a.cancelled) return interrupted();
  if (a.error) {
    clearGame();
    fail(a.error);
    return;
  }
  fail("");
  $("why").disabled = $("swap").disabled = false;
  current = a;
  render(a);
  if (game.vs && !a.over && !humanToMove()) await computerMove();
}

async function computerMove() {
  const mine = era;
  const c = await engine.call("computer", request());
  if (mine !== era) return;
  if (c.cancelled) return interrupted();
  if (c.error) return fail(c.error);
  if (c.move === null) return;
  game.moves.push(c.move);
  // Announced with the player's move it answers (the message is a live
  // region: a screen reader reads both).
  say(`${played ? played + " " : ""}The computer ${played ? "replied" : "played"}: ${c.move}.`);
  played = "";
  // The moves undone stay to redo only while the game follows them.
  if (game.redo.length && game.redo[game.redo.length - 1] === c.move) game.redo.pop();
  else game.redo = [];
  lastWhy = c.why || "";
  await refresh();
}

async function play(words) {
  if (!current || current.over) return;
  if (!humanToMove()) return;
  game.moves.push(words);
  game.redo = [];
  filter = null;
  played = `You played: ${words}.`;
  say(played);
  const mine = era;
  const a = await engine.call("analyse", request());
  if (mine !== era) return;
  // Cancelled: the move stays played (and in the link).
  if (a.cancelled) return interrupted();
  if (a.error) {
    game.moves.pop();
    say("");
    return fail(a.error.replace(/^move \d+ /, ""));
  }
  await refresh();
}

// The page is redrawn after every move: the keyboard's focus, when it was
// on a legal move (gone with the old list) or on a control that is now
// disabled, goes to the first legal move, or to the list.
function keepFocus() {
  const el = document.activeElement;
  if (!el || el === document.body) return () => {};
  const inMoves = !!el.closest("#moves");
  return () => {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    if (!inMoves && el.isConnected && !el.disabled) return el.focus();
    ($("moves").querySelector("button") || $("moves")).focus();
  };
}

function render(a) {
  const restore = keepFocus();
  const d = a.drawing;
  // A long position is named as the command line names it: cut, with the
  // count of the numbers left out.
  $("drawing").innerHTML = draw(d, `The position: ${a.family} ${a.position_short}`);
  const n = game.moves.length;
  const who = !game.vs ? `Player ${(n % 2) + 1}` : humanToMove() ? "You" : "The computer";
  let status;
  if (a.over) {
    // The side that made the last move (the side not to move, at the start).
    const last = (n + 1) % 2;
    const lastWins = game.convention === "normal";
    if (game.vs) {
      const winner = (last === game.human) === lastWins ? "You win" : "The computer wins";
      status = `Game over: ${winner}.`;
    } else {
      status = `Game over: Player ${(lastWins ? last : 1 - last) + 1} wins (${lastWins ? "the last to move wins" : "misère: the last to move loses"}).`;
    }
  } else if (hidden()) {
    status = `${who} to move.`;
  } else {
    const o = OUTCOME[a.report.outcome];
    const r = a.history[a.history.length - 1].remoteness;
    const when = r === null || r === undefined ? "" : ` in ${inMoves(r)}`;
    status = a.report.outcome === "D"
      ? `${who} to move: a draw with best play, neither player can force a win (outcome D).`
      : `${who} to move, and ${o.verb}${when} (${o.article} ${a.report.outcome}-position).`;
  }
  const value = a.report.value;
  const secret = hidden();
  $("status").innerHTML = secret
    ? `${esc(status)} <strong>Value: <span id="value">?</span></strong> <span class="muted">practice: Reveal shows the value; ${esc(a.report.convention)} play, ${esc(a.family)} ${esc(a.position_short)}</span>`
    : `${esc(status)} <strong>Value: <span id="value">${star(value)}</span></strong>` +
      ` <span class="muted">outcome ${a.report.outcome}, ${a.report.convention} play, ${esc(a.family)} ${esc(a.position_short)}</span>` +
      (a.value_note ? ` <small id="value-note" class="muted">(Value: ${esc(a.value_note)}.)</small>` : "");
  for (const k of ["value", "outcome"]) delete $("status").dataset[k];
  if (!secret) {
    $("status").dataset.value = plain(value);
    $("status").dataset.outcome = a.report.outcome;
  }
  $("status").dataset.over = a.over ? "1" : "0";
  $("reveal").hidden = !secret;

  // Components and their nim-sum.
  // A long position lists its first components only (a table of 200,000
  // rows would take the page seconds to lay out).
  // A game that can loop gives Smith's values of the components and of
  // their sum; a board without a value of its own (Treblecross), the
  // nim-sum of its heap form's heaps.
  const smith = a.smith || null;
  const partValue = (p, i) => (smith && smith.components ? smith.components[i].value : p.value);
  const listed = d.components.slice(0, COMPONENTS_SHOWN);
  const shown = (v) => (secret ? "?" : star(v));
  let parts = listed.map((p, i) => `<tr><td>${esc(p.label)}</td><td>${shown(partValue(p, i))}</td></tr>`).join("");
  const more = d.components.length - listed.length;
  if (more > 0) parts += `<tr><td class="muted" colspan="2">and ${more.toLocaleString("en-US")} more</td></tr>`;
  const values = listed.map(partValue).filter((v) => v !== null && v !== undefined);
  const total = smith ? smith.value : d.value ?? a.parts_value;
  const sum = !secret && !more && values.length === d.components.length && values.length > 1 ? values.map(star).join(" ⊕ ") + " = " : "";
  const form = !smith && (d.value === null || d.value === undefined) && a.parts_value !== null && a.parts_value !== undefined ? " (of the heap form)" : "";
  $("components").innerHTML = parts + `<tr class="total"><td>nim-sum${form}</td><td>${esc(sum)}${shown(total)}</td></tr>`;

  // Legal moves, coloured by the outcome of the position they leave.
  renderMoves(a);

  // The value history: who wins with best play after each move, and in
  // how many moves.
  $("history-plot").innerHTML = secret ? "" : valueHistory(a.history, sides());
  // The ply numbers are part of each item: list markers sit outside the
  // items and overlap the one before once they have two digits.
  $("history").innerHTML = a.history
    .map((h, i) => {
      const move = `<span class="ply">${i}.</span> ${i ? esc(game.moves[i - 1]) : "start"}`;
      if (secret) return `<li>${move}</li>`;
      const side = winnerAt(i, h.outcome);
      const winner = side === null ? null : sides()[side];
      const left = side === null ? ", a draw" : h.remoteness === null || h.remoteness === undefined ? "" : h.remoteness ? `, ${winner.toLowerCase()} ${winner === "You" ? "win" : "wins"} in ${inMoves(h.remoteness)}` : "";
      return `<li class="${h.outcome.toLowerCase()}" data-outcome="${h.outcome}">${move}${i ? " → " : ": "}${star(h.value)} (${h.outcome}${left})</li>`;
    })
    .join("");

  $("undo").disabled = undoTarget() < 0;
  $("redo").disabled = game.redo.length === 0;
  $("hint").disabled = a.over || !humanToMove();
  $("computer-move").disabled = a.over;
  restore();
  document.body.dataset.ready = "1";
}

function matches(words) {
  if (!filter) return true;
  return filter.split("|").some((alt) => new RegExp(alt.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "(?![0-9])").test(words));
}

function renderMoves(a) {
  const ul = $("moves");
  const secret = hidden();
  const colours = $("show-hints").checked && !secret;
  ul.classList.toggle("plain", !colours);
  if (a.moves_error) {
    ul.innerHTML = `<li class="muted">${esc(a.moves_error)}</li>`;
    return;
  }
  const shown = a.moves.filter((m) => matches(m.move));
  $("filter").innerHTML = filter ? `(touching ${esc(filter.split("|")[0])}, <a href="#" id="clear-filter">show all</a>)` : `(${a.moves.length})`;
  // Each move with the value and outcome of the position it leaves: Smith's
  // in a game that can loop (a move to a draw keeps the draw), and where
  // that position has no value of its own, its components' values.
  const index = new Map(a.moves.map((m, i) => [m, i]));
  ul.innerHTML = shown
    .map((m) => {
      const to = m.to_text ?? (typeof m.to === "string" ? m.to : JSON.stringify(m.to));
      const title = `leaves ${to.length > 200 ? to.slice(0, 200) + "…" : to}`;
      if (secret) return `<li><button type="button" data-move="${esc(m.move)}" title="${esc(title)}">${esc(m.move)}</button></li>`;
      const i = index.get(m);
      const loopy = a.smith && a.smith.moves ? a.smith.moves[i] : null;
      const outcome = loopy ? loopy.outcome : m.outcome;
      const value = loopy ? loopy.value : m.value;
      const form = a.moves_after ? a.moves_after[i] : null;
      let values = star(value);
      if ((value === null || value === undefined) && form && form.value !== null) {
        values = form.parts.length > 1 ? `${form.parts.map(star).join(" ⊕ ")} = ${star(form.value)}` : star(form.value);
      }
      const cls = outcome === "P" ? "win" : outcome === "D" ? "draw" : "lose";
      const r = m.remoteness;
      const known = r !== null && r !== undefined;
      const after = !colours ? "" : outcome === "D" ? " (keeps the draw)" : known ? ` (${outcome === "P" ? "wins" : "loses"} in ${inMoves(r + 1)})` : outcome === "P" ? " (wins)" : "";
      const shownValue = form && form.value !== null && (value === null || value === undefined) ? form.value : value;
      return `<li><button type="button" class="${cls}" data-move="${esc(m.move)}" data-value="${esc(plain(shownValue))}" data-outcome="${outcome}"${known ? ` data-remoteness="${r}"` : ""} title="${esc(title)}">${esc(m.move)} <small>→ ${esc(values)}${after}</small></button></li>`;
    })
    .join("");
  const clear = $("clear-filter");
  if (clear) clear.onclick = (e) => { e.preventDefault(); filter = null; renderMoves(current); };
}

$("moves").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-move]");
  if (b) play(b.dataset.move);
});

// A click on the drawing: a token of a heap plays the move that leaves that
// many tokens there, if there is one; otherwise the moves are filtered to
// those touching the part clicked, and played if only one is left.
$("drawing").addEventListener("click", (e) => {
  const el = e.target.closest("[data-pick]");
  if (!el || !current || current.moves_error) return;
  const heap = el.dataset.heap;
  if (heap && current.drawing.shape.kind === "heaps") {
    const [i, k] = heap.split(":").map(Number);
    const sizes = current.drawing.shape.sizes.slice();
    sizes[i] = k;
    const same = (to) => Array.isArray(to) && JSON.stringify(to) === JSON.stringify(sizes);
    const sorted = (xs) => JSON.stringify(xs.filter((x) => compare(x, 0) > 0).sort(compare).map(String));
    const exact = current.moves.filter((m) => same(m.to));
    const loose = current.moves.filter((m) => Array.isArray(m.to) && sorted(m.to) === sorted(sizes));
    const found = exact.length ? exact : loose;
    if (found.length === 1) return play(found[0].move);
  }
  filter = el.dataset.pick;
  const left = current.moves.filter((m) => matches(m.move));
  if (left.length === 1) return play(left[0].move);
  if (left.length === 0) {
    filter = null;
    say("No legal move touches that.");
  }
  renderMoves(current);
});

$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("move-input").value.trim();
  if (!text) return;
  $("move-input").value = "";
  play(text);
});

$("hint").onclick = async () => {
  const h = await engine.call("hint", request());
  if (h.cancelled) return say("Cancelled.");
  if (h.error) return fail(h.error);
  // In a draw no move wins; the hint is a move that keeps the draw.
  if (h.hint) return say(`Hint: ${h.hint.move}.`);
  say(h.keeps_draw ? `Hint: ${h.reason}; this move keeps the draw: ${h.keeps_draw.move}.` : `Hint: ${h.reason}.`);
};

$("why").onclick = async () => {
  // A game of two players has no computer's move to explain: the position
  // is explained, as the command line's --explain does.
  if (!game.vs) {
    const e = await engine.call("explain", request());
    if (e.cancelled) return say("Cancelled.");
    if (e.error) return fail(e.error);
    return explain("Why the position is what it is:", e.text);
  }
  // The last move the computer made.
  let i = game.moves.length - 1;
  while (i >= 0 && i % 2 === game.human) i--;
  if (i < 0) return say("The computer has not moved yet.");
  const w = await engine.call("why", request(game.moves.slice(0, i + 1)));
  if (w.cancelled) return say("Cancelled.");
  if (w.error) return fail(w.error);
  explain(`Why the computer played ${game.moves[i]}:`, w.why);
};

// Undo goes back to the last position before this one where the player is
// to move: against the computer, both its reply and the player's move. The
// computer's first move, when it moves first, is not undone (it would only
// be played again).
function undoTarget() {
  let t = game.moves.length - 1;
  if (game.vs) while (t >= 0 && t % 2 !== game.human) t--;
  return t;
}

$("undo").onclick = () => {
  const t = undoTarget();
  if (t < 0) return;
  while (game.moves.length > t) game.redo.push(game.moves.pop());
  say("Undone.");
  refresh();
};

$("redo").onclick = () => {
  if (!game.redo.length) return;
  do game.moves.push(game.redo.pop());
  while (game.vs && game.redo.length && !humanToMove());
  say("Redone.");
  refresh();
};

$("swap").onclick = () => {
  game.human = 1 - game.human;
  game.vs = true;
  $("vs").checked = true;
  say("Sides swapped.");
  refresh();
};

$("computer-move").onclick = () => computerMove();
$("practice").onchange = () => {
  game.practice = $("practice").checked;
  revealed = null;
  saveUrl();
  if (current) render(current);
};
$("reveal").onclick = () => {
  revealed = here();
  if (!current) return;
  render(current);
  const v = current.report.value;
  say(`Revealed: value ${star(v)}, ${OUTCOME[current.report.outcome].what}.`);
};
$("show-hints").onchange = () => current && renderMoves(current);
// A phone turned, or a window narrowed past a phone's width: the drawing
// takes a finger's sizes or a mouse's.
matchMedia("(max-width: 600px)").addEventListener("change", () => current && render(current));
$("vs").onchange = () => { game.vs = $("vs").checked; refresh(); };
// The level applies from the computer's next move on.
$("level").onchange = () => {
  game.level = $("level").value;
  saveUrl();
  say(`The computer now plays at the ${game.level} level.`);
};

// ---- starting a game, the URL, export and import -----------------------

function fillFamily(name, example = 0) {
  const f = families.find((x) => x.name === name);
  if (!f) return;
  $("family").value = f.name;
  showRules(f);
  // Misère play is offered only to the families that take it.
  const misere = $("convention").querySelector('option[value="misere"]');
  misere.disabled = !f.misere;
  misere.textContent = f.misere ? "misère" : "misère (not for this game)";
  if (!f.misere) $("convention").value = "normal";
  const [v, p] = f.examples[example] || ["", ""];
  $("variant").value = v;
  // A script or a rules file is its variant: a box tall enough to edit it.
  const lines = v.split("\n").length;
  $("variant").rows = lines > 1 ? Math.min(16, lines + 1) : 1;
  $("variant").classList.toggle("code", lines > 1);
  $("variant").disabled = !f.variant;
  $("variant").placeholder = f.variant ? f.variant.split(":")[0] : "(none)";
  $("variant").title = f.variant;
  $("position").value = p;
  $("position").title = f.position;
  $("summary").textContent = `${f.summary}. Position: ${f.position}.${f.variant ? ` Variant: ${f.variant}.` : ""}`;
  $("examples").innerHTML = "Examples: " + f.examples
    .map(([v, p], i) => `<button type="button" data-example="${i}">${esc([v.includes("\n") ? `example ${i + 1}` : v, p].filter(Boolean).join(" / ") || "the default")}</button>`)
    .join(" ");
}

$("family").onchange = () => fillFamily($("family").value);
$("examples").addEventListener("click", (e) => {
  const b = e.target.closest("[data-example]");
  if (b) { fillFamily($("family").value, Number(b.dataset.example)); newGame(); }
});

function newGame() {
  game.family = $("family").value;
  game.variant = $("variant").value;
  game.position = $("position").value;
  game.convention = $("convention").value;
  game.human = $("first").value === "human" ? 0 : 1;
  game.vs = $("vs").checked;
  game.level = $("level").value;
  game.moves = [];
  game.redo = [];
  era++;
  filter = null;
  lastWhy = "";
  say("");
  if (game.family === "heap" && game.variant) $("rule").value = game.variant;
  return refresh(true);
}

$("start-form").addEventListener("submit", (e) => { e.preventDefault(); newGame(); });

function state() {
  return { family: game.family, variant: game.variant, position: game.position, convention: game.convention, moves: game.moves, human: game.human, vs: game.vs, practice: game.practice, level: game.level };
}

// The game lives in the URL: each new game is an entry of the browser's
// history, and its moves update that entry, so Back goes to the game
// before, never out of the page. A link to another game opened in this tab,
// or Back and Forward, load the game the URL names (onUrl).
let shownHash = location.hash;
function saveUrl(push = false) {
  const q = new URLSearchParams();
  q.set("f", game.family);
  if (game.variant) q.set("v", game.variant);
  q.set("p", game.position);
  if (game.convention !== "normal") q.set("c", game.convention);
  if (game.moves.length) q.set("m", JSON.stringify(game.moves));
  if (game.human) q.set("h", "1");
  if (!game.vs) q.set("vs", "0");
  if (game.practice) q.set("pr", "1");
  if (game.level !== "perfect") q.set("l", game.level);
  const hash = "#" + q.toString();
  if (hash === location.hash) return;
  if (push && location.hash) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
  shownHash = location.hash;
}

function load(s) {
  era++;
  game.family = s.family ?? "nim";
  game.variant = s.variant ?? "";
  game.position = s.position ?? "";
  game.convention = s.convention ?? "normal";
  game.moves = Array.isArray(s.moves) ? s.moves.map(String) : [];
  game.human = s.human ? 1 : 0;
  game.vs = s.vs !== false;
  game.practice = !!s.practice;
  game.level = LEVELS.includes(s.level) ? s.level : "perfect";
  game.redo = [];
  $("family").value = game.family;
  fillFamily(game.family);
  $("variant").value = game.variant;
  $("position").value = game.position;
  $("convention").value = game.convention;
  $("first").value = game.human ? "computer" : "human";
  $("vs").checked = game.vs;
  $("practice").checked = game.practice;
  $("level").value = game.level;
  if (game.family === "heap" && game.variant) $("rule").value = game.variant;
}

function fromUrl() {
  shownHash = location.hash;
  const q = new URLSearchParams(location.hash.slice(1));
  if (!q.has("f")) return false;
  let moves = [];
  try { moves = JSON.parse(q.get("m") || "[]"); } catch { moves = []; }
  load({ family: q.get("f"), variant: q.get("v") || "", position: q.get("p") || "", convention: q.get("c") || "normal", moves, human: q.get("h") === "1", vs: q.get("vs") !== "0", practice: q.get("pr") === "1", level: q.get("l") || "perfect" });
  return true;
}

$("share").onclick = async () => {
  saveUrl();
  try { await navigator.clipboard.writeText(location.href); say("Link copied."); } catch { say(`Link: ${location.href}`); }
};
$("export").onclick = () => {
  const t = $("transfer");
  t.hidden = false;
  t.value = JSON.stringify(state(), null, 1);
  t.select();
  say("The game as JSON: copy it, and paste it back with Import.");
};
// What Export writes, field by field: its type, and whether a file must
// have it.
const FIELDS = {
  family: ["text", true], variant: ["text", false], position: ["text", true], convention: ["text", false],
  moves: ["a list of moves", false], human: ["0 or 1", false], vs: ["true or false", false],
  practice: ["true or false", false], level: ["text", false],
};
const kind = (v) => (v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "object" ? "an object" : typeof v === "string" ? "text" : `a ${typeof v}`);
const shortJson = (v) => { const t = JSON.stringify(v); return t.length > 40 ? t.slice(0, 40) + "…" : t; };

/** The game an exported file describes, or what is wrong with the file, in
 * words: the whole file is checked before anything changes. */
function readExport(text) {
  let s;
  try {
    s = JSON.parse(text);
  } catch (e) {
    return { error: `the text is not JSON (${e.message})` };
  }
  if (s === null || typeof s !== "object" || Array.isArray(s)) return { error: `an exported game is an object with a family and a position, not ${kind(s)}` };
  for (const key of Object.keys(s)) if (!(key in FIELDS)) return { error: `the field '${key}' is not one Export writes (${Object.keys(FIELDS).join(", ")})` };
  for (const [key, [type, needed]] of Object.entries(FIELDS)) {
    const v = s[key];
    if (v === undefined) {
      if (needed) return { error: `the field '${key}' is missing` };
      continue;
    }
    const ok = type === "text" ? typeof v === "string"
      : type === "a list of moves" ? Array.isArray(v)
      : type === "0 or 1" ? v === 0 || v === 1 || typeof v === "boolean"
      : typeof v === "boolean";
    if (!ok) return { error: `the field '${key}' is ${kind(v)} (${shortJson(v)}), not ${type}` };
  }
  if (!families.some((f) => f.name === s.family)) return { error: `there is no family '${s.family}'` };
  if (s.convention !== undefined && !["normal", "misere"].includes(s.convention)) return { error: `the convention '${s.convention}' is neither normal nor misere` };
  if (s.level !== undefined && !LEVELS.includes(s.level)) return { error: `the level '${s.level}' is not one of ${LEVELS.join(", ")}` };
  const bad = (s.moves || []).findIndex((m) => typeof m !== "string");
  if (bad >= 0) return { error: `move ${bad + 1} is ${kind(s.moves[bad])} (${shortJson(s.moves[bad])}), not the words of a move` };
  return { state: s };
}

$("import").onclick = async () => {
  const t = $("transfer");
  if (t.hidden || !t.value.trim()) {
    t.hidden = false;
    t.value = "";
    t.placeholder = "paste an exported game here, then press Import again";
    return;
  }
  const { state: s, error } = readExport(t.value);
  if (error) return fail(`import: ${error}; nothing was changed.`);
  // The game is started and its moves played before it replaces the one
  // shown: a move the game refuses leaves everything as it was.
  const mine = era;
  const check = await engine.call("analyse", {
    family: s.family, variant: s.variant ?? "", position: s.position, convention: s.convention ?? "normal", moves: s.moves ?? [], level: s.level ?? "perfect",
  });
  if (mine !== era) return;
  if (check.cancelled) return say("Cancelled: nothing was imported.");
  if (check.error) return fail(`import: ${check.error}; nothing was changed.`);
  fail("");
  load(s);
  t.hidden = true;
  say("Imported.");
  refresh(true);
};

// A URL the page did not write itself (a link, Back, Forward, an address
// typed): the game it names replaces the one shown.
function onUrl() {
  if (!families.length || location.hash === shownHash) return;
  if (!fromUrl()) return;
  filter = null;
  lastWhy = "";
  say("");
  refresh();
}
addEventListener("hashchange", onUrl);
addEventListener("popstate", onUrl);

// ---- nimbers --------------------------------------------------------------

$("nimber-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await tables.call("nimber", { a: $("nim-a").value, b: $("nim-b").value });
  if (r.error) return ($("nimber-result").innerHTML = `<tr><td class="error">${esc(r.error)}</td></tr>`);
  const row = (k, v) => `<tr><th>${k}</th><td>${v === null ? "undefined" : `*${v}`}</td></tr>`;
  $("nimber-result").innerHTML = row("a + b", r.sum) + row("a × b", r.product) + row("a / b", r.quotient) +
    row("1 / a", r.inverse_a) + row("1 / b", r.inverse_b) + row("√a", r.sqrt_a) + row("√b", r.sqrt_b);
});
$("expr-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await tables.call("nimber", { expr: $("nim-expr").value });
  $("expr-result").textContent = r.error ? r.error : `*${r.value}`;
});
$("table-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await tables.call("table", { kind: $("table-kind").value, size: $("table-size").value.trim() });
  if (r.error) return ($("nimber-table").textContent = r.error);
  const op = r.kind === "nim-sum" ? "⊕" : "⊗";
  let rows = `<tr><th>${op}</th>` + r.rows.map((_, k) => `<th>${k}</th>`).join("") + "</tr>";
  r.rows.forEach((row, x) => (rows += `<tr><th>${x}</th>` + row.map((v) => `<td>${v}</td>`).join("") + "</tr>"));
  $("nimber-table").innerHTML = `<table>${rows}</table>`;
});

// ---- busy and cancel --------------------------------------------------------

// The game's Cancel stops the game's worker only; the game keeps its moves
// (see interrupted). The sequence panel's is in sequence.js.
onBusy((g, t) => {
  showWhile($("game-job"), g > 0);
  document.body.dataset.busy = g + t ? "1" : "0";
});
$("game-cancel").onclick = () => engine.cancel();

// ---- start --------------------------------------------------------------------

(async () => {
  // Cancel while the engine loads starts it again: the page always loads.
  let list = await engine.call("families");
  while (list.cancelled) list = await engine.call("families");
  if (!Array.isArray(list)) return fail(list.error || "the families could not be listed");
  families = list;
  $("family").innerHTML = families.map((f) => `<option value="${esc(f.name)}">${esc(f.title)}</option>`).join("");
  if (fromUrl()) {
    await refresh();
  } else {
    fillFamily("nim");
    $("position").value = "3 4 5";
    await newGame();
  }
  $("status-ready").textContent = `ready in ${performance.now().toFixed(0)} ms`;
  document.body.dataset.loadMs = performance.now().toFixed(0);
  document.body.dataset.ready = "1";
  // The second worker loads once the page is usable.
  tables.start();
})();
