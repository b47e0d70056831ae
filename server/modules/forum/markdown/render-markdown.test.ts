import { describe, expect, it } from "vitest";
import { htmlProblems } from "#tests/support/html-safety";
import { extractMentions, renderMarkdown, renderMarkdownWithMentions } from "./render-markdown";

const html = (source: string, opts?: Parameters<typeof renderMarkdown>[1]) => renderMarkdown(source, opts).html;

describe("renderMarkdown: Markdown features", () => {
  it("renders emphasis, strikethrough, inline code and keeps single newlines", () => {
    expect(html("Hola **mundo** _bonito_ ~~feo~~ `code`\nsegunda línea")).toBe(
      "<p>Hola <strong>mundo</strong> <em>bonito</em> <del>feo</del> <code>code</code><br />\nsegunda línea</p>\n",
    );
  });

  it("renders lists, ordered lists with a start, quotes and rules", () => {
    const out = html("- a\n- b\n\n3. c\n4. d\n\n> quoted\n\n---");
    expect(out).toContain("<ul>\n<li>a</li>\n<li>b</li>\n</ul>");
    expect(out).toContain('<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>');
    expect(out).toContain("<blockquote>\n<p>quoted</p>\n</blockquote>");
    expect(out).toContain("<hr />");
  });

  it("renders tables without alignment styles", () => {
    const out = html("| a | b |\n|:--|--:|\n| 1 | 2 |");
    expect(out).toContain("<table>");
    expect(out).toContain("<th>a</th>");
    expect(out).toContain("<td>2</td>");
    expect(out).not.toContain("style");
  });

  it("maps h1 to h2 and h5/h6 to h4, keeps h2–h4", () => {
    expect(html("# One")).toBe("<h2>One</h2>\n");
    expect(html("Title\n=====")).toBe("<h2>Title</h2>\n");
    expect(html("## Two\n### Three\n#### Four\n##### Five\n###### Six")).toBe(
      "<h2>Two</h2>\n<h3>Three</h3>\n<h4>Four</h4>\n<h4>Five</h4>\n<h4>Six</h4>\n",
    );
  });

  it("shows raw HTML as text", () => {
    expect(html("<b>bold</b> <img src=x onerror=alert(1)>")).toBe("<p>&lt;b&gt;bold&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;</p>\n");
  });

  it("does no typographic replacements", () => {
    expect(html('"quotes" -- (c) ...')).toBe('<p>"quotes" -- (c) ...</p>\n');
  });
});

describe("renderMarkdown: code blocks", () => {
  it("keeps a simple language as a lower-case class and escapes the code", () => {
    expect(html("```TypeScript\nconst a = '<b>';\n```")).toBe(
      "<pre><code class=\"language-typescript\">const a = '&lt;b&gt;';\n</code></pre>\n",
    );
  });

  it("drops a language that is not [a-z0-9-]", () => {
    expect(html("```c++\nx\n```")).toBe("<pre><code>x\n</code></pre>\n");
    expect(html('```js" onclick="x\nx\n```')).toBe("<pre><code>x\n</code></pre>\n");
    expect(html("```objective-c extra words\nx\n```")).toBe('<pre><code class="language-objective-c">x\n</code></pre>\n');
  });

  it("renders indented code", () => {
    expect(html("    <i>x</i>")).toBe("<pre><code>&lt;i&gt;x&lt;/i&gt;\n</code></pre>\n");
  });
});

describe("renderMarkdown: links", () => {
  it("gives external links rel=ugc nofollow noopener and no target", () => {
    expect(html('[site](https://example.com/a?b=1 "Title")')).toBe(
      '<p><a href="https://example.com/a?b=1" title="Title" rel="ugc nofollow noopener">site</a></p>\n',
    );
    expect(html("see http://example.com/x")).toBe(
      '<p>see <a href="http://example.com/x" rel="ugc nofollow noopener">http://example.com/x</a></p>\n',
    );
    expect(html("<https://example.com>")).toContain('rel="ugc nofollow noopener"');
    expect(html("write to ana@example.com")).toBe(
      '<p>write to <a href="mailto:ana@example.com" rel="ugc nofollow noopener">ana@example.com</a></p>\n',
    );
  });

  it("keeps site paths and fragments as plain internal links", () => {
    expect(html("[rules](/forum/rules) [up](#top)")).toBe('<p><a href="/forum/rules">rules</a> <a href="#top">up</a></p>\n');
  });

  it("refuses other schemes and protocol-relative addresses, leaving the text", () => {
    expect(html("[x](javascript:alert(1))")).toBe("<p>[x](javascript:alert(1))</p>\n");
    expect(html("[x](ftp://example.com/f)")).toBe("<p>[x](ftp://example.com/f)</p>\n");
    expect(html("[x](//evil.example/a)")).toBe("<p>[x](//evil.example/a)</p>\n");
    expect(html("[x](data:text/html,hi)")).toBe("<p>[x](data:text/html,hi)</p>\n");
    expect(html("ftp://example.com/f")).toBe("<p>ftp://example.com/f</p>\n");
  });

  it("resolves reference-style links by the same rules", () => {
    expect(html("[a][1] [b][2]\n\n[1]: https://example.com\n[2]: javascript:alert(1)")).toBe(
      '<p><a href="https://example.com" rel="ugc nofollow noopener">a</a> [b][2]</p>\n<p>[2]: javascript:alert(1)</p>\n',
    );
  });
});

describe("renderMarkdown: images", () => {
  it("shows images from our uploads", () => {
    expect(html('![cover](/media/games/ab12/cover.webp "T")')).toBe(
      '<p><img src="/media/games/ab12/cover.webp" alt="cover" title="T" /></p>\n',
    );
  });

  it("turns images from elsewhere into links and drops unsafe ones to their alt text", () => {
    expect(html("![pixel](https://evil.example/p.gif)")).toBe(
      '<p><a href="https://evil.example/p.gif" rel="ugc nofollow noopener">pixel</a></p>\n',
    );
    expect(html("![](https://evil.example/p.gif)")).toBe(
      '<p><a href="https://evil.example/p.gif" rel="ugc nofollow noopener">https://evil.example/p.gif</a></p>\n',
    );
    expect(html("![x](/media/../api/v1/me)")).toBe('<p><a href="/media/../api/v1/me">x</a></p>\n');
    expect(html("![x](/media/%2e%2e/api)")).toBe('<p><a href="/media/%2e%2e/api">x</a></p>\n');
  });

  it("inside a link, a foreign image leaves only its alt text (no nested links)", () => {
    expect(html("[![logo](https://evil.example/l.png)](https://example.com)")).toBe(
      '<p><a href="https://example.com" rel="ugc nofollow noopener">logo</a></p>\n',
    );
    expect(html("[![logo](/media/l.png)](https://example.com)")).toBe(
      '<p><a href="https://example.com" rel="ugc nofollow noopener"><img src="/media/l.png" alt="logo" /></a></p>\n',
    );
  });

  it("accepts a configured https media origin", () => {
    const mediaOrigin = "https://cdn.example.net/uploads";
    expect(html("![x](https://cdn.example.net/uploads/a/b.png)", { mediaOrigin })).toContain(
      '<img src="https://cdn.example.net/uploads/a/b.png" alt="x" />',
    );
    expect(html("![x](https://cdn.example.net/other/b.png)", { mediaOrigin })).not.toContain("<img");
    expect(html("![x](https://cdn.example.net/uploads/a/b.png)")).not.toContain("<img");
    expect(html("![x](http://cdn.example.net/uploads/a.png)", { mediaOrigin: "http://cdn.example.net/uploads" })).not.toContain("<img");
  });
});

describe("renderMarkdown: mentions", () => {
  const resolveMention = new Set(["ana", "bob_x", "c-3po"]);

  it("links known users to their profile and lists them once, lower case", () => {
    const r = renderMarkdown("Hi @Ana and @bob_x, also @ana again (@c-3po).", { resolveMention });
    expect(r.html).toBe(
      '<p>Hi <a href="/u/Ana" class="mention">@Ana</a> and <a href="/u/bob_x" class="mention">@bob_x</a>, also ' +
        '<a href="/u/ana" class="mention">@ana</a> again (<a href="/u/c-3po" class="mention">@c-3po</a>).</p>\n',
    );
    expect(r.mentions).toEqual(["ana", "bob_x", "c-3po"]);
  });

  it("does not link unknown users, or anyone without a resolver", () => {
    expect(renderMarkdown("@nobody", { resolveMention })).toEqual({ html: "<p>@nobody</p>\n", mentions: [] });
    expect(renderMarkdown("@ana")).toEqual({ html: "<p>@ana</p>\n", mentions: [] });
  });

  it("accepts a predicate as resolver", () => {
    expect(renderMarkdown("@Ana", { resolveMention: (n) => n === "ana" }).mentions).toEqual(["ana"]);
  });

  it("ignores mentions in code spans, code blocks and links", () => {
    const r = renderMarkdown("`@ana`\n\n```\n@ana\n```\n\n    @ana\n\n[@ana](https://example.com) https://example.com/@ana", {
      resolveMention,
    });
    expect(r.mentions).toEqual([]);
    expect(r.html).not.toContain("mention");
  });

  it("ignores e-mail addresses and glued or domain-like forms", () => {
    const r = renderMarkdown("ana@example.com x@ana foo.@ana @ana.com @ana@x \\@ana &#64;ana", { resolveMention });
    expect(r.mentions).toEqual([]);
    expect(r.html).not.toContain("mention");
  });

  it("follows the username length rule", () => {
    const long = "a".repeat(31);
    const set = new Set(["ab", long, "a".repeat(30)]);
    expect(renderMarkdown(`@ab @${long} @${"a".repeat(30)}`, { resolveMention: set }).mentions).toEqual(["a".repeat(30)]);
  });

  it("works inside emphasis, lists and quotes, before punctuation", () => {
    const r = renderMarkdown("- **@ana**!\n\n> _@bob_x_?", { resolveMention });
    expect(r.mentions).toEqual(["ana", "bob_x"]);
    expect(htmlProblems(r.html)).toEqual([]);
  });

  it("extractMentions lists candidates by the same rules", () => {
    expect(extractMentions("@Ana @zed `@code` a@b.com [@x](https://e.com) @Ana")).toEqual(["ana", "zed"]);
  });

  it("renderMarkdownWithMentions looks the candidates up asynchronously", async () => {
    const asked: string[][] = [];
    const r = await renderMarkdownWithMentions("@Ana @zed", {
      findUsers: async (names) => {
        asked.push(names);
        return ["ANA"];
      },
    });
    expect(asked).toEqual([["ana", "zed"]]);
    expect(r.mentions).toEqual(["ana"]);
    expect(r.html).toBe('<p><a href="/u/Ana" class="mention">@Ana</a> @zed</p>\n');
    let called = false;
    await renderMarkdownWithMentions("no mentions", { findUsers: () => ((called = true), []) });
    expect(called).toBe(false);
  });
});
