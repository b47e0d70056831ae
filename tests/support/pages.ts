import type { TestApp } from "./app";

/**
 * Reading server-rendered pages in HTTP tests: requests from a rotating client address (so rate limits do not
 * join tests together), form posts as a browser without JavaScript sends them, and a page's main column as
 * the text a reader meets.
 */
export function pageClient(app: () => TestApp, ipPrefix: string) {
  let ip = 0;
  const from = () => `${ipPrefix}.${++ip % 250}`;
  return {
    get: (path: string, cookie?: string) => app().request(path, { cookie, headers: { "x-test-ip": from() } }),
    post: (path: string, fields: Record<string, string>, cookie?: string) =>
      app().request(path, {
        method: "POST",
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": from() },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

/** The page's main column (the navigation lists every tab's name too). */
export const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** The main column as text a reader meets: entities decoded, React's text separators dropped. */
export const textOf = async (res: Response) => decode(mainOf(await res.text())).replaceAll("<!-- -->", "");
