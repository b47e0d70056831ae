/**
 * The error codes of episode rooms, each with its HTTP status; the message is always `errors:<code>`. The first
 * six are SPEC §8's room messages.
 */
export const ROOMS_ERRORS = {
  /** 'Could not find the episode room.' (also a malformed room id in the address). */
  "rooms.not_found": 404,
  /** 'You are not authorized to view this page.': not the host, not the invited guest, not an Admin. */
  "rooms.forbidden": 403,
  /** 'The access token is invalid or has expired.': unknown, used, revoked or past its date. */
  "rooms.token_invalid": 410,
  /** 'No access token was provided.' */
  "rooms.token_missing": 400,
  /** 'Could not verify your access.': the check itself failed (the database did not answer). */
  "rooms.verify_failed": 503,
  /** 'Could not start guest session.': the token was good but the session could not be stored. */
  "rooms.guest_session_failed": 503,
  /** The episode is published: the room is read-only and its guest access has ended. */
  "rooms.published": 409,
  /** A status the room cannot move to from where it is. */
  "rooms.status_invalid": 409,
  /** The invitation mail could not be sent (the room is kept; send it again from the tab). */
  "rooms.invite_failed": 502,
  "rooms.slot_not_found": 404,
  /** The slot was already answered, or it is the proposer's own to answer. */
  "rooms.slot_state": 409,
  /** Another slot is already confirmed. */
  "rooms.slot_taken": 409,
  "rooms.slots_full": 409,
  "rooms.version_not_found": 404,
  "rooms.file_not_found": 404,
  "rooms.file_too_large": 413,
  "rooms.files_full": 409,
  /** The files were purged when the episode was published. */
  "rooms.files_purged": 410,
  "rooms.link_not_found": 404,
  "rooms.links_full": 409,
  /** Too many chat messages in a minute. */
  "rooms.rate_limited": 429,
  /** The script or the notes would be longer than ROOM_LIMITS.docMax characters. */
  "rooms.doc_too_long": 413,
  /** A version's summary longer than ROOM_LIMITS.summaryMax. */
  "rooms.summary_too_long": 400,
  /** A new invitation link was made but its mail could not be sent: nobody has it, send another. */
  "rooms.reinvite_failed": 502,
} as const satisfies Readonly<Record<string, number>>;
