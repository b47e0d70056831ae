import { Transform } from "node:stream";

/**
 * Paint first, then load the app's JavaScript (first paint on a phone).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` in `<head>` for every chunk of the page and an inline
 * module script at the end of `<body>`, so a phone on a slow network downloads about 150 KB of gzipped JavaScript
 * (and the translation files the page preloads for hydration) at the same time as the stylesheet, and the page's
 * first text waits for all of it. The page is rendered on the server and readable without JavaScript, so this
 * stream rewrites the document on its way out:
 *
 * - every `<link rel="modulepreload">` and `<link rel="preload" as="fetch">` becomes `rel="x-after-paint"` (which a
 *   browser ignores) with the real rel kept in `data-after-paint`;
 * - the module script becomes `type="text/x-module-after-paint"` (an inert data block), preceded by a small loader.
 *
 * The loader waits for the first frame to be painted (a task queued from `requestAnimationFrame`, which runs only
 * once the render-blocking stylesheet is in), then re-creates the preloads and the module script, which hydrates the
 * page as before. A page opened in a hidden tab loads at once (it paints nothing until shown), and half a second
 * after the load event the scripts load whatever happened (headless Chromium does not always run animation frames).
 *
 * Tags are never split: a chunk that ends inside a tag keeps that tail for the next chunk. React escapes `<` in
 * text and in inline JSON, so a `<` in the stream always opens a tag.
 */

export const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";

const LOADER =
  "(function(){var d=document,done=0;function go(){if(done)return;" +
  `var m=d.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');` +
  'if(!m){if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",go);return}done=1;' +
  'd.querySelectorAll("link[data-after-paint]").forEach(function(l){var n=d.createElement("link");' +
  'n.rel=l.getAttribute("data-after-paint");n.href=l.href;if(l.as)n.as=l.as;' +
  'if(l.hasAttribute("crossorigin"))n.crossOrigin=l.crossOrigin;d.head.appendChild(n)});' +
  'var s=d.createElement("script");s.type="module";s.nonce=m.nonce;s.textContent=m.textContent;m.replaceWith(s)}' +
  'if(d.visibilityState==="hidden")go();else{requestAnimationFrame(function(){setTimeout(go)});' +
  'addEventListener("load",function(){setTimeout(go,500)})}})();';

const PRELOAD = /<link rel="(modulepreload|preload)"([^>]*)>/g;
const MODULE_SCRIPT = /<script( nonce="([^"]*)")? type="module" async="">/g;

/** Rewrites one run of complete tags (see the module comment). */
export function deferScriptsInHtml(html: string): string {
  return html
    .replace(PRELOAD, (tag: string, rel: string, rest: string) =>
      rel === "modulepreload" || rest.includes(' as="fetch"') ? `<link rel="x-after-paint" data-after-paint="${rel}"${rest}>` : tag,
    )
    .replace(
      MODULE_SCRIPT,
      (_tag: string, nonceAttr: string | undefined) =>
        `<script${nonceAttr ?? ""}>${LOADER}</script><script${nonceAttr ?? ""} type="${DEFERRED_MODULE_TYPE}" async="">`,
    );
}

const LINK_MARKERS = ['<link rel="modulepreload"', '<link rel="preload"'];
const MODULE_MARKER = ' type="module" async="">';

/** What a stream has already rewritten: the preloads all sit in `<head>`, and a page has one module script. */
export interface PaintFirstState {
  headDone: boolean;
  moduleDone: boolean;
}

/**
 * {@link deferScriptsInHtml} on a chunk of bytes, touching only the regions that hold a preload or the module script:
 * the rest of the page is copied as bytes, never decoded. With `state`, nothing is searched for again once `</head>`
 * and the module script have passed, so the chunks after them go through untouched.
 */
export function deferScriptsInChunk(chunk: Buffer, state: PaintFirstState = { headDone: false, moduleDone: false }): Buffer {
  const regions: [number, number][] = [];
  if (!state.headDone) {
    const headEnd = chunk.indexOf("</head>");
    const limit = headEnd === -1 ? chunk.length : headEnd;
    let first = -1;
    let last = -1;
    for (const marker of LINK_MARKERS) {
      const at = chunk.indexOf(marker);
      if (at !== -1 && at < limit && (first === -1 || at < first)) first = at;
      const lastAt = chunk.lastIndexOf(marker, limit);
      if (lastAt > last) last = lastAt;
    }
    if (first !== -1) regions.push([first, chunk.indexOf(">", last) + 1]);
    if (headEnd !== -1) state.headDone = true;
  }
  if (!state.moduleDone) {
    const module = chunk.lastIndexOf(MODULE_MARKER);
    if (module !== -1) {
      regions.push([chunk.lastIndexOf("<script", module), module + MODULE_MARKER.length]);
      state.moduleDone = true;
    }
  }
  if (regions.length === 0) return chunk;
  const parts: Buffer[] = [];
  let pos = 0;
  for (const [from, to] of regions) {
    parts.push(chunk.subarray(pos, from), Buffer.from(deferScriptsInHtml(chunk.toString("utf8", from, to))));
    pos = to;
  }
  parts.push(chunk.subarray(pos));
  return Buffer.concat(parts);
}

/** A Transform for the HTML document stream that applies {@link deferScriptsInHtml}. */
export function paintFirst(): Transform {
  const state: PaintFirstState = { headDone: false, moduleDone: false };
  let carry: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      if (state.headDone && state.moduleDone) return callback(null, bytes);
      // A chunk that ends inside a tag keeps that tag for the next one (`<` and `>` are single bytes in UTF-8).
      const open = bytes.lastIndexOf(0x3c);
      if (open !== -1 && bytes.indexOf(0x3e, open) === -1) {
        carry = bytes.subarray(open);
        bytes = bytes.subarray(0, open);
      }
      callback(null, bytes.length ? deferScriptsInChunk(bytes, state) : undefined);
    },
    flush(callback) {
      callback(null, carry?.length ? deferScriptsInChunk(carry, state) : undefined);
    },
  });
}
