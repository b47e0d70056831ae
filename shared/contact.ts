/** Contact messages (SPEC §3): what the form on /contact and the admin tab share. */

/** SPEC §3 inquiry type; the admin tab has one tab per type (SPEC §2). */
export const INQUIRY_TYPES = ["personal", "business"] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** Every field's limit, shown beside the field and enforced by the operation. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  companyMax: 120,
  messageMin: 10,
  messageMax: 5000,
  replyMax: 10000,
} as const;

/** The admin list's filters: the inbox (everything not archived, unread first), unread, read, archived. */
export const CONTACT_FILTERS = ["inbox", "unread", "read", "archived"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

export const CONTACT_PAGE_SIZE = 20;

/** The intents the admin detail's forms post. */
export const CONTACT_INTENTS = ["read", "unread", "archive", "unarchive", "reply"] as const;

/** What a message's history records. */
export const CONTACT_EVENT_KINDS = ["reply", "read", "unread", "archived", "unarchived"] as const;
export type ContactEventKind = (typeof CONTACT_EVENT_KINDS)[number];
