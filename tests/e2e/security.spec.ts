import { expect, rawGet, test } from "./fixtures";

/** Pages carry a per-request CSP nonce, and every script the page runs is covered by it. */
const PAGES = ["/", "/es/", "/en/about", "/es/cookie-policy", "/en/resources", "/en/search?q=x", "/es/no-such-page", "/no-such-page"];

for (const path of PAGES) {
  test(`${path} has a nonce-based Content-Security-Policy that covers all its scripts`, async ({ playwright }) => {
    const first = await rawGet(playwright, path);
    const second = await rawGet(playwright, path);
    const csp = first.headers["content-security-policy"] ?? "";
    const nonce = csp.match(/script-src[^;]*'nonce-([^']+)'/)?.[1];
    expect(nonce, `CSP: ${csp}`).toBeTruthy();
    expect(nonce!.length).toBeGreaterThanOrEqual(16);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/base-uri 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // A fresh nonce on every response.
    const nonce2 = (second.headers["content-security-policy"] ?? "").match(/'nonce-([^']+)'/)?.[1];
    expect(nonce2).toBeTruthy();
    expect(nonce2).not.toBe(nonce);

    // Every executable <script> carries the response's nonce (JSON data blocks need none).
    const scripts = [...first.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      const type = attrs.match(/\stype="([^"]+)"/)?.[1];
      if (type === "application/json" || type === "application/ld+json") continue;
      expect(attrs, "script without the nonce").toContain(`nonce="${nonce}"`);
    }
    for (const m of first.text.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
      expect(m[0], "module preload without the nonce").toContain(`nonce="${nonce}"`);
    }
    // No inline event handlers (they could not run under this policy anyway).
    expect(first.text).not.toMatch(/<[a-z]+[^>]*\son(click|load|error|submit|change)=/i);
  });
}
