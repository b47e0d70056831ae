import type { RenderMarkdown } from "./deps";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The plainest safe rendering: the text HTML-escaped, one paragraph per blank-line-separated block, line
 * breaks kept. Used by tests and until the Markdown renderer is wired in; mentions are `@username` words.
 */
export const renderPlain: RenderMarkdown = async (md) => {
  const html = md
    .trim()
    .split(/\n\s*\n/)
    .filter((block) => block.trim())
    .map((block) => `<p>${escapeHtml(block.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const mentions = [...new Set([...md.matchAll(/(?:^|[^\w@])@([A-Za-z0-9_-]{3,30})/g)].map((m) => m[1].toLowerCase()))];
  return { html, mentions };
};
