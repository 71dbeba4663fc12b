// A module worker: the computations run here, so the page never freezes
// (the page runs two, one for the game and one for sequences and tables).
// A message {id, fn, request} is answered by {id, answer} (the parsed JSON
// the WebAssembly function returned) and {id, ms} (how long it took). While
// a sequence or a misère quotient computes, {id, progress: {done, to, ms}}
// says how far it is: G(0..done) of G(0..to) (the quotient of heaps 0..done
// of 0..to) after ms milliseconds, at most ten times a second.
//
// The engine is built twice: with WebAssembly's 128-bit SIMD, which the
// worker loads where the browser validates a SIMD instruction, and without,
// for the others. `?wasm=plain` in the worker's address (the page passes
// its own on) loads the plain one anyway; the call "module" answers
// {simd} for the one loaded.

// The smallest module that uses SIMD: one function returning
// i8x16.splat(0), a v128.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, //       types: () -> v128
  0x03, 0x02, 0x01, 0x00, //                         one function of that type
  0x0a, 0x08, 0x01, 0x06, 0x00, //                   its code, no locals:
  0x41, 0x00, 0xfd, 0x0f, 0x0b, //                   i32.const 0; i8x16.splat; end
]);
const simd = new URL(self.location.href).searchParams.get("wasm") !== "plain" && WebAssembly.validate(SIMD_PROBE);
const name = simd ? "grundy_web_simd" : "grundy_web_plain";
const ready = (async () => {
  const grundy = await import(`./pkg/${name}.js`);
  await grundy.default({ module_or_path: new URL(`./pkg/${name}_bg.wasm`, import.meta.url) });
  return grundy;
})();
const calls = ["families", "glossary", "analyse", "computer", "hint", "why", "explain", "sequence", "pattern", "check", "misere_quotient", "genus", "table", "nimber", "module"];
// The calls that report their progress, and the function that does.
const observed = { sequence: "sequence_observed", misere_quotient: "misere_quotient_observed" };
const EVERY_MS = 100;

self.onmessage = async (event) => {
  const { id, fn, request } = event.data;
  try {
    const grundy = await ready;
    if (!calls.includes(fn)) throw new Error(`no function ${fn}`);
    const t0 = performance.now();
    let text;
    if (fn === "module") {
      text = JSON.stringify({ simd });
    } else if (fn === "families") {
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
