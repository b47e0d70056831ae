import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { forums, posts, threads, threadSlugHistory } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { isUniqueViolation } from "#server/db/unique-violation";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField, slugField } from "./input";
import { lockThread, reasonField } from "./moderation";
import { assertCan } from "./policy";
import { freeThreadSlug } from "./slug";

const moveInput = z.object({ threadId: idField, forumSlug: slugField, reason: reasonField });
export type MoveThreadInput = z.input<typeof moveInput>;
export type MovedThread = { threadId: string; forumSlug: string; slug: string; changed: boolean };

/**
 * Moves a thread to another forum (moderators). Both forums' thread and post counters and last activity are
 * adjusted in the same transaction; the forum rows are locked in id order so two opposite moves cannot
 * deadlock. When the slug is taken in the target forum the thread gets the next free one ("-2"…), decided by
 * the unique index if two moves race; the old address is kept in the slug history so old links still find it.
 */
export async function moveThread(deps: Pick<ForumDeps, "db" | "now">, actor: Actor, input: unknown): Promise<MovedThread> {
  assertCan(actor, "thread.move");
  const data = parseInput(moveInput, input);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const t = await lockThread(tx, data.threadId);
    const [target] = await tx.select({ id: forums.id, slug: forums.slug }).from(forums).where(eq(forums.slug, data.forumSlug)).limit(1);
    if (!target) throw new DomainError("not_found");
    if (target.id === t.forumId) return { threadId: t.id, forumSlug: target.slug, slug: t.slug, changed: false };
    const locked = await tx
      .select({ id: forums.id, slug: forums.slug, lastActivityAt: forums.lastActivityAt, lastThreadId: forums.lastThreadId })
      .from(forums)
      .where(inArray(forums.id, [t.forumId, target.id]))
      .orderBy(asc(forums.id))
      .for("update");
    const source = locked.find((f) => f.id === t.forumId)!;
    const dest = locked.find((f) => f.id === target.id)!;

    let slug: string | null = null;
    for (let attempt = 0; attempt < 50 && !slug; attempt++) {
      const candidate = await freeThreadSlug(tx, target.id, t.slug, t.id);
      try {
        // A savepoint: a unique violation (a thread given the same slug at the same moment) undoes only this.
        await tx.transaction(async (sp) => {
          await sp.update(threads).set({ forumId: target.id, slug: candidate, updatedAt: now }).where(eq(threads.id, t.id));
        });
        slug = candidate;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    if (!slug) throw new Error("no free thread slug after 50 attempts");
    await tx.insert(threadSlugHistory).values({ forumId: t.forumId, slug: t.slug, threadId: t.id, createdAt: now }).onConflictDoNothing();

    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(eq(posts.threadId, t.id), isNull(posts.deletedAt)));
    let sourceLast: { lastActivityAt: Date | null; lastThreadId: string | null } = {
      lastActivityAt: source.lastActivityAt,
      lastThreadId: source.lastThreadId,
    };
    if (source.lastThreadId === t.id) {
      const [prev] = await tx
        .select({ id: threads.id, at: threads.lastActivityAt })
        .from(threads)
        .where(and(eq(threads.forumId, t.forumId), ne(threads.id, t.id)))
        .orderBy(desc(threads.lastActivityAt))
        .limit(1);
      sourceLast = { lastActivityAt: prev?.at ?? null, lastThreadId: prev?.id ?? null };
    }
    await tx
      .update(forums)
      .set({
        threadCount: sql`greatest(${forums.threadCount} - 1, 0)`,
        postCount: sql`greatest(${forums.postCount} - ${count}, 0)`,
        ...sourceLast,
      })
      .where(eq(forums.id, t.forumId));
    const newer = !dest.lastActivityAt || dest.lastActivityAt.getTime() <= t.lastActivityAt.getTime();
    await tx
      .update(forums)
      .set({
        threadCount: sql`${forums.threadCount} + 1`,
        postCount: sql`${forums.postCount} + ${count}`,
        ...(newer ? { lastActivityAt: t.lastActivityAt, lastThreadId: t.id } : {}),
      })
      .where(eq(forums.id, target.id));
    await recordAudit(tx, actor, {
      action: "forum.thread.move",
      targetType: "thread",
      targetId: t.id,
      targetName: t.title,
      reason: data.reason,
      details: { from: source.slug, to: dest.slug, oldSlug: t.slug, slug },
    });
    return { threadId: t.id, forumSlug: dest.slug, slug, changed: true };
  });
}
