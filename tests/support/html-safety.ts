import { Parser } from "htmlparser2";

/**
 * Test helper (no production caller): parses rendered HTML with a real HTML parser and lists everything that
 * could run script, restyle or break the page around a post. An empty list means the fragment is inert.
 */
const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "option",
  "svg",
  "math",
  "meta",
  "base",
  "link",
  "title",
  "template",
  "noscript",
  "xmp",
  "plaintext",
  "noembed",
  "noframes",
  "portal",
  "video",
  "audio",
  "source",
  "dialog",
  "details",
  "marquee",
  "isindex",
  "keygen",
  "area",
  "map",
  "body",
  "html",
  "head",
]);
const ALLOWED_ELEMENTS = new Set([
  "p",
  "br",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "h4",
  "a",
  "img",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);
const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(["href", "title", "rel", "class"]),
  img: new Set(["src", "alt", "title"]),
  ol: new Set(["start"]),
  code: new Set(["class"]),
};
const VOID_ELEMENTS = new Set(["br", "img", "hr"]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "srcset", "background", "poster", "data", "cite"]);
const BAD_SCHEME = /^(?:javascript|data|vbscript|file):/;

/** As the browser reads a URL attribute: entities decoded (by the parser), whitespace and controls gone. */
function normalizedUrl(value: string): string[] {
  // eslint-disable-next-line no-control-regex
  const stripped = value.replace(/[\u0000-\u0020\u007f-\u00a0\s]/g, "").toLowerCase();
  let decoded = stripped;
  try {
    decoded = decodeURIComponent(stripped).replace(/\s/g, "");
  } catch {
    // not percent-encoded text: the stripped value stands
  }
  return [stripped, decoded];
}

export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (FORBIDDEN_ELEMENTS.has(name)) problems.push(`forbidden element <${name}>`);
        else if (!ALLOWED_ELEMENTS.has(name)) problems.push(`unexpected element <${name}>`);
        if (name === "a" && open.includes("a")) problems.push("nested <a>");
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr.startsWith("on")) problems.push(`event handler ${attr} on <${name}>`);
          if (attr === "style") problems.push(`style attribute on <${name}>`);
          if (!ALLOWED_ATTRIBUTES[name]?.has(attr)) problems.push(`unexpected attribute ${attr} on <${name}>`);
          if (URL_ATTRIBUTES.has(attr) && normalizedUrl(value).some((v) => BAD_SCHEME.test(v))) {
            problems.push(`dangerous URL in ${attr}: ${value}`);
          }
          if ((attr === "href" || attr === "src") && /^\s*[/\\]{2}/.test(value)) problems.push(`protocol-relative ${attr}: ${value}`);
        }
        if (name === "a" && /^https?:|^mailto:/i.test(attribs.href ?? "") && attribs.rel !== "ugc nofollow noopener") {
          problems.push(`external link without rel: ${attribs.href}`);
        }
        if (name === "img" && !(attribs.src ?? "").startsWith("/media/")) problems.push(`image not from uploads: ${attribs.src}`);
        if (!VOID_ELEMENTS.has(name)) open.push(name);
      },
      onclosetag(name, isImplied) {
        if (VOID_ELEMENTS.has(name)) return;
        if (isImplied) problems.push(`<${name}> not closed explicitly`);
        if (open.at(-1) === name) open.pop();
      },
      oncomment() {
        problems.push("comment in output");
      },
      onprocessinginstruction(name) {
        problems.push(`processing instruction ${name}`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  if (open.length > 0) problems.push(`unclosed: ${open.join(", ")}`);
  return problems;
}
