import { and, eq, sql } from "drizzle-orm";
import { jobApplications, type ApplicationDecisionEntry } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { renderEmail } from "#server/platform/mail-render";
import type { ApplicationDecision } from "#shared/jobs";
import { adminWrite } from "./admin-writes";
import { parseInput, type JobsDeps } from "./deps";
import { decisionInput } from "./input";
import { loadApplication } from "./get-application";
import { assertCan } from "./policy";

type Deps = Pick<JobsDeps, "db" | "mailer" | "siteName" | "now" | "log">;

/**
 * The one write of accepting and rejecting (SPEC §4): a pending application moves to its decision once (a
 * decided one is refused with `jobs.already_decided`), with its history entry and audit entry in one
 * transaction; then, when asked, the admin's message goes to the applicant in their language, and the history
 * records whether it went.
 */
async function decide(deps: Deps, actor: NonNullable<Actor>, input: unknown, status: ApplicationDecision) {
  const v = parseInput(decisionInput, input);
  const { application: a, offerTitleEs, offerTitleEn } = await loadApplication(deps.db, v.applicationId);
  const now = deps.now();
  const entry: ApplicationDecisionEntry = {
    status,
    at: now.toISOString(),
    byId: actor.userId,
    byName: actor.username ?? actor.email,
    emailed: false,
    ...(v.sendEmail ? { message: v.message } : {}),
  };
  await adminWrite(deps.log, "jobs.application_update_failed", () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobApplications)
        .set({
          status,
          decidedAt: now,
          decidedBy: actor.userId,
          decisions: sql`${jobApplications.decisions} || ${JSON.stringify([entry])}::jsonb`,
        })
        .where(and(eq(jobApplications.id, a.id), eq(jobApplications.status, "pending")))
        .returning({ id: jobApplications.id });
      if (!row) throw new DomainError("jobs.already_decided");
      await recordAudit(tx, actor, {
        action: status === "accepted" ? "jobs.application_accepted" : "jobs.application_rejected",
        targetType: "job_application",
        targetId: a.id,
        targetName: a.name,
        details: { offerTitle: offerTitleEn, emailed: v.sendEmail },
      });
    }),
  );
  let emailed = false;
  if (v.sendEmail) {
    const locale = a.locale === "en" ? "en" : "es";
    const template = status === "accepted" ? "job-application-accepted" : "job-application-rejected";
    try {
      const rendered = renderEmail(
        { template, name: a.name, title: locale === "en" ? offerTitleEn : offerTitleEs, message: v.message },
        locale,
        deps.siteName,
      );
      const sent = await deps.mailer.send({ template, locale, to: a.email, ...rendered });
      emailed = sent.status !== "failed";
      // The history says the mail went, and which outbox row it is.
      await deps.db
        .update(jobApplications)
        .set({
          decisions: sql`jsonb_set(${jobApplications.decisions}, array[(jsonb_array_length(${jobApplications.decisions}) - 1)::text], ${JSON.stringify({ ...entry, emailed: true, mailId: sent.id })}::jsonb)`,
        })
        .where(eq(jobApplications.id, a.id));
    } catch (err) {
      deps.log.error("job application decision mail not sent", { err, template });
    }
  }
  return { id: a.id, name: a.name, status, emailed };
}

/** An admin accepts a pending application, with or without an email to the applicant. In the audit log. */
export async function acceptApplication(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "application.accept");
  return decide(deps, actor!, input, "accepted");
}

/** An admin rejects a pending application, with or without an email to the applicant. In the audit log. */
export async function rejectApplication(deps: Deps, actor: Actor, input: unknown) {
  assertCan(actor, "application.reject");
  return decide(deps, actor!, input, "rejected");
}
