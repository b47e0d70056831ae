import { count, desc, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { analyticsPageviews } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput } from "#server/modules/validate";
import { assertCan } from "./policy";

/** SPEC: the admin analytics windows are 7, 30 and 90 days. */
export const ANALYTICS_WINDOWS = [7, 30, 90] as const;
/** How many of the most viewed paths the answer lists. */
export const TOP_PATHS = 20;

const countsInput = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (ANALYTICS_WINDOWS as readonly number[]).includes(d), "errors:input.invalid")
    .default(7),
});

export type PageviewCounts = {
  days: number;
  total: number;
  visitors: number;
  paths: Array<{ pagePath: string; views: number }>;
};

/**
 * The page views recorded in the last 7, 30 or 90 days (admins only): the total, the distinct visitors and the
 * most viewed paths. The admin analytics tab (a later issue) reads it; today the end-to-end tests do (a
 * consenting person's page views are counted, a bot's are not). Two statements.
 */
export async function pageviewCounts(
  deps: { db: Pick<Database, "select">; now?: () => Date },
  actor: Actor,
  input: unknown,
): Promise<PageviewCounts> {
  assertCan(actor, "analytics.read");
  const { days } = parseInput(countsInput, input ?? {});
  const since = new Date((deps.now?.() ?? new Date()).getTime() - days * 24 * 3600 * 1000);
  const inWindow = gte(analyticsPageviews.createdAt, since);
  const [[totals], paths] = await Promise.all([
    deps.db
      .select({ total: count(), visitors: sql<number>`count(distinct ${analyticsPageviews.visitorId})::int` })
      .from(analyticsPageviews)
      .where(inWindow),
    deps.db
      .select({ pagePath: analyticsPageviews.pagePath, views: count() })
      .from(analyticsPageviews)
      .where(inWindow)
      .groupBy(analyticsPageviews.pagePath)
      .orderBy(desc(count()), analyticsPageviews.pagePath)
      .limit(TOP_PATHS),
  ]);
  return { days, total: totals.total, visitors: totals.visitors, paths };
}
