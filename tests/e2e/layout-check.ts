import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Every page fits every screen. At each width: the page never scrolls sideways, no element of the
 * header and no focusable element lies outside the viewport (unless it sits in a container that scrolls on its
 * own, such as a tab bar or a wide table), and every tap target is at least 24×24 CSS px (WCAG 2.2 2.5.8;
 * links inside a sentence are the standard's "inline" exception). Used by page-sweep.spec.ts (every page) and
 * layout-fit.spec.ts (the header at every width).
 */
export const WIDTHS = [320, 390, 768, 1024, 1280, 1536, 1920];

/** Runs in the page: what does not fit, as readable lines (`headerOnly`: the header and sideways scrolling). */
export function layoutProblems(headerOnly: boolean): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const id = el.id ? `#${el.id}` : "";
    return `<${el.tagName.toLowerCase()}${id}> "${name}"`;
  };
  const shown = (el: Element) => {
    // The content of a closed <details> is not rendered (Chromium may still report its last box).
    const closed = el.closest("details:not([open])");
    if (closed && !closed.querySelector(":scope > summary")?.contains(el)) return false;
    const r = el.getBoundingClientRect();
    // Visually hidden helpers (sr-only: 1×1 clipped) are not on screen for anyone who sees.
    if (r.width <= 1 || r.height <= 1) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none" && Number(cs.opacity) > 0;
  };
  /** Inside an element that scrolls sideways on its own (or clips), which is itself on screen. */
  const inOwnScroller = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === "auto" || ox === "scroll" || ox === "hidden" || ox === "clip") {
        const r = p.getBoundingClientRect();
        return r.left >= -1 && r.right <= vw + 1;
      }
    }
    return false;
  };
  const outside = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.left < -1 || r.right > vw + 1;
  };

  if (document.documentElement.scrollWidth > vw + 1) {
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => shown(el) && outside(el) && !inOwnScroller(el))
      .slice(0, 3)
      .map(describe);
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw} px): ${culprits.join(", ")}`);
  }

  const header = document.querySelector("body > div header, header");
  for (const el of header ? [...header.querySelectorAll("*")] : []) {
    if (shown(el) && outside(el) && !inOwnScroller(el)) problems.push(`header element off screen: ${describe(el)}`);
  }

  const focusable = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  for (const el of (headerOnly ? header : document)?.querySelectorAll(focusable) ?? []) {
    if (!shown(el)) continue;
    if ((el as HTMLElement).closest("[inert]")) continue;
    // A public form's honeypot (app/components/ui/form-guard-fields.tsx) is off screen on purpose: only a bot fills it.
    if ((el as HTMLElement).closest(".form-trap")) continue;
    if (outside(el) && !inOwnScroller(el)) problems.push(`focusable element off screen: ${describe(el)}`);
    // A checkbox or radio's target includes its label.
    let r = el.getBoundingClientRect();
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio") && el.labels?.[0]) {
      const l = el.labels[0].getBoundingClientRect();
      r = new DOMRect(Math.min(r.left, l.left), Math.min(r.top, l.top), 0, 0);
      r.width = Math.max(el.getBoundingClientRect().right, l.right) - r.left;
      r.height = Math.max(el.getBoundingClientRect().bottom, l.bottom) - r.top;
    }
    if (r.width >= 23.5 && r.height >= 23.5) continue;
    // The inline exception: a link in a sentence is as tall as the text around it.
    if (el.tagName === "A") {
      const block = el.parentElement?.closest("p, li, td, dd, span, label, div");
      const own = (el.textContent ?? "").trim().length;
      if (block && (block.textContent ?? "").trim().length > own + 2) continue;
    }
    problems.push(`tap target ${Math.round(r.width)}×${Math.round(r.height)} px: ${describe(el)}`);
  }
  return [...new Set(problems)];
}

export async function checkWidths(page: Page, label: string, widths: number[], headerOnly = false) {
  const found: string[] = [];
  // A page may lay itself out from script after a resize (a ResizeObserver, e.g. the analytics chart; a resize
  // listener), which runs in the next frame: such a page gets two frames after each resize. Everything else
  // is CSS, which the measurements lay out at once (the init script of browser.ts notes which pages script it).
  const scripted =
    !headerOnly && (await page.evaluate(() => (window as unknown as { __e2e?: { layoutScript: boolean } }).__e2e?.layoutScript !== false));
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    if (scripted) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const p of await page.evaluate(layoutProblems, headerOnly)) found.push(`${width} px: ${p}`);
  }
  expect(found, `${label} does not fit`).toEqual([]);
}
