import { randomUUID } from "node:crypto";
import { jobOffers } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { adminWrite } from "./admin-writes";
import { parseInput, type JobsDeps } from "./deps";
import { offerInput } from "./input";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db" | "now" | "log">;

/** An admin publishes a job offer (SPEC §3), open at once. In the audit log. */
export async function createOffer(deps: Deps, actor: Actor, input: unknown): Promise<{ id: string; title: string }> {
  assertCan(actor, "job.create");
  const v = parseInput(offerInput, input);
  const id = randomUUID();
  const now = deps.now();
  await adminWrite(deps.log, "jobs.offer_create_failed", () =>
    deps.db.transaction(async (tx) => {
      await tx.insert(jobOffers).values({ id, ...v, status: "open", createdAt: now, updatedAt: now });
      await recordAudit(tx, actor!, {
        action: "jobs.offer_created",
        targetType: "job_offer",
        targetId: id,
        targetName: v.titleEn,
        details: { titleEs: v.titleEs, titleEn: v.titleEn },
      });
    }),
  );
  return { id, title: v.titleEn };
}
