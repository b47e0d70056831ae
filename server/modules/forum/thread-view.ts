import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { postPath, threadPath } from "#shared/forum-paths";
import { parseInput, type ForumDeps } from "./deps";
import { getThread, type ThreadPost, type ThreadView } from "./get-thread";
import { listRevisions, type PostRevision } from "./list-revisions";

const threadPageInput = z.object({
  forumSlug: z.string(),
  threadSlug: z.string(),
  /** The page address's query string (`?page=2&edit=…`), as the browser sent it. */
  search: z.string().default(""),
});

/** What the thread page renders: the thread's page and which of its modes the address opened. */
export type ThreadPage = {
  view: ThreadView;
  /** `?quote=id`: the post to quote in the reply form (when the viewer may reply). */
  quoted: { username: string | null; bodyMd: string } | null;
  /** `?edit=id`, `?delete=id`: the post whose edit form or delete confirmation is open (when allowed). */
  editingId: string | null;
  deletingId: string | null;
  /** `?history=id`: the post's earlier versions. */
  history: { postId: string; revisions: PostRevision[] } | null;
  /** `?hide=id`, `?publish=id`: a moderator's confirmation open on that post. */
  hidingId: string | null;
  publishingId: string | null;
  /** `?hideThread=1`: a moderator's confirmation to hide the thread. */
  confirmingHideThread: boolean;
  /** `?report=id`: the report form open on that post (the page carries no report form otherwise). */
  reportingId: string | null;
  /** `?reported=id`: after a report sent without JavaScript, the thank-you at that post. */
  reported: string | null;
  /** A second view of the page (a form, a confirmation or the history open) or a hidden thread: not for search engines. */
  noindex: boolean;
};
/** The page, or another address to go to (without the language prefix). */
export type ThreadPageResult = { page: ThreadPage } | { redirect: { to: string; status: 301 | 302 } };

/**
 * The thread page's view builder: turns the page's address (its modes are query parameters, so each works
 * without JavaScript) and the forum's reads into what the page renders. `?post=n` goes to the page holding
 * post n; an old slug goes, for good, to the current address. An unknown thread or a page past the last is
 * `not_found`. Reading the thread and a post's history check their own permissions.
 */
export async function threadPage(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown): Promise<ThreadPageResult> {
  const { forumSlug, threadSlug, search } = parseInput(threadPageInput, input);
  const q = new URLSearchParams(search);

  // ?post=n: a link to one post, wherever it is.
  const wanted = q.get("post");
  if (wanted && /^\d{1,7}$/.test(wanted)) return { redirect: { to: postPath(forumSlug, threadSlug, Number(wanted)), status: 302 } };

  const result = await getThread(deps, actor, { forumSlug, threadSlug, page: q.get("page") ?? undefined });
  // An old slug (the title changed): the current address, for good.
  if ("redirectTo" in result) {
    const query = search && !search.startsWith("?") ? `?${search}` : search;
    return { redirect: { to: `${threadPath(result.redirectTo.forumSlug, result.redirectTo.threadSlug)}${query}`, status: 301 } };
  }
  const view = result;
  if (view.page > view.pageCount) throw new DomainError("not_found");

  const find = (name: string): ThreadPost | undefined => {
    const id = q.get(name);
    return id ? view.posts.find((p) => p.id === id && p.bodyMd !== null) : undefined;
  };
  const quoted = view.can.reply ? find("quote") : undefined;
  const editing = find("edit");
  const deleting = find("delete");
  const historyOf = find("history");
  // Moderation confirmations (a second view of the page, so they work without JavaScript).
  const hiding = find("hide");
  const publishing = find("publish");
  const confirmingHideThread = q.get("hideThread") === "1" && view.can.hide && !view.thread.hidden;
  const reporting = find("report");
  const reportedId = q.get("reported");
  const reported = reportedId && view.posts.some((p) => p.id === reportedId && p.can.report) ? reportedId : null;
  const history = historyOf ? await listRevisions(deps, actor, { postId: historyOf.id }).catch(() => null) : null;

  return {
    page: {
      view,
      quoted: quoted ? { username: quoted.author?.username ?? null, bodyMd: quoted.bodyMd! } : null,
      editingId: editing && editing.can.edit ? editing.id : null,
      deletingId: deleting && deleting.can.delete ? deleting.id : null,
      history: history ? { postId: history.postId, revisions: history.revisions } : null,
      hidingId: hiding && hiding.can.hide && !hiding.hidden ? hiding.id : null,
      publishingId: publishing && publishing.can.hide && publishing.hidden ? publishing.id : null,
      confirmingHideThread,
      reportingId: reporting && reporting.can.report ? reporting.id : null,
      reported,
      noindex:
        view.thread.hidden ||
        !!(editing || deleting || historyOf || quoted || hiding || publishing || confirmingHideThread || reporting || reported),
    },
  };
}
