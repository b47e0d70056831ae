import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import type { ContentKind } from "#shared/content";
import { parseInput, type ContentDeps } from "./deps";
import { fetchYoutubeThumbnail, removeStored, storeThumbnail, uploaded } from "./images";
import { episodeInput, kindInput, videoInput } from "./input";
import { KIND, setLinks, slugTaken } from "./items";
import { assertCan } from "./policy";

/** What a save answers: the item, and whether YouTube's thumbnail could not be fetched (the page says so). */
export type SaveResult = { id: string; slug: string; title: string; thumbnailFailed: boolean };

/** The fields of one kind's form, checked (the video's YouTube id, the episode's platform links). */
export function parseItem(kind: ContentKind, input: unknown) {
  if (kind === "video") {
    const { collaboratorIds, youtube, ...v } = parseInput(videoInput, input);
    return { collaboratorIds, values: { ...v, youtubeId: youtube } };
  }
  const { collaboratorIds, ...v } = parseInput(episodeInput, input);
  return { collaboratorIds, values: v };
}

/**
 * An Admin adds a video or an episode, first in the list, published or not as the form says. A thumbnail
 * uploaded is re-encoded and stored; a video without one gets YouTube's, fetched from its image host (when that
 * fails the video is saved anyway). In the audit log.
 */
export async function createItem(
  deps: ContentDeps,
  actor: Actor,
  input: { kind: unknown; fields: unknown; published?: boolean; thumbnail?: Uint8Array | null },
): Promise<SaveResult> {
  assertCan(actor, "content.create");
  const { kind } = parseInput(kindInput, { kind: input?.kind });
  const { values, collaboratorIds } = parseItem(kind, input.fields);
  const k = KIND[kind];
  const id = randomUUID();
  const folder = `${k.folder}/${id}`;
  const file = uploaded(input.thumbnail);
  let thumbnailFailed = false;
  let thumbnailUrl: string | null = null;
  if (file) thumbnailUrl = await storeThumbnail(deps, folder, file);
  else if ("youtubeId" in values) {
    thumbnailUrl = await fetchYoutubeThumbnail(deps, folder, values.youtubeId);
    thumbnailFailed = !thumbnailUrl;
  }
  const now = deps.now();
  const published = input.published === true;
  try {
    await deps.db.transaction(async (tx) => {
      const [{ first }] = await tx.select({ first: sql<number>`coalesce(min(${k.table.position}), 1)::int` }).from(k.table);
      await tx.insert(k.table).values({
        id,
        ...values,
        thumbnailUrl,
        position: first - 1,
        published,
        publishedAt: published ? now : null,
        createdAt: now,
        updatedAt: now,
      } as never);
      await setLinks(tx, kind, id, collaboratorIds);
      await recordAudit(tx, actor!, {
        action: kind === "video" ? "content.video_created" : "content.episode_created",
        targetType: k.target,
        targetId: id,
        targetName: values.titleEn,
        details: { slug: values.slug, published },
      });
    });
  } catch (err) {
    await removeStored(deps, thumbnailUrl);
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  return { id, slug: values.slug, title: values.titleEn, thumbnailFailed };
}
