import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { forums, posts, profiles, reports, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { PAGE_SIZE, pageNumber, parseInput, type ForumDeps } from "./deps";
import { assertCan } from "./policy";

const listReportsInput = z.object({
  status: z.enum(["open", "resolved", "ignored"]).default("open").catch("open"),
  page: z.unknown().optional(),
});
export type ListReportsInput = z.input<typeof listReportsInput>;

export type ReportRow = {
  id: string;
  reason: string;
  status: "open" | "resolved" | "ignored";
  createdAt: Date;
  handledAt: Date | null;
  reporter: { id: string; username: string | null } | null;
  handledBy: { id: string; username: string | null } | null;
  post: {
    id: string;
    number: number;
    excerpt: string;
    /** The post as readers see it: the sanitized HTML stored when it was written (never re-rendered here). */
    html: string;
    hidden: boolean;
    deleted: boolean;
    author: { id: string; username: string | null } | null;
    openReports: number;
  };
  thread: { id: string; title: string; slug: string; forumSlug: string; hidden: boolean; locked: boolean };
};

export const EXCERPT_LENGTH = 200;
export const excerpt = (md: string) => (md.length > EXCERPT_LENGTH ? `${md.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : md);

/**
 * The moderation queue (moderators): reports of one status (open by default), newest first, 20 per page, each
 * with the post (its excerpt, and its stored HTML to show it as readers see it), its thread and author, the
 * reporter and how many open reports the post has; plus the number of reports in each status for the tabs.
 */
export async function listReports(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "report.list");
  const data = parseInput(listReportsInput, input);
  const page = pageNumber(data.page);
  const reporter = alias(profiles, "reporter");
  const handler = alias(profiles, "handler");
  const author = alias(profiles, "author");
  const rows = await deps.db
    .select({
      id: reports.id,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      handledAt: reports.handledAt,
      reporterId: reports.reporterId,
      reporterName: reporter.username,
      handledById: reports.handledBy,
      handledByName: handler.username,
      postId: posts.id,
      number: posts.number,
      bodyMd: sql<string>`left(${posts.bodyMd}, ${EXCERPT_LENGTH + 1})`,
      bodyHtml: posts.bodyHtml,
      postHidden: posts.hidden,
      deletedAt: posts.deletedAt,
      authorId: posts.authorId,
      authorName: author.username,
      openReports: sql<number>`(select count(*)::int from ${reports} r where r.post_id = ${posts.id} and r.status = 'open')`,
      threadId: threads.id,
      title: threads.title,
      slug: threads.slug,
      threadHidden: threads.hidden,
      locked: threads.locked,
      forumSlug: forums.slug,
    })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .innerJoin(forums, eq(forums.id, threads.forumId))
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(handler, eq(handler.id, reports.handledBy))
    .leftJoin(author, eq(author.id, posts.authorId))
    .where(and(eq(reports.status, data.status)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const counts = await deps.db
    .select({ status: reports.status, n: sql<number>`count(*)::int` })
    .from(reports)
    .groupBy(reports.status);
  const count = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  const items: ReportRow[] = rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    status: r.status,
    createdAt: r.createdAt,
    handledAt: r.handledAt,
    reporter: r.reporterId ? { id: r.reporterId, username: r.reporterName } : null,
    handledBy: r.handledById ? { id: r.handledById, username: r.handledByName } : null,
    post: {
      id: r.postId,
      number: r.number,
      excerpt: excerpt(r.bodyMd),
      html: r.bodyHtml,
      hidden: r.postHidden,
      deleted: !!r.deletedAt,
      author: r.authorId ? { id: r.authorId, username: r.authorName } : null,
      openReports: r.openReports,
    },
    thread: { id: r.threadId, title: r.title, slug: r.slug, forumSlug: r.forumSlug, hidden: r.threadHidden, locked: r.locked },
  }));
  const total = count(data.status);
  return {
    status: data.status,
    items,
    counts: { open: count("open"), resolved: count("resolved"), ignored: count("ignored") },
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}
