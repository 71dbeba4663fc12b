// The page's side of the worker: call(fn, request) returns a promise of the
// answer; cancel() ends every running computation by terminating the worker
// and starts a fresh one.
let worker = null;
let next = 1;
const pending = new Map();
const listeners = new Set();

function start() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const { id, answer, ms } = event.data;
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    notify();
    p.resolve(Array.isArray(answer) ? answer : { ...answer, _ms: ms });
  };
  worker.onerror = (event) => {
    const message = event.message || "the worker failed";
    for (const p of pending.values()) p.resolve({ error: message });
    pending.clear();
    notify();
  };
}

function notify() {
  for (const f of listeners) f(pending.size);
}

/** Calls the WebAssembly function `fn` in the worker. */
export function call(fn, request) {
  if (!worker) start();
  const id = next++;
  return new Promise((resolve) => {
    pending.set(id, { resolve });
    notify();
    worker.postMessage({ id, fn, request });
  });
}

/** Ends every computation under way; their promises answer {cancelled: true}. */
export function cancel() {
  if (worker) worker.terminate();
  for (const p of pending.values()) p.resolve({ error: "cancelled", cancelled: true });
  pending.clear();
  notify();
  start();
}

/** Calls f(number of computations under way) whenever it changes. */
export function onBusy(f) {
  listeners.add(f);
}

start();
