import { z } from "zod";
import type { Actor } from "../accounts/actor";
import { DomainError } from "../errors";
import { parseInput, type ForumDeps } from "./deps";
import { bodyField } from "./input";

const previewInput = z.object({ body: bodyField });

/**
 * The Markdown preview of a post being written: the same sanitized HTML the post will store. Members only
 * (previews are part of writing); nothing is saved.
 */
export async function previewPost(deps: Pick<ForumDeps, "renderMarkdown">, actor: Actor, input: unknown): Promise<{ html: string }> {
  if (!actor) throw new DomainError("auth.unauthenticated");
  const { body } = parseInput(previewInput, input);
  const { html } = await deps.renderMarkdown(body);
  return { html };
}
