import { plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** A member's own changes that the audit log keeps. */
export const profileAuditSentences: AuditSentences = {
  "profile.username_changed": (r) => ({ values: { from: String(r.details.from ?? ""), to: String(r.details.to ?? "") } }),
  "profile.became_creator": plain,
};
