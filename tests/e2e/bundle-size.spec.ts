import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

/** Budget for the JavaScript the home page needs before it is interactive. */
const BUDGET_BYTES = 150 * 1024;

test("the home page's initial JavaScript is at most 150 KB gzipped", async ({ request }, testInfo) => {
  const res = await request.get("/en/");
  expect(res.status()).toBe(200);
  const html = await res.text();

  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (/\srel="modulepreload"/.test(tag)) urls.add(tag.match(/\shref="([^"]+)"/)![1]!);
  }
  // Modules the inline bootstrap script imports directly.
  for (const m of html.matchAll(/import\s+(?:[^"']*?\sfrom\s+)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  const scripts = [...urls].filter((u) => /^\/assets\/.+\.js$/.test(new URL(u, "http://x").pathname));
  expect(scripts.length, "JavaScript files referenced by the page").toBeGreaterThan(0);

  const rows: { url: string; raw: number; gzip: number }[] = [];
  for (const url of scripts) {
    // Ask for the plain file so we measure the same bytes whatever the server pre-compresses.
    const asset = await request.get(url, { headers: { "accept-encoding": "identity" } });
    expect(asset.status(), url).toBe(200);
    const body = await asset.body();
    rows.push({ url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const total = rows.reduce((n, r) => n + r.gzip, 0);
  const raw = rows.reduce((n, r) => n + r.raw, 0);
  const report =
    rows
      .sort((a, b) => b.gzip - a.gzip)
      .map((r) => `${(r.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(r.raw / 1024).toFixed(1).padStart(7)} KB  ${r.url}`)
      .join("\n") +
    `\n${(total / 1024).toFixed(1).padStart(7)} KB gz  ${(raw / 1024).toFixed(1).padStart(7)} KB  total (${rows.length} files)`;
  console.log(`Initial JavaScript of /en/:\n${report}`);
  await testInfo.attach("bundle-size.txt", { body: report, contentType: "text/plain" });
  expect(total, `initial JS is ${(total / 1024).toFixed(1)} KB gzipped (budget 150 KB)\n${report}`).toBeLessThanOrEqual(BUDGET_BYTES);
});
