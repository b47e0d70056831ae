import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { podcastEpisodes } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { RoomsDeps } from "./deps";
import { assertCan } from "./policy";

export type PodcastChoice = { id: string; titleEs: string; titleEn: string; published: boolean };

/**
 * The podcast episodes a room may relate to (the create form's select): every episode, published or not (a room
 * usually prepares one that is not out yet), newest first.
 */
export async function listPodcastChoices(deps: Pick<RoomsDeps, "db">, actor: Actor): Promise<PodcastChoice[]> {
  assertCan(actor, "episode_room.create");
  return deps.db
    .select({
      id: podcastEpisodes.id,
      titleEs: podcastEpisodes.titleEs,
      titleEn: podcastEpisodes.titleEn,
      published: podcastEpisodes.published,
    })
    .from(podcastEpisodes)
    .orderBy(desc(podcastEpisodes.createdAt), podcastEpisodes.id);
}

/** A related episode must exist: its titles, or `input.invalid` beside the podcast field. */
export async function findPodcast(db: Pick<Database, "select">, id: string): Promise<{ titleEs: string; titleEn: string }> {
  const [row] = await db
    .select({ titleEs: podcastEpisodes.titleEs, titleEn: podcastEpisodes.titleEn })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.id, id))
    .limit(1);
  if (!row) throw new DomainError("input.invalid", { fieldErrors: { podcastId: "errors:rooms.podcast_not_found" } });
  return row;
}
