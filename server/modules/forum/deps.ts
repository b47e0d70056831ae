import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { SettingsStore } from "#server/modules/site/settings";

/** Markdown to sanitized HTML, and the usernames mentioned (`@name`). Provided by the forum's renderer. */
export type RenderMarkdown = (md: string) => Promise<{ html: string; mentions: string[] }>;

/** What the forum operations need; each operation takes the part it uses. `now` is injectable for tests. */
export type ForumDeps = {
  db: Database;
  settings: SettingsStore;
  events: EventBus;
  renderMarkdown: RenderMarkdown;
  now: () => Date;
  log: Logger;
};

export { parseInput } from "#server/modules/validate";

/** Threads and posts per page. */
export { FORUM_PAGE_SIZE as PAGE_SIZE } from "#shared/page-sizes";

/** A positive page number from a query string; anything else is page 1. */
export const pageNumber = (value: unknown): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
};
