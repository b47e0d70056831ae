import { num, plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** Announced events and the missing-translation records, as the audit log says them. */
export const siteAuditSentences: AuditSentences = {
  "announcement.create": plain,
  "announcement.update": plain,
  "announcement.delete": plain,
  "i18n_missing.clear": (r) => ({
    ...(r.targetId === "all" ? { key: "audit.sentences.i18n_missing.clearAll" } : {}),
    values: { count: num(r.details.count) ?? 0 },
  }),
};
