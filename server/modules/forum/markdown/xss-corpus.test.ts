import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { htmlProblems } from "#tests/support/html-safety";
import { renderMarkdown } from "./render-markdown";
import { sanitizePostHtml } from "./sanitize-post-html";

/** Every payload of a public-style XSS corpus renders to inert HTML. */
const corpus = JSON.parse(readFileSync(new URL("../../../../tests/fixtures/xss-corpus.json", import.meta.url), "utf8")) as {
  count: number;
  groups: Record<string, string[]>;
};
const payloads = Object.entries(corpus.groups).flatMap(([group, list]) => list.map((payload, i) => ({ group, i, payload })));
const known = new Set(["abc", "ana"]);
const render = (source: string) => renderMarkdown(source, { resolveMention: known });

describe("XSS corpus", () => {
  it("holds at least 150 payloads", () => {
    expect(payloads.length).toBe(corpus.count);
    expect(payloads.length).toBeGreaterThanOrEqual(150);
  });

  describe.each(Object.keys(corpus.groups))("%s", (group) => {
    it.each(payloads.filter((p) => p.group === group).map((p) => [p.i, p.payload] as const))("#%i %s", (_i, payload) => {
      const { html } = render(payload);
      expect(htmlProblems(html), html).toEqual([]);
      // Stable: the stored HTML survives another sanitizer pass unchanged, and posting the output back as a
      // new post is just as inert.
      expect(sanitizePostHtml(html)).toBe(html);
      expect(htmlProblems(render(html).html)).toEqual([]);
      // The same payload as a reply quoting it, inside a list and after other text.
      const nested = render(`Reply text\n\n> ${payload.replaceAll("\n", "\n> ")}\n\n- ${payload}`).html;
      expect(htmlProblems(nested), nested).toEqual([]);
    });
  });

  it("never lets raw markup through as elements", () => {
    for (const { payload } of payloads) {
      const { html } = render(payload);
      expect(html).not.toMatch(/<(script|style|iframe|object|embed|form|input|svg|math|meta|base|link)\b/i);
      // Text and attribute values may say "onerror=" (escaped); a tag may not carry it as an attribute.
      expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    }
  });

  it("renders 1,000 post bodies made of payloads", () => {
    const bodies = Array.from({ length: 1000 }, (_, n) =>
      Array.from({ length: 5 }, (_, k) => payloads[(n * 5 + k) % payloads.length].payload).join("\n\n"),
    );
    let problems = 0;
    for (const body of bodies) problems += htmlProblems(render(body).html).length;
    expect(problems).toBe(0);
  });
});

describe("the safety check itself", () => {
  it.each([
    "<script>alert(1)</script>",
    '<img src="/media/a.png" onerror="x">',
    '<a href=" jav&#x09;ascript:alert(1)">x</a>',
    '<a href="data:text/html,x">x</a>',
    '<p style="color:red">x</p>',
    '<a href="https://example.com">no rel</a>',
    '<img src="https://evil.example/p.gif">',
    "<p><strong>unclosed</p>",
    "<svg><a>x</a></svg>",
    "<form></form>",
    '<a href="/a"><a href="/b">nested</a></a>',
  ])("flags %s", (html) => expect(htmlProblems(html)).not.toEqual([]));
});
