import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import { issueFormTicket } from "#server/platform/form-guard";
import { setMessageArchived } from "./archive-message";
import { CONTACT_FORM, type ContactDeps } from "./deps";
import { CONTACT_ERRORS } from "./errors";
import { contactExportSection } from "./export-section";
import { getMessage } from "./get-message";
import { countUnreadMessages, listMessages } from "./list-messages";
import { setMessageRead } from "./mark-message";
import { CONTACT_ACTIONS, can as canContact, contactAbilities } from "./policy";
import { replyToMessage } from "./reply-message";
import { sendContactMessage, type ContactRequest } from "./send-message";

export type { ContactDeps } from "./deps";
export type { ContactListItem } from "./list-messages";
export type { ContactHistoryEntry, ContactMessageDetail } from "./get-message";
export type { ContactAbilities } from "./policy";
export { CONTACT_ACTIONS, can as canContact, type ContactAction } from "./policy";

/**
 * Contact messages, as route modules reach them (`context.services.contact`): /contact's form and the team's
 * Contacts tab; every operation bound to its dependencies, each taking the actor and checking its permission.
 */
export function createContactService(deps: ContactDeps) {
  return {
    /** The spam-check ticket /contact's page carries (when it was served, signed). */
    formTicket: () => issueFormTicket(deps.formSecret, CONTACT_FORM, deps.now()),
    send: (actor: Actor, input: ContactRequest) => sendContactMessage(deps, actor, input),
    abilities: (actor: Actor) => contactAbilities(actor),
    list: (actor: Actor, input: unknown) => listMessages(deps, actor, input),
    get: (actor: Actor, input: { messageId: unknown }) => getMessage(deps, actor, input),
    setRead: (actor: Actor, input: { messageId: unknown; read: boolean }) => setMessageRead(deps, actor, input),
    setArchived: (actor: Actor, input: { messageId: unknown; archived: boolean }) => setMessageArchived(deps, actor, input),
    reply: (actor: Actor, input: { messageId: unknown; body: unknown }) => replyToMessage(deps, actor, input),
  };
}

export type ContactService = ReturnType<typeof createContactService>;

declare module "#server/modules/area" {
  interface AreaServices {
    contact: ContactService;
  }
}

/** Contact messages (SPEC §1, §3): /contact for anyone, the Contacts tab for the team, replies by email. */
export const contactArea = defineArea({
  name: "contact",
  deps: (ctx): ContactDeps => ({
    db: ctx.db,
    mailer: ctx.mailer,
    rateLimiter: ctx.rateLimiter,
    formSecret: ctx.env.authSecret,
    formMinSeconds: ctx.env.formMinFillSeconds,
    contactEmail: ctx.env.contactEmail,
    siteName: ctx.env.siteName,
    baseUrl: ctx.env.baseUrl,
    now: ctx.now,
    log: ctx.log.child({ area: "contact" }),
  }),
  service: createContactService,
  errors: CONTACT_ERRORS,
  policy: { actions: CONTACT_ACTIONS, can: canContact },
  exportSection: contactExportSection,
  sitemap: async () => ["/contact"],
  adminCounters: [
    {
      key: "contactUnread",
      href: "/admin/contacts",
      visible: (actor) => canContact(actor, "contact_message.list"),
      count: (db) => countUnreadMessages({ db }),
    },
  ],
});
