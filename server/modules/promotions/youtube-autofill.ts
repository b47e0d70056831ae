import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { OembedUnavailable } from "#server/platform/youtube-oembed";
import type { PromotionsDeps } from "./deps";
import { youtubeInput } from "./input";
import { assertCan } from "./policy";

/** Look-ups per client: a person pastes a few links; a script may not use us as a YouTube proxy. */
export const YOUTUBE_AUTOFILL_RATE = { limit: 20, windowSeconds: 60 };

const required = () =>
  new DomainError("promotions.youtube_required", { fieldErrors: { youtubeUrl: "errors:promotions.youtube_required" } });

/**
 * /collaborate's auto-fill: a valid YouTube video URL gives the game's name (the video's title) and its
 * thumbnail through YouTube's oEmbed endpoint. An invalid URL, or a video YouTube does not know, is
 * `promotions.youtube_required`; YouTube not answering is `promotions.youtube_unavailable`. Rate limited per client.
 */
export async function youtubeAutofill(
  deps: Pick<PromotionsDeps, "oembed" | "rateLimiter" | "log">,
  actor: Actor,
  input: { url: unknown; clientKey: string },
) {
  assertCan(actor, "submission.create");
  const parsed = youtubeInput.safeParse({ url: input.url });
  if (!parsed.success) throw required();
  const { url } = parsed.data;
  const limited = await deps.rateLimiter.hit(`youtube-autofill:${input.clientKey}`, YOUTUBE_AUTOFILL_RATE);
  if (!limited.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limited.retryAfterSeconds });
  let found;
  try {
    found = await deps.oembed(url);
  } catch (err) {
    if (!(err instanceof OembedUnavailable)) deps.log.error("oembed lookup failed", { err });
    throw new DomainError("promotions.youtube_unavailable", { fieldErrors: { youtubeUrl: "errors:promotions.youtube_unavailable" } });
  }
  if (!found) throw required();
  return { gameName: found.title, thumbnailUrl: found.thumbnailUrl, channel: found.authorName };
}
