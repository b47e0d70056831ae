import { asc, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { collaborators } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { ContentDeps } from "./deps";
import { assertCan } from "./policy";

/**
 * Every collaborator with their appearances: the videos and episodes they are linked to (`publishedOnly`: only
 * those visitors see, as /about counts them).
 */
export async function collaboratorsWithCounts(db: Pick<Database, "select">, publishedOnly: boolean) {
  const pub = publishedOnly ? sql`and i.published` : sql``;
  return db
    .select({
      id: collaborators.id,
      name: collaborators.name,
      avatarUrl: collaborators.avatarUrl,
      twitterUrl: collaborators.twitterUrl,
      youtubeUrl: collaborators.youtubeUrl,
      twitchUrl: collaborators.twitchUrl,
      appearances: sql<number>`(
        (select count(*) from video_collaborators l join videos i on i.id = l.video_id where l.collaborator_id = collaborators.id ${pub})
        + (select count(*) from episode_collaborators l join podcast_episodes i on i.id = l.episode_id where l.collaborator_id = collaborators.id ${pub})
      )::int`,
    })
    .from(collaborators)
    .orderBy(asc(collaborators.name), asc(collaborators.id));
}

/** The collaborators tab: everyone, with every appearance (published or not). */
export async function listCollaborators(deps: Pick<ContentDeps, "db">, actor: Actor) {
  assertCan(actor, "collaborator.list");
  return collaboratorsWithCounts(deps.db, false);
}
