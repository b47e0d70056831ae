import { asc } from "drizzle-orm";
import { forumTags } from "#server/db/schema";
import type { ForumDeps } from "./deps";
import type { ThreadTag } from "./get-thread";

/** Every tag, by slug: the new-thread form's checkboxes and the thread list's tag filter. */
export async function listTags(deps: Pick<ForumDeps, "db">): Promise<ThreadTag[]> {
  return deps.db
    .select({ slug: forumTags.slug, nameEs: forumTags.nameEs, nameEn: forumTags.nameEn })
    .from(forumTags)
    .orderBy(asc(forumTags.slug));
}
