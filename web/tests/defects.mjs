// Checks of the page's defects once reported, run by e2e.mjs: exact numbers
// past 2^53, long sequences, the layout of "Why?", the small ones (move
// colours, the winner of a two-player game, misère where refused, plain
// messages for bad numbers, a failed start clearing the last game, history
// numbers, links and Back, redo when the computer moves first, Treblecross's
// value), a long sequence (play going on meanwhile, its progress and rate,
// Cancel on screen, keeping the game and the move played, Cancel during the
// first load), the patterns of a sequence and a claim checked (the fields of
// grundy pattern and grundy check --json), practice mode in every family,
// a script and a rules file typed in the variant box, accessibility
// (axe-core on the main views, the focus after a move, moves
// announced), positions too large to list or draw, the engine's speed
// against the command line's (speed.mjs), the words a newcomer reads
// (words.mjs), what a class needs of play (teaching.mjs), and the page
// saying what the command line says (faithful.mjs: draws, imports,
// Treblecross's moves, long positions, Why? between two players, a
// finger's targets).
//
// Each check runs on its own; every failure is collected and reported, so
// one broken check does not hide the others.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axeViolations } from "./axe.mjs";
import { teachingChecks } from "./teaching.mjs";
import { wordChecks } from "./words.mjs";
import { faithfulChecks } from "./faithful.mjs";
import { checkSpeed } from "./speed.mjs";


/** The command-line tool's text output. */
function cliText(cli, args) {
  return execFileSync(cli, args, { encoding: "utf8", maxBuffer: 1 << 26 });
}

/** The command-line tool's JSON, whatever its exit status (grundy check
 * exits with 1 on a refuted claim). */
function cliJson(cli, args) {
  const r = spawnSync(cli, args, { encoding: "utf8", maxBuffer: 1 << 26 });
  assert.ok(r.status === 0 || r.status === 1, `grundy ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** The Grundy value the command-line tool prints, as text (exact). */
function cliValue(cli, args) {
  const m = cliText(cli, args).match(/Grundy value: (\d+)/);
  assert.ok(m, `no value from grundy ${args.join(" ").slice(0, 80)}`);
  return m[1];
}

export async function checkDefects({ page, base, cli, errors, dist, figures = {}, only = null }) {
  const idle = () => page.waitForFunction(() => document.body.dataset.busy === "0", null, { timeout: 60000 });
  // A game started from the form: family, variant, position, convention,
  // against the computer or not.
  const start = async (family, position, { variant = "", convention = "normal", vs = true } = {}) => {
    await page.selectOption("#family", family);
    // The variant box is disabled for families without one.
    await page.$eval("#variant", (el, v) => (el.value = v), variant);
    await page.fill("#position", position);
    await page.selectOption("#convention", convention);
    await page.setChecked("#vs", vs);
    await page.click("#new-game");
    await idle();
  };
  const status = () => page.evaluate(() => ({ ...document.getElementById("status").dataset, text: document.getElementById("status").textContent, error: document.getElementById("error").textContent }));
  const sequence = async (rule, to) => {
    await page.fill("#rule", rule);
    await page.fill("#seq-to", String(to));
    await page.click("#sequence-form button");
    await page.waitForFunction(() => document.getElementById("seq-info").textContent !== "computing…" && document.body.dataset.busy === "0", null, { timeout: 60000 });
  };

  // A sequence long enough to be under way through a check: 0.376 to 10^7
  // takes the command line half a minute; it is cancelled before its end.
  const longSequence = async () => {
    await page.fill("#rule", "0.376");
    await page.fill("#seq-to", "10000000");
    await page.click("#sequence-form button");
    await page.waitForFunction(() => document.getElementById("seq-info").textContent === "computing…");
  };
  // The Cancel on screen (whichever the page shows).
  const cancelShown = () => page.locator("button:visible", { hasText: /^Cancel$/ }).first();
  const moves = () => page.evaluate(() => JSON.parse(new URLSearchParams(location.hash.slice(1)).get("m") || "[]"));

  const checks = {
    // 1. Integers past 2^53 reach the screen exactly.
    async "numbers past 2^53 are exact"() {
      const a = "9223372036854775808", b = "3";
      await page.evaluate(() => { document.getElementById("nimber-result").innerHTML = ""; document.getElementById("expr-result").textContent = ""; });
      await page.fill("#nim-a", a);
      await page.fill("#nim-b", b);
      await page.click("#nimber-form button");
      await page.waitForFunction(() => /a \+ b/.test(document.getElementById("nimber-result").textContent));
      const rows = Object.fromEntries(await page.$$eval("#nimber-result tr", (trs) => trs.map((tr) => [tr.querySelector("th").textContent, tr.querySelector("td").textContent])));
      const want = { "a + b": `${a} + ${b}`, "a × b": `${a} * ${b}`, "a / b": `${a} / ${b}`, "1 / a": `${a}^-1`, "√a": `sqrt(${a})` };
      for (const [k, expr] of Object.entries(want)) assert.equal(rows[k], `*${cliText(cli, ["nimber", expr]).trim()}`, `${k} of ${a} and ${b}`);
      await page.fill("#nim-expr", `${a} * ${b}`);
      await page.click("#expr-form button");
      await page.waitForFunction(() => document.getElementById("expr-result").textContent.length > 0);
      assert.equal(await page.textContent("#expr-result"), `*${cliText(cli, ["nimber", `${a} * ${b}`]).trim()}`);

      const heaps = "9007199254740993 1";
      const value = cliValue(cli, ["nim", ...heaps.split(" ")]);
      await start("nim", heaps);
      const s = await status();
      assert.equal(s.error, "");
      assert.equal(s.value, value, "the value in the status");
      assert.equal(await page.textContent("#value"), `*${value}`);
      assert.match(await page.textContent("#components"), /\*9007199254740993/);
      assert.match(await page.textContent("#drawing"), /9007199254740993/);
      assert.match(await page.textContent("#history"), new RegExp(`\\*${value}`));
    },

    // 2. A long sequence is plotted and tabled, and the last rule's plot and
    // table never stay under a new heading.
    async "long sequences are plotted and tabled"() {
      await sequence("kayles", 100);
      const before = errors.length;
      const to = 200000;
      await sequence("0.07", to);
      assert.equal(errors.length, before, `no error in the page: ${errors.slice(before)}`);
      assert.match(await page.textContent("#seq-info"), new RegExp(`G\\(0\\.\\.${to}\\)`));
      assert.ok(await page.$("#seq-plot svg"), "a plot");
      const want = JSON.parse(cliText(cli, ["seq", "0.07", "--to", "29", "--json"])).values.map(String);
      const shown = await page.$$eval("#seq-table td", (tds) => tds.slice(0, 30).map((td) => td.textContent));
      assert.deepEqual(shown, want, "the table is of 0.07");
      await sequence("nonsense", 10);
      assert.equal(await page.innerHTML("#seq-plot"), "", "no plot after an error");
      assert.equal(await page.innerHTML("#seq-table"), "", "no table after an error");
    },

    // 3. "Why?" keeps its columns: each line on its own, the XOR under them.
    async "why keeps its layout"() {
      await start("nim", "3 4 5");
      await page.click("#moves button.lose");
      await idle();
      await page.click("#why");
      await page.waitForFunction(() => /XOR/.test(document.getElementById("game").innerText));
      const lines = (await page.evaluate(() => document.getElementById("game").innerText)).split("\n");
      const xor = lines.findIndex((l) => /^\s+XOR\s+\d+ = [01]+$/.test(l));
      assert.ok(xor > 0, `a line of its own for the XOR:\n${lines.join("\n")}`);
      const heap = lines.slice(0, xor).reverse().find((l) => /^\s+heap \d+\s+\d+ = [01]+$/.test(l));
      assert.ok(heap, "the heaps in binary, one a line");
      assert.equal(heap.indexOf("="), lines[xor].indexOf("="), "the columns line up");
      const font = await page.evaluate(() => {
        const el = [...document.querySelectorAll("#game *")].find((e) => e.children.length === 0 && /XOR/.test(e.textContent));
        return getComputedStyle(el).fontFamily;
      });
      assert.match(font, /mono/, "in a monospace font");
    },

    // 5. A long sequence: the game goes on meanwhile, its progress and
    // rate are shown, Cancel stays on screen and stops the sequence only.
    async "play stays live while a sequence computes"() {
      await start("nim", "3 4 5");
      await longSequence();
      const move = await page.$eval("#moves button.lose", (b) => b.dataset.move);
      await page.click("#moves button.lose");
      // The computer's reply comes while the sequence computes.
      await page.waitForFunction(() => document.getElementById("history").children.length === 3, null, { timeout: 10000 });
      assert.equal(await page.textContent("#seq-info"), "computing…", "the sequence is still under way");
      assert.equal((await moves())[0], move);
      await page.click("#seq-cancel");
      await idle();
      assert.equal(await page.textContent("#seq-info"), "Cancelled.");
      assert.equal((await moves()).length, 2, "the game is kept");
    },

    async "a sequence shows its progress and rate"() {
      const t0 = Date.now();
      await longSequence();
      const read = async () => {
        await page.waitForFunction(() => /[\d,]+ of [\d,]+ values, [\d,]+ values\/s/.test(document.body.innerText), null, { timeout: 10000 });
        const text = await page.evaluate(() => document.body.innerText.match(/([\d,]+) of ([\d,]+) values, ([\d,]+) values\/s/).slice(1));
        const [done, to, rate] = text.map((x) => Number(x.replace(/,/g, "")));
        return { done, to, rate, at: Date.now() };
      };
      const a = await read();
      assert.equal(a.to, 10000001, "of G(0..10^7)");
      // The rate shown is the values computed over the time taken: about
      // what the test sees from its click (which also counts the messages'
      // way, so it sees a little less).
      const seen = (a.done * 1000) / (a.at - t0);
      assert.ok(a.rate > seen / 1.5 && a.rate < seen * 5, `rate shown ${a.rate}, seen ${seen.toFixed(0)} values/s`);
      // It goes on (the engine reports between blocks of heaps).
      await page.waitForFunction((d) => Number(document.getElementById("seq-progress").dataset.done) > d, a.done, { timeout: 30000 });
      const b = await read();
      assert.ok(b.done > a.done && b.done < b.to, `it goes on: ${a.done}, then ${b.done}`);
      console.log(`    0.376 in the page: ${b.done.toLocaleString("en-US")} values after ${((b.at - t0) / 1000).toFixed(1)} s, ${b.rate.toLocaleString("en-US")} values/s shown`);
      const meter = await page.$eval("#seq-meter", (m) => [m.value, m.max]);
      assert.ok(meter[1] === 10000001 && meter[0] >= b.done, `the bar: ${meter}`);
      await cancelShown().click();
      await idle();
    },

    async "cancel stays in view and keeps the game and the move"() {
      await start("nim", "3 4 5");
      await longSequence();
      // Wherever the page is scrolled, the Cancel is on screen.
      for (const y of [0, 1e6]) {
        await page.evaluate((y) => scrollTo(0, y), y);
        await page.waitForTimeout(400);
        const box = await cancelShown().boundingBox({ timeout: 2000 });
        const height = await page.evaluate(() => innerHeight);
        assert.ok(box && box.y >= 0 && box.y + box.height <= height, `Cancel on screen, scrolled to ${y}: ${JSON.stringify(box)}`);
      }
      // A move played, then the sequence cancelled at once.
      await page.evaluate(() => scrollTo(0, 0));
      const move = await page.$eval("#moves button.lose", (b) => b.dataset.move);
      await page.click("#moves button.lose");
      await cancelShown().click();
      await idle();
      await page.waitForFunction(() => document.getElementById("history").children.length === 3, null, { timeout: 10000 });
      const s = await status();
      assert.equal(s.error, "");
      assert.equal((await moves())[0], move, "the player's move is kept");
      assert.equal(await page.textContent("#seq-info"), "Cancelled.");
    },

    async "the game's cancel keeps the move played"() {
      await start("nim", "3 4 5");
      // The game's worker kept busy (Node-Kayles on a 7 x 9 grid takes the
      // command line most of a minute), so that the move waits behind it.
      await page.evaluate(() => { import("./compute.js").then((c) => c.game.call("analyse", { family: "node-kayles", variant: "grid:7x9", position: "" })); });
      const move = await page.$eval("#moves button.lose", (b) => b.dataset.move);
      await page.click("#moves button.lose");
      await page.waitForTimeout(300);
      await cancelShown().click({ timeout: 5000 });
      await idle();
      assert.equal((await moves())[0], move, "the move is kept");
      assert.match(await page.textContent("#message"), /Cancelled/);
      await page.click("#resume");
      await idle();
      await page.waitForFunction(() => document.getElementById("history").children.length === 3, null, { timeout: 10000 });
      assert.equal((await status()).error, "");
      assert.equal((await moves())[0], move);
    },

    async "cancel during the first load does not kill the page"() {
      const slow = async (route) => {
        await new Promise((ok) => setTimeout(ok, 1500));
        await route.continue().catch(() => {});
      };
      await page.context().route("**/*.wasm", slow);
      try {
        await page.goto(base + "#f=nim&p=1%202%204");
        await page.reload();
        await cancelShown().click({ timeout: 5000 });
        await page.waitForFunction(() => document.body.dataset.ready === "1" && document.getElementById("family").options.length > 0, null, { timeout: 20000 });
        await idle();
        const s = await status();
        assert.equal(s.error, "");
        assert.ok(s.value === "7" || /Continue/.test(await page.textContent("#game")), `the game or Continue: ${s.text}`);
      } finally {
        await page.context().unroute("**/*.wasm", slow);
      }
      await start("nim", "3 4 5");
      assert.equal((await status()).value, "2");
    },

    // Practice mode: values, outcomes, move colours and the values along
    // the game hidden until Reveal, for the position shown only.
    async "practice mode hides values until asked"() {
      await start("nim", "3 4 5");
      await page.setChecked("#practice", true);
      const secret = async (what) => {
        const t = await page.evaluate(() => ["status", "components", "moves", "history"].map((id) => document.getElementById(id).textContent).join(" | "));
        assert.doesNotMatch(t, /\*\d|should (win|lose)|\(wins\)|[NP]-position/, `${what}: ${t}`);
        assert.equal(await page.$$eval("#moves button.win, #moves button.lose", (l) => l.length), 0, `${what}: no move colours`);
        assert.equal(await page.textContent("#value"), "?", what);
        assert.equal(await page.$$eval("#history-plot svg", (l) => l.length), 0, `${what}: no plot of values`);
        assert.equal((await status()).value, undefined, `${what}: not even in the page's data`);
      };
      await secret("nim 3 4 5");
      assert.match(page.url(), /pr=1/);
      // A hint when asked for.
      await page.click("#hint");
      await page.waitForFunction(() => /^Hint: /.test(document.getElementById("message").textContent));
      // Reveal: the value of this position, and the moves' colours.
      await page.click("#reveal");
      assert.equal(await page.textContent("#value"), "*2");
      assert.ok(await page.$("#moves button.win"), "the moves are coloured");
      assert.match(await page.textContent("#message"), /Revealed: value \*2/);
      // The next position is hidden again.
      await page.click("#moves button.win");
      await idle();
      await page.waitForFunction(() => document.getElementById("history").children.length === 3);
      await secret("after a move");
      // A link (here, the page reloaded) keeps practice mode.
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === "1");
      await idle();
      assert.ok(await page.isChecked("#practice"));
      await secret("reloaded");
      // Every family starts and plays with its values hidden.
      const names = await page.$$eval("#family option", (os) => os.map((o) => o.value));
      for (const name of names) {
        await page.selectOption("#family", name);
        await page.click("#new-game");
        await idle();
        assert.equal((await status()).error, "", name);
        assert.equal(await page.textContent("#value"), "?", name);
        const first = await page.$("#moves button");
        if (first) {
          await first.click();
          await idle();
          assert.equal((await status()).error, "", name);
        }
        assert.equal(await page.textContent("#value"), "?", `${name} after a move`);
        assert.equal(await page.$$eval("#moves button.win, #moves button.lose", (l) => l.length), 0, name);
      }
      await page.setChecked("#practice", false);
      assert.doesNotMatch(page.url(), /pr=1/);
      assert.match(await page.textContent("#value"), /^\*\d+$|^–$/);
    },

    // Issue 27: the patterns of a sequence, and a claim checked.
    async "the patterns of a sequence and a claim checked"() {
      await sequence("0.07", 1000);
      await page.waitForSelector("#findings li");
      const first = await page.$eval("#findings li", (li) => ({ kind: li.dataset.kind, status: li.dataset.status, text: li.textContent }));
      assert.equal(first.kind, "period");
      assert.equal(first.status, "proven");
      assert.match(first.text, /G\(n \+ 34\) = G\(n\) for n >= 53/);
      assert.match(first.text, /proven: octal periodicity theorem/);
      assert.match(await page.textContent("#pattern-info"), /G\(0\.\.1,000\)/);
      // The fields of grundy pattern --json and grundy check --json.
      const viaPage = (fn, request) => page.evaluate(async ([fn, request]) => {
        const a = await (await import("./compute.js")).tables.call(fn, request);
        delete a._ms;
        return a;
      }, [fn, request]);
      assert.deepEqual(await viaPage("pattern", { rule: "0.07", to: 1000 }), cliJson(cli, ["pattern", "0.07", "--to", "1000", "--json"]));
      // G(10^18) from the proven period, as grundy pattern --at gives it.
      const huge = "1000000000000000000";
      const at = cliJson(cli, ["pattern", "0.07", "--to", "1000", "--at", huge, "--json"]).at;
      await page.fill("#at-n", huge);
      await page.click("#at-form button");
      await page.waitForFunction(() => document.getElementById("at-result").dataset.value !== undefined);
      assert.equal(await page.$eval("#at-result", (el) => el.dataset.value), String(at.value));
      assert.match(await page.textContent("#at-result"), new RegExp(`G\\(${huge}\\) = ${at.value}, proven`));
      // A wrong claim, refuted where the command line refutes it.
      const claim = "0.07 has period 12 from 4";
      const want = cliJson(cli, ["check", claim, "--json"]);
      assert.equal(want.verdict, "refuted");
      assert.deepEqual(await viaPage("check", { claim }), want);
      await page.fill("#claim", claim);
      await page.click("#claim-form button");
      await page.waitForFunction(() => document.getElementById("claim-result").dataset.verdict);
      const shown = await page.$eval("#claim-result", (el) => ({ ...el.dataset, text: el.textContent }));
      assert.equal(shown.verdict, "refuted");
      assert.equal(shown.n, String(want.counterexample.n));
      assert.ok(shown.text.includes(want.text), shown.text);
      await page.fill("#claim", "0.07 has period 34 from 53");
      await page.click("#claim-form button");
      await page.waitForFunction(() => document.getElementById("claim-result").dataset.verdict);
      assert.equal(await page.$eval("#claim-result", (el) => el.dataset.verdict), "proven");
      // A rule past what the finder recomputes quickly: the range says how far.
      await sequence("0.77", 1000000);
      await page.waitForSelector("#findings li");
      const last = Number(await page.$eval("#pattern-info", (el) => el.dataset.last));
      assert.ok(last >= 1000 && last < 1000000, `searched to ${last}`);
      assert.match(await page.textContent("#findings"), /G\(n \+ 12\) = G\(n\) for n >= 71/);
    },

    // 7. The small ones.
    async "colour moves off hides which moves win"() {
      // "(wins in 11 moves)", or "(wins)" where the remoteness is unknown.
      await start("nim", "3 4 5");
      assert.match(await page.textContent("#moves"), /\(wins( in \d+ moves?)?\)/);
      await page.setChecked("#show-hints", false);
      assert.doesNotMatch(await page.textContent("#moves"), /\(wins|\(loses/);
      await page.setChecked("#show-hints", true);
      assert.match(await page.textContent("#moves"), /\(wins( in \d+ moves?)?\)/);
    },

    async "two-player games name the winner"() {
      for (const [convention, position] of [["normal", "1 2"], ["misere", "1 1 1"]]) {
        await start("nim", position, { convention, vs: false });
        let n = 0;
        while ((await status()).over !== "1") {
          await page.click("#moves button");
          await idle();
          assert.ok(++n < 10);
        }
        // The player who made the last move wins in normal play, loses in misère.
        const last = ((n - 1) % 2) + 1;
        const winner = convention === "normal" ? last : 3 - last;
        assert.match((await status()).text, new RegExp(`Player ${winner} wins`), `${convention} ${position}`);
      }
    },

    async "misere is offered only where it is taken"() {
      const offered = async (family) => {
        await page.selectOption("#family", family);
        return page.$eval('#convention option[value="misere"]', (o) => !o.disabled);
      };
      assert.equal(await offered("nim"), true);
      assert.equal(await offered("wythoff"), false, "wythoff refuses misère play");
      assert.equal(await page.inputValue("#convention"), "normal");
      assert.equal(await offered("moore"), true);
    },

    async "bad numbers get plain messages"() {
      for (const to of ["abc", "1.5", "-3", ""]) {
        await sequence("kayles", to);
        const info = await page.textContent("#seq-info");
        assert.doesNotMatch(info, /expected u64|line \d+ column|invalid type/, info);
        assert.match(info, /whole number|missing/, info);
      }
      await page.fill("#table-size", "x");
      await page.click("#table-form button");
      await page.waitForFunction(() => document.getElementById("nimber-table").textContent.length > 0);
      const t = await page.textContent("#nimber-table");
      assert.doesNotMatch(t, /expected u64|line \d+ column/, t);
      assert.match(t, /size/, t);
      await page.fill("#table-size", "16");
    },

    async "a game that cannot start clears the last one"() {
      await start("nim", "3 4 5");
      assert.ok(await page.$("#drawing svg"));
      await start("nim", "3 x 5");
      const s = await status();
      assert.match(s.error, /x/);
      assert.equal(await page.$$eval("#drawing svg", (l) => l.length), 0, "the last game's drawing is gone");
      assert.equal(await page.$$eval("#moves li", (l) => l.length), 0, "its moves are gone");
      assert.equal(s.value, undefined, "its value is gone");
      assert.equal(s.text, "");
    },

    async "links and Back load the game they name"() {
      await start("nim", "3 4 5");
      // A link opened in the same tab: only the part after # changes.
      await page.goto(base + "#f=nim&p=1%202");
      await page.waitForFunction(() => /nim 1 2$/.test(document.querySelector("#status .muted")?.textContent || ""), null, { timeout: 10000 });
      await idle();
      assert.equal((await status()).value, "3", "nim 1 2 after the link");
      assert.equal(await page.inputValue("#position"), "1 2", "the form shows the linked game");
      // A link clicked in the page.
      await page.evaluate(() => {
        const a = document.createElement("a");
        a.href = "#f=heap&v=kayles&p=4";
        a.id = "test-link";
        a.textContent = "kayles 4";
        document.body.append(a);
      });
      await page.click("#test-link");
      await page.evaluate(() => document.getElementById("test-link").remove());
      await page.waitForFunction(() => /kayles 4$/.test(document.querySelector("#status .muted")?.textContent || ""), null, { timeout: 10000 });
      await idle();
      assert.equal((await status()).value, cliValue(cli, ["heap", "kayles", "4"]));
      // Back returns to the games before, and stays in the page.
      await page.goBack();
      await page.waitForFunction(() => /nim 1 2$/.test(document.querySelector("#status .muted")?.textContent || ""), null, { timeout: 10000 });
      await idle();
      assert.equal((await status()).value, "3");
      await page.goBack();
      await page.waitForFunction(() => /nim 3 4 5$/.test(document.querySelector("#status .muted")?.textContent || ""), null, { timeout: 10000 });
      await idle();
      assert.ok(page.url().startsWith(base), `still in the page: ${page.url()}`);
      // Moves do not each add an entry: Back after moves goes to the game before.
      await start("nim", "2 2");
      await page.click("#moves button");
      await idle();
      assert.equal(JSON.parse(new URLSearchParams(new URL(page.url()).hash.slice(1)).get("m") || "[]").length, 2);
      await page.goBack();
      await page.waitForFunction(() => /nim 3 4 5$/.test(document.querySelector("#status .muted")?.textContent || ""), null, { timeout: 10000 });
      await page.goForward();
      await page.waitForFunction(() => document.getElementById("position").value === "2 2" && document.getElementById("history").children.length === 3, null, { timeout: 10000 });
    },

    async "redo after undoing to the start with the computer first"() {
      await page.selectOption("#first", "computer");
      await start("nim", "1 2 4");
      await page.selectOption("#first", "human");
      const moves = () => page.evaluate(() => JSON.parse(new URLSearchParams(location.hash.slice(1)).get("m") || "[]"));
      assert.equal((await moves()).length, 1, "the computer moved first");
      await page.click("#moves button");
      await idle();
      const played = await moves();
      assert.equal(played.length, 3);
      // Undo as far as it goes, then redo as far as it goes.
      for (let n = 0; !(await page.isDisabled("#undo")); n++) {
        assert.ok(n < 3, "undo ends");
        await page.click("#undo");
        await idle();
      }
      const low = await moves();
      assert.ok(low.length >= 1 && low.length % 2 === 1, `the player is to move after undo: ${low}`);
      for (let n = 0; !(await page.isDisabled("#redo")); n++) {
        assert.ok(n < 3, "redo ends");
        await page.click("#redo");
        await idle();
      }
      const s = await status();
      assert.equal(s.error, "");
      assert.deepEqual(await moves(), played, "redo gives back the game played");
      const shown = await page.$$eval("#history li", (ls) => ls.length);
      assert.equal(shown, played.length + 1);
    },

    async "treblecross shows the value of its heap form as the command line does"() {
      for (const board of ["X......", ".......", "X...X.."]) {
        await start("strip", board, { variant: "treblecross" });
        const s = await status();
        assert.equal(s.error, "");
        const want = JSON.parse(cliText(cli, ["heap", "treblecross", "--board", board, "--json"]));
        // The board keeps no value of its own; its heap form's heaps, as the
        // command line lists them, have the values the page shows.
        const form = JSON.parse(cliText(cli, ["heap", "treblecross", ...want.heaps.map(String), "--json"]));
        const parts = await page.$$eval("#components tr:not(.total) td:nth-child(2)", (tds) => tds.map((td) => td.textContent));
        const sum = parts.map((t) => Number(t.replace(/^\*/, ""))).reduce((a, b) => a ^ b, 0);
        assert.equal(want.value, null, `the board ${board} has no value of its own`);
        assert.equal(sum, form.value, `the heap form of ${board}: ${parts}`);
        assert.equal(s.outcome, want.outcome, `the outcome of ${board}`);
      }
      // A move that lets the opponent complete three in a row has no heap form.
      await start("strip", "X......", { variant: "treblecross" });
      await page.click('#moves button[data-move="put an X on cell 5"]');
      await idle();
      assert.ok((await status()).error === "");
    },

    async "a script and a rules file typed in the variant box are played as the command line plays them"() {
      const dir = mkdtempSync(join(tmpdir(), "grundy-own-"));
      try {
        // A Rhai script: subtract 1, 2 or 5.
        const script = "fn options(n) {\n  let o = [];\n  for k in [1, 2, 5] { if k <= n { o.push(n - k); } }\n  o\n}\n";
        writeFileSync(join(dir, "game.rhai"), script);
        await start("script", "9 + 4", { variant: script });
        let s = await status();
        assert.equal(s.error, "");
        let want = cliJson(cli, ["game", join(dir, "game.rhai"), "9", "4", "--json"]);
        assert.equal(s.value, String(want.value), "the script's value");
        assert.ok(await page.$eval("#variant", (el) => el.rows > 1), "the script gets a box of several lines");
        // A mistake in the script is named by its line and column.
        await start("script", "3", { variant: "fn options(n) {\n  [n - 1\n}\n" });
        s = await status();
        assert.match(s.error, /line 3/, s.error);
        // A rules file: Dawson's Kayles from its start.
        const rules = "[game]\nkind = \"heap\"\nrule = \"0.07\"\nstart = [8, 11]\n";
        writeFileSync(join(dir, "dawson.toml"), rules);
        await start("rules", "", { variant: rules });
        s = await status();
        assert.equal(s.error, "");
        want = cliJson(cli, ["game", join(dir, "dawson.toml"), "--json"]);
        assert.equal(s.value, String(want.value), "the rules file's value");
        await page.click("#moves button");
        await idle();
        assert.equal((await status()).error, "");
        // A start its family refuses is named by its line.
        await start("rules", "", { variant: rules.replace("[8, 11]", "[\"x\"]") });
        assert.match((await status()).error, /line 4: start/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },

    async "history numbers from 10 stay apart"() {
      await start("nim", Array(12).fill("1").join(" "), { vs: false });
      for (let i = 0; i < 12; i++) {
        await page.click("#moves button");
        await idle();
      }
      const items = await page.$$eval("#history li", (ls) => ls.map((l) => {
        const r = l.getBoundingClientRect();
        return { text: l.innerText, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }));
      assert.equal(items.length, 13);
      items.forEach((it, i) => assert.ok(it.text.startsWith(`${i}.`), `item ${i} shows its number: ${it.text}`));
      for (let i = 1; i < items.length; i++) {
        const a = items[i - 1], b = items[i];
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        assert.ok(apart, `items ${i - 1} and ${i} overlap`);
      }
    },

    // 4. A phone: no horizontal scroll, every control at least 44 px each
    // way (a finger's target), heap tokens at least 24 px.
    async "a phone's screen holds the page"() {
      const before = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        const problems = [];
        const look = async (view) => {
          const r = await page.evaluate(() => {
            const small = [];
            for (const el of document.querySelectorAll("button, input, select, a, textarea")) {
              const b = el.getBoundingClientRect();
              if (!b.width || !b.height || getComputedStyle(el).visibility === "hidden") continue;
              if (b.width < 44 || b.height < 44) small.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${(el.textContent || el.value || "").trim().slice(0, 20)}" ${b.width.toFixed(0)}x${b.height.toFixed(0)}`);
            }
            const tokens = [...document.querySelectorAll("#drawing .token")].map((t) => t.getBoundingClientRect());
            return { width: document.documentElement.scrollWidth, small, token: tokens.length ? Math.min(...tokens.map((t) => Math.min(t.width, t.height))) : null };
          });
          if (r.width > 390) problems.push(`${view}: the page is ${r.width} px wide`);
          if (r.small.length) problems.push(`${view}: ${r.small.length} controls under 44 px: ${r.small.slice(0, 8).join("; ")}`);
          if (r.token !== null && r.token < 24) problems.push(`${view}: heap tokens ${r.token.toFixed(1)} px`);
        };
        await start("nim", "3 4 5");
        await look("nim 3 4 5");
        await page.click("#moves button.lose");
        await idle();
        await page.click("#why");
        await page.waitForFunction(() => !document.getElementById("explain").hidden);
        await look("why");
        await page.click("#export");
        await look("export");
        await page.evaluate(() => (document.getElementById("transfer").hidden = true));
        await sequence("kayles", 1000);
        await look("a sequence");
        await page.fill("#claim", "kayles has period 6 from 0");
        await page.click("#claim-form button");
        await page.waitForFunction(() => document.getElementById("claim-result").dataset.verdict);
        await look("patterns and a claim");
        await longSequence();
        await page.waitForSelector("#seq-job:not([hidden])");
        await page.waitForFunction(() => /values\/s/.test(document.getElementById("seq-progress").textContent));
        await look("a sequence under way");
        await page.click("#seq-cancel");
        await idle();
        await page.fill("#table-size", "16");
        await page.click("#table-form button");
        await page.waitForSelector("#nimber-table table");
        await look("a nimber table");
        await start("strip", "X......", { variant: "treblecross" });
        await look("treblecross");
        await page.setChecked("#practice", true);
        await look("practice mode");
        await page.setChecked("#practice", false);
        await start("corners", "");
        await look("turning corners");
        assert.ok(problems.length === 0, problems.join("\n"));
      } finally {
        await page.setViewportSize(before);
      }
    },

    // 9. Accessibility.
    async "axe finds no violation on the main views"() {
      const axe = (view) => axeViolations(page, view);
      const found = [];
      const view = async (name, f) => {
        await f();
        found.push(...(await axe(name)));
      };
      await view("a game of Nim", () => start("nim", "3 4 5"));
      await view("a move played and Why?", async () => {
        await page.click("#moves button.lose");
        await idle();
        await page.click("#why");
        await page.waitForFunction(() => !document.getElementById("explain").hidden);
      });
      await view("a sequence with its plot, table and patterns", () => sequence("kayles", 300));
      await view("a claim checked", async () => {
        await page.fill("#claim", "kayles has period 6 from 0");
        await page.click("#claim-form button");
        await page.waitForFunction(() => document.getElementById("claim-result").dataset.verdict);
      });
      await view("a sequence under way", async () => {
        await longSequence();
        await page.waitForSelector("#seq-job:not([hidden])");
        await page.waitForFunction(() => /values\/s/.test(document.getElementById("seq-progress").textContent));
      });
      await page.click("#seq-cancel");
      await idle();
      await view("a nimber table", async () => {
        await page.fill("#table-size", "8");
        await page.click("#table-form button");
        await page.waitForSelector("#nimber-table table");
        await page.click("#nimber-form button");
        await page.waitForSelector("#nimber-result tr");
      });
      await view("a board game", () => start("strip", "X......", { variant: "treblecross" }));
      await view("practice mode", () => page.setChecked("#practice", true));
      await page.setChecked("#practice", false);
      await page.fill("#table-size", "16");
      assert.ok(found.length === 0, `axe's violations:\n${found.join("\n")}`);
    },

    async "focus stays on the moves after a move"() {
      await start("nim", "3 4 5");
      await page.focus("#moves button.lose");
      await page.keyboard.press("Enter");
      await idle();
      const where = await page.evaluate(() => {
        const a = document.activeElement;
        return { inMoves: !!a?.closest("#moves"), tag: a?.tagName };
      });
      assert.ok(where.inMoves, `focus after a move: ${where.tag}`);
      // A control used keeps the focus: Undo, with a move left to undo, and
      // the form's Play button.
      await page.focus("#moves button.lose");
      await page.keyboard.press("Enter");
      await idle();
      await page.focus("#undo");
      await page.keyboard.press("Enter");
      await idle();
      assert.equal(await page.evaluate(() => document.activeElement?.id), "undo");
      await page.focus("#move-input");
      await page.keyboard.type("5");
      await page.keyboard.press("Enter");
      await idle();
      assert.equal(await page.evaluate(() => document.activeElement?.id), "move-input");
    },

    async "moves are announced"() {
      await start("nim", "3 4 5");
      const live = () => page.$$eval('[aria-live="polite"], [role="status"], [role="log"]', (els) => els.map((e) => e.textContent).join(" | "));
      const move = await page.$eval("#moves button.lose", (b) => b.dataset.move);
      await page.click("#moves button.lose");
      await idle();
      const reply = JSON.parse(new URLSearchParams(new URL(page.url()).hash.slice(1)).get("m"))[1];
      const said = await live();
      assert.ok(said.includes(move), `the move played is announced: ${said}`);
      assert.ok(said.includes(reply), `the computer's reply is announced: ${said}`);
    },

    // 6. Positions too large to list or draw.
    async "long positions are analysed as the command line does"() {
      const ones = Array(200001).fill("1").join(" ");
      await start("nim", ones);
      let s = await status();
      assert.equal(s.error, "", "nim with 200001 heaps");
      assert.equal(s.value, "1");
      assert.match(await page.textContent("#drawing"), /too large to draw/);
      const row = "O".repeat(100001);
      await start("turtles", row);
      s = await status();
      assert.equal(s.error, "", "turtles with 100001 coins");
      assert.equal(s.value, cliValue(cli, ["turtles", row]));
      const t = Date.now();
      await start("northcott", "1:1000000", { variant: "1000000" });
      s = await status();
      assert.equal(s.error, "", "northcott 1000000 wide");
      assert.ok((await page.innerHTML("#drawing")).length < 100000, "a small drawing");
      assert.match(await page.textContent("#drawing"), /too large to draw/);
      assert.ok(Date.now() - t < 10000, `northcott 10^6 wide shown in ${Date.now() - t} ms`);
      await start("nim", "3 4 5");
    },

    // 7. The engine's speed: Grundy's game to 10^6 ran 5-8 times slower in
    // the page than on the command line, 0.6 3-4 times.
    async "grundy and 0.6 to 10^6 take at most three times the command line's time (target: twice)"() {
      await checkSpeed({ page, base, cli, dist, figures });
    },
  };

  // The welcome, the rules in words and the glossary (words.mjs); what a
  // class needs of play (teaching.mjs); what the command line says
  // (faithful.mjs).
  Object.assign(checks, wordChecks({ page, base, cli, idle, start }));
  Object.assign(checks, teachingChecks({ page, cli, idle }));
  Object.assign(checks, faithfulChecks({ page, cli, idle, start }));

  const failed = [];
  for (const [name, check] of Object.entries(checks)) {
    if (only && !new RegExp(only).test(name)) continue;
    try {
      await check();
      console.log(`  ok: ${name}`);
    } catch (e) {
      failed.push(name);
      console.log(`  FAILED: ${name}: ${String(e.message).split("\n").slice(0, 12).join("\n    ")}`);
      // The next check starts from a usable page.
      await page.goto(base);
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 20000 }).catch(() => {});
    }
  }
  return failed;
}
