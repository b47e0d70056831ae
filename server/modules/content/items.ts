import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { collaborators, episodeCollaborators, podcastEpisodes, videoCollaborators, videos } from "#server/db/schema";
import type { ContentKind } from "#shared/content";
import { DomainError } from "#server/modules/errors";

type Db = Pick<Database, "select" | "insert" | "update" | "delete">;

/** The table of each kind, its link table and the words its audit entries and storage keys use. */
export const KIND = {
  video: { table: videos, links: videoCollaborators, linkColumn: videoCollaborators.videoId, folder: "videos", target: "video" },
  episode: {
    table: podcastEpisodes,
    links: episodeCollaborators,
    linkColumn: episodeCollaborators.episodeId,
    folder: "episodes",
    target: "episode",
  },
} as const;

export type VideoRow = typeof videos.$inferSelect;
export type EpisodeRow = typeof podcastEpisodes.$inferSelect;
export type ItemRow = VideoRow | EpisodeRow;

/** One item by id, or `content.not_found`. */
export async function loadItem(db: Db, kind: ContentKind, id: string): Promise<ItemRow> {
  const t = KIND[kind].table;
  const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  if (!row) throw new DomainError("content.not_found");
  return row;
}

/** The collaborator ids linked to each item of a kind. */
export async function linkedIds(db: Db, kind: ContentKind, itemIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!itemIds.length) return out;
  const k = KIND[kind];
  const rows = await db
    .select({ itemId: k.linkColumn, collaboratorId: k.links.collaboratorId })
    .from(k.links)
    .where(inArray(k.linkColumn, itemIds));
  for (const r of rows) out.set(r.itemId, [...(out.get(r.itemId) ?? []), r.collaboratorId]);
  return out;
}

/** The collaborators of one item, by name. */
export async function collaboratorsOf(db: Db, kind: ContentKind, itemId: string) {
  const k = KIND[kind];
  return db
    .select({
      id: collaborators.id,
      name: collaborators.name,
      avatarUrl: collaborators.avatarUrl,
      twitterUrl: collaborators.twitterUrl,
      youtubeUrl: collaborators.youtubeUrl,
      twitchUrl: collaborators.twitchUrl,
    })
    .from(k.links)
    .innerJoin(collaborators, eq(collaborators.id, k.links.collaboratorId))
    .where(eq(k.linkColumn, itemId))
    .orderBy(asc(collaborators.name));
}

/** Replaces an item's collaborators; every id must exist (`content.collaborator_not_found`). */
export async function setLinks(db: Db, kind: ContentKind, itemId: string, collaboratorIds: string[]) {
  const k = KIND[kind];
  if (collaboratorIds.length) {
    const found = await db.select({ id: collaborators.id }).from(collaborators).where(inArray(collaborators.id, collaboratorIds));
    if (found.length !== collaboratorIds.length)
      throw new DomainError("content.collaborator_not_found", {
        fieldErrors: { collaboratorIds: "errors:content.collaborator_not_found" },
      });
  }
  await db.delete(k.links).where(eq(k.linkColumn, itemId));
  if (collaboratorIds.length)
    await db
      .insert(k.links)
      .values(
        collaboratorIds.map((collaboratorId) =>
          kind === "video" ? { videoId: itemId, collaboratorId } : { episodeId: itemId, collaboratorId },
        ) as never,
      );
}

/** The slug error beside its field. */
export const slugTaken = () => new DomainError("content.slug_taken", { fieldErrors: { slug: "errors:content.slug_taken" } });
