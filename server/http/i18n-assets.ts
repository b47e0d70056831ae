import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { contentHash } from "#shared/content-hash";
import { I18N_ASSET_FILE } from "#shared/i18n-assets";
import { isLocale } from "#shared/locales";

type Namespace = { body: string; hash: string };

/**
 * Translation namespaces for the browser (SPEC §7: loaded per language and namespace). A page names them by
 * their content's hash (app/i18n/resources.server.ts hashes the same JSON text), and such a file never changes,
 * so the browser keeps it for a year; the plain name (/locales/en/forum.json) stays for anything older.
 * Production reads each file once; development reads it on every request so edits show at once.
 */
export function i18nAssets(opts: { folder: string; production: boolean }) {
  const app = new Hono();
  const cache = new Map<string, Promise<Namespace | null>>();
  const load = (lng: string, ns: string) => {
    const key = `${lng}/${ns}`;
    let entry = opts.production ? cache.get(key) : undefined;
    if (!entry) {
      entry = readFile(join(opts.folder, lng, `${ns}.json`), "utf8").then(
        (text) => {
          // The same text the page's hash was computed from: JSON.stringify of the parsed file.
          const body = JSON.stringify(JSON.parse(text));
          return { body, hash: contentHash(body) };
        },
        () => null,
      );
      if (opts.production) cache.set(key, entry);
    }
    return entry;
  };
  const json = { "Content-Type": "application/json; charset=utf-8" };

  app.get("/:lng/:file", async (c) => {
    const lng = c.req.param("lng");
    const file = c.req.param("file");
    if (!isLocale(lng)) return c.notFound();
    const hashed = I18N_ASSET_FILE.exec(file);
    const plain = /^([a-z][a-z0-9-]{0,40})\.json$/.exec(file);
    const ns = hashed?.[1] ?? plain?.[1];
    if (!ns) return c.notFound();
    const found = await load(lng, ns);
    if (!found) return c.notFound();
    // A hash that is not today's (a page from before a deploy) gets today's text, kept only briefly.
    const current = hashed?.[2] === found.hash;
    c.header(
      "Cache-Control",
      current && opts.production ? "public, max-age=31536000, immutable" : opts.production ? "public, max-age=3600" : "no-cache",
    );
    return c.body(found.body, 200, json);
  });
  return app;
}
