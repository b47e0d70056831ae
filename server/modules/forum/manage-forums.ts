import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { forumCategories, forums, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { isUniqueViolation } from "#server/db/unique-violation";
import { DomainError } from "#server/modules/errors";
import { byPosition, changes, directionField, isForeignKeyViolation, reorder, sectionFields } from "./content-input";
import { parseInput, type ForumDeps } from "./deps";
import { idField } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<ForumDeps, "db">;
type Tx = Pick<Database, "select">;

const createInput = z.object({ categoryId: idField, ...sectionFields });
const updateInput = z.object({ forumId: idField, categoryId: idField, ...sectionFields });
const moveInput = z.object({ forumId: idField, direction: directionField });
const deleteInput = z.object({ forumId: idField });
export type ForumInput = z.input<typeof createInput>;

const slugTaken = (err: unknown) => (isUniqueViolation(err) ? new DomainError("forum.slug_taken") : err);

/** The category, share-locked so that it cannot be deleted while a forum is put in it. */
async function lockCategory(tx: Tx, categoryId: string) {
  const [category] = await tx
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(eq(forumCategories.id, categoryId))
    .for("share");
  if (!category) throw new DomainError("not_found");
}

const nextPosition = async (tx: Tx, categoryId: string) =>
  (
    await tx
      .select({ next: sql<number>`coalesce(max(${forums.position}) + 1, 0)::int` })
      .from(forums)
      .where(eq(forums.categoryId, categoryId))
  )[0].next;

/**
 * Creates a forum in a category (Admins), last in the category. `{ categoryId, slug, titleEs, titleEn,
 * descriptionEs?, descriptionEn? }`; its slug is its address (`/community/<slug>`), so it is unique across
 * the site (`forum.slug_taken`). Audited as `forum.forum.create`.
 */
export async function createForum(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "forum.create");
  const data = parseInput(createInput, input);
  return deps.db.transaction(async (tx) => {
    await lockCategory(tx, data.categoryId);
    const [row] = await tx
      .insert(forums)
      .values({ id: randomUUID(), ...data, position: await nextPosition(tx, data.categoryId) })
      .onConflictDoNothing()
      .returning({ id: forums.id, slug: forums.slug });
    if (!row) throw new DomainError("forum.slug_taken");
    await recordAudit(tx, actor, {
      action: "forum.forum.create",
      targetType: "forum",
      targetId: row.id,
      targetName: row.slug,
      details: { ...data },
    });
    return { forumId: row.id, slug: row.slug };
  });
}

/**
 * Changes a forum's texts, slug or category (Admins). A new slug changes the forum's address and its
 * threads' (old links are not redirected); a forum moved to another category goes last there.
 */
export async function updateForum(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "forum.update");
  const { forumId, ...data } = parseInput(updateInput, input);
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(forums).where(eq(forums.id, forumId)).for("update");
      if (!current) throw new DomainError("not_found");
      const diff = changes(current, data);
      if (!diff.changed) return { forumId, slug: current.slug, changed: false };
      const set: Partial<typeof forums.$inferInsert> = { ...diff.after };
      if (diff.after.categoryId) {
        await lockCategory(tx, diff.after.categoryId);
        set.position = await nextPosition(tx, diff.after.categoryId);
      }
      await tx.update(forums).set(set).where(eq(forums.id, forumId));
      await recordAudit(tx, actor, {
        action: "forum.forum.update",
        targetType: "forum",
        targetId: forumId,
        targetName: data.slug,
        details: { before: diff.before, after: diff.after },
      });
      return { forumId, slug: data.slug, changed: true };
    });
  } catch (err) {
    throw slugTaken(err);
  }
}

/** Moves a forum one place up or down within its category (Admins). At either end it changes nothing. */
export async function moveForum(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "forum.move");
  const data = parseInput(moveInput, input);
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.select({ categoryId: forums.categoryId }).from(forums).where(eq(forums.id, data.forumId));
    if (!target) throw new DomainError("not_found");
    // One move per category at a time: its row is the lock. (Locking the forums in position order could
    // deadlock: two moves see the positions at different moments and take the same rows in different orders.)
    await tx.select({ id: forumCategories.id }).from(forumCategories).where(eq(forumCategories.id, target.categoryId)).for("update");
    const rows = (
      await tx
        .select({ id: forums.id, slug: forums.slug, position: forums.position, categoryId: forums.categoryId })
        .from(forums)
        .where(eq(forums.categoryId, target.categoryId))
        .orderBy(asc(forums.id))
        .for("update")
    ).sort(byPosition);
    const moved = rows.find((r) => r.id === data.forumId);
    // Moved to another category between the two reads: nothing to do here.
    if (!moved) return { forumId: data.forumId, changed: false };
    const ordered = reorder(rows, data.forumId, data.direction);
    if (!ordered) return { forumId: data.forumId, changed: false };
    for (const [position, r] of ordered.entries()) {
      if (r.position !== position) await tx.update(forums).set({ position }).where(eq(forums.id, r.id));
    }
    await recordAudit(tx, actor, {
      action: "forum.forum.move",
      targetType: "forum",
      targetId: moved.id,
      targetName: moved.slug,
      details: { direction: data.direction, from: rows.indexOf(moved) + 1, to: ordered.indexOf(moved) + 1 },
    });
    return { forumId: data.forumId, changed: true };
  });
}

/**
 * Deletes a forum without threads (Admins); one that holds threads, hidden ones included, is
 * `forum.forum_not_empty` (move or delete them first).
 */
export async function deleteForum(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "forum.delete");
  const data = parseInput(deleteInput, input);
  try {
    return await deps.db.transaction(async (tx) => {
      // Locked: a thread being started in this forum holds its key lock until it commits, so the count holds.
      const [current] = await tx.select().from(forums).where(eq(forums.id, data.forumId)).for("update");
      if (!current) throw new DomainError("not_found");
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(threads)
        .where(eq(threads.forumId, current.id));
      if (n > 0) throw new DomainError("forum.forum_not_empty", { count: n });
      await tx.delete(forums).where(eq(forums.id, current.id));
      await recordAudit(tx, actor, {
        action: "forum.forum.delete",
        targetType: "forum",
        targetId: current.id,
        targetName: current.slug,
        details: { categoryId: current.categoryId, slug: current.slug, titleEs: current.titleEs, titleEn: current.titleEn },
      });
      return { forumId: current.id };
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new DomainError("forum.forum_not_empty", { count: 1 });
    throw err;
  }
}
