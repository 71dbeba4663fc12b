// A module worker: the computations run here, so the page never freezes
// (the page runs two, one for the game and one for sequences and tables).
// A message {id, fn, request} is answered by {id, answer} (the parsed JSON
// the WebAssembly function returned) and {id, ms} (how long it took). While
// a sequence or a misère quotient computes, {id, progress: {done, to, ms}}
// says how far it is: G(0..done) of G(0..to) (the quotient of heaps 0..done
// of 0..to) after ms milliseconds, at most ten times a second.
import init, * as grundy from "./pkg/grundy_web.js";

const ready = init({ module_or_path: new URL("./pkg/grundy_web_bg.wasm", import.meta.url) });
const calls = ["families", "glossary", "analyse", "computer", "hint", "why", "sequence", "pattern", "check", "misere_quotient", "genus", "table", "nimber"];
// The calls that report their progress, and the function that does.
const observed = { sequence: "sequence_observed", misere_quotient: "misere_quotient_observed" };
const EVERY_MS = 100;

self.onmessage = async (event) => {
  const { id, fn, request } = event.data;
  try {
    await ready;
    if (!calls.includes(fn)) throw new Error(`no function ${fn}`);
    const t0 = performance.now();
    let text;
    if (fn === "families") {
      text = grundy.families();
    } else if (observed[fn]) {
      let shown = t0;
      const observer = {
        progress(done, to) {
          const now = performance.now();
          if (now - shown < EVERY_MS && done < to) return;
          shown = now;
          self.postMessage({ id, progress: { done, to, ms: now - t0 } });
        },
      };
      text = grundy[observed[fn]](JSON.stringify(request), observer);
    } else {
      text = grundy[fn](JSON.stringify(request));
    }
    const ms = performance.now() - t0;
    self.postMessage({ id, answer: JSON.parse(text), ms });
  } catch (e) {
    self.postMessage({ id, answer: { error: String(e && e.message ? e.message : e) }, ms: 0 });
  }
};
