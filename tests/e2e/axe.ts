import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core with the WCAG 2.0/2.1/2.2 A and AA rules. The engine is the project's own axe-core (the newest
 * release), not the older copy @axe-core/playwright bundles (its newest release needs Node 22), so rules
 * such as label-content-name-mismatch are checked.
 */
const AXE_SOURCE = readFileSync(join(process.cwd(), "node_modules/axe-core/axe.min.js"), "utf8");
const AXE_VERSION = (JSON.parse(readFileSync(join(process.cwd(), "node_modules/axe-core/package.json"), "utf8")) as { version: string })
  .version;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * Rules run whatever their tags (axe has tagged some experimental, or only under one WCAG version, in some
 * releases): WCAG 2.5.3 Label in Name (the accessible name contains the visible text).
 */
const ALWAYS_RUN = ["label-content-name-mismatch"];

/**
 * `only` runs just the named rules: after a theme switch only the colour rules can answer differently
 * (a11y-site.spec.ts), so the second theme costs a fraction of a full run.
 */
export async function expectNoViolations(page: Page, label: string, only?: string[]) {
  // @axe-core/playwright is typed against its own playwright-core; the page object is the same at run time.
  const results = await new AxeBuilder({
    page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"],
    axeSource: AXE_SOURCE,
  })
    // The tag set, plus rules enabled by name (`rules` wins over `runOnly` tags in axe's ruleShouldRun).
    .options(
      only
        ? { runOnly: { type: "rule", values: only } }
        : { runOnly: { type: "tag", values: TAGS }, rules: Object.fromEntries(ALWAYS_RUN.map((id) => [id, { enabled: true }])) },
    )
    .analyze();
  const report = results.violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `      - ${n.target.join(" ")}\n        ${n.failureSummary?.replace(/\n/g, "\n        ")}`)
        .join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n    ${v.helpUrl}\n${nodes}`;
    })
    .join("\n");
  expect(results.violations.length, `axe violations on ${label} (${page.url()}):\n${report}`).toBe(0);
  // axe actually looked at the page, with the engine we installed.
  expect(results.testEngine.version, "axe-core engine").toBe(AXE_VERSION);
  const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
  if (only) {
    for (const id of only) expect(ran.has(id), `axe rule ${id} ran on ${label}`).toBe(true);
    return;
  }
  expect(results.passes.length, `axe ran on ${label}`).toBeGreaterThan(10);
  for (const id of ALWAYS_RUN) expect(ran.has(id), `axe rule ${id} ran on ${label}`).toBe(true);
}
