import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { forums, forumTags } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { slugField } from "./input";
import { assertCan } from "./policy";

const threadFormInput = z.object({ forumSlug: slugField });

/**
 * What the new-thread page needs: the forum, the tags to choose from, and, when the person may not start a
 * thread (unconfirmed email, pending company), the refusal's code to show instead of the form.
 */
export async function threadForm(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown) {
  const { forumSlug } = parseInput(threadFormInput, input);
  const [forum] = await deps.db
    .select({ slug: forums.slug, titleEs: forums.titleEs, titleEn: forums.titleEn })
    .from(forums)
    .where(eq(forums.slug, forumSlug))
    .limit(1);
  if (!forum) throw new DomainError("not_found");
  let refusal: string | null = null;
  try {
    assertCan(actor, "thread.create");
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    refusal = err.code;
  }
  const tags = await deps.db
    .select({ slug: forumTags.slug, nameEs: forumTags.nameEs, nameEn: forumTags.nameEn })
    .from(forumTags)
    .orderBy(asc(forumTags.slug));
  return { forum, tags, refusal };
}
