import { eq } from "drizzle-orm";
import { z } from "zod";
import { jobOffers } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { adminWrite } from "./admin-writes";
import { parseInput, type JobsDeps } from "./deps";
import { idInput, offerInput } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db" | "now" | "log">;

/** An admin edits an offer's titles and descriptions (its status apart). In the audit log. */
export async function updateOffer(deps: Deps, actor: Actor, input: unknown): Promise<{ id: string; title: string }> {
  assertCan(actor, "job.update");
  const { id, ...v } = parseInput(offerInput.extend(idInput.shape), input) as z.infer<typeof offerInput> & { id: string };
  await adminWrite(deps.log, "jobs.offer_update_failed", () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobOffers)
        .set({ ...v, updatedAt: deps.now() })
        .where(eq(jobOffers.id, id))
        .returning({ id: jobOffers.id });
      if (!row) throw new DomainError("jobs.offer_not_found");
      await recordAudit(tx, actor!, {
        action: "jobs.offer_updated",
        targetType: "job_offer",
        targetId: id,
        targetName: v.titleEn,
        details: { titleEs: v.titleEs, titleEn: v.titleEn },
      });
    }),
  );
  return { id, title: v.titleEn };
}
