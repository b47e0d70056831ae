import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { threads } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { MODERATION_NOTE_MAX } from "#shared/forum-limits";

/** Why a moderator acted (optional for most actions): written to the audit log and shown to the author. */
export const reasonField = z
  .string()
  .trim()
  .max(MODERATION_NOTE_MAX, "errors:input.invalid")
  .optional()
  .nullable()
  .transform((v) => v || null);

/** A thread row locked for the rest of the transaction; `not_found` when it does not exist. */
export async function lockThread(tx: Pick<Database, "select">, threadId: string) {
  const [t] = await tx
    .select({
      id: threads.id,
      forumId: threads.forumId,
      authorId: threads.authorId,
      title: threads.title,
      slug: threads.slug,
      pinned: threads.pinned,
      locked: threads.locked,
      hidden: threads.hidden,
      replyCount: threads.replyCount,
      lastActivityAt: threads.lastActivityAt,
      acceptedPostId: threads.acceptedPostId,
    })
    .from(threads)
    .where(eq(threads.id, threadId))
    .for("update");
  if (!t) throw new DomainError("not_found");
  return t;
}
