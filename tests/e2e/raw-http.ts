/** Raw HTTP: what a cookie-less client receives, and small readers of its HTML. */
import type { PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL } from "./site";

/** A GET from a fresh, cookie-less client: what a first-time visitor (or crawler) receives. */
export async function rawGet(playwright: PlaywrightWorkerArgs["playwright"], path: string, headers: Record<string, string> = {}) {
  const ctx = await playwright.request.newContext({ baseURL: BASE_URL });
  try {
    const res = await ctx.get(path, { headers, maxRedirects: 0 });
    return { status: res.status(), headers: res.headers(), headersArray: res.headersArray(), text: await res.text() };
  } finally {
    await ctx.dispose();
  }
}

export function attr(html: string, tagRe: RegExp, name: string): string | undefined {
  const tag = html.match(tagRe)?.[0];
  return tag?.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

export const htmlTag = (html: string) => html.match(/<html\b[^>]*>/)?.[0] ?? "";
export const titleOf = (html: string) => decodeEntities(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
export function decodeEntities(s: string) {
  return s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
