import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { forumTags, threadTags } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { changes, contentSlugField, tagNameField } from "./content-input";
import { parseInput, type ForumDeps } from "./deps";
import { idField } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<ForumDeps, "db">;

const createInput = z.object({ slug: contentSlugField, nameEs: tagNameField, nameEn: tagNameField });
const updateInput = z.object({ tagId: idField, nameEs: tagNameField, nameEn: tagNameField });
const deleteInput = z.object({ tagId: idField });
export type TagInput = z.input<typeof createInput>;

/**
 * Creates a tag (Admins): `{ slug, nameEs, nameEn }`. The slug is the tag's filter address
 * (`?tag=<slug>`), unique (`forum.slug_taken`) and kept for good; names can be changed. Audited.
 */
export async function createTag(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "tag.create");
  const data = parseInput(createInput, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forumTags)
      .values({ id: randomUUID(), ...data })
      .onConflictDoNothing()
      .returning({ id: forumTags.id, slug: forumTags.slug });
    if (!row) throw new DomainError("forum.slug_taken");
    await recordAudit(tx, actor, {
      action: "forum.tag.create",
      targetType: "tag",
      targetId: row.id,
      targetName: row.slug,
      details: { ...data },
    });
    return { tagId: row.id, slug: row.slug };
  });
}

/** Renames a tag in both languages (Admins); unchanged names change and audit nothing. */
export async function updateTag(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "tag.update");
  const { tagId, ...data } = parseInput(updateInput, input);
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(forumTags).where(eq(forumTags.id, tagId)).for("update");
    if (!current) throw new DomainError("not_found");
    const diff = changes(current, data);
    if (!diff.changed) return { tagId, changed: false };
    await tx.update(forumTags).set(diff.after).where(eq(forumTags.id, tagId));
    await recordAudit(tx, actor, {
      action: "forum.tag.update",
      targetType: "tag",
      targetId: tagId,
      targetName: current.slug,
      details: { before: diff.before, after: diff.after },
    });
    return { tagId, changed: true };
  });
}

/** Deletes a tag (Admins): threads that had it simply lose it (the join rows go with it). */
export async function deleteTag(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "tag.delete");
  const data = parseInput(deleteInput, input);
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(forumTags).where(eq(forumTags.id, data.tagId)).for("update");
    if (!current) throw new DomainError("not_found");
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(threadTags)
      .where(eq(threadTags.tagId, current.id));
    await tx.delete(forumTags).where(eq(forumTags.id, current.id));
    await recordAudit(tx, actor, {
      action: "forum.tag.delete",
      targetType: "tag",
      targetId: current.id,
      targetName: current.slug,
      details: { nameEs: current.nameEs, nameEn: current.nameEn, threads: n },
    });
    return { tagId: current.id, threads: n };
  });
}
