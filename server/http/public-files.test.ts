import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * The files of public/ (favicon, logo, social image) are served by name with a day's cache, the build's hashed
 * assets with a year's; every other path is a page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe("public files", () => {
  it("are served with a day's cache, precompressed when asked", async () => {
    const icon = await t.request("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=86400");
    const logo = await t.request("/images/logo.svg", { headers: { "accept-encoding": "br" } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toContain("image/svg+xml");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("gives the page's scripts a year, immutable", async () => {
    const html = await (await t.request("/en/")).text();
    const script = /"(\/assets\/[\w.-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const res = await t.request(script!, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serve an upload for a year, sandboxed, and never a private one", async () => {
    await t.services.storage.put("avatars/public-files-test.webp", new TextEncoder().encode("RIFF0000WEBPVP8 "));
    const res = await t.request("/media/avatars/public-files-test.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect((await t.request("/media/avatars/no-such-file.webp")).status).toBe(404);
    await t.services.storage.put("private/public-files-test.pdf", new TextEncoder().encode("%PDF-1.4"));
    expect((await t.request("/media/private/public-files-test.pdf")).status).toBe(404);
  });

  it("leave page paths, missing names and build assets to the rest of the app", async () => {
    const page = await t.request("/en/about");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect((await t.request("/images/no-such-file.svg")).status).toBe(404);
    expect((await t.request("/assets/no-such-chunk.js")).status).toBe(404);
  });
});
