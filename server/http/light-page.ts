import type { Context } from "hono";
import type { Locale } from "#shared/locales";

const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A self-contained page for answers given before the site's own pages can render (overload, a body too
 * large): no script, no asset, a few hundred bytes, light or dark as the device prefers.
 */
export function lightPage(locale: Locale, title: string, text: string, back?: { href: string; label: string }): string {
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${esc(title)}</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;padding:1rem;box-sizing:border-box;background:#fff;color:#1a1a1a}` +
    `@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}a{color:#9ecbff}}main{max-width:32rem}h1{font-size:1.5rem}</style></head>` +
    `<body><main><h1>${esc(title)}</h1><p>${esc(text)}</p>${back ? `<p><a href="${esc(back.href)}">${esc(back.label)}</a></p>` : ""}</main></body></html>`
  );
}

/**
 * The page a refused form was on, when it is one of ours: a light page links back to it, and the browser
 * still holds what was typed there.
 */
export function sameSiteReferer(c: Context): string | null {
  const referer = c.req.header("referer");
  if (!referer) return null;
  try {
    const own = new URL(c.req.url);
    const back = new URL(referer, own);
    return back.origin === own.origin ? back.pathname + back.search : null;
  } catch {
    return null;
  }
}
