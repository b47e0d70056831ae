import { eq } from "drizzle-orm";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { parseInput, type ContentDeps } from "./deps";
import { parseItem, type SaveResult } from "./create-item";
import { fetchYoutubeThumbnail, removeStored, storeThumbnail, uploaded } from "./images";
import { idInput, kindInput } from "./input";
import { KIND, loadItem, setLinks, slugTaken } from "./items";
import { assertCan } from "./policy";

/**
 * An Admin edits a video or an episode: its texts, links and collaborators, and its thumbnail when a new one is
 * uploaded. A video whose YouTube id changed, or that has no thumbnail yet, gets YouTube's again unless one is
 * uploaded. In the audit log.
 */
export async function updateItem(
  deps: ContentDeps,
  actor: Actor,
  input: { kind: unknown; id: unknown; fields: unknown; thumbnail?: Uint8Array | null },
): Promise<SaveResult> {
  assertCan(actor, "content.update");
  const { kind } = parseInput(kindInput, { kind: input?.kind });
  const { id } = parseInput(idInput, { id: input.id });
  const { values, collaboratorIds } = parseItem(kind, input.fields);
  const k = KIND[kind];
  const before = await loadItem(deps.db, kind, id);
  const folder = `${k.folder}/${id}`;
  const file = uploaded(input.thumbnail);
  let thumbnailFailed = false;
  let thumbnailUrl = before.thumbnailUrl;
  if (file) thumbnailUrl = await storeThumbnail(deps, folder, file);
  else if ("youtubeId" in values && "youtubeId" in before && (values.youtubeId !== before.youtubeId || !before.thumbnailUrl)) {
    const fetched = await fetchYoutubeThumbnail(deps, folder, values.youtubeId);
    thumbnailFailed = !fetched;
    thumbnailUrl = fetched ?? before.thumbnailUrl;
  }
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(k.table)
        .set({ ...values, thumbnailUrl, updatedAt: deps.now() } as never)
        .where(eq(k.table.id, id));
      await setLinks(tx, kind, id, collaboratorIds);
      await recordAudit(tx, actor!, {
        action: kind === "video" ? "content.video_updated" : "content.episode_updated",
        targetType: k.target,
        targetId: id,
        targetName: values.titleEn,
        details: { slug: values.slug, thumbnail: thumbnailUrl !== before.thumbnailUrl },
      });
    });
  } catch (err) {
    if (thumbnailUrl !== before.thumbnailUrl) await removeStored(deps, thumbnailUrl);
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  if (thumbnailUrl !== before.thumbnailUrl) await removeStored(deps, before.thumbnailUrl, thumbnailUrl);
  return { id, slug: values.slug, title: values.titleEn, thumbnailFailed };
}
