import { inArray, or, sql } from "drizzle-orm";
import { featuredGames, featuredSubmissions } from "#server/db/schema";
import type { PromotionsDeps } from "./deps";

type Reader = Pick<PromotionsDeps["db"], "select">;

/**
 * Which of these stored /collaborate files (`/media/featured/<token>.webp`) a submission or a featured game still
 * shows, as its image or one of its screenshots. A file is removed only when nothing uses it: a token can be sent
 * again by anyone who saw it, so one file may be named by several rows.
 */
export async function featuredFilesInUse(db: Reader, urls: string[]): Promise<Set<string>> {
  const wanted = [...new Set(urls)];
  if (!wanted.length) return new Set();
  const list = sql`array[${sql.join(
    wanted.map((u) => sql`${u}`),
    sql`, `,
  )}]::text[]`;
  // One after the other: inside a transaction both run on the same connection.
  const subs = await db
    .select({ image: featuredSubmissions.imageUrl, shots: featuredSubmissions.screenshots })
    .from(featuredSubmissions)
    .where(or(inArray(featuredSubmissions.imageUrl, wanted), sql`${featuredSubmissions.screenshots} ?| ${list}`));
  const games = await db
    .select({ image: featuredGames.imageUrl, shots: featuredGames.screenshots })
    .from(featuredGames)
    .where(or(inArray(featuredGames.imageUrl, wanted), sql`${featuredGames.screenshots} ?| ${list}`));
  const named = new Set([...subs, ...games].flatMap((r) => [r.image, ...r.shots]));
  return new Set(wanted.filter((u) => named.has(u)));
}
