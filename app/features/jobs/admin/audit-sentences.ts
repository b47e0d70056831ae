import { plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** Job offers (published, edited, closed, opened again) and the decisions on applications. */
export const jobsAuditSentences: AuditSentences = {
  "jobs.offer_created": plain,
  "jobs.offer_updated": plain,
  "jobs.offer_closed": plain,
  "jobs.offer_reopened": plain,
  "jobs.application_accepted": plain,
  "jobs.application_rejected": plain,
  "jobs.application_deleted": plain,
};
