import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { PromotionsDeps } from "./deps";
import { featuredFilesInUse } from "./featured-files";

/** A kept image (a refused send's, see create-submission.ts) waits this long for its studio to send again. */
export const KEPT_IMAGE_HOURS = 24;

/**
 * Removes the images and screenshots of /collaborate that no submission or featured game uses and that are older
 * than a day: those kept by token after a refused send that was never sent again. Runs daily.
 */
export async function sweepKeptImages(deps: Pick<PromotionsDeps, "db" | "storage" | "now" | "log">): Promise<{ removed: number }> {
  const dir = join(deps.storage.root, "featured");
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /^[a-f0-9]{32}\.webp$/.test(n));
  } catch {
    return { removed: 0 };
  }
  const before = deps.now().getTime() - KEPT_IMAGE_HOURS * 3600_000;
  let removed = 0;
  for (let i = 0; i < names.length; i += 200) {
    const batch = names.slice(i, i + 200);
    const urls = batch.map((n) => deps.storage.urlFor(`featured/${n}`));
    const used = await featuredFilesInUse(deps.db, urls);
    for (const [j, name] of batch.entries()) {
      if (used.has(urls[j]!)) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (!info || info.mtimeMs > before) continue;
      await deps.storage.remove(`featured/${name}`);
      removed++;
    }
  }
  if (removed) deps.log.info("kept images swept", { removed });
  return { removed };
}
