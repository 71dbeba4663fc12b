// Checks of what the page gives a class, run with the checks of defects.mjs: the remoteness of
// every legal move and of the position (the same as the command line's), the
// value history with the moves that threw a win away, the computer's levels
// (its slips told as such by Why?), and one game in every family at a level
// below perfect with the value history drawn.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

/** The JSON lines of `grundy play ... --json` fed `input`. */
function playJson(cli, args, input) {
  const out = execFileSync(cli, ["play", ...args, "--json"], { input, encoding: "utf8" });
  return out.trim().split("\n").map((l) => JSON.parse(l));
}

/** The checks, by name, for defects.mjs's list. */
export function teachingChecks({ page, cli, idle }) {
  const start = async (family, position, { variant = "", first = "human", level = "perfect", vs = true } = {}) => {
    await page.selectOption("#family", family);
    await page.$eval("#variant", (el, v) => (el.value = v), variant);
    await page.fill("#position", position);
    await page.selectOption("#convention", "normal");
    await page.selectOption("#first", first);
    await page.selectOption("#level", level);
    await page.setChecked("#vs", vs);
    await page.click("#new-game");
    await idle();
  };
  const error = () => page.textContent("#error");
  const moveButtons = () =>
    page.$$eval("#moves button[data-move]", (bs) => bs.map((b) => ({ move: b.dataset.move, outcome: b.dataset.outcome, remoteness: b.dataset.remoteness, text: b.textContent })));
  const plies = () => page.$$eval("#history-plot svg circle[data-ply]:not(.mistake)", (cs) => cs.length);

  return {
    async "every legal move shows its remoteness, as the command line gives it"() {
      await start("nim", "3 4 5");
      const shown = await moveButtons();
      const cliMoves = playJson(cli, ["nim", "3", "4", "5"], "moves\n").find((l) => l.moves).moves;
      assert.equal(shown.length, cliMoves.length);
      for (const m of cliMoves) {
        const b = shown.find((s) => s.move === m.move);
        assert.ok(b, `move ${m.move} shown`);
        assert.equal(b.remoteness, String(m.remoteness), m.move);
        const verb = m.outcome === "P" ? "wins" : "loses";
        assert.match(b.text, new RegExp(`\\(${verb} in ${m.remoteness + 1} moves?\\)`), b.text);
      }
      // The position itself: an N-position of remoteness 11.
      assert.match(await page.textContent("#status"), /should win in 11 moves/);
      // Without colours, nothing tells a move's outcome.
      await page.setChecked("#show-hints", false);
      for (const b of await moveButtons()) assert.doesNotMatch(b.text, /wins|loses/, b.text);
      await page.setChecked("#show-hints", true);
    },

    async "the value history shows who wins after each move, and rings a thrown-away win"() {
      await start("nim", "3 4 5");
      assert.equal(await plies(), 1, "the start alone");
      // A losing move: the player was winning and is not any more.
      await page.click("#moves button.lose");
      await idle();
      await page.waitForFunction(() => document.querySelectorAll("#history-plot svg circle[data-ply]:not(.mistake)").length === 3);
      const marks = await page.$$eval("#history-plot svg circle.mistake", (cs) => cs.map((c) => c.dataset.ply));
      assert.deepEqual(marks, ["1"], "the first move threw the win away");
      const sides = await page.$$eval("#history-plot svg circle[data-side]", (cs) => cs.map((c) => c.dataset.side));
      // The start: you (side 0) win; after your move and the reply, the computer does.
      assert.deepEqual(sides, ["0", "1", "1"]);
      const label = await page.$eval("#history-plot svg", (s) => s.getAttribute("aria-label"));
      assert.match(label, /thrown away at move 1/);
      assert.match(await page.textContent("#history"), /the computer wins in \d+ moves/);
      // Two players: the sides are Player 1 and Player 2.
      await start("nim", "1 2", { vs: false });
      await page.click("#moves button");
      await idle();
      assert.match(await page.$eval("#history-plot svg", (s) => s.textContent), /Player 1.*Player 2/s);
    },

    async "the computer's level: slips below perfect, told by Why?"() {
      const starts = ["3 4 5", "2 3", "1 2 4", "4 5 6 7", "1 3", "2 5 6", "3 5", "1 4 6", "6 7", "2 4 7", "1 5", "3 6 7"];
      const whys = async (level) => {
        const out = [];
        for (const p of starts) {
          await start("nim", p, { first: "computer", level });
          assert.equal(await error(), "", `${level} ${p}`);
          await page.click("#why");
          await page.waitForFunction(() => !document.getElementById("explain").hidden);
          out.push(await page.textContent("#explain"));
        }
        return out;
      };
      const perfect = await whys("perfect");
      for (const w of perfect) assert.match(w, /winning move/, w);
      const easy = await whys("easy");
      const slips = easy.filter((w) => /At the easy level the computer plays a random legal move/.test(w));
      assert.ok(slips.length >= 2, `${slips.length} slips in ${starts.length} first moves at easy`);
      // The level is kept in the link, and a reload keeps it.
      assert.match(page.url(), /l=easy/);
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === "1");
      await idle();
      assert.equal(await page.inputValue("#level"), "easy");
      await page.selectOption("#level", "perfect");
    },

    async "one game in every family at the medium level, with remoteness and the value history"() {
      const names = await page.$$eval("#family option", (os) => os.map((o) => o.value));
      let withRemoteness = 0;
      for (const name of names) {
        await page.selectOption("#family", name);
        await page.selectOption("#level", "medium");
        await page.selectOption("#first", "human");
        await page.setChecked("#vs", true);
        await page.click("#new-game");
        await idle();
        assert.equal(await error(), "", name);
        const normal = (await page.inputValue("#convention")) === "normal";
        for (let turn = 0; turn < 3; turn++) {
          const shown = await moveButtons();
          if (!shown.length) break;
          for (const m of shown) {
            if (m.remoteness === undefined) continue;
            withRemoteness++;
            // Normal play: P-positions have even remoteness, N odd.
            if (normal) assert.equal(Number(m.remoteness) % 2 === 0, m.outcome === "P", `${name}: ${m.text}`);
          }
          await page.click("#moves button[data-move]");
          await idle();
          assert.equal(await error(), "", `${name} after a move`);
        }
        const n = await page.evaluate(() => JSON.parse(new URLSearchParams(location.hash.slice(1)).get("m") || "[]").length);
        assert.equal(await plies(), n + 1, `${name}: a point per position`);
      }
      assert.ok(withRemoteness > names.length, `only ${withRemoteness} moves had a remoteness`);
      await page.selectOption("#level", "perfect");
    },
  };
}
