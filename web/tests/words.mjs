// Checks of the words a newcomer reads (welcome.js), run with the checks of
// defects.mjs: the welcome on a first visit, dismissed and remembered; every
// family listed by its name for people with its rules in words, as the
// command line gives them; the terms of a report defined on hover and tap
// and in the glossary; axe-core clean on these views; and a phone's screen.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { axeViolations } from "./axe.mjs";

const cliJson = (cli, args) => JSON.parse(execFileSync(cli, args, { encoding: "utf8" }));
// What no student should read in the rules: a command line, flags, code.
const SYNTAX = /grundy |--|`/;

/** The checks, by name, for defects.mjs's list. */
export function wordChecks({ page, base, cli, idle, start }) {
  const axe = (view) => axeViolations(page, view);
  const visible = (id) => page.evaluate((id) => {
    const el = document.getElementById(id);
    return !!el && !el.hidden && el.getBoundingClientRect().height > 0;
  }, id);
  const ready = () => page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 30000 });

  return {
    async "the welcome shows on a first visit, is dismissed and remembered"() {
      await page.goto(base);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await ready();
      assert.ok(await visible("welcome"), "the welcome is shown on a first visit");
      const text = await page.textContent("#welcome");
      assert.match(text, /Choose a game/);
      assert.match(text, /New game/);
      const found = await axe("the welcome");
      assert.ok(found.length === 0, `axe's violations:\n${found.join("\n")}`);
      await page.click("#welcome-close");
      assert.equal(await visible("welcome"), false, "Start playing hides the welcome");
      assert.equal(await page.evaluate(() => document.activeElement.id), "family", "the focus goes to the family");
      await page.reload();
      await ready();
      assert.equal(await visible("welcome"), false, "a second visit has no welcome");
      await page.click("#welcome-open");
      assert.ok(await visible("welcome"), "the header's Welcome shows it again");
      await page.click("#welcome-close");
      await idle();
    },

    async "every family shows its name for people and its rules in words"() {
      const cliFamilies = cliJson(cli, ["families", "--json"]);
      const options = await page.$$eval("#family option", (os) => os.map((o) => ({ name: o.value, label: o.textContent })));
      assert.deepEqual(options, cliFamilies.map((f) => ({ name: f.name, label: f.title })), "the selector lists the families by their titles");
      for (const f of cliFamilies) {
        await page.selectOption("#family", f.name);
        const shown = await page.evaluate(() => ({
          title: document.getElementById("rules-title").textContent,
          rules: document.getElementById("rules-text").textContent,
          open: document.getElementById("rules-view").open,
        }));
        assert.equal(shown.title, f.title, f.name);
        assert.equal(shown.rules, f.rules, f.name);
        assert.ok(shown.rules.length > 80 && !SYNTAX.test(shown.rules), `${f.name}: ${shown.rules}`);
        assert.ok(shown.open, `${f.name}: the rules are shown`);
      }
      await start("nim", "3 4 5");
      const found = await axe("the rules of Nim");
      assert.ok(found.length === 0, `axe's violations:\n${found.join("\n")}`);
    },

    async "the terms of a report are defined on hover, on tap and in the glossary"() {
      const glossary = cliJson(cli, ["glossary", "--json"]);
      const definition = (term) => glossary.find((t) => t.term === term).definition;
      await start("nim", "3 4 5");
      // Nim 3 4 5: value *2, an N-position.
      await page.waitForSelector("#status abbr.term");
      const terms = await page.$$eval("#status abbr.term", (as) => as.map((a) => ({ text: a.textContent, term: a.dataset.term, title: a.title })));
      for (const [text, term] of [["*2", "*n"], ["N-position", "N-position"]]) {
        const t = terms.find((x) => x.text === text);
        assert.ok(t, `${text} is marked in the status: ${JSON.stringify(terms)}`);
        assert.equal(t.term, term);
        assert.equal(t.title, `${term}: ${definition(term)}`);
      }
      // A tap shows the definition on screen, with a link to the glossary.
      await page.click("#status abbr.term[data-term='N-position']");
      assert.ok(await visible("term-tip"), "a tap shows the definition");
      assert.ok((await page.textContent("#term-tip")).includes(definition("N-position")));
      let found = await axe("a term's definition shown");
      await page.click("#status");
      assert.equal(await visible("term-tip"), false, "a tap elsewhere hides it");
      // Why?: its heading and its text mark the terms they use.
      await page.click("#moves button.lose");
      await idle();
      await page.click("#why");
      await page.waitForFunction(() => !document.getElementById("explain").hidden);
      const why = await page.$$eval("#message abbr.term, #explain abbr.term", (as) => as.map((a) => a.dataset.term));
      assert.ok(why.includes("nim-sum") && why.includes("P-position"), `Why? marks its terms: ${why}`);
      // The glossary lists every term of the library's.
      const listed = await page.$$eval("#glossary dfn", (ds) => ds.map((d) => d.textContent));
      assert.deepEqual(listed, glossary.map((t) => t.term));
      found = found.concat(await axe("Why? with its terms"));
      assert.ok(found.length === 0, `axe's violations:\n${found.join("\n")}`);
    },

    async "the welcome and the rules fit a phone"() {
      const before = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await page.click("#welcome-open");
        await start("heap", "3 5", { variant: "kayles" });
        const r = await page.evaluate(() => {
          const small = [];
          for (const el of document.querySelectorAll("#welcome button, #welcome-open, #rules-view summary, #family")) {
            const b = el.getBoundingClientRect();
            if (b.height < 44) small.push(`${el.id || el.tagName.toLowerCase()} ${b.height.toFixed(0)} px tall`);
          }
          return { width: document.documentElement.scrollWidth, small };
        });
        assert.ok(r.width <= 390, `the page is ${r.width} px wide`);
        assert.deepEqual(r.small, [], "controls 44 px tall");
        await page.click("#welcome-close");
      } finally {
        await page.setViewportSize(before);
      }
    },
  };
}
