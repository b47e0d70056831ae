import sanitizeHtml from "sanitize-html";
import { classifyHref, EXTERNAL_REL, isUploadImage } from "./link-policy";

/**
 * The allow-list every post's HTML passes through after markdown-it, whatever markdown-it produced. Raw HTML
 * is already off, so this is the second wall: a parser bug or a future plugin cannot smuggle markup past it.
 *
 * - Elements: text formatting, lists, quotes, code, h2–h4 (h1 becomes h2 so a post never competes with the
 *   page's own h1; h5/h6 become h4), links, upload images, rules and tables. Everything else is removed; the
 *   text of unknown elements stays (escaped), the content of `script`/`style`/`textarea`/`option` goes.
 * - Attributes: `a[href|title|rel|class=mention]`, `img[src|alt|title]`, `ol[start]`,
 *   `code[class=language-*]`. No `style`, no `on*`, no `id`/`name` (no DOM clobbering), no `target`.
 * - Links: site paths, fragments, http(s) and mailto only; every link that leaves the site gets
 *   `rel="ugc nofollow noopener"`; a link whose address is refused keeps its text and loses the `<a>`.
 * - Images: only our uploads (see `isUploadImage`); any other `<img>` is removed.
 */
export interface SanitizeOptions {
  mediaOrigin?: string;
}

const ALLOWED_TAGS = [
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
];

const LANGUAGE_CLASS = /^language-[a-z0-9-]{1,32}$/;

function options(opts: SanitizeOptions): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "rel", "class"],
      img: ["src", "alt", "title"],
      ol: ["start"],
      code: ["class"],
    },
    allowedClasses: { a: ["mention"], code: [LANGUAGE_CLASS] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: "discard",
    nonTextTags: [
      "script",
      "style",
      "textarea",
      "option",
      "noscript",
      "template",
      "title",
      "xmp",
      "iframe",
      "noembed",
      "noframes",
      "plaintext",
    ],
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    transformTags: {
      h1: "h2",
      h5: "h4",
      h6: "h4",
      b: "strong",
      i: "em",
      s: "del",
      strike: "del",
      a: (_tag, attribs) => {
        const kind = classifyHref(attribs.href);
        const out: sanitizeHtml.Attributes = {};
        if (kind) out.href = attribs.href;
        if (attribs.title) out.title = attribs.title;
        if (kind === "internal" && attribs.class === "mention") out.class = "mention";
        if (kind === "external") out.rel = EXTERNAL_REL;
        return { tagName: "a", attribs: out };
      },
      img: (_tag, attribs) => {
        if (!isUploadImage(attribs.src, opts.mediaOrigin)) return { tagName: "img", attribs: {} };
        const out: sanitizeHtml.Attributes = { src: attribs.src, alt: attribs.alt ?? "" };
        if (attribs.title) out.title = attribs.title;
        return { tagName: "img", attribs: out };
      },
      ol: (_tag, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        if (attribs.start && /^\d{1,9}$/.test(attribs.start)) out.start = String(Number(attribs.start));
        return { tagName: "ol", attribs: out };
      },
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === "img") return !frame.attribs.src;
      // A link without an address is just its text.
      if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
      return false;
    },
  };
}

const defaultOptions = options({});

export function sanitizePostHtml(html: string, opts: SanitizeOptions = {}): string {
  return sanitizeHtml(html, opts.mediaOrigin ? options(opts) : defaultOptions);
}
