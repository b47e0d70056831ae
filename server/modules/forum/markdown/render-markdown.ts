import { createMarkdownParser, type RenderEnv } from "./markdown-parser";
import type { MentionResolver } from "./mentions";
import { sanitizePostHtml } from "./sanitize-post-html";

/**
 * Bump when the rendering rules change, so stored `posts.body_html` rendered by older rules can be found and
 * rendered again from `body_md`.
 */
export const MARKDOWN_RENDERER_VERSION = 1;

export interface RenderOptions {
  /** Where uploads live when they are not served at `/media/` (an https bucket or CDN base URL). */
  mediaOrigin?: string;
  /**
   * Which `@name`s are users: a set of lower-case usernames or a predicate over the lower-case name. Without
   * it no mention is linked. For a lookup that needs the database, use `renderMarkdownWithMentions`.
   */
  resolveMention?: MentionResolver;
}

export interface RenderedMarkdown {
  /** Sanitized HTML, safe to store in `posts.body_html` and to insert into a page as is. */
  html: string;
  /** Users mentioned (linked), lower case, deduplicated, in order of appearance: whom to notify. */
  mentions: string[];
}

const parser = createMarkdownParser();

/** A post's Markdown source to sanitized HTML: markdown-it with raw HTML off, then the allow-list sanitizer. */
export function renderMarkdown(source: string, opts: RenderOptions = {}): RenderedMarkdown {
  const env: RenderEnv = { resolveMention: opts.resolveMention, mediaOrigin: opts.mediaOrigin, candidates: [], mentions: [] };
  const raw = parser.render(normalizeSource(source), env);
  return { html: sanitizePostHtml(raw, { mediaOrigin: opts.mediaOrigin }), mentions: env.mentions };
}

/**
 * The usernames a source mentions (lower case, deduplicated), by the same rules the renderer links them:
 * what to look up before `renderMarkdown`.
 */
export function extractMentions(source: string): string[] {
  const env: RenderEnv = { candidates: [], mentions: [] };
  parser.parse(normalizeSource(source), env);
  return env.candidates;
}

/**
 * Both passes in one call for an asynchronous lookup: `findUsers` gets the candidate names (lower case) and
 * returns the ones that exist (any case).
 */
export async function renderMarkdownWithMentions(
  source: string,
  opts: { mediaOrigin?: string; findUsers: (lowerCaseNames: string[]) => Promise<Iterable<string>> | Iterable<string> },
): Promise<RenderedMarkdown> {
  const candidates = extractMentions(source);
  const known = new Set<string>();
  if (candidates.length > 0) for (const name of await opts.findUsers(candidates)) known.add(name.toLowerCase());
  return renderMarkdown(source, { mediaOrigin: opts.mediaOrigin, resolveMention: known });
}

/** NUL is replaced by markdown-it anyway; other C0 controls (except tab and newlines) never belong in a post. */
function normalizeSource(source: string): string {
  // eslint-disable-next-line no-control-regex
  return source.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "\ufffd");
}
