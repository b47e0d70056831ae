import { plain, settingSwitch, type AuditSentences } from "#app/features/admin/audit-sentence";

/** The admin area's own entries: roles, site settings, mail. */
export const adminAuditSentences: AuditSentences = {
  "role.grant": (r, { t }) => ({ values: { role: t(`roleNames.${String(r.details.role)}`, { defaultValue: String(r.details.role) }) } }),
  "role.revoke": (r, { t }) => ({ values: { role: t(`roleNames.${String(r.details.role)}`, { defaultValue: String(r.details.role) }) } }),
  "setting.update": settingSwitch,
  "mail.retry": plain,
};
