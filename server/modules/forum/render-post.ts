import { inArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { renderMarkdownWithMentions } from "./markdown";
import type { RenderMarkdown } from "./deps";

/**
 * The forum's Markdown renderer: safe HTML (server/modules/forum/markdown) with @mentions linked for the
 * usernames that exist, which are also the people to notify.
 */
export function postRenderer(db: Database, mediaOrigin?: string): RenderMarkdown {
  return (md) =>
    renderMarkdownWithMentions(md, {
      mediaOrigin,
      findUsers: async (names) => {
        const rows = await db
          .select({ name: sql<string>`lower(${profiles.username})` })
          .from(profiles)
          .where(inArray(sql`lower(${profiles.username})`, names));
        return rows.map((r) => r.name);
      },
    });
}
