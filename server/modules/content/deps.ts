import type { Database } from "#server/db/client";
import type { Logger } from "#server/platform/logger";
import type { Storage } from "#server/platform/storage";
import type { ThumbnailFetcher } from "#server/platform/youtube-thumbnail";

/** What the content operations need; each takes the part it uses. `now` is injectable for tests. */
export type ContentDeps = {
  db: Database;
  storage: Storage;
  /** A video's thumbnail from YouTube's image host, when none is uploaded. */
  fetchThumbnail: ThumbnailFetcher;
  now: () => Date;
  log: Logger;
};

export { parseInput } from "#server/modules/validate";
