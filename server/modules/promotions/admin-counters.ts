import { count, inArray } from "drizzle-orm";
import type { AdminCounter } from "#server/modules/area";
import { featuredSubmissions } from "#server/db/schema";
import { can } from "./policy";

/** The admin quick view's number for featured games: paid submissions waiting for the team's review or approval. */
export const promotionsAdminCounters: readonly AdminCounter[] = [
  {
    key: "pendingSubmissions",
    href: "/admin/featured-games",
    visible: (actor) => can(actor, "submission.list"),
    count: async (db) =>
      (
        await db
          .select({ n: count() })
          .from(featuredSubmissions)
          .where(inArray(featuredSubmissions.status, ["pending_review", "pending_approval"]))
      )[0].n,
  },
];
