/** Forum Markdown: a post's source to the sanitized HTML stored beside it, and whom it mentions. */
export {
  extractMentions,
  MARKDOWN_RENDERER_VERSION,
  renderMarkdown,
  renderMarkdownWithMentions,
  type RenderedMarkdown,
  type RenderOptions,
} from "./render-markdown";
export { sanitizePostHtml, type SanitizeOptions } from "./sanitize-post-html";
export { classifyHref, EXTERNAL_REL, isUploadImage, type LinkKind } from "./link-policy";
export type { MentionResolver } from "./mentions";
