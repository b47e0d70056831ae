import type { AppLoadContext } from "react-router";
import { htmlOnce } from "#app/lib/html-once.server";
import type { ThreadView } from "#server/modules/forum/get-thread";
import type { PageView } from "./page-post";

/**
 * The thread's posts as the page sends them: each body's HTML once, the Markdown of the post being edited only,
 * and each author's level (`levels`, by user id: one read for the page's authors).
 */
export function pageView(context: AppLoadContext, view: ThreadView, editingId: string | null, levels: Record<string, number>): PageView {
  return {
    ...view,
    posts: view.posts.map((p) => ({
      ...p,
      author: p.author ? { ...p.author, level: levels[p.author.id] ?? 1 } : null,
      bodyMd: p.id === editingId ? p.bodyMd : null,
      bodyHtml: p.bodyHtml === null ? null : htmlOnce(context, `body-of-${p.number}`, p.bodyHtml),
    })),
  };
}
