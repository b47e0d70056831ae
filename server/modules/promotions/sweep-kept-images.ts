import type { PromotionsDeps } from "./deps";
import { featuredFilesInUse } from "./featured-files";

/** A kept image (a refused send's, see create-submission.ts) waits this long for its studio to send again. */
export const KEPT_IMAGE_HOURS = 24;

/**
 * Removes the images and screenshots of /collaborate that no submission or featured game uses and that are older
 * than a day: those kept by token after a refused send that was never sent again. Runs daily.
 */
export async function sweepKeptImages(deps: Pick<PromotionsDeps, "db" | "storage" | "now" | "log">): Promise<{ removed: number }> {
  const files = (await deps.storage.list("featured/")).filter((f) => /^featured\/[a-f0-9]{32}\.webp$/.test(f.key));
  const before = deps.now().getTime() - KEPT_IMAGE_HOURS * 3600_000;
  let removed = 0;
  for (let i = 0; i < files.length; i += 200) {
    const batch = files.slice(i, i + 200);
    const urls = batch.map((f) => deps.storage.urlFor(f.key));
    const used = await featuredFilesInUse(deps.db, urls);
    for (const [j, file] of batch.entries()) {
      if (used.has(urls[j]!) || file.modifiedAt.getTime() > before) continue;
      await deps.storage.remove(file.key);
      removed++;
    }
  }
  if (removed) deps.log.info("kept images swept", { removed });
  return { removed };
}
