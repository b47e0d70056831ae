import { and, eq, ne } from "drizzle-orm";
import { jobOffers } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import type { JobStatus } from "#shared/jobs";
import { adminWrite } from "./admin-writes";
import { parseInput, type JobsDeps } from "./deps";
import { idInput } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db" | "now" | "log">;

/** The one write of opening and closing: the status, when it closed, and its audit entry. Already so: nothing changes. */
async function setStatus(deps: Deps, actor: NonNullable<Actor>, id: string, status: JobStatus) {
  const now = deps.now();
  return adminWrite(deps.log, "jobs.offer_update_failed", () =>
    deps.db.transaction(async (tx) => {
      const [offer] = await tx.select().from(jobOffers).where(eq(jobOffers.id, id)).limit(1);
      if (!offer) throw new DomainError("jobs.offer_not_found");
      const [row] = await tx
        .update(jobOffers)
        .set({ status, closedAt: status === "closed" ? now : null, updatedAt: now })
        .where(and(eq(jobOffers.id, id), ne(jobOffers.status, status)))
        .returning({ id: jobOffers.id });
      if (row)
        await recordAudit(tx, actor, {
          action: status === "closed" ? "jobs.offer_closed" : "jobs.offer_reopened",
          targetType: "job_offer",
          targetId: id,
          targetName: offer.titleEn,
        });
      return { id, title: offer.titleEn, changed: !!row };
    }),
  );
}

/** An admin closes an offer: it stops taking applications and shows as closed; the retention clock starts. */
export async function closeOffer(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "job.close");
  return setStatus(deps, actor!, parseInput(idInput, input).id, "closed");
}

/** An admin opens a closed offer again (its applications' retention clock stops). */
export async function openOffer(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "job.open");
  return setStatus(deps, actor!, parseInput(idInput, input).id, "open");
}
