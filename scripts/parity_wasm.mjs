// The WebAssembly half of scripts/parity.py: reads a JSON array of
// requests on standard input ({"family", "variant", "position",
// "convention"}, answered with the page's `analyse` call, or {"call",
// "request"}, answered with the page's function `call`), and writes
// {"families": the page's family list, "exports": the functions the page
// can call, "answers": [each answer exactly as the page receives it]} to
// standard output.
//
// Usage: node scripts/parity_wasm.mjs DIST < requests.json
// where DIST is the folder web/build.sh wrote (it holds pkg/). The module
// read is the SIMD build, the one browsers with SIMD (and Node) run; the
// plain build is compiled from the same source.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = resolve(process.argv[2] ?? "web/dist");
const grundy = await import(pathToFileURL(join(dist, "pkg", "grundy_web_simd.js")).href);
grundy.initSync({ module: readFileSync(join(dist, "pkg", "grundy_web_simd_bg.wasm")) });

const requests = JSON.parse(readFileSync(0, "utf8"));
const answers = requests.map((r) => (r.call ? grundy[r.call](JSON.stringify(r.request)) : grundy.analyse(JSON.stringify(r))));
const exports = JSON.stringify(Object.keys(grundy).filter((k) => typeof grundy[k] === "function"));
process.stdout.write(`{"families": ${grundy.families()}, "exports": ${exports}, "answers": [${answers.join(",")}]}\n`);
