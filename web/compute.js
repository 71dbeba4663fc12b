// The page's side of the workers. Two of them, so that a long sequence
// never holds up the game: `game` answers the game's calls (families,
// analyse, computer, hint, why, explain), `tables` the sequence, misère and nimber
// panels' (sequence, pattern, check, misere_quotient, genus, table, nimber).
//
// worker.call(fn, request, onProgress) returns a promise of the answer;
// onProgress({done, to, ms}) is called while a sequence or a misère
// quotient computes.
// worker.cancel() ends that worker's computations by terminating it and
// starting a fresh one; their promises answer {cancelled: true}. The other
// worker goes on.
const listeners = new Set();

class Engine {
  constructor(name) {
    this.name = name;
    this.worker = null;
    this.next = 1;
    this.pending = new Map();
  }

  start() {
    if (this.worker) return;
    // The page's ?wasm=plain reaches the worker, which then loads the
    // engine built without SIMD.
    const w = new Worker(new URL(`./worker.js${location.search}`, import.meta.url), { type: "module", name: this.name });
    this.worker = w;
    w.onmessage = (event) => {
      const { id, answer, ms, progress } = event.data;
      const p = this.pending.get(id);
      if (!p) return;
      if (progress) return p.onProgress && p.onProgress(progress);
      this.pending.delete(id);
      notify();
      p.resolve(Array.isArray(answer) ? answer : { ...answer, _ms: ms });
    };
    w.onerror = (event) => {
      const message = event.message || "the worker failed";
      for (const p of this.pending.values()) p.resolve({ error: message });
      this.pending.clear();
      notify();
    };
  }

  /** Calls the WebAssembly function `fn` in this worker. */
  call(fn, request, onProgress = null) {
    this.start();
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      notify();
      this.worker.postMessage({ id, fn, request });
    });
  }

  /** Ends this worker's computations; their promises answer {cancelled: true}. */
  cancel() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.start();
    notify();
    for (const p of waiting) p.resolve({ error: "cancelled", cancelled: true });
  }

  /** How many of this worker's computations are under way. */
  get busy() {
    return this.pending.size;
  }
}

export const game = new Engine("game");
export const tables = new Engine("tables");

function notify() {
  for (const f of listeners) f(game.busy, tables.busy);
}

/** Calls f(game's computations, tables' computations) whenever either changes. */
export function onBusy(f) {
  listeners.add(f);
}

game.start();

// A computation's bar appears once it has run for SHOW_AFTER_MS (quick
// ones, most moves, would only flicker) and goes as soon as it ends.
const SHOW_AFTER_MS = 250;
const timers = new Map();

/** Shows `el` while `busy`, from SHOW_AFTER_MS on. */
export function showWhile(el, busy) {
  clearTimeout(timers.get(el));
  timers.delete(el);
  if (!busy) {
    el.hidden = true;
  } else if (el.hidden) {
    timers.set(el, setTimeout(() => (el.hidden = false), SHOW_AFTER_MS));
  }
  const shown = [...document.querySelectorAll("#jobs .job")].some((j) => !j.hidden || timers.has(j));
  document.body.classList.toggle("jobs", shown);
}
