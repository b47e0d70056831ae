import type { AppLoadContext } from "react-router";
import { htmlOnce } from "#app/lib/html-once.server";
import type { ThreadView } from "#server/modules/forum/get-thread";
import type { PageView } from "./page-post";

/** The thread's posts as the page sends them: each body's HTML once, the Markdown of the post being edited only. */
export function pageView(context: AppLoadContext, view: ThreadView, editingId: string | null): PageView {
  return {
    ...view,
    posts: view.posts.map((p) => ({
      ...p,
      bodyMd: p.id === editingId ? p.bodyMd : null,
      bodyHtml: p.bodyHtml === null ? null : htmlOnce(context, `body-of-${p.number}`, p.bodyHtml),
    })),
  };
}
