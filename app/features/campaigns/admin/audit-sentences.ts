import { plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** Campaign pauses, traced keys and creators' channels, as the audit log says them. */
export const campaignsAuditSentences: AuditSentences = {
  "campaigns.paused": plain,
  "campaigns.pause_lifted": plain,
  "campaigns.key_traced": plain,
  "campaigns.channel_check": plain,
  "campaigns.channel_flag": plain,
  "campaigns.channel_clear": plain,
};
