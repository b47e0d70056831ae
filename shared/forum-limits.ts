/**
 * Limits of the forum admin's fields, without zod: the admin pages show them beside the fields (zod must not
 * reach the browser bundle); `content-input.ts` and the `forum_posting_limits` setting's schema (server) enforce them.
 */
export const CONTENT_LIMITS = {
  slugMin: 2,
  slugMax: 60,
  titleMin: 2,
  titleMax: 80,
  descriptionMax: 500,
  tagNameMax: 40,
} as const;

/**
 * The posting limits (setting `forum_posting_limits`) in the order the settings tab shows them, each with
 * its largest sensible value: a day for the waits, 30 days for "first day", 1000 for the first-day counts.
 */
export const POSTING_LIMIT_MAX = {
  postIntervalSeconds: 3600,
  threadIntervalSeconds: 86_400,
  duplicateWindowSeconds: 86_400,
  newUserHours: 720,
  newUserPostIntervalSeconds: 3600,
  newUserThreadIntervalSeconds: 86_400,
  newUserMaxThreads: 1000,
  newUserMaxReplies: 1000,
} as const;
export type PostingLimitField = keyof typeof POSTING_LIMIT_MAX;
export const POSTING_LIMIT_FIELDS = Object.keys(POSTING_LIMIT_MAX) as PostingLimitField[];

/**
 * The reasons people write for the moderators and the audit log (the operations' zod rules and the forms'
 * `minLength`/`maxLength` both read these): a moderator's note on hide, publish, pin, lock, move, unban and
 * a report's resolution; a report's reason (SPEC §3: 5 to 1000 characters); a ban's reason.
 */
export const MODERATION_NOTE_MAX = 1000;
export const REPORT_REASON_MIN = 5;
export const REPORT_REASON_MAX = 1000;
export const BAN_REASON_MIN = 3;
export const BAN_REASON_MAX = 1000;
