import { count, eq } from "drizzle-orm";
import type { AdminCounter } from "#server/modules/area";
import { creatorRequests } from "#server/db/schema";
import { can } from "./policy";

/** The admin quick view's number for campaigns: creators' key requests waiting for a company's decision. */
export const campaignsAdminCounters: readonly AdminCounter[] = [
  {
    key: "pendingKeyRequests",
    href: "/admin/campaigns",
    visible: (actor) => can(actor, "campaign.list_all"),
    count: async (db) => (await db.select({ n: count() }).from(creatorRequests).where(eq(creatorRequests.status, "pending")))[0].n,
  },
];
