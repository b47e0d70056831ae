import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, deferScriptsInChunk, deferScriptsInHtml, paintFirst } from "./paint-first.server";

const page =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="preload" as="image" href="/images/logo.svg"/>' +
  '<link rel="preload" as="fetch" href="/locales/en/common.abc.json" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0"/><link rel="modulepreload" href="/assets/vendor-2.js" nonce="n0"/>' +
  '<link rel="stylesheet" href="/assets/app-3.css"/></head><body><p>Hola — ñandú</p>' +
  '<script nonce="n0">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0" type="module" async="">import * as route0 from "/assets/root-4.js";\nimport("/assets/entry.client-1.js");</script>' +
  "</body></html>";

async function streamed(chunkSize: number) {
  const out: Buffer[] = [];
  const stream = paintFirst();
  stream.on("data", (c: Buffer) => out.push(c));
  const bytes = Buffer.from(page);
  await new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
    for (let i = 0; i < bytes.length; i += chunkSize) stream.write(bytes.subarray(i, i + chunkSize));
    stream.end();
  });
  return Buffer.concat(out).toString("utf8");
}

describe("paint first", () => {
  it("turns the module preloads and fetch preloads into inert links, keeping what they were", () => {
    const html = deferScriptsInHtml(page);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="x-after-paint" data-after-paint="modulepreload" href="/assets/vendor-2.js" nonce="n0"/>');
    expect(html).toContain('<link rel="x-after-paint" data-after-paint="preload" as="fetch" href="/locales/en/common.abc.json"');
    // An image preload and the stylesheet are left alone.
    expect(html).toContain('<link rel="preload" as="image" href="/images/logo.svg"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-3.css"/>');
  });

  it("makes the module script an inert block after a loader with the same nonce; other scripts run as before", () => {
    const html = deferScriptsInHtml(page);
    expect(html).not.toContain('type="module" async');
    expect(html).toContain(`<script nonce="n0" type="${DEFERRED_MODULE_TYPE}" async="">import * as route0`);
    expect(html).toMatch(
      /<script nonce="n0">\(function\(\)\{var d=document[^<]*<\/script><script nonce="n0" type="text\/x-module-after-paint"/,
    );
    expect(html).toContain('<script nonce="n0">window.__reactRouterContext = {};</script>');
  });

  it("gives the same bytes whatever the chunk boundaries (tags and UTF-8 characters split)", async () => {
    const whole = deferScriptsInHtml(page);
    expect(deferScriptsInChunk(Buffer.from(page)).toString("utf8")).toBe(whole);
    for (const size of [1, 7, 64, 100, 4096]) expect(await streamed(size)).toBe(whole);
  });

  it("passes a chunk with nothing to rewrite through as the same buffer", () => {
    const chunk = Buffer.from("<main><p>Nothing to see</p></main>");
    expect(deferScriptsInChunk(chunk)).toBe(chunk);
  });
});
