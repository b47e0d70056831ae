import { num, plain, str, type AuditSentences, type SentenceOf } from "#app/features/admin/audit-sentence";

/** The guest named in the entry (the room's guest as it was then). */
const withGuest: SentenceOf = (r) => ({ values: { guest: str(r.details.guestName) ?? "?" } });

/** A status in words, in the page's language. */
const statusChange: SentenceOf = (r, { t }) => {
  const word = (v: unknown) => {
    const s = str(v);
    return s ? t(`audit.values.episodeStatus.${s}`, { defaultValue: s }) : "?";
  };
  return { values: { from: word(r.details.from), to: word(r.details.to) } };
};

/** The team's work on episode rooms: opening them, the guest's invitation and access, status, publishing. */
export const roomsAuditSentences: AuditSentences = {
  "rooms.created": withGuest,
  "rooms.updated": plain,
  "rooms.status_changed": statusChange,
  "rooms.published": (r) => (r.details.files === "purge" ? { key: "audit.sentences.rooms.publishedPurged" } : {}),
  "rooms.token_reissued": withGuest,
  "rooms.guest_revoked": withGuest,
  "rooms.files_purged": (r) => {
    const count = num(r.details.files);
    return count === null ? {} : { key: "audit.sentences.rooms.filesPurgedCount", values: { count } };
  },
};
