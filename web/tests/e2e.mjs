// The page in a real browser: Debian's Chromium driven by playwright-core.
//
//   node web/tests/e2e.mjs [DIST] [SCREENSHOT]
//   GRUNDY_ONLY=REGEX node web/tests/e2e.mjs   (only the matching checks)
//
// Serves DIST (default web/dist) on 127.0.0.1, then: measures how soon the
// page is usable; plays Nim to the end against the computer, checking every
// value shown against the command-line tool (GRUNDY, default
// target/release/grundy); uses hint and undo; starts, analyses and plays
// every family; computes Kayles' sequence to 10^5 in the worker and compares
// its time with the command-line tool's; checks that Cancel stops a long
// sequence; computes Kayles' misère quotient and genera against the
// command-line tool's, and cancels a long quotient; runs the checks of
// defects.mjs (exact numbers past 2^53, long sequences, the layout of
// "Why?", positions too large to list or draw, the engine's speed and
// size against the command line's, and smaller ones); saves a screenshot.
import { createServer } from "node:http";
import { readFile, mkdtemp, rm, mkdir } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { checkDefects } from "./defects.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dist = path.resolve(process.argv[2] || path.join(root, "web/dist"));
const shot = path.resolve(process.argv[3] || path.join(root, "target/web-e2e/playground.png"));
const cli = process.env.GRUNDY || path.join(root, "target/release/grundy");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const figures = {};

// ---- a static file server on the loopback --------------------------------
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".png": "image/png" };
const server = createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  let file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ""));
  if (file.endsWith(path.sep)) file = path.join(file, "index.html");
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end("not found");
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

// ---- the command-line tool's values ---------------------------------------
function cliJson(args) {
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8" }));
}
const nimValue = (text) => cliJson(["nim", ...text.split(/\s+/).filter(Boolean), "--json"]).value;

// ---- the browser ------------------------------------------------------------
const profile = await mkdtemp(path.join(tmpdir(), "grundy-chromium-"));
const args = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args, headless: true, viewport: { width: 1200, height: 900 } });
console.log(`chromium ${context.browser()?.version() ?? "(version unknown)"}`);
const page = context.pages()[0] || (await context.newPage());
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

const idle = () => page.waitForFunction(() => document.body.dataset.busy === "0", null, { timeout: 60000 });
const shown = () =>
  page.evaluate(() => ({
    value: document.getElementById("status").dataset.value,
    outcome: document.getElementById("status").dataset.outcome,
    over: document.getElementById("status").dataset.over === "1",
    text: document.getElementById("status").textContent,
    position: new URLSearchParams(location.hash.slice(1)).get("p"),
    moves: JSON.parse(new URLSearchParams(location.hash.slice(1)).get("m") || "[]"),
    error: document.getElementById("error").textContent,
  }));

try {
  // 1. Load time: from the navigation until the first position is drawn.
  const t0 = Date.now();
  await page.goto(base);
  await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 10000 });
  figures.load_ms = Date.now() - t0;
  figures.load_ms_page = Number(await page.evaluate(() => document.body.dataset.loadMs));
  console.log(`usable after ${figures.load_ms} ms (performance.now at ready: ${figures.load_ms_page} ms)`);

  // A sequence computed from the form: the time the worker took, read from
  // the page once the sequence is shown; then the patterns found in it.
  const seq = async (rule, to, shown = () => {}) => {
    await page.fill("#rule", rule);
    await page.fill("#seq-to", String(to));
    await page.click("#sequence-form button");
    await page.waitForFunction(() => document.getElementById("seq-info").dataset.ms !== undefined);
    shown();
    const ms = Number(await page.getAttribute("#seq-info", "data-ms"));
    await page.evaluate(() => delete document.getElementById("seq-info").dataset.ms);
    await idle();
    return ms;
  };
  // GRUNDY_ONLY=REGEX runs only the checks of defects.mjs whose names match.
  const only = process.env.GRUNDY_ONLY || null;
  if (!only) {
    // 2. Nim 3 4 5 against the computer, with the values checked against the CLI.
    let s = await shown();
    assert.equal(s.text.includes("You to move"), true, s.text);
    assert.equal(Number(s.value), nimValue("3 4 5"));

    // Hint: a winning move, one of the green ones.
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("Hint:"));
    const hint = (await page.textContent("#message")).replace(/^Hint: /, "").replace(/\.$/, "");
    const winning = await page.$$eval("#moves button.win", (bs) => bs.map((b) => b.dataset.move));
    assert.ok(winning.includes(hint), `hint ${hint} among ${winning}`);

    // Every move is coloured by the outcome of what it leaves.
    for (const b of await page.$$eval("#moves button", (bs) => bs.map((b) => ({ cls: b.className, value: b.dataset.value, outcome: b.dataset.outcome })))) {
      assert.equal(b.cls, b.value === "0" ? "win" : "lose");
    }

    // A losing move, then undo.
    await page.click("#moves button.lose");
    await idle();
    s = await shown();
    assert.equal(s.moves.length, 2, "the computer answered");
    await page.click("#undo");
    await idle();
    s = await shown();
    assert.equal(s.moves.length, 0, "undo takes back both moves");
    assert.equal(Number(s.value), nimValue("3 4 5"));

    // Play to the end: always a winning move; the computer stalls as long as it can.
    let plies = 0;
    for (;;) {
      s = await shown();
      const position = await page.evaluate(() => document.querySelector("#status .muted").textContent.replace(/^.*nim /, ""));
      if (s.over) break;
      assert.equal(Number(s.value), nimValue(position), `value of ${position}`);
      assert.equal(s.outcome, Number(s.value) === 0 ? "P" : "N");
      await page.click("#moves button.win");
      await idle();
      plies += 2;
      assert.ok(plies < 40, "the game ends");
    }
    assert.match(s.text, /You win/);
    const history = await page.$$eval("#history li", (ls) => ls.map((l) => l.textContent));
    assert.equal(history.length, s.moves.length + 1);
    console.log(`Nim 3 4 5 played to the end in ${s.moves.length} moves: ${s.text.split(".")[0]}`);

    // Why did the computer make its last move?
    await page.click("#why");
    await page.waitForFunction(() => document.getElementById("message").textContent.length > 20);

    // 3. Every family: start its examples, analyse them, play a move.
    const names = await page.$$eval("#family option", (os) => os.map((o) => o.value));
    const cliFamilies = cliJson(["families", "--json"]).map((f) => f.name);
    assert.deepEqual(names, cliFamilies, "the page lists the CLI's families");
    for (const name of names) {
      await page.selectOption("#family", name);
      await page.click("#new-game");
      await idle();
      s = await shown();
      assert.equal(s.error, "", `${name}: ${s.error}`);
      assert.ok(await page.$("#drawing svg"), `${name} is drawn`);
      const before = s.moves.length;
      const first = await page.$("#moves button");
      if (first) {
        await first.click();
        await idle();
        s = await shown();
        assert.equal(s.error, "", `${name}: ${s.error}`);
        assert.ok(s.moves.length > before, `${name}: a move was played`);
      }
      console.log(`  ${name}: value ${s.value || "-"} (${s.outcome}), ${s.moves.length} moves played`);
    }

    // 4. Kayles to 10^5 in the worker, against the CLI.
    // The best of five runs after one to warm up (the browser compiles hot
    // WebAssembly functions a second time, optimised, in the background).
    const best = async (f) => {
      await f();
      let m = Infinity;
      for (let i = 0; i < 5; i++) m = Math.min(m, await f());
      return m;
    };
    figures.kayles_worker_ms = await best(() => seq("kayles", 100000));
    // The same with the page's side: the message to the worker and back, and
    // the answer (10^5 values) parsed and shown.
    figures.kayles_roundtrip_ms = await best(async () => {
      const t = Date.now();
      let t1 = 0;
      await seq("kayles", 100000, () => (t1 = Date.now()));
      return t1 - t;
    });
    const info = await page.textContent("#seq-info");
    assert.match(info, /period 12 from n = 71, proven/);
    figures.kayles_cli_ms = await best(async () => {
      const t = process.hrtime.bigint();
      execFileSync(cli, ["seq", "kayles", "--to", "100000", "--json"], { maxBuffer: 1 << 26 });
      return Number(process.hrtime.bigint() - t) / 1e6;
    });
    figures.kayles_ratio = figures.kayles_worker_ms / figures.kayles_cli_ms;
    console.log(`Kayles G(0..10^5): worker ${figures.kayles_worker_ms.toFixed(1)} ms (${figures.kayles_roundtrip_ms} ms click to table), CLI ${figures.kayles_cli_ms.toFixed(1)} ms, ratio ${figures.kayles_ratio.toFixed(2)}`);
    assert.ok(figures.kayles_ratio <= 3, "the worker is at most 3 times slower than the CLI");

    // 5. Cancel stops a long sequence (0.376 has no known period: no early
    // end; to 10^7 it takes the command line half a minute).
    await page.fill("#rule", "0.376");
    await page.fill("#seq-to", "10000000");
    await page.click("#sequence-form button");
    await page.waitForSelector("#seq-job:not([hidden])");
    await page.waitForTimeout(500);
    const tc = Date.now();
    await page.click("#seq-cancel");
    await page.waitForSelector("#seq-job", { state: "hidden", timeout: 2000 });
    figures.cancel_ms = Date.now() - tc;
    assert.equal(await page.textContent("#seq-info"), "Cancelled.");
    // The fresh worker answers.
    await seq("kayles", 100);
    assert.match(await page.textContent("#seq-info"), /kayles|0\.6/);
    console.log(`Cancel stopped the 0.376 run in ${figures.cancel_ms} ms; a fresh worker answers`);

    // 5b. Kayles' misère quotient and genera, against the CLI's reports.
    const quotient = cliJson(["misere", "kayles", "--to", "30", "--json"]);
    await page.fill("#mis-rule", "kayles");
    await page.fill("#mis-to", "30");
    await page.click("#mis-quotient");
    await page.waitForFunction(() => document.getElementById("mis-info").dataset.order !== undefined, null, { timeout: 60000 });
    const mis = await page.evaluate(() => ({ ...document.getElementById("mis-info").dataset }));
    assert.equal(Number(mis.order), quotient.order, "|Q| of Kayles' heaps 0..30");
    assert.equal(Number(mis.pSize), quotient.p_size);
    assert.equal(Number(mis.top), 30);
    assert.equal(await page.textContent("#mis-p"), quotient.p_portion.join(", "));
    const phi = await page.$$eval("#mis-table tr td:nth-child(2)", (tds) => tds.map((t) => t.textContent));
    assert.deepEqual(phi, quotient.phi);
    const gens = quotient.generators.map((g) => g.name).join(", ");
    assert.ok((await page.textContent("#mis-q")).startsWith(`Q = ⟨${gens} | `));
    // Cancel stops a long quotient (Grundy's game, whose candidates grow
    // for seconds before heap 29); the genera then come from a fresh worker.
    await page.fill("#mis-rule", "4!.0");
    await page.fill("#mis-to", "40");
    await page.click("#mis-quotient");
    await page.waitForSelector("#seq-job:not([hidden])");
    await page.click("#seq-cancel");
    await page.waitForSelector("#seq-job", { state: "hidden", timeout: 2000 });
    assert.equal(await page.textContent("#mis-info"), "Cancelled.");
    const genera = cliJson(["seq", "kayles", "--to", "20", "--genus", "--json"]);
    await page.fill("#mis-rule", "kayles");
    await page.fill("#mis-to", "20");
    await page.click("#mis-genus");
    await page.waitForFunction(() => document.getElementById("mis-info").dataset.tame !== undefined, null, { timeout: 60000 });
    const genus = await page.$$eval("#mis-table tr td:nth-child(4)", (tds) => tds.map((t) => t.textContent));
    assert.deepEqual(genus, genera.genus);
    assert.equal(Number(await page.getAttribute("#mis-info", "data-tame")), genera.tame.filter((t) => t).length);
    console.log(`Kayles misère: |Q| = ${mis.order}, |P| = ${mis.pSize} for heaps 0..30; genera of 0..20 as the CLI gives them; Cancel stops a quotient`);

    // 6. Nimbers.
    await page.click("#nimber-form button");
    await page.waitForSelector("#nimber-result tr");
    assert.match(await page.textContent("#nimber-result"), /a × b\*1/);

  }

  // 7. The defects once reported, each checked on its own.
  console.log("defects once reported:");
  const failed = await checkDefects({ page, base, cli, errors, dist, figures, only });
  assert.deepEqual(failed, [], "every check of defects.mjs, words.mjs, teaching.mjs and speed.mjs passes");

  // 8. A screenshot of a game in progress.
  await page.goto(base + "#f=heap&v=kayles&p=3%205%208");
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "1");
  await page.click("#moves button.win");
  await idle();
  await seq("kayles", 300);
  await mkdir(path.dirname(shot), { recursive: true });
  await page.screenshot({ path: shot, fullPage: true });
  console.log(`screenshot: ${shot}`);

  assert.deepEqual(errors, [], "no errors in the page");
  console.log(`figures: ${JSON.stringify(figures)}`);
  console.log("browser test passed");
} finally {
  await context.close();
  server.close();
  await rm(profile, { recursive: true, force: true });
}
