import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import type { AxeResults, RunOptions } from "axe-core";

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
 * (page-sweep.spec.ts, a11y-forum.spec.ts), so the second theme costs a fraction of a full run.
 */
export async function expectNoViolations(page: Page, label: string, only?: string[]) {
  const results = await runAxe(page, {
    // The tag set, plus rules enabled by name (`rules` wins over `runOnly` tags in axe's ruleShouldRun).
    ...(only
      ? { runOnly: { type: "rule", values: only } }
      : { runOnly: { type: "tag", values: TAGS }, rules: Object.fromEntries(ALWAYS_RUN.map((id) => [id, { enabled: true }])) }),
    // Every node of every violation; passes and the rest are still listed, with one node each.
    resultTypes: ["violations"],
  });
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

/**
 * Runs axe in the page's own document. The engine is injected once per document (a second check of the same
 * page, e.g. after the theme switch, reuses it); @axe-core/playwright instead injects it into every frame and
 * opens a blank page to finish each run, which cost more than the checks; it is still used on the few pages
 * that hold a frame (the mail log's preview, a trailer after its click), so that axe looks inside it.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (page.frames().length > 1) {
    // @axe-core/playwright is typed against its own playwright-core; the page object is the same at run time.
    const builder = new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"], axeSource: AXE_SOURCE });
    return (await builder.options(options).analyze()) as unknown as AxeResults;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (opts) => (window as unknown as { axe: { run: (ctx: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, opts),
    options,
  );
}

/** The rules whose answer depends on colours: the only ones the dark theme can change. */
const DARK_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Switches the loaded page to dark the way the theme menu does it (the `dark` class on <html>, transitions off so
 * contrast is measured on the final colours) and runs the colour rules again. theme.spec.ts proves the server
 * renders the dark theme itself.
 */
export async function expectNoViolationsInDark(page: Page, label: string) {
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.evaluate(() => {
    document.documentElement.classList.add("dark");
    document.documentElement.dataset.theme = "dark";
  });
  await expectNoViolations(page, label, DARK_RULES);
}

/**
 * axe on a page loaded in the light theme, then the colour rules after switching it to dark: both themes from
 * one load, for a state reached by several steps (a dialog open, an error shown).
 */
export async function expectNoViolationsInBothThemes(page: Page, label: string) {
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  await expectNoViolations(page, `${label}, light`);
  await expectNoViolationsInDark(page, `${label}, dark`);
  // Back to light, so that the test can go on to its next state and check it the same way.
  await page.evaluate((previous) => {
    document.documentElement.classList.remove("dark");
    if (previous === undefined) delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = previous;
  }, theme);
}
