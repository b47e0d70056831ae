import { redirect, type AppLoadContext } from "react-router";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { isNotFound, pageErrorFor } from "#app/lib/page-error.server";
import type { MovedThread } from "#server/modules/forum/move-thread";
import type { Earned } from "#server/modules/gamification";
import { pageOfPost, postPath, threadPath } from "#shared/forum-paths";
import type { InteractionDone } from "./fetcher-kit";
import { interactionFor } from "./interactions.server";

/** The reply form's preview: the rendered Markdown, and the text to put back in the form. */
export type PreviewResult = { ok: true; intent: "preview"; preview: string; values: Record<string, string> };

/**
 * The thread page's action: one forum operation per intent. Interactions (likes, follows, reports, answers,
 * moderation) answer a fetcher with data and a plain form post with a redirect back to the post or the
 * thread's header; replying, editing and deleting go to the post; a refusal comes back as the form's failure.
 */
export async function threadAction(context: AppLoadContext, request: Request, params: { forumSlug: string; threadSlug: string }) {
  // SPEC §5: replying needs a login (a visitor goes to /login and comes back here).
  const actor = requireUser(context, request);
  const formData = likeButtonFields(await request.formData());
  const intent = String(formData.get("intent") ?? "");
  const forum = context.services.forum;
  const prefix = context.localePrefix;
  const here = threadPath(params.forumSlug, params.threadSlug);
  const number = Number(formData.get("number"));
  const validNumber = Number.isInteger(number) && number > 0 ? number : 1;

  // Likes, follows, reports, answers and moderation: one operation each (see interactions.server.ts).
  const interaction = interactionFor(intent);
  if (interaction) {
    let result: unknown;
    try {
      result = await interaction.run(forum, actor, formData);
    } catch (err) {
      // A post deleted or hidden meanwhile says so where the button was (not a 404 page).
      return actionFailure(err, formData);
    }
    if (intent === "move") {
      const moved = result as MovedThread;
      return redirect(prefix + threadPath(moved.forumSlug, moved.slug), 303);
    }
    // A fetcher (JavaScript) keeps the page where it is; a plain form post comes back to the post or header.
    if (formData.get("js") === "1") {
      const done: InteractionDone = {
        ok: true,
        intent,
        ...(interaction.scope === "post" ? { postId: String(formData.get("postId") ?? "") } : {}),
      };
      return done;
    }
    if (interaction.scope === "post") {
      // A like sent without JavaScript names only its post: the operation's answer says which number it is.
      const at = numberOf(result) ?? validNumber;
      const page = pageOfPost(at);
      const query = new URLSearchParams();
      if (page > 1) query.set("page", String(page));
      if (intent === "report") query.set("reported", String(formData.get("postId") ?? ""));
      const search = query.toString();
      return redirect(`${prefix}${here}${search ? `?${search}` : ""}#post-${at}`, 303);
    }
    const page = Number(formData.get("page"));
    const onPage = Number.isInteger(page) && page > 1 ? `?page=${page}` : "";
    return redirect(`${prefix}${here}${onPage}#thread-title`, 303);
  }

  try {
    switch (intent) {
      case "reply": {
        const game = context.services.gamification;
        const before = await game.standing(actor);
        const created = await forum.reply(actor, { threadId: formData.get("threadId"), body: formData.get("body") });
        const earned = await game.earnedFor(actor, { reason: "post_create", sourceId: created.postId }, before);
        return redirect(prefix + repliedPath(params, created.number, earned), 303);
      }
      case "preview": {
        const { html } = await forum.previewPost(actor, { body: formData.get("body") });
        const preview: PreviewResult = {
          ok: true,
          intent: "preview",
          preview: html,
          values: { intent: "reply", body: String(formData.get("body") ?? "") },
        };
        return preview;
      }
      case "edit": {
        const title = formData.get("title");
        const edited = await forum.editPost(actor, {
          postId: formData.get("postId"),
          body: formData.get("body"),
          ...(typeof title === "string" ? { title } : {}),
        });
        return redirect(prefix + postPath(params.forumSlug, edited.slug, validNumber), 303);
      }
      case "delete": {
        await forum.deletePost(actor, { postId: formData.get("postId") });
        return redirect(prefix + postPath(params.forumSlug, params.threadSlug, validNumber), 303);
      }
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (err) {
    if (isNotFound(err)) pageErrorFor(err);
    return actionFailure(err, formData, { "forum.duplicate_post": "body" });
  }
}

/**
 * A like button of a page without JavaScript submits the page's one like form (LikeForm) as `like=<post id>`
 * or `unlike=<post id>`: read as the intent and the post, like the fields a fetcher sends.
 */
function likeButtonFields(formData: FormData): FormData {
  if (formData.has("intent")) return formData;
  for (const intent of ["like", "unlike"]) {
    const postId = formData.get(intent);
    if (typeof postId !== "string") continue;
    formData.set("intent", intent);
    formData.set("postId", postId);
    break;
  }
  return formData;
}

const numberOf = (result: unknown) =>
  result && typeof result === "object" && typeof (result as { number?: unknown }).number === "number"
    ? (result as { number: number }).number
    : null;

/**
 * Where a reply lands: its post, with what it earned in the query (`?replied=<number>&xp=5`, and `&level=3&points=3`
 * when it reached a new level). The page says it once, to the reply's author only (see `repliedFrom`), and drops
 * the query, as after a new thread (`?created=1`).
 */
function repliedPath(params: { forumSlug: string; threadSlug: string }, number: number, earned: Earned): string {
  const page = pageOfPost(number);
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  query.set("replied", String(number));
  if (earned.xp > 0) query.set("xp", String(earned.xp));
  if (earned.levelUp) {
    query.set("level", String(earned.levelUp.level));
    query.set("points", String(earned.levelUp.statPoints));
  }
  return `${threadPath(params.forumSlug, params.threadSlug)}?${query.toString()}#post-${number}`;
}
