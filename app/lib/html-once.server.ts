import type { AppLoadContext } from "react-router";
import type { HtmlOnce } from "#app/components/ui/html-once";
import { scriptJson } from "#app/lib/boot";

/**
 * Sends an HTML fragment (a post's body, rendered and sanitized when it was saved) once per page instead of
 * twice. On a document request the fragment is kept out of the hydration data: the page renders it from the
 * request's map, and the browser reads it back from the element it was rendered into (`HtmlOnceBlock`). A data
 * request (a client navigation) has no page to read from, so the HTML travels in the data as usual.
 */
export function htmlOnce(context: AppLoadContext, key: string, html: string): string | HtmlOnce {
  if (!context.htmlOnce) return html;
  context.htmlOnce.set(key, html);
  return { htmlOnce: key };
}

/** Structured data for a document request only (JsonLdOnce renders it); a client navigation's data goes without. */
export function jsonLdOnce(context: AppLoadContext, key: string, value: unknown): HtmlOnce | null {
  if (!context.htmlOnce) return null;
  context.htmlOnce.set(key, scriptJson(value));
  return { htmlOnce: key };
}
