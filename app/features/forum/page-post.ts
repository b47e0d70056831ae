import type { HtmlOnce } from "#app/components/ui/html-once";
import type { ThreadPost, ThreadView } from "#server/modules/forum/get-thread";

/**
 * A post as the thread page receives it: its body's HTML sent once (in the page, not again in the
 * hydration data), its Markdown only when its edit form is open.
 */
export type PagePost = Omit<ThreadPost, "bodyHtml"> & { bodyHtml: string | HtmlOnce | null };
export type PageView = Omit<ThreadView, "posts"> & { posts: PagePost[] };
