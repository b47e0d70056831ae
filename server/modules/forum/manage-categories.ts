import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { forumCategories, forums } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { isUniqueViolation } from "#server/db/unique-violation";
import { DomainError } from "#server/modules/errors";
import { byPosition, changes, directionField, isForeignKeyViolation, reorder, sectionFields } from "./content-input";
import { parseInput, type ForumDeps } from "./deps";
import { idField } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<ForumDeps, "db">;

const createInput = z.object(sectionFields);
const updateInput = z.object({ categoryId: idField, ...sectionFields });
const moveInput = z.object({ categoryId: idField, direction: directionField });
const deleteInput = z.object({ categoryId: idField });
export type CategoryInput = z.input<typeof createInput>;

/** A slug another row took first (also between two requests at once: the unique index decides). */
const slugTaken = (err: unknown) => (isUniqueViolation(err) ? new DomainError("forum.slug_taken") : err);

/**
 * Creates a forum category (Admins), last in the display order. `{ slug, titleEs, titleEn, descriptionEs?,
 * descriptionEn? }`; a slug in use is `forum.slug_taken`. Audited as `forum.category.create`.
 */
export async function createCategory(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "category.create");
  const data = parseInput(createInput, input);
  return deps.db.transaction(async (tx) => {
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${forumCategories.position}) + 1, 0)::int` }).from(forumCategories);
    // "Do nothing" on a taken slug instead of an error: the transaction stays usable and the answer is clear.
    const [row] = await tx
      .insert(forumCategories)
      .values({ id: randomUUID(), ...data, position: next })
      .onConflictDoNothing()
      .returning({ id: forumCategories.id, slug: forumCategories.slug });
    if (!row) throw new DomainError("forum.slug_taken");
    await recordAudit(tx, actor, {
      action: "forum.category.create",
      targetType: "category",
      targetId: row.id,
      targetName: row.slug,
      details: { ...data },
    });
    return { categoryId: row.id, slug: row.slug };
  });
}

/** Changes a category's slug, titles and descriptions (Admins); unchanged input changes and audits nothing. */
export async function updateCategory(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "category.update");
  const { categoryId, ...data } = parseInput(updateInput, input);
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(forumCategories).where(eq(forumCategories.id, categoryId)).for("update");
      if (!current) throw new DomainError("not_found");
      const diff = changes(current, data);
      if (!diff.changed) return { categoryId, changed: false };
      await tx.update(forumCategories).set(diff.after).where(eq(forumCategories.id, categoryId));
      await recordAudit(tx, actor, {
        action: "forum.category.update",
        targetType: "category",
        targetId: categoryId,
        targetName: data.slug,
        details: { before: diff.before, after: diff.after },
      });
      return { categoryId, changed: true };
    });
  } catch (err) {
    throw slugTaken(err);
  }
}

/** Moves a category one place up or down in the forum index (Admins). At either end it changes nothing. */
export async function moveCategory(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "category.move");
  const data = parseInput(moveInput, input);
  return deps.db.transaction(async (tx) => {
    // Every category locked in the order of their ids, which never change (in position order, two moves
    // that see the positions at different moments would take the rows in different orders and deadlock);
    // two moves at once are made one after the other.
    const rows = (
      await tx
        .select({ id: forumCategories.id, slug: forumCategories.slug, position: forumCategories.position })
        .from(forumCategories)
        .orderBy(asc(forumCategories.id))
        .for("update")
    ).sort(byPosition);
    if (!rows.some((r) => r.id === data.categoryId)) throw new DomainError("not_found");
    const ordered = reorder(rows, data.categoryId, data.direction);
    if (!ordered) return { categoryId: data.categoryId, changed: false };
    for (const [position, r] of ordered.entries()) {
      if (r.position !== position) await tx.update(forumCategories).set({ position }).where(eq(forumCategories.id, r.id));
    }
    const moved = rows.find((r) => r.id === data.categoryId)!;
    await recordAudit(tx, actor, {
      action: "forum.category.move",
      targetType: "category",
      targetId: moved.id,
      targetName: moved.slug,
      details: { direction: data.direction, from: rows.indexOf(moved) + 1, to: ordered.indexOf(moved) + 1 },
    });
    return { categoryId: data.categoryId, changed: true };
  });
}

/** Deletes a category without forums (Admins); one that still holds forums is `forum.category_not_empty`. */
export async function deleteCategory(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "category.delete");
  const data = parseInput(deleteInput, input);
  try {
    return await deps.db.transaction(async (tx) => {
      // The lock makes a forum being created in this category wait (its key check), so the count holds.
      const [current] = await tx.select().from(forumCategories).where(eq(forumCategories.id, data.categoryId)).for("update");
      if (!current) throw new DomainError("not_found");
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(forums)
        .where(eq(forums.categoryId, current.id));
      if (n > 0) throw new DomainError("forum.category_not_empty", { count: n });
      await tx.delete(forumCategories).where(eq(forumCategories.id, current.id));
      const { id: _id, createdAt: _c, ...snapshot } = current;
      await recordAudit(tx, actor, {
        action: "forum.category.delete",
        targetType: "category",
        targetId: current.id,
        targetName: current.slug,
        details: snapshot,
      });
      return { categoryId: current.id };
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new DomainError("forum.category_not_empty", { count: 1 });
    throw err;
  }
}
