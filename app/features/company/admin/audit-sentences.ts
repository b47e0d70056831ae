import { plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** A company's verification and profile, as the audit log says them. */
export const companyAuditSentences: AuditSentences = {
  "company.verify": plain,
  "company.reject": (r, { t }) => ({ notes: r.details.wasVerified === true ? [t("audit.notes.wasVerified")] : [] }),
  "company.update_profile": (r, { t }) => ({
    notes: [
      ...(r.details.resubmitted === true ? [t("audit.notes.resubmitted")] : []),
      ...(r.details.logo === true ? [t("audit.notes.logo")] : []),
    ],
  }),
};
