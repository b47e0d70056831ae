/**
 * The error codes of videos, podcast episodes and collaborators, each with its HTTP status; the message is
 * always the translation `errors:<code>`.
 */
export const CONTENT_ERRORS = {
  "content.not_found": 404,
  "content.collaborator_not_found": 404,
  "content.slug_taken": 409,
  "content.youtube_invalid": 400,
  "content.url_invalid": 400,
  "content.slug_format": 400,
  "content.image_type": 415,
  "content.image_too_large": 413,
} as const satisfies Readonly<Record<string, number>>;
