import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { bodyField } from "./input";
import { assertCan } from "./policy";

const previewInput = z.object({ body: bodyField });

/**
 * The Markdown preview of a post being written: the same sanitized HTML the post will store. Previews are part
 * of writing, so they follow its rules: a member who may post (the same refusals as posting: unconfirmed email,
 * company pending, an active ban). Nothing is saved.
 */
export async function previewPost(
  deps: Pick<ForumDeps, "db" | "renderMarkdown" | "now">,
  actor: Actor,
  input: unknown,
): Promise<{ html: string }> {
  assertCan(actor, "post.preview");
  const { body } = parseInput(previewInput, input);
  await assertNotBanned(deps.db, actor.userId, deps.now());
  const { html } = await deps.renderMarkdown(body);
  return { html };
}
