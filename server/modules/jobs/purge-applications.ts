import { and, eq, inArray, lt } from "drizzle-orm";
import { jobApplications, jobOffers } from "#server/db/schema";
import { KEPT_RESUME_MAX_AGE_MS, RETENTION_BATCH, type JobsDeps } from "./deps";

type Deps = Pick<JobsDeps, "db" | "storage" | "settings" | "now" | "log">;

/** Months back from a date (the same day of the month, or the month's last day). */
export function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The retention job (daily): applications to offers closed more than `applications_retention_months` ago are
 * deleted with their resumes (the privacy policy says so); and resumes kept by token after a refused submit and
 * never sent again are removed after a day. Returns how many applications went.
 */
export async function purgeExpiredApplications(deps: Deps): Promise<{ deleted: number; keptRemoved: number }> {
  const months = await deps.settings.get("applications_retention_months");
  const now = deps.now();
  const before = monthsBefore(now, months);
  let deleted = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: jobApplications.id, resumeKey: jobApplications.resumeKey })
      .from(jobApplications)
      .innerJoin(jobOffers, eq(jobOffers.id, jobApplications.offerId))
      .where(and(eq(jobOffers.status, "closed"), lt(jobOffers.closedAt, before)))
      .limit(RETENTION_BATCH);
    if (rows.length === 0) break;
    await deps.db.delete(jobApplications).where(
      inArray(
        jobApplications.id,
        rows.map((r) => r.id),
      ),
    );
    for (const r of rows) await deps.storage.remove(r.resumeKey);
    deleted += rows.length;
    if (rows.length < RETENTION_BATCH) break;
  }
  // Resumes kept for a refused submit: no application names them, and they are older than a day.
  let keptRemoved = 0;
  const files = await deps.storage.list("private/resumes/");
  const old = files.filter((f) => now.getTime() - f.modifiedAt.getTime() > KEPT_RESUME_MAX_AGE_MS);
  if (old.length) {
    const used = new Set(
      (
        await deps.db
          .select({ key: jobApplications.resumeKey })
          .from(jobApplications)
          .where(
            inArray(
              jobApplications.resumeKey,
              old.map((f) => f.key),
            ),
          )
      ).map((r) => r.key),
    );
    for (const f of old)
      if (!used.has(f.key)) {
        await deps.storage.remove(f.key);
        keptRemoved++;
      }
  }
  if (deleted || keptRemoved) deps.log.info("job applications retention", { deleted, keptRemoved, months });
  return { deleted, keptRemoved };
}
