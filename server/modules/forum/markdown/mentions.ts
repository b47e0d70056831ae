import type { StateCore, Token } from "markdown-it";

/**
 * `@username` mentions. A username follows the accounts rule (3–30 of `A-Z a-z 0-9 _ -`, see
 * `accounts/username.ts`). A mention counts only in plain text: never inside code spans or blocks (they are not
 * text tokens), never inside a link (including autolinked addresses, so `ana@example.com` is no mention), never
 * glued to a preceding letter, digit or URL character (`x@ana`), never followed by a domain (`@ana.com`), and
 * never when the `@` is escaped (`\@ana`) or written as an entity.
 */
const MENTION = /(?<![\p{L}\p{N}\p{M}_.+\-@/\\:=&%#])@([A-Za-z0-9_-]{3,30})(?![A-Za-z0-9_\-@]|\.[A-Za-z0-9])/gu;

/** Decides whether a (lower-case) username belongs to an existing user. */
export type MentionResolver = ReadonlySet<string> | ((lowerCaseName: string) => boolean);

/** What the mention rule reads and writes through markdown-it's `env` for one render. */
export type MentionEnv = {
  /** Absent: mentions are only collected (`candidates`), never linked. */
  resolveMention?: MentionResolver;
  /** Every well-formed mention in plain text, lower case, in order of first appearance. */
  candidates: string[];
  /** The mentions that became links, lower case, deduplicated. */
  mentions: string[];
};

export function isKnown(resolver: MentionResolver | undefined, lowerCaseName: string): boolean {
  if (!resolver) return false;
  return typeof resolver === "function" ? resolver(lowerCaseName) : resolver.has(lowerCaseName);
}

function pushUnique(list: string[], value: string) {
  if (!list.includes(value)) list.push(value);
}

/**
 * markdown-it core rule: splits plain text tokens around mentions of known users and wraps those in
 * `<a href="/u/<name>" class="mention">`. Runs before `text_join`, so an escaped `\@` (a separate
 * `text_special` token) cannot start a mention.
 */
export function mentionRule(state: StateCore): void {
  const env = state.env as Partial<MentionEnv> | undefined;
  if (!env || !Array.isArray(env.candidates) || !Array.isArray(env.mentions)) return;
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    const out: Token[] = [];
    let linkDepth = 0;
    for (const token of block.children) {
      if (token.type === "link_open") linkDepth++;
      if (token.type === "link_close") linkDepth = Math.max(0, linkDepth - 1);
      if (token.type !== "text" || linkDepth > 0 || !token.content.includes("@")) {
        out.push(token);
        continue;
      }
      splitText(state, token, env as MentionEnv, out);
    }
    block.children = out;
  }
}

function splitText(state: StateCore, token: Token, env: MentionEnv, out: Token[]) {
  const text = token.content;
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const name = match[1];
    const lower = name.toLowerCase();
    pushUnique(env.candidates, lower);
    if (!isKnown(env.resolveMention, lower)) continue;
    pushUnique(env.mentions, lower);
    const start = match.index;
    if (start > last) out.push(textToken(state, token, text.slice(last, start)));
    const open = new state.Token("link_open", "a", 1);
    open.attrs = [
      ["href", `/u/${name}`],
      ["class", "mention"],
    ];
    open.markup = "mention";
    open.level = token.level;
    out.push(open, textToken(state, token, match[0]));
    const close = new state.Token("link_close", "a", -1);
    close.markup = "mention";
    close.level = token.level;
    out.push(close);
    last = start + match[0].length;
  }
  if (last === 0) out.push(token);
  else if (last < text.length) out.push(textToken(state, token, text.slice(last)));
}

function textToken(state: StateCore, like: Token, content: string): Token {
  const t = new state.Token("text", "", 0);
  t.content = content;
  t.level = like.level;
  return t;
}
