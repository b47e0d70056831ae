import { plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** The team's work on contact messages: read marks, archiving and replies by email. */
export const contactAuditSentences: AuditSentences = {
  "contact.marked_read": plain,
  "contact.marked_unread": plain,
  "contact.archived": plain,
  "contact.unarchived": plain,
  "contact.replied": plain,
};
