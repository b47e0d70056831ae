import { z } from "zod";
import { CONTACT_FILTERS, CONTACT_LIMITS, INQUIRY_TYPES } from "#shared/contact";
import { LOCALES } from "#shared/locales";

/**
 * Field rules of /contact and of the team's reply. Each message is an `errors:contact.*` key shown beside its
 * field; the page passes the limits (`CONTACT_LIMITS`) as the message's values.
 */
// eslint-disable-next-line no-control-regex -- the characters refused in a one-line field
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- multi-line text keeps tabs and line breaks
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const text = (required: string) => z.string(required).trim();

export const contactMessageInput = z.object({
  name: text("errors:contact.name_required")
    .min(1, "errors:contact.name_required")
    .max(CONTACT_LIMITS.nameMax, "errors:contact.name_too_long")
    .refine((v) => !CONTROL.test(v), "errors:contact.name_required"),
  email: text("errors:contact.email_invalid")
    .toLowerCase()
    .min(1, "errors:contact.email_required")
    .max(CONTACT_LIMITS.emailMax, "errors:contact.email_invalid")
    .pipe(z.email("errors:contact.email_invalid")),
  company: text("errors:contact.company_too_long")
    .max(CONTACT_LIMITS.companyMax, "errors:contact.company_too_long")
    .refine((v) => !CONTROL.test(v), "errors:contact.company_too_long")
    .optional()
    .transform((v) => (v ? v : null)),
  inquiryType: z.enum(INQUIRY_TYPES, "errors:contact.inquiry_type_required"),
  message: text("errors:contact.message_required")
    .min(1, "errors:contact.message_required")
    .min(CONTACT_LIMITS.messageMin, "errors:contact.message_too_short")
    .max(CONTACT_LIMITS.messageMax, "errors:contact.message_too_long")
    .refine((v) => !CONTROL_MULTILINE.test(v), "errors:contact.message_required"),
  locale: z.enum(LOCALES).catch("es"),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

/** A message's id as the admin's addresses and forms carry it (a malformed one is a message that does not exist). */
export const MESSAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const replyInput = z.object({
  body: text("errors:contact.reply_required")
    .min(1, "errors:contact.reply_required")
    .max(CONTACT_LIMITS.replyMax, "errors:contact.reply_too_long")
    .refine((v) => !CONTROL_MULTILINE.test(v), "errors:contact.reply_required"),
});

/** The admin list's address: the tab (inquiry type), the filter and the page. */
export const listInput = z.object({
  type: z.enum(INQUIRY_TYPES).catch("personal"),
  filter: z.enum(CONTACT_FILTERS).catch("inbox"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
