// Checks that the page says what the command line says, run with the
// checks of defects.mjs: Smith's values and draws of the games that can
// loop (Wind-Up, chips on a graph with a cycle) in the status, the moves,
// the hint, the history and its chart; an import refused, in words and
// changing nothing, unless the whole file is an exported game; the values
// a Treblecross move leaves (its heap form's); a long position cut in the
// status as the command line cuts it; "Why?" in a game of two players; and
// on a phone, every part of every family's drawing at least 44 px across.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

const cliText = (cli, args) => execFileSync(cli, args, { encoding: "utf8", maxBuffer: 1 << 26 });
const cliJson = (cli, args) => JSON.parse(cliText(cli, [...args, "--json"]));
/** The value line of the command line's report: "∞(∅)", "∞(0)", "0". */
const cliValue = (cli, args) => cliText(cli, args).match(/^(?:Grundy value|Value): (.+)$/m)[1];
/** A value shown by the page as the command line writes it: *3 for 3. */
const asPage = (v) => (/^\d+$/.test(v) ? `*${v}` : v);

/** The checks, by name, for defects.mjs's list. */
export function faithfulChecks({ page, cli, idle, start }) {
  const status = () => page.evaluate(() => ({ ...document.getElementById("status").dataset, text: document.getElementById("status").textContent, error: document.getElementById("error").textContent }));
  const moveButtons = () =>
    page.$$eval("#moves button[data-move]", (bs) => bs.map((b) => ({ move: b.dataset.move, cls: b.className, outcome: b.dataset.outcome, value: b.dataset.value, to: b.title.replace(/^leaves /, ""), shown: b.querySelector("small")?.textContent ?? "" })));
  const gameText = () => page.evaluate(() => document.getElementById("game").innerText);

  return {
    async "loopy values and draws are written as the command line writes them"() {
      const games = [
        { family: "wind-up", variant: "7:2,5", position: "4", cli: (p) => [`wind-up:7:2,5`, ...p.split(" ")] },
        { family: "chips", variant: "a b;b a;b c;c d;d a;c e", position: "a", cli: (p) => ["chips:a b;b a;b c;c d;d a;c e", ...p.split(" ")] },
      ];
      for (const g of games) {
        await start(g.family, g.position, { variant: g.variant });
        const want = cliJson(cli, g.cli(g.position));
        assert.equal(want.outcome, "D", `${g.family} ${g.position} is a draw`);
        const value = cliValue(cli, g.cli(g.position));
        const s = await status();
        assert.equal(s.error, "");
        assert.equal(s.outcome, "D", g.family);
        assert.equal(s.value, value, `${g.family}: the value in the status`);
        assert.equal(await page.textContent("#value"), value);
        assert.match(s.text, /draw with best play/);
        assert.doesNotMatch(s.text, /should (win|lose)/, s.text);
        assert.doesNotMatch(await gameText(), /object Object/);
        assert.match(await page.textContent("#components tr.total"), new RegExp(value.replace(/[()]/g, "\\$&")));
        // Each move: the value and outcome of what it leaves, as the command
        // line gives them; the moves that keep the draw are marked as such.
        const keep = want.draw_keeping_moves.map((m) => m.move);
        for (const b of await moveButtons()) {
          const after = cliValue(cli, g.cli(b.to));
          const outcome = cliJson(cli, g.cli(b.to)).outcome;
          assert.equal(b.outcome, outcome, `${g.family}: ${b.move}`);
          assert.ok(b.shown.startsWith(`→ ${asPage(after)}`), `${g.family}: ${b.move} shows ${b.shown}, not ${after}`);
          assert.equal(b.cls === "draw", keep.includes(b.move), `${g.family}: ${b.move} is marked ${b.cls}`);
          if (b.cls === "draw") assert.match(b.shown, /keeps the draw/);
        }
        assert.ok(keep.length > 0 && (await moveButtons()).some((b) => b.cls === "draw"));
        // The hint: the move that keeps the draw.
        await page.evaluate(() => (document.getElementById("message").textContent = ""));
        await page.click("#hint");
        await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("Hint:"));
        const hint = await page.textContent("#message");
        assert.ok(keep.some((m) => hint.includes(`keeps the draw: ${m}`)), hint);
        // The history and its chart: a draw, neither side's.
        const first = await page.$eval("#history li", (li) => ({ text: li.textContent, cls: li.className }));
        assert.equal(first.cls, "d");
        assert.ok(first.text.includes(`${asPage(value)} (D, a draw)`), first.text);
        const dot = await page.$eval('#history-plot circle[data-ply="0"]', (c) => ({ side: c.dataset.side, title: c.textContent }));
        assert.equal(dot.side, "draw");
        assert.doesNotMatch(dot.title, /win/, dot.title);
      }
      // A draw kept against the computer, then thrown away: the chart rings
      // the move that lost it.
      await start("wind-up", "4", { variant: "7:2,5" });
      await page.click("#moves button.lose");
      await idle();
      await page.waitForFunction(() => document.getElementById("history").children.length >= 2);
      const after = await page.$$eval("#history li", (ls) => ls.map((l) => l.dataset.outcome));
      assert.equal(after[1], "N", "the move handed the computer the win");
      assert.match(await page.$eval("#history-plot svg", (s) => s.getAttribute("aria-label")), /a draw was thrown away at move 1/);
    },

    async "import refuses what is not an exported game, in words, and changes nothing"() {
      await start("nim", "3 4 5");
      const hash = await page.evaluate(() => location.hash);
      const attempt = async (text) => {
        await page.evaluate(() => { document.getElementById("error").textContent = ""; document.getElementById("message").textContent = ""; document.getElementById("transfer").hidden = true; });
        await page.click("#import");
        await page.fill("#transfer", text);
        await page.click("#import");
        await page.waitForFunction(() => document.getElementById("error").textContent || document.getElementById("message").textContent);
        await idle();
        return { error: await page.textContent("#error"), message: await page.textContent("#message") };
      };
      for (const [text, words] of [
        ["null", /not null/],
        ["5", /not a number/],
        ["[1, 2]", /not a list/],
        ["{not json", /not JSON/],
        ['{"family": "nim", "position": "3", "moves": [{"x": 1}]}', /move 1 is an object \(\{"x":1\}\)/],
        ['{"family": "nim", "position": "3 4 5", "moves": ["nonsense"]}', /move 1 \(nonsense\)/],
        ['{"family": "no-such-game", "position": "1"}', /no family 'no-such-game'/],
        ['{"family": "nim"}', /'position' is missing/],
        ['{"family": "nim", "position": "1", "vs": "yes"}', /'vs' is text/],
        ['{"family": "nim", "position": "1", "colour": 1}', /'colour' is not one Export writes/],
      ]) {
        const r = await attempt(text);
        assert.match(r.error, /^import: /, `${text}: ${r.error}`);
        assert.match(r.error, words, `${text}: ${r.error}`);
        assert.doesNotMatch(r.error, /Cannot read|undefined|object Object/, r.error);
        assert.notEqual(r.message, "Imported.", text);
        assert.equal(await page.evaluate(() => location.hash), hash, `${text}: the game is unchanged`);
        const s = await status();
        assert.equal(s.value, "2", `${text}: Nim 3 4 5 is still shown`);
      }
      // An exported game is imported.
      await page.click("#export");
      const exported = JSON.parse(await page.inputValue("#transfer"));
      exported.position = "1 2";
      const r = await attempt(JSON.stringify(exported));
      assert.equal(r.error, "");
      assert.equal(r.message, "Imported.");
      assert.equal((await status()).value, "3");
    },

    async "treblecross moves show the values of the heap form they leave"() {
      const board = "X......";
      await start("strip", board, { variant: "treblecross" });
      const heapForm = (b) => {
        const heaps = cliJson(cli, ["heap", "treblecross", "--board", b]).heaps;
        if (heaps === null) return null;
        return heaps.length ? cliJson(cli, ["heap", "treblecross", ...heaps.map(String)]).value : 0;
      };
      assert.equal(await page.textContent("#components tr.total td:nth-child(2)"), `*${heapForm(board)}`);
      const moves = await moveButtons();
      assert.equal(moves.length, 6);
      let valued = 0;
      for (const b of moves) {
        const v = heapForm(b.to);
        if (v === null) {
          assert.equal(b.outcome, "N", `${b.move}: the next player completes three in a row`);
          continue;
        }
        valued++;
        assert.ok(b.shown.startsWith("→ ") && b.shown.split(" (")[0].endsWith(`*${v}`), `${b.move} leaves ${b.to}, value ${v} by its heap form: ${b.shown}`);
        assert.equal(b.value, String(v));
        assert.equal(b.cls === "win", v === 0, b.move);
      }
      assert.ok(valued >= 4, `${valued} moves with a heap form`);
    },

    async "the status cuts a long position as the command line does"() {
      const ones = Array(20001).fill("1");
      await start("nim", ones.join(" "));
      const s = await status();
      assert.equal(s.error, "");
      const cut = cliText(cli, ["nim", ...ones]).split("\n")[0].replace(/^nim /, "").replace(/ \(normal play\)$/, "");
      assert.match(cut, /\(\d+ more\)$/);
      assert.ok(s.text.includes(`nim ${cut}`), `the status names the position as the command line does: ${s.text.slice(0, 300)}`);
      assert.ok(s.text.length < 600, `the status is ${s.text.length} characters long`);
      const label = await page.$eval("#drawing svg, #drawing p", (el) => el.getAttribute("aria-label") || "");
      assert.ok(label.length < 600, `the drawing's name is ${label.length} characters long`);
      await start("nim", "3 4 5");
    },

    async "why in a game of two players explains the position"() {
      await start("nim", "3 4 5", { vs: false });
      const why = async () => {
        await page.evaluate(() => (document.getElementById("explain").hidden = true));
        await page.click("#why");
        await page.waitForFunction(() => !document.getElementById("explain").hidden);
        return { message: await page.textContent("#message"), text: await page.textContent("#explain") };
      };
      let w = await why();
      assert.doesNotMatch(w.message, /computer/, w.message);
      assert.equal(w.text, cliText(cli, ["nim", "3", "4", "5", "--explain"]).trimEnd());
      const b = (await moveButtons())[0];
      await page.click(`#moves button[data-move="${b.move}"]`);
      await idle();
      w = await why();
      assert.equal(w.text, cliText(cli, ["nim", ...b.to.split(" "), "--explain"]).trimEnd(), `after ${b.move}`);
    },

    async "on a phone every part of every drawing is at least 44 px across"() {
      const before = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        const problems = [];
        const names = await page.$$eval("#family option", (os) => os.map((o) => o.value));
        for (const name of names) {
          await page.selectOption("#family", name);
          await page.click("#new-game");
          await idle();
          const r = await page.evaluate(() => {
            const small = [];
            let parts = 0;
            for (const el of document.querySelectorAll("#drawing [data-pick]")) {
              const b = el.getBoundingClientRect();
              parts++;
              if (Math.min(b.width, b.height) < 43.5) small.push(`${el.getAttribute("class")} "${el.dataset.pick}" ${b.width.toFixed(0)}x${b.height.toFixed(0)}`);
            }
            return { parts, small, width: document.documentElement.scrollWidth };
          });
          if (r.small.length) problems.push(`${name}: ${r.small.length} of ${r.parts} parts under 44 px: ${r.small.slice(0, 3).join("; ")}`);
          if (r.width > 390) problems.push(`${name}: the page is ${r.width} px wide`);
        }
        assert.ok(problems.length === 0, problems.join("\n"));
      } finally {
        await page.setViewportSize(before);
      }
      // With a mouse, the drawing takes its smaller sizes again.
      await page.selectOption("#family", "nim");
      await page.click("#new-game");
      await idle();
      const token = await page.$eval("#drawing .token", (t) => t.getBoundingClientRect().width);
      assert.ok(token < 30, `a token ${token} px across with a mouse`);
    },
  };
}
