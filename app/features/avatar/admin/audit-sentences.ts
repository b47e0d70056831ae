import { plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** The avatars tab's work: items (create, edit, retire, restore, art) and the render queue (requeue, force, cancel). */
export const avatarAuditSentences: AuditSentences = {
  "character.item.create": plain,
  "character.item.update": plain,
  "character.item.retire": plain,
  "character.item.restore": plain,
  "character.item.art": plain,
  "character.render.requeue": plain,
  "character.render.force": plain,
  "character.render.cancel": plain,
};
