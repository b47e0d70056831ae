import type { HtmlOnce } from "#app/components/ui/html-once";
import type { ThreadPost, ThreadView } from "#server/modules/forum/get-thread";

/**
 * A post as the thread page receives it: its body's HTML sent once (in the page, not again in the
 * hydration data), its Markdown only when its edit form is open, its author's level.
 */
export type PagePost = Omit<ThreadPost, "bodyHtml" | "author"> & {
  bodyHtml: string | HtmlOnce | null;
  /** The author with the level their XP gives (gamification's, shown beside the name). */
  author: (NonNullable<ThreadPost["author"]> & { level: number }) | null;
};
export type PageView = Omit<ThreadView, "posts"> & { posts: PagePost[] };
