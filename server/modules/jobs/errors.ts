/**
 * The error codes job offers and applications throw, each with its HTTP status; the message is always the
 * translation `errors:<code>`. The `*_failed` codes are the admin's add, update and delete failures (SPEC §8):
 * a write the database did not take.
 */
export const JOBS_ERRORS = {
  "jobs.offer_not_found": 404,
  "jobs.application_not_found": 404,
  "jobs.offer_closed": 409,
  "jobs.resume_required": 422,
  "jobs.resume_not_pdf": 422,
  "jobs.resume_too_large": 422,
  "jobs.already_decided": 409,
  "jobs.offer_create_failed": 500,
  "jobs.offer_update_failed": 500,
  "jobs.application_update_failed": 500,
  "jobs.application_delete_failed": 500,
} as const satisfies Readonly<Record<string, number>>;
