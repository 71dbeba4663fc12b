// The module worker: every computation runs here, so the page never freezes.
// A message {id, fn, request} is answered by {id, answer} (the parsed JSON
// the WebAssembly function returned) and {id, ms} (how long it took).
import init, * as grundy from "./pkg/grundy_web.js";

const ready = init({ module_or_path: new URL("./pkg/grundy_web_bg.wasm", import.meta.url) });
const calls = ["families", "analyse", "computer", "hint", "why", "sequence", "table", "nimber"];

self.onmessage = async (event) => {
  const { id, fn, request } = event.data;
  try {
    await ready;
    if (!calls.includes(fn)) throw new Error(`no function ${fn}`);
    const t0 = performance.now();
    const text = fn === "families" ? grundy.families() : grundy[fn](JSON.stringify(request));
    const ms = performance.now() - t0;
    self.postMessage({ id, answer: JSON.parse(text), ms });
  } catch (e) {
    self.postMessage({ id, answer: { error: String(e && e.message ? e.message : e) }, ms: 0 });
  }
};
self.postMessage({ ready: true });
