import { num, plain, str, type AuditSentences, type SentenceOf } from "#app/features/admin/audit-sentence";

/** An item moved up or down: which way, and the place it took. */
const moved: SentenceOf = (r, { t }) => ({
  values: {
    direction: str(r.details.direction) === "up" ? t("audit.values.up") : t("audit.values.down"),
    position: num(r.details.position) ?? "?",
  },
});

/** Videos, podcast episodes and collaborators (the content and collaborators tabs). */
export const contentAuditSentences: AuditSentences = {
  "content.video_created": plain,
  "content.video_updated": plain,
  "content.video_deleted": plain,
  "content.video_moved": moved,
  "content.video_published": plain,
  "content.video_unpublished": plain,
  "content.episode_created": plain,
  "content.episode_updated": plain,
  "content.episode_deleted": plain,
  "content.episode_moved": moved,
  "content.episode_published": plain,
  "content.episode_unpublished": plain,
  "content.collaborator_created": plain,
  "content.collaborator_updated": plain,
  "content.collaborator_deleted": plain,
};
