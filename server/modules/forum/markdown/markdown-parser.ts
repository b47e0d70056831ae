import MarkdownIt, { type MarkdownIt as MarkdownItInstance, type RendererRule, type StateCore, type Token } from "markdown-it";
import { classifyHref, EXTERNAL_REL, isUploadImage } from "./link-policy";
import { mentionRule, type MentionEnv } from "./mentions";

/** What one render hands to the parser's rules through markdown-it's `env`. */
export type RenderEnv = MentionEnv & { mediaOrigin?: string };

/** A fenced block's language becomes `class="language-<lang>"` only when it is this simple. */
export const CODE_LANGUAGE = /^[a-z0-9-]{1,32}$/;

/**
 * The one markdown-it instance for posts: raw HTML off (`<b>` shows as text), bare URLs and e-mail addresses
 * linked, single newlines kept as `<br>`, no typographic replacements. Created once; markdown-it instances are
 * reusable and per-render data travels in `env`.
 */
export function createMarkdownParser(): MarkdownItInstance {
  const md = new MarkdownIt("default", {
    html: false,
    xhtmlOut: false,
    linkify: true,
    breaks: true,
    typographer: false,
    langPrefix: "language-",
  });
  // Stricter than markdown-it's block list: a link or image that is not http(s), mailto, a site path or a
  // fragment stays literal text. The sanitizer checks again; this keeps the two in agreement.
  md.validateLink = (url: string) => classifyHref(url) !== null;
  // Bare addresses only for the web and mail (linkify-it also knows ftp: and protocol-relative //).
  md.linkify.add("ftp:", null).add("//", null);

  md.core.ruler.before("text_join", "mentions", mentionRule);
  md.core.ruler.push("code_language", codeLanguageRule);
  md.renderer.rules.image = imageRule(md.utils.escapeHtml);
  return md;
}

/** Keeps a fence's first info word, lower-cased, when it is a plain language name; drops it otherwise. */
function codeLanguageRule(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== "fence") continue;
    const lang = token.info.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
    token.info = CODE_LANGUAGE.test(lang) ? lang : "";
  }
}

/**
 * Images from our uploads render as `<img>`. Any other image becomes a plain link to its address with the
 * alt text (or the address) as its label, so nothing is loaded from elsewhere (no tracking pixels, no mixed
 * content, no hot-linking) but the reader can still follow it; inside a link, where a nested link is not
 * allowed, only the alt text remains.
 */
function imageRule(escape: (s: string) => string): RendererRule {
  return (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const src = String(token.attrGet("src") ?? "");
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const title = String(token.attrGet("title") ?? "");
    const mediaOrigin = (env as Partial<RenderEnv> | undefined)?.mediaOrigin;
    if (isUploadImage(src, mediaOrigin)) {
      return `<img src="${escape(src)}" alt="${escape(alt)}"${title ? ` title="${escape(title)}"` : ""}>`;
    }
    const kind = classifyHref(src);
    if (!kind || insideLink(tokens, idx)) return escape(alt);
    const rel = kind === "external" ? ` rel="${EXTERNAL_REL}"` : "";
    return `<a href="${escape(src)}"${rel}>${escape(alt || src)}</a>`;
  };
}

function insideLink(tokens: Token[], idx: number): boolean {
  let depth = 0;
  for (let i = 0; i < idx; i++) {
    if (tokens[i].type === "link_open") depth++;
    else if (tokens[i].type === "link_close") depth--;
  }
  return depth > 0;
}
