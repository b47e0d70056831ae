import { eq } from "drizzle-orm";
import { jobApplications } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { adminWrite } from "./admin-writes";
import { type JobsDeps } from "./deps";
import { loadApplication } from "./get-application";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db" | "storage" | "log">;

/** An admin deletes an application and its resume (an applicant asked to be forgotten). In the audit log. */
export async function deleteApplication(deps: Deps, actor: Actor, input: { applicationId: string }) {
  assertCan(actor, "application.delete");
  const { application: a, offerTitleEn } = await loadApplication(deps.db, String(input.applicationId ?? ""));
  await adminWrite(deps.log, "jobs.application_delete_failed", () =>
    deps.db.transaction(async (tx) => {
      await tx.delete(jobApplications).where(eq(jobApplications.id, a.id));
      await recordAudit(tx, actor!, {
        action: "jobs.application_deleted",
        targetType: "job_application",
        targetId: a.id,
        targetName: a.name,
        details: { offerTitle: offerTitleEn },
      });
    }),
  );
  await deps.storage.remove(a.resumeKey);
  return { id: a.id, name: a.name };
}
