import { useContext } from "react";
import { BootContext } from "#app/lib/boot";

/** An HTML fragment the page renders but its hydration data does not carry (app/lib/html-once.server.ts). */
export type HtmlOnce = { htmlOnce: string };

/**
 * A block of trusted HTML (already sanitized by the server) sent once: on the server its text comes from the
 * request's map; while hydrating, from the element the server rendered (same id), so React keeps it as it is.
 */
export function HtmlOnceBlock({ id, html, className }: { id: string; html: string | HtmlOnce; className?: string }) {
  const text = useOnce(id, html);
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: text }} />;
}

/**
 * A page's structured data for search engines, sent once: a document request renders it (crawlers read
 * documents), hydration keeps it, and a client navigation's data leaves it out (`null`).
 */
export function JsonLdOnce({ id, json }: { id: string; json: HtmlOnce | null }) {
  const text = useOnce(id, json ?? "");
  return json ? <script id={id} type="application/ld+json" dangerouslySetInnerHTML={{ __html: text }} /> : null;
}

function useOnce(id: string, html: string | HtmlOnce): string {
  const { htmlOnce } = useContext(BootContext);
  if (typeof html === "string") return html;
  return htmlOnce?.get(html.htmlOnce) ?? (typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? ""));
}
