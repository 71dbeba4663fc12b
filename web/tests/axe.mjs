// axe-core, the accessibility checker, run inside the page: its violations
// on what the page shows now, each a line naming `view`.
import { createRequire } from "node:module";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export async function axeViolations(page, view) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.addScriptTag({ path: axePath });
  const r = await page.evaluate(async () => {
    const res = await window.axe.run(document, { resultTypes: ["violations"] });
    return res.violations.map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  return r.map((v) => `${view}: ${v}`);
}
