import { count, eq } from "drizzle-orm";
import type { AdminCounter } from "#server/modules/area";
import { jobApplications } from "#server/db/schema";
import { can } from "./policy";

/** The admin quick view's number for jobs: applications nobody has accepted or rejected yet. */
export const jobsAdminCounters: readonly AdminCounter[] = [
  {
    key: "newApplications",
    href: "/admin/applications?status=pending",
    visible: (actor) => can(actor, "application.list"),
    count: async (db) => (await db.select({ n: count() }).from(jobApplications).where(eq(jobApplications.status, "pending")))[0].n,
  },
];
